// commands.h — the `tabula` command line, callable in-process for tests.
//
// All text I/O of the CLI lives here (STYLE: I/O in one place); the core
// reports through return values.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

// Runs one command. args excludes the program name. Returns the exit code:
// 0 success, 1 a rules/data problem (bad FEN, broken file), 2 bad usage.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tabula::cli

// The `tabula` command line run in-process for the CLI tests: its exit code
// and what it wrote to stdout and stderr.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace tabula::cli {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

inline CliRun run_cli(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  int code = run(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace tabula::cli

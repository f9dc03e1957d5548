// journal_play_tool — `tabula play` and `tabula archive` as a program, for the
// crash tests (a real process to SIGKILL) and by hand until the `tabula`
// dispatcher calls them.
#include <iostream>
#include <string>
#include <vector>

#include "cli/play_commands.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "play") return tabula::cli::cmd_play(args, std::cout, std::cerr);
  if (!args.empty() && args[0] == "archive") return tabula::cli::cmd_archive(args, std::cout, std::cerr);
  std::cerr << "usage: journal_play_tool <command> [options]\ncommands:\n" << tabula::cli::kPlayUsage;
  return 2;
}

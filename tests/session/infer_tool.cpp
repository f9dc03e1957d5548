// tabula_infer_tool — `tabula infer` and `tabula trace` as a program, for
// tests and by hand until the `tabula` dispatcher calls them.
#include <iostream>
#include <string>
#include <vector>

#include "cli/infer_commands.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "infer")
    return tabula::cli::cmd_infer(args, std::cout, std::cerr);
  if (!args.empty() && args[0] == "trace")
    return tabula::cli::cmd_trace(args, std::cout, std::cerr);
  std::cerr << "usage: tabula_infer_tool <command> [options]\ncommands:\n"
            << tabula::cli::kInferUsage;
  return 2;
}

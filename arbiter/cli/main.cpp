// tabula — the arbiter's command line. See `tabula help`.
#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return tabula::cli::run(args, std::cout, std::cerr);
}

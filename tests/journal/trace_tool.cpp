// journal_trace_tool VARIANT PGN SEED OUT — writes the sensor trace of a game
// record (for the soak script and by hand).
#include <cstdlib>
#include <exception>
#include <iostream>

#include "journal_fixture.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: journal_trace_tool VARIANT PGN SEED OUT\n";
    return 2;
  }
  try {
    std::string pgn = tabula::journal::testing::read_bytes(argv[2]);
    int moves = tabula::journal::testing::write_trace(argv[1], pgn, std::strtoull(argv[3], nullptr, 10), argv[4]);
    std::cout << moves << " moves\n";
  } catch (const std::exception& e) {
    std::cerr << "journal_trace_tool: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

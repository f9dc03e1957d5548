// bench.h — `tabula bench`: the rules core's fixed signature and its speed
// (issue 20), in the manner of Stockfish's `bench`.
//
//   tabula bench [--depth-cut N]
//     Counts the leaves of the legal move tree (position-level perft, bulk
//     counted at the last ply) of a fixed set of positions: every shipped
//     variant's start arrays and one middle-game position each, plus the
//     classic chess perft positions, each at a fixed depth. Prints one line per
//     position, then
//       signature N        the total node count: any change to move generation
//                          changes it; every commit that touches the core
//                          quotes it (docs/BENCH.md has the current value)
//       nodes/s X (cpu S s, wall W s)
//     --depth-cut N searches every position N plies less (at least 1): a quick
//     run with its own signature, for tests.
//
// A shipped variant without a bench position is an error (exit 1), so the
// signature always covers every variant. Exit codes as for every command.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kBenchUsage;

}  // namespace tabula::cli

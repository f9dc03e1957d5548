// infer_commands.h — `tabula infer` and `tabula trace` (issue 5), callable
// in-process like the other commands (commands.h).
//
//   tabula infer --variant ID [--start NAME] [--fen FEN | --fen4 FEN4]
//                [--settle-ms N] [--settle-slide-ms N] [--commit-at-once on|off]
//                [--promotion-timeout-ms N] [--random-moves requested|any] [--seed N] TRACE
//     Reads a sensor trace (firmware/trace/trace.h; operator intents as "#!"
//     lines, docs/INFERENCE.md; the board daemon's "# snapshot" lines, so its
//     --stdout --text output reads too), runs it through a Session, and prints one
//     line per accepted move in long algebraic ("e2-e4", "Qa11xRa9"), one
//     line per ruling ("[1400 ms] warning touch-out-of-turn: ..."), and last
//     the final position in FEN or FEN4.
//
//   tabula trace --variant ID GAME --seed N [--game K] [--settle-ms N]
//     Turns game K (default 1) of a PGN/PGN4 file into a realistic sensor
//     trace (session/trace_generator.h) on stdout; its header says how to
//     read it back with `tabula infer`.
//
// `args` is the whole command line after the program name, as run() gets it:
// args[0] is "infer" or "trace" (a missing command word is tolerated).
// Exit codes as for every command: 0 done, 1 a problem with the input (the
// trace, the record, the variant; every problem is listed as file:line:
// message), 2 bad usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_infer(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_trace(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The usage lines of both commands, for `tabula help`.
extern const char* const kInferUsage;

}  // namespace tabula::cli

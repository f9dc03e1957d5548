// latency_bench.h — `tabula bench-latency`: from the placement that
// completes a move to the move on the screen (issue 18, "Beyond").
//
//   tabula bench-latency [--variants ID,ID,...] [--seeds N] [--plies N]
//                        [--record FILE] [--settle-ms N] [--settle-slide-ms N]
//     Seeded random games of each variant (default: chess, chesscom-ffa,
//     chesscom-teams, chess-four (001), corners-short (000); --seeds N games
//     each, default 20, of at most --plies N plies, default 60) are turned
//     into sensor traces by the trace generator (session/trace_generator.h:
//     captures in both orders, castling in every order, slides, adjustments,
//     hesitations, fast replies, bounce) and read
//     by a Session, once with commit_at_once on and once off. With --record
//     FILE (and --variants naming its one variant) the games of that PGN or
//     PGN4 file are read instead, each through --seeds traces. For every move,
//     in the session's virtual time, from its placement (ScriptedMove::placed,
//     the first reed edge of the hand step that completes it) to
//       shown:  the snapshot's tentative move is that move (or it is accepted),
//       commit: the session accepts it;
//     p50 and p99 of each, how many moves committed at once and how many
//     waited and why (tracker.h `Wait`: slide, prefix, settle; "same input":
//     shown and accepted by one input), misreadings (accepted moves that are
//     not the game's: must be 0), illegal rulings and warnings (touches out
//     of turn, boards out of sync, pieces held too long); and the wall-clock
//     time the session takes per reed event (p50, p99, µs) on this machine.
//
// The virtual figures are deterministic (the same on every machine); only
// the compute times vary. Exit codes: 0 done (even with misreadings: they
// are printed), 1 a variant that does not load or a game the generator
// refuses, 2 bad usage. docs/BENCH.md quotes the figures.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabula::cli {

int cmd_bench_latency(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

extern const char* const kBenchLatencyUsage;

}  // namespace tabula::cli

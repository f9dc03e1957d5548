// perft_compare.h — `tabula perft --compare ROUNDS` (issue 30 item 3): the
// game layer's perft and the position's perft of the same depth timed in one
// process, alternately, so that the ratio the issue asks for (position time /
// game time >= 0.8) is read from runs that shared the machine's state.
//
// What it does: ROUNDS runs of each layer in the order G P, P G, G P, ... (the
// order turned every round, so neither layer always runs first after the
// other's cache footprint); each run timed with the CPU time of the calling
// thread (CLOCK_THREAD_CPUTIME_ID: the thread that runs the perft and nothing
// else; a whole-process clock would also count any other thread of the
// process, and /usr/bin/time counts loading the variant, ~20-30 ms of a
// corners-mini d6 run of ~50 ms). The caller builds the Game and parses the
// position before the first run, outside every timed region; each run's own
// copy of the Game (game_perft) or walk of the position is inside its run.
// Every run's node count must equal its layer's first run's: a differing
// count is an error (exit 1).
//
// Output (stdout), one fixed shape for scripts/perft_ratio.sh `inproc`:
//   # perft --compare: VARIANT depth D, R rounds a layer, ...
//   load-start L1 L5 L15
//   game nodes N ms min A median B max C runs A1 A2 ...
//   position nodes N ms min A median B max C runs ...
//   ratio position/game min X median Y
//   cpu-share S        (CPU time / wall time of the timed runs; < ~0.9: busy)
//   load-end L1 L5 L15
// The clocks and the load reading are injected (tests give fakes). Not
// thread-safe; pure apart from the injected clocks.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

namespace tabula::cli {

inline constexpr long long kMaxCompareRounds = 1000;

struct CompareClocks {
  std::function<double()> cpu_ms;        // CPU time of the thread running the perft
  std::function<double()> wall_ms;       // a steady clock
  std::function<std::string()> load;     // "1.00 0.50 0.25", or "unknown"
};
// CLOCK_THREAD_CPUTIME_ID, std::chrono::steady_clock, /proc/loadavg.
CompareClocks system_compare_clocks();

// Runs `game` and `position` `rounds` times each, alternately (see above),
// writes the report to `out`. Returns 0, or 1 with one line on `err` naming the
// layer, the round and both counts when a run's node count differs from its
// layer's first.
int perft_compare(const std::string& title, int rounds, const std::function<std::uint64_t()>& game,
                  const std::function<std::uint64_t()>& position, const CompareClocks& clocks,
                  std::ostream& out, std::ostream& err);

}  // namespace tabula::cli

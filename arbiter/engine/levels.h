// levels.h — playing strengths, from a child's first opponent to full
// strength, and the one-ply greedy bot the strength table measures against.
//
//   level | search                         | root noise | what it is like
//   ------+--------------------------------+------------+-----------------------------
//   1     | 1 ply, no quiescence           | +-250 cp   | sees what it can take now, not
//         |                                |            | the recapture: hangs pieces,
//         |                                |            | misses threats (a beginner)
//   2     | 1 ply + quiescence             | +-120 cp   | keeps its pieces, no plan
//   3     | 2 plies + quiescence           | +-60 cp    | sees one reply
//   4     | 3 plies + quiescence           | +-25 cp    | a club beginner
//   5     | 4 plies, 10,000 nodes          | none       |
//   6     | 40,000 nodes                   | none       |
//   7     | 150,000 nodes                  | none       |
//   8     | 300,000 nodes                  | none       | full strength
// Greedy and levels 1-4 stop besides at 150,000 nodes (level 7's), which only
// a quiescence that explodes reaches (session 18: level 4 searched 5.5 M
// nodes for one move of corners-short without it).
// Every level is bounded by depth and nodes, so under a seed it is
// deterministic (a journaled game replays to the same bot moves); a time
// budget, when given, only caps it on a machine too slow for its bound.
// Level 8 had no node bound until session 20 (its strength and its moves
// depended on the machine and its load).
//
// Each level's movetime (level_movetime_us) is the time it answers within on
// a Raspberry Pi 4, the appliance: its node bound times the slowest move per
// node measured on the development VM (4.7 us, corners-short) times 6, the
// slow end of the Pi 4's estimated 4-6x per core (docs/ENGINE.md "Levels",
// docs/BENCH.md "Session 20: the engine"). The kiosk gives it as the budget.
//
// greedy: one ply, no quiescence, no noise: the best immediate value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/search.h"

namespace tabula::engine {

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 8;
// Level 8's node bound (session 20): 8.5 s on a Raspberry Pi 4 at the
// slowest move measured, 2 s in a typical chess move there.
inline constexpr std::uint64_t kTopLevelNodes = 300000;

struct LevelSettings {
  Limits limits;
  SearchOptions options;
};

// The limits and options of a level (1..8) for a move, given the time
// budget (0: none) and the seed. Level 0 is the greedy bot.
LevelSettings level_settings(int level, std::int64_t budget_us, std::uint64_t seed);

// The time a level (0..8) answers within on a Raspberry Pi 4 (see above): the
// budget a table gives it, which its node bound does not reach there.
std::int64_t level_movetime_us(int level);

}  // namespace tabula::engine

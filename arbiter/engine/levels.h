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
//   8     | the time budget only           | none       | full strength
// Greedy and levels 1-4 stop besides at 150,000 nodes (level 7's), which only
// a quiescence that explodes reaches (session 18: level 4 searched 5.5 M
// nodes for one move of corners-short without it).
// Levels 1-7 are bounded by depth and nodes only, so under a seed they are
// deterministic (a journaled game replays to the same bot moves); a time
// budget, when given, only caps them on a slow machine. Level 8 is bounded by
// the budget (deterministic too when the caller gives a node cap instead).
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

struct LevelSettings {
  Limits limits;
  SearchOptions options;
};

// The limits and options of a level (1..8) for a move, given the time
// budget (0: none) and the seed. Level 0 is the greedy bot.
LevelSettings level_settings(int level, std::int64_t budget_us, std::uint64_t seed);

}  // namespace tabula::engine

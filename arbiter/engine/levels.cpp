#include "engine/levels.h"

#include <algorithm>

namespace tabula::engine {

LevelSettings level_settings(int level, std::int64_t budget_us, std::uint64_t seed) {
  struct Row {
    int depth;
    std::uint64_t nodes;
    int noise;
    bool quiescence;
  };
  // Levels 1-4 (and greedy) are bounded by depth, and by kDepthLevelNodes
  // besides (session 18): a depth alone is no bound in the four-player
  // games, whose quiescence (captures, promotions, checks at its first ply)
  // can explode, and at the table levels 1-7 search without a time budget.
  // Measured without a cap (docs/BENCH.md "Session 18: every variant under
  // time pressure"): level 4 in corners-short searched 2,221,623 and
  // 5,534,881 nodes for one move (5-11 s of CPU on this machine), level 3 in
  // chesscom-ffa 396,406; the median level-3 and level-4 search 27,000-34,000
  // nodes in the four-player games and the largest of 238 searches 75,264.
  static constexpr std::uint64_t kDepthLevelNodes = 150000;  // level 7's: no level searches more
  static constexpr Row kRows[] = {
      {1, kDepthLevelNodes, 0, false},    // 0: greedy
      {1, kDepthLevelNodes, 250, false},  // 1
      {1, kDepthLevelNodes, 120, true},   // 2
      {2, kDepthLevelNodes, 60, true},    // 3
      {3, kDepthLevelNodes, 25, true},    // 4
      {4, 10000, 0, true},          // 5
      {64, 40000, 0, true},         // 6
      {64, 150000, 0, true},        // 7
      {64, 0, 0, true},             // 8
  };
  const Row& r = kRows[std::clamp(level, 0, kMaxLevel)];
  LevelSettings s;
  s.limits.max_depth = r.depth;
  s.limits.max_nodes = r.nodes;
  s.limits.budget_us = budget_us;
  s.options.noise_cp = r.noise;
  s.options.quiescence = r.quiescence;
  s.options.seed = seed;
  return s;
}

}  // namespace tabula::engine

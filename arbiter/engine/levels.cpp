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
  static constexpr Row kRows[] = {
      {1, 0, 0, false},             // 0: greedy
      {1, 0, 250, false},           // 1
      {1, 0, 120, true},            // 2
      {2, 0, 60, true},             // 3
      {3, 0, 25, true},             // 4
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

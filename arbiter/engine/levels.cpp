#include "engine/levels.h"

#include <algorithm>

namespace tabula::engine {
namespace {

struct LevelRow {
  int depth;
  std::uint64_t nodes;
  int noise;
  bool quiescence;
  std::int64_t movetime_ms;  // on a Raspberry Pi 4 (levels.h)
};

// Levels 1-4 (and greedy) are bounded by depth, and by kDepthLevelNodes
// besides (session 18): a depth alone is no bound in the four-player
// games, whose quiescence (captures, promotions, checks at its first ply)
// can explode, and at the table no level may search without a bound.
// Measured without a cap (docs/BENCH.md "Session 18: every variant under
// time pressure"): level 4 in corners-short searched 2,221,623 and
// 5,534,881 nodes for one move (5-11 s of CPU on this machine), level 3 in
// chesscom-ffa 396,406; the median level-3 and level-4 search 27,000-34,000
// nodes in the four-player games and the largest of 238 searches 75,264.
//
// The movetimes (session 20): the slowest move per node of level 7 against
// itself, 40 plies of every shipped variant on the development VM, was
// 4.71 us (corners-short; chess 1.67, chesscom-ffa 3.37); times 6 for a
// Raspberry Pi 4, 28.3 us a node there: 10,000 nodes 0.28 s, 40,000 1.1 s,
// 150,000 4.2 s, 300,000 8.5 s, each under its level's movetime with room
// for a move's fixed cost (the root's ordering; the longest level-5 move of
// the session's FFA ladder read 119 ms of CPU for 10,000 nodes, 0.7 s on a
// Pi: most likely this VM's CPU clock jumping by ~100 ms, but counted).
constexpr std::uint64_t kDepthLevelNodes = 150000;  // level 7's: no level below the top searches more
constexpr LevelRow kLevelRows[] = {
    {1, kDepthLevelNodes, 0, false, 5000},    // 0: greedy
    {1, kDepthLevelNodes, 250, false, 5000},  // 1
    {1, kDepthLevelNodes, 120, true, 5000},   // 2
    {2, kDepthLevelNodes, 60, true, 5000},    // 3
    {3, kDepthLevelNodes, 25, true, 5000},    // 4
    {4, 10000, 0, true, 1000},                // 5
    {64, 40000, 0, true, 2000},               // 6
    {64, kDepthLevelNodes, 0, true, 5000},    // 7
    {64, kTopLevelNodes, 0, true, 10000},     // 8
};

const LevelRow& level_row(int level) { return kLevelRows[std::clamp(level, 0, kMaxLevel)]; }

}  // namespace

LevelSettings level_settings(int level, std::int64_t budget_us, std::uint64_t seed) {
  const LevelRow& r = level_row(level);
  LevelSettings s;
  s.limits.max_depth = r.depth;
  s.limits.max_nodes = r.nodes;
  s.limits.budget_us = budget_us;
  s.options.noise_cp = r.noise;
  s.options.quiescence = r.quiescence;
  s.options.seed = seed;
  return s;
}

std::int64_t level_movetime_us(int level) { return level_row(level).movetime_ms * 1000; }

}  // namespace tabula::engine

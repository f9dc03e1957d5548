#include "inference/evidence.h"

#include <algorithm>

namespace tabula::inference {

using core::Square;

void TouchLog::drop_through(std::uint64_t seq, const core::SquareSet& keep) {
  std::erase_if(touches_, [&](const Touch& t) {
    return t.seq <= seq && !keep.test(core::index_of(t.square));
  });
}

void TouchLog::summarize(std::uint64_t after, TouchSummary& out,
                         const core::SquareSet& keep) const {
  out.touched.reset();
  out.last_up.fill(0);
  out.last_down.fill(0);
  out.first_up = core::kNoSquare;
  // A flicker is a flip and a flip back, each within the bounce window of
  // the change before it: both are left out. A single quick flip is a real
  // change (the virtual board lifts a victim and puts the capturer down at
  // the same instant).
  std::vector<bool> flickers(touches_.size(), false);
  std::array<std::size_t, core::kMaxSquares> last;
  last.fill(touches_.size());
  std::array<std::size_t, core::kMaxSquares> before_last;
  before_last.fill(touches_.size());
  for (std::size_t i = 0; i < touches_.size(); ++i) {
    std::size_t q = static_cast<std::size_t>(core::index_of(touches_[i].square));
    std::size_t b = last[q];
    std::size_t a = before_last[q];
    if (a < touches_.size() && touches_[b].time - touches_[a].time < bounce_ &&
        touches_[i].time - touches_[b].time < bounce_ && !flickers[a]) {
      flickers[b] = true;
      flickers[i] = true;
    }
    before_last[q] = b;
    last[q] = i;
  }
  for (std::size_t i = 0; i < touches_.size(); ++i) {
    const Touch& t = touches_[i];
    int q = core::index_of(t.square);
    bool flicker = flickers[i];
    if (t.seq <= after && !keep.test(q)) continue;
    out.touched.set(q);
    if (flicker) continue;
    if (t.occupied) {
      out.last_down[q] = t.seq;
    } else {
      out.last_up[q] = t.seq;
      if (out.first_up == core::kNoSquare) out.first_up = t.square;
    }
  }
}

namespace {

// A kept square was refilled after the moving piece last left its origin.
bool refilled_after_origin(const Footprint& f, const Evidence& e) {
  if (f.kept.none()) return true;
  std::uint64_t left = 0;
  if (f.origin != core::kNoSquare && !e.ignored->test(core::index_of(f.origin))) {
    left = e.touches->last_up[core::index_of(f.origin)];
    if (left == 0) return false;  // the mover never left
  }
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!f.kept.test(q) || e.ignored->test(q)) continue;
    if (e.touches->last_down[q] <= left) return false;
  }
  return true;
}

}  // namespace

bool shows_result(const Footprint& f, const Evidence& e) {
  if (e.diff != (f.changed & ~*e.ignored)) return false;
  return refilled_after_origin(f, e);
}

bool on_the_way(const Footprint& f, const Evidence& e) {
  if (e.diff.none() || (e.diff & ~f.touched()).any()) return false;
  // Hands put down only what they lifted: a piece appearing on the
  // destination while nothing has left is no move under way (a stuck reed).
  core::SquareSet fills = e.diff & *e.physical;
  core::SquareSet lifts = e.diff & *e.expected;
  return fills.count() <= lifts.count();
}

std::optional<Attempt> read_attempt(const Evidence& e) {
  core::SquareSet emptied = *e.expected & ~*e.physical & ~*e.ignored;
  core::SquareSet filled = *e.physical & ~*e.expected & ~*e.ignored;
  if (emptied.count() != 1) return std::nullopt;
  Square from = core::kNoSquare;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (emptied.test(q)) from = static_cast<Square>(q);
  }
  if (filled.count() == 1) {
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (filled.test(q)) return Attempt{from, static_cast<Square>(q), false};
    }
  }
  if (filled.any()) return std::nullopt;
  // A capture: an occupied square refilled after the piece left `from`; the
  // latest such refill is the landing.
  std::uint64_t left = e.touches->last_up[core::index_of(from)];
  std::uint64_t best = 0;
  Square to = core::kNoSquare;
  core::SquareSet refilled = e.touches->touched & *e.expected & *e.physical & ~*e.ignored;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!refilled.test(q)) continue;
    std::uint64_t down = e.touches->last_down[q];
    if (down > left && down > best && e.touches->last_up[q] > 0) {
      best = down;
      to = static_cast<Square>(q);
    }
  }
  if (to == core::kNoSquare) return std::nullopt;
  return Attempt{from, to, true};
}

}  // namespace tabula::inference

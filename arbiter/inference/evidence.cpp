#include "inference/evidence.h"

#include <algorithm>

namespace tabula::inference {

using core::Square;

void TouchLog::drop_through(std::uint64_t seq, const core::SquareSet& keep) {
  dropped_ = seq;
  std::erase_if(touches_, [&](const Touch& t) {
    return t.seq <= seq && !keep.test(core::index_of(t.square));
  });
}

void TouchLog::drop_on(std::uint64_t seq, const core::SquareSet& squares) {
  std::erase_if(touches_, [&](const Touch& t) {
    return t.seq <= seq && squares.test(core::index_of(t.square));
  });
}

void TouchLog::add(const Touch& t) {
  // A flicker is a flip and a flip back, each within the bounce window of
  // the change before it: both are left out of the summaries. A single quick
  // flip is a real change (the virtual board lifts a victim and puts the
  // capturer down at the same instant). Marked now, while the touches before
  // are still in the log (issue 27 item 11: a reed bouncing as a pawn lands
  // while the next seat's hand is already on its knight).
  // A reed bounces more than once (session 28): a run of flips on a square,
  // each within the bounce window of the one before, is its first flip (the
  // real change) and then flickers in pairs, the 2nd and 3rd, the 4th and
  // 5th, ...; an odd flip left at the run's end is real. So a flip back is
  // never also the first flip of the next pair (b->flicker), but the pair
  // after a flip back is a flicker too. Before, a flicker right after a
  // flicker was none: the second bounce of a landing read as the piece
  // lifted and a piece set down (chess, e4 bouncing twice as Black lifted d5:
  // d5xe4 for d5-d4).
  touches_.push_back(t);
  Touch* b = nullptr;
  Touch* a = nullptr;
  for (std::size_t i = touches_.size() - 1; i-- > 0;) {
    if (touches_[i].square != t.square) continue;
    if (b == nullptr) {
      b = &touches_[i];
    } else {
      a = &touches_[i];
      break;
    }
  }
  if (a != nullptr && b->time - a->time < bounce_ && t.time - b->time < bounce_ && !b->flicker) {
    b->flicker = true;
    touches_.back().flicker = true;
    touches_.back().first_flip = b->seq;
  }
}

void TouchLog::summarize(std::uint64_t after, TouchSummary& out,
                         const core::SquareSet& keep) const {
  out.touched.reset();
  out.last_up.fill(0);
  out.last_down.fill(0);
  out.first_up = core::kNoSquare;
  // The last touch summarised on each square: a flicker's flip back whose
  // first flip came before the span's first touch (before `after`, or
  // dropped with a committed move) is the square's one real change in the
  // span: the span began while the reed was bouncing (real hands, issue 27
  // item 11: a lift's reed bouncing as the move before lands), and the
  // square holds the flip back's state for real. A first flip that is the
  // span's boundary itself (the touch that showed a move) stays a flicker.
  const std::uint64_t boundary = std::max(after, dropped_);
  std::array<std::uint64_t, core::kMaxSquares> last_in{};
  for (const Touch& t : touches_) {
    int q = core::index_of(t.square);
    if (t.seq <= after && !keep.test(q)) continue;
    out.touched.set(q);
    const std::uint64_t before = last_in[static_cast<std::size_t>(q)];
    last_in[static_cast<std::size_t>(q)] = t.seq;
    if (t.flicker && (t.first_flip == 0 || before == t.first_flip || t.first_flip == boundary))
      continue;
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

namespace {

// Issue 27 item 11: a capturer resting on its path. On real boards a hand
// that took the victim first may rest the capturing piece 0.3-0.9 s on a
// square of its way (as a slide rests, docs/INFERENCE.md "A hand that rests
// on the way"): the one square outside f's is filled, and lies between f's
// origin (left) and a capture square whose victim is off the board.
bool resting_on_the_path(const Footprint& f, const Evidence& e, const core::SquareSet& outside) {
  if (outside.count() != 1 || f.origin == core::kNoSquare) return false;
  const int o = core::index_of(f.origin);
  if (!e.diff.test(o) || e.physical->test(o)) return false;  // the mover has left
  Square rest = core::kNoSquare;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (outside.test(q)) rest = static_cast<Square>(q);
  }
  if (!e.physical->test(core::index_of(rest))) return false;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (f.kept.test(q) && e.diff.test(q) && !e.physical->test(q) &&
        lies_between(f.origin, rest, static_cast<Square>(q)))
      return true;
  }
  return false;
}

}  // namespace

bool on_the_way(const Footprint& f, const Evidence& e) {
  if (e.diff.none()) return false;
  const core::SquareSet outside = e.diff & ~f.touched();
  if (outside.any() && !resting_on_the_path(f, e, outside)) return false;
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

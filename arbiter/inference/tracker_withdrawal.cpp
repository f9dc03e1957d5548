// tracker_withdrawal.cpp — the Tracker (tracker.h) and a piece moved on at
// once (session 13): a move committed at once whose piece its mover's hand,
// still on it, takes on to another legal square ("A piece moved on at once"
// in tracker.h). FIDE 4.7: a move is made when the hand releases the piece;
// a reed sees the piece set down, not the hand let go, so a piece that
// bounces onto a legal square and is slid on within the settle time (the
// time the tracker gives any move with commit_at_once off) was never
// released there.
#include <algorithm>
#include <optional>

#include "inference/tracker.h"

namespace tabula::inference {

using core::SquareSet;

std::optional<std::size_t> Tracker::moved_on() const {
  if (!withdrawable_ || mode_ != TrackerMode::kTrack || tentative_ || board_.stray().any()) {
    return std::nullopt;
  }
  const Withdrawable& w = *withdrawable_;
  // The rules changed squares with that move (a removal asked for, 003 rule
  // 3, a seat out): its result stands; the board is judged as any.
  if (ignored() != w.ignored) return std::nullopt;
  // The first touch since the commit (a reed's flicker aside) is the mover
  // lifting the piece he just set down, within the settle time.
  const Touch* first = nullptr;
  for (const Touch& t : log_.touches()) {
    if (t.seq <= w.seq) continue;
    if (first == nullptr && !t.flicker) first = &t;
  }
  if (first == nullptr || first->occupied || !w.landing.test(core::index_of(first->square)) ||
      first->time - w.landed > settings_.settle) {
    return std::nullopt;
  }
  const SquareSet ignore = ignored();
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < w.others.size(); ++i) {
    const Footprint& f = w.others[i].footprint;
    // Nobody else's hand before L stood: every touch since lies on M's
    // landing or L's squares until the first that does not (another hand,
    // `later` its squares: session 29), and none after that lies on them
    // but a reed's flicker. A hand that began after the piece stood on L's
    // landing answered L.
    const SquareSet own = w.landing | f.touched();
    SquareSet later;
    bool interleaved = false;
    for (const Touch& t : log_.touches()) {
      if (t.seq <= w.seq) continue;
      const bool mine = own.test(core::index_of(t.square));
      if (mine && (later.none() || t.flicker)) continue;
      if (mine) interleaved = true;
      later.set(core::index_of(t.square));
    }
    if (interleaved) continue;
    const SquareSet compared = ~ignore & ~later;
    if (((w.expected ^ f.changed) & compared) != (board_.occupied() & compared)) continue;
    // A capture's square refilled after the piece was lifted again (its
    // victim taken off, the piece set there: shows_result's rule, from the
    // lift off M's landing, since the lift off the origin is M's).
    bool refilled = true;
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (f.kept.test(q) && !ignore.test(q) && summary_.last_down[q] <= first->seq) refilled = false;
    }
    if (!refilled) continue;
    if (found) return std::nullopt;  // two readings: ruled as before, never guessed
    found = i;
  }
  return found;
}

std::optional<Millis> Tracker::withdrawal_open_until() const {
  if (!withdrawable_ || mode_ != TrackerMode::kTrack) return std::nullopt;
  const Withdrawable& w = *withdrawable_;
  SquareSet squares = w.landing;
  for (const CandidateGroup& g : w.others) squares |= g.footprint.touched();
  const Touch* first = nullptr;
  const Millis window = w.landed + settings_.settle;
  const Millis held = std::max(window, last_change_ + settings_.settle);  // his hand is back on it
  for (const Touch& t : log_.touches()) {
    if (t.seq <= w.seq) continue;
    // Another hand began: after the piece stood on the other move's landing
    // (the withdrawal due, session 29), it answered that move.
    if (!squares.test(core::index_of(t.square)))
      return withdraw_due_ ? std::optional(held) : std::nullopt;
    if (first == nullptr && !t.flicker) first = &t;
  }
  if (first == nullptr) return window;
  if (first->occupied || !w.landing.test(core::index_of(first->square)) || first->time > window)
    return std::nullopt;
  return held;
}

Withdrawal Tracker::withdraw(std::size_t other) {
  const Withdrawable w = *withdrawable_;
  withdrawable_.reset();
  withdraw_due_ = false;
  const CandidateGroup& g = w.others[other];
  const SquareSet landing = (g.footprint.changed & ~w.expected) | g.footprint.kept;
  Withdrawal out;
  out.withdrawn = w.move;
  out.instead.options = g.moves;
  if (g.moves.size() > 1) out.instead.choice = ChoiceKind::kPromotion;
  out.instead.time = now_;
  // The clock's time of the move: when its piece was last set down.
  out.instead.made = now_;
  for (const Touch& t : log_.touches()) {
    if (t.seq > w.seq && t.occupied && !t.flicker && landing.test(core::index_of(t.square))) {
      out.instead.made = t.time;
    }
  }
  // Every touch so far belongs to the move read instead, but those of a
  // hand that began after its piece stood (moved_on's `later`: the next
  // seat's reply under way, session 29); its mover may straighten its piece
  // as after any move committed at once.
  commit_seq_ = seq_;
  const SquareSet own = w.landing | g.footprint.touched();
  for (const Touch& t : log_.touches()) {
    if (t.seq > w.seq && !own.test(core::index_of(t.square))) {
      commit_seq_ = t.seq - 1;
      break;
    }
  }
  commit_carry_.reset();
  placed_ = landing;
  placed_until_ = now_ + settings_.settle;
  placed_seat_ = w.seat;
  regrip_ = false;
  state_ = out.instead.choice == ChoiceKind::kNone ? TrackerState::kMoving
                                                   : TrackerState::kAwaitingChoice;
  return out;
}

}  // namespace tabula::inference

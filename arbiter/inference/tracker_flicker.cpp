// tracker_flicker.cpp — the Tracker (tracker.h) telling a reed's flicker (a flip
// and a flip back within the bounce window) from a hand: a move shown only by
// a flicker, a reply that may flip back, a move shown again for real.
#include "inference/tracker.h"

#include <array>
#include <optional>

namespace tabula::inference {

using core::Move;
using core::Square;
using core::SquareSet;

bool Tracker::shown_by_flicker() const {
  if (!tentative_ || tentative_->groups.size() != 1) return false;
  // The touch that first showed it is a flicker's first flip, the reed's
  // flip back next on that square (another seat's lift in the same
  // millisecond is no flicker; nor a landing's bounce ending on the landing,
  // nor a flicker showing again a move shown before). Or it came while
  // another square's reed was between a flicker's flip and its flip back
  // (real hands, issue 27 item 11, chess: the rook's reed bouncing as Black
  // lifts it, the queen landing on g8 in that instant): the board showed
  // the move only because that reed was bouncing.
  // The showing touch is the tentative's seq. A move shown again by a
  // flicker keeps the time it was first shown (earlier than that touch: no
  // first showing). One shown again while its squares stood untouched keeps
  // its touch and takes a later time (evaluate: "made now"): its touch still
  // first showed it (session 20, corners-long soak seed 6653: Ba8xd11 shown
  // by the pushed pawn's bounce as Black lifted e12 in that millisecond,
  // shown again 3 ms later by e12's own bounce; the bishop's real landing
  // 35 ms later was read as Black's Be12xBd11).
  const Touch* shown_by = nullptr;
  std::array<const Touch*, core::kMaxSquares> last{};
  for (const Touch& t : log_.touches()) {
    const int q = core::index_of(t.square);
    if (t.seq == tentative_->seq && t.time <= tentative_->shown) {
      // Checked for a showing touch that is itself a flip back too (a
      // lift's bounce ending as another reed bounces: chesscom-ffa soak seed
      // 210 with the hand habits, the bishop's reed on c11 settling as
      // Yellow's lifted pawn's reed on e13 flipped back for 4 ms: Ba9xe13).
      for (const Touch* b : last) {
        if (b != nullptr && b->flicker && b->seq < t.seq && b->square != t.square &&
            next_flips_back(*b))
          return true;
      }
      if (!t.flicker) return false;
      if (!tentative_->left) return false;  // it still shows the move
      shown_by = &t;
    }
    if (shown_by != nullptr && t.seq > shown_by->seq && t.square == shown_by->square)
      return t.flicker;
    last[static_cast<std::size_t>(q)] = &t;
  }
  return false;
}

bool Tracker::may_flip_back() const {
  // A touch at this instant came within the bounce window of its square's
  // change before: it may be a flicker's first flip, its flip back still to
  // come (TouchLog::add marks a flicker only at the flip back). Any square
  // changed at this instant, not only the last: another seat's lift in the
  // same millisecond hides no bounce (session 15, corners-long and
  // corners-short soak seed 1228 with the hand habits: Black's rook brushing
  // d6 on its way to take on c6, its reed bouncing as it left, and Grey
  // lifting b5 in that millisecond: the bounce's refill of d6 read as
  // b6-d6 proven by Rg6xd6, and committed at Grey's lift).
  if (last_change_ != now_) return false;
  for (std::size_t q = 0; q < last_flip_.size(); ++q) {
    if (last_flip_[q] == now_ && now_ - flip_before_[q] < settings_.health.bounce_window)
      return true;
  }
  return false;
}

bool Tracker::may_still_flip_back(const SquareSet& squares) const {
  // A reed of `squares` flipped less than the bounce window ago, within the
  // bounce window of its flip before: it may be a flicker's first flip,
  // its flip back still to come (may_flip_back's rule, for a flip at any
  // instant of the window, not only this one). A flicker's flip back is
  // none: its reed stands as it stood before the flicker.
  const Millis bounce = settings_.health.bounce_window;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    const std::size_t i = static_cast<std::size_t>(q);
    if (!squares.test(i) || now_ - last_flip_[i] >= bounce ||
        last_flip_[i] - flip_before_[i] >= bounce)
      continue;
    for (auto t = log_.touches().rbegin(); t != log_.touches().rend(); ++t) {
      if (core::index_of(t->square) != q) continue;
      if (!(t->flicker && t->first_flip != 0)) return true;
      break;
    }
  }
  return false;
}

bool Tracker::next_flips_back(const Touch& b) const {
  // b's next touch on its square is a flicker's flip back (b its first flip).
  for (const Touch& t : log_.touches()) {
    if (t.seq > b.seq && t.square == b.square) return t.flicker && t.occupied != b.occupied;
  }
  return false;
}

void Tracker::reshow_after_flicker() {
  // A move the board first showed only for a reed's flicker (a victim's
  // lift bouncing while the capturer is in the air, issue 22) is shown for
  // real when its squares show it again, hand touches, not flickers: from
  // that touch on, what the hands do is the next seat's. Without this, the
  // capturer's real landing counted as the reply's refill of that square
  // (issue 27 item 11, corners-mini: the king lifted before the queen landed
  // beside it read as the king taking the queen).
  if (!shown_by_flicker()) return;
  const Footprint& f = groups_[tentative_->groups.front()].footprint;
  const SquareSet squares = f.touched() & ~ignored();
  if (((board_.occupied() ^ expected_) & squares) != (f.changed & squares)) return;
  const Touch* last = nullptr;
  for (const Touch& t : log_.touches()) {
    if (t.seq > tentative_->seq && !t.flicker && squares.test(core::index_of(t.square))) last = &t;
  }
  if (last == nullptr || !last->occupied) return;
  // Session 23: not when its piece was seen landing elsewhere since the
  // flicker: a square of another move of that piece, empty in the position,
  // filled while the origin stayed empty. The piece made that move; filling
  // the flicker's square later is a ply of its own (corners-mini soak seed
  // 6593, habits off: Pink lifted his g3 queen as White's was in the air
  // from e3, the reed bounced and showed Qe3xQg3; the queen landed on f3,
  // Pink's on g4, and White's went on f3-g3: Qe3xQg3 was shown again and
  // committed, a wrong move for Qe3-f3, Qg3-g4, Qf3-g3).
  const Square origin = f.origin;
  const Square to = groups_[tentative_->groups.front()].moves.front().to;
  for (const Touch& t : log_.touches()) {
    if (origin == core::kNoSquare || t.seq >= last->seq) break;
    if (t.seq <= tentative_->seq || t.flicker || !t.occupied) continue;
    if (t.square == origin) break;  // the piece set back: a later fill is no landing of it
    if (t.square == to || expected_.test(core::index_of(t.square))) continue;
    for (const CandidateGroup& g : groups_) {
      if (g.footprint.origin == origin && g.moves.front().to == t.square) return;
    }
  }
  // A hand that began before the landing belongs to the reply, as in
  // overlapping_reading: its touches are kept past the new show (issue 27
  // item 11: famous.pgn game 1, Black's knight lifted between the bishop's
  // bouncing victim and its landing on d7, then taking it there).
  tentative_->carry |= (board_.occupied() ^ expected_) & ~f.touched() & ~ignored();
  tentative_->seq = last->seq;
  tentative_->shown = last->time;
  tentative_->landed.reset();
  tentative_->left.reset();
}

bool Tracker::landing_bounced() const {
  // The touch just logged fills a square whose reed has flipped, each flip
  // within the bounce window of the one after it, since the touch that set
  // the tentative move's piece down there: that touch was real (the piece
  // set down; no flicker itself) and the reed bounced after it, once or
  // more; the board shows the move again as it was. That touch is the
  // move's showing touch, or, bounced before (a flip back that showed the
  // move again), the one timed `landed`. Session 26: TouchLog marks only a
  // first flip and its flip back a flicker, so a reed bouncing twice (down,
  // up, down, up, down) was timed at its last fill.
  if (!tentative_ || log_.touches().empty()) return false;
  const std::vector<Touch>& touches = log_.touches();
  const Touch& back = touches.back();
  if (!back.occupied) return false;
  const Touch* later = &back;
  for (std::size_t i = touches.size() - 1; i-- > 0;) {
    const Touch& t = touches[i];
    if (t.square != back.square) continue;
    if (later->time - t.time >= settings_.health.bounce_window) return false;
    if (t.occupied && !t.flicker &&
        (tentative_->landed ? t.time == *tentative_->landed : t.seq == tentative_->seq))
      return true;
    later = &t;
  }
  return false;
}

bool Tracker::kept_refilled_bouncing(const Footprint& f) const {
  // Session 28: a kept square (a capture's) whose last real fill (the
  // summary's) came within the bounce window of a flicker's flip back on
  // that square: the fill ends a run of bounces (TouchLog::add: a real
  // flip, then flickers in pairs, then this one), so the lift before it
  // and the fill may both be that reed chattering, its piece never gone.
  // A single quick flip and flip back (the virtual board's capture in one
  // millisecond) is no run: no flicker before the fill.
  const std::vector<Touch>& touches = log_.touches();
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!f.kept.test(static_cast<std::size_t>(q)) || ignored().test(static_cast<std::size_t>(q)))
      continue;
    const std::uint64_t filled = summary_.last_down[static_cast<std::size_t>(q)];
    if (filled == 0) continue;
    const Touch* before = nullptr;
    for (const Touch& t : touches) {
      if (t.seq >= filled) {
        if (t.seq == filled && before != nullptr && before->flicker && before->first_flip != 0 &&
            t.time - before->time < settings_.health.bounce_window)
          return true;
        break;
      }
      if (core::index_of(t.square) == q) before = &t;
    }
  }
  return false;
}

SquareSet Tracker::kept_shown_by_run(const Footprint& f, std::uint64_t shown) const {
  // Session 29: the kept squares of `f` whose last real fill up to the
  // touch `shown` (the one after which the board showed the move) came
  // within the bounce window of a flicker's flip back there: the fill that
  // showed the capture ended a run of bounces (kept_refilled_bouncing's
  // rule, at that touch rather than now: a later lift and fill of the
  // square may be the victim lifted and the capturer landing).
  SquareSet out;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!f.kept.test(static_cast<std::size_t>(q)) || ignored().test(static_cast<std::size_t>(q)))
      continue;
    const Touch* before = nullptr;
    const Touch* fill = nullptr;
    const Touch* prior = nullptr;
    for (const Touch& t : log_.touches()) {
      if (t.seq > shown) break;
      if (core::index_of(t.square) != q) continue;
      if (t.occupied && !t.flicker) {
        fill = &t;
        prior = before;
      }
      before = &t;
    }
    if (fill != nullptr && prior != nullptr && prior->flicker && prior->first_flip != 0 &&
        fill->time - prior->time < settings_.health.bounce_window)
      out.set(static_cast<std::size_t>(q));
  }
  return out;
}

std::optional<Touch> Tracker::landed_late(const After* a) const {
  // Session 31 (tracker.h, "A capture landed late"): the tentative move M
  // takes on a square of chattered_ (the capture C committed before on that
  // square's refill ending a run of bounces); the fill of that square after
  // its last lift, if M's piece has left its origin and been set down since
  // M was shown on another square of its own legal moves, empty in the
  // position after C. Not when a piece of the seat after M (`a`, the game
  // after M), lifted and not back, could have gone there too: then M may
  // stand and that seat have moved (the judgement's chains read it).
  // Nullopt otherwise.
  if (!tentative_ || tentative_->groups.size() != 1) return std::nullopt;
  const Footprint& m = groups_[tentative_->groups.front()].footprint;
  const Square o = m.origin;
  const SquareSet mine = m.touched() & chattered_;
  if (o == core::kNoSquare || mine.none() ||
      board_.occupied().test(static_cast<std::size_t>(core::index_of(o))))
    return std::nullopt;
  bool elsewhere = false;
  for (const Touch& t : log_.touches()) {
    const auto f = static_cast<std::size_t>(core::index_of(t.square));
    if (t.seq <= tentative_->seq || !t.occupied || t.flicker || expected_.test(f) ||
        !board_.occupied().test(f) || m.touched().test(f))
      continue;
    bool own = false;
    for (const CandidateGroup& g : groups_)
      own = own || (g.footprint.origin == o && g.moves.front().to == t.square);
    if (own && a != nullptr) {
      for (const CandidateGroup& g : a->groups) {
        const Square r = g.footprint.origin;
        if (r != core::kNoSquare && g.moves.front().to == t.square &&
            a->expected.test(static_cast<std::size_t>(core::index_of(r))) &&
            !board_.occupied().test(static_cast<std::size_t>(core::index_of(r))))
          own = false;
      }
    }
    elsewhere = elsewhere || own;
  }
  if (!elsewhere) return std::nullopt;
  std::optional<Touch> out;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (!mine.test(static_cast<std::size_t>(q))) continue;
    if (!board_.occupied().test(static_cast<std::size_t>(q))) return std::nullopt;
    const Touch* lift = nullptr;
    const Touch* fill = nullptr;
    for (const Touch& t : log_.touches()) {
      if (core::index_of(t.square) != q || t.flicker) continue;
      if (!t.occupied) {
        lift = &t;
        fill = nullptr;
      } else if (lift != nullptr && fill == nullptr) {
        fill = &t;
      }
    }
    if (fill == nullptr) return std::nullopt;
    if (!out || fill->seq > out->seq) out = *fill;
  }
  return out;
}

void Tracker::take_late_landing(const Touch& fill) {
  // The touches of C's square and of the squares C's piece passed over, up
  // to its landing, are C's: dropped, and C was made at that landing. M is
  // no reading any more (its piece went elsewhere); the board is read again.
  SquareSet own = chattered_;
  const Move& c = chattered_move_;
  if (core::is_valid(c.from) && core::is_valid(c.to)) {
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (lies_between(c.from, static_cast<Square>(q), c.to)) own.set(static_cast<std::size_t>(q));
    }
  }
  log_.drop_on(fill.seq, own);
  late_made_ = fill.time;
  chattered_.reset();
  tentative_.reset();
  previous_.reset();
  after_.reset();
}

std::optional<Millis> Tracker::landing_run(std::size_t group) const {
  // Session 27: the clock's time of a move groups_[group] the board shows
  // from the touch just logged, when that is earlier than now (nullopt:
  // now). A fill that ends a run of flips on its square, each within the
  // bounce window of the next, was a landing bouncing: the move was made at
  // the run's first fill after its piece left its origin (FIDE 4.7, the
  // piece set down). So a capturer landing within the bounce window of its
  // victim's lift, its reed bouncing, is timed at its landing: TouchLog
  // pairs the landing with the bounce's first flip as a flicker (lift,
  // down*, up, down: the flicker is down*-up), and it was timed at the
  // bounce's fill (commit_at_once on), or, read at a tick after a reed
  // might flip back (reply_due_), at that tick, after every touch of it
  // (off). The reed cannot tell this from a victim's lift bouncing (lift,
  // down, up) with the capturer landing within the bounce window after
  // it: that landing is timed at the bounce's fill, as early as the other
  // is late (less than the bounce window).
  const std::vector<Touch>& touches = log_.touches();
  if (touches.empty()) return std::nullopt;
  const Touch& back = touches.back();
  Millis at = back.time;
  const Square origin = groups_[group].footprint.origin;
  const std::uint64_t left =
      origin == core::kNoSquare
          ? 0
          : summary_.last_up[static_cast<std::size_t>(core::index_of(origin))];
  if (back.occupied) {
    const Touch* later = &back;
    for (std::size_t i = touches.size() - 1; i-- > 0;) {
      const Touch& t = touches[i];
      if (t.square != back.square) continue;
      if (later->time - t.time >= settings_.health.bounce_window || t.seq <= left) break;
      if (t.occupied) at = t.time;
      later = &t;
    }
  }
  return at < now_ ? std::optional<Millis>(at) : std::nullopt;
}

void Tracker::undo_flicker_reshow() {
  // Session 24: a move shown again by a later touch of its squares takes
  // that touch as its showing (the hands' touches after it are the next
  // seat's). When that touch is a reed's flicker (its flip back has come:
  // TouchLog::add marks both flips), the move was not shown again: it stands
  // as shown before, and the touches since then stay in its span, a lift
  // by the next seat between them among them. Recapture soak: four-kingdoms
  // trace 2743 (both modes), Green's pawn lands on d4, the reed bouncing,
  // Red lifts f1 between its flips, and f1's own bounce showed b4-d4 again:
  // the lift of f1 was dropped with b4-d4's commit, and Bf1xb5 "never left
  // f1"; chess trace 1112 (commit_at_once off), Black lifts his f6 knight
  // for his next move as White lifts a1, f6's bounce showed Ng8-f6 again,
  // and the knight's lift was dropped with its commit: the plies after it
  // were not read.
  if (!tentative_ || !tentative_->seq_before) return;
  for (const Touch& t : log_.touches()) {
    if (t.seq < tentative_->seq) continue;
    if (t.seq == tentative_->seq && t.flicker && t.first_flip == 0) {
      tentative_->seq = *tentative_->seq_before;
      tentative_->carry = tentative_->carry_before;
      tentative_->seq_before.reset();
    }
    return;
  }
}

}  // namespace tabula::inference

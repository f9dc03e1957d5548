// tracker_waits.cpp — the Tracker (tracker.h) deciding how long a matched move
// waits before it commits (the table "When a matched move commits", Wait), and
// the commit itself.
#include "inference/tracker.h"

#include <algorithm>
#include <utility>

namespace tabula::inference {

using core::Move;
using core::Square;
using core::SquareSet;

Wait Tracker::wait_for(const std::vector<std::size_t>& matches, std::size_t readings,
                       bool after_burst, bool proven) const {
  // The table "When a matched move commits" (tracker.h), row by row.
  // `proven`: a reply seen whole after it (overlapping_reading): no hand
  // can still be on the way to a longer move, in either mode.
  bool prefix = false;
  for (std::size_t i : matches) prefix = prefix || groups_[i].prefix;
  if (prefix && !proven) return Wait::kPrefix;
  if (!settings_.commit_at_once && !settings_.sliding && !proven) return Wait::kSettle;
  if (readings != 1 || matches.size() != 1 || after_burst || board_.stray().any())
    return Wait::kSettle;
  const CandidateGroup& g = groups_[matches.front()];
  const Move& m = g.moves.front();
  if (g.moves.size() > 1) return Wait::kSettle;  // a promotion or placement: which piece
  // A promoted piece is swapped in on its square: that lift and put-down
  // belong to the move.
  if (m.promotion != core::kNoKind && m.kind != core::MoveKind::kPlacement) return Wait::kSettle;
  if ((g.footprint.touched() & ignored()).any()) return Wait::kSettle;  // part of it unseen
  // Issue 27 item 10: with `sliding`, a rest on the way waits slide_rest
  // whether or not moves commit at once.
  if (proven) return Wait::kNone;
  // Session 28: a capture shown by its square's refill at the end of a run
  // of bounces may be that reed chattering (10-20 flips in 5 ms as a hand
  // carries a piece over it or knocks the table), its piece never gone:
  // the capturer, still in the air, may land elsewhere. Part of the move
  // is unseen: it waits the settle time (a push-capture whose victim's reed
  // bounces as the capturer lands too, still timed at its landing).
  if (kept_refilled_bouncing(g.footprint)) return Wait::kSettle;
  // Session 29: a move onto the square such a capture was committed on
  // before it stood the settle time (the fast reply's commit, the next seat
  // acting: chattered_): the capture rests on that refill, perhaps a
  // chattering reed's with the victim lifted after it and the capturer
  // landing later; then this "reply" is a lift of the next seat's, its piece
  // still in the air (soak with bounce runs, chess 409: Na3xb5 shown by b5's
  // chatter, b5 lifted, Black's bishop lifted, the knight landing on b5 read
  // as Bc6xNb5, the bishop going to d7). It waits the settle time.
  if ((g.footprint.touched() & chattered_).any()) return Wait::kSettle;
  if (waypoint(g)) return Wait::kSlide;
  if (!settings_.commit_at_once) return Wait::kSettle;
  return Wait::kNone;
}


bool Tracker::waypoint(const CandidateGroup& g) const {
  // A piece put down where another legal move of the same piece from the
  // same origin would pass over: a slide may still be under way (the square
  // brushed on the way to a longer move). Castling's halves are prefixes.
  const Move& m = g.moves.front();
  Square o = g.footprint.origin;
  if (o == core::kNoSquare || m.kind == core::MoveKind::kCastle) return false;
  for (const CandidateGroup& h : groups_) {
    if (&h == &g || h.footprint.origin != o) continue;
    if (lies_between(o, m.to, h.moves.front().to)) return true;
  }
  return false;
}

Millis Tracker::quiet_needed() const {
  switch (tentative_->wait) {
    case Wait::kNone:
      return settings_.health.bounce_window;
    case Wait::kSlide:
      return slide_wait();
    case Wait::kPrefix:
      return settings_.settle_prefix;
    case Wait::kSettle:
      // Session 29: a move taking on a capture's square that only a
      // chattering reed's refill showed (wait_for, chattered_): the other
      // reading has this move's piece in the air, and a piece stays in the
      // air up to 0.9 s (issue 27's recordings), a slide longer: it waits as
      // long as a castling's first half (soak with bounce runs, chesscom-ffa
      // 112: Blue's queen lifted as Red's bishop landed on g2, its slide's
      // first brush 513 ms later; Qa8xBg2 was committed at the settle time).
      if ((groups_[tentative_->groups.front()].footprint.touched() & chattered_).any())
        return settings_.settle_prefix;
      break;
  }
  return settings_.settle;
}

Millis Tracker::slide_wait() const {
  if (!settings_.sliding) return settings_.settle_slide;
  return settings_.commit_at_once ? settings_.slide_rest
                                  : std::max(settings_.slide_rest, settings_.settle);
}

Millis Tracker::judge_quiet() const {
  if (resting_since_ && *resting_since_ == last_change_)
    return std::max(settings_.settle, slide_wait());
  return settings_.settle;
}

Commit Tracker::commit_tentative(bool settled) {
  Commit c;
  c.time = now_;
  c.made = tentative_->landed.value_or(tentative_->shown);
  c.before_made = std::exchange(late_made_, std::nullopt);
  for (std::size_t i : tentative_->groups) {
    for (const Move& m : groups_[i].moves) c.options.push_back(m);
  }
  // Session 19: the next ply of a chain of plies in flight read before
  // (chain_later_) was made when it landed, not when it is read now.
  if (!chain_later_.empty()) {
    if (c.options.size() == 1 && c.options.front() == chain_later_.front().first) {
      c.made = chain_later_.front().second;
      chain_later_.erase(chain_later_.begin());
    } else {
      chain_later_.clear();
    }
  }
  if (tentative_->groups.size() > 1) {
    c.choice = ChoiceKind::kWhichMove;
  } else if (c.options.size() > 1) {
    c.choice = c.options.front().kind == core::MoveKind::kPlacement ? ChoiceKind::kPlacement
                                                                    : ChoiceKind::kPromotion;
  }
  commit_seq_ = tentative_->seq;
  commit_carry_ = tentative_->carry;
  const Footprint& f = groups_[tentative_->groups.front()].footprint;
  chattered_ = settled ? SquareSet{} : kept_shown_by_run(f, tentative_->seq);
  chattered_move_ = c.options.front();
  placed_ = (f.changed & ~expected_) | f.kept;
  placed_until_ = now_ + settings_.settle;
  placed_seat_ = mover_;
  regrip_ = false;
  // Session 13: a move committed at once may still be moved on by its
  // mover's hand (tracker_withdrawal.cpp); one the next seat's hand began
  // before (a carry) or a choice is not.
  withdrawable_.reset();
  withdraw_due_ = false;
  if (settings_.commit_at_once && c.choice == ChoiceKind::kNone && tentative_->carry.none()) {
    Withdrawable w;
    w.move = c.options.front();
    w.seat = mover_;
    w.landed = tentative_->shown;
    w.seq = tentative_->seq;
    w.expected = expected_;
    w.landing = placed_;
    w.ignored = ignored();
    for (std::size_t i = 0; i < groups_.size(); ++i) {
      if (i != tentative_->groups.front() && groups_[i].footprint.origin == f.origin &&
          f.origin != core::kNoSquare) {
        w.others.push_back(groups_[i]);
      }
    }
    if (!w.others.empty()) withdrawable_ = std::move(w);
  }
  state_ = c.choice == ChoiceKind::kNone ? TrackerState::kMoving : TrackerState::kAwaitingChoice;
  return c;
}

}  // namespace tabula::inference

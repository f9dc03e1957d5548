#include "inference/tracker.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <utility>
#include <vector>

namespace tabula::inference {

using core::Move;
using core::Piece;
using core::Square;
using core::SquareSet;

const char* to_string(TrackerState s) {
  switch (s) {
    case TrackerState::kInSync:
      return "in-sync";
    case TrackerState::kMoving:
      return "moving";
    case TrackerState::kMatched:
      return "matched";
    case TrackerState::kAwaitingChoice:
      return "awaiting-choice";
    case TrackerState::kMismatch:
      return "mismatch";
  }
  return "?";
}

const char* to_string(Wait w) {
  switch (w) {
    case Wait::kNone:
      return "at once";
    case Wait::kSlide:
      return "slide";
    case Wait::kPrefix:
      return "prefix";
    case Wait::kSettle:
      return "settle";
  }
  return "?";
}

void TrackerUpdate::merge(TrackerUpdate other) {
  if (other.commit) commit = std::move(other.commit);
  if (other.mismatch) mismatch = std::move(other.mismatch);
  if (other.withdrawal) withdrawal = std::move(other.withdrawal);
  if (other.withdrawn_question) withdrawn_question = std::move(other.withdrawn_question);
  back_in_order = back_in_order || other.back_in_order;
  verified = verified || other.verified;
  for (Observation& o : other.observations) observations.push_back(std::move(o));
}

Tracker::Tracker(const core::Geometry& geometry, TrackerSettings settings)
    : settings_(settings),
      board_(geometry),
      health_(settings.health),
      log_(settings.health.bounce_window) {}

// ---- baselines ------------------------------------------------------------------

TrackerUpdate Tracker::rebase(const MoveSource& src, Rebase how) {
  mode_ = TrackerMode::kTrack;
  layout_.reset();
  const core::Game& g = src.game();
  expected_ = occupancy_of(g.position());
  mover_ = g.to_move();
  groups_ = candidate_groups(g.position(), src.moves(g));
  targets_ = capture_targets(groups_, expected_);
  if (how != Rebase::kAfterCommit) withdrawable_.reset();
  withdraw_due_ = false;
  if (how == Rebase::kAfterCommit && !chain_choices_.empty() && !g.moves().empty()) {
    // Session 19: the answer to the which-move question of several chains
    // (ask_which_chain): the commit's touch and carry are the chosen chain's.
    for (const ChainChoice& k : chain_choices_) {
      if (k.move != g.moves().back()) continue;
      commit_seq_ = k.landed_seq;
      commit_carry_ = k.carry;
      chain_later_ = k.later;
    }
  }
  chain_choices_.clear();
  if (how != Rebase::kAfterCommit) chain_later_.clear();
  if (how != Rebase::kAfterCommit) chattered_.reset();
  late_made_.reset();  // carried by the commit this rebase follows, if any
  switch (how) {
    case Rebase::kAfterCommit:
      log_.drop_through(commit_seq_, commit_carry_);
      break;
    case Rebase::kKeepEvidence:
      break;
    case Rebase::kFresh:
      log_.clear();
      placed_.reset();
      placed_seat_ = core::kNoSeat;
      break;
    case Rebase::kAfterLayout:
      if (layout_seq_) {
        log_.drop_through(*layout_seq_);
      } else {
        log_.clear();  // confirmed by the arbiter without the board ever showing the layout
      }
      break;
  }
  if (how == Rebase::kAfterLayout) {
    placed_.reset();
    placed_seat_ = core::kNoSeat;
  }
  commit_carry_.reset();
  layout_seq_.reset();
  tentative_.reset();
  previous_.reset();
  after_.reset();
  judged_ = false;
  pending_ = false;
  hold_warned_ = false;
  ruled_attempt_.reset();
  ruled_board_.reset();
  ruling_open_ = false;
  fixes_.clear();
  warned_touch_.reset();
  state_ = TrackerState::kMoving;
  TrackerUpdate up;
  evaluate(&src, up);
  return up;
}

void Tracker::verify(const core::Position& layout) {
  mode_ = TrackerMode::kVerify;
  layout_ = layout;
  expected_ = occupancy_of(layout);
  groups_.clear();
  targets_.reset();
  mover_ = layout.to_move();
  awaiting_.reset();  // the layout is the whole truth now: every square is compared
  placed_.reset();
  placed_seat_ = core::kNoSeat;
  withdrawable_.reset();
  withdraw_due_ = false;
  clear_evidence();
  verified_ = false;
  judged_ = false;
  layout_seq_.reset();
  ruled_board_.reset();
  TrackerUpdate ignored;
  evaluate(nullptr, ignored);
}

void Tracker::observe() {
  mode_ = TrackerMode::kObserve;
  layout_.reset();
  groups_.clear();
  withdrawable_.reset();
  withdraw_due_ = false;
  clear_evidence();
  state_ = TrackerState::kInSync;
}

void Tracker::set_geometry(const core::Geometry& geometry) {
  board_.set_geometry(geometry);
}

void Tracker::expect_change(const SquareSet& squares) {
  // Trimmed against the new baseline by the next evaluation (rebase).
  awaiting_ |= squares;
}

void Tracker::set_masked(Square square, bool masked) {
  if (core::is_valid(square)) masked_.set(core::index_of(square), masked);
}

void Tracker::clear_evidence() {
  swapped_said_ = false;
  chain_choices_.clear();
  chain_later_.clear();
  previous_.reset();
  log_.clear();
  tentative_.reset();
  after_.reset();
  disturbed_ = false;
  ruled_attempt_.reset();
  ruled_board_.reset();
  ruling_open_ = false;
  fixes_.clear();
  warned_touch_.reset();
  pending_ = false;
}

std::optional<Move> Tracker::tentative() const {
  if (!tentative_) return std::nullopt;
  return groups_[tentative_->groups.front()].moves.front();
}

bool Tracker::three_hands(const std::vector<Square>& off, Square now_lifted,
                          const MoveSource* src) const {
  // Session 17 (the soak's "pieces lifted at once by two or three seats":
  // chesscom-teams 2714, corners-long/short 2779 and 2826, corners-mini
  // 2836, four-kingdoms 1635, chesscom-ffa 4369, corners-mini 4200...):
  // three pieces off within the burst window, lifted in turn order, each by
  // the seat whose turn it is or comes next: the seat to move's own piece or
  // a piece it may capture (a victim lifted first), then a piece of the seat
  // after it, then of the seat after that. Three hands beginning their
  // moves, not pieces knocked over: no burst. Any other three (two of one
  // seat, a seat out of turn, lifts out of order) stay one.
  if (src == nullptr || off.size() != 3) return false;
  const core::Position& pos = src->game().position();
  std::vector<std::pair<std::uint64_t, Square>> order;  // last lift, square
  for (Square q : off) {
    std::uint64_t seq = q == now_lifted ? seq_ + 1 : 0;
    for (const Touch& t : log_.touches()) {
      if (t.square == q && !t.occupied && !t.flicker) seq = std::max(seq, t.seq);
    }
    if (seq == 0) return false;
    order.emplace_back(seq, q);
  }
  std::sort(order.begin(), order.end());
  const auto in_turn = [&](const core::Position& at, const SquareSet& targets) {
    core::Seat s = at.to_move();
    for (std::size_t k = 0; k < order.size(); ++k) {
      const Square q = order[k].second;
      const core::Piece p = at.at(q);
      if (p.empty()) return false;
      if (p.seat != s && !(k == 0 && targets.test(core::index_of(q)))) return false;
      s = at.next_active_after(s);
    }
    return true;
  };
  if (in_turn(pos, targets_)) return true;
  // Or from the position after the move the board shows, not committed yet
  // (commit_at_once off, or a move waiting as a slide's rest).
  if (!tentative_ || tentative_->groups.size() != 1) return false;
  const After a = after_of(groups_[tentative_->groups.front()], *src);
  return a.game && in_turn(a.game->position(), a.targets);
}

// ---- inputs -------------------------------------------------------------------

TrackerUpdate Tracker::on_event(const SquareEvent& e, const MoveSource* src) {
  TrackerUpdate up;
  const core::Geometry& g = board_.geometry();
  Millis t = e.time;
  if (t < now_) {
    Observation o{ObservationKind::kTimeBackwards, core::Severity::kWarning, now_, {e.square}, {}};
    o.text = "a sensor event at " + std::to_string(t.count()) + " ms arrived after one at " +
             std::to_string(now_.count()) + " ms; it is taken as happening now";
    up.observations.push_back(o);
    t = now_;
  }
  now_ = t;
  CellChange change = board_.apply(e.square, e.occupied);
  if (change == CellChange::kOffGrid) {
    Observation o{ObservationKind::kOffGrid, core::Severity::kWarning, t, {}, {}};
    o.text = "a sensor event for a cell that is not on this board (cell index " +
             std::to_string(core::is_valid(e.square) ? core::index_of(e.square) : -1) +
             ") was ignored";
    up.observations.push_back(o);
    return up;
  }
  if (auto noisy = health_.on_cell(e.square, t, g)) up.observations.push_back(*noisy);
  if (change == CellChange::kRedundant) {
    Observation o{ObservationKind::kRedundant, core::Severity::kInfo, t, {e.square}, {}};
    o.text = "the sensor of " + g.name(e.square) + " reported \"" + (e.occupied ? "down" : "up") +
             "\" but " + g.name(e.square) + " was already " + (e.occupied ? "occupied" : "empty") +
             "; nothing changes";
    up.observations.push_back(o);
    return up;
  }
  if (change == CellChange::kStray) {
    if (e.occupied) {
      Observation o{ObservationKind::kStray, core::Severity::kWarning, t, {e.square}, {}};
      o.text = "a piece was put on " + g.name(e.square) +
               ", which is no square of this board: take it off";
      up.observations.push_back(o);
    }
    last_change_ = t;
    judged_ = false;
    evaluate(src, up);
    return up;
  }
  if (change == CellChange::kCellOnly) return up;

  Square q = board_.square_of(e.square);
  if (mode_ == TrackerMode::kTrack) {
    if (auto burst = health_.on_square(q, e.occupied, t, board_.occupied(), g, &expected_)) {
      if (!three_hands(burst->squares, q, src)) {
        up.observations.push_back(*burst);
        disturbed_ = true;
      }
    }
  }
  last_change_ = t;
  judged_ = false;
  hold_warned_ = false;
  previous_flip_ = last_flip_[static_cast<std::size_t>(core::index_of(q))];
  flip_before_[static_cast<std::size_t>(core::index_of(q))] = previous_flip_;
  last_flip_[static_cast<std::size_t>(core::index_of(q))] = t;
  if (masked_.test(core::index_of(q))) return up;  // a faulty sensor gives no evidence
  log_.add(Touch{++seq_, t, q, e.occupied});
  if (!e.occupied && mode_ == TrackerMode::kTrack && src != nullptr) check_touch(q, src, up);
  evaluate(src, up);
  return up;
}

TrackerUpdate Tracker::on_tick(Millis now, const MoveSource* src) {
  TrackerUpdate up;
  now_ = std::max(now_, now);
  Millis quiet = now_ - last_change_;
  if (mode_ == TrackerMode::kVerify) {
    if (state_ == TrackerState::kInSync && !verified_ && quiet >= settings_.settle) {
      verified_ = true;
      up.verified = true;
    } else if (state_ == TrackerState::kMismatch && !verified_ && !judged_ &&
               quiet >= settings_.setup_report) {
      // Nothing is dropped silently (issue 21): a board that rests set up
      // part-way is told what differs, once for each board it rests in.
      judged_ = true;
      if (!ruled_board_ || *ruled_board_ != board_.occupied()) {
        ruled_board_ = board_.occupied();
        up.mismatch = describe_setup();
      }
    }
    return up;
  }
  if (mode_ != TrackerMode::kTrack || src == nullptr) return up;
  switch (state_) {
    case TrackerState::kInSync:
      return up;
    case TrackerState::kAwaitingChoice:
      // Session 19: a which-move question of several chains stands while
      // the board shows what it showed when asked (a flicker or a piece
      // straightened and set back is no change).
      if (!chain_choices_.empty() && board_.occupied() != asked_board_ && quiet >= settings_.settle)
        withdraw_chain_question(src, up);
      return up;
    case TrackerState::kMatched:
      if (quiet >= quiet_needed()) up.commit = commit_tentative(quiet >= settings_.settle);
      return up;
    case TrackerState::kMoving:
    case TrackerState::kMismatch:
      if (withdraw_due_ && quiet >= settings_.health.bounce_window) {
        withdraw_due_ = false;  // the board has not changed since: it still shows it
        if (std::optional<std::size_t> i = moved_on()) up.withdrawal = withdraw(*i);
        return up;
      }
      if ((reply_due_ || proof_due_) && quiet >= settings_.health.bounce_window) {
        evaluate(src, up);  // no flicker came back: T and the reply stand
        return up;
      }
      if (!judged_ && quiet >= judge_quiet()) {
        judged_ = true;
        judge(src, up);
      } else if (judged_ && pending_ && !hold_warned_ && quiet >= settings_.hold_warning) {
        hold_warned_ = true;
        SquareSet off = board_.occupied() ^ expected_;
        off &= expected_ & ~ignored();
        Observation o{ObservationKind::kHeldTooLong, core::Severity::kWarning, now_, {}, {}};
        for (int i = 0; i < core::kMaxSquares; ++i) {
          if (off.test(i)) o.squares.push_back(static_cast<Square>(i));
        }
        o.text =
            "a piece has been off " + square_list(board_.geometry(), off) + " for " +
            std::to_string(quiet.count() / 1000) +
            " s: put it down; if it stands on a square already, that square's sensor may be dead";
        up.observations.push_back(o);
      }
      return up;
  }
  return up;
}

TrackerUpdate Tracker::settle_now(const MoveSource* src) {
  TrackerUpdate up;
  if (mode_ == TrackerMode::kTrack && src != nullptr && state_ == TrackerState::kMatched)
    up.commit = commit_tentative();
  return up;
}

std::optional<Millis> Tracker::next_deadline() const {
  if (mode_ == TrackerMode::kVerify) {
    if (verified_) return std::nullopt;
    if (state_ == TrackerState::kInSync) return last_change_ + settings_.settle;
    if (!judged_) return last_change_ + settings_.setup_report;
    return std::nullopt;
  }
  if (mode_ != TrackerMode::kTrack) return std::nullopt;
  switch (state_) {
    case TrackerState::kMatched:
      return last_change_ + quiet_needed();
    case TrackerState::kMoving:
    case TrackerState::kMismatch:
      if (reply_due_ || proof_due_ || withdraw_due_)
        return last_change_ + settings_.health.bounce_window;
      if (!judged_) return last_change_ + judge_quiet();
      if (pending_ && !hold_warned_) return last_change_ + settings_.hold_warning;
      return std::nullopt;
    case TrackerState::kAwaitingChoice:
      if (!chain_choices_.empty() && board_.occupied() != asked_board_)
        return last_change_ + settings_.settle;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// ---- matching: tracker_matching.cpp; flickers: tracker_flicker.cpp; waits and
// commits: tracker_waits.cpp; judgement: tracker_judgement.cpp; fast replies:
// tracker_replies.cpp ----

}  // namespace tabula::inference

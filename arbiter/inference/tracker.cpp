#include "inference/tracker.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

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
  switch (how) {
    case Rebase::kAfterCommit:
      log_.drop_through(commit_seq_, commit_carry_);
      break;
    case Rebase::kKeepEvidence:
      break;
    case Rebase::kFresh:
      log_.clear();
      placed_.reset();
      break;
    case Rebase::kAfterLayout:
      if (layout_seq_) {
        log_.drop_through(*layout_seq_);
      } else {
        log_.clear();  // confirmed by the arbiter without the board ever showing the layout
      }
      break;
  }
  if (how == Rebase::kAfterLayout) placed_.reset();
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
  previous_.reset();
  log_.clear();
  tentative_.reset();
  after_.reset();
  disturbed_ = false;
  ruled_attempt_.reset();
  ruled_board_.reset();
  fixes_.clear();
  warned_touch_.reset();
  pending_ = false;
}

std::optional<Move> Tracker::tentative() const {
  if (!tentative_) return std::nullopt;
  return groups_[tentative_->groups.front()].moves.front();
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
      up.observations.push_back(*burst);
      disturbed_ = true;
    }
  }
  last_change_ = t;
  judged_ = false;
  hold_warned_ = false;
  previous_flip_ = last_flip_[static_cast<std::size_t>(core::index_of(q))];
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
    case TrackerState::kAwaitingChoice:
      return up;
    case TrackerState::kMatched:
      if (quiet >= quiet_needed()) up.commit = commit_tentative();
      return up;
    case TrackerState::kMoving:
    case TrackerState::kMismatch:
      if (reply_due_ && quiet >= settings_.health.bounce_window) {
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
      if (reply_due_) return last_change_ + settings_.health.bounce_window;
      if (!judged_) return last_change_ + judge_quiet();
      if (pending_ && !hold_warned_) return last_change_ + settings_.hold_warning;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// ---- matching -----------------------------------------------------------------

void Tracker::evaluate(const MoveSource* src, TrackerUpdate& up) {
  if (mode_ == TrackerMode::kObserve) return;
  // Squares the rules changed leave the waiting list once they show it.
  awaiting_ &= board_.occupied() ^ expected_;
  SquareSet ignore = ignored();
  if (mode_ == TrackerMode::kVerify) {
    bool in_sync = ((board_.occupied() ^ expected_) & ~ignore).none() && board_.stray().none();
    if (in_sync) {
      fixes_.clear();
      state_ = TrackerState::kInSync;
      layout_seq_ = seq_;
    } else {
      fixes_ = plan_fixes(*layout_, board_.occupied(), ignore, board_.stray());
      state_ = TrackerState::kMismatch;
      if (layout_seq_ && !verified_) {
        // Issue 21: the board showed the layout, and the hands went on before
        // it settled: that is the first move, not a setup still under way.
        verified_ = true;
        up.verified = true;
      }
    }
    return;
  }
  if (state_ == TrackerState::kAwaitingChoice || src == nullptr) return;

  reply_due_ = false;
  log_.summarize(0, summary_);
  Evidence ev = Evidence::of(expected_, board_.occupied(), ignore, summary_);
  if (ev.diff.none()) {
    if (state_ == TrackerState::kMismatch) {
      // Issue 18: a board put back with the right squares filled may still
      // hold the wrong pieces (Black's pawn on d2, White's on d7): follow the
      // pieces through the touches before calling it in order.
      const core::Position& pos = src->game().position();
      Provenance moved = follow_pieces(expected_, log_.touches(), follow_context(pos));
      SquareSet swapped = swapped_squares(pos, moved) & ~ignore;
      if ((swapped & moved.certain).any()) {
        // The sensors saw each piece go alone: the swap is certain, and the
        // fixes exchange the pieces through a free square, one piece in the
        // air at a time, so the sensors see the exchange too.
        fixes_ = plan_fixes(pos, board_.occupied(), ignore, board_.stray(), std::nullopt, &moved);
        if (!ruled_board_ || *ruled_board_ != board_.occupied() || !swapped_said_) {
          Mismatch m;
          m.kind = MismatchKind::kOutOfSync;
          m.time = now_;
          m.fixes = fixes_;
          m.text = "the squares are filled again, but the pieces on " +
                   square_list(board_.geometry(), swapped) + " are swapped: " +
                   fixes_sentence(fixes_);
          up.mismatch = std::move(m);
          ruled_board_ = board_.occupied();
          swapped_said_ = true;
        }
        judged_ = true;
        return;
      }
      if (swapped.any()) {
        // Issue 27 item 2: several pieces were in the hands at once, and
        // which one went where is a guess the sensors cannot confirm, nor
        // any exchange made to put it right: the board is in order, and the
        // table is asked to look (a warning, never a demand).
        Mismatch m;
        m.kind = MismatchKind::kOutOfSync;
        m.severity = core::Severity::kWarning;
        m.time = now_;
        m.text = "the squares are filled again; several pieces were in the air at once, so "
                 "check that each is on its own square: ";
        std::string sep;
        for (int q = 0; q < core::kMaxSquares; ++q) {
          if (!swapped.test(q)) continue;
          m.text += sep + pos.rules().geometry.name(static_cast<Square>(q)) + " holds " +
                    piece_name_of(pos.rules(), pos.at(static_cast<Square>(q)));
          sep = ", ";
        }
        up.mismatch = std::move(m);
      }
      up.back_in_order = true;
    }
    clear_evidence();
    state_ = TrackerState::kInSync;
    return;
  }
  std::vector<std::size_t> matches;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    if (shows_result(groups_[i].footprint, ev)) matches.push_back(i);
  }
  drop_impossible_after_tentative(matches);
  const bool after_burst = disturbed_;
  if (disturbed_) {
    // After a burst only the move seen before it may stand again.
    if (tentative_ && matches == tentative_->groups) {
      disturbed_ = false;
    } else {
      matches.clear();
    }
  }
  if (!matches.empty()) {
    const std::size_t readings = matches.size();
    std::uint64_t seq = seq_;
    if (tentative_ && tentative_->groups.size() == 1 &&
        std::find(matches.begin(), matches.end(), tentative_->groups.front()) != matches.end() &&
        !touched_since(tentative_->seq, groups_[tentative_->groups.front()].footprint.touched())) {
      // The move seen before still stands and nobody has handled its squares
      // since: later touches elsewhere (the next player straightening a piece
      // the mover could also have taken) do not make it ambiguous.
      matches = tentative_->groups;
      seq = tentative_->seq;
    }
    if (matches.size() > 1) matches = completed_last(matches);
    Millis shown = now_;
    if (!tentative_ || tentative_->groups != matches) {
      after_.reset();
      if (tentative_ && tentative_->groups.size() == 1) previous_ = tentative_;
    } else if (!tentative_->left ||
               *tentative_->left - tentative_->shown >= settings_.health.bounce_window) {
      shown = tentative_->shown;  // the same move, adjusted: made when first shown
    }  // else it was first shown by a reed's flicker (a victim's bouncing lift): made now
    Tentative t{matches, seq, shown, wait_for(matches, readings, after_burst)};
    // The same move read again, its squares untouched since (a flicker
    // elsewhere showed it alone for a moment): the squares carried with it
    // stay the reply's (issue 27 item 11, FFA 100532097: Blue's rook lifted
    // as Nf3-d4 was read, its reed falling back for 1 ms; the lift was lost).
    if (tentative_ && tentative_->groups == matches && seq == tentative_->seq)
      t.carry = tentative_->carry;
    take_tentative(std::move(t), up);
    return;
  }
  // Not one move from the position: perhaps the tentative move, then the
  // next player's fast reply.
  auto reply_shown = [&]() {
    const After* a = after(src);
    if (a == nullptr) return false;
    TouchSummary since;
    log_.summarize(tentative_->seq, since, tentative_->carry);
    Evidence ev1 = Evidence::of(a->expected, board_.occupied(), a->ignored, since);
    int replies = 0;
    for (const CandidateGroup& g : a->groups) replies += shows_result(g.footprint, ev1) ? 1 : 0;
    if (replies == 0) {
      // The reply whole while the seat after it already lifts a piece (real
      // hands, issue 27 item 11: each lift within 270 ms of the landing
      // before it): T stands; the reply is read from the position after T.
      const Footprint& tf = groups_[tentative_->groups.front()].footprint;
      const SquareSet t_landing = (tf.changed & ~expected_) | tf.kept;
      // Squares T's piece could still take on, going on from where it stands.
      SquareSet t_reach;
      const Square t_to = groups_[tentative_->groups.front()].moves.front().to;
      for (const CandidateGroup& h : groups_) {
        if (tf.origin != core::kNoSquare && h.footprint.origin == tf.origin &&
            lies_between(tf.origin, t_to, h.moves.front().to))
          t_reach |= h.footprint.kept;
      }
      for (const CandidateGroup& g : a->groups) {
        SquareSet rest = ev1.diff & ~g.footprint.touched();
        if (rest.none()) continue;
        // Lifts of another seat's pieces, each after the reply's own piece
        // left its square (that seat began once the reply was under way):
        // T's own piece among them too (its mover's next move, in a game of
        // two; issue 27 item 11, chess seed 13: the queen lifted again after
        // Black lifted f8 is no slide going on, Black had begun), unless the
        // "reply" began on a square T's piece could still take on: then it is
        // the victim lifted and T's piece going on over the reply's landing
        // (Ra1-a3, a5 lifted, the rook on through a4 to take on a5).
        const Square o = g.footprint.origin;
        if (o == core::kNoSquare) continue;
        if ((rest & t_landing).any() && t_reach.test(core::index_of(o))) continue;
        if (whole_with_later_lifts(g, *a, since) || whole_with_a_later_move(g, *a, since, *src))
          ++replies;
      }
    }
    return replies == 1;
  };
  reshow_after_flicker();
  // A reply the board shows only since a flip that may be a reed's first
  // flip of a flicker (within the bounce window of that square's change
  // before) may be gone at the flip back: T commits when the reed has had
  // time to come back (on_tick), as a move shown one way does (real hands,
  // issue 27 item 11, four-kingdoms: the pawn leaving its rest on c4 bounced
  // as Red lifted his bishop, and the flip showed Bf1xc4 as the reply to
  // b4-c4; b4-d4 was lost).
  auto commit_after_reply = [&]() {
    if (may_flip_back()) {
      reply_due_ = true;
      return false;
    }
    up.commit = commit_tentative();
    return true;
  };
  if (tentative_ && !disturbed_) {
    if (reply_shown()) {
      if (commit_after_reply()) return;
    } else if (next_seat_began(src)) {
      up.commit = commit_tentative();
      return;
    }
    // A reading that replaced the move shown before may have been momentary
    // (a reed's flip and flip back, issue 22): that move, then a reply.
    if (!reply_due_ && previous_ && previous_->groups != tentative_->groups) {
      std::optional<Tentative> current = tentative_;
      tentative_ = previous_;
      if (reply_shown()) {
        if (commit_after_reply()) {
          previous_.reset();
          return;
        }
      }
      tentative_ = current;
    }
  }
  if (reply_due_) {
    if (!tentative_->left) tentative_->left = now_;
    if (state_ != TrackerState::kMismatch) state_ = TrackerState::kMoving;
    return;
  }
  // The next seat's hand began before the mover's move was seen whole
  // (issue 27 item 9): that move, with the reply under way.
  // A waypoint shown before (a rest on the path, half a castling) that the
  // board no longer shows is no reading any more: the piece went on (real
  // hands, issue 27 item 11: d2-d3 brushed on the way to d4 while Black lifts).
  const bool waypoint_left = tentative_ && tentative_->groups.size() == 1 &&
                             (tentative_->wait == Wait::kSlide || tentative_->wait == Wait::kPrefix);
  // So is a move only a flicker showed (a victim's lift bouncing, issue 22)
  // that the board does not show now (real hands: the next seat lifting the
  // bouncing piece before the mover's piece lands elsewhere).
  if (!disturbed_ &&
      (!tentative_ || tentative_->carry.any() || waypoint_left || shown_by_flicker())) {
    // A piece that stood on a waypoint and left it went on along its line:
    // read no other move of that piece (real hands, issue 27 item 11,
    // corners-mini: the queen stood on c5, Grey lifted it to take it, and
    // Grey's bishop brushing d6 was no Qc6-d6, which never passes c5).
    std::optional<std::size_t> went_on;
    if (waypoint_left && tentative_->wait == Wait::kSlide) went_on = tentative_->groups.front();
    if (std::optional<Overlap> o = overlapping_reading(src, ev, went_on)) {
      std::vector<std::size_t> one{o->group};
      Millis shown = now_;
      std::uint64_t seq = seq_;
      if (o->landed_seq != 0) {
        // The reply took on M's landing square after M's piece landed: M
        // was made at that landing, and the touches since are the reply's.
        shown = o->landed_at;
        seq = o->landed_seq;
      } else if (tentative_ && tentative_->groups == one) {
        shown = tentative_->shown;
        seq = tentative_->seq;
      }
      // The reply seen whole proves the move was made: a waypoint's wait
      // (the piece resting on its path) is over, and so is the settle time
      // of commit_at_once off, as for a fast reply (reply_shown commits at
      // once in either mode; corners-long seed 80 with it off: Pink's move
      // proven by White's pawn landing waited, Grey lifted that pawn to take
      // it, and the board was ruled out of sync at the settle tick). It
      // commits once no reed can flicker back (the "reply" may be a bounce),
      // and the reply, with any hand after it, is read from the position
      // after it.
      Tentative t{one, seq, shown, wait_for(one, 1, false, o->proven)};
      // The reply's touches are kept past M's commit: the pieces it lifted
      // (the differences outside M) and the squares of a reply seen whole
      // (a victim's square lifted and refilled: chess soak seed 130,
      // Qe6xd6 shown whole as Bc8-d7 landed, its refill of d6 dropped with
      // the commit, then read as Qe6xBd7).
      t.carry = (ev.diff & ~groups_[o->group].footprint.touched()) | o->reply;
      after_.reset();
      take_tentative(std::move(t), up);
      return;
    }
  }
  if (tentative_ && !tentative_->left) tentative_->left = now_;
  if (state_ != TrackerState::kMismatch) {
    state_ = TrackerState::kMoving;
  } else {
    refresh_fixes(src);
  }
}

void Tracker::take_tentative(Tentative t, TrackerUpdate& up) {
  // The board shows `t`: it waits as its row says, or commits at once.
  tentative_ = std::move(t);
  state_ = TrackerState::kMatched;
  fixes_.clear();
  ruled_attempt_.reset();
  ruled_board_.reset();
  if (tentative_->wait == Wait::kNone && quiet_needed() <= Millis{0})
    up.commit = commit_tentative();
}

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
  const Touch* shown_by = nullptr;
  std::array<const Touch*, core::kMaxSquares> last{};
  for (const Touch& t : log_.touches()) {
    const int q = core::index_of(t.square);
    if (t.seq == tentative_->seq && t.time == tentative_->shown) {
      if (!t.flicker) {
        for (const Touch* b : last) {
          if (b != nullptr && b->flicker && b->seq < t.seq && b->square != t.square &&
              next_flips_back(*b))
            return true;
        }
        return false;
      }
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
  // The last touch came within the bounce window of its square's change
  // before, at this instant: it may be a flicker's first flip, its flip
  // back still to come (TouchLog::add marks a flicker only at the flip back).
  return last_change_ == now_ && now_ - previous_flip_ < settings_.health.bounce_window;
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
  // A hand that began before the landing belongs to the reply, as in
  // overlapping_reading: its touches are kept past the new show (issue 27
  // item 11: famous.pgn game 1, Black's knight lifted between the bishop's
  // bouncing victim and its landing on d7, then taking it there).
  tentative_->carry |= (board_.occupied() ^ expected_) & ~f.touched() & ~ignored();
  tentative_->seq = last->seq;
  tentative_->shown = last->time;
  tentative_->left.reset();
}

bool Tracker::touched_since(std::uint64_t seq, const SquareSet& squares) const {
  for (const Touch& t : log_.touches()) {
    if (t.seq > seq && squares.test(core::index_of(t.square))) return true;
  }
  return false;
}

std::vector<std::size_t> Tracker::completed_last(const std::vector<std::size_t>& matches) const {
  // Of several moves the board shows alike (with no earlier tentative move
  // standing untouched), the one whose squares were handled last is the one
  // just finished. A tie stays a question for the kiosk.
  std::vector<std::size_t> out;
  std::uint64_t best = 0;
  for (std::size_t i : matches) {
    std::uint64_t last = 0;
    const SquareSet touched = groups_[i].footprint.touched();
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (touched.test(q)) last = std::max({last, summary_.last_up[q], summary_.last_down[q]});
    }
    if (last > best) {
      best = last;
      out.clear();
    }
    if (last == best) out.push_back(i);
  }
  return out;
}

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

Commit Tracker::commit_tentative() {
  Commit c;
  c.time = now_;
  c.made = tentative_->shown;
  for (std::size_t i : tentative_->groups) {
    for (const Move& m : groups_[i].moves) c.options.push_back(m);
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
  placed_ = (f.changed & ~expected_) | f.kept;
  placed_until_ = now_ + settings_.settle;
  regrip_ = false;
  state_ = c.choice == ChoiceKind::kNone ? TrackerState::kMoving : TrackerState::kAwaitingChoice;
  return c;
}

// ---- judgement: tracker_judgement.cpp; fast replies: tracker_replies.cpp ----

}  // namespace tabula::inference

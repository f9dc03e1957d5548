// tracker_matching.cpp — the Tracker (tracker.h) matching the board against every
// legal move's footprint on each change: the tentative move, a fast reply seen
// after it, a move read with the next seat's hand already under way (evaluate).
#include "inference/tracker.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace tabula::inference {

using core::Move;
using core::Square;
using core::SquareSet;

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
  proof_due_ = false;
  two_readings_ = false;
  withdraw_due_ = false;
  undo_flicker_reshow();
  // Session 31: the capture committed on a chattering reed's refill landed
  // late; the touches read as the reply taking on its square are its own.
  if (chattered_.any() && tentative_) {
    if (std::optional<Touch> fill = landed_late(after(src))) take_late_landing(*fill);
  }
  log_.summarize(0, summary_);
  if (withdrawable_ && moved_on()) {
    // A piece moved on at once (tracker_withdrawal.cpp): due once no reed
    // can flicker back.
    withdraw_due_ = true;
    state_ = TrackerState::kMoving;
    return;
  }
  Evidence ev = Evidence::of(expected_, board_.occupied(), ignore, summary_);
  if (ev.diff.none()) {
    // A board ruled wrong and put right, even after a piece held past the
    // settle time on the way back (judged pending, kMoving, not kMismatch:
    // session 29, chess e2-e5 refused, e5 lifted and held 800 ms, e2 put
    // down: the card stayed red and nothing was said).
    if (state_ == TrackerState::kMismatch || ruling_open_) {
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
        state_ = TrackerState::kMismatch;
        ruling_open_ = true;
        pending_ = false;
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
    std::optional<Millis> landed;
    if (!tentative_ || tentative_->groups != matches) {
      after_.reset();
      if (tentative_ && tentative_->groups.size() == 1) {
        // The one reading, copied by its fields (a copy of the whole
        // optional drew g++ 14's -Warray-bounds on the vector's memmove).
        const Tentative& was = *tentative_;
        previous_.emplace(Tentative{std::vector<std::size_t>(1, was.groups.front()), was.seq,
                                    was.shown, was.wait, was.left, was.carry});
        previous_->landed = was.landed;
      }
      landed = landing_run(matches.front());
    } else if (!tentative_->left ||
               *tentative_->left - tentative_->shown >= settings_.health.bounce_window) {
      shown = tentative_->shown;  // the same move, adjusted: made when first shown
      landed = tentative_->landed;
    } else if (landing_bounced()) {
      // Session 25: shown again by the flip back of a flicker that began on
      // the square whose real touch showed it (the landing's reed bouncing):
      // the move was made at that touch (FIDE 4.7, the piece set down), not
      // at the flip back (chess recapture soak trace 1080: Ne4-c3 landed at
      // 6306, the reed up at 6309 and down at 6311, was timed 6311). Only
      // the clock's time: `shown` stays the flip back, for the flicker rules.
      landed = tentative_->landed.value_or(tentative_->shown);
    } else if (!log_.touches().empty() &&
               !groups_[matches.front()].footprint.touched().test(
                   static_cast<std::size_t>(core::index_of(log_.touches().back().square)))) {
      // Session 28: shown again by a touch off its squares (the next seat's
      // lift bouncing 1 ms after the landing: its reed's flip down): the
      // move was made when it was shown, not at that touch (chess, e2-e4
      // timed 1-5 ms late when Black lifted d5 at once, its reed bouncing).
      landed = tentative_->landed.value_or(tentative_->shown);
    } else {
      // First shown by a reed's flicker (a victim's bouncing lift): made at
      // the touch that shows it now, or the fill its run of flips began with.
      landed = landing_run(matches.front());
    }
    Tentative t{matches, seq, shown, wait_for(matches, readings, after_burst)};
    t.landed = landed;
    // The same move read again, its squares untouched since (a flicker
    // elsewhere showed it alone for a moment): the squares carried with it
    // stay the reply's (issue 27 item 11, FFA 100532097: Blue's rook lifted
    // as Nf3-d4 was read, its reed falling back for 1 ms; the lift was lost).
    // So does the showing before a showing again that may yet turn out a
    // reed's flicker (session 25: undo_flicker_reshow; 1112's hands with a
    // knock of b2 between f6's flips: the knight's lift was lost).
    if (tentative_ && tentative_->groups == matches && seq == tentative_->seq) {
      t.carry = tentative_->carry;
      t.seq_before = tentative_->seq_before;
      t.carry_before = tentative_->carry_before;
    }
    if (tentative_ && tentative_->groups == matches && seq != tentative_->seq) {
      t.seq_before = tentative_->seq;
      t.carry_before = tentative_->carry;
    }
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
    const Footprint& tf = groups_[tentative_->groups.front()].footprint;
    const SquareSet t_landing = (tf.changed & ~expected_) | tf.kept;
    // Squares T's piece could still take on, going on from where it stands.
    SquareSet t_reach;
    // Squares T's piece could land on, going on from where it stands.
    SquareSet t_on;
    const Square t_to = groups_[tentative_->groups.front()].moves.front().to;
    for (const CandidateGroup& h : groups_) {
      if (tf.origin != core::kNoSquare && h.footprint.origin == tf.origin &&
          lies_between(tf.origin, t_to, h.moves.front().to)) {
        t_reach |= h.footprint.kept;
        t_on.set(core::index_of(h.moves.front().to));
      }
    }
    int replies = 0;
    // A reply whose landing was filled before its piece left is none (a
    // piece knocked off its square while T's landing stood: session 12).
    for (const CandidateGroup& g : a->groups)
      replies += shows_result(g.footprint, ev1) && !landed_before_it_left(g) &&
                             !went_on_beside(tentative_->groups.front(), g, src->game().position())
                     ? 1
                     : 0;
    if (replies == 0) {
      // The reply whole while the seat after it already lifts a piece (real
      // hands, issue 27 item 11: each lift within 270 ms of the landing
      // before it): T stands; the reply is read from the position after T.
      for (const CandidateGroup& g : a->groups) {
        if (went_on_beside(tentative_->groups.front(), g, src->game().position())) continue;
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
        if (o == core::kNoSquare || landed_before_it_left(g)) continue;
        // Only where the reply's landing lies on that way on (chess soak
        // seed 1081: Qd8-g5 resting where it could take on h4, White's
        // h4-h5 lands and Black lifts the queen again: h5 is not on the way
        // from g5 to h4, so that pawn went on, it was not the victim).
        if ((rest & t_landing).any() && t_reach.test(core::index_of(o)) &&
            lies_between(t_to, g.moves.front().to, o))
          continue;
        // Nor where that piece was lifted before T's piece left its origin:
        // no reply begins before the move it answers; it is T's victim,
        // lifted first (session 13, chesscom-ffa soak seed 370 with the hand
        // habits: g13 lifted, then Qb8 slid over f12 to take there, bounced
        // onto g12 beside it: read as Qb8-f12 with Yellow's g13-g12).
        if (t_reach.test(core::index_of(o)) && lifted_before(o, tf.origin)) continue;
        // Nor where T's piece left its square before the "reply" began, and
        // that reply landed where the piece could go on to, filled after it
        // left: the piece went on (session 15, corners-mini soak seed 960
        // with the hand habits: Black's f7-f5 rested on f6; as the pawn left
        // f6 Pink lifted his g4 bishop, both reeds bouncing, and the pawn's
        // landing on f5 read as f7-f6 with Pink's Bg4-f5 and Black lifting
        // f6). The board shows both; the hands tell (the bishop landing
        // elsewhere). A reply begun first is one (famous.pgn's evergreen:
        // Bf8-c5 resting where Bf8-b4 passes, White lifts b2, Black lifts
        // the bishop to take on b4 before the pawn lands there).
        const Square r_to = g.moves.front().to;
        if ((rest & t_landing).any() && core::is_valid(r_to) && t_on.test(core::index_of(r_to)) &&
            lifted_before(t_to, o) &&
            summary_.last_down[static_cast<std::size_t>(core::index_of(r_to))] >
                summary_.last_up[static_cast<std::size_t>(core::index_of(t_to))])
          continue;
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
    // (a reed's flip and flip back, issue 22): that move, then a reply. Not
    // one the board showed longer than a reed flickers: the piece went on
    // to it (corners-mini soak seed 908, commit_at_once off: Qc5-a3 rested
    // on b4 and stood on a3 330 ms; Grey's queen, taking it, brushed b4, and
    // Qc5-b4 with Qd6xb4 was read).
    const bool momentary =
        tentative_->left && *tentative_->left - tentative_->shown < settings_.health.bounce_window;
    if (!reply_due_ && previous_ && previous_->groups != tentative_->groups && momentary) {
      // Shown only by a reed's flicker, over a reading that stood longer:
      // that reading is the one still on the board (session 14, chess soak
      // seed 633 with the hand habits, commit_at_once off: Qa5-c3 stood 378
      // ms; Black lifted it to take it, and his queen's reed on a3 bounced
      // as he lifted it, showing Qa5xQa3 for 2 ms; Qa5-c3 was lost, and the
      // queen resting on b3 on its way to c3 was ruled out of sync).
      const bool flicker_only =
          shown_by_flicker() &&
          !(previous_->left && *previous_->left - previous_->shown < settings_.health.bounce_window);
      std::optional<Tentative> current = tentative_;
      tentative_ = previous_;
      if (reply_shown()) {
        if (commit_after_reply()) {
          previous_.reset();
          return;
        }
      }
      if (flicker_only) {
        previous_.reset();
      } else {
        tentative_ = current;
      }
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
    if (waypoint_left && tentative_->wait == Wait::kSlide) {
      went_on = tentative_->groups.front();
    } else if (tentative_ && previous_ && previous_->groups.size() == 1 &&
               previous_->wait == Wait::kSlide && shown_by_flicker()) {
      // The waypoint was replaced only by a flicker's reading (session 13,
      // corners-mini soak seed 459 with the hand habits: Qc5-c6 stood on c6,
      // Grey lifted it to take it, the reed of his b5 pawn bounced as he
      // lifted it, showing Qc5xb5 for 1 ms; his pawn then bounced onto b6
      // and Qc5-b6 was read, which never passes c6): the piece still went on
      // from that waypoint, if at all.
      went_on = previous_->groups.front();
    }
    std::optional<Overlap> o = overlapping_reading(src, ev, went_on, two_readings_);
    // Proven only while a reed of its squares may still flip back (the
    // first flip of a flicker, its flip back to come): no proof yet. It is
    // read again once the reed has had time to come back (on_tick), as a
    // fast reply is (reply_due_). Session 27, chess soak seed 8154's
    // hands: Bb2-c3 rested on c3 and the bishop went on to d4; Black lifted
    // g7 as it left, both reeds bouncing; at g7's flip back, c3's bounce
    // (down 3 ms after the bishop's lift, up again 3 ms later) read as
    // Bg7xc3 landing there and proved Bb2-c3 made: no waypoint any more, it
    // was committed at the judgement, a wrong move (the bishop on d4).
    if (o && o->proven &&
        may_still_flip_back(groups_[o->group].footprint.touched() | ev.diff | o->reply)) {
      proof_due_ = true;
      o.reset();
    }
    if (o) {
      std::vector<std::size_t> one(1, o->group);
      Millis shown = last_change_;  // the board's change that showed it (a tick reads it later)
      std::optional<Millis> landed;
      std::uint64_t seq = seq_;
      bool read_again = false;
      if (o->landed_seq != 0) {
        // The reply took on M's landing square after M's piece landed: M
        // was made at that landing, and the touches since are the reply's.
        shown = o->landed_at;
        seq = o->landed_seq;
      } else if (tentative_ && tentative_->groups == one) {
        shown = tentative_->shown;
        seq = tentative_->seq;
        landed = tentative_->landed;
        read_again = true;
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
      const Wait wait = wait_for(one, 1, false, o->proven);
      Tentative t{std::move(one), seq, shown, wait};
      t.landed = landed;
      // The reply's touches are kept past M's commit: the pieces it lifted
      // (the differences outside M) and the squares of a reply seen whole
      // (a victim's square lifted and refilled: chess soak seed 130,
      // Qe6xd6 shown whole as Bc8-d7 landed, its refill of d6 dropped with
      // the commit, then read as Qe6xBd7).
      t.carry = (ev.diff & ~groups_[o->group].footprint.touched()) | o->reply;
      // Read again with the same showing: so is the showing before a showing
      // again that may yet turn out a reed's flicker, as in the branch above
      // (session 26; the chess recapture soak, trace 3 game 3: e2-e3 resting
      // on its way to e4, the pawn lifted on as Black lifts c6, both reeds
      // bouncing; e3's flip down showed e2-e3 again, c6's flip back then read
      // it again here, and at e3's flip back nothing was undone). The squares
      // carried now stay carried if it is undone.
      if (read_again) {
        t.seq_before = tentative_->seq_before;
        t.carry_before = tentative_->carry_before | t.carry;
      }
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

bool Tracker::lifted_before(Square a, Square b) const {
  // The first lift of `a` (a flicker is none) came before the last lift of
  // `b`, both in the log.
  std::uint64_t first_a = 0;
  std::uint64_t last_b = 0;
  for (const Touch& t : log_.touches()) {
    if (t.occupied || t.flicker) continue;
    if (t.square == a && first_a == 0) first_a = t.seq;
    if (t.square == b) last_b = t.seq;
  }
  return first_a != 0 && last_b != 0 && first_a < last_b;
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

}  // namespace tabula::inference

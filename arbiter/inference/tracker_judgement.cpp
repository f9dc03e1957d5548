// tracker_judgement.cpp — the Tracker (tracker.h) judging a board that
// shows no move: pending, illegal move, out of sync, set-up, touches out of turn.
#include "inference/tracker.h"

#include <algorithm>

namespace tabula::inference {

using core::Move;
using core::Piece;
using core::Square;
using core::SquareSet;

void Tracker::judge(const MoveSource* src, TrackerUpdate& up) {
  SquareSet ignore = ignored();
  log_.summarize(0, summary_);
  Evidence ev = Evidence::of(expected_, board_.occupied(), ignore, summary_);
  // A piece in the air on the way to a legal move from the position: pending.
  pending_ = false;
  if (!disturbed_ && board_.stray().none()) {
    for (const CandidateGroup& g : groups_) {
      if (on_the_way(g.footprint, ev)) {
        pending_ = true;
        break;
      }
    }
  }
  // A waypoint's move and a longer move of the same piece both fit, the
  // next seat's capturer resting or in the air (two_readings_): no guess,
  // pending until the capturer lands (corners-mini soak seed 229).
  pending_ = pending_ || two_readings_;
  if (pending_) {
    state_ = TrackerState::kMoving;
    return;
  }
  // A piece resting on the path of a legal move of its own, on a square
  // that is no legal move itself (the one move a bot announced, a check the
  // square does not block): the hand rests on its way as on a waypoint
  // (Wait::kSlide; real hands rest 0.3-0.9 s, issue 27 item 11). It is
  // judged once it has rested as long as a waypoint waits: FIDE 4.7, the
  // move is made when the hand lets go, which the reed cannot see.
  if (!(resting_since_ && *resting_since_ == last_change_) && !disturbed_ &&
      board_.stray().none() && resting_on_a_path(ev)) {
    resting_since_ = last_change_;
    if (now_ - last_change_ < judge_quiet()) {
      judged_ = false;
      return;
    }
  }
  // The tentative move stands and the next player is part-way through a
  // reply (a victim lifted, a piece in the air), or someone else has acted:
  // commit it; the rest is judged from the position after it.
  // Not a move only a reed's flicker showed, which the board no longer
  // shows: it never stood (session 20, chess soak seed 7222: Black lifted
  // g7 as White's bishop was in the air from b2, the reed bounced and showed
  // Bb2xg7 for 4 ms; the bishop landed on d4, and Bb2xg7 was committed at
  // the settle time with Black's g7-g6 under way).
  const bool flicker_only = tentative_ && shown_by_flicker() && tentative_->left.has_value();
  // Session 29: nor a move taking on the square of a capture committed as
  // only a chattering reed's refill showed it (chattered_), which the board
  // no longer shows, a piece set down since off its squares: that capturer
  // may have landed only after the victim was lifted, and this move's piece
  // gone elsewhere (soak with bounce runs, corners-long 347: Rl3xNj3 shown
  // by j3's chatter, j3 lifted, White's rook lifted, Pink's rook landing on
  // j3, White's on i1, Grey lifting; Rj1xRj3 was committed at the settle
  // time). The chains read it. Only lifts since (the seat after it begun:
  // corners-mini 1496, Qh3xQg4 then White's king lifted) leave it standing.
  bool on_chatter = false;
  if (tentative_ && tentative_->left.has_value() &&
      (groups_[tentative_->groups.front()].footprint.touched() & chattered_).any()) {
    const SquareSet own = groups_[tentative_->groups.front()].footprint.touched();
    for (const Touch& t : log_.touches()) {
      if (t.seq > tentative_->seq && t.occupied && !t.flicker &&
          !own.test(core::index_of(t.square)))
        on_chatter = true;
    }
  }
  if (tentative_ && !disturbed_ && tentative_->groups.size() == 1 && !flicker_only && !on_chatter) {
    bool reply_under_way = false;
    // A waypoint whose piece is no longer on it, no reply that could take
    // it there, and no hand of the next seat on the board before that piece
    // left: the piece went on, the waypoint's move contradicted by the
    // board; it is not committed (the board is ruled from the position
    // before it, a wrong move is not accepted first). Session 15, chess
    // soak seed 1435 (habits off): Bf8-c5 rested on c5, left it for b4 as
    // White lifted a3, then went on to e7 after White's knight was in the
    // air; Bf8-c5 was committed 2.6 s later and the board ruled.
    bool contradicted = false;
    if (const After* a = after(src)) {
      TouchSummary since;
      log_.summarize(tentative_->seq, since, tentative_->carry);
      Evidence ev1 = Evidence::of(a->expected, board_.occupied(), a->ignored, since);
      for (const CandidateGroup& g : a->groups) {
        if (on_the_way(g.footprint, ev1)) {
          reply_under_way = true;
          break;
        }
      }
      const Square t_to = groups_[tentative_->groups.front()].moves.front().to;
      // The waypoint's piece left it: its square is empty, or was lifted
      // since the board showed the move (a flicker is no lift) and filled
      // again by another hand; the mover straightening it there shows the
      // move again, with a later showing touch. Session 21, chess soak seed
      // 8154: Bb2-d4 rested on c3, Black's g7 bishop lifted 1 ms after it
      // left; the board was ruled, and 36 s later White's Rc2-c3 filled c3:
      // Bb2-c3 was committed, a wrong move.
      bool left = false;
      for (const Touch& touch : log_.touches()) {
        if (touch.seq > tentative_->seq && touch.square == t_to && !touch.occupied &&
            !touch.flicker)
          left = true;
      }
      if (tentative_->wait == Wait::kSlide && core::is_valid(t_to) &&
          (left || !board_.occupied().test(core::index_of(t_to)))) {
        contradicted = true;
        // A reply that could take it there, if the board can still be
        // that reply under way (session 20, chess soak seeds 7671 and 8154:
        // Qe5-f6 rested on f6 and went on to g7 as Black lifted his g4
        // knight, which could take on f6; the knight landed on e5 and White
        // lifted f8, and Qe5-f6 was committed: a wrong move).
        for (const CandidateGroup& g : a->groups) {
          if (g.footprint.kept.test(core::index_of(t_to)) && on_the_way(g.footprint, ev1))
            contradicted = false;
        }
        // The next seat's hand began before the piece left its square: the
        // mover lifting it again is his next move, T stands.
        const core::Position& after_pos = a->game->position();
        for (int q = 0; q < core::kMaxSquares; ++q) {
          const Square s = static_cast<Square>(q);
          if (a->expected.test(q) && !board_.occupied().test(q) &&
              after_pos.at(s).seat == after_pos.to_move() && lifted_before(s, t_to))
            contradicted = false;
        }
      }
    }
    if (!contradicted && (reply_under_way || other_seat_acting(src))) {
      up.commit = commit_tentative();
      return;
    }
  }
  // Several plies in flight (session 18, tracker_chains.cpp): the board
  // read as the mover's move, the reply landed after it, and the seat after
  // that under way. One first move common to every reading is committed
  // (made when it landed); the rest is read from the position after it.
  ChainsFound found;
  if (std::optional<ChainReading> c = chain_reading(*src, found)) {
    Tentative t{std::vector<std::size_t>(1, c->group), c->landed_seq, c->landed_at, Wait::kNone};
    t.carry = c->carry;
    tentative_ = std::move(t);
    after_.reset();
    up.commit = commit_tentative();
    withdrawable_.reset();  // the next seat's hand was on the board: no withdrawal
    chain_later_ = std::move(c->later);
    return;
  }
  if (found.choices.size() > 1) {
    // Session 19: chains that begin with different moves: the table is
    // asked which move was meant (as for two moves the board shows alike).
    up.commit = ask_which_chain(found);
    return;
  }
  Mismatch m = describe_mismatch(src, ev);
  if (found.several || found.gave_up) {
    // The hands fit more than one sequence of legal moves (a move landed
    // twice), or too many to follow: nobody is told he moved illegally
    // (FIDE 7.5 concerns a move made, and which one was made is not known);
    // the table is asked to put the board back. The fixes of a refused
    // move would name a piece that moved nowhere: the chains' own, else the
    // squares paired as for any board out of sync.
    m.kind = MismatchKind::kOutOfSync;
    m.attempt.reset();
    // Session 20: the pieces followed through the touches (the last known
    // identities of the pieces the hands hid), not the squares paired by
    // distance alone.
    Provenance moved =
        follow_pieces(expected_, log_.touches(), follow_context(src->game().position()));
    m.fixes = !found.undo.empty() ? found.undo
                                  : plan_fixes(src->game().position(), board_.occupied(), ignored(),
                                               board_.stray(), std::nullopt, &moved);
    m.text = found.several
                 ? "the hands can be read as more than one sequence of legal moves: put the board "
                   "back as it was (" + fixes_sentence(m.fixes) + "), then play the moves again"
                 : "the hands touched too many squares to be followed as moves in flight (" +
                       std::to_string(found.steps) + " positions tried): put the board back as it was (" +
                       fixes_sentence(m.fixes) + "), then play the moves again";
  }
  bool same =
      ruled_board_ && *ruled_board_ == board_.occupied() && state_ == TrackerState::kMismatch;
  state_ = TrackerState::kMismatch;
  ruling_open_ = true;
  ruled_attempt_ = m.attempt;
  ruled_board_ = board_.occupied();
  fixes_ = m.fixes;
  if (!same) {
    m.time = now_;
    up.mismatch = std::move(m);
  }
}

bool Tracker::resting_on_a_path(const Evidence& ev) const {
  if (ev.diff.count() != 2) return false;
  for (const CandidateGroup& g : groups_) {
    const Square o = g.footprint.origin;
    const Move& m = g.moves.front();
    if (o == core::kNoSquare || m.kind == core::MoveKind::kCastle) continue;
    if (!ev.diff.test(core::index_of(o)) || board_.occupied().test(core::index_of(o))) continue;
    SquareSet rest = ev.diff;
    rest.reset(static_cast<std::size_t>(core::index_of(o)));
    for (int q = 0; q < core::kMaxSquares; ++q) {
      if (rest.test(q) && board_.occupied().test(q) && !expected_.test(q) &&
          lies_between(o, static_cast<Square>(q), m.to))
        return true;
    }
  }
  return false;
}

Mismatch Tracker::describe_mismatch(const MoveSource* src, const Evidence& ev) const {
  const core::Game& game = src->game();
  const core::Position& pos = game.position();
  const core::Geometry& g = pos.rules().geometry;
  Mismatch m;
  m.attempt = read_attempt(ev);
  Provenance moved = follow_pieces(expected_, log_.touches(), follow_context(src->game().position()));
  if (m.attempt && !m.attempt->capture) {
    // The piece on `to` is known to have come from elsewhere (a committed
    // piece taken back to its old square while another piece left `from`):
    // no one piece went from `from` to `to`.
    int to = core::index_of(m.attempt->to);
    if (moved.certain.test(to) && moved.from[to] != m.attempt->from) m.attempt.reset();
    // Session 23: nor when the hands read it as another piece, along that
    // piece's own line or pattern (followed, not a blind guess): two pieces
    // were in the air, and no one piece is known to have gone there (White's
    // rook lifted again from a4 before Black's knight left a6 for c5, the
    // rook then set on a6: "White's rook cannot go from a1 to c5" named the
    // wrong piece).
    if (moved.followed.test(to) && moved.from[to] != core::kNoSquare &&
        moved.from[to] != m.attempt->from)
      m.attempt.reset();
  }
  if (m.attempt && m.attempt->capture &&
      moved.from[core::index_of(m.attempt->to)] == core::kNoSquare &&
      pos.at(m.attempt->to).seat == mover_ && pos.at(m.attempt->from).seat != mover_) {
    // The mover's piece, lifted first, put back on its square while another
    // seat holds a piece (the knight back on g8 while White holds d2): no
    // capture in the mover's turn by a seat not to move; the piece in the
    // air is the one to name (follow_pieces reads the knight as back).
    m.attempt.reset();
  }
  if (!m.attempt && ruled_attempt_ && moved.from[core::index_of(ruled_attempt_->to)] ==
                                          ruled_attempt_->from) {
    m.attempt = ruled_attempt_;  // the move refused before, still on the board
  }
  m.fixes = plan_fixes(pos, board_.occupied(), *ev.ignored, board_.stray(), m.attempt, &moved);
  std::string todo = fixes_sentence(m.fixes);
  if (disturbed_) {
    // After a burst no move is read until the board is back in order.
    m.attempt.reset();
    m.fixes = plan_fixes(pos, board_.occupied(), *ev.ignored, board_.stray());
    m.text = "many pieces were disturbed at once: put the board back as it was before (" +
             fixes_sentence(m.fixes) + "), then play on";
    return m;
  }
  if (m.attempt) {
    m.kind = MismatchKind::kIllegalMove;
    std::string why = src->why_not(game, m.attempt->from, m.attempt->to);
    if (why.empty())
      why = game.piece_phrase(pos.at(m.attempt->from), m.attempt->from) + " may not go to " +
            g.name(m.attempt->to) + " now";
    if (regrip_ && placed_.test(core::index_of(m.attempt->from)) &&
        pos.at(m.attempt->from).seat != mover_) {
      // Moved on after a move committed at once: that move was made.
      why += "; the move before was made when the piece was set down on " +
             g.name(m.attempt->from) + " (FIDE 4.7)";
    }
    m.text = why + ". Put it back: " + todo;
    return m;
  }
  SquareSet missing = *ev.expected & ~*ev.physical & ~*ev.ignored;
  SquareSet extra = *ev.physical & ~*ev.expected & ~*ev.ignored;
  if (missing.count() == 1 && extra.none() && board_.stray().none() && !disturbed_) {
    Square q = core::kNoSquare;
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (missing.test(i)) q = static_cast<Square>(i);
    }
    Piece p = pos.at(q);
    m.kind = MismatchKind::kLifted;
    m.severity = core::Severity::kWarning;
    m.text = p.seat == mover_ ? game.piece_phrase(p, q) + " has no legal move now"
                              : game.piece_phrase(p, q) + " may not be moved: it is " +
                                    game.seat_name(mover_) + "'s turn";
    m.text += "; " + todo;
    return m;
  }
  m.kind = MismatchKind::kOutOfSync;
  if (missing.none() && board_.stray().none() && extra.any()) {
    m.text = "the board has a piece on " + square_list(g, extra) +
             " that the game does not (if it came from another square, that square's sensor may be "
             "stuck): " +
             todo;
  } else {
    int n = static_cast<int>((missing | extra).count() + board_.stray().count());
    m.text = "the board does not match the game (" + std::to_string(n) +
             (n == 1 ? " square differs" : " squares differ") + "): " + todo;
  }
  return m;
}

Mismatch Tracker::describe_setup() const {
  Mismatch m;
  m.kind = MismatchKind::kNotSetUp;
  m.severity = core::Severity::kInfo;
  m.time = now_;
  m.fixes = fixes_;
  SquareSet differ = (board_.occupied() ^ expected_) & ~ignored();
  int n = static_cast<int>(differ.count() + board_.stray().count());
  m.text = "waiting for the board to show the position to set up (" + std::to_string(n) +
           (n == 1 ? " square differs" : " squares differ") + "): " + fixes_sentence(fixes_);
  return m;
}

void Tracker::refresh_fixes(const MoveSource* src) {
  std::optional<Attempt> hint = ruled_attempt_;
  Provenance moved = follow_pieces(expected_, log_.touches(), follow_context(src->game().position()));
  fixes_ = plan_fixes(src->game().position(), board_.occupied(), ignored(), board_.stray(), hint,
                      &moved);
}

void Tracker::check_touch(Square q, const MoveSource* src, TrackerUpdate& up) {
  int i = core::index_of(q);
  if (warned_touch_.test(i) || awaiting_.test(i)) return;
  // The mover straightening the piece his move just put down, within the
  // settle time after the commit (without commit_at_once the move waited
  // that long after the last touch, straightening included).
  if (placed_.test(i) && now_ < placed_until_) {
    regrip_ = true;
    return;
  }
  // A reed flipping within the bounce window of its last change is a magnet
  // settling as the piece is put down (evidence.h), not a hand lifting it.
  if (now_ - previous_flip_ < settings_.health.bounce_window) return;
  const core::Game& game = src->game();
  Piece p = game.position().at(q);
  if (tentative_ && tentative_->groups.size() == 1) {
    const Footprint& f = groups_[tentative_->groups.front()].footprint;
    if (((f.changed & ~expected_) | f.kept).test(i)) return;  // the piece T just put down
  }
  if (p.empty() || p.seat == mover_ || targets_.test(i)) return;
  // The hand that just moved, withdrawing, knocks one of its own pieces and
  // sets it straight (on its square, or back from a neighbour): no touch out
  // of turn while it may still be over the board. A piece not put back is
  // ruled with the board after the settle time.
  if (p.seat == placed_seat_ && now_ < placed_until_) return;
  // The mover's piece is still in the air: on real boards the next player's
  // hand often starts within the same poll as that piece lands (issue 27
  // item 9, overlapping_reading). No warning yet: if no move is read, the
  // board is judged after the settle time and the lift is named then.
  const SquareSet off = expected_ & ~board_.occupied() & ~ignored();
  for (int k = 0; k < core::kMaxSquares; ++k) {
    if (k != i && off.test(k) && game.position().at(static_cast<Square>(k)).seat == mover_) return;
  }
  if (const After* a = after(src)) {
    if (p.seat == a->game->to_move() || a->targets.test(i)) return;
  }
  warned_touch_.set(i);
  Observation o{ObservationKind::kTouchOutOfTurn, core::Severity::kWarning, now_, {q}, {}};
  o.text =
      game.piece_phrase(p, q) + " was touched, but it is " + game.seat_name(mover_) + "'s turn";
  up.observations.push_back(o);
}


}  // namespace tabula::inference

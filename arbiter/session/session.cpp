#include "session/session.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "inference/footprint.h"
#include "session/session_moves.h"

// Section index: inputs and time, tracker updates, moves and game changes,
// setup and restore, rulings, snapshot. Elsewhere: the MoveSource and the
// random mover (session_moves.*), intents (session_intents.cpp), promotion at
// the board (session_promotion.cpp), requests (session_requests.cpp), the
// clock (session_clock.cpp), bots (session_bot.cpp).

namespace tabula::session {

using core::Move;
using core::Seat;
using core::Square;
using core::SquareSet;
using inference::occupancy_of;

namespace {

RulingKind kind_of(inference::ObservationKind k) {
  switch (k) {
    case inference::ObservationKind::kTouchOutOfTurn:
      return RulingKind::kTouchOutOfTurn;
    case inference::ObservationKind::kHeldTooLong:
      return RulingKind::kHeldTooLong;
    default:
      return RulingKind::kSensor;
  }
}

}  // namespace

// ---- inputs and time -----------------------------------------------------------------

Session::Session(std::vector<std::shared_ptr<const core::RuleSet>> stages,
                 const core::Position& start, SessionSettings settings)
    : settings_(settings),
      stages_(std::move(stages)),
      match_(stages_, start),
      tracker_(match_.game().rules().geometry, settings.tracker) {
  if (settings_.time_control) clock_.emplace(*settings_.time_control, game().rules().seat_count());
  Output ignored;
  enter_setup(Phase::kSetup, match_.game().position(), "set up the pieces", ignored);
}

std::optional<Millis> Session::next_deadline() const {
  std::optional<Millis> d = tracker_.next_deadline();
  for (const Request& r : requests_) {
    if (r.deadline && (!d || *r.deadline < *d)) d = r.deadline;
  }
  std::optional<Millis> f = flag_deadline();
  if (f && (!d || *f < *d)) d = f;
  if (d && *d < now_) d = now_;
  return d;
}

Output Session::handle(const Input& in) {
  Output out;
  Millis t = time_of(in);
  if (t < now_) {
    Ruling r;
    r.kind = RulingKind::kSensor;
    r.severity = core::Severity::kWarning;
    r.text = "an input at " + std::to_string(t.count()) + " ms came after one at " +
             std::to_string(now_.count()) + " ms; it is taken as happening now";
    t = now_;
    add(r, out);
  }
  advance_to(t, out);
  if (const auto* e = std::get_if<SquareEvent>(&in)) {
    SquareEvent ev = *e;
    ev.time = t;
    handle_event(ev, out);
  } else if (const auto* s = std::get_if<BoardSnapshot>(&in)) {
    // A resync: every reed that differs counts as an event now.
    const SquareSet& have = tracker_.board().cells();
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (have.test(i) != s->cells.test(i))
        handle_event(SquareEvent{t, static_cast<Square>(i), s->cells.test(i)}, out);
    }
  } else if (const auto* i = std::get_if<Intent>(&in)) {
    Intent it = *i;
    it.time = t;
    handle_intent(it, out);
  }
  sync_clock(now_);
  return out;
}

void Session::advance_to(Millis t, Output& out) {
  // Act at each deadline up to t, exactly at it. Each step changes state
  // (a commit, a judgement, a default), so this ends; the guard is for bugs.
  for (int guard = 0; guard < 256; ++guard) {
    std::optional<Millis> d = next_deadline();
    if (!d || *d > t) break;
    now_ = std::max(now_, *d);
    bool acted = false;
    for (const Request& r : requests_) {
      if (r.deadline && *r.deadline <= now_) {
        Request req = r;
        Ruling note;
        note.kind = RulingKind::kRequest;
        note.text =
            "no answer within " + std::to_string(settings_.promotion_timeout.count() / 1000) +
            " s: " + req.options[static_cast<std::size_t>(req.default_option)].label + " is taken";
        add(note, out);
        answer(req, req.default_option, out);
        acted = true;
        break;
      }
    }
    if (acted) continue;
    std::optional<Millis> td = tracker_.next_deadline();
    if (td && *td <= now_) {
      Moves src(*this);
      process(tracker_.on_tick(now_, phase_ == Phase::kPlay ? &src : nullptr), out);
    }
    std::optional<Millis> fd = flag_deadline();
    if (fd && *fd <= now_) on_flag(out);
    sync_clock(now_);
  }
  now_ = std::max(now_, t);
}

void Session::handle_event(const SquareEvent& e, Output& out) {
  default_open_choice_on_next_move(e, out);
  Moves src(*this);
  process(tracker_.on_event(e, phase_ == Phase::kPlay ? &src : nullptr), out);
}

// ---- tracker updates ---------------------------------------------------------------

void Session::process(inference::TrackerUpdate up, Output& out) {
  for (const inference::Observation& o : up.observations) {
    Ruling r;
    r.kind = kind_of(o.kind);
    r.severity = o.severity;
    r.text = o.text;
    r.squares = o.squares;
    add(r, out);
  }
  if (up.mismatch) {
    Ruling r;
    switch (up.mismatch->kind) {
      case inference::MismatchKind::kIllegalMove:
        r.kind = RulingKind::kIllegalMove;
        break;
      case inference::MismatchKind::kNotSetUp:
        r.kind = RulingKind::kSetup;
        break;
      default:
        r.kind = RulingKind::kOutOfSync;
    }
    r.severity = up.mismatch->severity;
    r.text = up.mismatch->text;
    r.fixes = up.mismatch->fixes;
    for (const inference::Fix& f : r.fixes) {
      if (f.from != core::kNoSquare) r.squares.push_back(f.from);
      if (f.to != core::kNoSquare) r.squares.push_back(f.to);
    }
    add(r, out);
  }
  if (up.back_in_order) {
    Ruling r;
    r.kind = RulingKind::kBoardInOrder;
    r.text = "the board is back in order; " + game().seat_name(game().to_move()) + " to move";
    add(r, out);
  }
  if (up.withdrawn_question) {
    // Session 19: the which-move question of several chains no longer fits
    // the board; a late answer to it is refused with this reason.
    for (const Request& r : requests_) {
      if (r.kind != RequestKind::kWhichMove) continue;
      withdrawn_questions_.emplace_back(r.id, *up.withdrawn_question);
      Ruling note;
      note.kind = RulingKind::kRequest;
      note.text = "question #" + std::to_string(r.id) + " withdrawn: " + *up.withdrawn_question;
      add(note, out);
    }
    while (withdrawn_questions_.size() > 8) withdrawn_questions_.erase(withdrawn_questions_.begin());
    question_made_each_.clear();
    close_requests(RequestKind::kWhichMove, out);
  }
  if (up.verified) on_verified(false, out);
  if (up.withdrawal) on_withdrawal(*up.withdrawal, out);
  if (up.commit) on_commit(*up.commit, out);
  // Pieces the rules removed: confirmed once the sensors see every one gone.
  if (tracker_.awaiting().none()) {
    for (const Request& r : requests_) {
      if (r.kind != RequestKind::kRemovePieces) continue;
      Ruling done;
      done.kind = RulingKind::kRemoval;
      done.text = "removal confirmed: " +
                  inference::square_list(game().rules().geometry,
                                         [&] {
                                           SquareSet s;
                                           for (Square q : r.squares) s.set(core::index_of(q));
                                           return s;
                                         }()) +
                  " cleared";
      done.squares = r.squares;
      add(done, out);
      close_requests(RequestKind::kRemovePieces, out);
      break;
    }
  }
}

// ---- moves and game changes -----------------------------------------------------------

void Session::on_commit(const inference::Commit& c, Output& out) {
  // Session 31: the move accepted before was made later than its clock
  // switch, its capture landing late (tracker.h, "A capture landed late"):
  // that switch moves to its landing, as for a withdrawal (amend_switch),
  // before this move switches the clock.
  if (c.before_made && clock_ && phase_ == Phase::kPlay && clock_switched_)
    clock_switched_ = clock_->amend_switch(*c.before_made);
  question_made_ = c.made;
  question_made_each_.clear();
  for (std::size_t i = 0; i < c.option_made.size() && i < c.options.size(); ++i)
    question_made_each_.emplace_back(c.options[i], c.option_made[i]);
  if (c.options.size() == 1) {
    accept(c.options.front(), out, c.made);
    return;
  }
  const core::Game& g = game();
  const core::RuleSet& rules = g.rules();
  const core::Position& pos = g.position();
  Request r;
  r.seat = g.to_move();
  switch (c.choice) {
    case inference::ChoiceKind::kPromotion:
      r.kind = RequestKind::kPromotion;
      break;
    case inference::ChoiceKind::kPlacement:
      r.kind = RequestKind::kPlacement;
      break;
    default:
      r.kind = RequestKind::kWhichMove;
      break;
  }
  for (const Move& m : c.options) {
    std::string label = r.kind == RequestKind::kWhichMove ? core::long_algebraic(pos, m)
                                                          : rules.piece(m.promotion).name;
    r.options.push_back(RequestOption{label, m});
  }
  if (r.kind != RequestKind::kWhichMove) {
    // The variant's first choice is the default (RULINGS: a setting).
    for (std::size_t i = 0; i < r.options.size(); ++i) {
      if (!rules.promotion.choices.empty() &&
          r.options[i].move.promotion == rules.promotion.choices.front()) {
        r.default_option = static_cast<int>(i);
      }
    }
    r.deadline = now_ + settings_.promotion_timeout;
  }
  const Move& first = c.options.front();
  std::string labels;
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    labels += (i == 0 ? "" : (i + 1 == r.options.size() ? " or " : ", ")) + r.options[i].label;
  }
  switch (r.kind) {
    case RequestKind::kPromotion:
      r.prompt = g.piece_phrase(pos.at(first.from), first.from) + " promotes on " +
                 rules.geometry.name(first.to) + ": which piece? (" + labels + ")";
      r.squares = {first.to};
      break;
    case RequestKind::kPlacement:
      r.prompt = g.seat_name(r.seat) + " places a piece on " + rules.geometry.name(first.to) +
                 " (003 rule 5): which? (" + labels + ")";
      r.squares = {first.to};
      break;
    default:
      r.prompt = c.lines.empty() ? "the board shows " + labels + " alike: which move was played?"
                                 : chains_prompt(c, labels);
      break;
  }
  open_request(r, out);
}

// Session 19: several chains of plies in flight fit the touches and begin
// with different moves (Tracker::ask_which_chain). Each chain is named, its
// plies in turn with their seats, as the position after each one names them.
std::string Session::chains_prompt(const inference::Commit& c, const std::string& labels) const {
  const core::Game& g = game();
  std::string lines;
  for (const inference::ChainLine& l : c.lines) {
    core::Game line = g;
    std::string text;
    for (const Move& m : l.moves) {
      text += (text.empty() ? "" : ", ") + line.seat_name(line.to_move()) + " " +
              core::long_algebraic(line.position(), m);
      line.play(m);
    }
    if (core::is_valid(l.in_air)) {
      text += ", " + line.piece_phrase(line.position().at(l.in_air), l.in_air) + " in the air";
    }
    if (core::is_valid(l.lifted)) {
      text += ", " + line.piece_phrase(line.position().at(l.lifted), l.lifted) + " lifted";
    }
    lines += (lines.empty() ? "" : "; or ") + text;
  }
  return "the hands can be read as more than one sequence of legal moves (" + lines + "): which move did " +
         g.seat_name(g.to_move()) + " make? (" + labels + ")";
}

// Session 13: the tracker saw the piece of the move just committed at once
// moved on at once by its mover's hand (tracker.h, "A piece moved on at
// once"): the move was not made (FIDE 4.7: a move is made when the hand
// releases the piece), and the board shows another move of that piece from
// the position before it. The move is taken back and the other one played;
// both are in the outputs (and the journal), so a replay gives the same game.
void Session::on_withdrawal(const inference::Withdrawal& w, Output& out) {
  core::Game& g = match_.game();
  if (phase_ != Phase::kPlay || g.moves().empty() || !(g.moves().back() == w.withdrawn) ||
      g.outcome().over || !g.takeback(1)) {
    // Not the last move of this stage any more: judged as any board.
    Moves src(*this);
    process(tracker_.rebase(src, inference::Rebase::kKeepEvidence), out);
    return;
  }
  trim_standing();  // the withdrawn move no longer stands (it stays in moves_, as journaled)
  const core::Position& pos = g.position();
  const Move& instead = w.instead.options.front();
  const core::Geometry& geo = g.rules().geometry;
  Ruling r;
  r.kind = RulingKind::kWithdrawn;
  r.severity = core::Severity::kWarning;
  r.text = inference::piece_name_of(g.rules(), pos.at(w.withdrawn.from)) + " went on at once from " +
           geo.name(w.withdrawn.to) + " to " + geo.name(instead.to) + ": " +
           core::long_algebraic(pos, w.withdrawn) + " withdrawn (FIDE 4.7)";
  r.squares = {w.withdrawn.to, instead.to};
  add(r, out);
  close_questions(out);
  // The clock switched when the withdrawn move's piece was set down; the
  // move read instead moves that switch to its own moment (accept(),
  // GameClock::amend_switch), with one increment.
  keep_clock_ = true;
  on_commit(w.instead, out);
}

void Session::accept(const Move& m, Output& out, std::optional<Millis> made) {
  const core::Game& g = game();
  core::Position before = g.position();
  SquareSet shown = occupancy_of(before) ^ inference::footprint_of(before, m).changed;
  AcceptedMove am{now_, match_.stage(), g.to_move(), m, core::long_algebraic(before, m)};
  std::vector<core::Ruling> rs = match_.play(m);
  if (!rs.empty() && rs.front().kind == core::RulingKind::kIllegalMove) {
    // The tracker only offers legal moves; a refusal here is a bug, said aloud.
    refuse("the move " + am.text + " was refused: " + rs.front().text, out);
    Moves src(*this);
    process(tracker_.rebase(src, inference::Rebase::kFresh), out);
    return;
  }
  moves_.push_back(am);
  standing_.push_back(moves_.size() - 1);
  out.moves.push_back(am);
  // The board is the clock: the mover's turn ends when the board first showed
  // the move, whoever is to move next (even the mover again).
  // The clocks start on the first move, as clubs do (issue 27 item 5): the
  // next seat's time runs from the moment the board showed it.
  const bool keep_clock = std::exchange(keep_clock_, false);
  const bool switched_before = std::exchange(clock_switched_, false);
  const Millis at = std::max(made.value_or(now_), Millis{0});
  if (clock_ && phase_ == Phase::kPlay && keep_clock) {
    // A withdrawn move (on_withdrawal): the clock switched when its piece
    // was set down, but the move was made when the piece read instead was
    // (FIDE 4.7): the mover's clock ran until then, or until the arbiter
    // stopped the clock meanwhile (session 14: his hand was still on the
    // piece; the next seat's turn starts when the clock starts again).
    if (switched_before) clock_switched_ = clock_->amend_switch(at);
  } else if (clock_ && phase_ == Phase::kPlay && !clock_held_) {
    if (clock_->state() == GameClock::State::kRunning) {
      clock_->switch_to(core::index_of(game().to_move()), at);
      clock_switched_ = true;
    } else if (clock_->state() == GameClock::State::kIdle) {
      clock_->start(core::index_of(game().to_move()), at);
      clock_switched_ = true;
    }
  }
  add_game_rulings(rs, out, static_cast<int>(out.moves.size()) - 1);
  close_questions(out);
  close_requests(RequestKind::kRandomMove, out);
  resume_after_bot_move(made.value_or(now_));
  mark_bot_move();  // s31-fallback
  after_game_change(shown, inference::Rebase::kAfterCommit, out);
}

void Session::after_game_change(const SquareSet& shown, inference::Rebase how, Output& out) {
  const core::Game& g = game();
  close_requests(RequestKind::kBotMove, out);  // issue 33: the game changed; announced anew
  if (match_.state() == core::Match::State::kChoosing) {
    // 004 rule 7: the stage winner picks the power piece for stage two.
    phase_ = Phase::kChoosing;
    tracker_.observe();
    Request r;
    r.kind = RequestKind::kPowerPiece;
    r.seat = match_.chooser();
    for (const std::string& o : match_.options()) r.options.push_back(RequestOption{o, {}});
    r.prompt = g.seat_name(r.seat) + " wins the stage and chooses the next stage's piece";
    open_request(r, out);
    return;
  }
  if (g.outcome().over || match_.state() == core::Match::State::kFinished) {
    phase_ = Phase::kOver;
    close_requests(RequestKind::kRemovePieces, out);
    tracker_.observe();
    return;
  }
  // Pieces the rules took off or put on without a hand move (003 rule 3):
  // asked for, then confirmed by the sensors.
  SquareSet expected = occupancy_of(g.position());
  SquareSet removed = shown & ~expected;
  SquareSet added = expected & ~shown;
  if ((removed | added).any()) {
    tracker_.expect_change(removed | added);
    Request r;
    r.kind = RequestKind::kRemovePieces;
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if ((removed | added).test(i)) r.squares.push_back(static_cast<Square>(i));
    }
    const core::Geometry& geo = g.rules().geometry;
    r.prompt = removed.any()
                   ? "take the pieces on " + inference::square_list(geo, removed) + " off the board"
                   : "";
    if (added.any()) {
      r.prompt += std::string(r.prompt.empty() ? "" : "; ") + "put pieces on " +
                  inference::square_list(geo, added) + " (see the position)";
    }
    Ruling note;
    note.kind = RulingKind::kRemoval;
    note.text = r.prompt;
    note.squares = r.squares;
    add(note, out);
    close_requests(RequestKind::kRemovePieces, out);
    open_request(r, out);
  }
  Moves src(*this);
  process(tracker_.rebase(src, how), out);
  if (phase_ == Phase::kPlay) request_random_move(out);
}

// ---- setup and restore ------------------------------------------------------------------

void Session::enter_setup(Phase phase, const core::Position& layout, const std::string& prompt,
                          Output& out) {
  phase_ = phase;
  close_requests(RequestKind::kSetBoard, out);
  close_requests(RequestKind::kRemovePieces, out);
  close_requests(RequestKind::kRandomMove, out);
  close_requests(RequestKind::kBotMove, out);
  tracker_.set_geometry(layout.rules().geometry);
  tracker_.verify(layout);
  Request r;
  r.kind = RequestKind::kSetBoard;
  r.prompt = prompt;
  open_request(r, out);
}

void Session::on_verified(bool forced, Output& out) {
  Phase was = phase_;
  close_requests(RequestKind::kSetBoard, out);
  if (match_.state() == core::Match::State::kSetup) {
    add_game_rulings(match_.setup_confirmed(), out);
  }
  const core::Game& g = game();
  Ruling r;
  r.kind = RulingKind::kSetup;
  r.text = std::string(was == Phase::kSetup ? "setup verified" : "board restored") +
           (forced ? " by the arbiter" : ": the board matches") + "; " + g.seat_name(g.to_move()) +
           " to move";
  add(r, out);
  if (!opening_said_) {
    opening_said_ = true;
    add_game_rulings(g.opening_rulings(), out);
  }
  if (g.outcome().over) {
    phase_ = Phase::kOver;
    tracker_.observe();
    return;
  }
  phase_ = Phase::kPlay;
  Moves src(*this);
  // Issue 21: what the hands did after the board showed the layout (a first
  // move begun before the setup settled) is read as play.
  process(tracker_.rebase(src, inference::Rebase::kAfterLayout), out);
  request_random_move(out);
}

// ---- rulings ------------------------------------------------------------------------

void Session::add(Ruling r, Output& out) {
  r.time = now_;
  history_.push_back(r);
  out.rulings.push_back(std::move(r));
}

void Session::add_game_rulings(const std::vector<core::Ruling>& rs, Output& out, int move_index) {
  for (const core::Ruling& c : rs) {
    Ruling r;
    r.kind = RulingKind::kGame;
    r.severity = c.severity;
    r.text = c.text;
    r.squares = c.squares;
    r.game = c;
    if (c.kind == core::RulingKind::kMove && move_index >= 0) {
      r.move = move_index;
      move_index = -1;
    }
    add(r, out);
  }
}

void Session::refuse(const std::string& text, Output& out) {
  Ruling r;
  r.kind = RulingKind::kOperator;
  r.severity = core::Severity::kWarning;
  r.text = text;
  add(r, out);
}

// ---- snapshot -----------------------------------------------------------------------

Snapshot Session::snapshot() const {
  bool setting_up = (phase_ == Phase::kSetup && match_.state() == core::Match::State::kSetup);
  Snapshot s(setting_up ? match_.setup() : game().position());
  const core::Game& g = game();
  s.time = now_;
  s.phase = phase_;
  s.stage = match_.stage();
  s.to_move = g.to_move();
  s.occupied = tracker_.board().occupied();
  SquareSet expected = tracker_.expected();
  SquareSet ignored = tracker_.ignored();
  s.lifted = expected & ~s.occupied & ~ignored;
  s.extra = s.occupied & ~expected & ~ignored;
  s.stray = tracker_.board().stray();
  s.masked = tracker_.masked();
  s.tracker = tracker_.state();
  s.tentative = tracker_.tentative();
  s.fixes = tracker_.fixes();
  s.requests = requests_;
  // The last move that stands (s31-takeback: after a takeback the kiosk
  // marked the move taken back).
  if (!standing_.empty()) s.last_move = moves_[standing_.back()];
  if (phase_ == Phase::kPlay && !g.outcome().over) s.claimable_draw = g.claimable_draw();
  for (int i = 0; i < g.rules().seat_count(); ++i) {
    Seat seat = core::seat_at(i);
    s.points[static_cast<std::size_t>(i)] = g.points(seat);
    s.statuses[static_cast<std::size_t>(i)] = g.status(seat);
    s.allies[static_cast<std::size_t>(i)] = g.vassalage().ally_of(seat);
    s.suzerains[static_cast<std::size_t>(i)] = g.vassalage().suzerain_of(seat);
    if (g.plays(seat)) {
      std::vector<Square> by = g.checkers(seat);
      if (!by.empty()) s.checks.emplace_back(seat, by);
    }
  }
  s.outcome = g.outcome();
  s.record = g.record();
  std::size_t n = std::min(settings_.recent_rulings, history_.size());
  s.recent.assign(history_.end() - static_cast<std::ptrdiff_t>(n), history_.end());
  s.clock = clock_;
  s.clock_held = clock_held_;
  // Teaching mode: where the one lifted piece of the seat to move may go.
  if (phase_ == Phase::kPlay && !question_open()) {
    int own = 0;
    for (int i = 0; i < core::kMaxSquares; ++i) {
      if (!s.lifted.test(i)) continue;
      Square q = static_cast<Square>(i);
      if (g.position().at(q).seat == g.to_move()) {
        s.lifted_piece = q;
        ++own;
      }
    }
    if (own == 1) {
      Moves src(*this);
      for (const Move& m : src.moves(g)) {
        if (m.from == s.lifted_piece &&
            std::find(s.destinations.begin(), s.destinations.end(), m.to) == s.destinations.end())
          s.destinations.push_back(m.to);
      }
    } else {
      s.lifted_piece = core::kNoSquare;
    }
  }
  return s;
}

}  // namespace tabula::session

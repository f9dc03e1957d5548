#include "session/session.h"

#include <algorithm>
#include <cctype>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "inference/footprint.h"

// Section index: the MoveSource, inputs and time, tracker updates, moves and
// game changes, setup and restore, intents, requests, rulings, snapshot.

namespace tabula::session {

using core::Move;
using core::Seat;
using core::Square;
using core::SquareSet;
using inference::occupancy_of;

namespace {

bool same_text(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

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

// ---- the MoveSource -------------------------------------------------------------

class Session::Moves : public inference::MoveSource {
 public:
  explicit Moves(const Session& s) : s_(s) {}
  const core::Game& game() const override { return s_.match_.game(); }
  core::MoveList moves(const core::Game& g) const override {
    // Issue 33: a bot's announced move is the one move the table may play.
    if (const Request* b = s_.bot_request(g)) {
      core::MoveList only;
      only.push(b->move);
      return only;
    }
    // 002 rule 7: the table plays the random mover's drawn move, nothing else.
    if (s_.settings_.random_moves == RandomMoves::kRequireRequested &&
        s_.random_mover(g, g.to_move())) {
      core::MoveList only;
      if (auto m = s_.random_move_for(g)) only.push(*m);
      return only;
    }
    return g.legal_moves();
  }
  std::string why_not(const core::Game& g, Square from, Square to) const override {
    std::string why = g.why_illegal(from, to);
    if (const Request* b = s_.bot_request(g)) return s_.bot_why_not(*b, g, from, to, why);
    if (why.empty() && s_.settings_.random_moves == RandomMoves::kRequireRequested &&
        s_.random_mover(g, g.to_move())) {
      if (auto m = s_.random_move_for(g)) {
        why = g.seat_name(g.to_move()) + " is a random mover and must play " +
              core::long_algebraic(g.position(), *m) + ", not " + g.rules().geometry.name(from) +
              "-" + g.rules().geometry.name(to);
      }
    }
    return why;
  }

 private:
  const Session& s_;
};

namespace {

// The variant's own rule for a player out who still moves, cited from its
// data (issue 27 item 3: a chess.com game cited "002 rule 7"): 002 rule 7's
// random mover, or chess.com's walking king, by how the seat went out.
std::string random_mover_citation(const core::Game& g) {
  const core::RuleSet& rules = g.rules();
  const core::SeatStatus st = g.status(g.to_move());
  const core::EliminationPolicy policy = st == core::SeatStatus::kFlagged  ? rules.elimination.on_timeout
                                         : st == core::SeatStatus::kResigned ? rules.elimination.on_resign
                                         : st == core::SeatStatus::kCheckmated ? rules.elimination.on_mate
                                                                               : rules.elimination.on_stalemate;
  if (policy == core::EliminationPolicy::kDeadKingWalking) return rules.name + ": the king of a player out walks on";
  if (policy == core::EliminationPolicy::kRandomMover && rules.sheet == "002") return "002 rule 7";
  return rules.name;
}

}  // namespace

bool Session::random_mover(const core::Game& g, Seat s) const {
  return s != core::kNoSeat && g.plays(s) && g.status(s) != core::SeatStatus::kLive;
}

std::optional<Move> Session::random_move_for(const core::Game& g) const {
  // Seeded by the session's seed, the stage and the ply: the same game draws
  // the same moves (and a takeback draws the same one again).
  std::uint64_t seed = settings_.random_seed * 0x9E3779B97F4A7C15ULL +
                       static_cast<std::uint64_t>(match_.stage()) * 1000003ULL + g.moves().size();
  return g.random_move(seed);
}

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
  if (up.verified) on_verified(false, out);
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
  question_made_ = c.made;
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
      r.prompt = "the board shows " + labels + " alike: which move was played?";
      break;
  }
  open_request(r, out);
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
  out.moves.push_back(am);
  // The board is the clock: the mover's turn ends when the board first showed
  // the move, whoever is to move next (even the mover again).
  // The clocks start on the first move, as clubs do (issue 27 item 5): the
  // next seat's time runs from the moment the board showed it.
  if (clock_ && phase_ == Phase::kPlay && !clock_held_) {
    const Millis at = std::max(made.value_or(now_), Millis{0});
    if (clock_->state() == GameClock::State::kRunning) {
      clock_->switch_to(core::index_of(game().to_move()), at);
    } else if (clock_->state() == GameClock::State::kIdle) {
      clock_->start(core::index_of(game().to_move()), at);
    }
  }
  add_game_rulings(rs, out, static_cast<int>(out.moves.size()) - 1);
  close_questions(out);
  close_requests(RequestKind::kRandomMove, out);
  resume_after_bot_move(made.value_or(now_));
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

void Session::request_random_move(Output& out) {
  const core::Game& g = game();
  close_requests(RequestKind::kRandomMove, out);
  if (g.outcome().over || !random_mover(g, g.to_move())) return;
  std::optional<Move> m = random_move_for(g);
  if (!m) return;
  Request r;
  r.kind = RequestKind::kRandomMove;
  r.seat = g.to_move();
  r.move = *m;
  r.squares = {m->from, m->to};
  r.prompt = g.seat_name(r.seat) + " is a random mover (" + random_mover_citation(g) + "): play " +
             core::long_algebraic(g.position(), *m) + " for " + g.seat_name(r.seat);
  open_request(r, out);
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

// ---- intents ------------------------------------------------------------------------

void Session::handle_intent(const Intent& in, Output& out) {
  const core::Geometry& geo = game().rules().geometry;
  auto question = [&](auto pred) -> const Request* {
    for (const Request& r : requests_) {
      if (pred(r)) return &r;
    }
    return nullptr;
  };
  switch (in.kind) {
    case IntentKind::kAnswer: {
      const Request* r = question([&](const Request& q) { return q.id == in.request; });
      if (!r || r->options.empty())
        return refuse("there is no open question #" + std::to_string(in.request), out);
      if (in.option < 0 || in.option >= static_cast<int>(r->options.size())) {
        return refuse("question #" + std::to_string(in.request) + " has no option " +
                          std::to_string(in.option),
                      out);
      }
      return answer(*r, in.option, out);
    }
    case IntentKind::kChoosePiece:
    case IntentKind::kChooseMove:
    case IntentKind::kChooseOption: {
      const Request* r = question([](const Request& q) { return !q.options.empty(); });
      // Issue 31 item 11: with no question open, a piece chosen changes the
      // last promotion (the default taken when the next move began).
      if (!r && in.kind == IntentKind::kChoosePiece) return change_last_promotion(in.piece, out);
      if (!r) return refuse("there is no open question to answer", out);
      for (std::size_t i = 0; i < r->options.size(); ++i) {
        const RequestOption& o = r->options[i];
        bool hit = in.kind == IntentKind::kChoosePiece
                       ? o.move.promotion == in.piece && r->kind != RequestKind::kWhichMove
                   : in.kind == IntentKind::kChooseMove ? o.move == in.move
                                                        : same_text(o.label, in.text);
        if (hit) return answer(*r, static_cast<int>(i), out);
      }
      std::string labels;
      for (const RequestOption& o : r->options) labels += (labels.empty() ? "" : ", ") + o.label;
      return refuse("that is not one of the choices (" + labels + ")", out);
    }
    case IntentKind::kTakeback: {
      if (phase_ != Phase::kPlay && phase_ != Phase::kOver && phase_ != Phase::kRestore) {
        return refuse("nothing to take back now (" + std::string(to_string(phase_)) + ")", out);
      }
      settle_before_operator(out);
      int made = static_cast<int>(game().moves().size());
      const std::string moves = std::to_string(in.count) + (in.count == 1 ? " move" : " moves");
      if (!match_.game().takeback(in.count)) {
        return refuse("cannot take back " + moves + ": " + std::to_string(made) + " made in this stage", out);
      }
      Ruling r;
      r.kind = RulingKind::kOperator;
      r.text = "the arbiter takes back " + moves + "; " + game().seat_name(game().to_move()) + " to move";
      add(r, out);
      close_questions(out);
      enter_setup(Phase::kRestore, game().position(), "put the board back as it was " + moves + " ago", out);
      return;
    }
    case IntentKind::kResign:
    case IntentKind::kTimeout:
    case IntentKind::kAgreeDraw:
    case IntentKind::kClaimDraw: {
      if (phase_ != Phase::kPlay) return refuse("the game is not being played now", out);
      settle_before_operator(out);
      if (phase_ != Phase::kPlay) return refuse("the game is over", out);
      SquareSet shown = tracker_.expected();
      core::Game& g = match_.game();
      std::vector<core::Ruling> rs;
      switch (in.kind) {
        case IntentKind::kResign:
          rs = g.resign(in.seat);
          break;
        case IntentKind::kTimeout:
          rs = g.timeout(in.seat);
          break;
        case IntentKind::kAgreeDraw:
          rs = g.agree_draw();
          break;
        default:
          rs = g.claim_draw();
          break;
      }
      if (rs.empty()) {
        return refuse(
            g.seat_name(in.seat) +
                (in.kind == IntentKind::kResign ? " cannot resign" : " cannot lose on time") +
                ": not playing now",
            out);
      }
      add_game_rulings(rs, out);
      if (rs.front().kind == core::RulingKind::kIllegalMove) return;  // a refused draw claim
      close_questions(out);
      after_game_change(shown, inference::Rebase::kKeepEvidence, out);
      return;
    }
    case IntentKind::kConfirmSetup: {
      if (phase_ != Phase::kSetup && phase_ != Phase::kRestore)
        return refuse("there is no setup to confirm", out);
      if (tracker_.state() == inference::TrackerState::kInSync) return on_verified(false, out);
      if (!in.force) {
        return refuse(
            "the board does not match yet: " + inference::fixes_sentence(tracker_.fixes()), out);
      }
      SquareSet differ = tracker_.differences();
      for (int i = 0; i < core::kMaxSquares; ++i) {
        if (differ.test(i)) tracker_.set_masked(static_cast<Square>(i), true);
      }
      Ruling r;
      r.kind = RulingKind::kSetup;
      r.severity = core::Severity::kWarning;
      r.text = "the arbiter confirms the board although the sensors disagree" +
               (differ.any()
                    ? " on " + inference::square_list(geo, differ) + "; those sensors are ignored"
                    : std::string());
      r.squares.clear();
      add(r, out);
      return on_verified(true, out);
    }
    case IntentKind::kVerifyBoard:
      // Also while the board is being restored (issue 18: refused there,
      // a dead end after a takeback): the check starts again.
      if (phase_ != Phase::kPlay && phase_ != Phase::kRestore) {
        return refuse("the board can be checked only during play or while it is restored", out);
      }
      settle_before_operator(out);
      close_questions(out);
      enter_setup(Phase::kRestore, game().position(),
                  "the arbiter checks the board: make it match the game", out);
      return;
    case IntentKind::kPauseClock:
    case IntentKind::kResumeClock:
    case IntentKind::kSetClock:
      return clock_intent(in, out);
    case IntentKind::kAdjudicate:
      return adjudicate(in, out);
    case IntentKind::kSetPosition:
      return set_position(in, out);
    case IntentKind::kBotMove:
      return announce_bot_move(in, out);
    case IntentKind::kAdvice:
      return advise(in, out);
    case IntentKind::kSensorFault:
    case IntentKind::kSensorRepaired: {
      Square q = tracker_.board().square_of(in.square);
      if (q == core::kNoSquare) return refuse("there is no sensor of a square at that cell", out);
      bool faulty = in.kind == IntentKind::kSensorFault;
      tracker_.set_masked(q, faulty);
      Ruling r;
      r.kind = RulingKind::kOperator;
      r.severity = faulty ? core::Severity::kWarning : core::Severity::kInfo;
      r.squares = {q};
      r.text =
          faulty ? "the sensor of " + geo.name(q) + " is marked faulty: " + geo.name(q) +
                       " is no longer compared; moves to or from it are read from the other squares"
                 : "the sensor of " + geo.name(q) + " is back in use";
      add(r, out);
      if (phase_ == Phase::kPlay && !question_open()) {
        Moves src(*this);
        process(tracker_.rebase(src, inference::Rebase::kKeepEvidence), out);
      } else if (phase_ == Phase::kSetup || phase_ == Phase::kRestore) {
        tracker_.verify(match_.state() == core::Match::State::kSetup ? match_.setup()
                                                                     : game().position());
      }
      return;
    }
  }
}

void Session::settle_before_operator(Output& out) {
  // The arbiter acts on the game as the table shows it: a move on the board
  // is made now, and an open promotion takes its default.
  if (phase_ != Phase::kPlay) return;
  Moves src(*this);
  process(tracker_.settle_now(&src), out);
  for (const Request& r : requests_) {
    if (r.kind == RequestKind::kPromotion || r.kind == RequestKind::kPlacement) {
      Request req = r;
      answer(req, req.default_option, out);
      break;
    }
  }
}

// ---- promotion at the board (issue 31 item 11) ------------------------------------
//
// A presence board cannot see which piece was put down, and play must go on:
// while a promotion (or placement) question is open, the first sensor change
// away from the promotion square is the next player's move beginning. The
// default (the variant's first choice: the queen) is taken at once and the
// change is read as part of the next move, so no move is lost to the
// question; the arbiter can change the piece afterwards (kChoosePiece with
// no question open), and the game is replayed from the promotion.

void Session::default_open_choice_on_next_move(const SquareEvent& e, Output& out) {
  if (phase_ != Phase::kPlay) return;
  for (const Request& r : requests_) {
    if (r.kind != RequestKind::kPromotion && r.kind != RequestKind::kPlacement) continue;
    if (std::find(r.squares.begin(), r.squares.end(), e.square) != r.squares.end()) return;
    Request req = r;
    Ruling note;
    note.kind = RulingKind::kRequest;
    note.squares = {e.square};
    note.text = "play goes on (" + game().rules().geometry.name(e.square) + "): " +
                req.options[static_cast<std::size_t>(req.default_option)].label +
                " is taken; the arbiter may change it";
    add(note, out);
    answer(req, req.default_option, out);
    return;
  }
}

void Session::change_last_promotion(core::PieceKind piece, Output& out) {
  if (phase_ != Phase::kPlay) return refuse("there is no open question to answer", out);
  core::Game& g = match_.game();
  const core::RuleSet& rules = g.rules();
  const std::vector<Move>& played = g.moves();
  std::size_t at = played.size();
  for (std::size_t i = played.size(); i-- > 0;) {
    if (played[i].promotion != core::kNoKind && played[i].kind != core::MoveKind::kPlacement) {
      at = i;
      break;
    }
  }
  if (at == played.size()) return refuse("there is no open question, and no promotion to change", out);
  if (piece == core::kNoKind || std::find(rules.promotion.choices.begin(), rules.promotion.choices.end(), piece) ==
                                    rules.promotion.choices.end()) {
    std::string names;
    for (core::PieceKind k : rules.promotion.choices) names += (names.empty() ? "" : ", ") + rules.piece(k).name;
    return refuse("a pawn cannot promote to that piece here (the choices: " + names + ")", out);
  }
  const Move old = played[at];
  if (old.promotion == piece) return refuse("the promotion is already a " + rules.piece(piece).name, out);
  // Take the game back to just before the promotion (only moves may follow
  // it: a resignation or flag after it is the arbiter's to take back first).
  core::Game copy = g;
  const std::size_t after = played.size() - at;
  for (std::size_t k = 0; k < after; ++k) {
    if (!copy.takeback(1) || copy.moves().size() != played.size() - k - 1) {
      return refuse("the promotion cannot be changed: the game ended or a player left after it", out);
    }
  }
  Move changed = old;
  changed.promotion = piece;
  const std::string text = core::long_algebraic(copy.position(), changed);
  std::vector<core::Ruling> rs = copy.play(changed);
  for (std::size_t j = at + 1; j < played.size() && !(rs.empty() || rs.front().kind == core::RulingKind::kIllegalMove);
       ++j) {
    rs = copy.play(played[j]);
  }
  if (rs.empty() || rs.front().kind == core::RulingKind::kIllegalMove) {
    return refuse("the promotion cannot be changed to a " + rules.piece(piece).name +
                      ": a later move would not be legal then",
                  out);
  }
  g = copy;
  for (auto it = moves_.rbegin(); it != moves_.rend(); ++it) {
    if (it->move == old && it->stage == match_.stage()) {
      it->move = changed;
      it->text = text;
      break;
    }
  }
  Ruling r;
  r.kind = RulingKind::kOperator;
  r.squares = {old.to};
  r.text = "the arbiter changes the promotion on " + rules.geometry.name(old.to) + " to a " +
           rules.piece(piece).name + " (" + text + "); the game goes on from there";
  add(r, out);
  Moves src(*this);
  process(tracker_.rebase(src, inference::Rebase::kKeepEvidence), out);
}

// ---- requests -----------------------------------------------------------------------

void Session::answer(Request req, int option, Output& out) {
  const RequestOption& o = req.options[static_cast<std::size_t>(option)];
  switch (req.kind) {
    case RequestKind::kPromotion:
    case RequestKind::kPlacement:
    case RequestKind::kWhichMove: {
      Ruling r;
      r.kind = RulingKind::kRequest;
      r.text = game().seat_name(req.seat) + ": " + o.label;
      add(r, out);
      accept(o.move, out, question_made_);
      return;
    }
    case RequestKind::kPowerPiece: {
      if (auto err = match_.choose(o.label)) return refuse(err->message, out);
      Ruling r;
      r.kind = RulingKind::kRequest;
      r.text = game().seat_name(req.seat) + " chooses the " + o.label;
      add(r, out);
      close_requests(RequestKind::kPowerPiece, out);
      enter_setup(Phase::kSetup, match_.setup(), "set up the next stage (" + o.label + ")", out);
      return;
    }
    default:
      return refuse("request #" + std::to_string(req.id) + " needs no answer", out);
  }
}

bool Session::question_open() const {
  return std::any_of(requests_.begin(), requests_.end(),
                     [](const Request& r) { return !r.options.empty(); });
}

void Session::open_request(Request r, Output& out) {
  r.id = next_request_++;
  r.opened = now_;
  requests_.push_back(r);
  out.opened.push_back(r);
  Ruling note;
  note.kind = RulingKind::kRequest;
  note.text = r.prompt;
  note.squares = r.squares;
  if (!r.prompt.empty() && r.kind != RequestKind::kRemovePieces && r.kind != RequestKind::kBotMove) add(note, out);
}

void Session::close_requests(RequestKind kind, Output& out) {
  for (auto it = requests_.begin(); it != requests_.end();) {
    if (it->kind == kind) {
      out.closed.push_back(it->id);
      it = requests_.erase(it);
    } else {
      ++it;
    }
  }
}

void Session::close_questions(Output& out) {
  close_requests(RequestKind::kPromotion, out);
  close_requests(RequestKind::kPlacement, out);
  close_requests(RequestKind::kWhichMove, out);
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
  if (!moves_.empty()) s.last_move = moves_.back();
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

// ---- the clock ----------------------------------------------------------------------

std::optional<Millis> Session::flag_deadline() const {
  if (!clock_ || phase_ != Phase::kPlay) return std::nullopt;
  std::optional<Millis> f = clock_->flag_time();
  if (!f) return std::nullopt;
  // A move the board showed in time stands: it commits when it settles and
  // stops the clock at the moment it was shown.
  if (std::optional<Millis> shown = tracker_.tentative_shown(); shown && *shown <= *f)
    return std::nullopt;
  if (tracker_.state() == inference::TrackerState::kAwaitingChoice) return std::nullopt;
  return f;
}

void Session::on_flag(Output& out) {
  std::optional<int> i = clock_->flag(now_);
  if (!i) return;
  Seat s = core::seat_at(*i);
  Ruling r;
  r.kind = RulingKind::kClock;
  r.severity = core::Severity::kWarning;
  r.text = game().seat_name(s) + "'s flag has fallen (" + describe(clock_->control()) + ")";
  add(r, out);
  SquareSet shown = tracker_.expected();
  std::vector<core::Ruling> rs = match_.game().timeout(s);
  if (rs.empty()) return;
  add_game_rulings(rs, out);
  close_questions(out);
  after_game_change(shown, inference::Rebase::kKeepEvidence, out);
}

void Session::sync_clock(Millis at) {
  if (!clock_) return;
  const core::Game& g = game();
  for (int i = 0; i < g.rules().seat_count(); ++i) {
    Seat s = core::seat_at(i);
    // Out of the game, or a random mover whose moves the table plays (002 rule 7).
    clock_->set_retired(i, !g.plays(s) || random_mover(g, s), at);
  }
  if (phase_ == Phase::kOver || g.outcome().over) return clock_->stop(at);
  // Issue 33: a bot's clock stops when its move is announced; the next
  // seat's starts when the move stands on the board (accept()).
  if (phase_ != Phase::kPlay || clock_held_ || bot_request(g) != nullptr) return clock_->pause(at);
  int next = core::index_of(g.to_move());
  switch (clock_->state()) {
    case GameClock::State::kIdle:
      // kFirstMove: idle until the first move (accept() starts it); a game
      // that already has moves starts at once.
      if (settings_.clock_start == ClockStart::kSetup || !moves_.empty()) clock_->start(next, at);
      return;
    case GameClock::State::kRunning:
      if (clock_->running() != next) clock_->switch_to(next, at);
      return;
    default:
      return clock_->resume(next, at);
  }
}

void Session::clock_intent(const Intent& in, Output& out) {
  if (!clock_) return refuse("this game has no clock", out);
  Ruling r;
  r.kind = RulingKind::kClock;
  switch (in.kind) {
    case IntentKind::kPauseClock:
      if (clock_held_) return refuse("the clock is already stopped", out);
      clock_held_ = true;
      clock_->pause(now_);
      r.text = "the arbiter stops the clock";
      break;
    case IntentKind::kResumeClock:
      if (!clock_held_) return refuse("the clock is not stopped", out);
      clock_held_ = false;
      sync_clock(now_);
      r.text = "the arbiter starts the clock again";
      break;
    default: {
      int i = core::index_of(in.seat);
      if (in.seat == core::kNoSeat || i >= game().rules().seat_count())
        return refuse("set the clock of which seat?", out);
      if (in.count < 0) return refuse("a clock cannot be set below zero", out);
      clock_->set_remaining(i, Millis{in.count}, now_);
      r.severity = core::Severity::kWarning;
      r.text = "the arbiter sets " + game().seat_name(in.seat) + "'s clock to " +
               format_clock(Millis{in.count});
      break;
    }
  }
  add(r, out);
}

void Session::adjudicate(const Intent& in, Output& out) {
  if (phase_ == Phase::kOver) return refuse("the game is already over", out);
  if (in.seat != core::kNoSeat && core::index_of(in.seat) >= game().rules().seat_count())
    return refuse("there is no such seat to win", out);
  settle_before_operator(out);
  if (game().outcome().over) return refuse("the game is already over", out);
  SquareSet shown = tracker_.expected();
  std::vector<core::Ruling> rs = match_.game().adjudicate(in.force, in.force ? core::kNoSeat : in.seat);
  if (rs.empty()) return refuse("the game cannot be adjudicated now", out);
  Ruling r;
  r.kind = RulingKind::kOperator;
  r.severity = core::Severity::kWarning;
  r.text = "the arbiter adjudicates the game: " +
           (in.force ? std::string("a draw")
            : in.seat == core::kNoSeat ? std::string("the standing as it is")
                                       : game().seat_name(in.seat) + " wins");
  add(r, out);
  add_game_rulings(rs, out);
  close_questions(out);
  after_game_change(shown, inference::Rebase::kKeepEvidence, out);
}

void Session::set_position(const Intent& in, Output& out) {
  if (phase_ == Phase::kChoosing) return refuse("choose the next stage's piece first", out);
  const core::RuleSet& rules = game().rules();
  core::Result<core::Position> pos = rules.four_player_notation ? core::parse_fen4(rules, in.text)
                                                                : core::parse_fen(rules, in.text);
  if (!pos.ok()) {
    return refuse("the position \"" + in.text + "\" cannot be set: " + pos.error().message, out);
  }
  std::vector<std::shared_ptr<const core::RuleSet>> rest(
      stages_.begin() + match_.stage(), stages_.end());
  match_ = core::Match(rest, pos.value());
  moves_.clear();
  close_questions(out);
  close_requests(RequestKind::kPowerPiece, out);
  opening_said_ = false;
  Ruling r;
  r.kind = RulingKind::kOperator;
  r.severity = core::Severity::kWarning;
  r.text = "the arbiter sets the position " + in.text + "; " + game().seat_name(game().to_move()) +
           " to move";
  add(r, out);
  enter_setup(Phase::kSetup, game().position(), "set the board to the arbiter's position", out);
}

}  // namespace tabula::session

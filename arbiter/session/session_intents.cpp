// session_intents.cpp — the Session's intents: what the arbiter and the
// players ask for at the kiosk (answers, takebacks, resignations, draws, the
// clock, adjudication, a set position), each refused with a reason when it
// does not apply.
//
// Section index: intents, adjudication, a set position.
#include <cctype>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "session/session_moves.h"

namespace tabula::session {

using core::Square;
using core::SquareSet;

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

}  // namespace

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
      if (!r || r->options.empty()) {
        for (const auto& [id, why] : withdrawn_questions_) {
          if (id == in.request)
            return refuse("question #" + std::to_string(id) + " was withdrawn: " + why, out);
        }
        return refuse("there is no open question #" + std::to_string(in.request), out);
      }
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
      if (!r && !withdrawn_questions_.empty()) {
        const auto& [id, why] = withdrawn_questions_.back();
        return refuse("there is no open question to answer (question #" + std::to_string(id) +
                          " was withdrawn: " + why + ")",
                      out);
      }
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
    case IntentKind::kTakeback:
      return take_back(in, out);  // session_takeback.cpp
    case IntentKind::kResign:
    case IntentKind::kTimeout:
    case IntentKind::kAgreeDraw:
    case IntentKind::kClaimDraw: {
      if (phase_ != Phase::kPlay) return refuse("the game is not being played now", out);
      // A seat the game does not have (an input edited, or made up) leaves
      // nobody: the core would read past its seats.
      if ((in.kind == IntentKind::kResign || in.kind == IntentKind::kTimeout) &&
          (in.seat == core::kNoSeat || core::index_of(in.seat) >= game().rules().seat_count())) {
        return refuse("there is no seat " + std::to_string(core::index_of(in.seat)) + " in this game to " +
                          (in.kind == IntentKind::kResign ? "resign" : "lose on time"),
                      out);
      }
      settle_before_operator(out);
      if (phase_ != Phase::kPlay) return refuse("the game is over", out);
      if (in.kind == IntentKind::kTimeout) {
        if (std::optional<std::string> why = unfounded_flag(in.seat)) return refuse(*why, out);
      }
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
    case IntentKind::kBotFallback:
      return change_bot_engine(in, out);
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
  standing_.clear();
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

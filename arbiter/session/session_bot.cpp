// session_bot.cpp — the Session's part in a bot's move and in advice (issue 33).
//
// Section index: the announcement, advice, the clock.
//
// The search runs outside the session (the kiosk's worker, `tabula play`);
// its move comes in as an Intent (kBotMove), so it is journaled and a resumed
// session announces the same move again. While the announcement is open, the
// session's MoveSource offers that move alone (as 002 rule 7's random move),
// so anything else the hands do is refused with the usual put-back guidance,
// naming the bot's move again. The bot's clock is stopped at the announcement
// and the next seat's starts when the move stands on the board.
#include "session/session.h"

#include "core/notation.h"
#include "session/session_moves.h"

namespace tabula::session {

namespace {

std::string bot_sentence(const core::Game& g, core::Seat seat, const core::Move& m) {
  const std::string who = g.seat_name(seat);
  return who + "'s bot plays " + core::long_algebraic(g.position(), m) + ": move it for " + who;
}

}  // namespace

// ---- the announcement -------------------------------------------------------------

const Request* Session::bot_request(const core::Game& g) const {
  for (const Request& r : requests_) {
    if (r.kind == RequestKind::kBotMove && r.seat == g.to_move()) return &r;
  }
  return nullptr;
}

std::string Session::bot_why_not(const Request& bot, const core::Game& g, core::Square from, core::Square to,
                                 const std::string& rules_why) const {
  const std::string who = g.seat_name(bot.seat);
  const std::string wanted = core::long_algebraic(g.position(), bot.move);
  if (!rules_why.empty()) return rules_why + "; " + who + "'s bot plays " + wanted + ": move it for " + who;
  const core::Geometry& geo = g.rules().geometry;
  return who + "'s bot plays " + wanted + ", not " + geo.name(from) + "-" + geo.name(to) + ": move it for " + who;
}

void Session::announce_bot_move(const Intent& in, Output& out) {
  const core::Game& g = game();
  if (phase_ != Phase::kPlay) {
    return refuse("a bot's move can be announced only during play (now " + std::string(to_string(phase_)) + ")",
                  out);
  }
  if (in.seat != g.to_move()) {
    return refuse("a bot's move for " + (in.seat == core::kNoSeat ? std::string("no seat") : g.seat_name(in.seat)) +
                      " was refused: it is " + g.seat_name(g.to_move()) + "'s turn",
                  out);
  }
  if (bot_request(g) != nullptr) return refuse(g.seat_name(in.seat) + "'s bot has already announced its move", out);
  if (question_open()) return refuse("a question is open; the bot's move waits for its answer", out);
  // The legal move with these squares (and promotion, when named): a shell
  // may name a double step or a castling by its squares alone.
  std::optional<core::Move> legal;
  for (const core::Move& m : g.legal_moves()) {
    if (m.from != in.move.from || m.to != in.move.to) continue;
    if (in.move.promotion != core::kNoKind && m.promotion != in.move.promotion) continue;
    if (!legal || m == in.move) legal = m;
  }
  if (!legal) {
    const core::Geometry& geo = g.rules().geometry;
    return refuse(g.seat_name(in.seat) + "'s bot move " + geo.name(in.move.from) + "-" + geo.name(in.move.to) +
                      " is not legal here; it was refused",
                  out);
  }
  Request r;
  r.kind = RequestKind::kBotMove;
  r.seat = in.seat;
  r.move = *legal;
  r.squares = {legal->from, legal->to};
  r.prompt = bot_sentence(g, in.seat, *legal);
  Ruling note;
  note.kind = RulingKind::kBotMove;
  note.text = r.prompt;
  note.squares = r.squares;
  add(note, out);
  open_request(r, out);
  // The hands may already have made the move (a table that moved before the
  // announcement, or a resumed journal): read the board again under the
  // announcement's one move.
  Moves src(*this);
  process(tracker_.rebase(src, inference::Rebase::kKeepEvidence), out);
}

// ---- advice -------------------------------------------------------------------------

void Session::advise(const Intent& in, Output& out) {
  if (in.text.empty()) return refuse("advice without words was refused", out);
  Ruling r;
  r.kind = RulingKind::kAdvice;
  r.text = in.text;
  if (in.move.from != core::kNoSquare) r.squares = {in.move.from, in.move.to};
  add(r, out);
}

// ---- the clock ----------------------------------------------------------------------

void Session::resume_after_bot_move(Millis at) {
  if (!clock_ || clock_held_ || clock_->state() != GameClock::State::kPaused) return;
  bool announced = false;
  for (const Request& r : requests_) announced = announced || r.kind == RequestKind::kBotMove;
  if (!announced) return;
  clock_->resume(core::index_of(game().to_move()), std::max(at, Millis{0}));
}

}  // namespace tabula::session

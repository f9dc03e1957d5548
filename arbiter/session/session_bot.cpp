// session_bot.cpp — the Session's part in a bot's move and in advice (issue 33).
//
// Section index: the announcement, advice, a Stockfish seat's fallback, the clock.
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
#include "session/bot_seats.h"
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
  announced_engine_ = in.text;  // s31-fallback: who chose it, for the record's comments
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

// ---- a Stockfish seat's fallback ---------------------------------------------------
//
// s31-fallback: a Stockfish seat that failed is played by Tabula's engine
// until the game ends (docs/BOTS.md). The shell journals that as a
// kBotFallback intent, so a resumed session knows it (bot_task() then gives
// the seat to Tabula's engine: Stockfish is not asked again, and the table
// does not hear the failure again). The session does not know the bots
// (the journal's header does): a seat that is no Stockfish seat is the
// resume's to name (journal::bot_fallback_problems).

const Session::BotEngineChange* Session::bot_fallback(core::Seat seat) const {
  for (auto it = bot_changes_.rbegin(); it != bot_changes_.rend(); ++it) {
    if (it->seat != seat) continue;
    return it->reason == BotFallbackReason::kStockfishAgain ? nullptr : &*it;
  }
  return nullptr;
}

void Session::change_bot_engine(const Intent& in, Output& out) {
  const core::Game& g = game();
  if (!stockfish_plays(g.rules())) {
    return refuse("a Stockfish fallback was refused: Stockfish plays orthodox chess only, not " + g.rules().name, out);
  }
  if (in.seat == core::kNoSeat || core::index_of(in.seat) >= g.rules().seat_count()) {
    return refuse("a Stockfish fallback for no seat of this game was refused", out);
  }
  const std::string who = g.seat_name(in.seat);
  if (in.option < 0 || in.option >= kBotFallbackReasons) {
    return refuse("a Stockfish fallback for " + who + " with an unknown reason (" + std::to_string(in.option) +
                      ") was refused",
                  out);
  }
  const auto reason = static_cast<BotFallbackReason>(in.option);
  const bool again = reason == BotFallbackReason::kStockfishAgain;
  if (in.text.empty()) return refuse("a Stockfish fallback for " + who + " without words was refused", out);
  if (!again && (in.count < 1 || in.count > 8)) {
    return refuse("a Stockfish fallback for " + who + " to Tabula's level " + std::to_string(in.count) +
                      " was refused (levels 1-8)",
                  out);
  }
  if (again != (bot_fallback(in.seat) != nullptr)) {
    return refuse(again ? "Stockfish already plays " + who + ": \"" + in.text + "\" was refused"
                        : "Tabula's engine already plays " + who + " for Stockfish: \"" + in.text + "\" was refused",
                  out);
  }
  bot_changes_.push_back({in.seat, reason, again ? 0 : in.count, in.text, g.moves().size()});
  Ruling r;
  r.kind = RulingKind::kAdvice;  // as the advice that said it before session 31
  r.text = in.text;
  add(r, out);
}

// The move just made was the open announcement's: marked with its engine.
void Session::mark_bot_move() {
  const core::Game& g = game();
  if (g.moves().empty()) return;
  for (const Request& r : requests_) {
    if (r.kind != RequestKind::kBotMove || !(r.move == g.moves().back())) continue;
    bot_marks_.push_back({match_.stage(), g.moves().size() - 1, r.move, r.seat, announced_engine_, bot_changes_.size()});
    return;
  }
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

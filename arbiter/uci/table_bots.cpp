// table_bots.cpp — Section index: a bot's move, a hint, the end.
#include "uci/table_bots.h"

#include "core/notation.h"
#include "session/bot_seats.h"

namespace tabula::uci {

// ---- a bot's move ------------------------------------------------------------------------

UciBot& TableBots::bot_for(const session::BotSeat& seat) {
  std::unique_ptr<UciBot>& b = bots_[seat.seat];
  if (!b) {
    b = std::make_unique<UciBot>(path_, UciStrength{seat.elo, seat.skill}, grace_ms_);
    b->set_handshake_ms(handshake_ms_);
  }
  return *b;
}

const UciBot* TableBots::uci(core::Seat seat) const {
  auto it = bots_.find(seat);
  return it == bots_.end() ? nullptr : it->second.get();
}

std::optional<TableMove> TableBots::move(engine::Engine& engine, const session::BotTask& task,
                                         const session::SearchClock& clock, std::int64_t movetime_ms) {
  if (!task.game) return std::nullopt;
  TableMove out;
  const session::BotSeat& bot = task.bot;
  const bool stockfish = bot.engine == session::BotEngine::kStockfish && session::stockfish_plays(task.game->rules());
  if (stockfish && failed_.count(task.seat) == 0) {
    UciReply r = bot_for(bot).best_move(*task.game, movetime_ms, clock.stop);
    if (r.stopped) return std::nullopt;
    if (r.move) {
      out.choice.move = *r.move;
      out.choice.value = r.value;
      out.engine = session::engine_name(bot);
      out.uci_ms = r.waited_ms;
      return out;
    }
    // Failed: Tabula's engine plays this seat until the game ends.
    failed_[task.seat] = r.problem;
    out.fallback = fallback_reason(r.failure);
    out.fallback_level = bot.level;
    const std::string who = task.game->seat_name(task.seat);
    out.warning = r.problem + "; Tabula's engine (" + session::level_name(bot.level) + ") plays for " + who +
                  " until this game ends";
    // "Stockfish ..." names the seat: the table has one Stockfish a seat.
    if (out.warning.rfind("Stockfish", 0) == 0) out.warning.insert(9, " (" + who + ")");
  }
  session::BotTask t = task;
  t.bot.engine = session::BotEngine::kTabula;
  // The fallback's budget runs from now: the time Stockfish failed in is not its.
  session::SearchClock own = clock;
  if (!out.warning.empty() && clock.elapsed_us) {
    const std::int64_t base = clock.elapsed_us();
    own.elapsed_us = [e = clock.elapsed_us, base] { return e() - base; };
  }
  std::optional<session::BotChoice> c = session::search_bot_move(engine, t, own);
  if (!c) return std::nullopt;
  out.choice = *c;
  out.engine = session::engine_name(task.level);
  return out;
}

session::BotFallbackReason fallback_reason(UciFailure f) {
  switch (f) {
    case UciFailure::kNotRunnable: return session::BotFallbackReason::kNotRunnable;
    case UciFailure::kNoHandshake: return session::BotFallbackReason::kNoHandshake;
    case UciFailure::kNoMove: return session::BotFallbackReason::kNoMove;
    case UciFailure::kOverlong: return session::BotFallbackReason::kOverlong;
    case UciFailure::kBadMove: return session::BotFallbackReason::kBadMove;
    case UciFailure::kEnded:
    case UciFailure::kNone: break;
  }
  return session::BotFallbackReason::kEnded;
}

session::Intent fallback_intent(const session::BotTask& task, const TableMove& move, session::Millis now) {
  session::Intent i;
  i.time = now;
  i.kind = session::IntentKind::kBotFallback;
  i.seat = task.seat;
  i.option = static_cast<int>(move.fallback.value_or(session::BotFallbackReason::kEnded));
  i.count = move.fallback_level;
  i.text = move.warning;
  return i;
}

std::vector<session::Intent> stockfish_again(const session::Session& s, const session::BotSeats& bots) {
  std::vector<session::Intent> out;
  const core::Game& g = s.game();
  for (int i = 0; i < g.rules().seat_count(); ++i) {
    const session::BotSeat* b = bots.find(core::seat_at(i));
    if (b == nullptr || b->engine != session::BotEngine::kStockfish || s.bot_fallback(b->seat) == nullptr) continue;
    session::Intent back;
    back.time = s.now();
    back.kind = session::IntentKind::kBotFallback;
    back.seat = b->seat;
    back.option = static_cast<int>(session::BotFallbackReason::kStockfishAgain);
    back.text = session::engine_name(*b) + " plays " + g.seat_name(b->seat) +
                " again: it can be run now (the arbiter's choice at the restart)";
    out.push_back(back);
  }
  return out;
}

// ---- a hint ------------------------------------------------------------------------------

std::optional<session::Hint> TableBots::hint(engine::Engine& engine, const core::Game& game,
                                             const session::SearchClock& clock, bool stockfish, std::string& warning) {
  warning.clear();
  if (game.outcome().over) return std::nullopt;
  if (stockfish && !hint_failed_ && session::stockfish_plays(game.rules())) {
    if (!hinter_) {
      hinter_ = std::make_unique<UciBot>(path_, UciStrength{}, grace_ms_);
      hinter_->set_handshake_ms(handshake_ms_);
    }
    UciReply r = hinter_->best_move(game, kHintMovetimeMs, clock.stop);
    if (r.stopped) return std::nullopt;
    if (r.move) {
      session::Hint h;
      h.seat = game.to_move();
      h.move = *r.move;
      h.value = r.value;
      // The words of session::hint_for, so the screen and the voice say it alike.
      h.text = "Hint for " + game.seat_name(h.seat) + ": " + core::long_algebraic(game.position(), *r.move);
      return h;
    }
    hint_failed_ = true;
    warning = r.problem + "; hints come from Tabula's engine until this game ends";
  }
  return session::hint_for(engine, game, clock);
}

// ---- the end -----------------------------------------------------------------------------

void TableBots::end_processes() {
  for (auto& [seat, b] : bots_) b->end();
  if (hinter_) hinter_->end();
}

void TableBots::end_game() {
  end_processes();
  failed_.clear();
  hint_failed_ = false;
}

}  // namespace tabula::uci

#include "session/bot_player.h"

#include "engine/levels.h"

namespace tabula::session {

TurnKey turn_key(const Session& s) {
  TurnKey k;
  k.stage = s.match().stage();
  k.ply = s.game().moves().size();
  k.seat = s.game().to_move();
  k.phase = s.phase();
  k.position = s.game().position().hash();
  return k;
}

std::optional<BotTask> bot_task(const Session& s, const BotSeats& bots) {
  const core::Game& g = s.game();
  if (s.phase() != Phase::kPlay || g.outcome().over) return std::nullopt;
  const BotSeat* b = bots.find(g.to_move());
  if (b == nullptr) return std::nullopt;
  for (const Request& r : s.requests()) {
    // A question, an announcement already made, a random move (002 rule 7:
    // the rules choose that seat's move), pieces to take off: not now.
    if (!r.options.empty() || r.kind == RequestKind::kBotMove || r.kind == RequestKind::kRandomMove ||
        r.kind == RequestKind::kRemovePieces || r.kind == RequestKind::kSetBoard) {
      return std::nullopt;
    }
  }
  BotTask t;
  t.key = turn_key(s);
  t.seat = b->seat;
  t.level = b->level;
  t.bot = *b;
  // s31-fallback: Stockfish failed this game (journaled): Tabula's engine at
  // the seat's fallback level plays on, after a resume too.
  if (b->engine == BotEngine::kStockfish && s.bot_fallback(b->seat) != nullptr) t.bot.engine = BotEngine::kTabula;
  t.seed = bot_seed(s.settings().random_seed, t.key.stage, t.key.ply, t.seat);
  t.game = std::make_shared<const core::Game>(g);
  return t;
}

std::uint64_t bot_seed(std::uint64_t session_seed, int stage, std::size_t ply, core::Seat seat) {
  return session_seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(stage) * 1000003ULL +
         static_cast<std::uint64_t>(ply) * 131ULL + static_cast<std::uint64_t>(core::index_of(seat));
}

BotTask task_for(const core::Game& game, const BotSeat& bot, std::uint64_t session_seed, int stage) {
  BotTask t;
  t.key.stage = stage;
  t.key.ply = game.moves().size();
  t.key.seat = game.to_move();
  t.key.phase = Phase::kPlay;
  t.key.position = game.position().hash();
  t.seat = bot.seat;
  t.level = bot.level;
  t.bot = bot;
  t.seed = bot_seed(session_seed, stage, t.key.ply, bot.seat);
  t.game = std::make_shared<const core::Game>(game);
  return t;
}

std::optional<BotChoice> search_bot_move(engine::Engine& engine, const BotTask& task, const SearchClock& clock) {
  if (!task.game) return std::nullopt;
  engine::LevelSettings ls = engine::level_settings(task.level, clock.elapsed_us ? clock.budget_us : 0, task.seed);
  ls.limits.elapsed_us = clock.elapsed_us;
  ls.limits.stop = clock.stop;
  // An empty table and history: what the engine searched before (the
  // game's earlier moves, hints) must not change the move, or a search cut
  // by a power cut would be made again differently (session 20: a warm table
  // moved level 5 from Bc8-g4 to h7-h5). A 16 MB table is cleared in a few
  // milliseconds.
  engine.clear();
  engine::SearchResult r = engine.search(*task.game, ls.limits, ls.options);
  if (clock.stop != nullptr && clock.stop->load()) return std::nullopt;
  if (!r.best) return std::nullopt;
  return BotChoice{*r.best, r.value, r.depth, r.nodes};
}

Intent bot_intent(const BotTask& task, const core::Move& move, Millis now) {
  Intent i;
  i.time = now;
  i.kind = IntentKind::kBotMove;
  i.seat = task.seat;
  i.move = move;
  i.text = task.bot.engine == BotEngine::kTabula ? engine_name(task.level) : engine_name(task.bot);
  return i;
}

}  // namespace tabula::session

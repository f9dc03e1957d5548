#include "session/bot_advice.h"

#include <cstdlib>

#include "core/notation.h"
#include "engine/levels.h"

namespace tabula::session {

namespace {

std::string kind_name(const core::Game& g, core::PieceKind k) {
  const auto i = static_cast<std::size_t>(core::index_of(k));
  return i < g.rules().pieces.size() ? g.rules().pieces[i].name : std::string("piece");
}

engine::SearchResult fixed_search(engine::Engine& engine, const core::Game& g, const SearchClock& clock,
                                  core::Seat perspective, std::optional<core::Move> prefer = std::nullopt) {
  engine::Limits l;
  l.max_depth = kBlunderDepth;
  l.max_nodes = 60000;
  l.elapsed_us = clock.elapsed_us;
  l.budget_us = clock.elapsed_us ? clock.budget_us : 0;
  l.stop = clock.stop;
  engine::SearchOptions o;
  o.perspective = perspective;
  o.prefer = prefer;
  return engine.search(g, l, o);
}

std::string pawns(int cp) {
  const int tenths = (std::abs(cp) + 5) / 10;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

}  // namespace

std::optional<Hint> hint_for(engine::Engine& engine, const core::Game& game, const SearchClock& clock, int level) {
  if (game.outcome().over) return std::nullopt;
  BotTask t;
  t.seat = game.to_move();
  t.level = level;
  t.seed = game.position().hash();
  t.game = std::make_shared<const core::Game>(game);
  std::optional<BotChoice> c = search_bot_move(engine, t, clock);
  if (!c) return std::nullopt;
  Hint h;
  h.seat = t.seat;
  h.move = c->move;
  h.value = c->value;
  h.text = "Hint for " + game.seat_name(t.seat) + ": " + core::long_algebraic(game.position(), c->move);
  return h;
}

std::optional<BlunderWarning> blunder_check(engine::Engine& engine, const core::Game& before,
                                            const core::Move& played, const SearchClock& clock, int threshold_cp) {
  if (before.outcome().over || !before.is_legal(played)) return std::nullopt;
  const core::Seat mover = before.to_move();
  engine::SearchResult best = fixed_search(engine, before, clock, mover);
  if (!best.best || (clock.stop != nullptr && clock.stop->load())) return std::nullopt;
  if (*best.best == played) return std::nullopt;
  core::Game after = before;
  after.play(played);
  int value_after = 0;
  std::vector<core::Move> line;
  if (after.outcome().over) {
    // The game ended with the move: judged by the engine's own terminal value.
    engine::SearchResult r = fixed_search(engine, after, clock, mover);
    value_after = r.value;
  } else {
    engine::SearchResult r = fixed_search(engine, after, clock, mover);
    if (clock.stop != nullptr && clock.stop->load()) return std::nullopt;
    value_after = r.value;
    line = r.pv;
  }
  const int loss = best.value - value_after;
  if (loss < threshold_cp) return std::nullopt;
  BlunderWarning w;
  w.seat = mover;
  w.loss_cp = loss;
  w.better = *best.best;
  // The teacher names the hint's move (hint_for: the Hint button's level,
  // seed and root order) when it is worth as much as the check's best at the
  // check's depth: the same search again, the hint's move winning a tie
  // (engine::SearchOptions::prefer). Only for a warning, so a move that is
  // no blunder costs nothing more.
  if (std::optional<Hint> hint = hint_for(engine, before, clock); hint && hint->move != w.better) {
    engine::SearchResult again = fixed_search(engine, before, clock, mover, hint->move);
    if (clock.stop != nullptr && clock.stop->load()) return std::nullopt;
    if (again.best && *again.best == hint->move) w.better = hint->move;
  }
  const std::string who = before.seat_name(mover);
  // The first capture of one of the mover's pieces on the engine's line.
  core::Game walk = after;
  for (const core::Move& m : line) {
    if (walk.outcome().over || !walk.is_legal(m)) break;
    const core::Piece victim = walk.position().at(m.to);
    const core::Piece attacker = walk.position().at(m.from);
    if (!victim.empty() && victim.seat == mover && attacker.seat != mover) {
      w.threat = m;
      w.text = who + ": that hangs your " + kind_name(walk, victim.kind) + " to " + walk.seat_name(attacker.seat) +
               "'s " + kind_name(walk, attacker.kind) + " (" + core::long_algebraic(walk.position(), m) +
               "); better was " + core::long_algebraic(before.position(), w.better);
      return w;
    }
    walk.play(m);
  }
  w.text = who + ": that move loses about " + pawns(loss) + " pawns; better was " +
           core::long_algebraic(before.position(), w.better);
  return w;
}

Intent advice_intent(core::Seat seat, const core::Move& arrow, const std::string& text, Millis now) {
  Intent i;
  i.time = now;
  i.kind = IntentKind::kAdvice;
  i.seat = seat;
  i.move = arrow;
  i.text = text;
  return i;
}

}  // namespace tabula::session

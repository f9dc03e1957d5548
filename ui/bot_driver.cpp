#include "ui/bot_driver.h"

#include <memory>

#include "engine/levels.h"

namespace tabula::ui {

bool BotDriver::thinking() const {
  std::optional<BotJob> j = worker_.current();
  return j && j->kind == BotJob::Kind::kMove;
}

std::string BotDriver::ask_hint(const session::Session& s) {
  if (!options_.hints) return "hints are off in this game (the arbiter's switch)";
  if (s.phase() != session::Phase::kPlay || s.game().outcome().over) return "a hint is given only during play";
  if (options_.seats.is_bot(s.game().to_move())) return "the bot is to move";
  BotJob job;
  job.kind = BotJob::Kind::kHint;
  job.task = session::task_for(s.game(), session::BotSeat{s.game().to_move(), session::kHintLevel},
                               s.settings().random_seed, s.match().stage());
  job.stockfish_hint = options_.stockfish_hints;
  job_key_ = session::turn_key(s);
  worker_.start(job);
  return "";
}

std::optional<session::Intent> BotDriver::poll(const session::Session& s, session::Millis now) {
  const session::TurnKey key = session::turn_key(s);
  // The game's end: Stockfish's processes end with it (session 30).
  const bool over = s.phase() == session::Phase::kOver || s.game().outcome().over;
  if (over && !ended_) worker_.end_game();
  ended_ = over;
  if (announce_) {
    std::optional<session::Intent> a = std::move(announce_);
    announce_.reset();
    if (announce_key_ == key) {
      a->time = now;
      return a;
    }
  }
  // A human's move just stood: check it (when asked to), before the next search.
  const std::size_t moves = s.moves().size();
  if (moves_seen_ == static_cast<std::size_t>(-1)) moves_seen_ = moves;
  if (moves != moves_seen_) {
    if (moves > moves_seen_ && options_.blunder_check && !s.moves().empty() &&
        !options_.seats.is_bot(s.moves().back().seat) && s.game().moves().size() >= 1) {
      core::Game before = s.game();
      if (before.takeback(1)) {
        BotJob j;
        j.kind = BotJob::Kind::kBlunderCheck;
        j.task.game = std::make_shared<const core::Game>(before);
        j.task.key = key;
        j.played = s.moves().back().move;
        blunder_ = j;
      }
    }
    moves_seen_ = moves;
  }
  if (options_.synchronous) worker_.wait_idle();
  if (std::optional<BotResult> r = worker_.take()) {
    const bool current = job_key_ && *job_key_ == key;
    job_key_.reset();
    if (r->job.kind == BotJob::Kind::kBlunderCheck && r->warning) {
      return session::advice_intent(r->warning->seat, r->warning->threat, r->warning->text, now);
    }
    if (current && r->hint) {
      session::Intent i = session::advice_intent(r->hint->seat, r->hint->move, r->hint->text, now);
      if (r->uci_warning.empty()) return i;
      announce_ = i;  // Stockfish's hint failed: why first, then Tabula's hint
      announce_key_ = key;
      return session::advice_intent(r->hint->seat, core::Move{}, r->uci_warning, now);
    }
    if (current && r->choice) {
      session::Intent i = session::bot_intent(r->job.task, r->choice->move, now);
      if (!r->engine.empty()) i.text = r->engine;
      if (r->uci_warning.empty()) return i;
      // Stockfish failed: the table hears why first (the journaled fallback,
      // s31-fallback: a resume keeps the seat on Tabula's engine), then the announcement.
      announce_ = i;
      announce_key_ = key;
      if (r->table_move && r->table_move->fallback) return uci::fallback_intent(r->job.task, *r->table_move, now);
      return session::advice_intent(r->job.task.seat, core::Move{}, r->uci_warning, now);
    }
  }
  if (worker_.busy()) {
    std::optional<BotJob> j = worker_.current();
    if (j && j->kind != BotJob::Kind::kBlunderCheck && job_key_ && !(*job_key_ == key)) {
      worker_.cancel();  // the turn it searched for is gone
      job_key_.reset();
    }
    return std::nullopt;
  }
  if (blunder_) {
    job_key_ = key;
    worker_.start(*blunder_);
    blunder_.reset();
    return std::nullopt;
  }
  if (std::optional<session::BotTask> t = session::bot_task(s, options_.seats)) {
    BotJob j;
    j.kind = BotJob::Kind::kMove;
    j.task = *t;
    j.budget_us = options_.top_level_budget_us > 0 ? options_.top_level_budget_us : engine::level_movetime_us(t->level);
    if (t->bot.engine == session::BotEngine::kStockfish) {
      j.uci_movetime_ms = options_.stockfish_movetime_ms > 0 ? options_.stockfish_movetime_ms : uci::kStockfishMovetimeMs;
    }
    job_key_ = key;
    worker_.start(j);
  }
  return std::nullopt;
}

}  // namespace tabula::ui

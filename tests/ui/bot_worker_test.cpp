// The kiosk's search thread (ui/bot_worker.h): a job's budget runs from
// when it was asked for, not from when the worker's thread took it up
// (session 21: the table's movetime is the wall clock's since the bot was
// asked; s21-engine found the search thread descheduled for 12-350 ms on a
// loaded machine, and a job also waits while the one before it stops).
#include <gtest/gtest.h>

#include <chrono>

#include "core/fen.h"
#include "session/bot_player.h"
#include "ui/bot_worker.h"
#include "variants/variant_loader.h"

namespace tabula::ui {
namespace {

// A level-8 move of chess's start, with a 2 s budget, asked `ago` before
// start(); the result once the worker is idle.
std::optional<BotResult> top_level_move(std::chrono::steady_clock::duration ago) {
  variants::LoadResult loaded = variants::load_id("chess");
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  if (!loaded.ok()) return std::nullopt;
  auto start = core::parse_fen(*loaded.rules, loaded.rules->start_fen);
  EXPECT_TRUE(start.ok());
  if (!start.ok()) return std::nullopt;
  const core::Game game(loaded.rules, *start);
  BotJob job;
  job.kind = BotJob::Kind::kMove;
  job.task = session::task_for(game, session::BotSeat{game.to_move(), 8}, 7);
  job.budget_us = 2'000'000;
  job.asked = std::chrono::steady_clock::now() - ago;
  BotWorker worker;
  worker.start(job);
  worker.wait_idle();
  return worker.take();
}

TEST(BotWorker, AJobsBudgetRunsFromWhenItWasAskedNotFromWhenItsSearchBegan) {
  // Asked 10 s ago with 2 s to think: the budget is spent before the search
  // begins, so it stops at its first look at the clock (every 256 nodes)
  // and still answers a legal move; asked now, level 8 searches on to its
  // node bound or its time (far more than a few looks' nodes).
  const std::optional<BotResult> late = top_level_move(std::chrono::seconds(10));
  ASSERT_TRUE(late && late->choice);
  EXPECT_FALSE(late->choice->move.from == core::kNoSquare && late->choice->move.to == core::kNoSquare);
  EXPECT_LE(late->choice->nodes, 4096U) << "the search ran as if asked when it began";
  const std::optional<BotResult> now = top_level_move(std::chrono::seconds(0));
  ASSERT_TRUE(now && now->choice);
  EXPECT_GT(now->choice->nodes, 20000U);
}

}  // namespace
}  // namespace tabula::ui

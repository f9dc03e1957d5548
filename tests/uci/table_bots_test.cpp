// Session 30: who answers a bot's turn at the table (arbiter/uci/table_bots.*):
// a Stockfish seat that fails is played by Tabula's engine for the rest of
// the game with a warning naming the seat, what went wrong and the level;
// hints in chess come from Stockfish, and from Tabula's engine when it fails.
#include <gtest/gtest.h>

#include "core/fen4.h"
#include "engine/search.h"
#include "session/bot_seats.h"
#include "uci/table_bots.h"
#include "uci_test_util.h"

namespace tabula::testing {
namespace {

session::BotTask black_task(const core::Game& g, const session::BotSeat& seat) {
  return session::task_for(g, seat, 7);
}

// One table: the fake Stockfish in `mode` (logging to dir/log), Tabula's
// engine, and the game after 1. e4 (s31-fallback: the same five lines stood
// in every test).
struct Table {
  explicit Table(const std::string& mode, const std::string& move = "") {
    if (!mode.empty()) fake_mode(mode, dir.file("log"), move);
  }
  TempDir dir{"uci"};
  uci::TableBots bots{fake_uci()};
  engine::Engine engine{1};
  core::Game g = chess_game({"e2e4"});
};

TEST(TableBots, AStockfishSeatMovesWithStockfishAndSaysSo) {
  Table t("move", "c7c5");
  auto& [dir, bots, engine, g] = t;
  auto m = bots.move(engine, black_task(g, session::stockfish_seat(core::seat_at(1), 1500)), {}, 20);
  ASSERT_TRUE(m);
  EXPECT_EQ(core::coordinate(g.position(), m->choice.move), "c7c5");
  EXPECT_EQ(m->engine, "Stockfish 1500");
  EXPECT_EQ(m->warning, "");
}

TEST(TableBots, AFailedSeatIsTabulasForTheRestOfTheGameWithAWarning) {
  Table t("crash");
  auto& [dir, bots, engine, g] = t;
  const session::BotSeat seat = session::stockfish_seat(core::seat_at(1), 1500);  // falls back to level 6
  auto m = bots.move(engine, black_task(g, seat), {}, 20);
  ASSERT_TRUE(m);
  EXPECT_TRUE(g.is_legal(m->choice.move));
  EXPECT_EQ(m->engine, "Tabula level 6");
  EXPECT_EQ(m->warning.rfind("Stockfish (Black) ended while thinking (killed by signal 11", 0), 0u) << m->warning;
  EXPECT_NE(m->warning.find("; Tabula's engine (level 6) plays for Black until this game ends"), std::string::npos)
      << m->warning;
  EXPECT_TRUE(bots.failed(core::seat_at(1)));
  // s31-fallback: what the shell journals (session/input.h kBotFallback).
  ASSERT_TRUE(m->fallback);
  EXPECT_EQ(*m->fallback, session::BotFallbackReason::kEnded);
  EXPECT_EQ(m->fallback_level, 6);
  const session::Intent f = uci::fallback_intent(black_task(g, seat), *m, session::Millis{900});
  EXPECT_EQ(f.kind, session::IntentKind::kBotFallback);
  EXPECT_EQ(f.seat, core::seat_at(1));
  EXPECT_EQ(f.option, static_cast<int>(session::BotFallbackReason::kEnded));
  EXPECT_EQ(f.count, 6);
  EXPECT_EQ(f.text, m->warning);
  EXPECT_EQ(f.time, session::Millis{900});
  // The next move does not ask the broken program again, and says nothing more.
  ASSERT_TRUE(answer_then(g, m->choice.move, "d2d4"));
  auto next = bots.move(engine, black_task(g, seat), {}, 20);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->warning, "");
  EXPECT_FALSE(next->fallback);
  EXPECT_EQ(next->engine, "Tabula level 6");
  EXPECT_EQ(occurrences(read_file(dir.file("log")), "started"), 1);
  // A new game asks Stockfish again.
  bots.end_game();
  EXPECT_FALSE(bots.failed(core::seat_at(1)));
  fake_mode("move", dir.file("log"), "e7e5");
  auto fresh = bots.move(engine, black_task(chess_game({"e2e4"}), seat), {}, 20);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->engine, "Stockfish 1500");
}

TEST(TableBots, AMissingStockfishIsSaidAtTheSeatsFirstMoveAndTabulaPlays) {
  TempDir dir("uci");
  uci::TableBots bots(dir.file("stockfish"));
  engine::Engine engine(1);
  auto m = bots.move(engine, black_task(chess_game({"e2e4"}), session::stockfish_seat(core::seat_at(1), 0, 2)), {}, 20);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->engine, "Tabula level 3");
  EXPECT_EQ(m->fallback, session::BotFallbackReason::kNotRunnable);
  EXPECT_EQ(m->fallback_level, 3);
  EXPECT_EQ(m->warning, "Stockfish (Black) cannot be run: " + dir.file("stockfish") +
                            ": No such file or directory; Tabula's engine (level 3) plays for Black until this game ends");
}

TEST(TableBots, ATabulaSeatNeverStartsAProcess) {
  Table t("move");
  auto& [dir, bots, engine, g] = t;
  auto m = bots.move(engine, black_task(g, session::BotSeat{core::seat_at(1), 1}), {}, 20);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->engine, "Tabula level 1");
  EXPECT_EQ(bots.uci(core::seat_at(1)), nullptr);
  EXPECT_EQ(read_file(dir.file("log")), "");
}

// s31-fallback: after a journaled fallback the session's bot_task gives the
// Stockfish seat to Tabula's engine (BotTask::bot kTabula, its fallback
// level): no process is started, nothing is said, Tabula's level moves.
TEST(TableBots, ASeatTheSessionGaveToTabulasEngineNeverStartsStockfish) {
  Table t("move", "c7c5");
  auto& [dir, bots, engine, g] = t;
  session::BotTask task = black_task(g, session::stockfish_seat(core::seat_at(1), 2200));
  task.bot.engine = session::BotEngine::kTabula;
  auto m = bots.move(engine, task, {}, 20);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->engine, "Tabula level 8");
  EXPECT_EQ(m->warning, "");
  EXPECT_FALSE(m->fallback);
  EXPECT_EQ(bots.uci(core::seat_at(1)), nullptr);
  EXPECT_EQ(read_file(dir.file("log")), "");
}

TEST(TableBots, AHintInChessComesFromStockfishInTheHintsWords) {
  Table t("move", "g1f3");
  auto& [dir, bots, engine, g] = t;
  std::string warning;
  auto h = bots.hint(engine, chess_game(), {}, true, warning);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->text, "Hint for White: Ng1-f3");
  EXPECT_EQ(warning, "");
  EXPECT_NE(read_file(dir.file("log")).find("go movetime 1000"), std::string::npos);
  EXPECT_EQ(read_file(dir.file("log")).find("UCI_LimitStrength"), std::string::npos);  // full strength
}

TEST(TableBots, AHintFallsBackToTabulasWhenStockfishAnswersGarbage) {
  Table t("garbage");
  auto& [dir, bots, engine, ignored] = t;
  std::string warning;
  core::Game g = chess_game();
  auto h = bots.hint(engine, g, {}, true, warning);
  ASSERT_TRUE(h);
  EXPECT_TRUE(g.is_legal(h->move));
  EXPECT_EQ(warning,
            "Stockfish answered \"bestmove xyzzy!\": \"xyzzy!\" is not a legal move here; hints come from Tabula's "
            "engine until this game ends");
  // In four-player chess Stockfish is never asked.
  auto r = variants::load_id("chesscom-ffa");
  auto pos = core::parse_fen4(*r.rules, r.rules->start_fen);
  ASSERT_TRUE(pos);
  std::string none;
  fake_mode("move", dir.file("log2"));
  EXPECT_TRUE(uci::TableBots(fake_uci()).hint(engine, core::Game(r.rules, *pos), {}, true, none));
  EXPECT_EQ(read_file(dir.file("log2")), "");
}

}  // namespace
}  // namespace tabula::testing

// Session 30: Stockfish at the kiosk (ui/bot_worker.*, ui/bot_driver.*,
// uci/table_bots.*): a chess seat given to Stockfish is announced with its
// arrow like Tabula's bot and named "bot, Stockfish 1500"; a Stockfish that
// hangs is stopped and ended, the table hears why, and Tabula's engine
// moves; a takeback while it thinks ends its process; a missing Stockfish
// is said when the game starts; the seat steps offer Stockfish in chess.
// The program is tests/uci/fake_uci.sh.
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "../uci/uci_test_util.h"
#include "test_files.h"
#include "test_source_dir.h"
#include "journal/archive.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "variants/variant_loader.h"
#include "ui/kiosk_game.h"
#include "ui/seat_steps.h"
#include "ui/session_view.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

using tabula::testing::fake_mode;
using tabula::testing::fake_uci;

using tabula::testing::occurrences;

Intent click(const std::string& name) { return SquareClicked{*parse_cell_name(name)}; }

bool has_bot_arrow(const KioskView& v) {
  for (const ArrowView& a : v.arrows) {
    if (!a.hint) return true;
  }
  return false;
}

bool said(KioskGame& g, Ms t, const std::string& words) {
  bool found = false;
  for (const RulingView& r : g.view(t).ruling_history) found = found || r.text.find(words) != std::string::npos;
  if (g.view(t).ruling) found = found || g.view(t).ruling->text.find(words) != std::string::npos;
  return found;
}

// Ticks (20 ms apart, in real time too) until `done` or `seconds` pass.
void wait_for(KioskGame& g, Ms& t, const std::function<bool()>& done, int seconds = 10) {
  for (int i = 0; i < seconds * 50 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    g.tick(t += Ms(20));
  }
}

// A chess game with `bots`, White's e2-e4 made (3 s of ticks after), the
// bot's answer asked; journaled in `journal` when given.
std::unique_ptr<KioskGame> chess_with(const std::string& bots, const std::string& stockfish, Ms& t,
                                      const std::string& journal = "") {
  KioskGameOptions o;
  o.variant = "chess";
  o.bots = bots;
  o.stockfish = stockfish;
  if (!journal.empty()) o.journal = journal;
  std::string error;
  auto g = KioskGame::create(o, Ms(0), error);
  EXPECT_TRUE(g) << error;
  if (!g) return g;
  g->tick(t += Ms(3000));
  g->apply(click("e2"), t += Ms(100));
  g->apply(click("e4"), t += Ms(400));
  g->tick(t += Ms(3000));
  return g;
}

// Waits for the bot's announcement and makes its move on the board.
void make_announced_move(KioskGame& g, Ms& t) {
  wait_for(g, t, [&] { return has_bot_arrow(g.view(t)); }, 20);
  ASSERT_TRUE(has_bot_arrow(g.view(t))) << "no announcement";
  const std::string from = cell_name(g.view(t).arrows[0].from);
  const std::string to = cell_name(g.view(t).arrows[0].to);
  g.apply(click(from), t += Ms(100));
  g.apply(click(to), t += Ms(400));
  g.tick(t += Ms(3000));
}

// A journaled game (dir/g.db) whose Black Stockfish (skill 2) hangs: Tabula's
// engine takes over and its move is made on the board; then White's move
// `then` (from, to) when given; the kiosk closes (the power goes).
void play_into_the_fallback(tabula::testing::TempDir& dir, Ms& t, const std::vector<std::string>& then = {}) {
  fake_mode("hang", dir.file("log"));
  auto g = chess_with("Black=stockfish:skill2", fake_uci(), t, dir.file("g.db"));
  ASSERT_TRUE(g);
  make_announced_move(*g, t);
  ASSERT_EQ(g->session().game().moves().size(), 2U);
  if (then.size() != 2) return;
  g->apply(click(then[0]), t += Ms(100));
  g->apply(click(then[1]), t += Ms(400));
  g->tick(t += Ms(3000));
}

// The kiosk started again on dir/g.db (a resume), the fake as Stockfish,
// one tick on; --stockfish-after-resume again when `stockfish_again`.
std::unique_ptr<KioskGame> resumed(tabula::testing::TempDir& dir, Ms& t, bool stockfish_again = false) {
  KioskGameOptions o;
  o.journal = dir.file("g.db");
  o.stockfish = fake_uci();
  o.stockfish_again = stockfish_again;
  std::string error;
  auto g = KioskGame::create(o, t, error);
  EXPECT_TRUE(g) << error;
  if (g) g->tick(t += Ms(100));
  return g;
}

TEST(StockfishKiosk, AChessSeatPlayedByStockfishIsAnnouncedAndNamed) {
  tabula::testing::TempDir dir;
  fake_mode("move", dir.file("log"), "c7c5");
  Ms t(0);
  auto g = chess_with("Black=stockfish:1500", fake_uci(), t);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(t).seats[1].player, "bot, Stockfish 1500");
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); });
  const KioskView& v = g->view(t);
  ASSERT_TRUE(has_bot_arrow(v)) << "no announcement";
  EXPECT_EQ(cell_name(v.arrows[0].from), "c7");
  EXPECT_EQ(cell_name(v.arrows[0].to), "c5");
  EXPECT_TRUE(said(*g, t, "Black's bot plays c7-c5: move it for Black"));
  const std::string log = tabula::testing::read_file(dir.file("log"));
  EXPECT_NE(log.find("setoption name UCI_Elo value 1500"), std::string::npos) << log;
  EXPECT_NE(log.find("go movetime 1000"), std::string::npos) << log;
}

TEST(StockfishKiosk, AHangingStockfishIsSaidAndTabulasEngineMoves) {
  tabula::testing::TempDir dir;
  fake_mode("hang", dir.file("log"));
  Ms t(0);
  auto g = chess_with("Black=stockfish:skill2", fake_uci(), t);
  ASSERT_TRUE(g);
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); }, 20);
  ASSERT_TRUE(has_bot_arrow(g->view(t))) << "no announcement";
  EXPECT_TRUE(said(*g, t,
                   "Stockfish (Black) gave no move within 3.0 s (sent stop, then ended it); Tabula's engine (level 3) "
                   "plays for Black until this game ends"));
  EXPECT_NE(tabula::testing::read_file(dir.file("log")).find("\nstop\n"), std::string::npos);
}

TEST(StockfishKiosk, ATakebackWhileStockfishThinksEndsItsProcess) {
  tabula::testing::TempDir dir;
  fake_mode("hang", dir.file("log"));
  Ms t(0);
  auto g = chess_with("Black=stockfish", fake_uci(), t);
  ASSERT_TRUE(g);
  // Its process starts and is asked; the pid is in /proc as long as it runs.
  wait_for(*g, t, [&] { return tabula::testing::read_file(dir.file("log")).find("go movetime") != std::string::npos; });
  ASSERT_NE(tabula::testing::read_file(dir.file("log")).find("go movetime"), std::string::npos);
  // fake_uci.sh logs "started PID".
  const std::string log = tabula::testing::read_file(dir.file("log"));
  const pid_t pid = static_cast<pid_t>(std::atol(log.c_str() + log.find("started ") + 8));
  ASSERT_GT(pid, 0) << log;
  ASSERT_EQ(::kill(pid, 0), 0) << "its process is not running";
  g->apply(TakeBack{1}, t += Ms(100));
  wait_for(*g, t, [&] { return ::kill(pid, 0) != 0; }, 3);
  EXPECT_NE(::kill(pid, 0), 0) << "its process still runs after the takeback";
  EXPECT_FALSE(has_bot_arrow(g->view(t)));
}

TEST(StockfishKiosk, AResignationWhileStockfishThinksEndsItsProcess) {
  tabula::testing::TempDir dir;
  fake_mode("hang", dir.file("log"));
  Ms t(0);
  auto g = chess_with("Black=stockfish:1800", fake_uci(), t);
  ASSERT_TRUE(g);
  wait_for(*g, t, [&] { return tabula::testing::read_file(dir.file("log")).find("go movetime") != std::string::npos; });
  const std::string log = tabula::testing::read_file(dir.file("log"));
  const pid_t pid = static_cast<pid_t>(std::atol(log.c_str() + log.find("started ") + 8));
  ASSERT_GT(pid, 0) << log;
  ASSERT_EQ(::kill(pid, 0), 0) << "its process is not running";
  g->apply(Resign{SeatIndex{0}}, t += Ms(100));  // White resigns while Black's Stockfish thinks
  wait_for(*g, t, [&] { return ::kill(pid, 0) != 0; }, 3);
  EXPECT_NE(::kill(pid, 0), 0) << "its process still runs after the resignation";
  EXPECT_FALSE(has_bot_arrow(g->view(t)));
}

TEST(StockfishKiosk, AMissingStockfishIsSaidWhenTheGameStarts) {
  tabula::testing::TempDir dir;
  Ms t(0);
  auto g = chess_with("Black=stockfish", dir.file("stockfish"), t);
  ASSERT_TRUE(g);
  EXPECT_TRUE(said(*g, t, "Stockfish cannot be run: " + dir.file("stockfish") +
                              ": No such file or directory; Tabula's engine plays for the Stockfish seats"));
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); });
  EXPECT_TRUE(has_bot_arrow(g->view(t)));
  EXPECT_TRUE(said(*g, t, "Tabula's engine (level 8) plays for Black until this game ends"));
}

TEST(StockfishKiosk, AHintInChessComesFromStockfishInTheKiosksWords) {
  tabula::testing::TempDir dir;
  fake_mode("move", dir.file("log"), "g1f3");
  KioskGameOptions o;
  o.variant = "chess";
  o.hints = true;
  o.stockfish = fake_uci();
  std::string error;
  auto g = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(g) << error;
  Ms t(0);
  g->tick(t += Ms(3000));
  g->apply(AskHint{}, t += Ms(100));
  wait_for(*g, t, [&] { return !g->view(t).arrows.empty(); });
  ASSERT_EQ(g->view(t).arrows.size(), 1u);
  EXPECT_TRUE(g->view(t).arrows[0].hint);
  EXPECT_TRUE(said(*g, t, "Hint for White: move the knight from g1 to f3 (Ng1-f3)")) << g->view(t).ruling->text;
  EXPECT_NE(tabula::testing::read_file(dir.file("log")).find("go movetime 1000"), std::string::npos);
}

// A power cut after Stockfish's move was announced: the resumed kiosk
// announces the same move from the journal, and Stockfish plays on.
TEST(StockfishKiosk, APowerCutAfterStockfishsAnnouncementResumesTheSameMove) {
  tabula::testing::TempDir dir;
  fake_mode("first", dir.file("log"));
  setenv("FAKE_UCI_MOVES", "c7c5", 1);
  Ms t(0);
  {
    auto g = chess_with("Black=stockfish:skill3", fake_uci(), t, dir.file("g.db"));
    ASSERT_TRUE(g);
    wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); });
    ASSERT_TRUE(has_bot_arrow(g->view(t)));
  }  // the power goes
  setenv("FAKE_UCI_MOVES", "b8c6", 1);  // what a new process would answer
  KioskGameOptions again;
  again.journal = dir.file("g.db");
  again.stockfish = fake_uci();
  std::string error;
  auto g = KioskGame::create(again, t, error);
  unsetenv("FAKE_UCI_MOVES");
  ASSERT_TRUE(g) << error;
  g->tick(t += Ms(100));
  EXPECT_EQ(g->view(t).bots, "Black=stockfish:skill3");
  ASSERT_TRUE(has_bot_arrow(g->view(t)));
  EXPECT_EQ(cell_name(g->view(t).arrows[0].from), "c7");
  EXPECT_EQ(cell_name(g->view(t).arrows[0].to), "c5");
  EXPECT_EQ(occurrences(tabula::testing::read_file(dir.file("log")), "go movetime"), 1);
}

// s30-words: the kiosk's journal of a game where Tabula's engine took over
// from a hanging Stockfish exports with the warning at the fallback's first
// move (the kiosk journals the warning a loop before the announcement).
TEST(StockfishKiosk, TheExportSaysWhereTabulasEngineTookOverFromStockfish) {
  tabula::testing::TempDir dir;
  Ms t(0);
  play_into_the_fallback(dir, t);
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(dir.file("g.db"), journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  const std::vector<std::shared_ptr<const core::RuleSet>> stages = {variants::load_id("chess").rules};
  journal::Resumed r = journal::resume(c, dir.file("g.db"), stages);
  ASSERT_TRUE(r.session) << r.error;
  const std::string pgn =
      journal::export_record(c.header, r.session->game(), journal::bot_comments(c.header, c.inputs, stages));
  EXPECT_NE(pgn.find("[Black \"Stockfish skill 2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("} *"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find(" {Tabula level 3 plays Black from here: Stockfish (Black) gave no move within 3.0 s (sent stop, "
                     "then ended it); Tabula's engine (level 3) plays for Black until this game ends}"),
            std::string::npos)
      << pgn;
}

// s31-fallback: the fallback is journaled: after a power cut the resumed
// kiosk keeps the seat on Tabula's engine (Stockfish is not started again,
// the failure not heard again) and says so once; --stockfish-after-resume
// again gives the seat back to Stockfish when it runs.
TEST(StockfishKiosk, APowerCutAfterTheFallbackKeepsTabulasEngineAndSaysSoOnce) {
  tabula::testing::TempDir dir;
  Ms t(0);
  play_into_the_fallback(dir, t, {"d2", "d4"});  // then the power goes
  fake_mode("move", dir.file("log"), "a7a6");  // Stockfish mended: it would answer a7-a6
  const std::string log_before = tabula::testing::read_file(dir.file("log"));
  {
    auto g = resumed(dir, t);
    ASSERT_TRUE(g);
    const std::string note = "Tabula level 3 plays Black for Stockfish skill 2 until this game ends, as before the "
                             "restart (Stockfish (Black) gave no move within 3.0 s";
    EXPECT_TRUE(said(*g, t, note));
    make_announced_move(*g, t);
    EXPECT_EQ(g->session().game().moves().size(), 4U);
    EXPECT_EQ(tabula::testing::read_file(dir.file("log")), log_before) << "Stockfish was started again";
    int notes = 0;
    for (const RulingView& r : g->view(t).ruling_history) notes += r.text.find(note) != std::string::npos ? 1 : 0;
    EXPECT_LE(notes, 1);
    g->apply(click("c2"), t += Ms(100));
    g->apply(click("c3"), t += Ms(400));
    g->tick(t += Ms(3000));
  }
  auto g = resumed(dir, t, /*stockfish_again=*/true);
  ASSERT_TRUE(g);
  EXPECT_TRUE(said(*g, t, "Stockfish skill 2 plays Black again: it can be run now (the arbiter's choice at the restart)"));
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); }, 20);
  ASSERT_TRUE(has_bot_arrow(g->view(t)));
  EXPECT_NE(tabula::testing::read_file(dir.file("log")), log_before) << "Stockfish was not asked";
}

// s31-fallback: the arbiter choosing the seat's Stockfish anew (Who plays)
// ends its journaled fallback: said, journaled, Stockfish asked again.
TEST(StockfishKiosk, TheArbiterChoosingStockfishAgainEndsTheSeatsFallback) {
  tabula::testing::TempDir dir;
  Ms t(0);
  play_into_the_fallback(dir, t);
  auto g = resumed(dir, t);
  ASSERT_TRUE(g);
  // Stockfish mended: a rook's pawn's step the fallback's move did not take.
  const core::Geometry& geo = g->session().game().rules().geometry;
  const bool a_pawn = geo.name(g->session().game().moves()[1].from) == "a7";
  fake_mode("move", dir.file("log"), a_pawn ? "h7h6" : "a7a6");
  const std::string log_before = tabula::testing::read_file(dir.file("log"));
  g->apply(SetBots{"Black=stockfish:skill5"}, t += Ms(100));
  EXPECT_TRUE(said(*g, t, "Stockfish skill 5 plays Black again: the arbiter chose it (Who plays)"));
  EXPECT_EQ(g->session().bot_fallback(core::seat_at(1)), nullptr);
  g->apply(click("d2"), t += Ms(100));
  g->apply(click("d4"), t += Ms(400));
  g->tick(t += Ms(3000));
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); }, 20);
  ASSERT_TRUE(has_bot_arrow(g->view(t)));
  EXPECT_EQ(cell_name(g->view(t).arrows[0].from), a_pawn ? "h7" : "a7");
  EXPECT_NE(tabula::testing::read_file(dir.file("log")), log_before) << "Stockfish was not asked";
}

TEST(StockfishKiosk, TheSeatStepsOfferStockfishFirstInChess) {
  EXPECT_EQ(seat_step_count(false), 10);
  EXPECT_EQ(seat_step_count(true), 18);
  EXPECT_EQ(seat_step_words(1, true), "Stockfish, skill 0");
  EXPECT_EQ(seat_step_value(5, true), "stockfish:1500");
  EXPECT_EQ(seat_step_words(8, true), "Stockfish, full");
  EXPECT_EQ(seat_step_words(9, true), "Tabula, greedy");
  EXPECT_EQ(seat_step_words(17, true), "Tabula, level 8");
  EXPECT_EQ(seat_step_words(9, false), "bot, level 8");
  // The control's width: the words it had before Stockfish (the digits' widths differ in the font).
  EXPECT_EQ(widest_seat_step_words(false), "bot, level 8");
  EXPECT_EQ(widest_seat_step_words(true), "Stockfish, skill 10");
  const std::vector<std::string> seats{"White", "Black"};
  EXPECT_EQ(with_seat_step("", seats, "Black", 1, true), "Black=stockfish:skill0");
  EXPECT_EQ(with_seat_step("Black=stockfish:skill0", seats, "Black", 2, true), "Black=stockfish:skill5");
  EXPECT_EQ(seat_step("White=3", "White", true), 12);
  // A strength between the steps shows as the step below and is kept as it is.
  EXPECT_EQ(seat_step("Black=stockfish:1600", "Black", true), 5);
  EXPECT_EQ(with_seat_step("Black=stockfish:1600", seats, "White", 3, true),
            "White=stockfish:skill10,Black=stockfish:1600");
}

}  // namespace
}  // namespace tabula::ui

// Session 30: Stockfish at the table, the process (arbiter/uci/uci_bot.*):
// Debian's Stockfish at short move times, and tests/uci/fake_uci.sh in each
// way a UCI program may fail the table: it hangs, crashes, answers a move
// not legal here or garbage, never greets, is missing or not executable.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "uci_test_util.h"

namespace tabula::testing {
namespace {

using uci::UciBot;
using uci::UciReply;

std::string move_text(const core::Game& g, const UciReply& r) {
  return r.move ? core::coordinate(g.position(), *r.move) : std::string("(none)");
}

TEST(UciBot, DebiansStockfishAnswersALegalMoveAtTheChosenElo) {
  if (!stockfish_installed()) GTEST_SKIP() << "Debian's stockfish is not installed (scripts/setup.sh installs it)";
  UciBot bot(uci::kDebianStockfish, uci::UciStrength{1500, -1});
  core::Game g = chess_game({"e2e4"});
  UciReply r = bot.best_move(g, 50, nullptr);
  ASSERT_TRUE(r.move) << r.problem;
  EXPECT_TRUE(g.is_legal(*r.move));
  EXPECT_EQ(r.problem, "");
  EXPECT_EQ(bot.elo_sent(), 1500);
  EXPECT_TRUE(bot.running());
  // The same process answers the game's next move.
  ASSERT_TRUE(answer_then(g, *r.move, "d2d4"));
  UciReply again = bot.best_move(g, 50, nullptr);
  ASSERT_TRUE(again.move) << again.problem;
  EXPECT_TRUE(g.is_legal(*again.move));
  EXPECT_EQ(bot.starts(), 1);
  bot.end();
  EXPECT_FALSE(bot.running());
}

TEST(UciBot, AnEloBelowTheEnginesRangeIsRaisedToItsLeast) {
  // fake_uci.sh says UCI_Elo's range is 1350-2850, as Debian 12's 15.1 does.
  TempDir dir("uci");
  fake_mode("move", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{1320, -1});
  core::Game g = chess_game({"e2e4"});
  UciReply r = bot.best_move(g, 20, nullptr);
  ASSERT_TRUE(r.move) << r.problem;
  EXPECT_EQ(bot.elo_sent(), 1350);
  const std::string log = read_file(dir.file("log"));
  EXPECT_NE(log.find("setoption name UCI_LimitStrength value true"), std::string::npos) << log;
  EXPECT_NE(log.find("setoption name UCI_Elo value 1350"), std::string::npos) << log;
  EXPECT_NE(log.find("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("go movetime 20"), std::string::npos) << log;
}

TEST(UciBot, ASkillLevelIsSentForAChildsGame) {
  TempDir dir("uci");
  fake_mode("move", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{0, 0});
  UciReply r = bot.best_move(chess_game({"e2e4"}), 20, nullptr);
  ASSERT_TRUE(r.move) << r.problem;
  const std::string log = read_file(dir.file("log"));
  EXPECT_NE(log.find("setoption name Skill Level value 0"), std::string::npos) << log;
  EXPECT_EQ(log.find("UCI_LimitStrength"), std::string::npos) << log;
}

TEST(UciBot, OneProcessAGameUntilItIsEnded) {
  TempDir dir("uci");
  fake_mode("first", dir.file("log"));
  setenv("FAKE_UCI_MOVES", "e7e5 b8c6 g8f6", 1);
  UciBot bot(fake_uci(), uci::UciStrength{});
  core::Game g = chess_game({"e2e4"});
  UciReply a = bot.best_move(g, 10, nullptr);
  ASSERT_TRUE(a.move) << a.problem;
  EXPECT_EQ(move_text(g, a), "e7e5");
  ASSERT_TRUE(answer_then(g, *a.move, "g1f3"));
  UciReply b = bot.best_move(g, 10, nullptr);
  EXPECT_EQ(move_text(g, b), "b8c6") << b.problem;
  EXPECT_EQ(bot.starts(), 1);
  EXPECT_EQ(occurrences(read_file(dir.file("log")), "started"), 1);
  const pid_t pid = bot.pid();
  bot.end();  // the game's end, a takeback
  EXPECT_FALSE(process_exists(pid));
  UciReply c = bot.best_move(g, 10, nullptr);  // a new process, from the position
  EXPECT_EQ(bot.starts(), 2);
  EXPECT_EQ(occurrences(read_file(dir.file("log")), "started"), 2);
  EXPECT_NE(read_file(dir.file("log")).find("moves e2e4 e7e5 g1f3"), std::string::npos);
  unsetenv("FAKE_UCI_MOVES");
}

TEST(UciBot, AHangingEngineIsStoppedThenEndedAfterItsTimeAndTheGrace) {
  TempDir dir("uci");
  fake_mode("hang", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{}, 200);
  core::Game g = chess_game({"e2e4"});
  const auto t0 = std::chrono::steady_clock::now();
  UciReply r = bot.best_move(g, 100, nullptr);
  const auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_FALSE(r.move);
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(r.problem, "Stockfish gave no move within 0.3 s (sent stop, then ended it)");
  EXPECT_GE(waited, std::chrono::milliseconds(300));
  EXPECT_LT(waited, std::chrono::milliseconds(3000));
  EXPECT_NE(read_file(dir.file("log")).find("\nstop\n"), std::string::npos);
  EXPECT_FALSE(bot.running());
}

// Session 30: a seat's first move timed out at a load of 35 when the
// process's start (Stockfish loading its network) counted against the move's
// time and grace; the start has the handshake's own time.
TEST(UciBot, AProcesssStartDoesNotCountAgainstItsFirstMovesTime) {
  TempDir dir("uci");
  fake_mode("slowstart", dir.file("log"), "e7e5");
  UciBot bot(fake_uci(), uci::UciStrength{}, 300);
  UciReply r = bot.best_move(chess_game({"e2e4"}), 50, nullptr);
  EXPECT_EQ(r.problem, "");
  ASSERT_TRUE(r.move);
  EXPECT_GE(r.waited_ms, 1000);  // the start is still in the time the table waited
}

TEST(UciBot, ACrashNamesTheSignalAndQuotesItsStderr) {
  TempDir dir("uci");
  fake_mode("crash", dir.file("log"));
  setenv("FAKE_UCI_CRASH_AT", "2", 1);
  UciBot bot(fake_uci(), uci::UciStrength{});
  core::Game g = chess_game({"e2e4"});
  UciReply first = bot.best_move(g, 10, nullptr);
  ASSERT_TRUE(first.move) << first.problem;  // the first go is answered
  ASSERT_TRUE(answer_then(g, *first.move, "d2d4"));
  UciReply r = bot.best_move(g, 10, nullptr);  // mid-game
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.problem,
            "Stockfish ended while thinking (killed by signal 11 (Segmentation fault)); its last line: \"info depth 3 "
            "score cp 5\"; its stderr: \"fake_uci: assertion failed: the network file is damaged\"");
  EXPECT_FALSE(bot.running());
}

TEST(UciBot, AMoveNotLegalHereOrGarbageIsRefusedNamingIt) {
  TempDir dir("uci");
  core::Game g = chess_game({"e2e4"});
  fake_mode("illegal", dir.file("log"));
  UciBot illegal(fake_uci(), uci::UciStrength{});
  UciReply a = illegal.best_move(g, 10, nullptr);
  EXPECT_FALSE(a.move);
  EXPECT_EQ(a.problem, "Stockfish answered \"bestmove a1a1\": \"a1a1\" is not a legal move here");
  fake_mode("garbage", dir.file("log"));
  UciBot garbage(fake_uci(), uci::UciStrength{});
  UciReply b = garbage.best_move(g, 10, nullptr);
  EXPECT_FALSE(b.move);
  EXPECT_EQ(b.problem, "Stockfish answered \"bestmove xyzzy!\": \"xyzzy!\" is not a legal move here");
  // A legal move of the other side is not legal here either.
  fake_mode("move", dir.file("log"), "e2e4");
  UciBot white(fake_uci(), uci::UciStrength{});
  EXPECT_EQ(white.best_move(g, 10, nullptr).problem,
            "Stockfish answered \"bestmove e2e4\": \"e2e4\" is not a legal move here");
}

TEST(UciBot, AFloodWithoutANewlineIsNotBufferedOnAndEndsTheProcess) {
  TempDir dir("uci");
  fake_mode("flood", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{});
  UciReply r = bot.best_move(chess_game({"e2e4"}), 10, nullptr);
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.problem, "Stockfish wrote a line longer than 65536 bytes while thinking (ended it)");
  EXPECT_FALSE(bot.running());
}

TEST(UciBot, AProgramThatNeverGreetsIsEndedAfterTheHandshakesTime) {
  TempDir dir("uci");
  fake_mode("noanswer", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{});
  bot.set_handshake_ms(300);
  UciReply r = bot.best_move(chess_game(), 10, nullptr);
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.problem, "Stockfish (" + fake_uci() + ") did not answer uci with uciok within 0.3 s");
  EXPECT_FALSE(bot.running());
}

TEST(UciBot, AMissingOrNotExecutableProgramIsSaidBeforeAnythingRuns) {
  TempDir dir("uci");
  EXPECT_EQ(uci::why_not_runnable(dir.file("stockfish")),
            "Stockfish cannot be run: " + dir.file("stockfish") + ": No such file or directory");
  dir.write("stockfish", "#!/bin/sh\n");
  chmod(dir.file("stockfish").c_str(), 0644);
  EXPECT_EQ(uci::why_not_runnable(dir.file("stockfish")),
            "Stockfish cannot be run: " + dir.file("stockfish") + " is not executable (Permission denied)");
  EXPECT_EQ(uci::why_not_runnable(dir.path()), "Stockfish cannot be run: " + dir.path() + " is not a file");
  UciBot bot(dir.file("stockfish"), uci::UciStrength{});
  UciReply r = bot.best_move(chess_game(), 10, nullptr);
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.problem, uci::why_not_runnable(dir.file("stockfish")));
  EXPECT_EQ(bot.starts(), 0);
  // A script whose interpreter is missing starts, and says it could not be run.
  dir.write("broken", "#!/nonexistent/sh\n");
  chmod(dir.file("broken").c_str(), 0755);
  UciBot broken(dir.file("broken"), uci::UciStrength{});
  EXPECT_EQ(broken.best_move(chess_game(), 10, nullptr).problem,
            "Stockfish (" + dir.file("broken") + ") ended before it answered uci (it could not be run)");
}

TEST(UciBot, TheStopFlagEndsTheWaitAndTheProcessWithoutAProblem) {
  TempDir dir("uci");
  fake_mode("hang", dir.file("log"));
  UciBot bot(fake_uci(), uci::UciStrength{});
  core::Game g = chess_game({"e2e4"});
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    stop = true;  // a takeback while it thinks
  });
  const auto t0 = std::chrono::steady_clock::now();
  UciReply r = bot.best_move(g, 10000, &stop);
  const auto waited = std::chrono::steady_clock::now() - t0;
  stopper.join();
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.problem, "");
  EXPECT_LT(waited, std::chrono::milliseconds(2000));
  EXPECT_FALSE(bot.running());
}

}  // namespace
}  // namespace tabula::testing

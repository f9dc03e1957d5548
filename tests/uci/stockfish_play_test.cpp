// Session 30: `tabula play` with a Stockfish seat (arbiter/cli/bot_play_command.cpp):
// Debian's Stockfish answers at a chosen strength, journaled and named in
// the record, resumed after a power cut; a missing program refuses a new
// game before anything is journaled; a program that crashes mid-game is
// replaced by Tabula's engine with the warning journaled, and the resumed
// game goes on.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/bot_play_command.h"
#include "cli/play_commands.h"
#include "journal/archive.h"
#include "journal/database.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "session/bot_advice.h"
#include "../session/typed_play_run.h"
#include "uci_test_util.h"

namespace tabula::testing {
namespace {

// A game of `tabula play` journaled in `db`, Black Stockfish 2000: the fake
// answers e7-e5, then crashes at its second go (a segfault mid-game), and
// Tabula's engine (level 8) plays on for Black.
std::vector<std::string> crashing_stockfish_game(TempDir& dir, const std::string& db) {
  fake_mode("crash", dir.file("log"), "e7e5");
  setenv("FAKE_UCI_CRASH_AT", "2", 1);
  return {"play", "--variant", "chess", "--bots", "Black=stockfish:2000", "--stockfish", fake_uci(), "--movetime-ms",
          "20", "--journal", db, "--hint-engine", "tabula"};
}

// Stockfish mended (the fake answers): with a rook's pawn's step the
// fallback's move (in `out`) did not take: h7-h6 when an a-pawn moved
// (true), else a7-a6.
bool mend_stockfish(TempDir& dir, const std::string& out) {
  const bool a_pawn_moved = out.find("Black's bot plays a7-") != std::string::npos;
  fake_mode("move", dir.file("log"), a_pawn_moved ? "h7h6" : "a7a6");
  return a_pawn_moved;
}

// The journal file's PRAGMA user_version (0: unreadable).
std::int64_t sqlite_user_version(const std::string& path) {
  journal::Database db;
  journal::JournalStatus s = db.open(path, journal::Database::Mode::kReadOnly);
  if (!s.ok()) return 0;
  return db.query_int("PRAGMA user_version", s).value_or(0);
}

TEST(StockfishPlay, DebiansStockfishPlaysBlackAtElo1350JournaledAndResumed) {
  if (!stockfish_installed()) GTEST_SKIP() << "Debian's stockfish is not installed (scripts/setup.sh installs it)";
  TempDir dir("sfplay");
  const std::string db = dir.file("g.db");
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=stockfish:1350", "--movetime-ms", "50", "--journal",
                    db, "--hint-engine", "tabula"},
                   "e2e4\nd2d4\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Chess; bots: Black=stockfish:1350\n"), std::string::npos) << r.out;
  EXPECT_EQ(occurrences(r.out, "Black's bot plays "), 2) << r.out;
  EXPECT_NE(r.out.find("[Black \"Stockfish 1350\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[BlackType \"program\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[Bots \"Black=stockfish:1350\"]"), std::string::npos) << r.out;
  // A power cut: the same command resumes the game; Stockfish answers again.
  PlayRun again = play({"play", "--variant", "chess", "--bots", "Black=stockfish:1350", "--movetime-ms", "50",
                        "--journal", db},
                       "Ng1-f3\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("resumed "), std::string::npos) << again.out;
  EXPECT_EQ(occurrences(again.out, "Black's bot plays "), 1) << again.out;
  EXPECT_NE(again.out.find("after 6 moves"), std::string::npos) << again.out;
}

TEST(StockfishPlay, AMissingProgramRefusesANewGameAndWritesNoJournal) {
  TempDir dir("sfplay");
  const std::string db = dir.file("g.db");
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=stockfish", "--stockfish", dir.file("stockfish"),
                    "--journal", db},
                   "e2e4\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "tabula: --bots Black=stockfish: Stockfish cannot be run: " + dir.file("stockfish") +
                       ": No such file or directory\n");
  EXPECT_FALSE(std::filesystem::exists(db));
  dir.write("stockfish", "#!/bin/sh\n");  // not executable
  PlayRun x = play({"play", "--variant", "chess", "--bots", "Black=stockfish:skill2", "--stockfish",
                    dir.file("stockfish")},
                   "");
  EXPECT_EQ(x.code, 2);
  EXPECT_NE(x.err.find("is not executable"), std::string::npos) << x.err;
}

TEST(StockfishPlay, BadStockfishTextIsNamed) {
  PlayRun a = play({"play", "--variant", "chess", "--bots", "Black=stockfish:900"}, "");
  EXPECT_EQ(a.code, 2);
  EXPECT_EQ(a.err,
            "tabula: --bots: 'Black=stockfish:900' (column 1): Stockfish's Elo 900 is not one of 1320-3190 (UCI_Elo)\n");
  PlayRun b = play({"play", "--variant", "chesscom-ffa", "--bots", "Red=stockfish"}, "");
  EXPECT_EQ(b.code, 2);
  EXPECT_NE(b.err.find("Stockfish plays orthodox chess only, not Four-player FFA (chess.com); give Red a level 1-8 "
                       "or greedy"),
            std::string::npos)
      << b.err;
  PlayRun c = play({"play", "--variant", "chess", "--bots", "Black=1", "--hint-engine", "houdini"}, "");
  EXPECT_EQ(c.code, 2);
  EXPECT_NE(c.err.find("--hint-engine \"houdini\" is not stockfish or tabula"), std::string::npos) << c.err;
}

// `tabula play`'s dispatcher knows the options (they were refused as unknown
// before they reached typed play) and refuses them with a trace.
TEST(StockfishPlay, TheDispatcherTakesStockfishsOptionsAndRefusesThemWithATrace) {
  std::ostringstream out, err;
  EXPECT_EQ(cli::cmd_play({"play", "--variant", "chess", "--journal", "/nonexistent/g.db", "--trace", "t.trace",
                           "--stockfish", "/usr/games/stockfish"},
                          out, err),
            2);
  EXPECT_NE(err.str().find("--stockfish, --hint-engine and --stockfish-after-resume are for typed play (without --trace)"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(err.str().find("unknown option"), std::string::npos) << err.str();
}

TEST(StockfishPlay, ACrashMidGameIsSaidJournaledAndTabulaPlaysOnAfterAResume) {
  TempDir dir("sfplay");
  const std::string db = dir.file("g.db");
  const std::vector<std::string> args = crashing_stockfish_game(dir, db);
  PlayRun r = play(args, "e2e4\nd2d4\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Black's bot plays e7-e5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Stockfish (Black) ended while thinking (killed by signal 11 (Segmentation fault)); its last "
                       "line: \"info depth 3 score cp 5\"; its stderr: \"fake_uci: assertion failed: the network file "
                       "is damaged\"; Tabula's engine (level 8) plays for Black until this game ends\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(occurrences(r.out, "Black's bot plays "), 2) << r.out;
  EXPECT_NE(r.out.find("after 4 moves"), std::string::npos) << r.out;
  // s31-fallback: the fallback is journaled (a kBotFallback input, the file
  // version 2), so a power cut does not give the seat back to Stockfish: the
  // resume says once who plays and why, Stockfish is not started again.
  {
    journal::Journal j;
    journal::JournalContents c;
    ASSERT_TRUE(journal::Journal::open(db, journal::Journal::Access::kRead, j).ok());
    ASSERT_TRUE(j.load(c).ok());
    int fallbacks = 0;
    for (const session::Input& in : c.inputs) {
      const auto* i = std::get_if<session::Intent>(&in);
      if (i == nullptr || i->kind != session::IntentKind::kBotFallback) continue;
      ++fallbacks;
      EXPECT_EQ(i->seat, core::seat_at(1));
      EXPECT_EQ(i->option, static_cast<int>(session::BotFallbackReason::kEnded));
      EXPECT_EQ(i->count, 8);
    }
    EXPECT_EQ(fallbacks, 1);
  }
  EXPECT_EQ(sqlite_user_version(db), 2);
  const std::string log_before = read_file(dir.file("log"));
  mend_stockfish(dir, r.out);  // were Stockfish asked, it would answer now
  PlayRun again = play(args, "c2c3\n");  // legal after any answer, ...Bb4+ too
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("resumed "), std::string::npos) << again.out;
  EXPECT_EQ(occurrences(again.out, "Tabula level 8 plays Black for Stockfish 2000 until this game ends, as before the "
                                   "restart (Stockfish (Black) ended while thinking (killed by signal 11"),
            1)
      << again.out;
  const std::string table = again.out.substr(0, again.out.find("[Event"));  // what the table heard, not the record
  EXPECT_EQ(occurrences(table, "plays for Black until this game ends"), 1) << again.out;  // the note only
  EXPECT_EQ(occurrences(again.out, "Black's bot plays "), 1) << again.out;
  EXPECT_EQ(read_file(dir.file("log")), log_before) << "Stockfish was asked again";
  EXPECT_NE(again.out.find("after 6 moves"), std::string::npos) << again.out;
}

// s31-fallback: --stockfish-after-resume again asks Stockfish again at a
// resume when it can be run now (journaled: a second resume keeps it so);
// when it cannot, the seat stays with Tabula's engine and the resume says why.
TEST(StockfishPlay, AfterAResumeStockfishIsAskedAgainOnlyByTheArbitersSwitch) {
  TempDir dir("sfplay");
  const std::string db = dir.file("g.db");
  std::vector<std::string> args = crashing_stockfish_game(dir, db);
  PlayRun r = play(args, "e2e4\nd2d4\n");
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> missing = args;
  missing[6] = dir.file("nothing-here");
  missing.insert(missing.end(), {"--stockfish-after-resume", "again"});
  PlayRun gone = play(missing, "quit\n");
  ASSERT_EQ(gone.code, 0) << gone.err;
  EXPECT_NE(gone.out.find("Tabula level 8 plays Black for Stockfish 2000 until this game ends, as before the restart"),
            std::string::npos)
      << gone.out;
  EXPECT_NE(gone.out.find("Stockfish cannot be run: " + dir.file("nothing-here")), std::string::npos) << gone.out;
  const bool a_pawn_moved = mend_stockfish(dir, r.out);
  std::vector<std::string> retry = args;
  retry.insert(retry.end(), {"--stockfish-after-resume", "again"});
  PlayRun back = play(retry, "c2c3\n");
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_NE(back.out.find("  Stockfish 2000 plays Black again: it can be run now (the arbiter's choice at the "
                          "restart)\n"),
            std::string::npos)
      << back.out;
  EXPECT_NE(back.out.find(a_pawn_moved ? "Black's bot plays h7-h6" : "Black's bot plays a7-a6"), std::string::npos)
      << back.out;
  EXPECT_EQ(back.out.find("as before the restart"), std::string::npos) << back.out;
  // Journaled: the next resume, without the switch, has Stockfish play on.
  fake_mode("move", dir.file("log"), "g8f6");
  PlayRun next = play(args, "g1f3\n");
  ASSERT_EQ(next.code, 0) << next.err;
  EXPECT_EQ(next.out.find("as before the restart"), std::string::npos) << next.out;
  EXPECT_NE(next.out.find("Black's bot plays Ng8-f6"), std::string::npos) << next.out;
  // Bad words for the switch are named.
  std::vector<std::string> bad = args;
  bad.insert(bad.end(), {"--stockfish-after-resume", "maybe"});
  PlayRun no = play(bad, "");
  EXPECT_EQ(no.code, 2);
  EXPECT_NE(no.err.find("--stockfish-after-resume \"maybe\" is not keep or again"), std::string::npos) << no.err;
}

// s30-words: the PGN names the seat "Stockfish 2000" for the game; the moves
// Tabula's engine made after Stockfish failed are said in a comment at the
// first of them (from the journaled warning), and Stockfish's return after a
// resume at its first move again; `tabula archive export` says the same.
TEST(StockfishPlay, TheRecordSaysWhereTabulasEngineTookOverAndWhereStockfishCameBack) {
  TempDir dir("sfplay");
  const std::string db = dir.file("g.db");
  const std::vector<std::string> args = crashing_stockfish_game(dir, db);
  PlayRun r = play(args, "e2e4\nd2d4\n");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string took_over =
      " {Tabula level 8 plays Black from here: Stockfish (Black) ended while thinking (killed by signal 11 "
      "(Segmentation fault)); its last line: \"info depth 3 score cp 5\"; its stderr: \"fake_uci: assertion failed: "
      "the network file is damaged\"; Tabula's engine (level 8) plays for Black until this game ends}";
  EXPECT_NE(r.out.find("[Black \"Stockfish 2000\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1. e4 e5 2. d4 "), std::string::npos) << r.out;  // e5 is Stockfish's: no comment
  const std::size_t at = r.out.find(took_over);
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("2. d4 {"), std::string::npos) << "the comment follows Black's move:\n" << r.out;
  EXPECT_EQ(occurrences(r.out, "plays Black from here"), 1) << r.out;
  const bool a_pawn_moved = mend_stockfish(dir, r.out);
  std::vector<std::string> retry = args;  // s31-fallback: Stockfish again only by the arbiter's switch
  retry.insert(retry.end(), {"--stockfish-after-resume", "again"});
  PlayRun again = play(retry, "c2c3\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find(took_over), std::string::npos) << again.out;
  EXPECT_NE(again.out.find(std::string(a_pawn_moved ? "h6" : "a6") + " {Stockfish 2000 plays Black again from here}"),
            std::string::npos)
      << again.out;
  std::ostringstream out, err;
  ASSERT_EQ(cli::cmd_archive({"archive", "export", "--journal", db}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find(took_over), std::string::npos) << out.str();
  {
    // The kiosk journals the warning a loop before the announcement: a tick
    // between them keeps the warning with the move.
    journal::Journal j;
    journal::JournalContents c;
    ASSERT_TRUE(journal::Journal::open(db, journal::Journal::Access::kRead, j).ok());
    ASSERT_TRUE(j.load(c).ok());
    std::vector<session::Input> inputs;
    bool ticked = false;
    for (const session::Input& in : c.inputs) {
      inputs.push_back(in);
      const auto* i = std::get_if<session::Intent>(&in);
      if (i != nullptr && i->kind == session::IntentKind::kBotFallback && !ticked) {
        inputs.push_back(session::Tick{i->time});
        ticked = true;
      }
    }
    ASSERT_TRUE(ticked);
    auto stages = std::vector<std::shared_ptr<const core::RuleSet>>{variants::load_id("chess").rules};
    std::vector<std::string> comments = journal::bot_comments(c.header, inputs, stages);
    ASSERT_EQ(comments.size(), 6U);
    EXPECT_EQ(" {" + comments[3] + "}", took_over);
    // s31-fallback: a journal before session 31 said the fallback as advice
    // (no kBotFallback, no kStockfishAgain): its record says the same.
    std::vector<session::Input> old;
    for (const session::Input& in : c.inputs) {
      const auto* i = std::get_if<session::Intent>(&in);
      if (i == nullptr || i->kind != session::IntentKind::kBotFallback) {
        old.push_back(in);
      } else if (i->option != static_cast<int>(session::BotFallbackReason::kStockfishAgain)) {
        session::Intent advice = session::advice_intent(i->seat, core::Move{}, i->text, i->time);
        old.push_back(session::Input{advice});
      }
    }
    EXPECT_EQ(journal::bot_comments(c.header, old, stages), journal::bot_comments(c.header, c.inputs, stages));
    // The session's own comments (the board's PGN for the hub) say the same.
    journal::Resumed res = journal::resume(c, db, stages);
    ASSERT_TRUE(res.session) << res.error;
    EXPECT_EQ(journal::bot_comments(c.header, *res.session), journal::bot_comments(c.header, c.inputs, stages));
  }
  EXPECT_NE(out.str().find("Stockfish 2000 plays Black again from here"), std::string::npos) << out.str();
  // A takeback of the fallback's move takes its comment with it.
  PlayRun back = play(args, "takeback\ntakeback\nquit\n");
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_NE(back.out.find("the game is not over after 2 moves"), std::string::npos) << back.out;
  EXPECT_EQ(back.out.find("from here"), std::string::npos) << back.out;
}

TEST(StockfishPlay, ATakebackEndsStockfishsProcessAndTheNextMoveStartsAnother) {
  TempDir dir("sfplay");
  fake_mode("first", dir.file("log"));
  setenv("FAKE_UCI_MOVES", "e7e5 b8c6 d7d5 g8f6", 1);
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=stockfish", "--stockfish", fake_uci(),
                    "--movetime-ms", "20", "--hint-engine", "tabula"},
                   "e2e4\ntakeback\nd2d4\n");
  unsetenv("FAKE_UCI_MOVES");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string log = read_file(dir.file("log"));
  EXPECT_EQ(occurrences(log, "started"), 2) << log;
  EXPECT_NE(log.find("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4"),
            std::string::npos)
      << log;
  EXPECT_NE(r.out.find("\n1. d4 e5 *\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tabula::testing

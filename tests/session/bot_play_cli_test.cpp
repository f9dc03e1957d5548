// Issue 33: `tabula play` without a trace: humans type moves, bots answer.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/bot_play_command.h"
#include "cli/play_commands.h"
#include "journal/journal.h"
#include "typed_play_run.h"

namespace tabula::testing {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(TypedPlay, AHumanTypesMovesAndTheBotAnswers) {
  PlayRun r = play({"play", "--variant", "chess", "--bots", "black=1", "--seed", "3"}, "e2e4\nNg1-f3\nhint\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("White's pawn on e2 to e4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("White's knight on g1 to f3"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "Black's bot plays "), 2) << r.out;
  EXPECT_NE(r.out.find("Hint for White: "), std::string::npos) << r.out;
}

// s30-table: --players names the players beside their seats in the lines
// printed ("Hint for Ann (White)"), the journal keeps the session's texts;
// "again" prints the last ruling (or hint) once more, word for word.
TEST(TypedPlay, ThePlayersAreNamedAndAgainRepeatsTheLastRuling) {
  const std::string db = (std::filesystem::temp_directory_path() / "tabula_bot_play_names_test.db").string();
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=1", "--seed", "3", "--players", " Ann , Bob",
                    "--journal", db},
                   "again\ne2e4\nhint\nagain\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  // "again" first: the setup's ruling, the last said, once more.
  EXPECT_EQ(count(r.out, "  setup verified: the board matches; Ann (White) to move\n"), 2) << r.out;
  EXPECT_NE(r.out.find("  Ann (White)'s pawn on e2 to e4\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann (White) to move> "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("White's pawn on e2"), std::string::npos) << r.out;
  const std::size_t hint = r.out.find("  Hint for Ann (White): move the ");
  ASSERT_NE(hint, std::string::npos) << r.out;
  const std::string line = r.out.substr(hint, r.out.find('\n', hint) + 1 - hint);
  EXPECT_EQ(count(r.out, line), 2) << "said again, word for word:\n" << r.out;
  EXPECT_NE(r.out.find("[White \"Ann\"]"), std::string::npos) << r.out;
  journal::Journal j;
  journal::JournalContents contents;
  ASSERT_TRUE(journal::Journal::open(db, journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(contents).ok());
  EXPECT_EQ(contents.header.players, (std::vector<std::string>{"Ann", "Bob"}));
  bool plain = false;
  for (const journal::StoredRuling& s : contents.rulings) {
    EXPECT_EQ(s.text.find("Ann"), std::string::npos) << s.text;
    plain = plain || s.text == "White's pawn on e2 to e4";
  }
  EXPECT_TRUE(plain) << "the journal keeps the session's own text";
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
  PlayRun bad = play({"play", "--variant", "chess", "--bots", "Black=1", "--players", "Ann,Bob,Cem"}, "quit\n");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("--players names 3 players; Chess has 2 seats"), std::string::npos) << bad.err;
  PlayRun same = play({"play", "--variant", "chess", "--bots", "Black=1", "--players", "Ann,Ann"}, "quit\n");
  EXPECT_NE(same.err.find("two players are named"), std::string::npos) << same.err;
  // `tabula play` takes the option (it refused it as unknown before passing
  // on to typed play); a trace's play does not.
  std::ostringstream out, err;
  EXPECT_EQ(cli::cmd_play({"play", "--variant", "chess", "--trace", "t.trace", "--players", "Ann"}, out, err), 2);
  EXPECT_NE(err.str().find("--players, "), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("are for typed play"), std::string::npos) << err.str();
}

TEST(TypedPlay, AWrongWordNamesTheSeatAndLegalMoves) {
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=1"}, "e2e5\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("'e2e5' is not a move of White here; legal: "), std::string::npos) << r.out;
}

TEST(TypedPlay, FourBotsPlayAFourPlayerGameJournaledAndExported) {
  const std::string db = (std::filesystem::temp_directory_path() / "tabula_bot_play_test.db").string();
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
  PlayRun r = play({"play", "--variant", "chesscom-teams", "--bots", "Red=1,Blue=greedy,Yellow=1,Green=greedy", "--journal",
                db, "--seed", "2", "--max-plies", "40"},
               "");
  ASSERT_EQ(r.code, 0) << r.err;
  // Played to its end, or stopped at the cap (the engine's games change as it improves).
  const int played = count(r.out, "'s bot plays ");
  EXPECT_GT(played, 8) << r.out;
  EXPECT_LE(played, 40) << r.out;
  EXPECT_TRUE(played == 40 ? r.out.find("stopped after 40 plies") != std::string::npos
                           : r.out.find("[Result \"*\"]") == std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[Bots \"Red=1,Blue=greedy,Yellow=1,Green=greedy\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[Red \"Tabula level 1\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[BlueType \"program\"]"), std::string::npos) << r.out;
  // Resumed: the same game, nothing new to play. Other bots than the
  // journal's are refused, naming both (session 11; they were taken silently).
  PlayRun other = play({"play", "--variant", "chesscom-teams", "--bots", "Red=1", "--journal", db, "--max-plies", "40"}, "");
  EXPECT_EQ(other.code, 1);
  EXPECT_NE(other.err.find("give --bots Red=1,Blue=greedy,Yellow=1,Green=greedy"), std::string::npos) << other.err;
  PlayRun again = play({"play", "--variant", "chesscom-teams", "--bots", "Red=1,Blue=greedy,Yellow=1,Green=greedy",
                        "--journal", db, "--max-plies", "40"},
                       "");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("bots: Red=1,Blue=greedy,Yellow=1,Green=greedy"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("resumed "), std::string::npos) << again.out;
  EXPECT_EQ(count(again.out, "'s bot plays "), 0) << again.out;
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
}

TEST(TypedPlay, BadOptionsAreNamed) {
  PlayRun a = play({"play", "--variant", "chesscom-ffa", "--bots", "Pink=2"}, "");
  EXPECT_EQ(a.code, 2);
  EXPECT_NE(a.err.find("no seat 'Pink' in Four-player FFA (chess.com)"), std::string::npos) << a.err;
  PlayRun b = play({"play", "--variant", "chess", "--bots", "White=12"}, "");
  EXPECT_EQ(b.code, 2);
  EXPECT_NE(b.err.find("level '12' is not one of 1-8 or greedy"), std::string::npos) << b.err;
  PlayRun c = play({"play", "--variant", "chess"}, "");
  EXPECT_EQ(c.code, 2);
  EXPECT_NE(c.err.find("needs --variant ID and --bots"), std::string::npos) << c.err;
  PlayRun d = play({"play", "--variant", "chess", "--bots", "Black=1", "--movetime-ms", "fast"}, "");
  EXPECT_EQ(d.code, 2);
  EXPECT_NE(d.err.find("--movetime-ms \"fast\""), std::string::npos) << d.err;
  PlayRun e = play({"play", "--variant", "nosuch", "--bots", "Black=1"}, "");
  EXPECT_EQ(e.code, 1);
}

// s29-newuser: "xx" went unanswered (squeeze() drops every 'x': an empty
// word), "help" was "not a move", the words were in docs/BOTS.md only, and the
// game ended on the session's state dump ("seat White status 0 points 0 ally 255").
TEST(TypedPlay, EveryTypedLineIsAnsweredAndTheEndIsSaidInWords) {
  // (Tabula's hint: in chess a hint comes from Stockfish when it is installed, session 30.)
  PlayRun r = play({"play", "--variant", "chess", "--bots", "Black=1", "--hint-engine", "tabula"},
                   "xx\n   \nhelp\nhint\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string words =
      "  type a move (e2-e4, Nb8-c6 or e2e4; e7e8q promotes), hint, again (the last ruling once more), takeback, resign "
      "or quit\n";
  EXPECT_EQ(r.out.find("Chess; bots: Black=1\n" + words), 0U) << r.out;
  EXPECT_NE(r.out.find("'xx' is not a move of White here; legal: "), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, words), 2) << r.out;  // at the start and for "help"
  EXPECT_EQ(count(r.out, "is not a move"), 1) << r.out;  // the blank line is skipped
  EXPECT_NE(r.out.find("> the game is not over after 0 moves\n"), std::string::npos) << r.out;  // after the prompt quit answered
  EXPECT_EQ(r.out.find("ally 255"), std::string::npos) << r.out;
  // The hint as the kiosk writes it (its move is a centre pawn's or a
  // knight's at the start: docs/BOTS.md, Hint.* in tests/engine).
  EXPECT_TRUE(r.out.find("  Hint for White: move the pawn from d2 to d4 (d2-d4)\n") != std::string::npos ||
              r.out.find("  Hint for White: move the pawn from e2 to e4 (e2-e4)\n") != std::string::npos ||
              r.out.find("  Hint for White: move the knight from ") != std::string::npos)
      << r.out;
  PlayRun mate = play({"play", "--variant", "chess", "--bots", "Black=1", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
                      "Ra1-a8\n");
  ASSERT_EQ(mate.code, 0) << mate.err;
  EXPECT_NE(mate.out.find("\ngame over (checkmate) after 1 move\n"), std::string::npos) << mate.out;
}

// s30-words: the end line counted the moves taken back ("e2e4, takeback,
// d2d4" ended "after 4 moves" above the record "1. d4 e5"); it counts the
// game's moves as they stand, as the record shows them, and so does a
// resume's line.
TEST(TypedPlay, TheEndLineCountsTheGamesMovesNotTheTakenBackOnes) {
  const std::string db = (std::filesystem::temp_directory_path() / "tabula_bot_play_takeback_count.db").string();
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
  const std::vector<std::string> args = {"play", "--variant", "chess", "--bots", "Black=1", "--seed", "3",
                                         "--hint-engine", "tabula", "--journal", db};
  PlayRun r = play(args, "e2e4\ntakeback\nd2d4\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(count(r.out, "Black's bot plays "), 2) << r.out;
  EXPECT_NE(r.out.find("> the game is not over after 2 moves; journaled in "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n1. d4 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("2. "), std::string::npos) << "two moves in the record:\n" << r.out;
  PlayRun again = play(args, "quit\n");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find(", 2 moves from " + db + "\n"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("> the game is not over after 2 moves; "), std::string::npos) << again.out;
  for (const char* side : {"", "-wal", "-shm"}) std::filesystem::remove(db + side);
}

}  // namespace
}  // namespace tabula::testing

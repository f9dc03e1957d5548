// The `tabula` command line, run in-process: outputs, exit codes, and one
// clear line on stderr for every kind of bad input.
#include "cli/commands.h"
#include "cli/options.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../journal/journal_fixture.h"
#include "cli_run.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::cli {
namespace {

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  auto at = t.rfind('\n');
  return at == std::string::npos ? t : t.substr(at + 1);
}

TEST(Cli, VariantsListsChess) {
  CliRun r = run_cli({"variants"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("chess\tChess"), std::string::npos) << r.out;
}

TEST(Cli, CheckValidatesAFile) {
  CliRun ok = run_cli({"check", std::string(TABULA_SOURCE_DIR) + "/arbiter/variants/chess.txtpb"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("ok: chess"), std::string::npos);
  CliRun missing = run_cli({"check", "/nonexistent.txtpb"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("/nonexistent.txtpb: cannot be read (No such file or directory)"), std::string::npos) << missing.err;
  EXPECT_EQ(run_cli({"check"}).code, 2);
}

TEST(Cli, PerftPrintsTheTotalAloneOnTheLastLine) {
  CliRun r = run_cli({"perft", "--variant", "chess", "--depth", "3"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "8902");
}

TEST(Cli, PerftDivideListsEachRootMove) {
  CliRun r = run_cli({"perft", "--variant", "chess", "--depth", "2", "--divide"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("e2e4: 20\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("g1f3: 20\n"), std::string::npos);
  EXPECT_EQ(last_line(r.out), "400");
}

TEST(Cli, PerftTakesAFen) {
  CliRun r = run_cli({"perft", "--variant", "chess", "--fen",
                   "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "--depth", "2"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "2039");
}

TEST(Cli, PerftTakesAStartArray) {
  // Issue 17 item 7: `tabula perft` takes the --start of the other commands.
  // From chess.com's 4PCo array Red has the 4PC array's 20 first moves.
  CliRun r = run_cli({"perft", "--variant", "chesscom-ffa", "--start", "4PCo", "--depth", "1"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "20");
  CliRun bad = run_cli({"perft", "--variant", "chesscom-ffa", "--start", "4PX", "--depth", "1"});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("no start array is called \"4PX\"; the variant has 4PC, 4PCo"), std::string::npos) << bad.err;
}

TEST(Cli, PerftPlaysTheGameNotOnlyThePosition) {
  // Issue 15 items 15 and 17: 001 rules 1 and 4, White may not take his
  // teammate's pawn (21 moves, not 22); 003 rule 2, the alliances (7880 at
  // depth 3 against the free-for-all 7800). --position counts the
  // position's moves alone.
  CliRun teams = run_cli({"perft", "--variant", "chess-four", "--depth", "1"});
  EXPECT_EQ(teams.code, 0) << teams.err;
  EXPECT_EQ(last_line(teams.out), "21");
  CliRun blind = run_cli({"perft", "--variant", "chess-four", "--depth", "1", "--position"});
  EXPECT_EQ(last_line(blind.out), "22");
  CliRun allies = run_cli({"perft", "--variant", "allies-vassals", "--depth", "3"});
  EXPECT_EQ(last_line(allies.out), "7880");
  CliRun free_for_all = run_cli({"perft", "--variant", "allies-vassals", "--depth", "3", "--position"});
  EXPECT_EQ(last_line(free_for_all.out), "7800");
}

TEST(Cli, BadInputGivesOneClearLineAndNonZeroExit) {
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* says;
  };
  const Case cases[] = {
      {{"perft", "--variant", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "--depth", "1"},
       1, "bad FEN at character 45: side to move"},
      {{"perft", "--variant", "nonsense", "--depth", "1"}, 1, "unknown variant; known variants:"},
      {{"perft", "--variant", "chess", "--depth", "x"}, 2, "--depth must be a whole number"},
      {{"perft", "--variant", "chess"}, 2, "perft needs --depth N"},
      {{"perft", "--depth", "1"}, 1, "--variant ID is required"},
      {{"perft", "--variant", "chess", "--depth", "1", "--frob"}, 2, "unknown option --frob"},
      {{"perft", "--variant"}, 2, "option --variant needs a value"},
      {{"perft", "--variant", "chess", "--depth", "1", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--fen4", "x"},
       2, "give --fen or --fen4, not both"},
      {{"perft", "--variant", "chess", "--depth", "1", "--start"}, 2, "option --start needs a value"},
      {{"selfplay", "--variant", "chess"}, 2, "selfplay needs --seed N"},
      {{"selfplay", "--variant", "chess", "--seed", "1", "--games", "0"}, 2, "--games must be a whole number from 1"},
      {{"frobnicate"}, 2, "unknown command \"frobnicate\""},
      {{}, 2, "usage: tabula"},
  };
  for (const Case& c : cases) {
    CliRun r = run_cli(c.args);
    EXPECT_EQ(r.code, c.code) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << "stderr was: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// A directory where a file is wanted: before, `replay DIR` said "DIR holds
// 0 game(s)", `infer DIR` read an empty trace, and `play --trace DIR` ran a
// session on nothing and exited 0. Each now names the path and what it is.
TEST(Cli, ADirectoryGivenAsAFileIsRefusedByName) {
  const tabula::testing::TempDir tmp("cli");
  const std::string dir = tmp.path();
  const std::string journal = tmp.file("cli_dir_as_file.db");
  std::remove(journal.c_str());
  const std::vector<std::vector<std::string>> cases = {
      {"replay", "--variant", "chess", dir},
      {"infer", "--variant", "chess", dir},
      {"trace", "--variant", "chess", dir, "--seed", "1"},
      {"play", "--variant", "chess", "--journal", journal, "--trace", dir},
  };
  for (const auto& args : cases) {
    CliRun r = run_cli(args);
    EXPECT_NE(r.code, 0) << args[0] << ": " << r.out;
    EXPECT_NE(r.err.find(dir + ":"), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find("is a directory, not a file"), std::string::npos)
        << args[0] << ": " << r.err;
  }
  std::remove(journal.c_str());
}

// Event text goes into TRF-16 lines, the standings and the hub: an event
// name with a newline wrote its own TRF line ("012 Ev" then "XXX 999"), and
// a player's club or team, a section or a board name were not checked at
// all. Every such text is one line of printable characters, 64 at most.
TEST(Cli, EventTextIsOneLineWithoutControlCharacters) {
  const tabula::testing::TempDir tmp("cli");
  const std::string file = tmp.file("cli_event_text.json");
  std::remove(file.c_str());
  struct Case {
    std::vector<std::string> args;
    const char* says;
  };
  const Case refused[] = {
      {{"event", "new", "--file", file, "--name", "Ev\nXXX 999", "--boards", "2"}, "--name"},
      {{"event", "new", "--file", file, "--name", "Ev", "--boards", "t1,t\r2"}, "--boards"},
      {{"event", "new", "--file", file, "--name", std::string(65, 'E'), "--boards", "2"}, "--name"},
  };
  for (const Case& c : refused) {
    CliRun r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(std::string(c.says) + ": one line of printable text"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("at most 64"), std::string::npos) << r.err;
  }
  std::ifstream none(file);
  EXPECT_FALSE(none.good()) << "a refused event file was written";
  ASSERT_EQ(run_cli({"event", "new", "--file", file, "--name", "Ev", "--boards", "2"}).code, 0);
  CliRun section = run_cli({"event", "section", "--file", file, "--name", "s\tx", "--variant", "chess", "--format",
                            "two", "--rounds", "3"});
  EXPECT_EQ(section.code, 2) << section.err;
  ASSERT_EQ(run_cli({"event", "section", "--file", file, "--name", "s", "--variant", "chess", "--format", "two",
                     "--rounds", "3"}).code,
            0);
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--name", "Bob\x1b[2J"}, {"--name", "Bob", "--club", "C\n001 x"}, {"--name", "Bob", "--team", "T\r"},
           // Session 13: the one name rule (core/player_name.h): a bidi
           // override, a zero-width joiner, a NUL-free C1 control, a blank name.
           {"--name", "Bob\xE2\x80\xAE"}, {"--name", "B\xE2\x80\x8Dob"}, {"--name", "Bob", "--club", "C\xC2\x85"},
           {"--name", "   "}}) {
    std::vector<std::string> args = {"event", "register", "--file", file, "--section", "s", "--rating", "1500"};
    args.insert(args.end(), extra.begin(), extra.end());
    CliRun r = run_cli(args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("one line of printable text"), std::string::npos) << r.err;
  }
  CliRun trf = run_cli({"event", "trf", "--file", file, "--section", "s"});
  EXPECT_EQ(trf.out.find("Bob"), std::string::npos) << trf.out;  // nothing refused was recorded
  std::remove(file.c_str());
}

// `archive export --out` over the journal it reads (or over any other
// SQLite database) replaced the recorded game with its PGN text: the
// journal was lost. An export never overwrites a database.
TEST(Cli, AnExportNeverOverwritesAJournal) {
  const tabula::testing::TempDir tmp("cli");
  const std::string dir = tmp.path();
  const std::string pgn = dir + "/cli_export_over.pgn", trace = dir + "/cli_export_over.trace",
                    journal = dir + "/cli_export_over.db", other = dir + "/cli_export_other.db";
  for (const std::string& f : {journal, other}) std::remove(f.c_str());
  std::ofstream(pgn) << "[Event \"x\"]\n\n1. e4 e5 *\n";
  CliRun t = run_cli({"trace", "--variant", "chess", pgn, "--seed", "1"});
  ASSERT_EQ(t.code, 0) << t.err;
  std::ofstream(trace) << t.out;
  ASSERT_EQ(run_cli({"play", "--variant", "chess", "--journal", journal, "--trace", trace}).code, 0);
  ASSERT_EQ(run_cli({"play", "--variant", "chess", "--journal", other, "--trace", trace}).code, 0);
  for (const std::string& dest : {journal, other}) {
    CliRun r = run_cli({"archive", "export", "--journal", journal, "--out", dest});
    EXPECT_EQ(r.code, 1) << dest;
    const std::string says = dest == journal ? ": is the file this command reads; an output never overwrites it"
                                             : ": is an SQLite database (a journal?); an export never overwrites it";
    EXPECT_NE(r.err.find(dest + says), std::string::npos) << r.err;
    CliRun still = run_cli({"archive", "list", "--journal", dest});
    EXPECT_EQ(still.code, 0) << still.err;
    EXPECT_NE(still.out.find("moves 2"), std::string::npos) << still.out;
  }
  // The same for an event's outputs: never over a journal, never over the event file itself.
  const std::string event = dir + "/cli_export_event.txt";
  std::remove(event.c_str());
  ASSERT_EQ(run_cli({"event", "new", "--file", event, "--name", "Ev", "--boards", "2"}).code, 0);
  ASSERT_EQ(run_cli({"event", "section", "--file", event, "--name", "s", "--variant", "chess", "--format", "two",
                     "--rounds", "3"}).code,
            0);
  CliRun over_journal = run_cli({"event", "trf", "--file", event, "--section", "s", "--out", journal});
  EXPECT_NE(over_journal.code, 0);
  EXPECT_NE(over_journal.err.find("is an SQLite database"), std::string::npos) << over_journal.err;
  CliRun over_event = run_cli({"event", "standings", "--file", event, "--section", "s", "--out", event});
  EXPECT_NE(over_event.code, 0);
  EXPECT_NE(over_event.err.find("is the file this command reads"), std::string::npos) << over_event.err;
  CliRun match = run_cli({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--games", "1", "--moves",
                          "2", "--pgn", journal});  // appended PGN text would damage the journal
  EXPECT_EQ(match.code, 1);
  EXPECT_NE(match.err.find("is an SQLite database"), std::string::npos) << match.err;
  EXPECT_EQ(run_cli({"archive", "list", "--journal", journal}).code, 0);
  EXPECT_EQ(run_cli({"event", "trf", "--file", event, "--section", "s"}).code, 0);
  for (const std::string& f : {pgn, trace, journal, other, event}) std::remove(f.c_str());
}

// `tabula bench` (issue 20). The quick run (--depth-cut 2) is cheap enough for
// the sanitizer pass; the chess lines are checked against the Chess
// Programming Wiki's published perft counts, not against this code.
TEST(Cli, BenchCoversEveryVariantAndCountsThePublishedChessNumbers) {
  CliRun r = run_cli({"bench", "--depth-cut", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  CliRun ids = run_cli({"variants"});
  std::istringstream list(ids.out);
  for (std::string line; std::getline(list, line);) {
    std::string id = line.substr(0, line.find('\t'));
    EXPECT_NE(("\n" + r.out).find("\n" + id + " "), std::string::npos) << "no bench line for " << id;
  }
  // start d3, Kiwipete d2, positions 3 to 5 at d3, d2, d2.
  for (const char* count : {" 8902 ", " 2039 ", " 2812 ", " 264 ", " 1486 "}) {
    EXPECT_NE(r.out.find(count), std::string::npos) << count << " missing in\n" << r.out;
  }
  // The signature is the sum of the lines' counts (the third word from the end).
  std::uint64_t sum = 0;
  std::string signature;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("signature ", 0) == 0) signature = line;
    if (line.rfind("signature ", 0) == 0 || line.rfind("nodes/s ", 0) == 0) continue;
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string w; in >> w;) words.push_back(w);
    ASSERT_GE(words.size(), 4U) << line;
    sum += std::stoull(words[words.size() - 3]);
  }
  EXPECT_EQ(signature, "signature " + std::to_string(sum));
  EXPECT_NE(r.out.find("nodes/s "), std::string::npos);
  // Deterministic: a second run gives the same lines (times aside).
  CliRun again = run_cli({"bench", "--depth-cut", "2"});
  EXPECT_NE(again.out.find(signature + "\n"), std::string::npos) << again.out;
}

TEST(Cli, BenchRefusesBadArguments) {
  CliRun bad = run_cli({"bench", "--depth-cut", "x"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--depth-cut must be a whole number"), std::string::npos) << bad.err;
  CliRun extra = run_cli({"bench", "foo"});
  EXPECT_EQ(extra.code, 2);
  EXPECT_NE(extra.err.find("unexpected argument \"foo\""), std::string::npos) << extra.err;
  EXPECT_EQ(run_cli({"bench", "--depth"}).code, 2);
}

TEST(Cli, ReplayOfAFourPlayerGamePrintsTheRankingNotOneNil) {
  // 000 short: "Checkmate of the King on the immediate left is needed to
  // win": White mates Grey and wins. Among four, "1-0" says nothing; the
  // last line is the ranking, as tabula selfplay prints it.
  const tabula::testing::TempDir tmp("cli");
  std::string path = tmp.file("corners_mate.pgn4");
  std::ofstream(path) << "[StartFen4 \"W-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-5,bK,6/12/12/12/gK,11/11,pK/12/12/"
                         "1,wR,10/2,wR,9/12/6,wK,5\"]\n\n1. Rc3-a3#\n";
  CliRun r = run_cli({"replay", "--variant", "corners-short", path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "ranking White Grey Black Pink (checkmate)") << r.out;
}

TEST(Cli, SelfplayIsDeterministicPerSeedAndPrintsOneLinePerGame) {
  CliRun a = run_cli({"selfplay", "--variant", "chess", "--seed", "7", "--games", "5"});
  CliRun b = run_cli({"selfplay", "--variant", "chess", "--seed", "7", "--games", "5"});
  CliRun c = run_cli({"selfplay", "--variant", "chess", "--seed", "8", "--games", "5"});
  EXPECT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  int lines = 0;
  for (char ch : a.out) lines += ch == '\n';
  EXPECT_EQ(lines, 5);
  EXPECT_NE(a.out.find("game 1: "), std::string::npos);
  EXPECT_NE(a.out.find(" plies\n"), std::string::npos);
}

TEST(Cli, SelfplayStopsAtThePlyCap) {
  CliRun r = run_cli({"selfplay", "--variant", "chess", "--seed", "1", "--max-plies", "10"});
  EXPECT_EQ(r.out, "game 1: *, 10 plies\n");
}

// Session 28: a count of one takes the singular in every command's words
// ("1 moves", "1 plies", "1 seeded random games" had been printed; s27 did
// the event's and the hub's). The expected lines are written out here.
TEST(Cli, ACountOfOneTakesTheSingular) {
  const tabula::testing::TempDir tmp("cli");
  EXPECT_EQ(run_cli({"selfplay", "--variant", "chess", "--seed", "1", "--max-plies", "1"}).out, "game 1: *, 1 ply\n");
  // White's king on a1, Black's rook on b8: a1-a2 is White's one move.
  CliRun perft = run_cli({"perft", "--variant", "chess", "--fen", "1r5k/8/8/8/8/8/8/K7 w - - 0 1", "--depth", "1"});
  EXPECT_EQ(last_line(perft.out), "1") << perft.err;
  EXPECT_TRUE(std::regex_search(perft.err, std::regex("^perft 1: 1 node in \\d+ ms\n$"))) << perft.err;
  // A one-move game: its trace, played, then resumed whole and from its first input.
  const std::string pgn = tmp.file("e4.pgn"), trace = tmp.file("e4.trace"), journal = tmp.file("e4.db");
  std::ofstream(pgn) << "[Event \"club\"]\n\n1. e4 *\n";
  CliRun traced = run_cli({"trace", "--variant", "chess", pgn, "--seed", "3"});
  ASSERT_EQ(traced.code, 0) << traced.err;
  EXPECT_NE(traced.out.find("\n# 1 move; settle time "), std::string::npos) << traced.out;
  std::ofstream(trace) << traced.out;
  const std::vector<std::string> play = {"play", "--variant", "chess", "--journal", journal, "--trace", trace};
  CliRun first = run_cli(play);
  ASSERT_EQ(first.code, 0) << first.err;
  CliRun again = run_cli(play);
  EXPECT_TRUE(std::regex_search(again.out, std::regex("(^|\n)resumed \\d+ inputs, 1 move from "))) << again.out;
  journal::testing::cut_journal_after(journal, 1);
  CliRun cut = run_cli(play);
  EXPECT_NE(cut.out.find("resumed 1 input, 0 moves from "), std::string::npos) << cut.out;
  // Bots alone, stopped at one ply.
  CliRun bots = run_cli({"play", "--variant", "chess", "--bots", "White=1,Black=1", "--max-plies", "1", "--movetime-ms",
                         "5", "--seed", "1"});
  EXPECT_NE(bots.out.find("stopped after 1 ply (--max-plies)"), std::string::npos) << bots.out << bots.err;
  // The latency bench over one game of at most one ply.
  CliRun bench = run_cli({"bench-latency", "--variants", "chess", "--seeds", "1", "--plies", "1"});
  ASSERT_EQ(bench.code, 0) << bench.err;
  EXPECT_NE(bench.out.find("1 seeded random game of at most 1 ply per variant;"), std::string::npos) << bench.out;
}

// s31-takeback: the trace-driven `tabula play` said "resumed N inputs, 2
// moves" after "1. e4 e5" and a takeback of one (the session's history, with
// the move taken back); its closing lines listed e7-e5 as a move of the game.
// They count the game's moves as they stand, and mark the one taken back.
TEST(Cli, TracePlayCountsTheGamesMovesAfterATakeback) {
  const tabula::testing::TempDir tmp("cli-takeback");
  const std::string pgn = tmp.file("e4e5.pgn"), trace = tmp.file("e4e5.trace"), journal = tmp.file("e4e5.db");
  std::ofstream(pgn) << "[Event \"club\"]\n\n1. e4 e5 *\n";
  CliRun traced = run_cli({"trace", "--variant", "chess", pgn, "--seed", "3"});
  ASSERT_EQ(traced.code, 0) << traced.err;
  std::ofstream(trace) << traced.out << "#! 600000 takeback 1\n";
  const std::vector<std::string> play = {"play", "--variant", "chess", "--journal", journal, "--trace", trace};
  CliRun first = run_cli(play);
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("the arbiter takes back 1 move; Black to move"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("\nmoves 1 standing (2 accepted)\n"), std::string::npos) << first.out;
  EXPECT_TRUE(std::regex_search(first.out, std::regex("\nmove \\d+ e2-e4\nmove \\d+ e7-e5 \\(taken back or withdrawn\\)\n")))
      << first.out;
  CliRun again = run_cli(play);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_TRUE(std::regex_search(again.out, std::regex("(^|\n)resumed \\d+ inputs, 1 move from "))) << again.out;
  EXPECT_NE(again.out.find("\nmoves 1 standing (2 accepted)\n"), std::string::npos) << again.out;
}

// Session 11's attacker pass: /dev/zero (or any endless input) as a record
// or a trace was read for ever, memory growing until the process was killed.
TEST(Cli, AnEndlessInputIsRefusedNotReadForEver) {
  const tabula::testing::TempDir tmp("cli");
  const std::string journal = tmp.file("cli_endless.db");
  std::remove(journal.c_str());
  const std::vector<std::vector<std::string>> commands = {
      // Each reads 64 MiB before it stops: two of the four commands that
      // read through cli::read_text_file (infer and analyse do as replay).
      {"replay", "--variant", "chess", "/dev/zero"},
      {"play", "--variant", "chess", "--journal", journal, "--trace", "/dev/zero"},
  };
  for (const auto& args : commands) {
    CliRun r = run_cli(args);
    EXPECT_NE(r.code, 0) << args[0];
    EXPECT_NE(r.err.find("/dev/zero"), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find("more than " + std::to_string(kMaxTextFileBytes) + " bytes"), std::string::npos)
        << args[0] << ": " << r.err;
  }
  std::remove(journal.c_str());
}


// `tabula --version` prints the package's version (scripts/cmake/version.cmake),
// the same string dpkg shows for the installed package
// (scripts/chroot_install_test.sh compares the two on an installed system).
TEST(Cli, VersionPrintsThePackagesVersion) {
  const CliRun r = run_cli({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, std::string("tabula ") + TABULA_EXPECTED_VERSION + "\n");
  // x.y.z, then +git<count>.g<hash> or +<count>.g<hash> from git, then
  // .dirty<UTC time> from an edited tree: the forms dpkg orders.
  EXPECT_TRUE(std::regex_match(r.out, std::regex(R"(tabula [0-9]+\.[0-9]+\.[0-9]+(\+(git)?[0-9]+\.g[0-9a-f]+)?(\.dirty[0-9]{14})?\n)")))
      << r.out;
  EXPECT_NE(run_cli({"help"}).out.find("--version"), std::string::npos);
}

// s29-newuser, a new user's first evening: `tabula archive` without its word
// or its --journal printed `tabula play`'s usage; `tabula replay` given the
// kiosk's journal read it as PGN ("move number '1796629935787.2%vari' is too
// large"); without --variant it did not say what the record's own tag names.
TEST(Cli, ArchiveAndReplayNameWhatIsMissingOrWrongForANewUser) {
  const tabula::testing::TempDir tmp("cli");
  const std::string pgn = tmp.file("newuser.pgn"), trace = tmp.file("newuser.trace"), journal = tmp.file("newuser.db"),
                    record = tmp.file("newuser.pgn4");
  std::ofstream(pgn) << "[Event \"x\"]\n\n1. e4 e5 *\n";
  CliRun t = run_cli({"trace", "--variant", "chess", pgn, "--seed", "1"});
  ASSERT_EQ(t.code, 0) << t.err;
  std::ofstream(trace) << t.out;
  ASSERT_EQ(run_cli({"play", "--variant", "chess", "--journal", journal, "--trace", trace}).code, 0);

  const CliRun bare = run_cli({"archive"});
  EXPECT_EQ(bare.code, 2);
  EXPECT_EQ(bare.err, "tabula: archive needs list, show or export (usage: tabula archive list|show|export --journal FILE [--out F])\n");
  const CliRun no_journal = run_cli({"archive", "show"});
  EXPECT_EQ(no_journal.code, 2);
  EXPECT_EQ(no_journal.err.rfind("tabula: archive show needs --journal FILE (the kiosk's game: current.db", 0), 0U)
      << no_journal.err;
  const CliRun two = run_cli({"archive", "show", "export", "--journal", journal});
  EXPECT_EQ(two.code, 2);
  EXPECT_NE(two.err.find("not 2 words (\"export\" after \"show\""), std::string::npos) << two.err;
  for (const CliRun& r : {bare, no_journal, two}) EXPECT_EQ(r.err.find("--trace"), std::string::npos) << r.err;

  const CliRun journal_replayed = run_cli({"replay", "--variant", "chess", journal});
  EXPECT_EQ(journal_replayed.code, 2);
  EXPECT_EQ(journal_replayed.err, "tabula: " + journal + " is a journal (an SQLite file), not a PGN or PGN4 record: " +
                                      "`tabula archive show --journal " + journal + "` lists its rulings, " +
                                      "`tabula archive export --journal " + journal + " --out game.pgn4` writes its record\n");

  ASSERT_EQ(run_cli({"archive", "export", "--journal", journal, "--out", record}).code, 0);
  const CliRun no_variant = run_cli({"replay", record});
  EXPECT_EQ(no_variant.code, 2);
  EXPECT_EQ(no_variant.err, "tabula: --variant ID is required (see `tabula variants`); this record's Variant tag says --variant chess\n");
  const CliRun foreign = run_cli({"replay", pgn});  // no Variant tag: nothing offered
  EXPECT_EQ(foreign.err, "tabula: --variant ID is required (see `tabula variants`)\n");
  const CliRun replayed = run_cli({"replay", "--variant", "chess", record});
  EXPECT_EQ(replayed.code, 0) << replayed.err;
  EXPECT_NE(replayed.out.find("1. White e4"), std::string::npos) << replayed.out;
}

}  // namespace
}  // namespace tabula::cli

// `tabula match` and `tabula analyse` in-process: results, scores and the
// bad inputs.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <sstream>

#include "cli/commands.h"
#include "cli/match_command.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::cli {
namespace {

struct CliRun {
  int code;
  std::string out, err;
};

CliRun tabula(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = run(args, out, err);
  return {code, out.str(), err.str()};
}

std::string last_line(const std::string& text) {
  auto end = text.find_last_not_of('\n');
  auto start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

TEST(MatchCommand, PlaysGamesAndScoresSideA) {
  CliRun r = tabula({"match", "--variant", "chess", "--a", "level:2", "--b", "greedy", "--games", "2", "--max-plies", "30",
                  "--movetime-ms", "1000", "--openings", "random:2"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("game 1: A as White"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 2: A as Black"), std::string::npos) << r.out;
  std::string last = last_line(r.out);
  EXPECT_NE(last.find("2 games"), std::string::npos) << last;
  EXPECT_NE(last.find(" 0 refused, 0 engine failures"), std::string::npos) << last;
  EXPECT_NE(last.find("95% interval"), std::string::npos) << last;
  // The line before the last: each side's move furthest over its budget,
  // by the wall clock and by CPU time (the time table of docs/BENCH.md).
  std::string before = last_line(r.out.substr(0, r.out.rfind(last)));
  EXPECT_EQ(before.rfind("longest over budget: A ", 0), 0U) << before;
  EXPECT_NE(before.find(" of 1000.0 ms, "), std::string::npos) << before;
  // The wall clock's longest move with its CPU time (the rest was spent off
  // the CPU), and how many of the side's moves went over.
  EXPECT_NE(before.find(" ms of it CPU, game "), std::string::npos) << before;
  EXPECT_NE(before.find(" moves over), B "), std::string::npos) << before;
  EXPECT_NE(before.find(", B "), std::string::npos) << before;
  EXPECT_NE(before.find("; CPU: A "), std::string::npos) << before;
  // Before that, each side's nodes per CPU second and its slowest move per
  // node (what a level's node bound costs: docs/ENGINE.md "Levels").
  std::string speed = last_line(r.out.substr(0, r.out.rfind(before)));
  EXPECT_EQ(speed.rfind("search speed: A ", 0), 0U) << speed;
  EXPECT_NE(speed.find(" k nodes per CPU second ("), std::string::npos) << speed;
  EXPECT_NE(speed.find("; B "), std::string::npos) << speed;
}

TEST(MatchCommand, TheIntervalIsWilsons) {
  // Worked by hand from Wilson's formula with z = 1.96: 4 of 4 gives
  // centre (1 + z^2/8) / (1 + z^2/4) = 0.7551, half width
  // z * sqrt(z^2/64) / (1 + z^2/4) = 0.2450; 50 of 100 gives
  // 0.5 +- 1.96 * sqrt(0.0025 + 0.000096) / 1.038416 = 0.5 +- 0.0962.
  ScoreInterval full = wilson_interval(1.0, 4);
  EXPECT_NEAR(full.lo, 0.5101, 0.0005);
  EXPECT_NEAR(full.hi, 1.0, 1e-9);
  ScoreInterval half = wilson_interval(0.5, 100);
  EXPECT_NEAR(half.lo, 0.4038, 0.0005);
  EXPECT_NEAR(half.hi, 0.5962, 0.0005);
}

TEST(MatchCommand, FourSeatsRotateSideAAndWritePgn4) {
  testing::TempDir dir("match");
  CliRun r = tabula({"match", "--variant", "chesscom-ffa", "--a", "level:1", "--b", "greedy", "--games", "4", "--max-plies",
                  "8", "--pgn", dir.file("out.pgn4")});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* seat : {"A as Red", "A as Blue", "A as Yellow", "A as Green"}) {
    EXPECT_NE(r.out.find(seat), std::string::npos) << r.out;
  }
  std::string pgn = testing::read_file(dir.file("out.pgn4"));
  EXPECT_NE(pgn.find("[Red \"tabula-level-1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Blue \"tabula-level-1\"]"), std::string::npos) << pgn;  // game 2
  // Each game replays through the arbiter.
  CliRun replay = tabula({"replay", "--variant", "chesscom-ffa", dir.file("out.pgn4"), "--game", "4"});
  EXPECT_EQ(replay.code, 0) << replay.err;
}

TEST(MatchCommand, TeamsAndBipartiteRecordsReplay) {
  // chess.com Teams records without a start tag start from the older 4PCo
  // array; the match writes its start, so its records replay.
  testing::TempDir dir("match");
  CliRun r = tabula({"match", "--variant", "chesscom-teams", "--a", "level:1", "--b", "greedy", "--games", "2",
                  "--max-plies", "24", "--pgn", dir.file("t.pgn4")});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* game : {"1", "2"}) {
    CliRun replay = tabula({"replay", "--variant", "chesscom-teams", dir.file("t.pgn4"), "--game", game});
    EXPECT_EQ(replay.code, 0) << replay.err;
  }
  r = tabula({"match", "--variant", "bipartite-stage2", "--a", "level:1", "--b", "greedy", "--games", "1", "--max-plies",
              "12", "--pgn", dir.file("b.pgn")});
  ASSERT_EQ(r.code, 0) << r.err;
  CliRun replay = tabula({"replay", "--variant", "bipartite-stage2", dir.file("b.pgn")});
  EXPECT_EQ(replay.code, 0) << replay.err;
}

TEST(MatchCommand, ListedOpeningsArePlayedAndABadOneIsNamed) {
  testing::TempDir dir("match");
  dir.write("open.txt", "# openings\ne4 e5\nd4 d5\n");
  CliRun r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--games", "2", "--max-plies", "2",
                  "--openings", dir.file("open.txt"), "--pgn", dir.file("o.pgn")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(testing::read_file(dir.file("o.pgn")).find("1. e4 e5"), std::string::npos);
  dir.write("bad.txt", "e4 e4\n");
  r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--openings", dir.file("bad.txt")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("opening line 1, \"e4\""), std::string::npos) << r.err;
}

TEST(MatchCommand, ClocksRunOutAndTheSeatLosesOnTime) {
  // A UCI engine that thinks 300 ms per move on a 500 ms clock flags on its
  // second move at the latest; Tabula's greedy bot uses far less.
  testing::TempDir dir("clock");
  dir.write("slow.sh", "#!/bin/sh\nwhile read line; do case \"$line\" in\n"
                       "  uci) echo uciok;; isready) echo readyok;;\n"
                       "  go*) sleep 0.3; echo 'bestmove a7a6';;\n"
                       "esac; done\n");
  chmod(dir.file("slow.sh").c_str(), 0755);
  CliRun r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "uci:" + dir.file("slow.sh"), "--games", "1",
                     "--clock", "500+0", "--max-plies", "20", "--openings", "random:0"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("A scores 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("clock 500+0 ms"), std::string::npos) << r.out;
  r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--clock", "fast"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("BASE_MS+INCREMENT_MS"), std::string::npos) << r.err;
}

TEST(MatchCommand, BadUsageIsNamed) {
  CliRun r = tabula({"match", "--variant", "chess", "--a", "greedy"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs --b"), std::string::npos) << r.err;
  r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "level:0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("from 1 to 8"), std::string::npos) << r.err;
  r = tabula({"match", "--variant", "nope", "--a", "greedy", "--b", "greedy"});
  EXPECT_EQ(r.code, 1);
  r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--openings", "random:x"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("random:K"), std::string::npos) << r.err;
  r = tabula({"match", "--variant", "chess", "--a", "greedy", "--b", "greedy", "--games", "0"});
  EXPECT_EQ(r.code, 2);
}

TEST(AnalyseCommand, MarksTheMoveThatHangsTheQueen) {
  testing::TempDir dir("analyse");
  // 3...Qh4?? walks into Nxh4 (any club player sees it).
  dir.write("g.pgn", "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. d3 Qh4 4. Nxh4 *\n");
  CliRun r = tabula({"analyse", "--variant", "chess", dir.file("g.pgn"), "--level", "4"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Black d8h4??"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("White e2e4?"), std::string::npos) << r.out;
  EXPECT_NE(last_line(r.out).find("analysed 7 moves"), std::string::npos) << r.out;
}

TEST(AnalyseCommand, BadInputsAreNamed) {
  testing::TempDir dir("analyse");
  CliRun r = tabula({"analyse", "--variant", "chess", dir.file("none.pgn")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("none.pgn: no such file"), std::string::npos) << r.err;
  dir.write("bad.pgn", "[Event \"t\"\n");
  r = tabula({"analyse", "--variant", "chess", dir.file("bad.pgn")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("bad.pgn:1"), std::string::npos) << r.err;
  dir.write("illegal.pgn", "1. e4 e5 2. Ke3 *\n");
  r = tabula({"analyse", "--variant", "chess", dir.file("illegal.pgn"), "--level", "1"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("refused at"), std::string::npos) << r.err;
  r = tabula({"analyse", "--variant", "chess"});
  EXPECT_EQ(r.code, 2);
}

TEST(AnalyseCommand, ReadsAShippedPgn4Record) {
  std::filesystem::path record = std::filesystem::path(TABULA_SOURCE_DIR) / ".." / "shared" / "data" / "pgn4" / "teams" / "teams-519084.pgn4";
  if (!std::filesystem::exists(record)) GTEST_SKIP() << record << " is not here";
  CliRun r = tabula({"analyse", "--variant", "chesscom-teams", record.string(), "--level", "1"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(last_line(r.out).find("analysed"), std::string::npos);
}

}  // namespace
}  // namespace tabula::cli

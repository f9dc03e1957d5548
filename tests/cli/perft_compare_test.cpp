// `tabula perft --compare ROUNDS` (issue 30 item 3, cli/perft_compare.h):
// bad inputs, the report's shape, the order of the runs, its statistics on
// given times, and the node-count check. No timed assertion: the clocks are
// fakes wherever a figure is checked.
#include "cli/commands.h"
#include "cli/perft_compare.h"
#include "cli_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace tabula::cli {
namespace {

// The line of `text` starting with `head`, or "".
std::string line_starting(const std::string& text, const std::string& head) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(head, 0) == 0) return line;
  }
  return "";
}

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

TEST(PerftCompare, BadRoundsAndClashingFlagsGiveOneClearLineAndExit2) {
  struct Case {
    std::vector<std::string> extra;
    const char* says;
  };
  const char* const range = "--compare must be a whole number from 1 to 1000, got ";
  const Case cases[] = {
      {{"--compare", "0"}, range},
      {{"--compare", "-3"}, range},
      {{"--compare", "1001"}, range},
      {{"--compare", "99999999999999999999999"}, range},
      {{"--compare", "abc"}, range},
      {{"--compare", "5x"}, range},
      {{"--compare", ""}, range},
      {{"--compare", "3", "--divide"}, "perft --compare times both layers' totals; it takes no --divide"},
      {{"--compare", "3", "--position"}, "perft --compare times both layers' totals; it takes no --position"},
      {{"--compare"}, "option --compare needs a value"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"perft", "--variant", "chess", "--depth", "2"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    CliRun r = run_cli(args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << "stderr was: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // The bad value is quoted back.
  EXPECT_NE(run_cli({"perft", "--variant", "chess", "--depth", "2", "--compare", "-3"}).err.find("got \"-3\""),
            std::string::npos);
}

TEST(PerftCompare, ReportsEachLayersOwnCountAndEveryRun) {
  // corners-mini: the game layer's tree is not the position's (sheet 000's
  // turns and mate rule), so each layer reports its own count, the one its
  // plain perft prints.
  const std::string game_nodes = words_of(
      run_cli({"perft", "--variant", "corners-mini", "--depth", "3"}).out).back();
  const std::string position_nodes = words_of(
      run_cli({"perft", "--variant", "corners-mini", "--depth", "3", "--position"}).out).back();
  ASSERT_NE(game_nodes, position_nodes);
  CliRun r = run_cli({"perft", "--variant", "corners-mini", "--depth", "3", "--compare", "3"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_FALSE(line_starting(r.out, "# perft --compare: corners-mini depth 3, 3 rounds a layer").empty()) << r.out;
  for (const char* head : {"load-start ", "load-end "}) {
    EXPECT_EQ(words_of(line_starting(r.out, head)).size(), 4u) << r.out;
  }
  const std::vector<std::string> game = words_of(line_starting(r.out, "game "));
  const std::vector<std::string> position = words_of(line_starting(r.out, "position "));
  // "game nodes N ms min A median B max C runs R1 R2 R3"
  ASSERT_EQ(game.size(), 14u) << r.out;
  ASSERT_EQ(position.size(), 14u) << r.out;
  EXPECT_EQ(game[2], game_nodes);
  EXPECT_EQ(position[2], position_nodes);
  for (const auto* w : {&game, &position}) {
    EXPECT_EQ((*w)[4], "min");
    EXPECT_EQ((*w)[6], "median");
    EXPECT_EQ((*w)[8], "max");
    EXPECT_EQ((*w)[10], "runs");
    EXPECT_LE(std::stod((*w)[5]), std::stod((*w)[7]));
    EXPECT_LE(std::stod((*w)[7]), std::stod((*w)[9]));
  }
  EXPECT_EQ(words_of(line_starting(r.out, "ratio position/game min ")).size(), 6u) << r.out;
  EXPECT_EQ(words_of(line_starting(r.out, "cpu-share ")).size(), 2u) << r.out;
}

// Fakes: each run advances the CPU clock by its layer's next duration; the
// wall clock runs at twice the CPU clock (a CPU share of one half).
struct FakeBench {
  double now_ms = 0;
  std::vector<char> order;
  std::vector<double> game_ms, position_ms;
  std::vector<std::uint64_t> game_nodes, position_nodes;
  std::size_t game_i = 0, position_i = 0;
  int loads = 0;

  CompareClocks clocks() {
    CompareClocks c;
    c.cpu_ms = [this] { return now_ms; };
    c.wall_ms = [this] { return 2 * now_ms; };
    c.load = [this] { return ++loads == 1 ? std::string("0.10 0.20 0.30") : std::string("4.00 5.00 6.00"); };
    return c;
  }
  std::uint64_t game() {
    order.push_back('G');
    now_ms += game_ms[game_i % game_ms.size()];
    return game_nodes[std::min(game_i++, game_nodes.size() - 1)];
  }
  std::uint64_t position() {
    order.push_back('P');
    now_ms += position_ms[position_i % position_ms.size()];
    return position_nodes[std::min(position_i++, position_nodes.size() - 1)];
  }
  int run(int rounds, std::ostream& out, std::ostream& err) {
    return perft_compare("fake depth 4", rounds, [this] { return game(); }, [this] { return position(); }, clocks(),
                         out, err);
  }
};

TEST(PerftCompare, AlternatesTheLayersAndReadsMinMedianMaxOfTheGivenTimes) {
  FakeBench b;
  b.game_ms = {10, 30, 20};
  b.position_ms = {9, 8, 40};
  b.game_nodes = {400};
  b.position_nodes = {500};
  std::ostringstream out, err;
  ASSERT_EQ(b.run(3, out, err), 0) << err.str();
  EXPECT_EQ(std::string(b.order.begin(), b.order.end()), "GPPGGP");
  EXPECT_EQ(line_starting(out.str(), "game "),
            "game nodes 400 ms min 10.000 median 20.000 max 30.000 runs 10.000 30.000 20.000");
  EXPECT_EQ(line_starting(out.str(), "position "),
            "position nodes 500 ms min 8.000 median 9.000 max 40.000 runs 9.000 8.000 40.000");
  // 8 / 10 and 9 / 20.
  EXPECT_EQ(line_starting(out.str(), "ratio "), "ratio position/game min 0.800 median 0.450");
  EXPECT_EQ(line_starting(out.str(), "cpu-share "), "cpu-share 0.500");
  EXPECT_EQ(line_starting(out.str(), "load-start "), "load-start 0.10 0.20 0.30");
  EXPECT_EQ(line_starting(out.str(), "load-end "), "load-end 4.00 5.00 6.00");
}

TEST(PerftCompare, TheMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo) {
  FakeBench b;
  b.game_ms = {40, 10, 30, 20};
  b.position_ms = {5};
  b.game_nodes = {1};
  b.position_nodes = {1};
  std::ostringstream out, err;
  ASSERT_EQ(b.run(4, out, err), 0);
  EXPECT_EQ(std::string(b.order.begin(), b.order.end()), "GPPGGPPG");
  EXPECT_NE(line_starting(out.str(), "game ").find("min 10.000 median 25.000 max 40.000"), std::string::npos)
      << out.str();
  EXPECT_EQ(line_starting(out.str(), "ratio "), "ratio position/game min 0.500 median 0.200");
}

TEST(PerftCompare, ARoundCountingDifferentNodesIsAnErrorNamingLayerAndRound) {
  FakeBench game_differs;
  game_differs.game_ms = {1};
  game_differs.position_ms = {1};
  game_differs.game_nodes = {400, 400, 401};
  game_differs.position_nodes = {500};
  std::ostringstream out, err;
  EXPECT_EQ(game_differs.run(5, out, err), 1);
  EXPECT_NE(err.str().find("round 3 of the game layer counted 401 nodes, its first round 400"), std::string::npos)
      << err.str();
  EXPECT_TRUE(out.str().empty()) << out.str();

  FakeBench position_differs;
  position_differs.game_ms = {1};
  position_differs.position_ms = {1};
  position_differs.game_nodes = {400};
  position_differs.position_nodes = {500, 499};
  std::ostringstream out2, err2;
  EXPECT_EQ(position_differs.run(2, out2, err2), 1);
  EXPECT_NE(err2.str().find("round 2 of the position layer counted 499 nodes, its first round 500"),
            std::string::npos)
      << err2.str();
}

TEST(PerftCompare, ATimeTooSmallToDivideByPrintsNoRatio) {
  FakeBench b;
  b.game_ms = {0};
  b.position_ms = {0};
  b.game_nodes = {1};
  b.position_nodes = {1};
  std::ostringstream out, err;
  ASSERT_EQ(b.run(1, out, err), 0);
  EXPECT_EQ(line_starting(out.str(), "ratio "), "ratio position/game min - median -");
}

}  // namespace
}  // namespace tabula::cli

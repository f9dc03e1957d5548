// Perft for `chess`. Every count below comes from an independent source and
// was also reproduced with Stockfish 15 (`go perft N`, Debian package
// stockfish) on this project's machine:
//   - start position and Kiwipete: the Chess Programming Wiki "Perft Results"
//     page (positions 1, 2, 3, 4, 5, 6);
//   - the special-rule positions: Peter Ellis Jones's perft suite ("avoid
//     illegal en passant capture", "castling prevented", "promote out of
//     check", "discovered check", ...), as published with their counts.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/perft.h"
#include "test_rules.h"

namespace tabula {
namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

const PerftCase kCases[] = {
    {"StartPosition", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {20, 400, 8902, 197281, 4865609}},
    {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862, 4085603}},
    {"CpwPosition3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624}},
    {"CpwPosition4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467, 422333}},
    {"CpwPosition5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {44, 1486, 62379, 2103487}},
    {"CpwPosition6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890}},
    // En passant.
    {"IllegalEnPassantWhite", "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", {0, 0, 0, 0, 0, 824064}},
    {"IllegalEnPassantBlack", "8/8/1k6/8/2pP4/8/5BK1/8 b - d3 0 1", {0, 0, 0, 0, 0, 824064}},
    {"EnPassantGivesCheck", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {0, 0, 0, 0, 0, 1440467}},
    // Castling.
    {"ShortCastlingGivesCheck", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", {0, 0, 0, 0, 0, 661072}},
    {"LongCastlingGivesCheck", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {0, 0, 0, 0, 0, 803711}},
    {"CastlingRightsLostToCapture", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {0, 0, 0, 1274206}},
    {"CastlingThroughCheckPrevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {0, 0, 0, 1720476}},
    // Promotion.
    {"PromoteOutOfCheck", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {0, 0, 0, 0, 0, 3821001}},
    {"PromoteToGiveCheck", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {0, 0, 0, 0, 0, 217342}},
    {"UnderpromoteToGiveCheck", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 92683}},
    // Discovered check, stalemate and mate.
    {"DiscoveredCheck", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {0, 0, 0, 0, 1004658}},
    {"SelfStalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 2217}},
    {"StalemateAndCheckmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 0, 567584}},
    {"StalemateAndCheckmateBlack", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {0, 0, 0, 23527}},
};

void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.name; }

class ChessPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(ChessPerft, MatchesIndependentCounts) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  const PerftCase& c = GetParam();
  auto pos = core::parse_fen(*rules, c.fen);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  for (std::size_t d = 0; d < c.counts.size(); ++d) {
    if (c.counts[d] == 0) continue;  // depth not listed by the source
    EXPECT_EQ(core::perft(*pos, static_cast<int>(d + 1)), c.counts[d]) << c.name << " depth " << d + 1;
    EXPECT_EQ(pos->consistency_problem(), "") << "make/unmake left the position changed";
  }
}

INSTANTIATE_TEST_SUITE_P(Chess, ChessPerft, ::testing::ValuesIn(kCases),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(Perft, DivideSumsToTotal) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  auto pos = core::parse_fen(*rules, kCases[1].fen);
  ASSERT_TRUE(pos.ok());
  std::uint64_t sum = 0;
  auto parts = core::perft_divide(*pos, 3);
  for (const auto& [m, n] : parts) sum += n;
  EXPECT_EQ(parts.size(), 48u);
  EXPECT_EQ(sum, 97862u);
}

TEST(Perft, HashIsRestoredAndIncrementalMatchesScratch) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  auto pos = core::parse_fen(*rules, kCases[1].fen);
  ASSERT_TRUE(pos.ok());
  std::uint64_t before = pos->hash();
  core::MoveList moves;
  pos->generate_legal(moves);
  for (const core::Move& m : moves) {
    pos->make(m);
    EXPECT_EQ(pos->consistency_problem(), "");
    pos->unmake();
    EXPECT_EQ(pos->hash(), before);
  }
}

}  // namespace
}  // namespace tabula

#include "core/fen.h"

#include <gtest/gtest.h>

#include "test_rules.h"

namespace tabula::core {
namespace {

class Fen : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chess");
    ASSERT_TRUE(rules_);
  }
  Error bad(const std::string& fen) {
    auto r = parse_fen(*rules_, fen);
    EXPECT_FALSE(r.ok()) << fen << " was accepted";
    return r.ok() ? Error{} : r.error();
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(Fen, RoundTripsPositions) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "8/8/8/8/8/8/8/K1k5 b - - 37 80"}) {
    auto pos = parse_fen(*rules_, fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error().message;
    EXPECT_EQ(to_fen(*pos), fen);
  }
}

TEST_F(Fen, MissingCountersDefault) {
  auto pos = parse_fen(*rules_, "4k3/8/8/8/8/8/8/4K3 w - -");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_fen(*pos), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_F(Fen, DoubleStepOpensEnPassantForTheNextMoverOnly) {
  auto pos = parse_fen(*rules_, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  MoveList moves;
  pos->generate_legal(moves);
  Move e4{};
  for (const Move& m : moves)
    if (rules_->geometry.name(m.to) == "e4") e4 = m;
  ASSERT_EQ(e4.kind, MoveKind::kDoubleStep);
  pos->make(e4);
  EXPECT_EQ(to_fen(*pos), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  EXPECT_EQ(testing::destinations(*pos, "d4"), (std::vector<std::string>{"d3", "e3"}));
}

TEST_F(Fen, BoardErrorsPointAtTheCharacter) {
  Error e = bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
  EXPECT_EQ(e.column, 43);
  EXPECT_NE(e.message.find("unknown piece letter 'X'"), std::string::npos) << e.message;

  e = bad("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_NE(e.message.find("wider than 8"), std::string::npos) << e.message;
  e = bad("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_NE(e.message.find("7 ranks"), std::string::npos) << e.message;
  e = bad("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_NE(e.message.find("rank 7 has 7 squares"), std::string::npos) << e.message;
}

TEST_F(Fen, FieldErrorsNameTheField) {
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 x - - 0 1").message.find("side to move"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w Z - 0 1").message.find("castling letter 'Z'"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w - z9 0 1").message.find("en passant square"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w - - x 1").message.find("halfmove"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w - - 0 0").message.find("fullmove"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3").message.find("side to move"), std::string::npos);
  EXPECT_NE(bad("").message.find("at least"), std::string::npos);
}

TEST_F(Fen, ImpossiblePositionsAreRefused) {
  EXPECT_NE(bad("8/8/8/8/8/8/8/4K3 w - - 0 1").message.find("Black has 0 kings"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").message.find("White has 2 kings"), std::string::npos);
  // Black in check with White to move cannot arise.
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").message.find("Black is in check"), std::string::npos);
  EXPECT_NE(bad("4k2P/8/8/8/8/8/8/4K3 w - - 0 1").message.find("promotion zone"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w K - 0 1").message.find("castle king side"), std::string::npos);
  EXPECT_NE(bad("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").message.find("en passant square e6"), std::string::npos);
}

}  // namespace
}  // namespace tabula::core

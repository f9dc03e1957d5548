#include "core/betza.h"

#include <gtest/gtest.h>

namespace tabula::core {
namespace {

TEST(Betza, LeaperAtomsHaveAllSymmetricImages) {
  EXPECT_EQ(parse_betza("W").value().size(), 4u);
  EXPECT_EQ(parse_betza("F").value().size(), 4u);
  EXPECT_EQ(parse_betza("N").value().size(), 8u);
  EXPECT_EQ(parse_betza("K").value().size(), 8u);
  EXPECT_EQ(parse_betza("Q").value().size(), 8u);
}

TEST(Betza, RangeAndDoubledAtomsMakeRiders) {
  auto b3 = parse_betza("B3").value();
  ASSERT_EQ(b3.size(), 4u);
  EXPECT_EQ(b3[0].range, 3);
  EXPECT_EQ(parse_betza("NN").value()[0].range, 0);
  EXPECT_EQ(parse_betza("R").value()[0].range, 0);
}

TEST(Betza, DirectionsAreRelativeToTheOwner) {
  auto pawn = parse_betza("fmWfcF").value();
  ASSERT_EQ(pawn.size(), 3u);
  EXPECT_EQ(pawn[0].legs[0], (Offset{0, 1}));
  EXPECT_FALSE(pawn[0].can_capture);
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(pawn[i].legs[0].y, 1);
    EXPECT_FALSE(pawn[i].can_move);
  }
  EXPECT_EQ(parse_betza("ffN").value().size(), 2u);
  EXPECT_EQ(parse_betza("fsN").value().size(), 2u);
  EXPECT_EQ(parse_betza("fN").value().size(), 4u);
  EXPECT_EQ(parse_betza("flF").value().size(), 1u);
  EXPECT_EQ(parse_betza("sW").value().size(), 2u);
  EXPECT_EQ(parse_betza("vW").value().size(), 2u);
}

TEST(Betza, LamePathsListTheirIntermediateSquares) {
  auto nd = parse_betza("nD").value();
  ASSERT_EQ(nd.size(), 4u);
  EXPECT_EQ(nd[0].legs.size(), 2u);
  auto nn = parse_betza("nN").value();
  ASSERT_EQ(nn.size(), 8u);
  for (const Pattern& p : nn) {
    ASSERT_EQ(p.legs.size(), 2u);
    EXPECT_TRUE(p.legs[0].x == 0 || p.legs[0].y == 0) << "first leg is straight";
  }
}

TEST(Betza, ErrorsNameTheColumnAndWhatWasExpected) {
  auto bad_atom = parse_betza("fmWfcX");
  ASSERT_FALSE(bad_atom.ok());
  EXPECT_EQ(bad_atom.error().column, 6);
  EXPECT_NE(bad_atom.error().message.find("unknown atom 'X'"), std::string::npos);

  auto bad_mod = parse_betza("qW");
  ASSERT_FALSE(bad_mod.ok());
  EXPECT_EQ(bad_mod.error().column, 1);
  EXPECT_NE(bad_mod.error().message.find("unknown modifier"), std::string::npos);

  EXPECT_FALSE(parse_betza("").ok());
  EXPECT_FALSE(parse_betza("fm").ok());
  EXPECT_FALSE(parse_betza("mcW").ok());
  EXPECT_FALSE(parse_betza("nR").ok());
  EXPECT_FALSE(parse_betza("W99").ok());
}

}  // namespace
}  // namespace tabula::core

#include "core/geometry.h"

#include <gtest/gtest.h>

#include "test_rules.h"

namespace tabula::core {
namespace {

TEST(Geometry, NamesRunFromTheSouthWestCorner) {
  Geometry g = Geometry::rectangle(14, 14).value();
  EXPECT_EQ(g.name(make_square(0, 0)), "a1");
  EXPECT_EQ(g.name(make_square(13, 13)), "n14");
  EXPECT_EQ(g.parse("n14"), make_square(13, 13));
  EXPECT_EQ(g.parse("h1"), make_square(7, 0));
  EXPECT_EQ(g.parse("o1"), kNoSquare);
  EXPECT_EQ(g.parse("a15"), kNoSquare);
  EXPECT_EQ(g.parse("a0"), kNoSquare);
  EXPECT_EQ(g.parse("a"), kNoSquare);
  EXPECT_EQ(g.parse("a1x"), kNoSquare);
}

TEST(Geometry, RejectsBoardsLargerThanSixteen) {
  EXPECT_FALSE(Geometry::rectangle(17, 8).ok());
  EXPECT_FALSE(Geometry::rectangle(0, 8).ok());
  EXPECT_TRUE(Geometry::rectangle(16, 16).ok());
}

TEST(Geometry, HolesAreNotSquares) {
  Geometry g = Geometry::rectangle(5, 9).value();
  g.remove(g.parse("c9"));
  EXPECT_FALSE(g.playable(make_square(2, 8)));
  EXPECT_EQ(g.parse("c9"), kNoSquare);
  EXPECT_EQ(g.playable_count(), 44);
}

TEST(Geometry, RowLetterNotationOfBipartite) {
  // 004: rows A (top) .. I (bottom), columns 1..5 from the left.
  Geometry g = Geometry::rectangle(5, 9).value();
  g.set_alt_notation(AltNotation::kRowLetterFromTop);
  EXPECT_EQ(g.parse("A1"), g.parse("a9"));
  EXPECT_EQ(g.parse("I5"), g.parse("e1"));
  EXPECT_EQ(g.parse("E3"), g.parse("c5"));
  EXPECT_EQ(g.alt_name(g.parse("a9")), "A1");
  EXPECT_EQ(g.parse("J1"), kNoSquare);
}

TEST(Geometry, MergedCornerSquareIsOneSquareNamedByItsLowestCell) {
  // 000: each 2x2 corner is one large corner square.
  Geometry g = Geometry::rectangle(12, 12).value();
  std::vector<Square> cells{g.parse("k1"), g.parse("l1"), g.parse("k2"), g.parse("l2")};
  EXPECT_FALSE(g.merge(cells).has_value());
  Square k1 = g.parse("k1");
  EXPECT_EQ(g.parse("l2"), k1);
  EXPECT_EQ(g.parse("l1"), k1);
  EXPECT_EQ(g.cells_of(k1).size(), 4u);
  EXPECT_EQ(g.playable_count(), 144 - 3);
  EXPECT_TRUE(g.merge({g.parse("k1")}).has_value()) << "a cell cannot be merged twice";
}

TEST(Geometry, ChessBoardHas64Squares) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  EXPECT_EQ(rules->geometry.playable_count(), 64);
}

}  // namespace
}  // namespace tabula::core

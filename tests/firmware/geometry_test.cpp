#include "geometry/board_geometry.h"

#include <gtest/gtest.h>

namespace tabula::geometry {
namespace {

struct Expect {
  const char* id;
  int files, ranks;
  std::size_t squares, cells;
};

TEST(BoardGeometry, EveryShapeHasTheRuledSquareCount) {
  // RULINGS.md: 8x8 = 64; 12x12 minus 2x2 corners = 128; with merged corners
  // 128 + 4 = 132 squares over 144 cells; 14x14 minus 3x3 corners = 160;
  // Bipartite senses all 45 cells; the mini board 64 - 16 + 4 = 52.
  const Expect expected[] = {
      {"chess-8x8", 8, 8, 64, 64},
      {"cross-12", 12, 12, 128, 128},
      {"cross-12-corners", 12, 12, 132, 144},
      {"cross-14", 14, 14, 160, 160},
      {"bipartite-5x9", 5, 9, 45, 45},
      {"mini-8x8-corners", 8, 8, 52, 64},
  };
  ASSERT_EQ(geometry_ids().size(), std::size(expected));
  for (const Expect& e : expected) {
    const auto g = geometry_by_id(e.id);
    ASSERT_TRUE(g) << e.id;
    EXPECT_EQ(g->files(), e.files) << e.id;
    EXPECT_EQ(g->ranks(), e.ranks) << e.id;
    EXPECT_EQ(g->square_count(), e.squares) << e.id;
    EXPECT_EQ(g->cell_count(), e.cells) << e.id;
  }
  EXPECT_FALSE(geometry_by_id("cross-13"));
}

TEST(BoardGeometry, CrossTwelveCentreAndArms) {
  const auto g = geometry_by_id("cross-12").value();
  EXPECT_TRUE(g.find("c3"));
  EXPECT_TRUE(g.find("j10"));
  EXPECT_TRUE(g.find("c1"));   // south arm
  EXPECT_FALSE(g.find("a1"));  // absent corner
  EXPECT_FALSE(g.find("b11"));
  EXPECT_FALSE(g.find("m1"));  // off the board
  EXPECT_EQ(g.squares().front().name, "c1");
  EXPECT_EQ(g.squares().back().name, "j12");
}

TEST(BoardGeometry, MergedCornerIsNamedAfterItsLowestCell) {
  const auto g = geometry_by_id("cross-12-corners").value();
  for (const char* corner : {"a1", "k1", "a11", "k11"}) {
    const auto q = g.find(corner);
    ASSERT_TRUE(q) << corner;
    EXPECT_EQ(g.square(*q).cells.size(), 4u) << corner;
  }
  EXPECT_FALSE(g.find("b2")) << "b2 is a cell of a1, not a square";
  EXPECT_EQ(g.square_at({1, 1}), g.find("a1"));
  EXPECT_EQ(g.square_at({11, 11}), g.find("k11"));
  const auto mini = geometry_by_id("mini-8x8-corners").value();
  EXPECT_TRUE(mini.find("g7"));
  EXPECT_EQ(mini.square_at({7, 7}), mini.find("g7"));
}

TEST(BoardGeometry, CrossFourteenCornersAreAbsent) {
  const auto g = geometry_by_id("cross-14").value();
  EXPECT_FALSE(g.find("c3"));
  EXPECT_TRUE(g.find("d1"));
  EXPECT_TRUE(g.find("a4"));
  EXPECT_TRUE(g.find("n11"));
  EXPECT_FALSE(g.find("l12"));
  EXPECT_TRUE(g.find("k14"));
}

TEST(BoardGeometry, CellNamesRoundTrip) {
  EXPECT_EQ(cell_name({0, 0}), "a1");
  EXPECT_EQ(cell_name({13, 13}), "n14");
  EXPECT_EQ(parse_cell_name("n14"), (Cell{13, 13}));
  EXPECT_FALSE(parse_cell_name("a0"));
  EXPECT_FALSE(parse_cell_name("A1"));
  EXPECT_FALSE(parse_cell_name("a01"));
  EXPECT_FALSE(parse_cell_name("a"));
}

}  // namespace
}  // namespace tabula::geometry

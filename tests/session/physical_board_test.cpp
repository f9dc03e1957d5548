// PhysicalBoard: reeds to squares, merged squares (000), holes (004), and
// events that cannot be right.
#include "inference/physical_board.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "variants/variant_loader.h"

namespace tabula::inference {
namespace {

using core::make_square;

TEST(PhysicalBoard, OccupancyOfAPositionIsWhereItsPiecesStand) {
  auto rules = variants::load_id("chess").rules;
  core::Position start = core::parse_fen(*rules, rules->start_fen).value();
  core::SquareSet occ = occupancy_of(start);
  EXPECT_EQ(occ.count(), 32U);
  EXPECT_TRUE(occ.test(core::index_of(rules->geometry.parse("e2"))));
  EXPECT_FALSE(occ.test(core::index_of(rules->geometry.parse("e4"))));
}

TEST(PhysicalBoard, SaysWhatEachEventDid) {
  auto rules = variants::load_id("chess").rules;
  PhysicalBoard b(rules->geometry);
  core::Square e4 = rules->geometry.parse("e4");
  EXPECT_EQ(b.apply(e4, true), CellChange::kSquareChanged);
  EXPECT_TRUE(b.occupied(e4));
  EXPECT_EQ(b.apply(e4, true), CellChange::kRedundant);
  EXPECT_EQ(b.apply(make_square(8, 0), true), CellChange::kOffGrid);  // the i-file of an 8x8 board
  EXPECT_EQ(b.apply(core::kNoSquare, true), CellChange::kOffGrid);
  EXPECT_EQ(b.apply(e4, false), CellChange::kSquareChanged);
  EXPECT_FALSE(b.occupied().any());
}

TEST(PhysicalBoard, AMergedSquareIsOccupiedWhileAnyOfItsCellsIs) {
  auto base = variants::load_id("chess").rules;
  core::Geometry g = base->geometry;
  core::Square a1 = g.parse("a1");
  ASSERT_FALSE(g.merge({a1, make_square(1, 0), make_square(0, 1), make_square(1, 1)}).has_value());
  PhysicalBoard b(g);
  EXPECT_EQ(b.square_of(make_square(1, 1)), a1);
  EXPECT_EQ(b.apply(make_square(1, 1), true), CellChange::kSquareChanged);
  EXPECT_TRUE(b.occupied(a1));
  EXPECT_EQ(b.apply(make_square(0, 1), true), CellChange::kCellOnly);
  EXPECT_EQ(b.apply(make_square(1, 1), false), CellChange::kCellOnly);
  EXPECT_TRUE(b.occupied(a1));
  EXPECT_EQ(b.apply(make_square(0, 1), false), CellChange::kSquareChanged);
  EXPECT_FALSE(b.occupied(a1));
}

TEST(PhysicalBoard, APieceOnAHoleIsStrayAndANewShapeRecountsTheCells) {
  auto one = variants::load_id("bipartite");
  if (!one.ok()) GTEST_SKIP() << one.error_text();
  auto two = variants::load_id(one.rules->next_stage.front().variant);
  ASSERT_TRUE(two.ok());
  PhysicalBoard b(one.rules->geometry);
  core::Square c1 = make_square(2, 0);  // a hole in stage one (I3), a square in stage two
  core::Square a5 = make_square(0, 4);  // a square in stage one, a hole in stage two (E1)
  EXPECT_EQ(b.apply(c1, true), CellChange::kStray);
  EXPECT_TRUE(b.stray().test(core::index_of(c1)));
  EXPECT_EQ(b.apply(a5, true), CellChange::kSquareChanged);
  b.set_geometry(two.rules->geometry);
  EXPECT_TRUE(b.occupied(c1));
  EXPECT_TRUE(b.stray().test(core::index_of(a5)));
  EXPECT_FALSE(b.stray().test(core::index_of(c1)));
}

}  // namespace
}  // namespace tabula::inference

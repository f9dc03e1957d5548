// Orientation transforms and hit-testing.
#include "ui/board_geometry.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ui/scenes.h"

namespace tabula::ui {
namespace {

constexpr Edge kEdges[] = {Edge::kSouth, Edge::kWest, Edge::kNorth, Edge::kEast};

TEST(Orientation, RoundTripsEveryCellForEverySeatOnARectangle) {
  for (const Edge bottom : kEdges) {
    const GridSize grid = screen_grid(5, 9, bottom);
    for (int rank = 0; rank < 9; ++rank) {
      for (int file = 0; file < 5; ++file) {
        const ScreenCell s = to_screen({file, rank}, 5, 9, bottom);
        ASSERT_GE(s.col, 0);
        ASSERT_LT(s.col, grid.cols);
        ASSERT_GE(s.row, 0);
        ASSERT_LT(s.row, grid.rows);
        EXPECT_EQ(from_screen(s, 5, 9, bottom), (Cell{file, rank})) << edge_name(bottom);
      }
    }
  }
}

TEST(Orientation, EachSeatsOwnBackRankIsAtTheBottomReadLeftToRight) {
  // 14x14 chess.com: each seat's R N B Q/K ... R run, read from its own left.
  // Red (south): d1 at the bottom-left of the arm.
  EXPECT_EQ(to_screen({3, 0}, 14, 14, Edge::kSouth), (ScreenCell{3, 13}));
  // Blue (west) sits at file a: a11 is its left-hand rook, bottom row, col 2.
  EXPECT_EQ(to_screen({0, 10}, 14, 14, Edge::kWest), (ScreenCell{3, 13}));
  // Yellow (north): k14 is on its left.
  EXPECT_EQ(to_screen({10, 13}, 14, 14, Edge::kNorth), (ScreenCell{3, 13}));
  // Green (east): n4 is on its left.
  EXPECT_EQ(to_screen({13, 3}, 14, 14, Edge::kEast), (ScreenCell{3, 13}));
}

TEST(Orientation, WestAndEastSwapTheGridSides) {
  EXPECT_EQ(screen_grid(5, 9, Edge::kSouth), (GridSize{5, 9}));
  EXPECT_EQ(screen_grid(5, 9, Edge::kNorth), (GridSize{5, 9}));
  EXPECT_EQ(screen_grid(5, 9, Edge::kWest), (GridSize{9, 5}));
  EXPECT_EQ(screen_grid(5, 9, Edge::kEast), (GridSize{9, 5}));
}

TEST(Orientation, ScreenSideOfEachBoardEdge) {
  EXPECT_EQ(screen_side(Edge::kSouth, Edge::kSouth), ScreenSide::kBottom);
  EXPECT_EQ(screen_side(Edge::kWest, Edge::kSouth), ScreenSide::kLeft);
  EXPECT_EQ(screen_side(Edge::kNorth, Edge::kSouth), ScreenSide::kTop);
  EXPECT_EQ(screen_side(Edge::kEast, Edge::kSouth), ScreenSide::kRight);
  EXPECT_EQ(screen_side(Edge::kWest, Edge::kWest), ScreenSide::kBottom);
  EXPECT_EQ(screen_side(Edge::kNorth, Edge::kWest), ScreenSide::kLeft);
  EXPECT_EQ(screen_side(Edge::kSouth, Edge::kWest), ScreenSide::kRight);
  EXPECT_EQ(screen_side(Edge::kSouth, Edge::kNorth), ScreenSide::kTop);
  EXPECT_EQ(screen_side(Edge::kSouth, Edge::kEast), ScreenSide::kLeft);
}

class LayoutTest : public ::testing::Test {
 protected:
  // 14 rows + 2 margins of 0.78 cells = 15.56 cells in 780 px: 50 px cells.
  static constexpr PixelRect kArea{0, 0, 1000, 780};
};

TEST_F(LayoutTest, CellsAreWholePixelsAndCentred) {
  const KioskView view = *make_scene("four-player");
  const BoardLayout layout(view.board, Edge::kSouth, kArea);
  EXPECT_EQ(layout.cell_size(), 50.0f);
  const PixelRect grid = layout.grid_rect();
  EXPECT_FLOAT_EQ(grid.width(), 700.0f);
  EXPECT_FLOAT_EQ(grid.x0, 150.0f);
  EXPECT_FLOAT_EQ(grid.y0, 40.0f);
}

// Issue 27 item 8: the turn strip of the seat at the bottom (and at the
// left) lay over the file letters (and rank numbers). On the boards of
// every documented screen (the board zone of 800x480 and of a 720 px wide
// portrait screen, down to the smallest cells) the coordinates, at their
// smallest size, lie beyond the strip and inside the margin.
TEST(BoardMargins, TheTurnStripLeavesTheCoordinatesInView) {
  for (const int side : {8, 12, 14}) {
    BoardView board;
    board.width = side;
    board.height = side;
    board.cells.resize(static_cast<std::size_t>(side * side));
    for (const PixelRect area : {PixelRect{0, 0, 470, 470}, PixelRect{0, 0, 720, 720}}) {
      const BoardLayout layout(board, Edge::kSouth, area);
      const float cs = layout.cell_size();
      const float margin = cs * BoardLayout::kMarginCells;
      const float text = std::max(BoardLayout::kLabelMinPx, cs * 0.3f);  // as board_view draws them
      const PixelRect grid = layout.grid_rect();
      const float thick = std::max(BoardLayout::kTurnStripMinPx, cs * BoardLayout::kTurnStripCells);
      const auto bottom = layout.edge_strip(Edge::kSouth, thick, cs * BoardLayout::kStripInsetCells);
      const auto left = layout.edge_strip(Edge::kWest, thick, cs * BoardLayout::kStripInsetCells);
      ASSERT_TRUE(bottom && left);
      const std::string where = std::to_string(side) + "x" + std::to_string(side) + " in " +
                                std::to_string(static_cast<int>(area.x1)) + " px";
      for (int col = 0; col < side; ++col) {
        const PixelPoint c = layout.column_label_center(col);
        EXPECT_GE(c.y - text * 0.5f, bottom->y1) << where << ": a file letter under the turn strip";
        EXPECT_LE(c.y + text * 0.5f, grid.y1 + margin) << where;
      }
      for (int row = 0; row < side; ++row) {
        const PixelPoint c = layout.row_label_center(row);
        const float wide = text * 1.3f;  // "14": two digits
        EXPECT_LE(c.x + wide * 0.5f, left->x0) << where << ": a rank number under the turn strip";
        EXPECT_GE(c.x - wide * 0.5f, grid.x0 - margin) << where;
      }
    }
  }
}

TEST_F(LayoutTest, HitTestFindsTheCellUnderEachCentreForEverySeat) {
  const KioskView view = *make_scene("four-player");
  for (const Edge bottom : kEdges) {
    const BoardLayout layout(view.board, bottom, kArea);
    for (int rank = 0; rank < 14; ++rank) {
      for (int file = 0; file < 14; ++file) {
        const Cell cell{file, rank};
        const PixelRect r = layout.cell_rect(cell);
        const auto hit = layout.hit_test(r.center());
        if (view.board.at(cell).kind == CellKind::kHole) {
          EXPECT_FALSE(hit) << cell_name(cell) << " " << edge_name(bottom);
        } else {
          EXPECT_EQ(hit, cell) << cell_name(cell) << " " << edge_name(bottom);
        }
      }
    }
  }
}

TEST_F(LayoutTest, HitTestOnAnyQuarterOfAMergedSquareGivesItsAnchor) {
  const KioskView view = *make_scene("corners");
  for (const Edge bottom : kEdges) {
    const BoardLayout layout(view.board, bottom, kArea);
    for (const Cell part : {Cell{0, 0}, Cell{1, 0}, Cell{0, 1}, Cell{1, 1}}) {
      EXPECT_EQ(layout.hit_test(layout.cell_rect(part).center()), (Cell{0, 0}));
    }
    EXPECT_EQ(layout.hit_test(layout.cell_rect({11, 11}).center()), (Cell{10, 10}));
    const PixelRect block = layout.square_rect({1, 1});
    EXPECT_FLOAT_EQ(block.width(), 2 * layout.cell_size());
    EXPECT_FLOAT_EQ(block.height(), 2 * layout.cell_size());
  }
}

TEST_F(LayoutTest, MarginsAndHolesHitNothing) {
  const KioskView view = *make_scene("bipartite");
  const BoardLayout layout(view.board, Edge::kSouth, kArea);
  const PixelRect grid = layout.grid_rect();
  EXPECT_FALSE(layout.hit_test({grid.x0 - 1, grid.y0 + 10}));
  EXPECT_FALSE(layout.hit_test({grid.x1 + 1, grid.y0 + 10}));
  EXPECT_FALSE(layout.hit_test({grid.x0 + 10, grid.y1 + 1}));
  EXPECT_FALSE(layout.hit_test(layout.cell_rect(*parse_cell_name("a5")).center()));
  EXPECT_FALSE(layout.hit_test(layout.cell_rect(*parse_cell_name("e5")).center()));
  EXPECT_EQ(layout.hit_test(layout.cell_rect(*parse_cell_name("c5")).center()),
            parse_cell_name("c5"));
  // The last pixel row of a cell still belongs to it; the next is the neighbour's.
  const PixelRect c1 = layout.cell_rect(*parse_cell_name("c1"));
  EXPECT_EQ(layout.hit_test({c1.x0 + 1, c1.y1 - 0.5f}), parse_cell_name("c1"));
  EXPECT_EQ(layout.hit_test({c1.x0 + 1, c1.y0 - 0.5f}), parse_cell_name("c2"));
}

TEST_F(LayoutTest, CoordinateLabelsFollowTheRotation) {
  const KioskView view = *make_scene("four-player");
  const BoardLayout south(view.board, Edge::kSouth, kArea);
  EXPECT_EQ(south.column_label(0), "a");
  EXPECT_EQ(south.row_label(0), "14");
  const BoardLayout west(view.board, Edge::kWest, kArea);
  EXPECT_EQ(west.column_label(0), "14");  // Blue's left is the north
  EXPECT_EQ(west.row_label(0), "n");      // Blue faces east
  const BoardLayout north(view.board, Edge::kNorth, kArea);
  EXPECT_EQ(north.column_label(0), "n");
  EXPECT_EQ(north.row_label(13), "14");
  const BoardLayout east(view.board, Edge::kEast, kArea);
  EXPECT_EQ(east.column_label(0), "1");
  EXPECT_EQ(east.row_label(0), "a");
}

TEST_F(LayoutTest, EdgeStripsSpanTheArmOfACrossBoard) {
  const KioskView view = *make_scene("four-player");
  const BoardLayout layout(view.board, Edge::kSouth, kArea);
  const auto south = layout.edge_strip(Edge::kSouth, 6, 4);
  ASSERT_TRUE(south);
  EXPECT_FLOAT_EQ(south->x0, layout.cell_rect({3, 0}).x0);
  EXPECT_FLOAT_EQ(south->x1, layout.cell_rect({10, 0}).x1);
  EXPECT_FLOAT_EQ(south->y0, layout.grid_rect().y1 + 4);
  const auto west = layout.edge_strip(Edge::kWest, 6, 4);
  ASSERT_TRUE(west);
  EXPECT_FLOAT_EQ(west->x1, layout.grid_rect().x0 - 4);
  EXPECT_FLOAT_EQ(west->height(), 8 * layout.cell_size());
}

}  // namespace
TEST(ArrowShape, AOneSquareMoveKeepsAShaftBesideItsHead) {
  // Issue 33: a bot's k2-k3 (squares 60 px apart, the bot arrow's 0.36-cell
  // start and half-cell head) was a head alone: 30 px of head after a 21.6 px start.
  const ArrowShape one = arrow_shape({100, 100}, {100, 40}, 21.6f, 0, 30, 18);
  EXPECT_FLOAT_EQ(one.length, 38.4f);
  const float head = one.base.y - one.tip.y;
  const float shaft = one.start.y - one.base.y;
  EXPECT_NEAR(head, 38.4f * 0.55f, 0.01f);
  EXPECT_GT(shaft, 0.8f * head) << "a visible shaft";
  EXPECT_FLOAT_EQ(one.tip.y, 40);
  // Its head is narrowed with it (the corners at the base, either side).
  EXPECT_NEAR(std::abs(one.right.x - one.left.x), 2 * 18 * head / 30, 0.01f);
  // A long arrow keeps the head it asks for.
  const ArrowShape far = arrow_shape({0, 0}, {300, 0}, 20, 10, 30, 18);
  EXPECT_FLOAT_EQ(far.tip.x - far.base.x, 30);
  EXPECT_FLOAT_EQ(far.start.x, 20);
  EXPECT_FLOAT_EQ(far.tip.x, 290);
  EXPECT_FLOAT_EQ(far.ux, 1);
}

}  // namespace tabula::ui

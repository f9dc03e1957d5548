// Board geometry on screen: rotating the board so any seat sits at the
// bottom, laying it out in pixels, and hit-testing a click back to a square.
//
// Pure arithmetic on plain structs (no imgui), so it is unit-tested directly
// (tests/ui/board_geometry_test.cpp). Board coordinates are KioskView's
// (file from the left of the south seat, rank from the south); screen
// coordinates are columns left to right and rows top to bottom.
//
// Rotation, for a board of W files and H ranks, seen by the seat at `bottom`
// (who looks across the board, his left hand on the screen's left):
//
//   bottom  screen col   screen row     grid (cols x rows)
//   south   f            H-1-r          W x H
//   north   W-1-f        r              W x H
//   west    H-1-r        W-1-f          H x W
//   east    r            f              H x W
#pragma once

#include <optional>
#include <string>

#include "ui/view_model.h"

namespace tabula::ui {

struct ScreenCell {
  int col = 0;
  int row = 0;  // 0 = top of the screen
  friend constexpr bool operator==(const ScreenCell&, const ScreenCell&) = default;
};

struct GridSize {
  int cols = 0;
  int rows = 0;
  friend constexpr bool operator==(const GridSize&, const GridSize&) = default;
};

GridSize screen_grid(int width, int height, Edge bottom);
ScreenCell to_screen(Cell cell, int width, int height, Edge bottom);
Cell from_screen(ScreenCell screen, int width, int height, Edge bottom);

enum class ScreenSide { kBottom, kLeft, kTop, kRight };
/// Where the board's `board_edge` appears when `bottom` is drawn at the bottom.
ScreenSide screen_side(Edge board_edge, Edge bottom);

struct PixelPoint {
  float x = 0;
  float y = 0;
};

struct PixelRect {
  float x0 = 0;
  float y0 = 0;
  float x1 = 0;
  float y1 = 0;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  PixelPoint center() const { return {(x0 + x1) * 0.5f, (y0 + y1) * 0.5f}; }
  bool contains(PixelPoint p) const { return p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1; }
};

/// A board placed on screen: the rotated grid, square cells, centred in an
/// area with a margin on every side for coordinates and seat strips.
///
/// Holds a pointer to the BoardView it was built from and does not own it:
/// build one per frame from the frame's snapshot and drop it with the frame.
/// Immutable after construction; const use from several threads is safe.
class BoardLayout {
 public:
  /// Margin on each side of the grid, in cells: the seat strips nearest the
  /// grid, the coordinates beyond them (issue 27 item 8: the turn strip lay
  /// over the file letters).
  static constexpr float kMarginCells = 0.78f;
  /// The seat strips: off the grid by kStripInsetCells, kTurnStripCells thick
  /// for the seat to move, kSeatStripCells for the others (at least
  /// kTurnStripMinPx and kSeatStripMinPx pixels).
  static constexpr float kStripInsetCells = 0.04f;
  static constexpr float kTurnStripCells = 0.22f;
  static constexpr float kSeatStripCells = 0.08f;
  static constexpr float kTurnStripMinPx = 6.0f;
  static constexpr float kSeatStripMinPx = 3.0f;
  /// The smallest coordinate text, in pixels.
  static constexpr float kLabelMinPx = 11.0f;

  BoardLayout(const BoardView& board, Edge bottom, PixelRect area);

  Edge bottom() const { return bottom_; }
  GridSize grid() const { return grid_; }
  float cell_size() const { return cell_; }
  /// The bounding box of every cell (holes included).
  PixelRect grid_rect() const;
  PixelRect cell_rect(Cell cell) const;
  /// The rectangle of the logical square `cell` belongs to: the whole block
  /// for a merged square, the cell itself otherwise.
  PixelRect square_rect(Cell cell) const;
  /// The logical square under `point`; nullopt over holes and margins.
  std::optional<Cell> hit_test(PixelPoint point) const;

  /// Coordinate labels: the bottom margin names each screen column, the left
  /// margin each screen row, in board coordinates ("a".."p" for files,
  /// "1".."16" for ranks) whatever the rotation.
  std::string column_label(int col) const;
  std::string row_label(int row) const;
  /// Centred in the margin beyond the thickest strip.
  PixelPoint column_label_center(int col) const;
  PixelPoint row_label_center(int row) const;
  /// How far the thickest seat strip reaches from the grid, in pixels.
  float strip_reach() const;

  /// A strip in the margin along the outermost squares of `board_edge`,
  /// `inset` pixels off the grid and `thickness` thick; nullopt if that edge
  /// has no squares.
  std::optional<PixelRect> edge_strip(Edge board_edge, float thickness, float inset) const;

 private:
  const BoardView* board_;
  Edge bottom_;
  GridSize grid_;
  float cell_ = 0;
  PixelPoint origin_;  // top-left of the grid
};

/// An arrow from one square's centre `a` to another's `b`: the shaft from
/// `start` (set `start_off` pixels off a) to `base`, the head from `base` to
/// `tip` (`tip_back` short of b), `left` and `right` its corners. The head
/// is `head` long, but at most 55% of the arrow, so a one-square move keeps
/// a shaft nearly as long as its head (issue 33: k2-k3 was a head alone). Used by
/// the tentative move's arrow and the bots' (ui/board_view.cpp, ui/bot_arrows.cpp).
struct ArrowShape {
  PixelPoint start, base, tip, left, right;
  float ux = 0, uy = 0;  // unit vector from a to b
  float length = 0;      // start to tip
};
ArrowShape arrow_shape(PixelPoint a, PixelPoint b, float start_off, float tip_back, float head, float half_width);

}  // namespace tabula::ui

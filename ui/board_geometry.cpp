// Board rotation, layout and hit-testing (see the table in the header).
#include "ui/board_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tabula::ui {

GridSize screen_grid(int width, int height, Edge bottom) {
  if (bottom == Edge::kSouth || bottom == Edge::kNorth) return {width, height};
  return {height, width};
}

ScreenCell to_screen(Cell cell, int width, int height, Edge bottom) {
  switch (bottom) {
    case Edge::kSouth:
      return {cell.file, height - 1 - cell.rank};
    case Edge::kNorth:
      return {width - 1 - cell.file, cell.rank};
    case Edge::kWest:
      return {height - 1 - cell.rank, width - 1 - cell.file};
    case Edge::kEast:
      return {cell.rank, cell.file};
  }
  return {};
}

Cell from_screen(ScreenCell screen, int width, int height, Edge bottom) {
  switch (bottom) {
    case Edge::kSouth:
      return {screen.col, height - 1 - screen.row};
    case Edge::kNorth:
      return {width - 1 - screen.col, screen.row};
    case Edge::kWest:
      return {width - 1 - screen.row, height - 1 - screen.col};
    case Edge::kEast:
      return {screen.row, screen.col};
  }
  return {};
}

ScreenSide screen_side(Edge board_edge, Edge bottom) {
  // Edges in clockwise order as seen from above: south, west, north, east.
  // Turning the board so that `bottom` is at the bottom shifts every edge by
  // the same number of quarter turns.
  const int turns = (static_cast<int>(board_edge) - static_cast<int>(bottom) + 4) % 4;
  constexpr ScreenSide kSides[] = {ScreenSide::kBottom, ScreenSide::kLeft, ScreenSide::kTop,
                                   ScreenSide::kRight};
  return kSides[turns];
}

BoardLayout::BoardLayout(const BoardView& board, Edge bottom, PixelRect area)
    : board_(&board), bottom_(bottom), grid_(screen_grid(board.width, board.height, bottom)) {
  const float cols = static_cast<float>(std::max(grid_.cols, 1));
  const float rows = static_cast<float>(std::max(grid_.rows, 1));
  const float by_width = area.width() / (cols + 2 * kMarginCells);
  const float by_height = area.height() / (rows + 2 * kMarginCells);
  // Whole pixels keep the square edges crisp.
  cell_ = std::max(1.0f, std::floor(std::min(by_width, by_height)));
  const PixelPoint center = area.center();
  origin_ = {std::floor(center.x - cell_ * cols * 0.5f),
             std::floor(center.y - cell_ * rows * 0.5f)};
}

PixelRect BoardLayout::grid_rect() const {
  return {origin_.x, origin_.y, origin_.x + cell_ * static_cast<float>(grid_.cols),
          origin_.y + cell_ * static_cast<float>(grid_.rows)};
}

PixelRect BoardLayout::cell_rect(Cell cell) const {
  const ScreenCell s = to_screen(cell, board_->width, board_->height, bottom_);
  const float x0 = origin_.x + cell_ * static_cast<float>(s.col);
  const float y0 = origin_.y + cell_ * static_cast<float>(s.row);
  return {x0, y0, x0 + cell_, y0 + cell_};
}

PixelRect BoardLayout::square_rect(Cell cell) const {
  PixelRect rect = cell_rect(cell);
  if (!board_->contains(cell) || board_->at(cell).kind != CellKind::kMerged) return rect;
  const Cell anchor = board_->at(cell).merge_anchor;
  for (int rank = 0; rank < board_->height; ++rank) {
    for (int file = 0; file < board_->width; ++file) {
      const CellView& other = board_->at({file, rank});
      if (other.kind != CellKind::kMerged || other.merge_anchor != anchor) continue;
      const PixelRect r = cell_rect({file, rank});
      rect = {std::min(rect.x0, r.x0), std::min(rect.y0, r.y0), std::max(rect.x1, r.x1),
              std::max(rect.y1, r.y1)};
    }
  }
  return rect;
}

std::optional<Cell> BoardLayout::hit_test(PixelPoint point) const {
  if (!grid_rect().contains(point)) return std::nullopt;
  const int col = static_cast<int>(std::floor((point.x - origin_.x) / cell_));
  const int row = static_cast<int>(std::floor((point.y - origin_.y) / cell_));
  if (col < 0 || row < 0 || col >= grid_.cols || row >= grid_.rows) return std::nullopt;
  return board_->logical_square(from_screen({col, row}, board_->width, board_->height, bottom_));
}

namespace {

std::string file_label(int file) {
  return std::string(1, static_cast<char>('a' + file));
}
std::string rank_label(int rank) {
  return std::to_string(rank + 1);
}

}  // namespace

std::string BoardLayout::column_label(int col) const {
  // Take the cell of this column on the bottom row; only one coordinate varies
  // along a screen column.
  const Cell cell = from_screen({col, grid_.rows - 1}, board_->width, board_->height, bottom_);
  const bool files_run_across = bottom_ == Edge::kSouth || bottom_ == Edge::kNorth;
  return files_run_across ? file_label(cell.file) : rank_label(cell.rank);
}

std::string BoardLayout::row_label(int row) const {
  const Cell cell = from_screen({0, row}, board_->width, board_->height, bottom_);
  const bool files_run_across = bottom_ == Edge::kSouth || bottom_ == Edge::kNorth;
  return files_run_across ? rank_label(cell.rank) : file_label(cell.file);
}

float BoardLayout::strip_reach() const {
  return cell_ * kStripInsetCells + std::max(kTurnStripMinPx, cell_ * kTurnStripCells);
}

PixelPoint BoardLayout::column_label_center(int col) const {
  const PixelRect grid = grid_rect();
  return {grid.x0 + cell_ * (static_cast<float>(col) + 0.5f),
          grid.y1 + (strip_reach() + cell_ * kMarginCells) * 0.5f};
}

PixelPoint BoardLayout::row_label_center(int row) const {
  const PixelRect grid = grid_rect();
  return {grid.x0 - (strip_reach() + cell_ * kMarginCells) * 0.5f,
          grid.y0 + cell_ * (static_cast<float>(row) + 0.5f)};
}

std::optional<PixelRect> BoardLayout::edge_strip(Edge board_edge, float thickness,
                                                 float inset) const {
  // The outermost line of cells on that edge, in board coordinates.
  const bool along_files = board_edge == Edge::kSouth || board_edge == Edge::kNorth;
  const int line = board_edge == Edge::kSouth   ? 0
                   : board_edge == Edge::kNorth ? board_->height - 1
                   : board_edge == Edge::kWest  ? 0
                                                : board_->width - 1;
  const int length = along_files ? board_->width : board_->height;
  float lo = std::numeric_limits<float>::max();
  float hi = std::numeric_limits<float>::lowest();
  const ScreenSide side = screen_side(board_edge, bottom_);
  const bool horizontal = side == ScreenSide::kBottom || side == ScreenSide::kTop;
  for (int i = 0; i < length; ++i) {
    const Cell cell = along_files ? Cell{i, line} : Cell{line, i};
    if (board_->at(cell).kind == CellKind::kHole) continue;
    const PixelRect r = cell_rect(cell);
    lo = std::min(lo, horizontal ? r.x0 : r.y0);
    hi = std::max(hi, horizontal ? r.x1 : r.y1);
  }
  if (lo > hi) return std::nullopt;
  const PixelRect grid = grid_rect();
  switch (side) {
    case ScreenSide::kBottom:
      return PixelRect{lo, grid.y1 + inset, hi, grid.y1 + inset + thickness};
    case ScreenSide::kTop:
      return PixelRect{lo, grid.y0 - inset - thickness, hi, grid.y0 - inset};
    case ScreenSide::kLeft:
      return PixelRect{grid.x0 - inset - thickness, lo, grid.x0 - inset, hi};
    case ScreenSide::kRight:
      return PixelRect{grid.x1 + inset, lo, grid.x1 + inset + thickness, hi};
  }
  return std::nullopt;
}

ArrowShape arrow_shape(PixelPoint a, PixelPoint b, float start_off, float tip_back, float head, float half_width) {
  ArrowShape s;
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
  s.ux = dx / len;
  s.uy = dy / len;
  s.start = {a.x + s.ux * start_off, a.y + s.uy * start_off};
  s.tip = {b.x - s.ux * tip_back, b.y - s.uy * tip_back};
  s.length = std::max(0.0f, len - start_off - tip_back);
  const float h = std::min(head, s.length * 0.55f);
  const float w = half_width * h / std::max(head, 1.0f);  // a shorter head is as much narrower
  s.base = {s.tip.x - s.ux * h, s.tip.y - s.uy * h};
  s.left = {s.base.x - s.uy * w, s.base.y + s.ux * w};
  s.right = {s.base.x + s.uy * w, s.base.y - s.ux * w};
  return s;
}

}  // namespace tabula::ui

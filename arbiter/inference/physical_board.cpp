#include "inference/physical_board.h"

namespace tabula::inference {

using core::Square;

PhysicalBoard::PhysicalBoard(const core::Geometry& geometry) : geometry_(&geometry) {}

void PhysicalBoard::set_geometry(const core::Geometry& geometry) {
  geometry_ = &geometry;
  recount();
}

bool PhysicalBoard::in_grid(Square cell) const {
  return core::is_valid(cell) && geometry_->contains(core::file_of(cell), core::rank_of(cell));
}

Square PhysicalBoard::square_of(Square cell) const {
  if (!in_grid(cell)) return core::kNoSquare;
  Square a = geometry_->anchor(cell);
  return geometry_->playable(a) ? a : core::kNoSquare;
}

void PhysicalBoard::recount() {
  occupied_.reset();
  stray_.reset();
  down_cells_.fill(0);
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (!cells_.test(i)) continue;
    Square s = square_of(static_cast<Square>(i));
    if (s == core::kNoSquare) {
      stray_.set(i);
    } else {
      ++down_cells_[core::index_of(s)];
      occupied_.set(core::index_of(s));
    }
  }
}

CellChange PhysicalBoard::apply(Square cell, bool occupied) {
  if (!in_grid(cell)) return CellChange::kOffGrid;
  int c = core::index_of(cell);
  if (cells_.test(c) == occupied) return CellChange::kRedundant;
  cells_.set(c, occupied);
  Square s = square_of(cell);
  if (s == core::kNoSquare) {
    stray_.set(c, occupied);
    return CellChange::kStray;
  }
  int q = core::index_of(s);
  bool before = down_cells_[q] > 0;
  down_cells_[q] = static_cast<std::uint8_t>(down_cells_[q] + (occupied ? 1 : -1));
  bool after = down_cells_[q] > 0;
  occupied_.set(q, after);
  return before == after ? CellChange::kCellOnly : CellChange::kSquareChanged;
}

core::SquareSet occupancy_of(const core::Position& pos) {
  core::SquareSet out;
  const core::SquareSet& playable = pos.rules().geometry.playable_set();
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (playable.test(i) && !pos.at(static_cast<Square>(i)).empty()) out.set(i);
  }
  return out;
}

}  // namespace tabula::inference

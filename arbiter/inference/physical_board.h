// physical_board.h — what the reed switches say: which cells hold a magnet,
// and so which squares are occupied.
//
// Section index: Millis, SquareEvent, CellChange, PhysicalBoard, occupancy_of.
//
// A reed switch senses presence only, never which piece (issue 5). Every cell
// of the board's grid has one reed; a merged square (sheet 000's corner
// squares) is one logical square sensed by several reeds, and it is occupied
// when any of its cells is (Geometry::anchor / cells_of). Cells of the grid
// that are no square (a hole of 004, a cut corner) are still tracked: a piece
// standing there is "stray" and must be taken off.
//
// Invariants: occupied() holds exactly the logical squares (anchors) with at
// least one occupied cell; stray() holds the occupied cells that are no
// square. The Geometry must outlive the board (it lives in the RuleSet, held
// by the session). Not thread-safe; cheap to copy.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

#include "core/geometry.h"
#include "core/position.h"
#include "core/types.h"

namespace tabula::inference {

using Millis = std::chrono::milliseconds;

// One reed switch changed: a piece arrived on (occupied) or left a cell.
// `square` names the cell; for a merged square each cell has its own reed.
struct SquareEvent {
  Millis time{0};
  core::Square square = core::kNoSquare;
  bool occupied = false;

  friend bool operator==(const SquareEvent&, const SquareEvent&) = default;
};

// What one reed event did to the board.
enum class CellChange : std::uint8_t {
  kSquareChanged,  // the logical square's occupancy flipped
  kCellOnly,       // another cell of a merged square: the square is unchanged
  kStray,          // a cell that is no square (a hole, a cut corner) changed
  kRedundant,      // the cell already was in that state (a repeated or missed event)
  kOffGrid,        // not a cell of this board at all
};

class PhysicalBoard {
 public:
  explicit PhysicalBoard(const core::Geometry& geometry);

  // A new shape over the same reeds (004's stage change): cells are kept,
  // squares are recounted.
  void set_geometry(const core::Geometry& geometry);
  const core::Geometry& geometry() const { return *geometry_; }

  CellChange apply(core::Square cell, bool occupied);

  // Whether the cell lies in the board's width x height grid.
  bool in_grid(core::Square cell) const;
  // The logical square a cell belongs to, or kNoSquare for a hole or off-grid cell.
  core::Square square_of(core::Square cell) const;

  const core::SquareSet& cells() const { return cells_; }
  const core::SquareSet& occupied() const { return occupied_; }
  bool occupied(core::Square square) const { return occupied_.test(core::index_of(square)); }
  const core::SquareSet& stray() const { return stray_; }

 private:
  void recount();

  const core::Geometry* geometry_;
  core::SquareSet cells_;
  core::SquareSet occupied_;
  core::SquareSet stray_;
  std::array<std::uint8_t, core::kMaxSquares> down_cells_{};  // per logical square
};

// The squares a position's pieces stand on: what the reeds should report.
core::SquareSet occupancy_of(const core::Position& pos);

}  // namespace tabula::inference

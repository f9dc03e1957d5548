#include "geometry/board_geometry.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>

namespace tabula::geometry {
namespace {

// A rectangular board with `cut` x `cut` corners either absent (merge=false)
// or each merged into one logical square (merge=true).
Geometry make_board(std::string id, int files, int ranks, int cut, bool merge) {
  std::vector<LogicalSquare> squares;
  auto in_corner = [&](int f, int r) {
    const bool west = f < cut, east = f >= files - cut;
    const bool south = r < cut, north = r >= ranks - cut;
    return (west || east) && (south || north);
  };
  for (int r = 0; r < ranks; ++r) {
    for (int f = 0; f < files; ++f) {
      if (!in_corner(f, r)) {
        squares.push_back({cell_name({f, r}), {{f, r}}});
        continue;
      }
      if (!merge) continue;
      const bool block_origin = (f == 0 || f == files - cut) && (r == 0 || r == ranks - cut);
      if (!block_origin) continue;
      LogicalSquare corner{cell_name({f, r}), {}};
      for (int dr = 0; dr < cut; ++dr)
        for (int df = 0; df < cut; ++df) corner.cells.push_back({f + df, r + dr});
      squares.push_back(std::move(corner));
    }
  }
  return Geometry(std::move(id), files, ranks, std::move(squares));
}

constexpr std::array<std::string_view, 6> kIds = {
    "chess-8x8", "cross-12", "cross-12-corners", "cross-14", "bipartite-5x9", "mini-8x8-corners",
};

}  // namespace

Geometry::Geometry(std::string id, int files, int ranks, std::vector<LogicalSquare> squares)
    : id_(std::move(id)),
      files_(files),
      ranks_(ranks),
      squares_(std::move(squares)),
      owner_(static_cast<std::size_t>(files * ranks), -1) {
  for (std::size_t s = 0; s < squares_.size(); ++s) {
    for (const Cell& c : squares_[s].cells) {
      assert(c.file >= 0 && c.file < files_ && c.rank >= 0 && c.rank < ranks_);
      int& owner = owner_[static_cast<std::size_t>(c.rank * files_ + c.file)];
      assert(owner == -1 && "a cell belongs to one square");
      owner = static_cast<int>(s);
    }
  }
}

std::size_t Geometry::cell_count() const {
  std::size_t n = 0;
  for (const auto& s : squares_) n += s.cells.size();
  return n;
}

std::optional<SquareIndex> Geometry::find(std::string_view name) const {
  const auto cell = parse_cell_name(name);
  if (!cell) return std::nullopt;
  const auto s = square_at(*cell);
  // Only a square's own name finds it: "b2" is a cell of the merged "a1".
  if (!s || squares_[to_size(*s)].name != name) return std::nullopt;
  return s;
}

std::optional<SquareIndex> Geometry::square_at(Cell cell) const {
  if (cell.file < 0 || cell.file >= files_ || cell.rank < 0 || cell.rank >= ranks_)
    return std::nullopt;
  const int owner = owner_[static_cast<std::size_t>(cell.rank * files_ + cell.file)];
  if (owner < 0) return std::nullopt;
  return static_cast<SquareIndex>(owner);
}

std::string cell_name(Cell cell) {
  std::string name(1, static_cast<char>('a' + cell.file));
  name += std::to_string(cell.rank + 1);
  return name;
}

std::optional<Cell> parse_cell_name(std::string_view name) {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'z') return std::nullopt;
  const std::string_view digits = name.substr(1);
  if (digits[0] == '0') return std::nullopt;
  int rank = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
  if (ec != std::errc{} || end != digits.data() + digits.size() || rank > 99) return std::nullopt;
  return Cell{name[0] - 'a', rank - 1};
}

std::span<const std::string_view> geometry_ids() {
  return kIds;
}

std::optional<Geometry> geometry_by_id(std::string_view id) {
  // Sheet 001 / chess.com: 12x12 minus 2x2 corners = 128 squares.
  // Sheet 000: the same grid with each 2x2 corner one square (132).
  // Sheets 002/003: 14x14 minus 3x3 corners = 160 squares.
  // Sheet 004: 5 files x 9 rows; the holes move with the stage, so all 45 are sensed.
  if (id == "chess-8x8") return make_board(std::string(id), 8, 8, 0, false);
  if (id == "cross-12") return make_board(std::string(id), 12, 12, 2, false);
  if (id == "cross-12-corners") return make_board(std::string(id), 12, 12, 2, true);
  if (id == "cross-14") return make_board(std::string(id), 14, 14, 3, false);
  if (id == "bipartite-5x9") return make_board(std::string(id), 5, 9, 0, false);
  if (id == "mini-8x8-corners") return make_board(std::string(id), 8, 8, 2, true);
  return std::nullopt;
}

}  // namespace tabula::geometry

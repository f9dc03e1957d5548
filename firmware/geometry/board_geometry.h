// Board geometries: which cells of a rectangular reed grid are playable and how
// they group into logical squares. The one place in firmware/ that knows the
// shapes of the boards (see /work/shared RULINGS.md); standard library only.
//
// Names: files a, b, c... from the left of the south seat, ranks 1, 2... from
// the south edge; a1 is bottom-left. A merged corner square (sheet 000) is named
// after its lowest-rank, lowest-file cell: the south-west 2x2 block of
// cross-12-corners (a1 b1 a2 b2) is the square "a1".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::geometry {

// A cell of the rectangular grid, 0-based: file 0 is "a", rank 0 is "1".
struct Cell {
  int file = 0;
  int rank = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

// Index of a logical square within its Geometry (0 .. square_count()-1).
enum class SquareIndex : std::uint16_t {};
constexpr std::size_t to_size(SquareIndex s) {
  return static_cast<std::size_t>(s);
}

// One logical square: a name and the cells it covers (1, or 4 for a merged
// corner). Cells are listed rank by rank, file by file.
struct LogicalSquare {
  std::string name;
  std::vector<Cell> cells;
};

// An immutable board shape. Invariants: every cell belongs to at most one
// square; squares are ordered by their name cell (rank, then file), so a
// plain board lists a1, b1, ... h1, a2, ... Value type; thread-safe to share.
class Geometry {
 public:
  Geometry() = default;  // an empty board, for default-constructed holders
  Geometry(std::string id, int files, int ranks, std::vector<LogicalSquare> squares);

  const std::string& id() const { return id_; }
  int files() const { return files_; }
  int ranks() const { return ranks_; }
  std::size_t square_count() const { return squares_.size(); }
  const LogicalSquare& square(SquareIndex s) const { return squares_[to_size(s)]; }
  const std::vector<LogicalSquare>& squares() const { return squares_; }
  // Number of grid cells that are playable (sum of all squares' cells).
  std::size_t cell_count() const;

  std::optional<SquareIndex> find(std::string_view name) const;
  // The square covering a cell; nullopt for an absent cell or one off the grid.
  std::optional<SquareIndex> square_at(Cell cell) const;

 private:
  std::string id_;
  int files_ = 0;
  int ranks_ = 0;
  std::vector<LogicalSquare> squares_;
  std::vector<int> owner_;  // files*ranks, square index or -1
};

// "a1" for {0, 0}; files past z are not needed (the largest board has 14).
std::string cell_name(Cell cell);
// Parses "a1".."n14"; nullopt when not a well-formed cell name.
std::optional<Cell> parse_cell_name(std::string_view name);

// Every geometry id this build knows, in a stable order.
std::span<const std::string_view> geometry_ids();
// The geometry for an id; nullopt for an unknown id.
std::optional<Geometry> geometry_by_id(std::string_view id);

}  // namespace tabula::geometry

// geometry.h — the shape of a board: which cells exist, what they are called.
//
// A Geometry is a width x height grid (each at most 16) with a mask of playable
// squares. Cells outside the mask are absent (the cut corners of the cross
// boards) or holes (Bipartite's X squares): either way nothing stands on them
// and nothing slides through them; leapers jump over them (RULINGS 004).
//
// Merged squares (sheet 000's corner squares) are groups of cells that count
// as one logical square; the group's anchor — its lowest-rank, lowest-file
// cell — is the square the rules use, and every cell of the group names it.
//
// Names: files a.. from the left of the south seat, ranks 1.. from the south
// (RULINGS, "Square names"). A variant may add its own notation; the only one
// so far is Bipartite's row letter from the top plus column number ("E1").
//
// Invariants: every playable square lies inside width x height; a merged group
// is made of playable cells. Immutable once built; safe to share across threads.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace tabula::core {

enum class AltNotation : std::uint8_t {
  kNone,
  kRowLetterFromTop,  // 004: rows A.. from the top, columns 1.. from the left
};

struct Region {
  std::string name;
  SquareSet squares;
};

class Geometry {
 public:
  Geometry() = default;
  // A full width x height rectangle; use remove() / merge() to shape it.
  static Result<Geometry> rectangle(int width, int height);

  // Removes a cell (absent corner or hole). Out-of-range cells are ignored.
  void remove(Square s);
  // Makes the given playable cells one logical square. Returns an error if a
  // cell is not playable or already merged.
  std::optional<Error> merge(const std::vector<Square>& cells);
  void set_alt_notation(AltNotation n) { alt_ = n; }
  void add_region(Region r) { regions_.push_back(std::move(r)); }

  int width() const { return width_; }
  int height() const { return height_; }
  bool contains(int file, int rank) const {
    return file >= 0 && rank >= 0 && file < width_ && rank < height_;
  }
  bool playable(Square s) const { return is_valid(s) && playable_[index_of(s)]; }
  const SquareSet& playable_set() const { return playable_; }
  int playable_count() const { return static_cast<int>(playable_.count()); }
  // The logical square a cell belongs to (itself unless merged).
  Square anchor(Square s) const { return anchor_[index_of(s)]; }
  bool merged(Square s) const { return anchor(s) != s || merged_anchor_[index_of(s)]; }
  // All cells of the logical square s (one cell unless merged).
  std::vector<Square> cells_of(Square s) const;
  AltNotation alt_notation() const { return alt_; }

  // "a1".. for any playable (or merged) square.
  std::string name(Square s) const;
  // The variant's own name, or the a1 name when it has none.
  std::string alt_name(Square s) const;
  // Parses "a1".."p16" and, where the variant has one, its own notation.
  // Returns kNoSquare for anything that is not a playable square.
  Square parse(std::string_view text) const;

  const Region* region(std::string_view name) const;
  const std::vector<Region>& regions() const { return regions_; }

 private:
  int width_ = 0;
  int height_ = 0;
  SquareSet playable_;
  std::array<Square, kMaxSquares> anchor_{};
  std::bitset<kMaxSquares> merged_anchor_;
  AltNotation alt_ = AltNotation::kNone;
  std::vector<Region> regions_;
};

}  // namespace tabula::core

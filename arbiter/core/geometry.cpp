#include "core/geometry.h"

#include <cctype>

namespace tabula::core {

Result<Geometry> Geometry::rectangle(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxFiles || height > kMaxRanks) {
    return make_error("board size " + std::to_string(width) + "x" + std::to_string(height) +
                      " is outside 1x1..16x16");
  }
  Geometry g;
  g.width_ = width;
  g.height_ = height;
  for (int i = 0; i < kMaxSquares; ++i) g.anchor_[i] = static_cast<Square>(i);
  for (int r = 0; r < height; ++r) {
    for (int f = 0; f < width; ++f) g.playable_.set(index_of(make_square(f, r)));
  }
  return g;
}

void Geometry::remove(Square s) {
  if (is_valid(s)) playable_.reset(index_of(s));
}

std::optional<Error> Geometry::merge(const std::vector<Square>& cells) {
  if (cells.empty()) return make_error("a merged square needs at least one cell");
  Square anchor = cells.front();
  for (Square c : cells) {
    if (!playable(c)) return make_error("merged cell " + name(c) + " is not on the board");
    if (merged(c)) return make_error("cell " + name(c) + " is merged twice");
    if (rank_of(c) < rank_of(anchor) || (rank_of(c) == rank_of(anchor) && file_of(c) < file_of(anchor)))
      anchor = c;
  }
  for (Square c : cells) {
    anchor_[index_of(c)] = anchor;
    if (c != anchor) playable_.reset(index_of(c));  // only the anchor is a square
  }
  merged_anchor_.set(index_of(anchor));
  return std::nullopt;
}

std::vector<Square> Geometry::cells_of(Square s) const {
  std::vector<Square> out;
  if (!merged_anchor_[index_of(s)]) {
    out.push_back(s);
    return out;
  }
  for (int i = 0; i < kMaxSquares; ++i) {
    if (anchor_[i] == s) out.push_back(static_cast<Square>(i));
  }
  return out;
}

std::string Geometry::name(Square s) const {
  if (!is_valid(s)) return "-";
  std::string out(1, static_cast<char>('a' + file_of(s)));
  out += std::to_string(rank_of(s) + 1);
  return out;
}

std::string Geometry::alt_name(Square s) const {
  if (alt_ == AltNotation::kRowLetterFromTop && is_valid(s)) {
    std::string out(1, static_cast<char>('A' + (height_ - 1 - rank_of(s))));
    out += std::to_string(file_of(s) + 1);
    return out;
  }
  return name(s);
}

namespace {
// Parses a 1- or 2-digit positive number filling the whole view; -1 otherwise.
int parse_small_number(std::string_view digits) {
  if (digits.empty() || digits.size() > 2) return -1;
  int n = 0;
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    n = n * 10 + (c - '0');
  }
  return n >= 1 ? n : -1;
}
}  // namespace

Square Geometry::parse(std::string_view text) const {
  if (text.size() < 2) return kNoSquare;
  char head = text.front();
  int number = parse_small_number(text.substr(1));
  if (number < 0) return kNoSquare;
  int file = -1;
  int rank = -1;
  if (head >= 'a' && head <= 'p') {
    file = head - 'a';
    rank = number - 1;
  } else if (alt_ == AltNotation::kRowLetterFromTop && head >= 'A' && head <= 'P') {
    rank = height_ - 1 - (head - 'A');
    file = number - 1;
  } else {
    return kNoSquare;
  }
  if (!contains(file, rank)) return kNoSquare;
  Square cell = anchor(make_square(file, rank));
  return playable(cell) ? cell : kNoSquare;
}

const Region* Geometry::region(std::string_view n) const {
  for (const Region& r : regions_) {
    if (r.name == n) return &r;
  }
  return nullptr;
}

}  // namespace tabula::core

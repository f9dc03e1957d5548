#include "core/notation.h"

#include <cctype>

namespace tabula::core {

std::string coordinate(const Position& pos, const Move& m) {
  const Geometry& g = pos.rules().geometry;
  if (m.kind == MoveKind::kPass) return "pass";
  std::string out;
  if (m.kind == MoveKind::kPlacement) {
    out += pos.rules().piece(m.promotion).letter;
    out += '@';
    return out + g.name(m.to);
  }
  out = g.name(m.from) + g.name(m.to);
  if (m.promotion != kNoKind) {
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(pos.rules().piece(m.promotion).letter)));
  }
  return out;
}

bool parse_coordinate(const Position& pos, std::string_view text, Move& out) {
  MoveList moves;
  pos.generate_legal(moves);
  for (const Move& m : moves) {
    if (coordinate(pos, m) == text) {
      out = m;
      return true;
    }
  }
  return false;
}

}  // namespace tabula::core

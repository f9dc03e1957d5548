#include "core/rule_set.h"

#include <algorithm>
#include <cctype>

namespace tabula::core {

PieceKind RuleSet::kind_by_letter(char upper) const {
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i].letter == upper) return kind_at(static_cast<int>(i));
  }
  return kNoKind;
}

PieceKind RuleSet::royal_kind() const {
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i].royal) return kind_at(static_cast<int>(i));
  }
  return kNoKind;
}

std::optional<Error> RuleSet::compile() {
  if (seats.size() < 2 || seats.size() > kMaxSeats) {
    return make_error("a variant needs 2 to 4 seats, this one has " + std::to_string(seats.size()));
  }
  if (pieces.empty() || pieces.size() > kMaxPieceKinds) {
    return make_error("a variant needs 1 to 16 piece kinds, this one has " +
                      std::to_string(pieces.size()));
  }
  int royals = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const PieceDef& p = pieces[i];
    if (!std::isupper(static_cast<unsigned char>(p.letter))) {
      return make_error("piece '" + p.name + "' needs an uppercase letter");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (pieces[j].letter == p.letter) {
        return make_error("pieces '" + pieces[j].name + "' and '" + p.name + "' share the letter " +
                          std::string(1, p.letter));
      }
    }
    if (p.royal) ++royals;
  }
  if (royals > 1) return make_error("at most one piece kind may be royal");
  if (turn_order.size() != seats.size()) {
    return make_error("the turn order must name every seat exactly once");
  }
  std::vector<bool> seen(seats.size(), false);
  for (Seat s : turn_order) {
    if (index_of(s) >= seat_count() || seen[index_of(s)]) {
      return make_error("the turn order must name every seat exactly once");
    }
    seen[index_of(s)] = true;
  }
  for (const CastlingRule& c : castling) {
    for (Square q : {c.king_from, c.king_to, c.rook_from, c.rook_to}) {
      if (!geometry.playable(q)) return make_error("a castling square is not on the board");
    }
    if (index_of(c.seat) >= seat_count()) return make_error("a castling rule names no seat");
  }
  if (castling.size() > 32) return make_error("at most 32 castling rules");
  for (PieceKind k : promotion.choices) {
    if (index_of(k) >= static_cast<int>(pieces.size())) {
      return make_error("a promotion choice names no piece");
    }
  }
  std::vector<std::vector<Pattern>> kinds;
  for (const PieceDef& p : pieces) kinds.push_back(p.patterns);
  std::vector<Facing> facings;
  for (const SeatDef& s : seats) facings.push_back(s.facing);
  // 000: kings step into and out of corner squares; the Position decides
  // whose corner and when.
  std::vector<bool> enters_merged;
  for (const PieceDef& p : pieces) enters_merged.push_back(p.royal && corners.enabled);
  tables.build(geometry, kinds, facings, enters_merged);
  corners.two_player.off_area.clear();
  for (int i = 0; i < kMaxSquares; ++i) {
    const auto q = static_cast<Square>(i);
    if (geometry.playable(q) && !corners.two_player.area[static_cast<std::size_t>(i)])
      corners.two_player.off_area.push_back(q);
  }
  corners.many_seats = seat_count() > 2;
  corners.seat_status_bits = 0;
  for (int s = 0; s < seat_count(); ++s) corners.seat_status_bits |= 0x80U << (8 * s);
  return std::nullopt;
}

}  // namespace tabula::core

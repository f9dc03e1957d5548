// hint_words.cpp — hints in words (hint_words.h).
#include "session/hint_words.h"

#include <string_view>

#include "core/notation.h"

namespace tabula::session {

std::string move_in_words(const core::Position& before, const core::Move& m) {
  const core::RuleSet& rules = before.rules();
  const core::Geometry& g = rules.geometry;
  if (m.kind == core::MoveKind::kCastle && m.castle < rules.castling.size()) {
    // RULINGS "Shared by all variants": the king goes two squares toward the
    // rook, the rook lands on the square the king crossed (rule_set.h).
    const core::CastlingRule& c = rules.castling[m.castle];
    return std::string("castle ") + (c.king_side ? "king" : "queen") + " side: king " + g.name(c.king_from) + " to " +
           g.name(c.king_to) + ", rook " + g.name(c.rook_from) + " to " + g.name(c.rook_to);
  }
  const core::Piece p = before.at(m.from);
  if (m.kind == core::MoveKind::kPlacement || p.empty()) return core::long_algebraic(before, m);
  std::string words = "move the " + rules.piece(p.kind).name + " from " + g.name(m.from) + " to " + g.name(m.to);
  if (m.promotion != core::kNoKind) words += " and make it a " + rules.piece(m.promotion).name;
  return words;
}

std::optional<std::string> hint_in_words(const Ruling& r, const core::Position& pos) {
  constexpr std::string_view kHintFor = "Hint for ";
  if (r.kind != RulingKind::kAdvice || r.squares.size() != 2 || r.text.rfind(kHintFor, 0) != 0) return std::nullopt;
  const std::size_t colon = r.text.find(": ");
  if (colon == std::string::npos) return std::nullopt;
  const std::string notation = r.text.substr(colon + 2);
  const core::Piece p = pos.at(r.squares[0]);
  if (p.empty() || p.seat != pos.to_move()) return std::nullopt;
  const core::RuleSet& rules = pos.rules();
  core::Move m;
  m.from = r.squares[0];
  m.to = r.squares[1];
  if (notation == "O-O" || notation == "O-O-O") {
    m.kind = core::MoveKind::kCastle;
    bool found = false;
    for (std::size_t i = 0; i < rules.castling.size() && !found; ++i) {
      const core::CastlingRule& c = rules.castling[i];
      found = c.seat == p.seat && c.king_from == m.from && c.king_side == (notation == "O-O");
      if (found) m.castle = static_cast<std::uint8_t>(i);
    }
    if (!found) return std::nullopt;
  } else if (const std::size_t eq = notation.rfind('='); eq != std::string::npos && eq + 1 < notation.size()) {
    for (std::size_t k = 0; k < rules.pieces.size() && m.promotion == core::kNoKind; ++k) {
      if (rules.pieces[k].letter == notation[eq + 1]) m.promotion = core::kind_at(static_cast<int>(k));
    }
  }
  // The move read back must write the ruling's notation again (an en
  // passant capture writes "x" only as one).
  if (core::long_algebraic(pos, m) != notation && m.kind == core::MoveKind::kNormal) m.kind = core::MoveKind::kEnPassant;
  if (core::long_algebraic(pos, m) != notation) return std::nullopt;
  return r.text.substr(0, colon) + ": " + move_in_words(pos, m);
}

}  // namespace tabula::session

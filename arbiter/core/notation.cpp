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

namespace {

bool is_pawn(const Position& pos, Piece p) { return !p.empty() && pos.rules().piece(p.kind).pawn; }

Piece captured_by(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::kEnPassant) {
    for (int s = 0; s < pos.rules().seat_count(); ++s) {
      const EnPassantEntry& e = pos.en_passant(seat_at(s));
      if (e.target == m.to) return pos.at(e.victim);
    }
  }
  if (m.kind == MoveKind::kNormal) return pos.at(m.to);
  return kEmpty;
}

std::string castle_text(const Position& pos, const Move& m) {
  return pos.rules().castling[m.castle].king_side ? "O-O" : "O-O-O";
}

}  // namespace

std::string long_algebraic(const Position& before, const Move& m) {
  const RuleSet& rules = before.rules();
  const Geometry& g = rules.geometry;
  if (m.kind == MoveKind::kCastle) return castle_text(before, m);
  if (m.kind == MoveKind::kPass) return "pass";
  if (m.kind == MoveKind::kPlacement) return std::string(1, rules.piece(m.promotion).letter) + "@" + g.name(m.to);
  Piece p = before.at(m.from);
  std::string out;
  // A piece's move_letter, not its FEN letter: chess.com's 1-point queen
  // moves as "Qc7xb6" though it was made by "c8-c7=D" (FFA 100532097).
  if (!is_pawn(before, p)) out += rules.piece(p.kind).text_letter();
  out += g.name(m.from);
  Piece cap = captured_by(before, m);
  if (cap.empty()) {
    out += '-';
  } else {
    out += 'x';
    if (!is_pawn(before, cap)) out += rules.piece(cap.kind).text_letter();
  }
  out += g.name(m.to);
  if (m.promotion != kNoKind) {
    out += '=';
    out += rules.piece(m.promotion).letter;
  }
  return out;
}

std::string san(const Position& before, const Move& m) {
  const RuleSet& rules = before.rules();
  const Geometry& g = rules.geometry;
  if (m.kind == MoveKind::kCastle) return castle_text(before, m);
  if (m.kind == MoveKind::kPass) return "--";
  if (m.kind == MoveKind::kPlacement) return std::string(1, rules.piece(m.promotion).letter) + "@" + g.name(m.to);
  Piece p = before.at(m.from);
  bool capture = !captured_by(before, m).empty();
  std::string out;
  std::string from = g.name(m.from);
  if (is_pawn(before, p)) {
    if (capture) out += from[0];
  } else {
    out += rules.piece(p.kind).letter;
    // Disambiguate among other pieces of the same kind reaching `to`.
    MoveList legal;
    before.generate_legal(legal);
    bool clash = false;
    bool same_file = false;
    bool same_rank = false;
    for (const Move& o : legal) {
      if (o.to != m.to || o.from == m.from || o.kind == MoveKind::kCastle) continue;
      Piece q = before.at(o.from);
      if (q.kind != p.kind) continue;
      clash = true;
      same_file = same_file || file_of(o.from) == file_of(m.from);
      same_rank = same_rank || rank_of(o.from) == rank_of(m.from);
    }
    if (clash) {
      if (!same_file) {
        out += from[0];
      } else if (!same_rank) {
        out += from.substr(1);
      } else {
        out += from;
      }
    }
  }
  if (capture) out += 'x';
  out += g.name(m.to);
  if (m.promotion != kNoKind) {
    out += '=';
    out += rules.piece(m.promotion).letter;
  }
  return out;
}

MoveText split_annotations(std::string_view token) {
  MoveText out;
  std::string t(token);
  if (t == "R" || t == "T" || t == "S") {
    out.marker = t[0];
    return out;
  }
  auto strip_marks = [&]() {
    bool any = true;
    while (any && !t.empty()) {
      any = false;
      char c = t.back();
      if (c == '+') {
        ++out.checks;
        any = true;
      } else if (c == '#') {
        ++out.mates;
        any = true;
      } else if (c == '!' || c == '?') {
        any = true;
      }
      if (any) t.pop_back();
    }
  };
  strip_marks();
  if (t.size() > 2 && (t.back() == 'R' || t.back() == 'T' || t.back() == 'S') && t[t.size() - 2] != '=') {
    out.marker = t.back();
    t.pop_back();
    strip_marks();
  }
  if (t == "0-0") t = "O-O";  // castling as some programs write it
  if (t == "0-0-0") t = "O-O-O";
  out.move = t;
  return out;
}

bool parse_move(const Position& pos, std::string_view text, Move& out, std::string& why) {
  MoveList legal;
  pos.generate_legal(legal);
  return parse_move(pos, legal, text, out, why);
}

bool parse_move(const Position& pos, const MoveList& legal, std::string_view text, Move& out, std::string& why) {
  MoveText mt = split_annotations(text);
  if (mt.move.empty()) {
    why = "\"" + std::string(text) + "\" is a marker, not a move";
    return false;
  }
  // The cheap notations first; SAN needs a legal-move generation per move.
  for (const Move& m : legal) {
    if (long_algebraic(pos, m) == mt.move || coordinate(pos, m) == mt.move) {
      out = m;
      return true;
    }
  }
  for (const Move& m : legal) {
    if (san(pos, m) == mt.move) {
      out = m;
      return true;
    }
  }
  // Long algebraic that names the right squares but not the captured piece
  // as we would: accept by squares and promotion, so records from other
  // programs still read.
  const Geometry& g = pos.rules().geometry;
  std::string s = mt.move;
  std::size_t i = 0;
  if (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t from_start = i;
  while (i < s.size() && (std::islower(static_cast<unsigned char>(s[i])) && i == from_start)) ++i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  Square from = g.parse(s.substr(from_start, i - from_start));
  if (from != kNoSquare && i < s.size() && (s[i] == '-' || s[i] == 'x')) {
    ++i;
    if (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t to_start = i;
    if (i < s.size() && std::islower(static_cast<unsigned char>(s[i]))) ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    Square to = g.parse(s.substr(to_start, i - to_start));
    char promo = 0;
    if (i + 1 < s.size() && s[i] == '=') promo = s[i + 1];
    for (const Move& m : legal) {
      if (m.from == from && m.to == to &&
          (m.promotion == kNoKind ? promo == 0 : pos.rules().piece(m.promotion).letter == promo)) {
        out = m;
        return true;
      }
    }
    Piece p = pos.at(from);
    if (p.empty()) {
      why = "there is no piece on " + g.name(from);
    } else if (p.seat != pos.to_move()) {
      why = "the piece on " + g.name(from) + " is not the moving seat's";
    } else {
      why = "no legal move from " + g.name(from) + " to " + (to == kNoSquare ? "?" : g.name(to));
    }
    return false;
  }
  why = "\"" + mt.move + "\" is not a legal move here";
  return false;
}

}  // namespace tabula::core

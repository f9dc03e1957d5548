#include "core/notation.h"
#include "core/quote.h"

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
    why = quote_input(text) + " is a marker, not a move";
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
  // A pawn move that reaches the last rank written without its promotion
  // ("e8", "e9-e10"): say so, rather than "no legal move".
  const RuleSet& rules = pos.rules();
  std::string choices;
  for (PieceKind k : rules.promotion.choices) choices += (choices.empty() ? "" : " or ") + std::string(1, rules.piece(k).letter);
  for (const Move& m : legal) {
    if (m.promotion == kNoKind) continue;
    std::string la = long_algebraic(pos, m);
    std::string sa = san(pos, m);
    std::string bare_la = la.substr(0, la.find('='));
    if (bare_la == mt.move || sa.substr(0, sa.find('=')) == mt.move) {
      why = quote_input(mt.move) + ": the pawn reaching " + rules.geometry.name(m.to) + " must promote; write " +
            (bare_la == mt.move ? bare_la : sa.substr(0, sa.find('='))) + "=" + choices.substr(0, 1) +
            (choices.size() > 1 ? " (promotes to " + choices + ")" : "");
      return false;
    }
  }
  // Long algebraic that names the right squares with another separator
  // ('-' for 'x'), as some programs write it: accept by squares and
  // promotion. The piece letters written must still be the pieces': PGN4
  // writes the moving and the captured piece's letter, none for a pawn.
  const Geometry& g = rules.geometry;
  std::string s = mt.move;
  std::size_t i = 0;
  char mover_letter = 0;
  if (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) mover_letter = s[i++];
  std::size_t from_start = i;
  while (i < s.size() && (std::islower(static_cast<unsigned char>(s[i])) && i == from_start)) ++i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  Square from = g.parse(s.substr(from_start, i - from_start));
  if (from != kNoSquare && i < s.size() && (s[i] == '-' || s[i] == 'x')) {
    ++i;
    char captured_letter = 0;
    if (i < s.size() && std::isupper(static_cast<unsigned char>(s[i]))) captured_letter = s[i++];
    std::size_t to_start = i;
    if (i < s.size() && std::islower(static_cast<unsigned char>(s[i]))) ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    Square to = g.parse(s.substr(to_start, i - to_start));
    char promo = 0;
    if (i + 1 < s.size() && s[i] == '=') promo = s[i + 1];
    auto letter_of = [&](Piece p) {
      return p.empty() || is_pawn(pos, p) ? std::string("no letter") : std::string(1, rules.piece(p.kind).text_letter());
    };
    auto written = [&](char c) { return c == 0 ? std::string("no letter") : std::string(1, c); };
    auto names = [&](char c, Piece p) {  // the letter written names piece p (its move or its FEN letter)
      return written(c) == letter_of(p) || (!p.empty() && !is_pawn(pos, p) && c == rules.piece(p.kind).letter);
    };
    auto phrase = [&](Piece p) { return rules.seats[index_of(p.seat)].name + "'s " + rules.piece(p.kind).name; };
    bool promotes = false;
    for (const Move& m : legal) {
      if (m.from != from || m.to != to) continue;
      if (m.promotion != kNoKind) promotes = true;
      if (!(m.promotion == kNoKind ? promo == 0 : rules.piece(m.promotion).letter == promo)) continue;
      Piece moving = pos.at(from);
      if (!names(mover_letter, moving)) {
        why = quote_input(mt.move) + " writes " + written(mover_letter) + " for the moving piece, but the piece on " +
              g.name(from) + " is " + phrase(moving) + " (" + letter_of(moving) + ")";
        return false;
      }
      Piece taken = captured_by(pos, m);
      if (!names(captured_letter, taken)) {
        why = quote_input(mt.move) + " writes " + written(captured_letter) + " for the captured piece, but " +
              (taken.empty() ? "nothing is captured on " + g.name(to)
                             : "the piece captured is " + phrase(taken) + " (" + letter_of(taken) + ")");
        return false;
      }
      out = m;
      return true;
    }
    Piece p = pos.at(from);
    if (p.empty()) {
      why = "there is no piece on " + g.name(from);
    } else if (p.seat != pos.to_move()) {
      why = "the piece on " + g.name(from) + " is not the moving seat's";
    } else if (promotes && promo != 0) {
      why = quote_input(mt.move) + ": a pawn promotes to " + choices + " here, not " + std::string(1, promo);
    } else {
      why = "no legal move from " + g.name(from) + " to " + (to == kNoSquare ? "?" : g.name(to));
    }
    return false;
  }
  why = quote_input(mt.move) + " is not a legal move here";
  return false;
}

}  // namespace tabula::core

#include "core/fen.h"
#include "core/quote.h"

#include <cctype>
#include <vector>

namespace tabula::core {
namespace {

struct Field {
  std::string_view text;
  int column;  // 1-based column of its first character
};

std::vector<Field> split_fields(std::string_view s) {
  std::vector<Field> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.push_back({s.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

Error fen_error(const Field& f, std::size_t offset, const std::string& what) {
  return make_error(what, 1, f.column + static_cast<int>(offset));
}

bool parse_int(std::string_view t, int& out) {
  if (t.empty() || t.size() > 6) return false;
  out = 0;
  for (char c : t) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

}  // namespace

std::optional<Error> check_setup(const Position& pos) {
  const RuleSet& rules = pos.rules();
  const Geometry& g = rules.geometry;
  PieceKind royal = rules.royal_kind();
  std::vector<int> kings(rules.seat_count(), 0);
  for (int i = 0; i < kMaxSquares; ++i) {
    Square q = static_cast<Square>(i);
    Piece p = pos.at(q);
    if (p.empty()) continue;
    if (p.kind == royal) ++kings[index_of(p.seat)];
    const PieceDef& def = rules.piece(p.kind);
    const SeatDef& seat = rules.seats[index_of(p.seat)];
    // 000: only the owner's king ever stands on a corner square (RULINGS 000:
    // "A king may enter his own corner square"; nothing else enters it).
    if (rules.corners.enabled && g.merged(q)) {
      int owner = -1;
      for (int s = 0; s < rules.seat_count(); ++s)
        if (rules.corners.own[s] == g.anchor(q)) owner = s;
      if (p.kind != royal || index_of(p.seat) != owner) {
        std::string where = owner < 0 ? "a corner square, where no piece may stand"
                                      : rules.seats[owner].name + "'s corner square, where only " +
                                            rules.seats[owner].name + "'s king may stand";
        return make_error(rules.seats[index_of(p.seat)].name + "'s " + def.name + " on " + g.name(q) + " stands on " +
                          where);
      }
    }
    if (def.pawn && rules.promotion.mandatory && rules.promotion.edge == PromotionEdge::kOwnZone &&
        seat.promotion_zone[i]) {
      return make_error(seat.name + "'s " + def.name + " on " + g.name(q) +
                        " stands on its promotion zone, so it would have promoted");
    }
  }
  if (royal != kNoKind) {
    for (int s = 0; s < rules.seat_count(); ++s) {
      if (pos.status(seat_at(s)) != SeatStatus::kLive) continue;  // out: king may be gone
      if (kings[s] != 1) {
        return make_error(rules.seats[s].name + " has " + std::to_string(kings[s]) + " " +
                          rules.piece(royal).name + "s; exactly one is needed");
      }
    }
  }
  for (std::size_t i = 0; i < rules.castling.size(); ++i) {
    if (!((pos.castling_rights() >> i) & 1U)) continue;
    const CastlingRule& c = rules.castling[i];
    Piece k = pos.at(c.king_from);
    Piece r = pos.at(c.rook_from);
    if (k.empty() || k.seat != c.seat || k.kind != royal || r.empty() || r.seat != c.seat) {
      return make_error(rules.seats[index_of(c.seat)].name + " keeps the right to castle " +
                        (c.king_side ? "king" : "queen") + " side, but the king is not on " +
                        g.name(c.king_from) + " or the rook not on " + g.name(c.rook_from));
    }
  }
  // In two-seat games the side that just moved cannot be in check.
  if (rules.seat_count() == 2 && royal != kNoKind) {
    Seat other = pos.next_active_after(pos.to_move());
    if (other != pos.to_move() && pos.in_check(other)) {
      return make_error(rules.seats[index_of(other)].name +
                        " is in check but it is not their move: the position cannot arise");
    }
  }
  return std::nullopt;
}

Result<Position> parse_fen(const RuleSet& rules, std::string_view fen) {
  const Geometry& g = rules.geometry;
  if (rules.seat_count() != 2) {
    return make_error("FEN is for two-seat variants; " + rules.id + " uses FEN4");
  }
  std::vector<Field> fields = split_fields(fen);
  if (fields.size() < 2) {
    return make_error("FEN needs at least a board and the side to move, got " +
                      quote_input(fen));
  }
  if (fields.size() > 6) return fen_error(fields[6], 0, "unexpected text after the fullmove number");
  Position pos(rules);
  pos.clear();

  // Board.
  const Field& board = fields[0];
  int rank = g.height() - 1;
  int file = 0;
  for (std::size_t i = 0; i < board.text.size(); ++i) {
    char c = board.text[i];
    if (c == '/') {
      if (file != g.width()) {
        return fen_error(board, i, "rank " + std::to_string(rank + 1) + " has " +
                                       std::to_string(file) + " squares, expected " +
                                       std::to_string(g.width()));
      }
      --rank;
      file = 0;
      if (rank < 0) return fen_error(board, i, "more than " + std::to_string(g.height()) + " ranks");
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = c - '0';
      if (i + 1 < board.text.size() && std::isdigit(static_cast<unsigned char>(board.text[i + 1]))) {
        n = n * 10 + (board.text[++i] - '0');
      }
      if (n == 0) return fen_error(board, i, "an empty run of 0 squares");
      file += n;
      if (file > g.width()) {
        return fen_error(board, i, "rank " + std::to_string(rank + 1) + " is wider than " +
                                       std::to_string(g.width()) + " squares");
      }
      continue;
    }
    if (file >= g.width()) {
      return fen_error(board, i, "rank " + std::to_string(rank + 1) + " is wider than " +
                                     std::to_string(g.width()) + " squares");
    }
    Square q = make_square(file, rank);
    if (c == '*') {
      if (g.playable(q)) {
        return fen_error(board, i, "'*' marks a hole, but " + g.name(q) + " is a square");
      }
      ++file;
      continue;
    }
    char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    PieceKind kind = rules.kind_by_letter(upper);
    if (kind == kNoKind) {
      std::string letters;
      for (const PieceDef& p : rules.pieces) letters += p.letter;
      return fen_error(board, i, std::string("unknown piece letter '") + c + "': " + rules.id +
                                     " knows " + letters + " (lowercase for " +
                                     rules.seats[1].name + ")");
    }
    if (!g.playable(q)) {
      return fen_error(board, i, "a piece on " + g.name(q) + ", which is a hole");
    }
    Seat seat = std::isupper(static_cast<unsigned char>(c)) ? seat_at(0) : seat_at(1);
    pos.put(q, Piece{kind, seat, false});
    ++file;
  }
  if (rank != 0 || file != g.width()) {
    return fen_error(board, board.text.size(),
                     "the board has " + std::to_string(g.height() - rank) + " ranks (last one " +
                         std::to_string(file) + " squares wide), expected " +
                         std::to_string(g.height()) + " ranks of " + std::to_string(g.width()));
  }

  // Side to move.
  const Field& side = fields[1];
  Seat to_move = kNoSeat;
  for (int s = 0; s < 2; ++s) {
    if (side.text.size() == 1 && side.text[0] == rules.seats[s].letter) to_move = seat_at(s);
  }
  if (to_move == kNoSeat) {
    return fen_error(side, 0, std::string("side to move must be '") + rules.seats[0].letter +
                                  "' or '" + rules.seats[1].letter + "', got " +
                                  quote_input(side.text));
  }
  pos.set_to_move(to_move);

  // Castling.
  std::uint32_t rights = 0;
  if (fields.size() > 2 && fields[2].text != "-") {
    const Field& f = fields[2];
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      char c = f.text[i];
      Seat seat = std::isupper(static_cast<unsigned char>(c)) ? seat_at(0) : seat_at(1);
      char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (u != 'K' && u != 'Q') {
        return fen_error(f, i, std::string("castling letter '") + c + "': expected K Q k q or -");
      }
      bool found = false;
      for (std::size_t r = 0; r < rules.castling.size(); ++r) {
        const CastlingRule& cr = rules.castling[r];
        if (cr.seat == seat && cr.king_side == (u == 'K')) {
          rights |= 1U << r;
          found = true;
        }
      }
      if (!found) return fen_error(f, i, std::string("castling right '") + c + "' does not exist in " + rules.id);
    }
  }
  pos.set_castling_rights(rights);

  // En passant.
  if (fields.size() > 3 && fields[3].text != "-") {
    const Field& f = fields[3];
    Square target = g.parse(f.text);
    if (target == kNoSquare) {
      return fen_error(f, 0, "en passant square " + quote_input(f.text) + " is not a square");
    }
    if (rules.pawns.en_passant == EnPassantWindow::kOff) {
      return fen_error(f, 0, rules.id + " has no en passant, so the field must be '-'");
    }
    Seat creator = to_move == seat_at(0) ? seat_at(1) : seat_at(0);
    Frame fr = frame_of(rules.seats[index_of(creator)].facing);
    int vf = file_of(target) + fr.forward_file;
    int vr = rank_of(target) + fr.forward_rank;
    Square victim = g.contains(vf, vr) ? make_square(vf, vr) : kNoSquare;
    Piece vp = victim == kNoSquare ? kEmpty : pos.at(victim);
    if (vp.empty() || vp.seat != creator || !rules.piece(vp.kind).pawn || !pos.at(target).empty()) {
      return fen_error(f, 0, "en passant square " + g.name(target) + " needs an empty square and " +
                                 rules.seats[index_of(creator)].name +
                                 "'s pawn just past it");
    }
    pos.set_en_passant(creator, {target, victim});
  }

  int halfmove = 0;
  int fullmove = 1;
  if (fields.size() > 4 && !parse_int(fields[4].text, halfmove)) {
    return fen_error(fields[4], 0, "halfmove clock must be a number, got " + quote_input(fields[4].text));
  }
  if (fields.size() > 5 && (!parse_int(fields[5].text, fullmove) || fullmove < 1)) {
    return fen_error(fields[5], 0, "fullmove number must be a number from 1, got " + quote_input(fields[5].text));
  }
  pos.set_halfmove_clock(halfmove);
  pos.set_fullmove_number(fullmove);
  pos.finish_setup();
  if (auto problem = check_setup(pos)) return *problem;
  return pos;
}

std::string to_fen(const Position& pos) {
  const RuleSet& rules = pos.rules();
  const Geometry& g = rules.geometry;
  std::string out;
  for (int rank = g.height() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.width(); ++file) {
      Square q = make_square(file, rank);
      Piece p = pos.at(q);
      if (!g.playable(q) && g.anchor(q) == q) {
        if (empty) out += std::to_string(empty);
        empty = 0;
        out += '*';
        continue;
      }
      if (p.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      char c = rules.piece(p.kind).letter;
      out += p.seat == seat_at(0) ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (empty) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  out += ' ';
  out += rules.seats[index_of(pos.to_move())].letter;
  out += ' ';
  std::string castle;
  for (int s = 0; s < 2; ++s) {
    for (bool king_side : {true, false}) {
      for (std::size_t r = 0; r < rules.castling.size(); ++r) {
        const CastlingRule& c = rules.castling[r];
        if (c.seat == seat_at(s) && c.king_side == king_side && ((pos.castling_rights() >> r) & 1U)) {
          char letter = king_side ? 'K' : 'Q';
          castle += s == 0 ? letter : static_cast<char>(std::tolower(letter));
          break;
        }
      }
    }
  }
  out += castle.empty() ? "-" : castle;
  out += ' ';
  std::string ep = "-";
  for (int s = 0; s < 2; ++s) {
    if (pos.en_passant(seat_at(s)).open()) ep = g.name(pos.en_passant(seat_at(s)).target);
  }
  out += ep;
  out += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return out;
}

}  // namespace tabula::core

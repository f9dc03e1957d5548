#include "core/fen4.h"
#include "core/quote.h"

#include <cctype>
#include <optional>
#include <vector>

#include "core/fen.h"

namespace tabula::core {
namespace {

struct Span {
  std::string_view text;
  int column;  // 1-based column of its first character in the whole string
};

Error at(const Span& s, std::size_t offset, const std::string& what) {
  return make_error(what, 1, s.column + static_cast<int>(offset));
}

// Splits a comma list; each item keeps its column.
std::vector<Span> split(const Span& s, char sep) {
  std::vector<Span> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.text.size(); ++i) {
    if (i == s.text.size() || s.text[i] == sep) {
      out.push_back({s.text.substr(start, i - start), s.column + static_cast<int>(start)});
      start = i + 1;
    }
  }
  return out;
}

bool to_int(std::string_view t, int& out) {
  if (t.empty() || t.size() > 6) return false;
  bool neg = t.front() == '-';
  if (neg) t.remove_prefix(1);
  if (t.empty()) return false;
  out = 0;
  for (char c : t) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + (c - '0');
  }
  if (neg) out = -out;
  return true;
}

Seat seat_by_letter(const RuleSet& rules, char c) {
  char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (int s = 0; s < rules.seat_count(); ++s) {
    if (std::tolower(static_cast<unsigned char>(rules.seats[s].letter)) == lower) return seat_at(s);
  }
  return kNoSeat;
}

std::string seat_letters(const RuleSet& rules) {
  std::string out;
  for (const SeatDef& s : rules.seats) out += s.letter;
  return out;
}

// One per-seat list of the extras, "'key':('a','',...)": its items, quotes
// and spaces stripped, each keeping its column; none when the key is absent.
std::optional<Error> extra_list(const Span& extras, const std::string& key, int n, std::vector<Span>& items) {
  items.clear();
  std::size_t at_key = extras.text.find("'" + key + "'");
  if (extras.text.empty() || at_key == std::string_view::npos) return std::nullopt;
  std::size_t open = extras.text.find('(', at_key);
  std::size_t close = extras.text.find(')', at_key);
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return at(extras, at_key, key + " needs a list in parentheses");
  }
  Span list{extras.text.substr(open + 1, close - open - 1), extras.column + static_cast<int>(open) + 1};
  items = split(list, ',');
  if (static_cast<int>(items.size()) != n) return at(list, 0, key + " needs " + std::to_string(n) + " entries");
  for (Span& item : items) {
    while (!item.text.empty() && (item.text.front() == '\'' || item.text.front() == ' ')) {
      item.text.remove_prefix(1);
      ++item.column;
    }
    while (!item.text.empty() && (item.text.back() == '\'' || item.text.back() == ' ')) item.text.remove_suffix(1);
  }
  return std::nullopt;
}

}  // namespace

Result<Position> parse_fen4(const RuleSet& rules, std::string_view text, SeatPoints* points) {
  const Geometry& g = rules.geometry;
  const int n = rules.seat_count();
  // The six header fields, then the optional extras in braces, then the board.
  std::vector<Span> head;
  std::size_t i = 0;
  while (head.size() < 6) {
    std::size_t dash = text.find('-', i);
    if (dash == std::string_view::npos) {
      return make_error("FEN4 needs turn-dead-castleK-castleQ-points-halfmove-board; found " +
                            std::to_string(head.size() + 1) + " field(s)",
                        1, static_cast<int>(i) + 1);
    }
    head.push_back({text.substr(i, dash - i), static_cast<int>(i) + 1});
    i = dash + 1;
  }
  Span extras{{}, 0};
  if (i < text.size() && text[i] == '{') {
    std::size_t close = text.find('}', i);
    if (close == std::string_view::npos) return make_error("extras open with '{' but never close", 1, static_cast<int>(i) + 1);
    extras = {text.substr(i, close - i + 1), static_cast<int>(i) + 1};
    i = close + 1;
    if (i >= text.size() || text[i] != '-') return make_error("expected '-' after the extras", 1, static_cast<int>(i) + 1);
    ++i;
  }
  Span board{text.substr(i), static_cast<int>(i) + 1};

  Position pos(rules);
  pos.clear();

  // Turn.
  if (head[0].text.size() != 1 || seat_by_letter(rules, head[0].text[0]) == kNoSeat) {
    return at(head[0], 0, "turn must be one of " + seat_letters(rules) + ", got " + quote_input(head[0].text));
  }
  Seat turn = seat_by_letter(rules, head[0].text[0]);

  // Per-seat lists.
  auto flags = [&](const Span& s, const char* what, std::vector<int>& out) -> std::optional<Error> {
    std::vector<Span> items = split(s, ',');
    if (static_cast<int>(items.size()) != n) {
      return at(s, 0, std::string(what) + " needs " + std::to_string(n) + " comma-separated values, got " +
                          std::to_string(items.size()));
    }
    for (const Span& it : items) {
      int v = 0;
      if (!to_int(it.text, v)) return at(it, 0, std::string(what) + " value " + quote_input(it.text) + " is not a number");
      out.push_back(v);
    }
    return std::nullopt;
  };
  std::vector<int> dead, castle_k, castle_q, pts;
  if (auto e = flags(head[1], "dead", dead)) return *e;
  if (auto e = flags(head[2], "castle K", castle_k)) return *e;
  if (auto e = flags(head[3], "castle Q", castle_q)) return *e;
  if (auto e = flags(head[4], "points", pts)) return *e;
  int halfmove = 0;
  if (!to_int(head[5].text, halfmove) || halfmove < 0) {
    return at(head[5], 0, "halfmove clock must be a number, got " + quote_input(head[5].text));
  }

  // Board.
  std::array<bool, kMaxSeats> marked_dead{};
  std::array<bool, kMaxSeats> marked_live{};
  std::array<bool, kMaxSeats> live_king{};
  std::vector<Span> ranks = split(board, '/');
  if (static_cast<int>(ranks.size()) != g.height()) {
    return at(board, 0, "the board has " + std::to_string(ranks.size()) + " ranks, expected " +
                            std::to_string(g.height()));
  }
  for (int r = 0; r < g.height(); ++r) {
    int rank = g.height() - 1 - r;
    int file = 0;
    for (const Span& cell : split(ranks[r], ',')) {
      if (cell.text.empty()) return at(cell, 0, "an empty cell in rank " + std::to_string(rank + 1));
      if (std::isdigit(static_cast<unsigned char>(cell.text[0]))) {
        int run = 0;
        if (!to_int(cell.text, run) || run < 1) return at(cell, 0, "bad empty run " + quote_input(cell.text));
        file += run;
        if (file > g.width()) {
          return at(cell, 0, "rank " + std::to_string(rank + 1) + " is wider than " + std::to_string(g.width()));
        }
        continue;
      }
      std::string_view tok = cell.text;
      bool dead_piece = false;
      if (tok.size() == 3 && tok[0] == 'd') {
        dead_piece = true;
        tok.remove_prefix(1);
      }
      if (tok.size() != 2 || !std::isupper(static_cast<unsigned char>(tok[1]))) {
        return at(cell, 0, "piece " + quote_input(cell.text) + " must be a seat letter and a piece letter, e.g. rK (dead: drK)");
      }
      Seat seat = seat_by_letter(rules, tok[0]);
      if (seat == kNoSeat) {
        return at(cell, 0, quote_input(cell.text) + ": no seat has the letter " + tok[0] + " (seats: " + seat_letters(rules) + ")");
      }
      PieceKind kind = rules.kind_by_letter(tok[1]);
      if (kind == kNoKind) {
        std::string letters;
        for (const PieceDef& p : rules.pieces) letters += p.letter;
        return at(cell, 0, quote_input(cell.text) + ": unknown piece letter " + tok[1] + " (" + rules.id + " knows " + letters + ")");
      }
      if (file >= g.width()) {
        return at(cell, 0, "rank " + std::to_string(rank + 1) + " is wider than " + std::to_string(g.width()));
      }
      Square q = make_square(file, rank);
      if (!g.playable(q)) return at(cell, 0, "a piece on " + g.name(q) + ", which is not on the board");
      // Issue 17 item 6: the prefix tells a walking king (its king without
      // 'd', its army with) and a random mover (no 'd') from a dead seat.
      if (dead_piece) {
        marked_dead[index_of(seat)] = true;
      } else {
        marked_live[index_of(seat)] = true;
        if (rules.piece(kind).royal) live_king[index_of(seat)] = true;
      }
      pos.put(q, Piece{kind, seat, false});
      ++file;
    }
    if (file != g.width()) {
      return at(ranks[r], 0, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                                 " cells, expected " + std::to_string(g.width()));
    }
  }

  // Castling rights: each rule of a seat by its side.
  std::uint32_t rights = 0;
  for (std::size_t c = 0; c < rules.castling.size(); ++c) {
    const CastlingRule& cr = rules.castling[c];
    int s = index_of(cr.seat);
    if ((cr.king_side ? castle_k[s] : castle_q[s]) != 0) rights |= 1U << c;
  }
  // A right whose king or rook is not in place is dropped, not refused:
  // chess.com keeps the flags of eliminated seats. A dead seat's right in
  // place is kept (it never castles: issue 17 item 6, the FEN4 reads back).
  pos.set_castling_rights(rights);
  for (std::size_t c = 0; c < rules.castling.size(); ++c) {
    const CastlingRule& cr = rules.castling[c];
    Piece k = pos.at(cr.king_from);
    Piece r = pos.at(cr.rook_from);
    bool in_place = !k.empty() && k.seat == cr.seat && k.kind == rules.royal_kind() && !r.empty() && r.seat == cr.seat;
    if (!in_place) rights &= ~(1U << c);
  }
  pos.set_castling_rights(rights);

  // Who left the game how, from the extras: 'R' resigned, 'T' lost on time.
  std::array<char, kMaxSeats> left{};
  std::vector<Span> items;
  if (auto e = extra_list(extras, "left", n, items)) return *e;
  for (int s = 0; s < static_cast<int>(items.size()); ++s) {
    std::string_view item = items[s].text;
    if (item.empty()) continue;
    if (item != "R" && item != "T") {
      return at(items[s], 0, "left entry " + quote_input(item) + " of " + rules.seats[s].name +
                                 " must be R (resigned), T (time) or empty");
    }
    if (!dead[s]) return at(items[s], 0, rules.seats[s].name + " left the game but is not marked dead");
    left[s] = item[0];
  }

  // En passant from the extras.
  if (auto e = extra_list(extras, "enPassant", n, items)) return *e;
  for (int s = 0; s < static_cast<int>(items.size()); ++s) {
    std::string_view item = items[s].text;
    if (item.empty()) continue;
    std::size_t colon = item.find(':');
    Square target = g.parse(item.substr(0, colon));
    Frame fr = frame_of(rules.seats[s].facing);
    Square victim = colon == std::string_view::npos
                        ? make_square(file_of(target) + fr.forward_file, rank_of(target) + fr.forward_rank)
                        : g.parse(item.substr(colon + 1));
    if (target == kNoSquare || victim == kNoSquare || pos.at(victim).empty() ||
        pos.at(victim).seat != seat_at(s)) {
      return at(items[s], 0, "en passant entry " + quote_input(item) + " of " + rules.seats[s].name +
                                 " needs an empty square and that seat's pawn just past it");
    }
    pos.set_en_passant(seat_at(s), {target, victim});
  }

  for (int s = 0; s < n; ++s) {
    if (dead[s]) {
      // A dead seat that left (the 'left' extra) or still has live pieces
      // (a walking king, chess.com DeadKingWalking; a random mover, 002)
      // resigned or lost on time; otherwise it was mated.
      SeatStatus st = left[s] == 'T'                      ? SeatStatus::kFlagged
                      : left[s] == 'R' || marked_live[s] ? SeatStatus::kResigned
                                                          : SeatStatus::kCheckmated;
      pos.set_status(seat_at(s), st);
      pos.set_active(seat_at(s), marked_live[s]);
      pos.set_king_only(seat_at(s), live_king[s] && marked_dead[s]);
    }
    if (points) (*points)[s] = pts[s];
  }
  pos.set_to_move(turn);
  pos.set_halfmove_clock(halfmove);
  pos.finish_setup();
  // A dead seat may stand to move: a finished game's last position (the
  // mated seat after the last mate) is a state too; a Game set up from it
  // passes the turn on (issue 17 item 6).
  // Kings are needed only for seats still in the game.
  if (auto problem = check_setup(pos)) return *problem;
  return pos;
}

std::string to_fen4(const Position& pos, const SeatPoints& points) {
  const RuleSet& rules = pos.rules();
  const Geometry& g = rules.geometry;
  int n = rules.seat_count();
  auto list = [&](auto value) {
    std::string out;
    for (int s = 0; s < n; ++s) out += (s ? "," : "") + std::to_string(value(s));
    return out;
  };
  auto right = [&](int s, bool king_side) {
    for (std::size_t c = 0; c < rules.castling.size(); ++c) {
      const CastlingRule& cr = rules.castling[c];
      if (index_of(cr.seat) == s && cr.king_side == king_side && ((pos.castling_rights() >> c) & 1U)) return 1;
    }
    return 0;
  };
  std::string out(1, rules.seats[index_of(pos.to_move())].letter);
  out += "-" + list([&](int s) { return pos.status(seat_at(s)) == SeatStatus::kLive ? 0 : 1; });
  out += "-" + list([&](int s) { return right(s, true); });
  out += "-" + list([&](int s) { return right(s, false); });
  out += "-" + list([&](int s) { return points[s]; });
  out += "-" + std::to_string(pos.halfmove_clock()) + "-";
  bool any_ep = false;
  std::string ep = "'enPassant':(";
  bool any_left = false;
  std::string left = "'left':(";
  for (int s = 0; s < n; ++s) {
    const EnPassantEntry& e = pos.en_passant(seat_at(s));
    // An entry whose pawn is gone (taken by an ordinary capture while the
    // window was open, as an eliminated seat's stays open for good) can never
    // be used and is not written: the reader refuses it (issue 31 item 12,
    // a final FEN4 of `tabula infer`).
    const Piece victim = e.open() ? pos.at(e.victim) : kEmpty;
    bool live = e.open() && !victim.empty() && victim.seat == seat_at(s) && rules.piece(victim.kind).pawn;
    ep += (s ? "," : "") + std::string("'") + (live ? g.name(e.target) + ":" + g.name(e.victim) : "") + "'";
    any_ep = any_ep || live;
    SeatStatus st = pos.status(seat_at(s));
    const char* mark = st == SeatStatus::kResigned ? "R" : st == SeatStatus::kFlagged ? "T" : "";
    left += (s ? ",'" : "'") + std::string(mark) + "'";
    any_left = any_left || *mark;
  }
  if (any_ep || any_left) {
    out += "{" + (any_ep ? ep + ")" : "") + (any_ep && any_left ? "," : "") + (any_left ? left + ")" : "") + "}-";
  }
  for (int rank = g.height() - 1; rank >= 0; --rank) {
    int empty = 0;
    bool first = true;
    auto emit = [&](const std::string& cell) {
      out += (first ? "" : ",") + cell;
      first = false;
    };
    for (int file = 0; file < g.width(); ++file) {
      Piece p = pos.at(make_square(file, rank));
      if (p.empty()) {
        ++empty;
        continue;
      }
      if (empty) emit(std::to_string(empty));
      empty = 0;
      std::string cell;
      // Dead: an eliminated seat's piece, or a walking king's army.
      bool dead_piece = pos.status(p.seat) != SeatStatus::kLive &&
                        (!pos.active(p.seat) || (pos.king_only(p.seat) && p.kind != rules.royal_kind()));
      if (dead_piece) cell += 'd';
      cell += static_cast<char>(std::tolower(static_cast<unsigned char>(rules.seats[index_of(p.seat)].letter)));
      cell += rules.piece(p.kind).letter;
      emit(cell);
    }
    if (empty) emit(std::to_string(empty));
    if (rank > 0) out += '/';
  }
  return out;
}

}  // namespace tabula::core

// board.cpp — the oracles' mailbox board, move generation and attack scan.
// Written from RULINGS.md "Shared by all variants": pieces move as in
// orthodox chess; castling on either side, the king two squares toward the
// rook, with the usual conditions.
#include "board.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace tabula::oracle {

// ---- Board ----------------------------------------------------------------------
Board::Board(int files, int ranks) : men_(files * ranks) {
  Shape& s = shape();
  s.files = files;
  s.ranks = ranks;
  s.cell.resize(files * ranks);
  s.owner.assign(files * ranks, -1);
  for (int i = 0; i < files * ranks; ++i) s.cell[i] = i;
  index_squares();
}

Board::Shape& Board::shape() {
  if (shape_.use_count() > 1) shape_ = std::make_shared<Shape>(*shape_);
  return *shape_;
}

void Board::index_squares() {
  Shape& s = shape();
  s.squares.clear();
  for (int i = 0; i < s.files * s.ranks; ++i)
    if (s.cell[i] == i) s.squares.push_back(i);
}

int Board::square(int file, int rank) const {
  if (file < 0 || rank < 0 || file >= shape_->files || rank >= shape_->ranks) return -1;
  return shape_->cell[rank * shape_->files + file];
}

std::string Board::name(int sq) const {
  if (sq < 0) return "-";
  return std::string(1, static_cast<char>('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
}

int Board::parse(const std::string& text) const {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z') return -1;
  for (std::size_t i = 1; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return -1;
  return square(text[0] - 'a', std::atoi(text.c_str() + 1) - 1);
}

void Board::cut(int file, int rank) {
  shape().cell[rank * files() + file] = -1;
  index_squares();
}

int Board::merge(const std::vector<std::pair<int, int>>& cells, int owner) {
  Shape& s = shape();
  int anchor = -1;
  for (auto [f, r] : cells) {
    int i = r * s.files + f;
    if (anchor < 0 || r < rank_of(anchor) || (r == rank_of(anchor) && f < file_of(anchor)))
      anchor = i;
  }
  for (auto [f, r] : cells) s.cell[r * s.files + f] = anchor;
  s.owner[anchor] = owner;
  s.corner_squares.push_back(anchor);
  index_squares();
  return anchor;
}

bool Board::is_corner(int sq) const {
  return sq >= 0 && shape_->owner[sq] >= 0;
}
int Board::corner_owner(int sq) const {
  return sq >= 0 ? shape_->owner[sq] : -1;
}

std::vector<int> Board::neighbours(int sq) const {
  std::vector<int> out;
  const int files = shape_->files;
  for (int i = 0; i < files * shape_->ranks; ++i) {
    if (shape_->cell[i] != sq) continue;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        int n = square(i % files + df, i / files + dr);
        if (n < 0 || n == sq || is_corner(n)) continue;
        if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
      }
  }
  std::sort(out.begin(), out.end());
  return out;
}

void Board::put(const std::string& sq, char kind, int seat) {
  int s = parse(sq);
  men_[s] = Man{kind, seat};
}

int Board::king_of(int seat) const {
  for (int s : squares())
    if (men_[s].kind == 'K' && men_[s].seat == seat) return s;
  return -1;
}

// ---- Seats' edges ------------------------------------------------------------------
int seat_square(const Board& b, Edge e, int row, int col) {
  const int F = b.files(), R = b.ranks();
  switch (e) {
    case Edge::kSouth:
      return b.square(col - 1, row - 1);
    case Edge::kNorth:
      return b.square(F - col, R - row);
    case Edge::kEast:
      return b.square(F - row, col - 1);
    case Edge::kWest:
      return b.square(row - 1, R - col);
  }
  return -1;
}

int relative_rank(const Board& b, Edge e, int sq) {
  switch (e) {
    case Edge::kSouth:
      return b.rank_of(sq) + 1;
    case Edge::kNorth:
      return b.ranks() - b.rank_of(sq);
    case Edge::kEast:
      return b.files() - b.file_of(sq);
    case Edge::kWest:
      return b.file_of(sq) + 1;
  }
  return 0;
}

int relative_file(const Board& b, Edge e, int sq) {
  switch (e) {
    case Edge::kSouth:
      return b.file_of(sq) + 1;
    case Edge::kNorth:
      return b.files() - b.file_of(sq);
    case Edge::kEast:
      return b.rank_of(sq) + 1;
    case Edge::kWest:
      return b.ranks() - b.rank_of(sq);
  }
  return 0;
}

void forward_of(Edge e, int& file_step, int& rank_step) {
  file_step = e == Edge::kWest ? 1 : e == Edge::kEast ? -1 : 0;
  rank_step = e == Edge::kSouth ? 1 : e == Edge::kNorth ? -1 : 0;
}

void setup_seat(Board& b, int seat, Edge e, int offset, const std::string& back) {
  for (std::size_t i = 0; i < back.size(); ++i) {
    int col = offset + 1 + static_cast<int>(i);
    b.at(seat_square(b, e, 1, col)) = Man{back[i], seat};
    b.at(seat_square(b, e, 2, col)) = Man{'P', seat};
  }
}

// ---- Moves ------------------------------------------------------------------------
std::string move_text(const Board& b, const OMove& m) {
  if (m.pass) return "pass";
  if (m.placed) return std::string(1, m.placed) + "@" + b.name(m.to);
  std::string t = b.name(m.from) + "-" + b.name(m.to);
  if (m.promotion) t += std::string("=") + m.promotion;
  return t;
}

Man apply(Board& b, const OMove& m) {
  b.ep = {};
  if (m.double_step)
    b.ep = {m.seat,
            b.square((b.file_of(m.from) + b.file_of(m.to)) / 2,
                     (b.rank_of(m.from) + b.rank_of(m.to)) / 2),
            m.to};
  if (m.pass) return {};
  if (m.placed) {
    b.at(m.to) = Man{m.placed, m.seat, false, false, true};
    return {};
  }
  Man captured = b.at(m.to);
  if (m.en_passant) {
    captured = b.at(m.ep_victim);
    b.at(m.ep_victim) = {};
  }
  Man man = b.at(m.from);
  b.at(m.from) = {};
  man.moved = true;
  if (m.promotion) {
    man.kind = m.promotion;
    man.promoted = true;
  }
  b.at(m.to) = man;
  if (m.castle) {
    Man rook = b.at(m.rook_from);
    b.at(m.rook_from) = {};
    rook.moved = true;
    b.at(m.rook_to) = rook;
  }
  return captured;
}

namespace {

const int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
const int kKing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

bool slides_diagonally(char k) {
  return k == 'B' || k == 'Q';
}
bool slides_straight(char k) {
  return k == 'R' || k == 'Q';
}

// A square a man may stand on: exists and is not a corner square.
bool plain(const Board& b, int sq) {
  return sq >= 0 && !b.is_corner(sq);
}

void add_pawn_move(const Board& b, const OMove& base, const MoveRules& rules,
                   std::vector<OMove>& out) {
  const SeatGeometry& g = rules.geo[base.seat];
  bool promotes = g.promotes_on && g.promotes_on(base.to);
  if (promotes && rules.promotion_open && !rules.promotion_open(base.seat, base.to))
    promotes = false;
  if (!promotes) {
    out.push_back(base);
    return;
  }
  for (char c : rules.promotion_choices) {
    OMove m = base;
    m.promotion = c;
    out.push_back(m);
  }
  (void)b;
}

}  // namespace

void man_moves(const Board& b, int from, const MoveRules& rules, std::vector<OMove>& out) {
  const Man& man = b.at(from);
  const int f = b.file_of(from), r = b.rank_of(from);
  auto capturable = [&](int sq) { return !b.at(sq).empty() && rules.may_capture(man, b.at(sq)); };
  OMove base;
  base.seat = man.seat;
  base.from = from;

  if (b.is_corner(from)) {
    // RULINGS 000: the king leaves his corner square by one step, to a free square.
    if (man.kind != 'K') return;
    for (int n : b.neighbours(from))
      if (b.at(n).empty()) {
        OMove m = base;
        m.to = n;
        out.push_back(m);
      }
    return;
  }

  switch (man.kind) {
    case 'K':
      for (auto& d : kKing) {
        int to = b.square(f + d[0], r + d[1]);
        if (to < 0) continue;
        if (b.is_corner(to)) {
          // 000: only the owner's king steps in, onto the free square.
          if (b.corner_owner(to) == man.seat && b.at(to).empty() && rules.may_enter_corner &&
              rules.may_enter_corner(b, man.seat, to)) {
            OMove m = base;
            m.to = to;
            if (std::none_of(out.begin(), out.end(),
                             [&](const OMove& o) { return o.from == from && o.to == to; }))
              out.push_back(m);
          }
          continue;
        }
        if (b.at(to).empty() || capturable(to)) {
          OMove m = base;
          m.to = to;
          out.push_back(m);
        }
      }
      return;
    case 'N':
      for (auto& d : kKnight) {
        int to = b.square(f + d[0], r + d[1]);
        if (!plain(b, to)) continue;
        if (b.at(to).empty() || capturable(to)) {
          OMove m = base;
          m.to = to;
          out.push_back(m);
        }
      }
      return;
    case 'P': {
      const SeatGeometry& g = rules.geo[man.seat];
      const int ff = g.forward_file, fr = g.forward_rank;
      auto may_enter = [&](int sq) { return !g.pawn_may_enter || g.pawn_may_enter(sq); };
      int one = b.square(f + ff, r + fr);
      if (plain(b, one) && b.at(one).empty() && may_enter(one)) {
        OMove m = base;
        m.to = one;
        add_pawn_move(b, m, rules, out);
        int two = b.square(f + 2 * ff, r + 2 * fr);
        if (g.double_step_from && g.double_step_from(from) && plain(b, two) && b.at(two).empty() &&
            may_enter(two)) {
          OMove d = base;
          d.to = two;
          d.double_step = true;
          add_pawn_move(b, d, rules, out);
        }
      }
      // Diagonally forward: the two sideways neighbours of the square ahead.
      for (int side : {-1, 1}) {
        int to = b.square(f + ff + side * fr, r + fr + side * ff);
        if (!plain(b, to) || !may_enter(to)) continue;
        if (capturable(to)) {
          OMove m = base;
          m.to = to;
          add_pawn_move(b, m, rules, out);
        } else if (b.at(to).empty() && rules.ep_victim) {
          int victim = rules.ep_victim(b, man.seat, to);
          if (victim >= 0) {
            OMove m = base;
            m.to = to;
            m.en_passant = true;
            m.ep_victim = victim;
            add_pawn_move(b, m, rules,
                          out);  // 000: a crosswise capture may land on the promotion rank
          }
        }
      }
      return;
    }
    default:
      for (auto& d : kKing) {
        bool diagonal = d[0] != 0 && d[1] != 0;
        if (diagonal ? !slides_diagonally(man.kind) : !slides_straight(man.kind)) continue;
        for (int step = 1;; ++step) {
          int to = b.square(f + d[0] * step, r + d[1] * step);
          if (!plain(b, to)) break;
          if (b.at(to).empty()) {
            OMove m = base;
            m.to = to;
            out.push_back(m);
            continue;
          }
          if (capturable(to)) {
            OMove m = base;
            m.to = to;
            out.push_back(m);
          }
          break;
        }
      }
      return;
  }
}

void castling_moves(const Board& b, int seat, const std::function<bool(int sq)>& attacked,
                    std::vector<OMove>& out) {
  int k = b.king_of(seat);
  if (k < 0 || b.is_corner(k) || b.at(k).moved) return;
  const int kf = b.file_of(k), kr = b.rank_of(k);
  for (auto& d : kKing) {
    if (d[0] != 0 && d[1] != 0) continue;
    // Find the first man along the line; it must be this seat's unmoved rook.
    int rook = -1, step = 1;
    for (;; ++step) {
      int sq = b.square(kf + d[0] * step, kr + d[1] * step);
      if (!plain(b, sq)) break;
      if (!b.at(sq).empty()) {
        rook = sq;
        break;
      }
    }
    if (rook < 0 || step < 3) continue;
    const Man& rm = b.at(rook);
    if (rm.kind != 'R' || rm.seat != seat || rm.moved) continue;
    int cross = b.square(kf + d[0], kr + d[1]);
    int land = b.square(kf + 2 * d[0], kr + 2 * d[1]);
    if (attacked(k) || attacked(cross) || attacked(land)) continue;
    OMove m;
    m.seat = seat;
    m.from = k;
    m.to = land;
    m.castle = true;
    m.rook_from = rook;
    m.rook_to = cross;
    out.push_back(m);
  }
}

std::vector<OMove> seat_moves(const Board& b, int seat, const MoveRules& rules,
                              const std::function<bool(int sq)>& attacked) {
  std::vector<OMove> out;
  for (int sq : b.squares())
    if (!b.at(sq).empty() && b.at(sq).seat == seat) man_moves(b, sq, rules, out);
  castling_moves(b, seat, attacked, out);
  return out;
}

bool find_move(const Board& b, const std::vector<OMove>& list, const std::string& text,
               OMove& out) {
  for (const OMove& m : list)
    if (move_text(b, m) == text) {
      out = m;
      return true;
    }
  return false;
}

std::set<std::string> move_texts(const Board& b, const std::vector<OMove>& list) {
  std::set<std::string> out;
  for (const OMove& m : list) out.insert(move_text(b, m));
  return out;
}

Board cross_board(int size, int cut) {
  Board b(size, size);
  for (int f = 0; f < size; ++f)
    for (int r = 0; r < size; ++r)
      if ((f < cut || f >= size - cut) && (r < cut || r >= size - cut)) b.cut(f, r);
  return b;
}

SeatGeometry pawn_geometry(const Board& b, Edge e, int double_rank, int promotion_rank) {
  SeatGeometry g;
  forward_of(e, g.forward_file, g.forward_rank);
  const int files = b.files(), ranks = b.ranks();
  // Relative ranks need only the board's size, not the board itself.
  Board shape(files, ranks);
  g.double_step_from = [shape, e, double_rank](int sq) {
    return relative_rank(shape, e, sq) == double_rank;
  };
  g.promotes_on = [shape, e, promotion_rank](int sq) {
    return relative_rank(shape, e, sq) == promotion_rank;
  };
  return g;
}

// ---- Attacks ----------------------------------------------------------------------
bool attacks(const Board& b, int from, int target, const std::vector<SeatGeometry>& geo) {
  const Man& man = b.at(from);
  if (man.empty() || from == target || b.is_corner(from) || b.is_corner(target) || target < 0)
    return false;
  const int df = b.file_of(target) - b.file_of(from), dr = b.rank_of(target) - b.rank_of(from);
  switch (man.kind) {
    case 'K':
      return std::abs(df) <= 1 && std::abs(dr) <= 1;
    case 'N':
      return (std::abs(df) == 1 && std::abs(dr) == 2) || (std::abs(df) == 2 && std::abs(dr) == 1);
    case 'P': {
      const SeatGeometry& g = geo[man.seat];
      // One step forward and one sideways.
      if (g.forward_file == 0) return dr == g.forward_rank && std::abs(df) == 1;
      return df == g.forward_file && std::abs(dr) == 1;
    }
    default: {
      bool diagonal = std::abs(df) == std::abs(dr);
      bool straight = df == 0 || dr == 0;
      if (diagonal ? !slides_diagonally(man.kind) : (!straight || !slides_straight(man.kind)))
        return false;
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      for (int f = b.file_of(from) + sf, r = b.rank_of(from) + sr;; f += sf, r += sr) {
        int sq = b.square(f, r);
        if (sq == target) return true;
        if (!plain(b, sq) || !b.at(sq).empty()) return false;
      }
    }
  }
}

bool attacked_by(const Board& b, int target, const std::vector<SeatGeometry>& geo,
                 const std::function<bool(const Man&)>& counts) {
  for (int s : b.squares())
    if (!b.at(s).empty() && counts(b.at(s)) && attacks(b, s, target, geo)) return true;
  return false;
}

// ---- Oracle -------------------------------------------------------------------------
const char* status_name(Status s) {
  switch (s) {
    case Status::kLive:
      return "live";
    case Status::kMated:
      return "mated";
    case Status::kStalemated:
      return "stalemated";
    case Status::kRemoved:
      return "removed";
    case Status::kResigned:
      return "resigned";
  }
  return "?";
}

namespace {
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out(1);
  for (char c : s)
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  return out;
}
}  // namespace

bool read_fen4(const std::string& text, const std::string& seat_letters, Board& b, Fen4& f) {
  std::vector<std::string> fields = split(text, '-');
  if (fields.size() < 7) return false;
  const std::size_t seats = seat_letters.size();
  std::size_t turn = seat_letters.find(static_cast<char>(std::tolower(fields[0][0])));
  if (fields[0].size() != 1 || turn == std::string::npos) return false;
  f.to_move = static_cast<int>(turn);
  std::vector<std::string> dead = split(fields[1], ','), points = split(fields[4], ',');
  if (dead.size() != seats || points.size() != seats) return false;
  f.out.clear();
  f.points.clear();
  for (std::size_t i = 0; i < seats; ++i) {
    f.out.push_back(dead[i] == "1");
    f.points.push_back(std::atoi(points[i].c_str()));
  }
  std::vector<std::string> rows = split(fields.back(), '/');
  if (static_cast<int>(rows.size()) != b.ranks()) return false;
  for (int sq : b.squares()) b.at(sq) = {};
  for (int r = 0; r < b.ranks(); ++r) {
    int rank = b.ranks() - 1 - r, file = 0;
    for (const std::string& cell : split(rows[r], ',')) {
      if (cell.empty()) return false;
      if (std::isdigit(static_cast<unsigned char>(cell[0]))) {
        file += std::atoi(cell.c_str());
        continue;
      }
      std::string piece = cell[0] == 'd' && cell.size() == 3 ? cell.substr(1) : cell;
      std::size_t seat = seat_letters.find(piece[0]);
      int sq = b.square(file, rank);
      if (piece.size() != 2 || seat == std::string::npos || sq < 0) return false;
      b.at(sq) = Man{piece[1], static_cast<int>(seat)};
      b.at(sq).moved = true;
      ++file;
    }
    if (file != b.files()) return false;
  }
  return true;
}

std::string position_key(const Board& b, int to_move) {
  std::string key = std::to_string(to_move) + ":" + std::to_string(b.ep.target) + ":";
  for (int sq : b.squares()) {
    const Man& m = b.at(sq);
    if (m.empty()) continue;
    key += b.name(sq) + m.kind + static_cast<char>('0' + m.seat) + (m.moved ? "m" : "") +
           (m.corner_queen ? "c" : "") + ",";
  }
  return key;
}

Summary seats_summary(const char* const names[4], const Status status[4], int to_move, bool over) {
  Summary out;
  out.to_move = over ? "" : names[to_move];
  for (int s = 0; s < 4; ++s) out.seats.push_back({names[s], status[s], 0, "", ""});
  out.over = over;
  return out;
}

std::string board_text(const Board& b, const std::vector<std::string>& seat_letters) {
  std::string out;
  for (int r = b.ranks() - 1; r >= 0; --r) {
    std::string row = (r + 1 < 10 ? " " : "") + std::to_string(r + 1) + " ";
    for (int f = 0; f < b.files(); ++f) {
      int sq = b.square(f, r);
      if (sq < 0) {
        row += "   ";
        continue;
      }
      const Man& m = b.at(sq);
      bool anchor = sq == r * b.files() + f;
      if (m.empty() || !anchor) {
        row += b.is_corner(sq) ? " # " : " . ";
        continue;
      }
      row += " " + seat_letters[m.seat] + std::string(1, m.kind);
    }
    out += row + "\n";
  }
  out += "   ";
  for (int f = 0; f < b.files(); ++f) out += std::string(" ") + static_cast<char>('a' + f) + " ";
  return out + "\n";
}

}  // namespace tabula::oracle

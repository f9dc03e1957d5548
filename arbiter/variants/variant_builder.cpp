// variant_builder.cpp — the Builder: board, pieces, seats, castling and
// the start (variant_builder.h).
#include "variants/variant_builder.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>

#include "core/fen.h"
#include "core/fen4.h"

namespace tabula::variants::detail {

core::Facing facing_of(variant::Edge e) {
  switch (e) {
    case variant::EDGE_WEST: return core::Facing::kEast;
    case variant::EDGE_NORTH: return core::Facing::kSouth;
    case variant::EDGE_EAST: return core::Facing::kWest;
    default: return core::Facing::kNorth;
  }
}

// Squares at a given distance (1 = back rank) from a seat's own edge.
core::SquareSet relative_rank(const core::Geometry& g, core::Facing facing, int rank) {
  core::SquareSet out;
  for (int f = 0; f < g.width(); ++f) {
    for (int r = 0; r < g.height(); ++r) {
      int distance = 0;
      switch (facing) {
        case core::Facing::kNorth: distance = r + 1; break;
        case core::Facing::kSouth: distance = g.height() - r; break;
        case core::Facing::kEast: distance = f + 1; break;
        case core::Facing::kWest: distance = g.width() - f; break;
      }
      Square q = core::make_square(f, r);
      if (distance == rank && g.playable(q)) out.set(core::index_of(q));
    }
  }
  return out;
}

// Squares at a given file counted from a seat's own left (1 = his leftmost).
core::SquareSet relative_file(const core::Geometry& g, core::Facing facing, int file) {
  core::SquareSet out;
  for (int f = 0; f < g.width(); ++f) {
    for (int r = 0; r < g.height(); ++r) {
      int from_left = 0;
      switch (facing) {
        case core::Facing::kNorth: from_left = f + 1; break;             // south seat: left is west
        case core::Facing::kSouth: from_left = g.width() - f; break;     // north seat: left is east
        case core::Facing::kEast: from_left = g.height() - r; break;     // west seat: left is north
        case core::Facing::kWest: from_left = r + 1; break;              // east seat: left is south
      }
      Square q = core::make_square(f, r);
      if (from_left == file && g.playable(q)) out.set(core::index_of(q));
    }
  }
  return out;
}

void Builder::choose_start() {
  for (int i = 0; i < v_.start_size(); ++i) {
    rs_->start_names.push_back(v_.start(i).name());
    rs_->named_starts.emplace_back(v_.start(i).name(), v_.start(i).fen());
  }
  rs_->untagged_record_start = v_.untagged_record_start();
  if (!rs_->untagged_record_start.empty() &&
      std::find(rs_->start_names.begin(), rs_->start_names.end(), rs_->untagged_record_start) ==
          rs_->start_names.end()) {
    error({{"untagged_record_start"}}, "no start array is called \"" + rs_->untagged_record_start + "\"");
  }
  if (v_.start_size() == 0) {
    if (!start_.empty()) error({{"id"}}, "start array \"" + start_ + "\" asked for, but the variant has no named starts");
    rs_->start_fen = v_.start_fen();
    return;
  }
  if (!v_.start_fen().empty()) error({{"start_fen"}}, "set either start_fen or start { name fen } entries, not both");
  for (int i = 0; i < v_.start_size(); ++i) {
    if (start_.empty() || v_.start(i).name() == start_) {
      rs_->start_fen = v_.start(i).fen();
      rs_->start_name = v_.start(i).name();
      start_path_ = {{"start", i}, {"fen"}};
      return;
    }
  }
  std::string names;
  for (const auto& n : rs_->start_names) names += (names.empty() ? "" : ", ") + n;
  error({{"id"}}, "no start array is called \"" + start_ + "\"; the variant has " + names);
}

// The seat's king square in a start position (castling without king_from).
// The start is read with no castling rules (those being built): they are set
// aside for the read, not copied with the whole rule set (its move tables: a
// copy per castling entry was most of a variant's load time under ASan).
Square Builder::start_king(Seat seat, const std::string& fen) {
  std::vector<core::CastlingRule> built = std::move(rs_->castling);
  rs_->castling.clear();
  auto pos = rs_->four_player_notation ? core::parse_fen4(*rs_, fen) : core::parse_fen(*rs_, fen);
  rs_->castling = std::move(built);
  if (!pos.ok()) return core::kNoSquare;  // reported when the start is checked
  return pos->king_square(seat);
}

Square Builder::square(const std::string& name, const std::vector<Step>& path, const std::string& what) {
  Square q = rs_->geometry.parse(name);
  if (q == core::kNoSquare) {
    error(path, what + " \"" + name + "\" is not a square of this board (" +
                    std::to_string(rs_->geometry.width()) + "x" +
                    std::to_string(rs_->geometry.height()) + ", a1 at the south-west)");
  }
  return q;
}

Seat Builder::seat(const std::string& name, const std::vector<Step>& path) {
  for (int i = 0; i < v_.seat_size(); ++i) {
    if (v_.seat(i).name() == name) return core::seat_at(i);
  }
  std::string names;
  for (const auto& s : v_.seat()) names += (names.empty() ? "" : ", ") + s.name();
  error(path, "no seat is called \"" + name + "\"; the seats are " + names);
  return core::kNoSeat;
}

core::PieceKind Builder::piece(const std::string& name, const std::vector<Step>& path) {
  for (int i = 0; i < v_.piece_size(); ++i) {
    if (v_.piece(i).name() == name) return core::kind_at(i);
  }
  error(path, "no piece is called \"" + name + "\"");
  return core::kNoKind;
}

core::SquareSet Builder::zone(const variant::Zone& z, core::Facing facing, const std::vector<Step>& path) {
  core::SquareSet out;
  const core::Geometry& g = rs_->geometry;
  for (int i = 0; i < z.relative_rank_size(); ++i) {
    int r = z.relative_rank(i);
    int depth = (facing == core::Facing::kNorth || facing == core::Facing::kSouth) ? g.height() : g.width();
    if (r < 1 || r > depth) {
      auto p = path;
      p.push_back({"relative_rank", i});
      error(p, "relative rank " + std::to_string(r) + " is outside 1.." + std::to_string(depth));
      continue;
    }
    out |= relative_rank(g, facing, r);
  }
  for (int i = 0; i < z.relative_file_size(); ++i) {
    int f = z.relative_file(i);
    int width = (facing == core::Facing::kNorth || facing == core::Facing::kSouth) ? g.width() : g.height();
    if (f < 1 || f > width) {
      auto p = path;
      p.push_back({"relative_file", i});
      error(p, "relative file " + std::to_string(f) + " is outside 1.." + std::to_string(width));
      continue;
    }
    out |= relative_file(g, facing, f);
  }
  for (int i = 0; i < z.square_size(); ++i) {
    auto p = path;
    p.push_back({"square", i});
    Square q = square(z.square(i), p, "zone square");
    if (q != core::kNoSquare) out.set(core::index_of(q));
  }
  return out;
}

void Builder::build_board() {
  const variant::Board& b = v_.board();
  auto g = core::Geometry::rectangle(b.files(), b.ranks());
  if (!g.ok()) {
    error({{"board"}}, g.error().message + "; set board { files: N ranks: M }");
    return;
  }
  rs_->geometry = std::move(g.value());
  core::Geometry& geo = rs_->geometry;
  int c = b.cut_corners();
  if (c < 0 || 2 * c >= std::min(b.files(), b.ranks())) {
    error({{"board"}, {"cut_corners"}}, "cut_corners " + std::to_string(c) +
                                            " leaves no board; it must be below half the shorter side");
  } else if (c > 0) {
    for (int f = 0; f < b.files(); ++f) {
      for (int r = 0; r < b.ranks(); ++r) {
        bool fx = f < c || f >= b.files() - c;
        bool rx = r < c || r >= b.ranks() - c;
        if (fx && rx) geo.remove(core::make_square(f, r));
      }
    }
  }
  if (b.square_notation() == variant::SQUARE_NOTATION_ROW_LETTER_FROM_TOP) {
    geo.set_alt_notation(core::AltNotation::kRowLetterFromTop);
  }
  for (int i = 0; i < b.hole_size(); ++i) {
    Square q = square(b.hole(i), {{"board"}, {"hole", i}}, "hole");
    if (q != core::kNoSquare) geo.remove(q);
  }
  for (int i = 0; i < b.merged_size(); ++i) {
    std::vector<Square> cells;
    for (int j = 0; j < b.merged(i).cell_size(); ++j) {
      Square q = square(b.merged(i).cell(j), {{"board"}, {"merged", i}, {"cell", j}}, "merged cell");
      if (q != core::kNoSquare) cells.push_back(q);
    }
    if (auto e = geo.merge(cells)) error({{"board"}, {"merged", i}}, e->message);
  }
}

void Builder::build_pieces() {
  if (v_.piece_size() == 0) error({{"id"}}, "no pieces: add piece { name letter betza } entries");
  std::set<std::string> names;
  for (int i = 0; i < v_.piece_size(); ++i) {
    const variant::PieceDef& p = v_.piece(i);
    core::PieceDef d;
    d.name = p.name();
    if (d.name.empty()) error({{"piece", i}}, "a piece needs a name");
    if (!names.insert(d.name).second) error({{"piece", i}, {"name"}}, "piece \"" + d.name + "\" is defined twice");
    if (p.letter().size() != 1 || !std::isupper(static_cast<unsigned char>(p.letter()[0]))) {
      error({{"piece", i}, {"letter"}}, "letter must be one uppercase letter, got \"" + p.letter() + "\"");
    } else {
      d.letter = p.letter()[0];
    }
    if (!p.move_letter().empty()) {
      if (p.move_letter().size() != 1 || !std::isupper(static_cast<unsigned char>(p.move_letter()[0]))) {
        error({{"piece", i}, {"move_letter"}},
              "move_letter must be one uppercase letter, got \"" + p.move_letter() + "\"");
      } else {
        d.move_letter = p.move_letter()[0];
      }
    }
    d.betza = p.betza();
    auto patterns = core::parse_betza(p.betza());
    if (!patterns.ok()) {
      error({{"piece", i}, {"betza"}}, "movement \"" + p.betza() + "\", character " +
                                           std::to_string(patterns.error().column) + ": " +
                                           patterns.error().message);
    } else {
      d.patterns = std::move(patterns.value());
    }
    d.royal = p.royal();
    d.pawn = p.pawn();
    d.value = p.value();
    d.promoted_value = p.promoted_value() ? p.promoted_value() : p.value();
    rs_->pieces.push_back(std::move(d));
  }
}

void Builder::build_seats() {
  if (v_.seat_size() < 2 || v_.seat_size() > core::kMaxSeats) {
    error({{"id"}}, "a variant needs 2 to 4 seats, this one has " + std::to_string(v_.seat_size()));
  }
  std::set<std::string> names;
  for (int i = 0; i < v_.seat_size() && i < core::kMaxSeats; ++i) {
    const variant::SeatDef& s = v_.seat(i);
    core::SeatDef d;
    d.name = s.name();
    if (d.name.empty()) error({{"seat", i}}, "a seat needs a name");
    if (!names.insert(d.name).second) error({{"seat", i}, {"name"}}, "seat \"" + d.name + "\" is defined twice");
    if (s.letter().size() != 1) {
      error({{"seat", i}, {"letter"}}, "letter must be one character, got \"" + s.letter() + "\"");
    } else {
      d.letter = s.letter()[0];
    }
    if (s.edge() == variant::EDGE_UNSPECIFIED) {
      error({{"seat", i}}, "seat \"" + d.name + "\" needs an edge: EDGE_SOUTH, EDGE_WEST, EDGE_NORTH or EDGE_EAST");
    }
    d.facing = facing_of(s.edge());
    d.promotion_zone = zone(s.promotion(), d.facing, {{"seat", i}, {"promotion"}});
    d.double_step_zone = zone(s.double_step(), d.facing, {{"seat", i}, {"double_step"}});
    d.home = zone(s.home(), d.facing, {{"seat", i}, {"home"}});
    d.pawn_barred = zone(s.pawn_barred(), d.facing, {{"seat", i}, {"pawn_barred"}});
    if (!s.colour().empty()) {
      const std::string& c = s.colour();
      const bool hex = c.size() == 7 && c[0] == '#' &&
                       std::all_of(c.begin() + 1, c.end(), [](char h) { return std::isxdigit(static_cast<unsigned char>(h)); });
      if (hex) {
        d.colour = static_cast<std::uint32_t>(std::stoul(c.substr(1), nullptr, 16));
      } else {
        error({{"seat", i}, {"colour"}}, "seat \"" + d.name + "\": colour must be \"#RRGGBB\" (# and six hex digits), got \"" + c + "\"");
      }
    }
    rs_->seats.push_back(std::move(d));
  }
  if (v_.turn_order_size() == 0) {
    for (int i = 0; i < static_cast<int>(rs_->seats.size()); ++i) rs_->turn_order.push_back(core::seat_at(i));
  }
  for (int i = 0; i < v_.turn_order_size(); ++i) {
    Seat s = seat(v_.turn_order(i), {{"turn_order", i}});
    if (s == core::kNoSeat) continue;
    if (std::find(rs_->turn_order.begin(), rs_->turn_order.end(), s) != rs_->turn_order.end()) {
      error({{"turn_order", i}}, "seat \"" + v_.turn_order(i) + "\" appears twice in the turn order");
    }
    rs_->turn_order.push_back(s);
  }
  if (v_.turn_order_size() != 0 && v_.turn_order_size() != v_.seat_size()) {
    error({{"turn_order"}}, "the turn order must name every seat exactly once");
  }
}

void Builder::build_castling() {
  // Issue 17 item 7: castling rights read from a FEN4 belong to the array
  // the position stands on. A rule without king_from is made for the king's
  // square of every named start (chess.com 4PC: Blue's king on a7, 4PCo: on
  // a8), the chosen start's first, so that the rights of a position on any
  // of the arrays are read whichever start the rules were loaded with.
  std::vector<std::string> fens{rs_->start_fen};
  for (const auto& [name, fen] : rs_->named_starts)
    if (fen != rs_->start_fen) fens.push_back(fen);
  for (std::size_t f = 0; f < fens.size(); ++f) {
    build_castling_for(fens[f], f == 0);
  }
}

void Builder::build_castling_for(const std::string& fen, bool chosen) {
  // Another start's rules are extras: what does not fit there is left out,
  // and only the chosen start's problems are reported.
  auto fail = [&](int i, const std::string& what) {
    if (chosen) error({{"castling", i}}, what);
  };
  for (int i = 0; i < v_.castling_size(); ++i) {
    const variant::Castling& c = v_.castling(i);
    if (!chosen && !c.king_from().empty()) continue;  // made once, with the chosen start
    core::CastlingRule r;
    r.seat = seat(c.seat(), {{"castling", i}, {"seat"}});
    r.king_from = c.king_from().empty() ? start_king(r.seat, fen)
                                        : square(c.king_from(), {{"castling", i}, {"king_from"}}, "king_from");
    if (!chosen) {
      bool known = r.king_from == core::kNoSquare;
      for (const core::CastlingRule& o : rs_->castling) {
        known = known || (o.seat == r.seat && o.king_from == r.king_from &&
                          o.rook_from == rs_->geometry.parse(c.rook_from()));
      }
      if (known) continue;
    }
    r.rook_from = square(c.rook_from(), {{"castling", i}, {"rook_from"}}, "rook_from");
    if (r.king_from == core::kNoSquare || r.rook_from == core::kNoSquare) {
      if (c.king_from().empty() && r.seat != core::kNoSeat) {
        fail(i, "no king_from, and the start position has no king for that seat");
      }
      continue;
    }
    int distance = std::max(std::abs(core::file_of(r.rook_from) - core::file_of(r.king_from)),
                            std::abs(core::rank_of(r.rook_from) - core::rank_of(r.king_from)));
    // Without a side, the nearer rook is the short (king-side) castle.
    r.king_side = c.side() == variant::CASTLING_SIDE_UNSPECIFIED ? distance <= 3
                                                                  : c.side() != variant::CASTLING_SIDE_QUEEN;
    int df = (core::file_of(r.rook_from) > core::file_of(r.king_from)) -
             (core::file_of(r.rook_from) < core::file_of(r.king_from));
    int dr = (core::rank_of(r.rook_from) > core::rank_of(r.king_from)) -
             (core::rank_of(r.rook_from) < core::rank_of(r.king_from));
    if ((df != 0) == (dr != 0)) {
      fail(i, "king and rook must stand on one rank or one file");
      continue;
    }
    // RULINGS "Shared": the king moves two squares toward the rook, and the
    // rook lands on the square the king crossed.
    r.king_to = c.king_to().empty()
                    ? core::make_square(core::file_of(r.king_from) + 2 * df, core::rank_of(r.king_from) + 2 * dr)
                    : square(c.king_to(), {{"castling", i}, {"king_to"}}, "king_to");
    r.rook_to = c.rook_to().empty()
                    ? core::make_square(core::file_of(r.king_from) + df, core::rank_of(r.king_from) + dr)
                    : square(c.rook_to(), {{"castling", i}, {"rook_to"}}, "rook_to");
    if (!rs_->geometry.playable(r.king_to) || !rs_->geometry.playable(r.rook_to)) {
      fail(i, "the king or rook would land off the board");
      continue;
    }
    rs_->castling.push_back(r);
  }
}

void Builder::build_start() {
  if (rs_->start_fen.empty()) {
    error({{"id"}}, "no start position: set start_fen (or start { name fen } entries)");
    return;
  }
  auto pos = rs_->four_player_notation ? core::parse_fen4(*rs_, rs_->start_fen)
                                       : core::parse_fen(*rs_, rs_->start_fen);
  if (!pos.ok()) {
    std::string where = pos.error().column > 0
                            ? ", character " + std::to_string(pos.error().column)
                            : std::string();
    error(start_path_, "start position" + where + ": " + pos.error().message);
  }
}

std::shared_ptr<core::RuleSet> Builder::build() {
  rs_->id = v_.id();
  rs_->name = v_.name().empty() ? v_.id() : v_.name();
  rs_->sheet = v_.sheet();
  if (v_.id().empty()) error({}, "the variant needs an id");
  build_board();
  if (rs_->geometry.width() == 0) return nullptr;
  build_pieces();
  build_seats();
  build_rules();
  build_corners();
  build_modules();
  choose_start();
  if (diags_.empty()) {
    if (auto e = rs_->compile()) error({{"id"}}, e->message);
  }
  if (diags_.empty()) build_castling();
  std::size_t before = diags_.size();
  if (before == 0) {
    if (auto e = rs_->compile()) error({{"id"}}, e->message);
  }
  if (!diags_.empty()) return nullptr;
  build_start();
  if (!diags_.empty()) return nullptr;
  return rs_;
}

}  // namespace tabula::variants::detail

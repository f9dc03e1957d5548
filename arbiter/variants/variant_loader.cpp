#include "variants/variant_loader.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/fen.h"
#include "core/fen4.h"
#include "tabula_proto/variant.pb.h"

#ifndef TABULA_INSTALLED_VARIANTS_DIR
#define TABULA_INSTALLED_VARIANTS_DIR "/usr/share/tabula/variants"
#endif
#ifndef TABULA_SOURCE_VARIANTS_DIR
#define TABULA_SOURCE_VARIANTS_DIR ""
#endif

namespace tabula::variants {

namespace pb = google::protobuf;
namespace fs = std::filesystem;
using core::Error;
using core::Seat;
using core::Square;

std::string Diagnostic::to_string() const {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line > 0 && column > 0) out += ":" + std::to_string(column);
  return out + ": " + message;
}

std::string LoadResult::error_text() const {
  std::string out;
  for (const Diagnostic& d : diagnostics) out += d.to_string() + "\n";
  return out;
}

namespace {

// One parsed file of an inheritance chain.
struct Parsed {
  std::string file;
  variant::Variant msg;
  std::unique_ptr<pb::TextFormat::ParseInfoTree> tree;
};

class Collector : public pb::io::ErrorCollector {
 public:
  Collector(std::string file, std::vector<Diagnostic>& out) : file_(std::move(file)), out_(out) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, message});
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, "warning: " + message});
  }

 private:
  std::string file_;
  std::vector<Diagnostic>& out_;
};

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

std::unique_ptr<Parsed> parse(const std::string& text, const std::string& file,
                              std::vector<Diagnostic>& diags) {
  auto p = std::make_unique<Parsed>();
  p->file = file;
  p->tree = std::make_unique<pb::TextFormat::ParseInfoTree>();
  Collector collector(file, diags);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(p->tree.get());
  parser.AllowUnknownField(false);
  if (!parser.ParseFromString(text, &p->msg)) return nullptr;
  return p;
}

// Copies every field set in src over dst; repeated fields replace the whole
// list, nested messages merge field by field.
void merge_replace(const pb::Message& src, pb::Message& dst) {
  const pb::Reflection* rs = src.GetReflection();
  const pb::Reflection* rd = dst.GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  rs->ListFields(src, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    if (f->is_repeated()) {
      rd->ClearField(&dst, f);
      for (int i = 0; i < rs->FieldSize(src, f); ++i) {
        switch (f->cpp_type()) {
          case pb::FieldDescriptor::CPPTYPE_MESSAGE:
            rd->AddMessage(&dst, f)->CopyFrom(rs->GetRepeatedMessage(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_STRING:
            rd->AddString(&dst, f, rs->GetRepeatedString(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_INT32:
            rd->AddInt32(&dst, f, rs->GetRepeatedInt32(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_ENUM:
            rd->AddEnumValue(&dst, f, rs->GetRepeatedEnumValue(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_BOOL:
            rd->AddBool(&dst, f, rs->GetRepeatedBool(src, f, i));
            break;
          default:
            break;
        }
      }
    } else if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      merge_replace(rs->GetMessage(src, f), *rd->MutableMessage(&dst, f));
    } else {
      switch (f->cpp_type()) {
        case pb::FieldDescriptor::CPPTYPE_STRING: rd->SetString(&dst, f, rs->GetString(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_INT32: rd->SetInt32(&dst, f, rs->GetInt32(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_ENUM: rd->SetEnumValue(&dst, f, rs->GetEnumValue(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_BOOL: rd->SetBool(&dst, f, rs->GetBool(src, f)); break;
        default: break;
      }
    }
  }
}

// A path to a value in the file: field names with indices (-1: singular).
struct Step {
  const char* field;
  int index = -1;
};

// Finds where a value was written, searching the chain from the child up.
class Locator {
 public:
  explicit Locator(const std::vector<std::unique_ptr<Parsed>>& chain) : chain_(chain) {}

  Diagnostic at(const std::vector<Step>& path, const std::string& message, int extra_column = 0) const {
    // The full path first; when a value has no recorded place (list syntax
    // records only some), the nearest enclosing one.
    for (std::size_t len = path.size(); len > 0; --len) {
      std::vector<Step> sub(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(len));
      for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1) {
          if (sub.back().index <= 0) break;
          sub.back().index = 0;
        }
        if (auto d = find(sub, message, extra_column)) return *d;
      }
    }
    return {chain_.back()->file, 0, 0, message};
  }

  std::optional<Diagnostic> find(const std::vector<Step>& path, const std::string& message,
                                 int extra_column) const {
    for (auto it = chain_.rbegin(); it != chain_.rend(); ++it) {
      const pb::TextFormat::ParseInfoTree* tree = (*it)->tree.get();
      const pb::Descriptor* desc = variant::Variant::descriptor();
      pb::TextFormat::ParseLocation loc;
      bool found = true;
      for (std::size_t i = 0; i < path.size() && found; ++i) {
        const pb::FieldDescriptor* f = desc ? desc->FindFieldByName(path[i].field) : nullptr;
        if (!f) {
          found = false;
          break;
        }
        int index = f->is_repeated() ? std::max(path[i].index, 0) : -1;
        if (i + 1 == path.size()) {
          loc = tree->GetLocation(f, index);
          found = loc.line >= 0;
        } else {
          tree = tree->GetTreeForNested(f, index);
          desc = f->message_type();
          found = tree != nullptr && desc != nullptr;
        }
      }
      if (found) return Diagnostic{(*it)->file, loc.line + 1, loc.column + 1 + extra_column, message};
    }
    return std::nullopt;
  }

 private:
  const std::vector<std::unique_ptr<Parsed>>& chain_;
};

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

class Builder {
 public:
  Builder(const variant::Variant& v, const Locator& loc, std::vector<Diagnostic>& diags,
          std::string start)
      : v_(v), loc_(loc), diags_(diags), start_(std::move(start)) {}

  std::shared_ptr<core::RuleSet> build();

 private:
  void error(const std::vector<Step>& path, const std::string& message, int extra_column = 0) {
    diags_.push_back(loc_.at(path, message, extra_column));
  }
  Square square(const std::string& name, const std::vector<Step>& path, const std::string& what);
  Seat seat(const std::string& name, const std::vector<Step>& path);
  core::PieceKind piece(const std::string& name, const std::vector<Step>& path);
  core::SquareSet zone(const variant::Zone& z, core::Facing facing, const std::vector<Step>& path);
  void build_board();
  void build_pieces();
  void build_seats();
  void build_castling();
  void build_castling_for(const std::string& fen, bool chosen);
  void build_rules();
  void build_start();
  void build_corners();

  const variant::Variant& v_;
  const Locator& loc_;
  std::vector<Diagnostic>& diags_;
  void choose_start();
  Square start_king(Seat seat, const std::string& fen);

  std::shared_ptr<core::RuleSet> rs_ = std::make_shared<core::RuleSet>();
  std::string start_;
  std::vector<Step> start_path_{{"start_fen"}};
};

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
Square Builder::start_king(Seat seat, const std::string& fen) {
  core::RuleSet probe = *rs_;
  probe.castling.clear();
  auto pos = probe.four_player_notation ? core::parse_fen4(probe, fen) : core::parse_fen(probe, fen);
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

void Builder::build_rules() {
  const variant::Pawns& p = v_.pawns();
  rs_->pawns.double_step = v_.has_pawns() ? std::max(1, p.double_step()) : 2;
  if (v_.has_pawns() && p.double_step() == 0) rs_->pawns.double_step = 2;
  switch (p.en_passant()) {
    case variant::EN_PASSANT_OFF: rs_->pawns.en_passant = core::EnPassantWindow::kOff; break;
    case variant::EN_PASSANT_UNTIL_OWNER_MOVES_AGAIN:
      rs_->pawns.en_passant = core::EnPassantWindow::kUntilOwnerMovesAgain;
      break;
    default: rs_->pawns.en_passant = core::EnPassantWindow::kNextMoverOnly; break;
  }
  rs_->pawns.en_passant_between = p.en_passant_facing_seats_only()
                                      ? core::EnPassantBetween::kFacingSeatsOnly
                                      : core::EnPassantBetween::kAnyOpponent;
  for (int i = 0; i < v_.promotion().choice_size(); ++i) {
    core::PieceKind k = piece(v_.promotion().choice(i), {{"promotion"}, {"choice", i}});
    if (k != core::kNoKind) rs_->promotion.choices.push_back(k);
  }
  rs_->promotion.mandatory = !v_.promotion().optional();
  rs_->promotion.edge = v_.promotion().edge() == variant::PROMOTION_EDGE_HOSTILE_ONLY
                            ? core::PromotionEdge::kHostileEdgeOnly
                            : core::PromotionEdge::kOwnZone;
  rs_->draws.fifty_move_plies = v_.draws().fifty_move_plies();
  rs_->draws.repetitions = v_.draws().repetitions();
  rs_->draws.insufficient_material = v_.draws().insufficient_material();
  rs_->draws.automatic_move_plies = v_.draws().automatic_move_plies();
  rs_->draws.automatic_repetitions = v_.draws().automatic_repetitions();
  rs_->draws.move_rule_live_plies_only = v_.draws().move_rule_live_plies_only();
  rs_->draws.insufficient_material_last_two_bare_king = v_.draws().insufficient_material_last_two_bare_king();
  for (int i = 0; i < v_.draws().repetition_era_size(); ++i) {
    const auto& era = v_.draws().repetition_era(i);
    const std::string& d = era.until();
    bool date = d.size() == 10 && d[4] == '-' && d[7] == '-' &&
                std::all_of(d.begin(), d.end(), [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
    if (!date) error({{"draws"}, {"repetition_era", i}, {"until"}}, "\"" + d + "\" is not a date YYYY-MM-DD");
    if (i > 0 && d <= v_.draws().repetition_era(i - 1).until())
      error({{"draws"}, {"repetition_era", i}, {"until"}}, "the eras must be in date order, oldest first");
    if (era.automatic_repetitions() < 0)
      error({{"draws"}, {"repetition_era", i}, {"automatic_repetitions"}}, "must not be negative");
    rs_->draws.repetition_eras.push_back({d, era.automatic_repetitions()});
  }
  rs_->draws.automatic_by_standing = v_.draws().automatic_end() == variant::DRAW_END_STANDING;
  rs_->draws.no_move_round = v_.draws().no_move_round() == variant::NO_MOVE_ROUND_ARBITER
                                 ? core::NoMoveRound::kArbiter
                                 : core::NoMoveRound::kDraw;
  rs_->checks.mate_timing = v_.checks().mate_timing() == variant::MATE_TIMING_AFTER_EVERY_MOVE
                                ? core::MateTiming::kAfterEveryMove
                                : core::MateTiming::kStartOfTurn;
  rs_->checks.king_capture = v_.checks().king_capture();
  rs_->checks.king_capture_lifts_attacks = v_.checks().king_capture_lifts_attacks();
  if (rs_->checks.king_capture_lifts_attacks && !rs_->checks.king_capture) {
    error({{"checks"}, {"king_capture_lifts_attacks"}}, "needs checks.king_capture: true");
  }
  rs_->checks.multiple_mates = v_.checks().multiple_mates() == variant::MULTIPLE_MATES_IN_TURN_ORDER
                                   ? core::MultipleMates::kInTurnOrder
                                   : core::MultipleMates::kSimultaneous;
  rs_->checks.mate_credit = v_.checks().mate_credit() == variant::MATE_CREDIT_NEXT_CHECKER
                                ? core::MateCredit::kNextChecker
                                : core::MateCredit::kLatestChecker;
  rs_->checks.bare_king = v_.checks().bare_king();
  if (v_.stage_size() > 1) error({{"stage", 1}}, "at most one stage can follow a variant");
  for (int i = 0; i < v_.stage_size() && i < 1; ++i) {
    core::NextStage next;
    next.variant = v_.stage(i).variant();
    next.name = v_.stage(i).name();
    if (next.variant.empty()) error({{"stage", i}}, "a stage needs the variant id it plays");
    for (int c = 0; c < v_.stage(i).choice_size(); ++c) {
      const auto& ch = v_.stage(i).choice(c);
      core::StageChoice choice;
      choice.winner = seat(ch.winner(), {{"stage", i}, {"choice", c}, {"winner"}});
      choice.option = ch.option();
      choice.start = ch.start();
      if (choice.option.empty() || choice.start.empty()) {
        error({{"stage", i}, {"choice", c}}, "a stage choice needs winner, option and start");
      }
      next.choices.push_back(choice);
    }
    rs_->next_stage.push_back(next);
  }
  switch (v_.checks().stalemate()) {
    case variant::STALEMATE_ELIMINATE_WITH_POINTS:
      rs_->checks.stalemate = core::StalemateRule::kEliminateWithPoints;
      break;
    case variant::STALEMATE_PASS: rs_->checks.stalemate = core::StalemateRule::kPass; break;
    case variant::STALEMATE_PLACEMENT: rs_->checks.stalemate = core::StalemateRule::kPlacement; break;
    default: rs_->checks.stalemate = core::StalemateRule::kDraw; break;
  }
  auto policy = [](variant::EliminationPolicy e) {
    switch (e) {
      case variant::ELIMINATION_POLICY_FROZEN_CAPTURABLE_BY_OPPONENTS:
        return core::EliminationPolicy::kFrozenCapturableByOpponents;
      case variant::ELIMINATION_POLICY_REMOVED: return core::EliminationPolicy::kRemoved;
      case variant::ELIMINATION_POLICY_RANDOM_MOVER: return core::EliminationPolicy::kRandomMover;
      case variant::ELIMINATION_POLICY_DEAD_KING_WALKING: return core::EliminationPolicy::kDeadKingWalking;
      default: return core::EliminationPolicy::kDeadObstacles;
    }
  };
  rs_->elimination.on_mate = policy(v_.elimination().on_mate());
  rs_->elimination.on_stalemate = policy(v_.elimination().on_stalemate());
  rs_->elimination.on_resign = policy(v_.elimination().on_resign());
  rs_->elimination.on_timeout = policy(v_.elimination().on_timeout());
  rs_->elimination.walking_king_takes_own_pieces = v_.elimination().walking_king_takes_own_pieces();
  rs_->elimination.frozen_king_capturable = v_.elimination().frozen_king_capturable();
  rs_->elimination.resign_in_turn_passes_turn = v_.elimination().resign_in_turn_passes_turn();

  const variant::Ledger& l = v_.ledger();
  switch (l.kind()) {
    case variant::LEDGER_KIND_POINTS: rs_->ledger.kind = core::LedgerKind::kPoints; break;
    case variant::LEDGER_KIND_TOKENS: rs_->ledger.kind = core::LedgerKind::kTokens; break;
    default: rs_->ledger.kind = core::LedgerKind::kNone; break;
  }
  rs_->ledger.mate_points = l.mate_points();
  rs_->ledger.stalemate_points = l.stalemate_points();
  rs_->ledger.survivor_bonus_per_king = l.survivor_bonus_per_king();
  rs_->ledger.tokens_per_seat = l.tokens_per_seat();
  rs_->ledger.removed_when_no_tokens_left = l.removed_when_no_tokens_left();
  rs_->ledger.double_check_bonus = l.double_check_bonus();
  rs_->ledger.double_check_bonus_queen = l.double_check_bonus_queen();
  rs_->ledger.triple_check_bonus = l.triple_check_bonus();
  rs_->ledger.triple_check_bonus_queen = l.triple_check_bonus_queen();
  rs_->ledger.check_bonus_live_kings_only = l.check_bonus_live_kings_only();
  rs_->ledger.draw_points = l.draw_points();
  rs_->ledger.insufficient_material_draw_points = l.insufficient_material_draw_points();
  auto share = [](variant::PointsShare ps) {
    switch (ps) {
      case variant::POINTS_SHARE_SPLIT: return core::PointsShare::kSplit;
      case variant::POINTS_SHARE_EACH: return core::PointsShare::kEach;
      case variant::POINTS_SHARE_SPLIT_ROUNDED_UP: return core::PointsShare::kSplitRoundedUp;
      default: return core::PointsShare::kNobody;
    }
  };
  rs_->ledger.stuck_walking_king_share = share(l.stuck_walking_king_share());
  rs_->ledger.draw_walking_king_share = share(l.draw_walking_king_share());
  rs_->ledger.queen_check_bonus_any_checker = l.queen_check_bonus_any_checker();
  rs_->ledger.draw_pays_leaving_player = l.draw_pays_leaving_player();
  for (int i = 0; i < l.queen_check_piece_size(); ++i) {
    core::PieceKind k = piece(l.queen_check_piece(i), {{"ledger"}, {"queen_check_piece", i}});
    if (k != core::kNoKind) rs_->ledger.reduced_check_bonus_kinds.push_back(k);
  }
  for (int i = 0; i < l.tie_break_size(); ++i) {
    Seat s = seat(l.tie_break(i), {{"ledger"}, {"tie_break", i}});
    if (s != core::kNoSeat) rs_->ledger.tie_break.push_back(s);
  }

  switch (v_.relations().kind()) {
    case variant::RELATIONS_KIND_FIXED_TEAMS: rs_->relations.kind = core::RelationsKind::kFixedTeams; break;
    case variant::RELATIONS_KIND_ALLIES_VASSALS:
      rs_->relations.kind = core::RelationsKind::kAlliesVassals;
      break;
    default: rs_->relations.kind = core::RelationsKind::kEveryoneAgainstEveryone; break;
  }
  for (int t = 0; t < v_.relations().team_size(); ++t) {
    std::vector<Seat> team;
    for (int i = 0; i < v_.relations().team(t).seat_size(); ++i) {
      Seat s = seat(v_.relations().team(t).seat(i), {{"relations"}, {"team", t}, {"seat", i}});
      if (s != core::kNoSeat) team.push_back(s);
    }
    rs_->relations.teams.push_back(team);
  }
  rs_->relations.removal_exposure = v_.relations().removal_exposure() == variant::REMOVAL_EXPOSURE_ANY_ATTACKER
                                        ? core::RemovalExposure::kAnyAttacker
                                        : core::RemovalExposure::kNewOpponentOnly;
  rs_->relations.removal_order = v_.relations().removal_order() == variant::REMOVAL_ORDER_IN_SEAT_ORDER
                                     ? core::RemovalOrder::kInSeatOrder
                                     : core::RemovalOrder::kSimultaneous;
  switch (v_.game_end()) {
    case variant::GAME_END_ONE_SIDE_LEFT: rs_->game_end = core::GameEnd::kOneSideLeft; break;
    case variant::GAME_END_SUZERAIN_ONLY: rs_->game_end = core::GameEnd::kSuzerainOnly; break;
    case variant::GAME_END_FILL_OPPONENT_HOME: rs_->game_end = core::GameEnd::kFillOpponentHome; break;
    default: rs_->game_end = core::GameEnd::kFirstMate; break;
  }
  rs_->four_player_notation = v_.notation() == variant::NOTATION_FEN4;
}

// Sheet 000: the corner-square rules, each one a switch (proto Corners).
void Builder::build_corners() {
  const variant::Corners& c = v_.corners();
  core::CornerRules& r = rs_->corners;
  r.enabled = c.enabled();
  if (!r.enabled) return;
  const variant::Board& b = v_.board();
  for (int i = 0; i < b.merged_size(); ++i) {
    if (b.merged(i).owner().empty()) continue;
    Seat owner = seat(b.merged(i).owner(), {{"board"}, {"merged", i}, {"owner"}});
    Square anchor = rs_->geometry.parse(b.merged(i).cell_size() > 0 ? b.merged(i).cell(0) : "");
    if (owner == core::kNoSeat || anchor == core::kNoSquare) continue;
    if (r.own[core::index_of(owner)] != core::kNoSquare) {
      error({{"board"}, {"merged", i}, {"owner"}}, "seat \"" + b.merged(i).owner() + "\" owns two corner squares");
    }
    r.own[core::index_of(owner)] = anchor;
  }
  for (int s = 0; s < static_cast<int>(rs_->seats.size()); ++s) {
    if (r.own[s] == core::kNoSquare) {
      error({{"corners"}}, "corners are enabled, but seat \"" + rs_->seats[s].name +
                               "\" owns no corner square (board { merged { owner } })");
    }
  }
  for (int i = 0; i < v_.piece_size(); ++i) {
    if (v_.piece(i).name() == "bishop") r.bishop = core::kind_at(i);
    if (v_.piece(i).name() == "queen") r.queen = core::kind_at(i);
  }
  if (r.bishop == core::kNoKind || r.queen == core::kNoKind) {
    error({{"corners"}}, "corners need pieces called \"bishop\" and \"queen\" (the bishops become queens)");
  }
  r.only_target_may_be_mated = c.only_target_may_be_mated();
  r.turn_to_checked_player = c.turn_to_checked_player();
  r.check_credited_to_mover = c.check_credited_to_mover();
  r.edge_pawn_truce = c.edge_pawn_truce();
  r.truce_round = c.truce_round() == variant::TRUCE_ROUND_OWN_FIRST_TURN ? core::TruceRound::kOwnFirstTurn
                                                                         : core::TruceRound::kUntilEverySeatMoved;
  r.king_enters_own_corner = c.king_enters_own_corner();
  r.bishops_become_queens = c.bishops_become_queens();
  r.immune_in_corner = c.immune_in_corner();
  r.must_leave_when_queens_lost = c.must_leave_when_queens_lost();
  r.may_leave_corner_at_will = c.may_leave_corner_at_will();
  r.resignation_wins_for_attacker = c.resignation_wins_for_attacker();
  const variant::TwoPlayerPhase& t = c.two_player();
  core::TwoPlayerRules& tp = r.two_player;
  tp.enabled = t.enabled();
  for (int i = 0; i < t.area_size(); ++i) {
    const std::string& text = t.area(i);
    auto colon = text.find(':');
    std::vector<Step> path{{"corners"}, {"two_player"}, {"area", i}};
    if (colon == std::string::npos) {
      error(path, "area \"" + text + "\" must be a rectangle \"c3:j10\"");
      continue;
    }
    Square a = square(text.substr(0, colon), path, "area corner");
    Square z = square(text.substr(colon + 1), path, "area corner");
    if (a == core::kNoSquare || z == core::kNoSquare) continue;
    for (int f = std::min(core::file_of(a), core::file_of(z)); f <= std::max(core::file_of(a), core::file_of(z)); ++f)
      for (int rk = std::min(core::rank_of(a), core::rank_of(z)); rk <= std::max(core::rank_of(a), core::rank_of(z)); ++rk)
        if (rs_->geometry.playable(core::make_square(f, rk))) tp.area.set(core::index_of(core::make_square(f, rk)));
  }
  if (t.area_size() == 0) {
    for (int i = 0; i < core::kMaxSquares; ++i) {
      Square q = static_cast<Square>(i);
      if (rs_->geometry.playable(q) && !rs_->geometry.merged(q)) tp.area.set(i);
    }
  }
  tp.enter_area_warning = t.enter_area_warning();
  tp.stay_in_area = t.stay_in_area();
  tp.exit_corner_onto_area = t.exit_corner_onto_area();
  tp.corner_queens_revert = t.corner_queens_revert();
  tp.no_check_until_inside = t.no_check_until_inside();
  tp.adjacent_survivors_switch = t.adjacent_survivors_switch();
  tp.corner_king_mated_when_stuck = t.corner_king_mated_when_stuck();
  switch (t.stalemate()) {
    case variant::STALEMATE_PASS: tp.stalemate = core::StalemateRule::kPass; break;
    default: tp.stalemate = core::StalemateRule::kDraw; break;
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

LoadResult load_chain(const std::string& text, const std::string& file, std::vector<std::string> seen,
                      const std::string& start) {
  LoadResult result;
  std::vector<std::unique_ptr<Parsed>> chain;
  auto child = parse(text, file, result.diagnostics);
  if (!child) return result;
  // Parents first: walk `inherits` up, guarding against cycles.
  std::vector<std::unique_ptr<Parsed>> parents;
  const Parsed* cur = child.get();
  seen.push_back(cur->msg.id());
  while (!cur->msg.inherits().empty()) {
    std::string parent_id = cur->msg.inherits();
    if (std::find(seen.begin(), seen.end(), parent_id) != seen.end()) {
      result.diagnostics.push_back({cur->file, 0, 0, "inheritance cycle through \"" + parent_id + "\""});
      return result;
    }
    seen.push_back(parent_id);
    fs::path parent_path = fs::path(cur->file).parent_path() / (parent_id + ".txtpb");
    std::string parent_text;
    if (!read_file(parent_path.string(), parent_text)) {
      result.diagnostics.push_back({cur->file, 0, 0, "inherits \"" + parent_id + "\", but " +
                                                         parent_path.string() + " cannot be read"});
      return result;
    }
    auto p = parse(parent_text, parent_path.string(), result.diagnostics);
    if (!p) return result;
    parents.push_back(std::move(p));
    cur = parents.back().get();
  }
  variant::Variant merged;
  for (auto it = parents.rbegin(); it != parents.rend(); ++it) {
    merge_replace((*it)->msg, merged);
    chain.push_back(std::move(*it));
  }
  merge_replace(child->msg, merged);
  merged.clear_inherits();
  merged.set_id(child->msg.id());
  chain.push_back(std::move(child));

  Locator locator(chain);
  std::string stem = fs::path(file).stem().string();
  if (!merged.id().empty() && fs::path(file).extension() == ".txtpb" && stem != merged.id()) {
    result.diagnostics.push_back(
        locator.at({{"id"}}, "id \"" + merged.id() + "\" does not match the file name " + stem + ".txtpb"));
  }
  Builder builder(merged, locator, result.diagnostics, start);
  auto rules = builder.build();
  if (result.diagnostics.empty()) result.rules = rules;
  return result;
}

}  // namespace

LoadResult load_text(const std::string& text, const std::string& file_name, const std::string& start) {
  return load_chain(text, file_name, {}, start);
}

LoadResult load_file(const std::string& path, const std::string& start) {
  std::string text;
  if (!read_file(path, text)) {
    LoadResult r;
    r.diagnostics.push_back({path, 0, 0, "cannot read the file"});
    return r;
  }
  return load_text(text, path, start);
}

std::string choose_variants_dir(const char* env, const std::string& source,
                                const std::string& installed) {
  if (env != nullptr && *env != '\0') return env;
  std::error_code ec;  // the throwing overload would end the program on EACCES
  if (!source.empty() && fs::is_directory(source, ec)) return source;
  return installed;
}

std::string variants_dir() {
  return choose_variants_dir(std::getenv("TABULA_VARIANTS_DIR"), TABULA_SOURCE_VARIANTS_DIR,
                             TABULA_INSTALLED_VARIANTS_DIR);
}

std::vector<std::string> list_ids() {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(variants_dir(), ec)) {
    if (entry.path().extension() == ".txtpb") ids.push_back(entry.path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

LoadResult load_id(const std::string& id, const std::string& start) {
  for (char c : id) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) {
      LoadResult r;
      r.diagnostics.push_back({id, 0, 0, "not a variant id (letters, digits, - and _ only)"});
      return r;
    }
  }
  fs::path path = fs::path(variants_dir()) / (id + ".txtpb");
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    LoadResult r;
    std::string known;
    for (const auto& k : list_ids()) known += (known.empty() ? "" : ", ") + k;
    r.diagnostics.push_back({id, 0, 0, "unknown variant; known variants: " + known});
    return r;
  }
  return load_file(path.string(), start);
}

std::vector<std::shared_ptr<const core::RuleSet>> load_stages(const std::string& id, const std::string& start,
                                                              std::string& error) {
  LoadResult first = load_id(id, start);
  if (!first.ok()) {
    error = first.error_text();
    return {};
  }
  std::vector<std::shared_ptr<const core::RuleSet>> stages{first.rules};
  while (!stages.back()->next_stage.empty() && stages.size() < 8) {
    LoadResult r = load_id(stages.back()->next_stage.front().variant);
    if (!r.ok()) {
      error = "next stage of " + stages.back()->id + ": " + r.error_text();
      return {};
    }
    stages.push_back(r.rules);
  }
  return stages;
}

RecordStart record_start(const std::string& id, const std::string& start_fen4_tag, const std::string& fen_tag,
                         std::string& error) {
  RecordStart out;
  LoadResult base = load_id(id);
  if (!base.ok()) {
    error = base.error_text();
    return out;
  }
  if (start_fen4_tag.empty() && fen_tag.empty()) out.named = base.rules->untagged_record_start;
  for (const std::string& n : base.rules->start_names) {
    if (n == start_fen4_tag) out.named = n;
  }
  out.rules = base.rules;
  if (!out.named.empty()) {
    LoadResult r = load_id(id, out.named);
    if (!r.ok()) {
      error = r.error_text();
      out.rules.reset();
      return out;
    }
    out.rules = r.rules;
  }
  out.position = out.rules->start_fen;
  if (out.named.empty() && !start_fen4_tag.empty()) out.position = start_fen4_tag;
  if (out.named.empty() && start_fen4_tag.empty() && !fen_tag.empty()) out.position = fen_tag;
  return out;
}

}  // namespace tabula::variants

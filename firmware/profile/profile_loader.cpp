#include "profile/profile_loader.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "files/plain_file.h"
#include "tabula_proto/profile.pb.h"

namespace tabula::firmware {
namespace {

namespace pb = google::protobuf;
using Tree = pb::TextFormat::ParseInfoTree;
namespace tp = tabula::profile;

// `text` for a message: printable ASCII as it is, other bytes as \xNN, at
// most 40 bytes (then "..."), in double quotes.
std::string quoted(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out + (text.size() > 40 ? "...\"" : "\"");
}

// Why `name` (a profile's or a chip's id) is not a name, or "": letters,
// digits, '.', '_' or '-', at most 64 (the daemon's log, the setup screen and
// the wiring documents show it).
std::string name_problem(std::string_view what, std::string_view name) {
  bool ok = !name.empty() && name.size() <= 64;
  for (char c : name) {
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
                c == '-');
  }
  return ok ? "" : std::string(what) + " " + quoted(name) + " is not a name: use letters, digits, '.', '_' or '-', at most 64";
}

// Why `text` (a description, a note, a device, a part) is not one line of
// text, or "": no control characters, at most 500 bytes (UTF-8 is text).
std::string text_problem(std::string_view what, std::string_view text) {
  if (text.size() > 500) return std::string(what) + " is longer than 500 bytes";
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) return std::string(what) + " " + quoted(text) + " is not one line of printable text";
  }
  return "";
}

struct Pos {
  int line = 0;
  int column = 0;
};

// A message in the parsed text: its location tree and its type.
struct Where {
  const Tree* tree = nullptr;
  const pb::Descriptor* type = nullptr;

  Pos at(std::string_view field, int index = -1) const {
    if (tree == nullptr) return {};
    const pb::FieldDescriptor* f = type->FindFieldByName(std::string(field));
    if (f == nullptr) return {};
    const auto loc = tree->GetLocation(f, f->is_repeated() ? std::max(index, 0) : -1);
    if (loc.line < 0) return {};
    return {loc.line + 1, loc.column + 1};
  }
  Where nested(std::string_view field, int index = -1) const {
    if (tree == nullptr) return {};
    const pb::FieldDescriptor* f = type->FindFieldByName(std::string(field));
    if (f == nullptr) return {};
    return {tree->GetTreeForNested(f, f->is_repeated() ? std::max(index, 0) : -1),
            f->message_type()};
  }
};

class Collector final : public pb::io::ErrorCollector {
 public:
  Collector(std::string file, std::vector<Diagnostic>& out) : file_(std::move(file)), out_(out) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, message});
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, "(parser warning) " + message});
  }

 private:
  std::string file_;
  std::vector<Diagnostic>& out_;
};

std::string pos_text(const std::string& file, Pos p) {
  return file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

// Walks a parsed Profile and builds the BoardProfile, collecting diagnostics.
class Validator {
 public:
  Validator(std::string file, const tp::Profile& proto, const Tree& tree,
            std::vector<Diagnostic>& out)
      : file_(std::move(file)), proto_(proto), root_{&tree, tp::Profile::descriptor()}, out_(out) {}

  std::optional<BoardProfile> run();

 private:
  void error(Pos p, std::string message) {
    out_.push_back({file_, p.line, p.column, std::move(message)});
  }
  void check_chips();
  std::optional<LineId> check_line(const tp::Line& line, Where where, Pos pos,
                                   const std::string& role);
  void check_matrix_rows(std::size_t rows, std::size_t columns);
  void check_direct(const tp::DirectLines& direct, Where where);
  void add_sensor(std::string_view name, std::uint16_t row, std::uint16_t input, Pos pos);
  void check_coverage();
  void check_timing();

  std::string file_;
  const tp::Profile& proto_;
  Where root_;
  std::vector<Diagnostic>& out_;
  BoardProfile result_;
  bool have_geometry_ = false;
  std::map<std::string, std::size_t> chip_index_;
  struct Use {
    std::string role;
    Pos pos;
  };
  std::map<std::pair<std::uint16_t, std::uint16_t>, Use> used_lines_;
  std::vector<std::vector<Pos>> square_uses_;
};

void Validator::check_chips() {
  for (int i = 0; i < proto_.chips_size(); ++i) {
    const tp::Chip& c = proto_.chips(i);
    const Where w = root_.nested("chips", i);
    const Pos here = root_.at("chips", i);
    if (c.id().empty()) {
      error(here, "chip has no id");
      continue;
    }
    if (std::string why = name_problem("chip id", c.id()); !why.empty()) {
      error(w.at("id"), why);
      continue;
    }
    for (const auto& [field, text] : {std::pair{"device", c.device()}, std::pair{"note", c.note()}}) {
      if (std::string why = text_problem(std::string("chip ") + c.id() + " " + field, text); !why.empty())
        error(w.at(field), why);
    }
    if (chip_index_.count(c.id())) {
      error(w.at("id"), "chip id '" + c.id() + "' is used twice");
      continue;
    }
    if (c.device().empty()) error(here, "chip " + c.id() + " has no device (e.g. \"gpiochip0\")");
    ChipSpec spec{c.id(), c.device(), c.num_lines(), ChipKind::kOther, c.note()};
    switch (c.kind()) {
      case tp::CHIP_KIND_RPI_HEADER:
        spec.kind = ChipKind::kRpiHeader;
        if (c.num_lines() < 28)
          error(w.at("num_lines"), "chip " + c.id() +
                                       " is a Raspberry Pi header chip but has fewer than 28 "
                                       "lines (a Pi 4's gpiochip0 has 58)");
        break;
      case tp::CHIP_KIND_MCP23017:
        spec.kind = ChipKind::kMcp23017;
        if (c.num_lines() != 16)
          error(w.at("num_lines"), "chip " + c.id() + " is an MCP23017, which has 16 lines, not " +
                                       std::to_string(c.num_lines()));
        break;
      case tp::CHIP_KIND_OTHER:
        break;
      default:
        error(here, "chip " + c.id() +
                        " has no kind: set CHIP_KIND_RPI_HEADER, CHIP_KIND_MCP23017 or "
                        "CHIP_KIND_OTHER");
    }
    if (c.num_lines() == 0) error(here, "chip " + c.id() + " has num_lines 0");
    chip_index_[c.id()] = result_.wiring.chips.size();
    result_.wiring.chips.push_back(std::move(spec));
  }
  if (proto_.chips_size() == 0) error({1, 1}, "profile lists no chips");
}

std::optional<LineId> Validator::check_line(const tp::Line& line, Where where, Pos pos,
                                            const std::string& role) {
  if (where.tree != nullptr) {
    const Pos p = where.at("offset");
    if (p.line > 0) pos = p;
  }
  const auto it = chip_index_.find(line.chip());
  if (it == chip_index_.end()) {
    std::string known;
    for (const auto& [id, _] : chip_index_) known += (known.empty() ? "" : ", ") + id;
    error(pos, role + " names chip '" + line.chip() + "', which the profile does not list" +
                   (known.empty() ? std::string() : " (chips: " + known + ")"));
    return std::nullopt;
  }
  const ChipSpec& chip = result_.wiring.chips[it->second];
  const std::string name = chip.id + ":" + std::to_string(line.offset());
  if (line.offset() >= chip.num_lines) {
    error(pos, role + " " + name + " is beyond chip " + chip.id + ", which has " +
                   std::to_string(chip.num_lines) + " lines (0.." +
                   std::to_string(chip.num_lines == 0 ? 0 : chip.num_lines - 1) + ")");
    return std::nullopt;
  }
  if (chip.kind == ChipKind::kRpiHeader && (line.offset() < 2 || line.offset() > 27)) {
    error(pos, role + " " + name + " is not on the Pi's 40-pin header (GPIO2..GPIO27)");
    return std::nullopt;
  }
  if (chip.kind == ChipKind::kRpiHeader && (line.offset() == 2 || line.offset() == 3)) {
    const bool expanders =
        std::any_of(result_.wiring.chips.begin(), result_.wiring.chips.end(),
                    [](const ChipSpec& c) { return c.kind == ChipKind::kMcp23017; });
    if (expanders) {
      error(pos, role + " " + name + " is I2C1 " + (line.offset() == 2 ? "SDA" : "SCL") +
                     ", which the MCP23017 expanders need");
      return std::nullopt;
    }
  }
  const LineId id{static_cast<std::uint16_t>(it->second),
                  static_cast<std::uint16_t>(line.offset())};
  const auto [use, fresh] = used_lines_.emplace(std::pair{id.chip, id.offset}, Use{role, pos});
  if (!fresh) {
    error(pos, "pin " + name + " is used twice: here as " + role + ", and as " + use->second.role +
                   " at " + pos_text(file_, use->second.pos));
    return std::nullopt;
  }
  return id;
}

void Validator::add_sensor(std::string_view name, std::uint16_t row, std::uint16_t input, Pos pos) {
  if (!have_geometry_) return;
  const geometry::Geometry& g = result_.geometry;
  const auto q = g.find(name);
  if (!q) {
    const auto cell = geometry::parse_cell_name(name);
    const auto owner = cell ? g.square_at(*cell) : std::nullopt;
    if (owner) {
      error(pos, "'" + std::string(name) + "' is a cell of the corner square '" +
                     g.square(*owner).name + "' on " + g.id() +
                     ": its reeds are named after the square");
    } else if (cell) {
      error(pos, "'" + std::string(name) + "' is not a square of " + g.id() +
                     (cell->file < g.files() && cell->rank < g.ranks() ? " (an absent corner cell)"
                                                                       : " (off the board)"));
    } else {
      error(pos, "'" + std::string(name) +
                     "' is not a square name: expected e.g. a1, or - for "
                     "no reed");
    }
    return;
  }
  auto& uses = square_uses_[to_size(*q)];
  uses.push_back(pos);
  const std::size_t cells = g.square(*q).cells.size();
  if (uses.size() > cells) {
    error(pos, cells == 1 ? "square " + std::string(name) + " is sensed twice (first at " +
                                pos_text(file_, uses.front()) + ")"
                          : "corner square " + std::string(name) + " has more than its " +
                                std::to_string(cells) + " reeds (first at " +
                                pos_text(file_, uses.front()) + ")");
    return;
  }
  result_.wiring.sensors.push_back({row, input, *q});
}

void Validator::check_matrix_rows(std::size_t rows, std::size_t columns) {
  if (rows == 0 || columns == 0) return;
  std::map<std::uint32_t, Pos> seen;
  for (int i = 0; i < proto_.sensor_rows_size(); ++i) {
    const tp::SensorRow& r = proto_.sensor_rows(i);
    const Where w = root_.nested("sensor_rows", i);
    Pos here = w.at("row");
    if (here.line == 0) here = root_.at("sensor_rows", i);
    if (r.row() >= rows) {
      error(here, "sensor row " + std::to_string(r.row()) + " is beyond the matrix, which has " +
                      std::to_string(rows) + " rows (0.." + std::to_string(rows - 1) + ")");
      continue;
    }
    if (const auto [it, fresh] = seen.emplace(r.row(), here); !fresh) {
      error(here, "sensor row " + std::to_string(r.row()) + " is listed twice (first at " +
                      pos_text(file_, it->second) + ")");
      continue;
    }
    if (static_cast<std::size_t>(r.squares_size()) != columns) {
      error(here, "sensor row " + std::to_string(r.row()) + " lists " +
                      std::to_string(r.squares_size()) + " squares but the matrix has " +
                      std::to_string(columns) +
                      " columns (use \"-\" where a crossing has no reed)");
      continue;
    }
    for (int c = 0; c < r.squares_size(); ++c) {
      if (r.squares(c) == "-") continue;
      Pos p = w.at("squares", c);
      if (p.line == 0) p = here;
      add_sensor(r.squares(c), static_cast<std::uint16_t>(r.row()), static_cast<std::uint16_t>(c),
                 p);
    }
  }
}

void Validator::check_direct(const tp::DirectLines& direct, Where where) {
  if (proto_.sensor_rows_size() > 0)
    error(root_.at("sensor_rows", 0),
          "sensor_rows belong to matrix topologies; direct lines name their square in each "
          "sensors entry");
  for (int i = 0; i < direct.sensors_size(); ++i) {
    const tp::DirectSensor& s = direct.sensors(i);
    const Where w = where.nested("sensors", i);
    Pos here = w.at("square");
    if (here.line == 0) here = where.at("sensors", i);
    if (!s.has_line()) {
      error(here, "direct sensor " + std::to_string(i) + " has no line");
      continue;
    }
    const auto id = check_line(s.line(), w.nested("line"), here, "sensor " + s.square());
    if (!id) continue;
    const auto input = static_cast<std::uint16_t>(result_.wiring.input_lines.size());
    result_.wiring.input_lines.push_back(*id);
    if (s.square() == "-" || s.square().empty()) {
      error(here, "direct sensor " + std::to_string(i) + " names no square");
      continue;
    }
    add_sensor(s.square(), 0, input, here);
  }
  if (direct.sensors_size() == 0) error(root_.at("direct"), "direct topology lists no sensors");
}

void Validator::check_coverage() {
  if (!have_geometry_) return;
  const geometry::Geometry& g = result_.geometry;
  const Pos at = root_.at("geometry");
  std::vector<std::string> missing;
  for (std::size_t q = 0; q < g.square_count(); ++q) {
    const auto& sq = g.squares()[q];
    const std::size_t n = square_uses_[q].size();
    if (n == 0) {
      missing.push_back(sq.name);
    } else if (n < sq.cells.size()) {
      error(square_uses_[q].back(), "corner square " + sq.name + " has " + std::to_string(n) +
                                        " reed(s); its " + std::to_string(sq.cells.size()) +
                                        " cells need one each");
    }
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 12; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 12) list += ", ... (" + std::to_string(missing.size()) + " in all)";
    error(at, std::string(missing.size() == 1 ? "square " : "squares ") + list + " of " + g.id() +
                  (missing.size() == 1 ? " has no sensor" : " have no sensor"));
  }
}

void Validator::check_timing() {
  const tp::Timing& t = proto_.timing();
  const Where w = root_.nested("timing");
  Timing& out = result_.timing;
  auto pick = [](std::uint32_t v, std::uint32_t def) { return v == 0 ? def : v; };
  out.scan_hz = pick(t.scan_hz(), 100);
  out.debounce = Micros(std::int64_t{pick(t.debounce_ms(), 30)} * 1000);
  out.heartbeat = std::chrono::seconds(pick(t.heartbeat_s(), 5));
  out.settle = Micros(pick(t.settle_us(), 20));
  out.noisy_window = Micros(std::int64_t{pick(t.noisy_window_ms(), 1000)} * 1000);
  out.noisy_percent = pick(t.noisy_percent(), 50);
  out.stuck_after = Micros(std::int64_t{pick(t.stuck_after_ms(), 3000)} * 1000);

  if (out.scan_hz > 5000)
    error(w.at("scan_hz"),
          "scan_hz " + std::to_string(out.scan_hz) + " is above the 5000 Hz the daemon supports");
  if (out.debounce > Micros(1'000'000))
    error(w.at("debounce_ms"), "debounce_ms above 1000 would hide real moves");
  if (out.scan_hz <= 5000 && out.debounce < 2 * out.scan_period())
    error(w.at("debounce_ms"), "debounce_ms " + std::to_string(out.debounce.count() / 1000) +
                                   " is shorter than two scans at " + std::to_string(out.scan_hz) +
                                   " Hz: the debouncer would follow single samples");
  if (out.heartbeat > std::chrono::seconds(3600))
    error(w.at("heartbeat_s"), "heartbeat_s above 3600 leaves clients blind too long");
  if (out.noisy_percent > 100) error(w.at("noisy_percent"), "noisy_percent is above 100");
  if (out.stuck_after < out.debounce)
    error(w.at("stuck_after_ms"), "stuck_after_ms is shorter than debounce_ms");
  if (out.settle > Micros(10'000))
    error(w.at("settle_us"), "settle_us above 10000 is not a settle");
  const auto rows = static_cast<std::int64_t>(result_.wiring.row_count);
  if (out.scan_hz <= 5000 && result_.wiring.is_matrix() &&
      rows * out.settle.count() >= out.scan_period().count())
    error(w.at("settle_us"), std::to_string(rows) + " rows x " +
                                 std::to_string(out.settle.count()) +
                                 " us settle do not fit a scan period of " +
                                 std::to_string(out.scan_period().count()) + " us");
}

std::optional<BoardProfile> Validator::run() {
  const std::size_t first = out_.size();
  result_.source_file = file_;
  result_.id = proto_.id();
  result_.description = proto_.description();
  if (proto_.id().empty()) {
    error({1, 1}, "profile has no id");
  } else if (std::string why = name_problem("profile id", proto_.id()); !why.empty()) {
    error(root_.at("id"), why);
  }
  if (std::string why = text_problem("description", proto_.description()); !why.empty())
    error(root_.at("description"), why);

  if (auto g = geometry::geometry_by_id(proto_.geometry())) {
    result_.geometry = std::move(*g);
    have_geometry_ = true;
    square_uses_.resize(result_.geometry.square_count());
  } else {
    std::string known;
    for (auto id : geometry::geometry_ids()) known += (known.empty() ? "" : ", ") + std::string(id);
    const Pos p = root_.at("geometry");
    error(p.line ? p : Pos{1, 1},
          proto_.geometry().empty()
              ? "profile names no geometry (one of: " + known + ")"
              : "unknown geometry '" + proto_.geometry() + "' (known: " + known + ")");
  }
  check_chips();

  Wiring& wiring = result_.wiring;
  auto bias = [](tp::Bias b) { return b == tp::BIAS_NONE ? InputBias::kNone : InputBias::kPullUp; };
  auto lines = [&](const auto& list, Where parent, std::string_view field, const std::string& role,
                   std::vector<LineId>& into) {
    for (int i = 0; i < list.size(); ++i) {
      if (auto id = check_line(list.Get(i), parent.nested(field, i), parent.at(field, i),
                               role + " " + std::to_string(i)))
        into.push_back(*id);
    }
  };
  switch (proto_.topology_case()) {
    case tp::Profile::kMatrix: {
      const auto& m = proto_.matrix();
      const Where w = root_.nested("matrix");
      wiring.topology = Topology::kDiodeMatrix;
      wiring.bias = bias(m.input_bias());
      lines(m.rows(), w, "rows", "row", wiring.row_lines);
      lines(m.columns(), w, "columns", "column", wiring.input_lines);
      wiring.row_count = static_cast<std::size_t>(m.rows_size());
      if (m.rows_size() == 0) error(root_.at("matrix"), "matrix has no rows");
      if (m.columns_size() == 0) error(root_.at("matrix"), "matrix has no columns");
      check_matrix_rows(wiring.row_count, static_cast<std::size_t>(m.columns_size()));
      break;
    }
    case tp::Profile::kDecoded: {
      const auto& d = proto_.decoded();
      const Where w = root_.nested("decoded");
      wiring.topology = Topology::kDecodedMatrix;
      wiring.bias = bias(d.input_bias());
      wiring.decoder_part = d.decoder();
      if (std::string why = text_problem("decoder", d.decoder()); !why.empty()) error(w.at("decoder"), why);
      lines(d.address(), w, "address", "address bit", wiring.address_lines);
      if (d.has_enable()) {
        if (auto id = check_line(d.enable(), w.nested("enable"), w.at("enable"), "decoder enable"))
          wiring.enable_line = *id;
      }
      lines(d.columns(), w, "columns", "column", wiring.input_lines);
      wiring.row_count = d.row_count();
      const int bits = d.address_size();
      if (bits == 0 || bits > 6) {
        error(root_.at("decoded"), "decoder needs 1..6 address lines, has " + std::to_string(bits));
      } else if (d.row_count() == 0 || d.row_count() > (1u << bits)) {
        Pos p = w.at("row_count");
        error(p.line ? p : root_.at("decoded"),
              "row_count " + std::to_string(d.row_count()) + " must be 1.." +
                  std::to_string(1u << bits) + " for " + std::to_string(bits) + " address lines");
      }
      if (d.columns_size() == 0) error(root_.at("decoded"), "decoded matrix has no columns");
      check_matrix_rows(wiring.row_count, static_cast<std::size_t>(d.columns_size()));
      break;
    }
    case tp::Profile::kDirect: {
      wiring.topology = Topology::kDirectLines;
      wiring.bias = bias(proto_.direct().input_bias());
      wiring.row_count = 1;
      check_direct(proto_.direct(), root_.nested("direct"));
      break;
    }
    case tp::Profile::TOPOLOGY_NOT_SET:
      error({1, 1}, "profile has no topology: set one of matrix, decoded or direct");
      break;
  }
  if (proto_.topology_case() != tp::Profile::TOPOLOGY_NOT_SET) check_coverage();
  check_timing();

  if (out_.size() != first) return std::nullopt;
  return std::move(result_);
}

}  // namespace

std::string Diagnostic::to_string() const {
  std::string out = file;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  return out + ": error: " + message;
}

ProfileLoad load_profile_text(std::string_view text, std::string_view file) {
  ProfileLoad result;
  tp::Profile proto;
  Tree tree;
  Collector collector(std::string(file), result.diagnostics);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(text), &proto)) {
    if (result.diagnostics.empty())
      result.diagnostics.push_back({std::string(file), 0, 0, "not a valid profile"});
    return result;
  }
  Validator validator(std::string(file), proto, tree, result.diagnostics);
  result.profile = validator.run();
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                   });
  return result;
}

ProfileLoad load_profile_file(const std::string& path) {
  // Only a plain file of at most kMaxProfileBytes (files/plain_file.h,
  // session 16): a directory read as an empty profile and /dev/zero read
  // until the daemon was killed (session 11); a FIFO's open waited for a
  // writer for ever, and the daemon with it (session 15).
  files::PlainFile f = files::read_plain_file(path, kMaxProfileBytes, "a profile file");
  if (!f.ok()) {
    ProfileLoad result;
    result.diagnostics.push_back({path, 0, 0, std::move(f.why)});
    return result;
  }
  return load_profile_text(f.text, path);
}

}  // namespace tabula::firmware

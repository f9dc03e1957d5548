#include "ui/first_boot.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/player_name.h"
#include "hub/action_auth.h"
#include "profile/profile_loader.h"
#include "session/bot_seats.h"
#include "session/clock.h"
#include "tabula_proto/setup.pb.h"
#include "ui/board_link.h"
#include "uci/uci_bot.h"
#include "variants/variant_loader.h"

namespace tabula::ui {
namespace {

namespace fs = std::filesystem;
namespace pb = google::protobuf;

constexpr const char* kSetupName = "setup.textproto";
constexpr const char* kBoardName = "board.textproto";

// The presets of the setup's clock page (as --clock takes them): blitz,
// rapid and the common club controls; "" is no clock.
const std::vector<std::string> kClockPresets = {"",      "5+3",   "10+5", "15+10",
                                                "25+10", "60+30", "90+30"};

class Collector final : public pb::io::ErrorCollector {
 public:
  explicit Collector(std::string file) : file_(std::move(file)) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    if (first_.empty())
      first_ = file_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " +
               message;
  }
  const std::string& first() const { return first_; }

 private:
  std::string file_;
  std::string first_;
};

bool read_text(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return static_cast<bool>(in) || in.eof();
}

// Writes `text` to `path` under a temporary name, fsyncs it and renames it
// into place; "" or what went wrong.
std::string write_atomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".new";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + temp;
    out << text;
    out.flush();
    if (!out) return "cannot write " + temp;
  }
  if (FILE* f = std::fopen(temp.c_str(), "rb")) {
    ::fsync(fileno(f));
    std::fclose(f);
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) return "cannot rename " + temp + " to " + path + ": " + ec.message();
  return "";
}

struct VariantShape {
  std::string id;
  core::Geometry geometry;
};

}  // namespace

// Issue 27 item 8: the club reads a board by the words of its profile's own
// description (before the wiring after ':', without the parenthesis), not by
// its id.
std::string board_title(const std::string& id, const std::string& description) {
  std::string title = description.substr(0, description.find(':'));
  if (const std::size_t paren = title.find(" ("); paren != std::string::npos) title.erase(paren);
  while (!title.empty() && (title.back() == ' ' || title.back() == '.')) title.pop_back();
  return title.empty() ? id : title;
}

namespace {

BoardOption option_of(const firmware::BoardProfile& profile, const std::string& file,
                      const std::vector<VariantShape>& variants) {
  BoardOption b;
  b.id = profile.id;
  b.title = board_title(profile.id, profile.description);
  b.description = profile.description;
  b.geometry = profile.geometry.id();
  b.file = file;
  std::vector<std::string> names;
  for (const geometry::LogicalSquare& sq : profile.geometry.squares()) names.push_back(sq.name);
  for (const VariantShape& v : variants) {
    if (fit_board(v.geometry, names).problem.empty()) b.variants.push_back(v.id);
  }
  return b;
}

}  // namespace

const BoardOption* SetupChoices::board(const std::string& id) const {
  for (const BoardOption& b : boards) {
    if (b.id == id) return &b;
  }
  return nullptr;
}

std::string SetupChoices::variant_name(const std::string& id) const {
  for (const VariantChoice& v : variants) {
    if (v.id == id) return v.name;
  }
  return id;
}

std::vector<std::string> SetupChoices::seat_names(const std::string& id) const {
  for (std::size_t i = 0; i < variants.size() && i < seats.size(); ++i) {
    if (variants[i].id == id) return seats[i];
  }
  return {};
}

std::string default_profiles_dir() {
  if (const char* env = std::getenv("TABULA_PROFILES_DIR"); env && *env) return env;
  std::error_code ec;
  if (fs::is_directory(TABULA_SOURCE_PROFILES_DIR, ec)) return TABULA_SOURCE_PROFILES_DIR;
  return TABULA_INSTALLED_PROFILES_DIR;
}

std::string default_admin_profile() {
  if (const char* env = std::getenv("TABULA_PROFILE"); env && *env) return env;
  return "/etc/tabula/board.textproto";
}

std::vector<std::string> split_players(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t comma = text.find(',', at);
    // Typed names: the spaces around each are not part of it (core/player_name.h).
    out.emplace_back(core::trim_spaces(std::string_view(text).substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

std::string setup_file(const std::string& state_dir) {
  return (fs::path(state_dir) / kSetupName).string();
}
std::string board_file(const std::string& state_dir) {
  return (fs::path(state_dir) / kBoardName).string();
}

bool SetupChoices::offers_stockfish(const std::string& id) const {
  for (std::size_t i = 0; i < variants.size() && i < stockfish.size(); ++i) {
    if (variants[i].id == id) return stockfish[i];
  }
  return false;
}

SetupChoices setup_choices(const std::string& profiles_dir, const std::string& admin_profile,
                           const std::string& stockfish) {
  SetupChoices c;
  const bool runnable = !stockfish.empty() && uci::why_not_runnable(stockfish).empty();
  c.clocks = kClockPresets;
  std::vector<VariantShape> shapes;
  BoardOption virtual_board;
  virtual_board.title = "Virtual board (no sensors)";
  virtual_board.description = "Tap a piece to lift it, tap a square to put it down";
  for (const std::string& id : variants::list_ids()) {
    variants::LoadResult r = variants::load_id(id);
    if (!r.ok()) continue;
    c.variants.push_back(VariantChoice{id, r.rules->name});
    std::vector<std::string> seats;
    for (int i = 0; i < r.rules->seat_count(); ++i)
      seats.push_back(r.rules->seats[static_cast<std::size_t>(i)].name);
    c.seats.push_back(seats);
    c.stockfish.push_back(runnable && session::stockfish_plays(*r.rules));
    shapes.push_back(VariantShape{id, r.rules->geometry});
    virtual_board.variants.push_back(id);
  }
  c.boards.push_back(virtual_board);
  std::error_code ec;
  if (!admin_profile.empty() && fs::exists(admin_profile, ec)) {
    // The administrator's profile is the board: tabula-boardd reads it first.
    firmware::ProfileLoad load = firmware::load_profile_file(admin_profile);
    if (load.ok()) {
      BoardOption b = option_of(*load.profile, admin_profile, shapes);
      b.administrator = true;
      b.title += " (set in " + admin_profile + ")";
      c.boards.push_back(b);
    } else {
      c.problems.push_back(
          admin_profile + ": " +
          (load.diagnostics.empty() ? "cannot be read" : load.diagnostics.front().to_string()));
    }
    return c;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(profiles_dir, ec)) {
    if (entry.path().extension() == ".textproto") files.push_back(entry.path());
  }
  if (ec) c.problems.push_back("no board profiles: " + profiles_dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    firmware::ProfileLoad load = firmware::load_profile_file(f.string());
    if (!load.ok()) {
      c.problems.push_back(load.diagnostics.empty() ? f.string() + ": cannot be read"
                                                    : load.diagnostics.front().to_string());
      continue;
    }
    c.boards.push_back(option_of(*load.profile, f.string(), shapes));
  }
  // Two profiles that read the same (two wirings of one board) keep their ids.
  for (std::size_t i = 1; i < c.boards.size(); ++i) {
    for (std::size_t j = 1; j < c.boards.size(); ++j) {
      if (i != j && board_title(c.boards[i].id, c.boards[i].description) ==
                        board_title(c.boards[j].id, c.boards[j].description))
        c.boards[i].title = board_title(c.boards[i].id, c.boards[i].description) + " (" + c.boards[i].id + ")";
    }
  }
  return c;
}

namespace {

std::string setup_problem(const SetupDone& setup, const SetupChoices& choices);

// What check_setup says goes on the kiosk's screen and quotes the setup's
// own words (a hand-edited file): control bytes as \xNN, at most 400 bytes.
std::string printable(const std::string& text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && out.size() < 400; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out.size() < 400 ? out : out + "...";
}

}  // namespace

std::string check_setup(const SetupDone& setup, const SetupChoices& choices) {
  return printable(setup_problem(setup, choices));
}

namespace {

std::string setup_problem(const SetupDone& setup, const SetupChoices& choices) {
  const BoardOption* board = choices.board(setup.board_profile);
  if (board == nullptr) {
    return "the board profile " + setup.board_profile +
           " is not installed (or not the one in /etc/tabula)";
  }
  if (setup.variant_id.empty()) return "no variant is chosen";
  if (std::find(board->variants.begin(), board->variants.end(), setup.variant_id) ==
      board->variants.end()) {
    const bool known =
        std::any_of(choices.variants.begin(), choices.variants.end(),
                    [&](const VariantChoice& v) { return v.id == setup.variant_id; });
    if (!known) return "the variant " + setup.variant_id + " is not installed";
    return "the variant " + setup.variant_id + " does not fit the board " + board->id;
  }
  if (!setup.time_control.empty()) {
    std::string why;
    if (!session::parse_time_control(setup.time_control, why)) {
      return "the clock " + setup.time_control + " is not a time control: " + why;
    }
  }
  const std::vector<std::string> players = split_players(setup.players);
  const std::size_t seats = choices.seat_names(setup.variant_id).size();
  if (players.size() > seats) {
    return std::to_string(players.size()) + " players for the " + std::to_string(seats) +
           " seats of " + setup.variant_id;
  }
  const std::vector<std::string> seat_names = choices.seat_names(setup.variant_id);
  for (std::size_t i = 0; i < players.size(); ++i) {
    // A seat without a name is allowed; the spaces around a typed name are
    // not part of it (core/player_name.h).
    const std::string_view name = core::trim_spaces(players[i]);
    if (name.empty()) continue;
    if (std::string why = core::player_name_problem(name); !why.empty()) {
      return "player " + std::to_string(i + 1) + " (" + seat_names[i] + ") " + hub::quote_short(players[i]) + ": " + why;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (name == core::trim_spaces(players[j])) {
        return "two seats are named \"" + std::string(name) + "\" (" + seat_names[j] + " and " + seat_names[i] + ")";
      }
    }
  }
  if (!setup.bots.empty()) {  // issue 33: read as --bots reads it
    variants::LoadResult v = variants::load_id(setup.variant_id);
    if (!v.ok()) return "the variant " + setup.variant_id + " cannot be loaded";
    auto bots = session::parse_bot_seats(setup.bots, *v.rules);
    if (!bots.ok()) return "the bots " + setup.bots + ": " + bots.error().message;
  }
  return "";
}

}  // namespace

LoadedSetup load_setup(const std::string& state_dir, const SetupChoices& choices) {
  LoadedSetup out;
  const std::string path = setup_file(state_dir);
  std::error_code ec;
  out.exists = fs::exists(path, ec);
  if (!out.exists) return out;
  std::string text;
  if (!read_text(path, text)) {
    out.problem = path + ": cannot be read";
    return out;
  }
  setup::Setup proto;
  Collector errors(path);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(text, &proto)) {
    out.problem = errors.first().empty() ? path + ": not a setup file" : errors.first();
    return out;
  }
  SetupDone s;
  s.board_profile = proto.board_profile();
  s.variant_id = proto.variant();
  s.time_control = proto.time_control();
  for (int i = 0; i < proto.players_size(); ++i) s.players += (i > 0 ? "," : "") + proto.players(i);
  s.bots = proto.bots();
  if (std::string why = check_setup(s, choices); !why.empty()) {
    out.problem = path + ": " + why;
    return out;
  }
  if (!s.board_profile.empty() && !choices.board(s.board_profile)->administrator &&
      !fs::exists(board_file(state_dir), ec)) {
    out.problem = path + ": the board profile " + s.board_profile + " is chosen but " +
                  board_file(state_dir) + " is missing";
    return out;
  }
  out.setup = s;
  return out;
}

std::string save_setup(const std::string& state_dir, const SetupDone& setup,
                       const SetupChoices& choices) {
  if (std::string why = check_setup(setup, choices); !why.empty()) return why;
  std::error_code ec;
  fs::create_directories(state_dir, ec);
  const BoardOption* board = choices.board(setup.board_profile);
  const std::string board_path = board_file(state_dir);
  if (board->id.empty() || board->administrator) {
    // The virtual board, or /etc's profile: no copy for tabula-boardd.
    fs::remove(board_path, ec);
    if (ec) return "cannot remove " + board_path + ": " + ec.message();
  } else {
    std::string profile;
    if (!read_text(board->file, profile)) return "cannot read the board profile " + board->file;
    if (std::string e = write_atomically(board_path, profile); !e.empty()) return e;
  }
  setup::Setup proto;
  proto.set_board_profile(setup.board_profile);
  proto.set_variant(setup.variant_id);
  proto.set_time_control(setup.time_control);
  for (const std::string& p : split_players(setup.players)) proto.add_players(p);
  proto.set_bots(setup.bots);
  std::string text;
  pb::TextFormat::PrintToString(proto, &text);
  return write_atomically(
      setup_file(state_dir),
      "# The kiosk's first-boot setup (proto/setup.proto); the arbiter menu changes it.\n" + text);
}

}  // namespace tabula::ui

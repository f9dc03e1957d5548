#include "cli/infer_commands.h"

#include "cli/options.h"
#include "cli/session_options.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "session/session.h"
#include "session/trace_generator.h"
#include "trace/trace.h"
#include "variants/variant_loader.h"

// Section index: options, variants and starts, the trace with intents,
// printing, tabula infer, tabula trace.

namespace tabula::cli {

const char* const kInferUsage =
    R"(  infer --variant ID [--start NAME] [--fen FEN | --fen4 FEN4] [--settle-ms N]
        [--settle-slide-ms N] [--sliding on|off] [--slide-rest-ms N] [--commit-at-once on|off] [--promotion-timeout-ms N]
        [--random-moves requested|any] [--seed N] TRACE
                                    read a sensor trace: one line per accepted move
                                    and per ruling, then the final FEN/FEN4
  trace --variant ID GAME --seed N [--game K] [--settle-ms N] [--first-move-ms N]
        [--real-hands on|off] [--bounce-runs on|off] [--bounce-run-percent N]
        [--chatter-percent N] [--victim-chatter-percent N]
                                    turn a PGN/PGN4 game into a realistic sensor trace
                                    (--first-move-ms: the first move begins N ms after
                                    the setup is laid out, settled or not; --real-hands
                                    off: the tidy hands, without the DGT recordings'
                                    overlaps and rests; --bounce-runs on: the soak's
                                    runs of reed bounces, 10 % of reed events in runs of
                                    2-5 bounce pairs, 3 % chattering 4-20 flips, 10 % of
                                    captures with the victim's reed chattering under the
                                    capturer; the -percent options set each alone, 0-100)
)";

namespace {

using session::Millis;

// ---- options ---------------------------------------------------------------------

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// ---- variants and starts ----------------------------------------------------------------

// Every stage's rules: the variant, then the stages that follow it (004).
std::optional<core::Position> parse_start(const core::RuleSet& rules, const std::string& text,
                                          bool four, core::SeatPoints* points,
                                          const std::string& what, std::ostream& err) {
  auto pos = four ? core::parse_fen4(rules, text, points) : core::parse_fen(rules, text);
  if (!pos.ok()) {
    err << "tabula: bad " << what;
    if (pos.error().column > 0) err << " at character " << pos.error().column;
    err << ": " << pos.error().message << "\n";
    return std::nullopt;
  }
  return std::move(pos.value());
}

// ---- the trace with intents --------------------------------------------------------------

// One line of a trace file: a sensor event, an operator intent ("#!"), or a
// board snapshot as the board daemon writes it in --text mode.
struct Item {
  enum class Kind : std::uint8_t { kEvent, kIntent, kSnapshot };
  int line = 0;
  Millis time{0};
  Kind kind = Kind::kEvent;
  core::Square cell = core::kNoSquare;
  bool occupied = false;
  std::string verb;           // intents
  std::string rest;           // the words after the verb
  core::SquareSet cells;      // snapshots: occupied cells
  core::SquareSet unsettled;  // snapshots: cells the daemon is not sure of
};

// "e4" -> the cell, whether or not it is a square of the current stage.
core::Square parse_cell(const core::Geometry& g, const std::string& name) {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'p') return core::kNoSquare;
  long long rank = 0;
  if (!parse_number(name.substr(1), 1, core::kMaxRanks, rank)) return core::kNoSquare;
  int file = name[0] - 'a';
  if (!g.contains(file, static_cast<int>(rank - 1))) return core::kNoSquare;
  return core::make_square(file, static_cast<int>(rank - 1));
}

bool square_in_some_stage(const std::vector<std::shared_ptr<const core::RuleSet>>& stages,
                          core::Square cell) {
  for (const auto& r : stages) {
    if (r->geometry.contains(core::file_of(cell), core::rank_of(cell)) &&
        r->geometry.playable(r->geometry.anchor(cell))) {
      return true;
    }
  }
  return false;
}

// "<ms> ms <REASON> occupied <n>: a1 b1 ... [| unsettled <n>: c3 ...]", the
// board daemon's text form of a BoardSnapshot (firmware/wire/frame_text.cpp).
bool read_snapshot(const std::string& body, const core::Geometry& g, Item& it, std::string& why) {
  std::istringstream words(body);
  std::string ms;
  std::string unit;
  std::string reason;
  std::string word;
  words >> ms >> unit >> reason >> word;
  long long t = 0;
  if (!parse_number(ms, 0, session::kMaxInputTime.count(), t) || unit != "ms" || word != "occupied") {
    why = "expected '# snapshot <ms> ms <REASON> occupied <n>: <squares>'";
    return false;
  }
  it.kind = Item::Kind::kSnapshot;
  it.time = Millis{t};
  core::SquareSet* into = &it.cells;
  while (words >> word) {
    if (word == "|") {
      into = &it.unsettled;
      continue;
    }
    if (word.back() == ':' || word == "unsettled") continue;  // counts and labels
    core::Square cell = parse_cell(g, word);
    if (cell == core::kNoSquare) {
      why = "square '" + word + "' is not on this board";
      return false;
    }
    into->set(core::index_of(cell));
  }
  return true;
}

const std::vector<std::string> kVerbs = {"resign",  "timeout", "takeback", "draw",  "claim",
                                         "confirm", "force",   "verify",   "fault", "repaired",
                                         "promote", "choose",  "answer"};

// Reads the events (trace.h) and the intents ("#! <ms> <verb> [words]") of a
// trace file, in file order. Every problem is listed as file:line: message.
std::vector<Item> read_items(const std::string& path, const std::string& text,
                             const std::vector<std::shared_ptr<const core::RuleSet>>& stages,
                             std::vector<std::string>& errors) {
  std::vector<std::pair<int, std::string>> problems;  // by line, to list them in order
  trace::TraceParse parsed = trace::parse_trace(text, path);
  for (const trace::TraceError& e : parsed.errors) problems.emplace_back(e.line, e.to_string());
  if (!parsed.ok()) {
    // The parser keeps no events once a line is bad; read the good lines one
    // by one, so that their squares are checked too and one run lists all.
    std::istringstream lines(text);
    std::string one;
    for (int n = 1; std::getline(lines, one); ++n) {
      trace::TraceParse p = trace::parse_trace(one, path);
      if (!p.ok() || p.events.size() != 1) continue;
      p.events.front().line = n;
      parsed.events.push_back(p.events.front());
    }
  }
  const core::RuleSet& rules = *stages.front();
  std::vector<Item> items;
  for (const trace::TraceEvent& e : parsed.events) {
    Item it;
    it.line = e.line;
    it.time = e.time;
    it.kind = Item::Kind::kEvent;
    it.cell = parse_cell(rules.geometry, e.square);
    it.occupied = e.motion == trace::Motion::kDown;
    if (it.cell == core::kNoSquare || !square_in_some_stage(stages, it.cell)) {
      problems.emplace_back(e.line, path + ":" + std::to_string(e.line) + ": square '" + e.square +
                                        "' is not on the " + rules.id + " board (" +
                                        std::to_string(rules.geometry.width()) + "x" +
                                        std::to_string(rules.geometry.height()) + ", " +
                                        std::to_string(rules.geometry.playable_count()) +
                                        " squares)");
      continue;
    }
    items.push_back(it);
  }
  // The intents and the daemon's snapshots: comments to every other reader.
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    std::size_t at = line.find_first_not_of(" \t");
    if (at != std::string::npos && line.compare(at, 11, "# snapshot ") == 0) {
      Item it;
      std::string why;
      if (read_snapshot(line.substr(at + 11), rules.geometry, it, why)) {
        it.line = n;
        items.push_back(it);
      } else {
        problems.emplace_back(n, path + ":" + std::to_string(n) + ": bad board snapshot: " + why);
      }
      continue;
    }
    if (at == std::string::npos || line.compare(at, 2, "#!") != 0) continue;
    std::istringstream words(line.substr(at + 2));
    std::string ms;
    Item it;
    it.line = n;
    it.kind = Item::Kind::kIntent;
    words >> ms >> it.verb;
    std::getline(words, it.rest);
    it.rest.erase(0, it.rest.find_first_not_of(" \t"));
    while (!it.rest.empty() &&
           (it.rest.back() == ' ' || it.rest.back() == '\t' || it.rest.back() == '\r'))
      it.rest.pop_back();
    long long t = 0;
    if (!parse_number(ms, 0, session::kMaxInputTime.count(), t)) {
      problems.emplace_back(n, path + ":" + std::to_string(n) + ": bad intent time '" + ms +
                                   "': expected '#! <milliseconds> <intent> [...]'");
      continue;
    }
    if (std::find(kVerbs.begin(), kVerbs.end(), it.verb) == kVerbs.end()) {
      std::string all;
      for (const std::string& v : kVerbs) all += (all.empty() ? "" : ", ") + v;
      problems.emplace_back(n, path + ":" + std::to_string(n) + ": unknown intent '" + it.verb +
                                   "': expected one of " + all);
      continue;
    }
    it.time = Millis{t};
    items.push_back(it);
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.line < b.line; });
  for (std::size_t i = 1; i < items.size(); ++i) {
    // Events among themselves were checked by the trace parser; intents too.
    bool events = items[i].kind == Item::Kind::kEvent && items[i - 1].kind == Item::Kind::kEvent;
    if (items[i].time < items[i - 1].time && !events) {
      problems.emplace_back(items[i].line,
                            path + ":" + std::to_string(items[i].line) +
                                ": time goes backwards: " + std::to_string(items[i].time.count()) +
                                " ms after " + std::to_string(items[i - 1].time.count()) +
                                " ms at line " + std::to_string(items[i - 1].line));
    }
  }
  std::stable_sort(problems.begin(), problems.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& p : problems) errors.push_back(std::move(p.second));
  return items;
}

core::Seat seat_named(const core::RuleSet& rules, const std::string& name) {
  for (int s = 0; s < rules.seat_count(); ++s) {
    const core::SeatDef& d = rules.seats[s];
    if (lower(d.name) == lower(name) ||
        (name.size() == 1 && std::tolower(static_cast<unsigned char>(d.letter)) == std::tolower(static_cast<unsigned char>(name[0])))) {
      return core::seat_at(s);
    }
  }
  return core::kNoSeat;
}

// The intent an item asks for, read against the session as it is now (an
// answer names an option of the question open at that moment).
std::optional<session::Intent> intent_of(const Item& it, const session::Session& s,
                                         const std::string& path, std::string& error) {
  const core::RuleSet& rules = s.game().rules();
  const core::Geometry& g = rules.geometry;
  session::Intent in;
  in.time = it.time;
  auto fail = [&](const std::string& why) -> std::optional<session::Intent> {
    error = path + ":" + std::to_string(it.line) + ": " + why;
    return std::nullopt;
  };
  const std::string& v = it.verb;
  if (v == "resign" || v == "timeout") {
    in.kind = v == "resign" ? session::IntentKind::kResign : session::IntentKind::kTimeout;
    in.seat = seat_named(rules, it.rest);
    if (in.seat == core::kNoSeat) {
      std::string all;
      for (const core::SeatDef& d : rules.seats) all += (all.empty() ? "" : ", ") + d.name;
      return fail("unknown seat '" + it.rest + "' (seats: " + all + ")");
    }
  } else if (v == "takeback") {
    long long n = 0;
    if (!parse_number(it.rest, 1, 10000, n))
      return fail("takeback needs a number of moves, got '" + it.rest + "'");
    in.kind = session::IntentKind::kTakeback;
    in.count = static_cast<int>(n);
  } else if (v == "draw" || v == "claim" || v == "confirm" || v == "force" || v == "verify") {
    in.kind = v == "draw"     ? session::IntentKind::kAgreeDraw
              : v == "claim"  ? session::IntentKind::kClaimDraw
              : v == "verify" ? session::IntentKind::kVerifyBoard
                              : session::IntentKind::kConfirmSetup;
    in.force = v == "force";
  } else if (v == "fault" || v == "repaired") {
    in.kind =
        v == "fault" ? session::IntentKind::kSensorFault : session::IntentKind::kSensorRepaired;
    in.square = parse_cell(g, it.rest);
    if (in.square == core::kNoSquare)
      return fail("'" + it.rest + "' is not a square of this board");
  } else if (v == "promote") {
    in.kind = session::IntentKind::kChoosePiece;
    in.piece = it.rest.size() == 1
                   ? rules.kind_by_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(it.rest[0]))))
                   : core::kNoKind;
    if (in.piece == core::kNoKind)
      return fail("'" + it.rest + "' is not a piece letter of " + rules.id);
  } else if (v == "answer") {
    std::istringstream w(it.rest);
    long long id = 0;
    long long option = 0;
    std::string a;
    std::string b;
    w >> a >> b;
    if (!parse_number(a, 0, 1LL << 31, id) || !parse_number(b, 0, 1000, option)) {
      return fail("answer needs a question number and an option number");
    }
    in.kind = session::IntentKind::kAnswer;
    in.request = static_cast<std::uint32_t>(id);
    in.option = static_cast<int>(option);
  } else {  // choose: an option's label, or the move (coordinate or long algebraic)
    in.kind = session::IntentKind::kChooseOption;
    in.text = it.rest;
    for (const session::Request& r : s.requests()) {
      for (std::size_t i = 0; i < r.options.size(); ++i) {
        const core::Move& m = r.options[i].move;
        bool named = lower(r.options[i].label) == lower(it.rest);
        if (!named && r.kind == session::RequestKind::kWhichMove) {
          named = core::coordinate(s.game().position(), m) == it.rest ||
                  core::long_algebraic(s.game().position(), m) == it.rest;
        }
        if (named) {
          in.kind = session::IntentKind::kAnswer;
          in.request = r.id;
          in.option = static_cast<int>(i);
        }
      }
    }
  }
  return in;
}

// ---- printing -----------------------------------------------------------------------

void print(const session::Output& o, std::ostream& out) {
  for (const session::Ruling& r : o.rulings) {
    if (r.move >= 0) {
      out << o.moves[static_cast<std::size_t>(r.move)].text << "\n";
      continue;
    }
    const char* kind = r.game ? core::to_string(r.game->kind) : session::to_string(r.kind);
    out << "[" << r.time.count() << " ms] " << core::to_string(r.severity) << " " << kind << ": "
        << r.text << "\n";
  }
}

std::string final_position(const core::Game& g) {
  if (g.rules().four_player_notation) {
    core::SeatPoints points{};
    for (int s = 0; s < g.rules().seat_count(); ++s)
      points[static_cast<std::size_t>(s)] = g.points(core::seat_at(s));
    return core::to_fen4(g.position(), points);
  }
  return core::to_fen(g.position());
}

}  // namespace

// ---- tabula infer ---------------------------------------------------------------------

int cmd_infer(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, "infer",
                         {"variant", "start", "fen", "fen4", "settle-ms", "settle-slide-ms", "sliding", "slide-rest-ms", "commit-at-once", "promotion-timeout-ms",
                          "random-moves", "seed"},
                         err);
  if (!o) return 2;
  if (o->positional.size() != 1) {
    err << "tabula: infer needs exactly one TRACE file\n";
    return 2;
  }
  if (!o->values.count("variant")) {
    err << "tabula: --variant ID is required (see `tabula variants`)\n";
    return 2;
  }
  if (o->values.count("fen") && o->values.count("fen4")) {
    err << "tabula: give --fen or --fen4, not both\n";
    return 2;
  }
  session::SessionSettings settings;
  if (!read_session_settings(*o, settings, err)) return 2;
  std::string start_name = o->values.count("start") ? o->values.at("start") : "";
  auto stages = load_stages(o->values.at("variant"), start_name, err);
  if (stages.empty()) return 1;
  const core::RuleSet& rules = *stages.front();
  std::optional<core::Position> start;
  if (auto it = o->values.find("fen"); it != o->values.end()) {
    start = parse_start(rules, it->second, false, nullptr, "FEN", err);
  } else if (auto it4 = o->values.find("fen4"); it4 != o->values.end()) {
    start = parse_start(rules, it4->second, true, nullptr, "FEN4", err);
  } else {
    start = parse_start(rules, rules.start_fen, rules.four_player_notation, nullptr,
                        "start position", err);
  }
  if (!start) return 1;

  const std::string& path = o->positional.front();
  std::string text, why;
  if (!read_text_file(path, text, &why)) {
    err << "tabula: " << path << ": cannot read the trace: " << why << "\n";
    return 1;
  }
  std::vector<std::string> errors;
  std::vector<Item> items = read_items(path, text, stages, errors);
  if (!errors.empty()) {
    for (const std::string& e : errors) err << e << "\n";
    return 1;
  }

  session::Session s(stages, *start, settings);
  Millis last{0};
  for (const Item& it : items) {
    last = it.time;
    if (it.kind == Item::Kind::kEvent) {
      print(s.on_event(session::SquareEvent{it.time, it.cell, it.occupied}), out);
      continue;
    }
    if (it.kind == Item::Kind::kSnapshot) {
      // Cells the daemon is not sure of keep the state they have.
      const core::SquareSet& now = s.tracker().board().cells();
      print(s.on_snapshot(
                session::BoardSnapshot{it.time, (it.cells & ~it.unsettled) | (now & it.unsettled)}),
            out);
      continue;
    }
    std::string error;
    std::optional<session::Intent> in = intent_of(it, s, path, error);
    if (!in) {
      err << error << "\n";
      return 1;
    }
    print(s.intent(*in), out);
  }
  // Let the last move settle and open questions default.
  Millis limit = last + settings.promotion_timeout + settings.tracker.hold_warning + Millis{60000};
  for (int guard = 0; guard < 1000; ++guard) {
    std::optional<Millis> d = s.next_deadline();
    if (!d || *d > limit) break;
    print(s.tick(*d), out);
  }
  out << final_position(s.game()) << "\n";
  return 0;
}

// ---- tabula trace ---------------------------------------------------------------------

int cmd_trace(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto o = parse_options(args, "trace",
                         {"variant", "seed", "game", "settle-ms", "first-move-ms", "real-hands",
                          "bounce-runs", "bounce-run-percent", "chatter-percent",
                          "victim-chatter-percent"},
                         err);
  if (!o) return 2;
  if (o->positional.size() != 1) {
    err << "tabula: trace needs exactly one GAME file (PGN or PGN4)\n";
    return 2;
  }
  if (!o->values.count("variant") || !o->values.count("seed")) {
    err << "tabula: trace needs --variant ID and --seed N\n";
    return 2;
  }
  long long seed = 0;
  long long game_no = 1;
  session::GeneratorSettings gs;
  long long settle = gs.settle.count();
  if (!number_option(*o, "seed", 0, 1LL << 62, seed, err) ||
      !number_option(*o, "game", 1, 1000000, game_no, err) ||
      !number_option(*o, "settle-ms", 10, 60000, settle, err)) {
    return 2;
  }
  if (o->values.count("first-move-ms")) {
    long long first = 0;
    if (!number_option(*o, "first-move-ms", 0, 3600000, first, err)) return 2;
    gs.first_move_at = Millis{first};
  }
  if (auto it = o->values.find("real-hands"); it != o->values.end()) {
    if (it->second != "on" && it->second != "off") {
      err << "tabula: --real-hands must be \"on\" or \"off\", got \"" << it->second << "\"\n";
      return 2;
    }
    gs.real_hands = it->second == "on";
  }
  // Session 29's reeds (GeneratorSettings: bounce_run, chatter,
  // victim_chatter; off by default): `--bounce-runs on` is the soak's rates
  // (inference_soak --bounce-runs on), each -percent option sets one alone.
  if (auto it = o->values.find("bounce-runs"); it != o->values.end()) {
    if (it->second != "on" && it->second != "off") {
      err << "tabula: --bounce-runs must be \"on\" or \"off\", got \"" << it->second << "\"\n";
      return 2;
    }
    const bool on = it->second == "on";
    gs.bounce_run = on ? 10 : 0;
    gs.chatter = on ? 3 : 0;
    gs.victim_chatter = on ? 10 : 0;
  }
  for (auto [name, field] : {std::pair<const char*, int*>{"bounce-run-percent", &gs.bounce_run},
                             {"chatter-percent", &gs.chatter},
                             {"victim-chatter-percent", &gs.victim_chatter}}) {
    long long percent = *field;
    if (!number_option(*o, name, 0, 100, percent, err)) return 2;
    *field = static_cast<int>(percent);
  }
  gs.seed = static_cast<std::uint64_t>(seed);
  gs.settle = Millis{settle};
  const std::string& path = o->positional.front();
  std::string text, problem;
  if (!read_text_file(path, text, &problem)) {
    err << "tabula: " << path << ": " << problem << "\n";
    return 1;
  }
  auto records = core::parse_pgn(text);
  if (!records.ok()) {
    err << path << ":" << records.error().line << ":" << records.error().column << ": "
        << records.error().message << "\n";
    return 1;
  }
  if (records->size() < static_cast<std::size_t>(game_no)) {
    err << "tabula: " << path << " holds " << records->size() << " game(s), not " << game_no
        << "\n";
    return 1;
  }
  const core::PgnRecord& record = (*records)[static_cast<std::size_t>(game_no - 1)];

  // The start, as `tabula replay` reads it: a named array, a FEN4 or FEN tag,
  // or the variant's own.
  const std::string& id = o->values.at("variant");
  std::string why;
  variants::RecordStart rs = variants::record_start(id, record.tag("StartFen4"), record.tag("FEN"), why);
  if (!rs.rules) {
    err << "tabula: " << why;
    return 1;
  }
  auto rules = rs.rules;
  const std::string& named = rs.named;
  const std::string start_tag = record.tag("StartFen4");
  const std::string fen_tag = record.tag("FEN");
  const std::string& start_text = rs.position;
  bool four = rules->four_player_notation;
  core::SeatPoints points{};
  auto start =
      parse_start(*rules, start_text, four, &points, "start position in the tags of " + path, err);
  if (!start) return 1;

  auto actions = session::actions_from_record(rules, *start, points, record);
  if (!actions.ok()) {
    err << path << ":" << actions.error().line
        << ": the record is refused: " << actions.error().message << "\n";
    return 1;
  }
  auto script = session::generate_script(rules, *start, *actions, gs);
  if (!script.ok()) {
    err << "tabula: " << path << ": " << script.error().message << "\n";
    return 1;
  }
  bool any_random = false;
  bool resigned = false;
  for (const session::Action& a : *actions) {
    resigned = resigned || a.kind != session::Action::Kind::kMove;
    any_random = any_random || (resigned && a.kind == session::Action::Kind::kMove);
  }
  std::string infer = "tabula infer --variant " + id;
  if (!named.empty()) infer += " --start " + named;
  if (named.empty() && (!start_tag.empty() || !fen_tag.empty())) {
    infer += std::string(four ? " --fen4 '" : " --fen '") + start_text + "'";
  }
  if (gs.settle != session::SessionSettings{}.tracker.settle)
    infer += " --settle-ms " + std::to_string(settle);
  if (any_random) infer += " --random-moves any";
  out << "# tabula trace --variant " << id << " " << path << " --game " << game_no << " --seed "
      << seed << (gs.real_hands ? "" : " --real-hands off");
  if (gs.bounce_run != 0) out << " --bounce-run-percent " << gs.bounce_run;
  if (gs.chatter != 0) out << " --chatter-percent " << gs.chatter;
  if (gs.victim_chatter != 0) out << " --victim-chatter-percent " << gs.victim_chatter;
  out << "\n";
  out << "# " << counted(static_cast<long long>(script->moves.size()), "move", "moves") << "; settle time " << gs.settle.count()
      << " ms. Read it back with:\n";
  out << "#   " << infer << " FILE\n";
  out << "# Format: <milliseconds> <square> <up|down> (firmware/trace/trace.h); \"#!\" lines are\n";
  out << "# operator intents (docs/INFERENCE.md).\n";
  for (std::size_t i = 0; i < script->inputs.size(); ++i) {
    const session::Input& in = script->inputs[i];
    if (!script->notes[i].empty()) out << "# " << script->notes[i] << "\n";
    if (const auto* e = std::get_if<session::SquareEvent>(&in)) {
      trace::TraceEvent te;
      te.time = e->time;
      te.square = rules->geometry.name(e->square);
      te.motion = e->occupied ? trace::Motion::kDown : trace::Motion::kUp;
      out << trace::format_event(te) << "\n";
    } else if (const auto* it = std::get_if<session::Intent>(&in)) {
      out << "#! " << it->time.count() << " ";
      switch (it->kind) {
        case session::IntentKind::kResign:
          out << "resign " << rules->seats[core::index_of(it->seat)].name;
          break;
        case session::IntentKind::kTimeout:
          out << "timeout " << rules->seats[core::index_of(it->seat)].name;
          break;
        case session::IntentKind::kChoosePiece:
          out << "promote " << static_cast<char>(std::tolower(static_cast<unsigned char>(rules->piece(it->piece).letter)));
          break;
        default:
          out << session::to_string(it->kind);
          break;
      }
      out << "\n";
    }
  }
  return 0;
}

}  // namespace tabula::cli

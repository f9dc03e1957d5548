#include "cli/play_commands.h"

#include <fcntl.h>
#include <unistd.h>

#include "cli/bot_play_command.h"
#include "cli/options.h"
#include "cli/play_header.h"
#include "cli/resume_check.h"
#include "cli/session_options.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <tuple>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/player_name.h"
#include "core/quote.h"
#include "hub/board_publisher.h"
#include "hub/topics.h"
#include "journal/archive.h"
#include "journal/journal.h"
#include "journal/replace_file.h"
#include "journal/resume.h"
#include "session/session.h"
#include "trace/trace.h"
#include "variants/variant_loader.h"

// Section index: options, variants, trace items, tabula play, tabula archive.

namespace tabula::cli {

const char* const kPlayUsage =
    R"(  play --variant ID --journal FILE --trace TRACE [--start NAME] [--fen FEN | --fen4 FEN4]
       [--settle-ms N] [--settle-slide-ms N] [--sliding on|off] [--slide-rest-ms N] [--commit-at-once on|off] [--promotion-timeout-ms N]
       [--random-moves requested|any] [--seed N]
       [--clock MIN+INC | MINdDELAY | MINbBRONSTEIN]
       [--broker HOST[:PORT]|mqtts://HOST --hub-event E --board B [--broker-ca F]
        [--broker-user U --broker-password-file F] [--arbiter-key F] [--board-key F]]
                                    headless session, journaled; resumes from FILE
                                    (options must then agree with the journal's);
                                    with --broker, published to the hub (docs/HUB.md)
  play --variant ID --bots SEAT=LEVEL,... [--journal FILE] [--seed N] [--movetime-ms M]
       [--start NAME] [--fen FEN | --fen4 FEN4] [--clock TC] [--max-plies P] [--event E] [--site S]
       [--players A,B,...] [--stockfish PATH] [--hint-engine stockfish|tabula]
       [--stockfish-after-resume keep|again]
                                    humans type moves (or hint, again, takeback: back to
                                    the typer's own last move, resign, quit), bots answer;
                                    LEVEL 1-8, greedy, or in chess
                                    stockfish, stockfish:ELO, stockfish:skillN (docs/BOTS.md);
                                    the rulings name the players beside their seats:
                                    Hint for Ann (White)
  archive list|show|export --journal FILE [--out F]
                                    the journaled game; export as PGN or PGN4
)";

namespace {

using session::Millis;

// ---- options -------------------------------------------------------------------

// ---- trace items ------------------------------------------------------------------------

// The trace as session inputs: sensor events, and "#! <ms> <verb> [seat|n]"
// operator intents (the verbs of `tabula infer` without arguments that need
// the session's open question: resign, timeout, draw, claim, confirm, force,
// verify, takeback). Every problem is listed as file:line: message.
std::vector<session::Input> read_inputs(const std::string& path, const core::RuleSet& rules,
                                        std::vector<std::string>& errors) {
  // Read once (at most trace::kMaxTraceBytes: /dev/zero was read for ever),
  // then parsed for sensor events and scanned for intents.
  std::string whole;
  std::string problem;
  if (!read_text_file(path, whole, &problem, trace::kMaxTraceBytes)) {
    errors.push_back(path + ":0: " + problem);
    return {};
  }
  trace::TraceParse parsed = trace::parse_trace(whole, path);
  for (const trace::TraceError& e : parsed.errors) errors.push_back(e.to_string());
  // Events and intents each come in line order; they are merged by line below.
  std::vector<std::pair<int, session::SquareEvent>> events;
  std::vector<std::pair<int, session::Intent>> intents;
  const core::Geometry& g = rules.geometry;
  for (const trace::TraceEvent& e : parsed.events) {
    core::Square cell = core::kNoSquare;
    const std::string& n = e.square;
    if (n.size() >= 2 && n[0] >= 'a' && n[0] <= 'p') {
      int rank = std::atoi(n.c_str() + 1);
      if (rank >= 1 && g.contains(n[0] - 'a', rank - 1)) cell = core::make_square(n[0] - 'a', rank - 1);
    }
    if (cell == core::kNoSquare) {
      errors.push_back(path + ":" + std::to_string(e.line) + ": square '" + n + "' is not on the " + rules.id + " board");
      continue;
    }
    events.emplace_back(e.line, session::SquareEvent{e.time, cell, e.motion == trace::Motion::kDown});
  }
  std::istringstream in(whole);
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    std::size_t at = text.find_first_not_of(" \t");
    if (at == std::string::npos || text.compare(at, 2, "#!") != 0) continue;
    std::istringstream w(text.substr(at + 2));
    long long ms = -1;
    std::string verb;
    std::string arg;
    w >> ms >> verb;
    // The rest of the line is the argument, whole: "resign White Black" or
    // "takeback 2x" is refused, not read as its first word (session 13).
    std::getline(w, arg);
    arg.erase(0, arg.find_first_not_of(" \t"));
    while (!arg.empty() && (arg.back() == ' ' || arg.back() == '\t' || arg.back() == '\r')) arg.pop_back();
    session::Intent i;
    i.time = Millis{ms};
    auto fail = [&](const std::string& why) { errors.push_back(path + ":" + std::to_string(n) + ": " + why); };
    static_assert(trace::kMaxTimeMs == session::kMaxInputTime.count());
    if (ms < 0 || ms > session::kMaxInputTime.count()) {
      fail("bad intent: expected '#! <milliseconds> <intent> [...]' (at most ten years of milliseconds)");
      continue;
    }
    if (verb == "resign" || verb == "timeout") {
      i.kind = verb == "resign" ? session::IntentKind::kResign : session::IntentKind::kTimeout;
      for (int s = 0; s < rules.seat_count(); ++s) {
        if (rules.seats[static_cast<std::size_t>(s)].name == arg) i.seat = core::seat_at(s);
      }
      if (i.seat == core::kNoSeat) {
        fail("unknown seat '" + core::printable_input(arg) + "'");
        continue;
      }
    } else if (verb == "takeback") {
      // As `tabula infer` reads it. Before, std::atoi and at least 1: "takeback
      // abc", "takeback 0", "takeback -5" and "takeback 99999999999999999999"
      // each took back one move, recorded as the arbiter's.
      long long count = 0;
      if (!parse_number(arg, 1, 10000, count)) {
        fail("takeback needs a number of moves from 1 to 10000, got '" + core::printable_input(arg) + "'");
        continue;
      }
      i.kind = session::IntentKind::kTakeback;
      i.count = static_cast<int>(count);
    } else if (verb == "draw" || verb == "claim" || verb == "verify" || verb == "confirm" || verb == "force") {
      if (!arg.empty()) {
        fail("intent '" + verb + "' takes nothing after it, got '" + core::printable_input(arg) + "'");
        continue;
      }
      i.kind = verb == "draw"     ? session::IntentKind::kAgreeDraw
               : verb == "claim"  ? session::IntentKind::kClaimDraw
               : verb == "verify" ? session::IntentKind::kVerifyBoard
                                  : session::IntentKind::kConfirmSetup;
      i.force = verb == "force";
    } else {
      fail("intent '" + core::printable_input(verb) + "' is not supported by `tabula play` yet (resign, timeout, takeback, draw, claim, "
           "verify, confirm, force)");
      continue;
    }
    intents.emplace_back(n, i);
  }
  std::vector<session::Input> out;
  std::size_t a = 0;
  std::size_t b = 0;
  while (a < events.size() || b < intents.size()) {
    bool take_event = b >= intents.size() || (a < events.size() && events[a].first < intents[b].first);
    int line = take_event ? events[a].first : intents[b].first;
    if (take_event) {
      out.emplace_back(events[a++].second);
    } else {
      out.emplace_back(intents[b++].second);
    }
    if (out.size() > 1 && session::time_of(out.back()) < session::time_of(out[out.size() - 2])) {
      errors.push_back(path + ":" + std::to_string(line) + ": time goes backwards");
    }
  }
  return out;
}

void print(const session::Output& o, std::ostream& out) {
  for (const session::Ruling& r : o.rulings) {
    if (r.move >= 0 && static_cast<std::size_t>(r.move) < o.moves.size()) {
      out << o.moves[static_cast<std::size_t>(r.move)].text << "\n";
      continue;
    }
    const char* kind = r.game ? core::to_string(r.game->kind) : session::to_string(r.kind);
    out << "[" << r.time.count() << " ms] " << core::to_string(r.severity) << " " << kind << ": " << r.text << "\n";
  }
}

bool is_tick(const session::Input& in) { return std::holds_alternative<session::Tick>(in); }

// The hub's options of `tabula play` (docs/HUB.md), read and checked whole:
// names, the broker's address, the password and key files. nullopt without
// --broker; 0, or the exit code after saying what is wrong.
int read_hub_options(const Options& o, std::optional<hub::PublisherConfig>& config, std::ostream& err) {
  auto value = [&](const char* k) { return o.values.count(k) ? o.values.at(k) : std::string(); };
  if (!o.values.count("broker")) {
    // Before, these were ignored without a word: a game meant for the hub
    // was played unpublished.
    for (const char* k : {"hub-event", "board", "broker-ca", "broker-user", "broker-password-file", "arbiter-key",
                          "board-key"}) {
      if (o.values.count(k)) {
        err << "tabula: --" << k << " is an option of the hub: give --broker too, or leave it out\n";
        return 2;
      }
    }
    return 0;
  }
  for (const char* need : {"hub-event", "board"}) {
    if (!o.values.count(need)) {
      err << "tabula: --broker needs --" << need << "\n";
      return 2;
    }
  }
  hub::PublisherConfig pc;
  pc.info.event = value("hub-event");
  pc.info.board = value("board");
  for (const auto& [option, what, name] :
       {std::tuple{"hub-event", "event", pc.info.event}, std::tuple{"board", "board", pc.info.board}}) {
    if (const std::string why = hub::check_name(what, name); !why.empty()) {
      err << "tabula: --" << option << ": " << why << "\n";
      return 2;
    }
  }
  std::string e;
  if (!hub::configure({value("broker"), value("broker-ca"), value("broker-user"), value("broker-password-file"),
                       value("arbiter-key"), value("board-key")},
                      pc, e)) {
    err << "tabula: hub: " << e << "\n";
    return 1;
  }
  config = std::move(pc);
  return 0;
}

}  // namespace

// ---- tabula play ------------------------------------------------------------------------

bool new_journal_header(const Options& o, const core::RuleSet& rules, const std::string& variant,
                        const std::string& start_name, const session::SessionSettings& settings,
                        journal::JournalHeader& h, std::ostream& err) {
  h.variant = variant;
  h.start_name = start_name;
  h.start_position = o.values.count("fen")    ? o.values.at("fen")
                     : o.values.count("fen4") ? o.values.at("fen4")
                                              : rules.start_fen;
  std::string why;
  if (!journal::start_position(h, rules, why)) {
    err << "tabula: " << why << "\n";
    return false;
  }
  h.set_settings(settings);
  h.created = journal::utc_timestamp();
  // The journal's header goes into the export's tags, `archive show` and the
  // hub: one line of visible text (a line break wrote lines of its own there,
  // a bidi override turned the hub's board list around): the name rule,
  // core/player_name.h, at kMaxLineChars.
  for (const char* name : {"event", "site"}) {
    auto it = o.values.find(name);
    if (it == o.values.end()) continue;
    const std::string text(core::trim_spaces(it->second));  // typed: the spaces around it go
    if (text.empty()) continue;
    if (const std::string problem = core::text_problem(text, core::kMaxLineChars); !problem.empty()) {
      err << "tabula: --" << name << ": one line of text without control characters or invisible format characters, "
          << "at most " << core::kMaxLineChars << " characters; " << core::quote_input(text) << " " << problem << "\n";
      return false;
    }
    (std::string(name) == "event" ? h.event : h.site) = text;
  }
  // s30-table: --players "Ann,Ben,..." in seat order, as the kiosk's
  // --players reads them (ui/kiosk_options.cpp): typed, the spaces around a
  // name go; "" leaves a seat unnamed; the name rule, core/player_name.h.
  if (auto it = o.values.find("players"); it != o.values.end()) {
    const std::string& names = it->second;
    std::vector<std::string> players;
    for (std::size_t at = 0; at <= names.size();) {
      const std::size_t comma = names.find(',', at);
      players.emplace_back(core::trim_spaces(names.substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (static_cast<int>(players.size()) > rules.seat_count()) {
      err << "tabula: --players names " << players.size() << " players; " << rules.name << " has "
          << rules.seat_count() << " seats\n";
      return false;
    }
    for (std::size_t seat = 0; seat < players.size(); ++seat) {
      if (players[seat].empty()) continue;
      if (const std::string problem = core::player_name_problem(players[seat]); !problem.empty()) {
        err << "tabula: --players: player " << seat + 1 << " " << core::quote_input(players[seat]) << ": " << problem << "\n";
        return false;
      }
      for (std::size_t j = 0; j < seat; ++j) {
        if (players[seat] == players[j]) {
          err << "tabula: --players: two players are named " << core::quote_input(players[seat]) << "\n";
          return false;
        }
      }
    }
    while (!players.empty() && players.back().empty()) players.pop_back();
    h.players = players;
  }
  return true;
}

int cmd_play(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::size_t first = !args.empty() && args[0] == "play" ? 1 : 0;
  auto o = parse_options(args, first,
                         {"variant", "journal", "trace", "start", "fen", "fen4", "settle-ms", "settle-slide-ms", "sliding", "slide-rest-ms", "commit-at-once", "promotion-timeout-ms",
                          "random-moves", "seed", "event", "site", "clock", "broker", "broker-ca", "broker-user",
                          "broker-password-file", "board", "hub-event", "arbiter-key", "board-key", "bots", "movetime-ms", "max-plies",
                          "players", "stockfish", "hint-engine", "stockfish-after-resume"},
                         {}, "play", err);
  if (!o) return 2;
  if (!o->positional.empty()) {
    err << "tabula: play takes no positional arguments (got \"" << o->positional.front() << "\")\n";
    return 2;
  }
  // Issue 33: without a trace, humans type moves and bots answer.
  if (!o->values.count("trace") && o->values.count("bots")) return cmd_play_typed(args, std::cin, out, err);
  if (o->values.count("bots") || o->values.count("movetime-ms") || o->values.count("max-plies") ||
      o->values.count("players") || o->values.count("stockfish") || o->values.count("hint-engine") ||
      o->values.count("stockfish-after-resume")) {
    err << "tabula: play with --trace reads the table's moves from the trace; --bots, --movetime-ms, --max-plies, "
           "--players, --stockfish, --hint-engine and --stockfish-after-resume are for typed play (without --trace)\n";
    return 2;
  }
  for (const char* need : {"variant", "journal", "trace"}) {
    if (!o->values.count(need)) {
      err << "tabula: play needs --" << need << "\n" << kPlayUsage;
      return 2;
    }
  }
  const std::string& path = o->values.at("journal");
  const std::string& trace_path = o->values.at("trace");
  const std::string variant = o->values.at("variant");
  // Every option is checked before a journal is opened or made: a refused
  // hub option (`--board 'a/b'`, a key file unreadable) used to come after
  // Journal::create and left a new journal behind (session 13).
  std::optional<hub::PublisherConfig> hub_config;
  if (int bad = read_hub_options(*o, hub_config, err); bad != 0) return bad;

  journal::Journal j;
  journal::JournalContents contents;
  std::error_code ec;
  std::vector<std::string> errors;
  std::vector<session::Input> inputs;
  bool inputs_read = false;
  if (std::filesystem::exists(path, ec)) {
    journal::JournalStatus s = journal::Journal::open(path, journal::Journal::Access::kAppend, j);
    if (s.ok()) s = j.load(contents);
    if (!s.ok()) {
      err << "tabula: " << s.message << "\n";
      return 1;
    }
    if (!j.wal_warning().empty()) err << "tabula: warning: " << j.wal_warning() << "\n";
    if (contents.header.variant != variant) {
      err << "tabula: " << path << ": this journal is a game of " << core::printable_input(contents.header.variant) << ", not " << variant
          << "; it is left as it is\n";
      return 1;
    }
    auto stages = load_stages(variant, contents.header.start_name, err);
    if (stages.empty()) return 1;
    if (int agree = resume_options_agree(*o, contents.header, *stages.front(), path, err); agree != 0) return agree;
  } else {
    session::SessionSettings settings;
    if (!read_session_settings(*o, settings, err)) return 2;
    std::string start_name = o->values.count("start") ? o->values.at("start") : "";
    auto stages = load_stages(variant, start_name, err);
    if (stages.empty()) return 1;
    const core::RuleSet& rules = *stages.front();
    journal::JournalHeader h;
    if (!new_journal_header(*o, rules, variant, start_name, settings, h, err)) return 1;
    // The trace is read before the journal is made: a trace refused leaves
    // no journal behind (whose settings a corrected command would then have
    // to repeat).
    inputs = read_inputs(trace_path, rules, errors);
    inputs_read = true;
    if (!errors.empty()) {
      for (const std::string& e : errors) err << e << "\n";
      return 1;
    }
    journal::JournalStatus s = journal::Journal::create(path, h, j);
    if (!s.ok()) {
      err << "tabula: " << s.message << "\n";
      return 1;
    }
    contents.header = h;
  }

  const journal::JournalHeader& h = contents.header;
  auto stages = load_stages(h.variant, h.start_name, err);
  if (stages.empty()) return 1;
  journal::Resumed r = journal::resume(contents, path, stages);
  if (!r.session) {
    err << "tabula: " << r.error << "\n";
    return 1;
  }
  session::Session& s = *r.session;
  if (r.inputs > 0) {
    out << "resumed " << counted(static_cast<long long>(r.inputs), "input", "inputs") << ", "
        << counted(static_cast<long long>(s.standing_count()), "move", "moves") << " from " << path << "\n";
  }
  if (!r.rulings_warning.empty()) err << "tabula: warning: " << r.rulings_warning << "\n";

  // The hub (issue 11): every recorded input's moves and rulings go to the
  // broker through the journal's outbox, in order, each once.
  std::unique_ptr<hub::BoardPublisher> pub;
  if (hub_config) {
    hub_config->info.header = h;
    hub_config->journal_path = path;
    // Session 26: the hub's actions are not carried out here. The trace is
    // a game already played, replayed at its own times and resumed by them
    // after a crash: an action put in between would be carried out at
    // whatever trace time it happened to arrive, and would make the
    // journal differ from the trace a resume skips by. So each is answered
    // at once, plainly (before, it waited unanswered until a restart said
    // "the board restarted before carrying it out").
    hub_config->no_actions_why = "this board runs tabula play, which replays a recorded trace and takes no arbiter "
                                 "actions from the hub";
    std::string e = hub::outbox_names_problem(path, hub_config->info);
    if (!e.empty()) {
      err << "tabula: hub: " << e << "\n";
      return 1;
    }
    pub = hub::BoardPublisher::start(*hub_config, e);
    // The rulings the replay gives, not the stored rows (session 14).
    if (!pub || !pub->catch_up(journal::with_derived_rulings(contents, r), s, e)) {
      err << "tabula: hub: " << e << "\n";
      return 1;
    }
  }

  if (!inputs_read) inputs = read_inputs(trace_path, *stages.front(), errors);
  if (!errors.empty()) {
    for (const std::string& e : errors) err << e << "\n";
    return 1;
  }
  // Resume point: skip trace inputs before the last journaled time, and at
  // that time as many as the journal holds (equal times are allowed).
  std::size_t at_last = 0;
  for (const session::Input& in : contents.inputs) {
    if (!is_tick(in) && session::time_of(in) == r.last_input_time) ++at_last;
  }
  auto feed = [&](const session::Input& in) {
    session::Output res = s.handle(in);
    journal::JournalStatus st = j.record(in, res, journal::wall_clock_ms());
    if (!st.ok()) {
      err << "tabula: " << st.message << "\n";
      return false;
    }
    print(res, out);  // shown only once it is on disk
    std::string e;
    if (pub && !pub->on_recorded(j.inputs_recorded(), res, s, e)) err << "tabula: hub: " << e << "\n";
    return true;
  };
  Millis last_trace{0};
  for (const session::Input& in : inputs) {
    Millis t = session::time_of(in);
    last_trace = t;
    if (r.inputs > 0 && t < r.last_input_time) continue;
    if (r.inputs > 0 && t == r.last_input_time && at_last > 0) {
      --at_last;
      continue;
    }
    // The session acts at its own deadlines (a move settling, a question
    // defaulting); a driver ticks then, so what it says is shown on time.
    for (int guard = 0; guard < 1000; ++guard) {
      std::optional<Millis> d = s.next_deadline();
      if (!d || *d >= t) break;
      if (!feed(session::Input{session::Tick{*d}})) return 1;
    }
    if (!feed(in)) return 1;
  }
  // Let the last move settle and open questions default.
  Millis limit = last_trace + h.settings().promotion_timeout + h.settings().tracker.hold_warning + Millis{60000};
  for (int guard = 0; guard < 1000; ++guard) {
    std::optional<Millis> d = s.next_deadline();
    if (!d || *d > limit) break;
    if (!feed(session::Input{session::Tick{*d}})) return 1;
  }
  if (pub && !pub->flush(std::chrono::seconds(10))) {
    err << "tabula: hub: " << hub::describe(pub->status()) << " (kept in the outbox, sent when the broker and the hub are back)\n";
  }
  out << journal::state_summary(s);
  return 0;
}

// ---- tabula archive ---------------------------------------------------------------------

int cmd_archive(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::size_t first = !args.empty() && args[0] == "archive" ? 1 : 0;
  auto o = parse_options(args, first, {"journal", "out"}, {}, "archive", err);
  if (!o) return 2;
  // s29-newuser: each of these printed `tabula play`'s usage.
  const char* const usage = "usage: tabula archive list|show|export --journal FILE [--out F]";
  if (o->positional.empty()) {
    err << "tabula: archive needs list, show or export (" << usage << ")\n";
    return 2;
  }
  if (o->positional.size() > 1) {
    err << "tabula: archive takes one of list, show or export, not " << o->positional.size() << " words (\""
        << core::printable_input(o->positional[1]) << "\" after \"" << core::printable_input(o->positional[0]) << "\"; "
        << usage << ")\n";
    return 2;
  }
  const std::string& what = o->positional.front();
  if (what != "list" && what != "show" && what != "export") {
    err << "tabula: archive list, show or export, not \"" << core::printable_input(what) << "\"\n";
    return 2;
  }
  if (!o->values.count("journal")) {
    err << "tabula: archive " << what << " needs --journal FILE (the kiosk's game: current.db in scripts/run.sh's "
        << "TABULA_STATE, ~/.local/state/tabula by default)\n";
    return 2;
  }
  const std::string& path = o->values.at("journal");
  journal::Journal j;
  journal::JournalContents c;
  journal::JournalStatus st = journal::Journal::open(path, journal::Journal::Access::kRead, j);
  if (st.ok()) st = j.load(c);
  if (!st.ok()) {
    err << "tabula: " << st.message << "\n";
    return 1;
  }
  if (!j.wal_warning().empty()) err << "tabula: warning: " << j.wal_warning() << "\n";
  const journal::JournalHeader& h = c.header;
  if (what == "list" || what == "show") {
    out << "journal " << path << "\nvariant " << h.variant << "\nstart " << h.start_position << "\ncreated "
        << h.created << "\ninputs " << c.inputs.size() << "\nmoves " << c.moves.size() << "\n";
    for (std::size_t i = 0; i < c.moves.size(); ++i) {
      out << (i + 1) << ". [" << c.moves[i].time_ms << " ms] " << c.moves[i].text << "\n";
    }
    if (what == "list") return 0;
  }
  auto stages = load_stages(h.variant, h.start_name, err);
  if (stages.empty()) return 1;
  journal::Resumed r = journal::resume(c, path, stages);
  if (!r.session) {
    err << "tabula: " << r.error << "\n";
    return 1;
  }
  if (what == "show") {
    // The rulings the inputs give (session 14), not the rows as stored: an
    // edited row is said, never shown as the arbiter's word.
    if (!r.rulings_warning.empty()) err << "tabula: warning: " << r.rulings_warning << "\n";
    for (const journal::StoredRuling& ru : r.rulings) {
      out << "[" << ru.time_ms << " ms] " << ru.severity << " " << ru.kind << ": " << ru.text << "\n";
    }
    out << journal::state_summary(*r.session);
    return 0;
  }
  // s30-words: a Stockfish seat's moves Tabula's engine made, in comments.
  std::string record = journal::export_record(h, r.session->game(), journal::bot_comments(h, c.inputs, stages));
  if (!o->values.count("out")) {
    out << record;
    return 0;
  }
  const std::string& dest = o->values.at("out");
  if (std::string problem = overwrite_problem(dest, path); !problem.empty()) {
    err << "tabula: " << dest << ": " << problem << "\n";
    return 1;
  }
  // Made anew, never through what stands at DEST.tmp: a symbolic link
  // planted there (to the journal itself) had its target truncated and
  // written with the export (session 13; journal/replace_file.h).
  if (const std::string why = journal::replace_file(dest, record); !why.empty()) {
    err << "tabula: " << dest << ": cannot write the export (" << why << ")\n";
    return 1;
  }
  return 0;
}

}  // namespace tabula::cli

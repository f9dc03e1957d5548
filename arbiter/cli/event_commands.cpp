#include "cli/event_commands.h"

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "cli/options.h"
#include "core/player_name.h"
#include "core/quote.h"
#include "event/event_file.h"
#include "event/event_store.h"
#include "event/seating.h"
#include "event/standings.h"
#include "event/trf.h"
#include "event/board_assignment.h"
#include "hub/action_auth.h"
#include "hub/mqtt_client.h"
#include "hub/topics.h"
#include "hub/tournament.h"

#include <chrono>
#include <thread>

namespace tabula::cli {

const char* const kEventUsage = R"(  event new|section|register|withdraw|seat|result|collect|standings|trf|pairings|quality ...
                                    run an event: register players, seat rounds (four-player
                                    tables, teams, two-player Swiss), results, standings,
                                    TRF-16 (docs/EVENT.md; `tabula event` alone lists the forms)
)";

namespace {

using event::Event;
using event::Section;

constexpr const char* kForms = R"(usage: tabula event <what> --file F ...
  new --name EVENT --boards N|b1,b2,...
  section --name S --variant ID --format four|teams|two --rounds N [--bye-points P]
  register --section S --name NAME [--rating R] [--club C] [--team T]
  withdraw --section S --name NAME
  seat --section S [--record R]
  result --section S --board B --ranks 0,1,2,3
  collect --record R
  standings --section S [--out FILE]
  trf --section S [--out FILE]
  pairings --section S PAIRINGS
  publish --section S --broker ADDR --arbiter-key F [--broker-user U --broker-password-file P] [--broker-ca CA]
  quality [--from 8] [--to 64] [--rounds 7] [--events 5] [--seed 1]   (no --file)
)";

std::string need(const Options& o, const std::string& name, bool& ok, std::ostream& err) {
  auto it = o.values.find(name);
  if (it == o.values.end() || it->second.empty()) {
    if (ok) err << "tabula event: --" << name << " is required\n";
    ok = false;
    return "";
  }
  return it->second;
}

// A name given on the command line is held to the rule event::check holds a
// loaded file to (event::name_problem, the one name rule of
// core/player_name.h), after losing the spaces typed around it.
bool one_line(const std::string& option, std::string& text, std::ostream& err) {
  const bool blank = !text.empty() && core::trim_spaces(text).empty();
  text = std::string(core::trim_spaces(text));
  const std::string problem = blank ? "is blank (only spaces)" : event::name_problem(text);
  if (!problem.empty()) {
    err << "tabula event: " << option << ": one line of printable text, at most 64 characters ("
        << core::quote_input(text) << " " << problem << ")\n";
  }
  return problem.empty();
}

std::string opt(const Options& o, const std::string& name) {
  auto it = o.values.find(name);
  return it == o.values.end() ? "" : it->second;
}

bool write_out(const Options& o, const std::string& text, std::ostream& out, std::ostream& err) {
  const std::string path = opt(o, "out");
  if (path.empty()) {
    out << text;
    return true;
  }
  if (std::string problem = overwrite_problem(path, opt(o, "file")); !problem.empty()) {
    err << "tabula event: " << path << ": " << problem << "\n";
    return false;
  }
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  if (!f.flush()) {
    err << "tabula event: " << path << ": cannot be written\n";
    return false;
  }
  out << "written " << path << "\n";
  return true;
}

void print_round(const Section& s, std::size_t r, std::ostream& out) {
  const event::Round& round = s.played[r];
  out << "Round " << r + 1 << " of section " << s.name << " (" << s.variant << ")\n";
  for (const event::Table& t : round.tables) {
    out << "  table " << t.number << " board " << t.board << ":";
    for (std::size_t i = 0; i < t.seats.size(); ++i) out << (i ? ", " : " ") << s.player(t.seats[i]).name;
    out << "\n";
  }
  for (event::PlayerId b : round.byes) out << "  bye: " << s.player(b).name << "\n";
}

// Results from the hub's record: a finished game on a table's board with the
// table's players in its seats, not yet taken by another table.
int collect(Event& e, const std::string& record_path, std::ostream& out, std::ostream& err) {
  hub::TournamentRecord record;
  journal::JournalStatus st = hub::TournamentRecord::open(record_path, record);
  std::vector<hub::RecordedGame> games;
  if (st.ok()) st = record.games(e.name, games);
  if (!st.ok()) {
    err << "tabula event: " << st.message << "\n";
    return 1;
  }
  int taken = 0;
  for (Section& s : e.sections) {
    std::vector<std::string> used;
    for (const event::Round& r : s.played) {
      for (const event::Table& t : r.tables) {
        if (!t.game_id.empty()) used.push_back(t.board + "/" + t.game_id);
      }
    }
    if (s.played.empty()) continue;
    for (event::Table& t : s.played.back().tables) {
      if (t.finished()) continue;
      std::vector<std::string> names;
      for (event::PlayerId id : t.seats) names.push_back(s.player(id).name);
      for (const hub::RecordedGame& g : games) {
        const std::string key = g.board + "/" + g.game_id;
        if (g.board != t.board || g.players != names || g.ranks.size() != names.size()) continue;
        if (std::find(used.begin(), used.end(), key) != used.end()) continue;
        t.ranks = g.ranks;
        t.game_id = g.game_id;
        used.push_back(key);
        ++taken;
        out << "section " << s.name << ", board " << t.board << ": result taken from game " << g.game_id << "\n";
        break;
      }
    }
  }
  out << taken << " result" << (taken == 1 ? "" : "s") << " collected\n";
  return 0;
}

// Each table of the open round to its board, signed, retained, QoS 1; waits
// (10 s at most) for the broker to take them all.
int publish(const Event& e, const Section& s, const Options& o, std::ostream& out, std::ostream& err) {
  if (s.played.empty()) {
    err << "tabula event: section " << s.name << " has no round seated\n";
    return 1;
  }
  std::string error = hub::check_name("event", e.name);
  for (const event::Table& t : s.played.back().tables) {
    if (error.empty()) error = hub::check_name("board", t.board);
  }
  if (!error.empty()) {
    err << "tabula event: " << error << "\n";
    return 1;
  }
  auto key = hub::load_key(opt(o, "arbiter-key"), error);
  if (!key) {
    err << "tabula event: " << (opt(o, "arbiter-key").empty() ? "--arbiter-key FILE is required" : error) << "\n";
    return opt(o, "arbiter-key").empty() ? 2 : 1;
  }
  hub::BrokerConfig broker;
  broker.ca_file = opt(o, "broker-ca");
  broker.username = opt(o, "broker-user");
  if (const std::string pw = opt(o, "broker-password-file"); !pw.empty()) {
    if (std::string why; !read_text_file(pw, broker.password, &why, 4096)) {
      err << "tabula event: " << pw << ": cannot be read: " << why << "\n";
      return 1;
    }
    while (!broker.password.empty() && (broker.password.back() == '\n' || broker.password.back() == '\r')) {
      broker.password.pop_back();
    }
  }
  if (std::string why = broker.parse(opt(o, "broker")); !why.empty()) {
    err << "tabula event: --broker: " << why << "\n";
    return 2;
  }
  int acked = 0;
  hub::MqttClient::Handlers handlers;
  handlers.acknowledged = [&](int) { ++acked; };
  auto client = hub::MqttClient::create("tabula-event-" + e.name, false, broker, std::nullopt, handlers, error);
  if (!client) {
    err << "tabula event: " << error << "\n";
    return 1;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!client->connected() && std::chrono::steady_clock::now() < deadline) client->loop(std::chrono::milliseconds(50));
  if (!client->connected()) {
    err << "tabula event: " << broker.describe() << ": " << client->last_error() << "\n";
    return 1;
  }
  const auto now_ms = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  const std::vector<event::wire::Assignment> all = event::assignments_of(e, s, now_ms);
  for (const event::wire::Assignment& a : all) {
    if (!client->publish(hub::assignment_topic(a.event(), a.board()), event::sign_assignment(a, *key), 1, true, error)) {
      err << "tabula event: board " << a.board() << ": " << error << "\n";
      return 1;
    }
    out << "board " << a.board() << ": " << event::describe(a) << "\n";
  }
  while (acked < static_cast<int>(all.size()) && std::chrono::steady_clock::now() < deadline) {
    client->loop(std::chrono::milliseconds(50));
  }
  client->disconnect();
  if (acked < static_cast<int>(all.size())) {
    err << "tabula event: the broker took " << acked << " of " << all.size() << " assignments in 10 s\n";
    return 1;
  }
  out << all.size() << " boards assigned (retained: a board switched on later gets its game)\n";
  return 0;
}

int quality(const Options& o, std::ostream& out, std::ostream& err) {
  long long from = 8, to = 64, rounds = 7, events = 5, seed = 1;
  if (!number_option(o, "from", 4, 512, from, err) || !number_option(o, "to", 4, 512, to, err) ||
      !number_option(o, "rounds", 1, 30, rounds, err) || !number_option(o, "events", 1, 1000, events, err) ||
      !number_option(o, "seed", 0, 1LL << 31, seed, err)) {
    return 2;
  }
  out << "players rounds events | repeats: mean max (bound) | seat spread max, players > 1 | max byes | mean score spread\n";
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  for (long long n = from; n <= to; n += (n < 16 ? 1 : 4)) {
    double repeats = 0, spread_players = 0, score_spread = 0;
    int worst = 0, worst_spread = 0, bound = 0, byes = 0;
    for (long long k = 0; k < events; ++k) {
      Section s;
      s.name = "q";
      s.format = event::Format::kFourPlayer;
      s.rounds = static_cast<int>(rounds);
      for (long long i = 0; i < n; ++i) s.players.push_back({"P" + std::to_string(i + 1), 1000 + static_cast<int>(rng() % 1500), "", "", false});
      std::vector<std::string> boards;
      for (long long b = 0; b < n / 4; ++b) boards.push_back("b" + std::to_string(b + 1));
      for (long long r = 0; r < rounds; ++r) {
        event::SeatingResult res = event::seat_next_round(s, boards);
        if (!res.ok()) {
          err << "tabula event quality: " << res.error << "\n";
          return 1;
        }
        for (event::Table& t : res.round.tables) {
          t.ranks = {0, 1, 2, 3};
          for (std::size_t i = 3; i > 0; --i) std::swap(t.ranks[i], t.ranks[rng() % (i + 1)]);
        }
        s.played.push_back(res.round);
      }
      const event::SeatingQuality q = event::quality_of(s);
      repeats += q.repeat_meetings;
      worst = std::max(worst, q.repeat_meetings);
      bound = std::max(bound, q.avoidable_bound);
      worst_spread = std::max(worst_spread, q.max_seat_spread);
      spread_players += q.players_unbalanced;
      byes = std::max(byes, q.max_byes);
      score_spread += q.mean_score_spread;
    }
    char line[200];
    std::snprintf(line, sizeof line, "%7lld %6lld %6lld | %7.2f %3d (%3d) | %3d %6.2f | %3d | %5.2f\n", n, rounds, events,
                  repeats / static_cast<double>(events), worst, bound, worst_spread,
                  spread_players / static_cast<double>(events), byes, score_spread / static_cast<double>(events));
    out << line;
  }
  return 0;
}

}  // namespace

int cmd_event(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 2) {
    err << kForms;
    return 2;
  }
  const std::string what = args[1];
  auto o = parse_options(args, 2,
                         {"file", "name", "boards", "variant", "format", "rounds", "bye-points", "section", "rating",
                          "club", "team", "record", "board", "ranks", "out", "from", "to", "events", "seed", "broker",
                          "broker-user", "broker-password-file", "broker-ca", "arbiter-key"},
                         {}, "event " + what, err);
  if (!o) return 2;
  if (what == "quality") return quality(*o, out, err);
  bool ok = true;
  const std::string path = need(*o, "file", ok, err);
  if (!ok) return 2;

  Event e;
  if (what == "new") {
    e.name = need(*o, "name", ok, err);
    const std::string boards = need(*o, "boards", ok, err);
    if (!ok) return 2;
    long long count = 0;
    if (parse_number(boards, 1, 1000, count)) {
      for (long long b = 1; b <= count; ++b) e.boards.push_back("t" + std::to_string(b));
    } else {
      std::istringstream in(boards);
      for (std::string b; std::getline(in, b, ',');) {
        if (!b.empty()) e.boards.push_back(b);
      }
    }
    if (!one_line("--name", e.name, err)) return 2;
    for (std::string& b : e.boards) {
      if (!one_line("--boards", b, err)) return 2;
    }
    std::ifstream exists(path);
    if (exists) {
      err << "tabula event: " << path << " exists; an event file is never overwritten by `new`\n";
      return 1;
    }
  } else {
    std::vector<std::string> errors;
    auto loaded = event::load_event(path, errors);
    if (!loaded) {
      for (const std::string& m : errors) err << "tabula event: " << m << "\n";
      return 1;
    }
    e = std::move(*loaded);
  }

  Section* s = nullptr;
  if (what != "new" && what != "section" && what != "collect") {
    const std::string name = need(*o, "section", ok, err);
    if (!ok) return 2;
    s = e.section(name);
    if (!s) {
      err << "tabula event: " << path << " has no section \"" << name << "\"\n";
      return 1;
    }
  }

  bool changed = what == "new";
  int rc = 0;
  if (what == "new") {
    out << "event " << e.name << " with " << e.boards.size() << " boards\n";
  } else if (what == "section") {
    Section add;
    add.name = need(*o, "name", ok, err);
    add.variant = need(*o, "variant", ok, err);
    const std::string format = need(*o, "format", ok, err);
    long long rounds = 0;
    if (!ok || !number_option(*o, "rounds", 1, 99, rounds, err)) return 2;
    if (!one_line("--name", add.name, err)) return 2;
    auto f = event::parse_format(format);
    if (!f) {
      err << "tabula event: --format " << format << ": four, teams or two\n";
      return 2;
    }
    add.format = *f;
    add.rounds = static_cast<int>(rounds);
    if (!opt(*o, "bye-points").empty()) {
      try {
        add.bye_points = std::stod(opt(*o, "bye-points"));
      } catch (...) {
        add.bye_points = -2;
      }
      if (add.bye_points < 0 || add.bye_points > 3) {
        err << "tabula event: --bye-points " << opt(*o, "bye-points") << ": a number from 0 to 3\n";
        return 2;
      }
    }
    if (e.section(add.name)) {
      err << "tabula event: section " << add.name << " exists\n";
      return 1;
    }
    e.sections.push_back(add);
    changed = true;
    out << "section " << add.name << ": " << add.variant << ", " << format << ", " << rounds << " rounds\n";
  } else if (what == "register") {
    event::Player p;
    p.name = need(*o, "name", ok, err);
    long long rating = 0;
    if (!ok || !number_option(*o, "rating", 0, 4000, rating, err)) return 2;
    p.rating = static_cast<int>(rating);
    p.club = opt(*o, "club");
    p.team = opt(*o, "team");
    if (!one_line("--name", p.name, err) || !one_line("--club", p.club, err) || !one_line("--team", p.team, err))
      return 2;
    if (s->find(p.name)) {
      err << "tabula event: " << p.name << " is already registered in section " << s->name << "\n";
      return 1;
    }
    if (s->format == event::Format::kFourPlayerTeams && p.team.empty()) {
      err << "tabula event: section " << s->name << " is a teams section: --team is required\n";
      return 2;
    }
    s->players.push_back(p);
    changed = true;
    out << "registered " << p.name << " (" << s->players.size() << " in section " << s->name << ")\n";
  } else if (what == "withdraw") {
    const std::string name = need(*o, "name", ok, err);
    if (!ok) return 2;
    auto id = s->find(name);
    if (!id) {
      err << "tabula event: " << name << " is not registered in section " << s->name << "\n";
      return 1;
    }
    s->players[static_cast<std::size_t>(id->value)].withdrawn = true;
    changed = true;
    out << name << " withdrawn from the next round on\n";
  } else if (what == "seat") {
    // Boards already taken by another section's open round are not offered.
    std::vector<std::string> boards;
    for (const std::string& b : e.boards) {
      bool busy = false;
      for (const Section& other : e.sections) {
        if (&other == s || !other.round_open()) continue;
        for (const event::Table& t : other.played.back().tables) busy = busy || (t.board == b && !t.finished());
      }
      if (!busy) boards.push_back(b);
    }
    event::SeatingResult res = event::seat_next_round(*s, boards);
    if (!res.ok()) {
      err << "tabula event: " << res.error << "\n";
      return 1;
    }
    s->played.push_back(res.round);
    changed = true;
    print_round(*s, s->played.size() - 1, out);
  } else if (what == "result") {
    const std::string board = need(*o, "board", ok, err);
    const std::string ranks = need(*o, "ranks", ok, err);
    if (!ok) return 2;
    if (s->played.empty()) {
      err << "tabula event: section " << s->name << " has no round seated\n";
      return 1;
    }
    event::Table* table = nullptr;
    for (event::Table& t : s->played.back().tables) {
      if (t.board == board) table = &t;
    }
    if (!table) {
      err << "tabula event: round " << s->played.size() << " of section " << s->name << " has no table on board "
          << board << "\n";
      return 1;
    }
    std::vector<int> parsed;
    std::istringstream in(ranks);
    for (std::string r; std::getline(in, r, ',');) {
      long long v = 0;
      if (!parse_number(r, 0, static_cast<long long>(table->seats.size()) - 1, v)) {
        err << "tabula event: --ranks " << ranks << ": '" << r << "' is not a rank from 0 to "
            << table->seats.size() - 1 << "\n";
        return 2;
      }
      parsed.push_back(static_cast<int>(v));
    }
    if (parsed.size() != table->seats.size()) {
      err << "tabula event: --ranks " << ranks << ": " << parsed.size() << " ranks for " << table->seats.size()
          << " seats\n";
      return 2;
    }
    table->ranks = parsed;
    changed = true;
    out << "board " << board << ": result recorded\n";
  } else if (what == "collect") {
    const std::string record = need(*o, "record", ok, err);
    if (!ok) return 2;
    rc = collect(e, record, out, err);
    changed = rc == 0;
  } else if (what == "standings") {
    if (!write_out(*o, event::format_standings(e, *s), out, err)) return 1;
  } else if (what == "trf") {
    if (s->format != event::Format::kTwoPlayer) {
      err << "tabula event: section " << s->name << " is not two-player; TRF-16 is for two-player sections\n";
      return 1;
    }
    if (!write_out(*o, event::write_trf(event::trf_of(e, *s)), out, err)) return 1;
  } else if (what == "publish") {
    rc = publish(e, *s, *o, out, err);
  } else if (what == "pairings") {
    if (o->positional.size() != 1) {
      err << "tabula event pairings: one PAIRINGS file is needed\n";
      return 2;
    }
    if (s->round_open()) {
      err << "tabula event: section " << s->name << ": round " << s->played.size() << " still has tables without a result\n";
      return 1;
    }
    std::string text;
    if (std::string why; !read_text_file(o->positional[0], text, &why)) {
      err << "tabula event: " << o->positional[0] << ": cannot be read: " << why << "\n";
      return 1;
    }
    event::PairingImport got = event::import_pairings(*s, text, e.boards);
    if (!got.ok()) {
      err << "tabula event: " << o->positional[0] << ": " << got.error << "\n";
      return 1;
    }
    s->played.push_back(got.round);
    changed = true;
    print_round(*s, s->played.size() - 1, out);
  } else {
    err << "tabula event: unknown form \"" << what << "\"\n" << kForms;
    return 2;
  }
  if (changed) {
    const std::vector<std::string> problems = event::check(e);
    if (!problems.empty()) {
      for (const std::string& p : problems) err << "tabula event: " << p << "\n";
      return 1;
    }
    std::string error;
    if (!event::save_event(e, path, error)) {
      err << "tabula event: " << error << "\n";
      return 1;
    }
    if (const std::string record = opt(*o, "record"); !record.empty()) {
      event::EventStore store;
      journal::JournalStatus st = event::EventStore::open(record, store);
      if (st.ok()) st = store.save(e);
      if (!st.ok()) {
        err << "tabula event: " << st.message << "\n";
        return 1;
      }
    }
  }
  return rc;
}

}  // namespace tabula::cli

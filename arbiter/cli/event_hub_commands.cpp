// event_hub_commands.cpp — `tabula event collect` and `publish`: the event
// and the hub (event_hub_commands.h). Split from event_commands.cpp in
// session 17 (issue 30 item 1: no file in arbiter/ over 800 lines).
#include "cli/event_hub_commands.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "event/board_assignment.h"
#include "event/event.h"
#include "hub/action_auth.h"
#include "hub/mqtt_client.h"
#include "hub/topics.h"
#include "hub/tournament.h"

namespace tabula::cli {

using event::Event;
using event::Section;

namespace {

std::string option_of(const Options& o, const std::string& name) {
  auto it = o.values.find(name);
  return it == o.values.end() ? "" : it->second;
}

}  // namespace

// Results from the hub's record: a finished game on a table's board with the
// table's players in its seats, not yet taken by another table.
int collect_event_results(Event& e, const std::string& record_path, std::ostream& out, std::ostream& err) {
  hub::TournamentRecord record;
  // The hub's record, read: a path that names no file is said (it was
  // made, empty, and nothing was collected without a word). Session 30:
  // opened read only (kExisting wrote its pragmas and schema to a file
  // collect only reads: the bytes of a record handed over changed).
  journal::JournalStatus st = hub::TournamentRecord::open(record_path, record, hub::RecordOpen::kReadOnly);
  std::vector<hub::RecordedGame> games;
  std::vector<std::string> skipped;  // session 30: games of more seats than a game has, left out
  if (st.ok()) st = record.games(e.name, games, &skipped);
  if (!st.ok()) {
    err << "tabula event: " << st.message << "\n";
    return 1;
  }
  for (const std::string& why : skipped) err << "tabula event: " << why << "\n";
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
int publish_event_round(const Event& e, const Section& s, const Options& o, std::ostream& out, std::ostream& err) {
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
  auto key = hub::load_key(option_of(o, "arbiter-key"), error);
  if (!key) {
    err << "tabula event: " << (option_of(o, "arbiter-key").empty() ? "--arbiter-key FILE is required" : error) << "\n";
    return option_of(o, "arbiter-key").empty() ? 2 : 1;
  }
  hub::BrokerConfig broker;
  broker.ca_file = option_of(o, "broker-ca");
  broker.username = option_of(o, "broker-user");
  if (const std::string pw = option_of(o, "broker-password-file"); !pw.empty()) {
    if (std::string why; !read_text_file(pw, broker.password, &why, 4096)) {
      err << "tabula event: " << pw << ": cannot be read: " << why << "\n";
      return 1;
    }
    while (!broker.password.empty() && (broker.password.back() == '\n' || broker.password.back() == '\r')) {
      broker.password.pop_back();
    }
  }
  if (std::string why = broker.parse(option_of(o, "broker")); !why.empty()) {
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
  out << event::counted(all.size(), "board", "boards") << " assigned (retained: a board switched on later gets its game)\n";
  return 0;
}

}  // namespace tabula::cli

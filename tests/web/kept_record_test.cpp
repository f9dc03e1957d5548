// Session 29: tabula-hub-web reads the hall screen's tournament record
// (--record, read only, web/kept_record.h): a board that went offline before
// the service started never sends it its stream, so the page's "Latest
// rulings" of that board were empty and its open alerts missing from the
// arbiter's page. Now they come from the record, said to be from it; a
// record that is missing, held or damaged is said and tried again, never a
// crash or a hang. Through a real Mosquitto (tests/hub/broker.h).
#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "../hub/broker.h"
#include "../hub/wire_builders.h"
#include "../journal/journal_fixture.h"
#include "hub/codec.h"
#include "hub/hub_client.h"
#include "hub/mqtt_client.h"
#include "hub/topics.h"
#include "hub/web/kept_record.h"
#include "hub/web/web_service.h"

namespace tabula::hub::web {
namespace kept_record_test {
namespace {

using namespace std::chrono_literals;
using hub::testing::Broker;
using hub::testing::eventually;
using hub::testing::TempDir;

constexpr auto kWait = 20s;
const char* const kToken = "arbiter-token-0123";

// ---- the reader on its own ----------------------------------------------------------

// A reader that never returns until let go (a record on a hung mount): the
// service's exit does not wait for it, and it delivers nothing after.
TEST(KeptRecord, AReadThatDoesNotReturnHoldsNeitherTheExitNorDeliversLater) {
  auto gate = std::make_shared<std::pair<std::mutex, std::condition_variable>>();
  auto open = std::make_shared<bool>(false);
  auto delivered = std::make_shared<std::atomic<int>>(0);
  auto started = std::make_shared<std::atomic<bool>>(false);
  auto kept = std::make_unique<KeptRecord>(
      "hung.db", "club", [delivered](KeptRead) { ++*delivered; }, 10ms,
      [gate, open, started](const std::string&, const std::string&, KeptRead&) {
        *started = true;
        std::unique_lock lock(gate->first);
        gate->second.wait(lock, [&] { return *open; });
        return journal::JournalStatus::good();
      },
      [](const std::string&) {});
  ASSERT_TRUE(eventually([&] { return started->load(); }, kWait));
  EXPECT_EQ(kept->status(), "hung.db: not read yet");
  EXPECT_FALSE(kept->delivered());
  const auto t0 = std::chrono::steady_clock::now();
  kept.reset();  // the service's exit
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s) << "it waits for the read at most 100 ms";
  {
    std::lock_guard lock(gate->first);
    *open = true;
  }
  gate->second.notify_all();
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(delivered->load(), 0) << "stopped: the late read is not delivered";
}

TEST(KeptRecord, AFailedReadIsSaidOnceAndTriedAgainUntilOneIsDelivered) {
  std::atomic<int> calls{0};
  std::atomic<int> delivered{0};
  std::mutex log_mutex;
  std::vector<std::string> log;
  KeptRecord kept(
      "hub.db", "club", [&](KeptRead r) { delivered += static_cast<int>(r.alerts.size()); }, 20ms,
      [&](const std::string&, const std::string&, KeptRead& out) {
        const int n = ++calls;
        if (n <= 3) {
          return journal::JournalStatus::fail(journal::JournalError::kBusy,
                                              "hub.db: while reading: another process holds the tournament record");
        }
        out.alerts.push_back({"t1/g/item/1", "t1", "illegal move", "board t1: x", 1, false, ""});
        return journal::JournalStatus::good();
      },
      [&](const std::string& line) {
        std::lock_guard lock(log_mutex);
        log.push_back(line);
      });
  ASSERT_TRUE(eventually([&] { return kept.delivered(); }, kWait));
  EXPECT_EQ(delivered.load(), 1);
  EXPECT_EQ(calls.load(), 4);
  EXPECT_EQ(kept.status(), "");
  std::lock_guard lock(log_mutex);
  ASSERT_EQ(log.size(), 1u) << "the same failure is said once";
  EXPECT_EQ(log[0],
            "tabula-hub-web: --record: the tournament record is not read (hub.db: while reading: another process "
            "holds the tournament record; tried again every 0 s): an offline board's latest rulings and alerts kept "
            "there are not shown until it is");
}

// The real reader on real files: missing, then made by the hall's hub; a
// record of an older hub (no tables of sessions 28 and 29) is read with notes.
TEST(KeptRecord, TheRealReaderSaysAMissingRecordAndAnOlderOnesMissingTables) {
  TempDir dir;
  KeptRead r;
  journal::JournalStatus s = read_kept(dir.file("hub.db"), "club", r);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message.find("hub.db: no such tournament record"), std::string::npos) << s.message;
  {
    TournamentRecord w;
    ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), w).ok());
  }
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "DROP TABLE board_streams; DROP TABLE board_alerts;", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  s = read_kept(dir.file("hub.db"), "club", r);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_NE(r.notes[0].find("no kept streams (no table board_streams"), std::string::npos) << r.notes[0];
  EXPECT_NE(r.notes[1].find("no kept alerts (no table board_alerts"), std::string::npos) << r.notes[1];

  // Tables of those names made by something else (other columns): each is
  // a note naming it and what SQLite said; the read is good, with nothing.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "CREATE TABLE board_streams(x); CREATE TABLE board_alerts(event, y); "
                     "INSERT INTO board_alerts VALUES('club', 1);", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  s = read_kept(dir.file("hub.db"), "club", r);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_TRUE(r.streams.empty() && r.alerts.empty());
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_NE(r.notes[0].find("hub.db: the kept streams (table board_streams) do not read"), std::string::npos)
      << r.notes[0];
  EXPECT_NE(r.notes[0].find("no such column"), std::string::npos) << r.notes[0];
  EXPECT_NE(r.notes[1].find("hub.db: the kept alerts (table board_alerts) do not read"), std::string::npos)
      << r.notes[1];
}

// Session 30: the record was read once, at the start: what the hall's hub
// kept after (a later round's alerts and streams) was not seen until the
// service restarted. Now it is read again when it changed, looked at every
// `poll`, and not while it stays as read.
TEST(KeptRecord, ARecordWrittenAfterTheFirstReadIsReadAgainAndOnlyWhenItChanged) {
  TempDir dir;
  const std::string path = dir.file("hub.db");
  TournamentRecord w;
  ASSERT_TRUE(TournamentRecord::open(path, w).ok());
  ASSERT_TRUE(w.keep_alerts("club", {{"t1/g1/item/1", "t1", "illegal move", "board t1: round 1", 1, false, ""}}, 100).ok());
  std::mutex m;
  std::vector<std::size_t> deliveries;  // the alerts of each read
  KeptRecord kept(
      path, "club",
      [&](KeptRead r) {
        std::lock_guard lock(m);
        deliveries.push_back(r.alerts.size());
      },
      20ms, read_kept, [](const std::string&) {}, 20ms);
  auto last = [&] {
    std::lock_guard lock(m);
    return deliveries.empty() ? std::size_t{0} : deliveries.back();
  };
  ASSERT_TRUE(eventually([&] { return kept.reads() >= 1; }, kWait));
  EXPECT_EQ(last(), 1u);
  // A record changed within the last second is read again at the next look
  // (a commit may be mid-way), then no more while it stays as read.
  std::this_thread::sleep_for(1500ms);
  const std::uint64_t settled = kept.reads();
  std::this_thread::sleep_for(300ms);  // fifteen looks at an unchanged record
  EXPECT_EQ(kept.reads(), settled) << "an unchanged record is not read again";
  EXPECT_LE(settled, 1u + 1000 / 20 + 5) << "bounded: one read a look at most";
  // The next round: the hall's hub keeps another board's alert.
  ASSERT_TRUE(w.keep_alerts("club", {{"t2/g2/item/4", "t2", "illegal move", "board t2: round 2", 2, false, ""}}, 100).ok());
  ASSERT_TRUE(eventually([&] { return last() == 2u; }, kWait)) << "the change was never read";
  std::this_thread::sleep_for(1500ms);
  const std::uint64_t again = kept.reads();
  EXPECT_GT(again, settled);
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(kept.reads(), again) << "read no more once the record stays as read";
  EXPECT_EQ(last(), 2u);
  EXPECT_EQ(kept.status(), "");
}

// ---- end to end ---------------------------------------------------------------------

ArbiterKey arbiter_key() {
  ArbiterKey k;
  k.secret = "0123456789abcdef0123456789abcdef";
  return k;
}

// The shared builders (tests/hub/wire_builders.h), under this file's names.
wire::StreamItem item(std::uint64_t seq, const std::string& ruling_text = "") {
  wire::StreamItem it = ruling_text.empty() ? hub::testing::move_item(seq)
                                            : hub::testing::ruling_item(seq, "illegal-move", "illegal", ruling_text);
  it.set_wall_ms(1000 + static_cast<std::int64_t>(seq));
  if (ruling_text.empty()) it.mutable_move()->set_number(1);
  return it;
}

wire::BoardState state() {
  wire::BoardState st = hub::testing::two_seat_state();
  st.set_variant("chess");
  st.set_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  st.set_through_seq(3);
  st.set_wall_ms(2000);
  st.set_moves(1);
  st.set_to_move(1);
  st.add_record("e2-e4");
  return st;
}

std::string get(const std::string& base, const std::string& path, const httplib::Headers& headers = {}) {
  httplib::Client c(base);
  c.set_read_timeout(10, 0);
  auto r = c.Get(path.c_str(), headers);
  return r && r->status == 200 ? r->body : "";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The board's payloads as a board in the open mode publishes them (the hub
// believes them as read: no --board-keys).
void publish_board(const BrokerConfig& broker) {
  MqttClient::Handlers h;
  std::string error;
  auto board = MqttClient::create("board-t1", false, broker, std::nullopt, h, error);
  ASSERT_TRUE(board) << error;
  ASSERT_TRUE(eventually([&] { board->loop(5ms); return board->connected(); }, kWait));
  auto pub = [&](Leaf leaf, const std::string& payload, bool retain) {
    ASSERT_TRUE(board->publish(topic("club", "t1", leaf), payload, 1, retain, error)) << error;
  };
  pub(Leaf::kOnline, encode(make_presence(true, 1000, 1)), true);
  pub(Leaf::kStream, encode(item(1)), false);
  pub(Leaf::kStream, encode(item(2, "Nb1-b3 is no knight move")), false);
  pub(Leaf::kStream, encode(item(3, "Ra1-a9 leaves the board")), false);
  pub(Leaf::kState, encode(state()), true);
  pub(Leaf::kOnline, encode(make_presence(false, 3000, 2)), true);  // the board is switched off
  for (int i = 0; i < 40; ++i) board->loop(5ms);
  board->disconnect();
}

TEST(WebKeptRecord, AnOfflineBoardsRulingsAndOpenAlertsComeFromTheHallsRecord) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig bc = hub::testing::loopback_broker(broker.port());

  // The hall screen's hub keeps the record (no arbiter key: the record alone
  // keeps what was acknowledged).
  HubConfig hall;
  hall.event = "club";
  hall.broker = bc;
  hall.client_id = "tabula-hub-club";
  hall.record_path = dir.file("hub.db");
  auto hub = HubClient::start(hall, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, kWait));
  publish_board(bc);
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->online == false && b->caught_up() && m.alerts().size() == 3;
  }, kWait));
  std::vector<std::uint64_t> ids;
  hub->read([&](const HubModel& m) {
    for (const Alert& a : m.alerts()) {
      if (a.kind == AlertKind::kOffline || a.text == "board t1: Nb1-b3 is no knight move") ids.push_back(a.id);
    }
  });
  ASSERT_EQ(ids.size(), 2u);
  for (std::uint64_t id : ids) hub->acknowledge(id);
  ASSERT_TRUE(eventually([&] {
    std::size_t acked = 0, rows = 0;
    hub->with_record([&](TournamentRecord* r) {
      std::vector<KeptAlert> kept;
      std::size_t unread = 0;
      if (!r->kept_alerts("club", 100, kept, unread).ok()) return;
      rows = kept.size();
      for (const KeptAlert& a : kept) acked += a.acknowledged ? 1 : 0;
    });
    return rows == 3 && acked == 2;
  }, kWait)) << "the record keeps the three alerts, two acknowledged";

  // The web service starts now, the board offline (it sends nothing again),
  // the hall's hub running and writing the record.
  HubConfig wc;
  wc.event = "club";
  wc.broker = bc;
  wc.key = arbiter_key();
  wc.client_id = "tabula-web-club";
  auto client = HubClient::start(wc, error);
  ASSERT_TRUE(client) << error;
  auto kept = std::make_unique<KeptRecord>(dir.file("hub.db"), "club", [raw = client.get()](KeptRead r) {
    std::size_t unread = r.unread;
    raw->restore_kept(std::move(r.streams), r.alerts, unread);
  });
  WebOptions o;
  o.port = 0;
  o.www_dir = TABULA_WWW_DIR;
  o.arbiter_token = kToken;
  o.record_status = [k = kept.get()] { return k->status(); };
  auto service = WebService::start(o, access_of(*client), error);
  ASSERT_TRUE(service) << error;
  const std::string base = "http://127.0.0.1:" + std::to_string(service->port());

  // The rulings, written out here, and the words that say where they come from.
  const std::string rulings =
      R"("rulings":[{"severity":"illegal","text":"Nb1-b3 is no knight move"},)"
      R"({"severity":"illegal","text":"Ra1-a9 leaves the board"}],)"
      R"("rulings_kept":"kept in the tournament record: the board is offline and has not sent them to this service")";
  std::string boards;
  ASSERT_TRUE(eventually([&] {
    boards = get(base, "/api/boards");
    return has(boards, rulings);
  }, kWait)) << boards;
  EXPECT_TRUE(has(boards, R"("online":false)")) << boards;

  httplib::Client c(base);
  auto login = c.Post("/api/arbiter/login", httplib::Headers{{"X-Tabula-Arbiter", "1"}},
                      httplib::Params{{"token", kToken}});
  ASSERT_TRUE(login && login->status == 200) << (login ? login->body : "no answer");
  const std::string cookie = login->get_header_value("Set-Cookie").substr(0, login->get_header_value("Set-Cookie").find(';'));
  const httplib::Headers as_arbiter{{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}};
  std::string alerts;
  ASSERT_TRUE(eventually([&] {
    alerts = get(base, "/api/arbiter/alerts", as_arbiter);
    return has(alerts, "Ra1-a9");
  }, kWait)) << alerts;
  auto alert_of = [&](const std::string& words) {
    const std::size_t at = alerts.find(words);
    if (at == std::string::npos) return std::string();
    const std::size_t begin = alerts.rfind('{', at);
    return alerts.substr(begin, alerts.find('}', at) - begin + 1);
  };
  const std::string open = alert_of("Ra1-a9 leaves the board");
  EXPECT_TRUE(has(open, R"("acknowledged":false)") && has(open, R"("from_record":true)")) << open;
  const std::string acked = alert_of("Nb1-b3 is no knight move");
  EXPECT_TRUE(has(acked, R"("acknowledged":true)")) << acked;
  const std::string offline = alert_of("went offline");
  EXPECT_TRUE(has(offline, R"("acknowledged":true)")) << offline << " (the presence's alert, acknowledged at the hall)";
  EXPECT_TRUE(has(get(base, "/api/status", as_arbiter), R"("record":"")"));
  service.reset();
  kept.reset();
  client.reset();

  // The hall's hub restarts on its record: the open alert is raised again,
  // the acknowledged ones stay acknowledged (no arbiter key, no shared set).
  hub.reset();
  hall.client_id = "tabula-hub-club";
  auto again = HubClient::start(hall, error);
  ASSERT_TRUE(again) << error;
  ASSERT_TRUE(again->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->state && b->online == false;
  }, kWait));
  std::this_thread::sleep_for(300ms);  // anything more the broker holds would come now
  again->read([&](const HubModel& m) {
    std::vector<std::string> seen;
    for (const Alert& a : m.alerts()) seen.push_back((a.acknowledged ? "acked " : "open ") + a.text);
    std::sort(seen.begin(), seen.end());  // raised within one millisecond here: their order is not the point
    EXPECT_EQ(seen, (std::vector<std::string>{"acked board t1 went offline",
                                              "acked board t1: Nb1-b3 is no knight move",
                                              "open board t1: Ra1-a9 leaves the board"}));
    EXPECT_EQ(m.open_alerts(), 1u);
  });
}

// The record held by another process when the service starts: said (the
// arbiter's status), tried again, read once let go.
TEST(WebKeptRecord, ARecordHeldAtTheStartIsSaidAndReadOnceLetGo) {
  TempDir dir;
  {
    TournamentRecord w;
    ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), w).ok());
    ASSERT_TRUE(w.keep_alerts("club", {{"t1/g1/item/2", "t1", "illegal move", "board t1: x", 5, false, ""}}, 10).ok());
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE board_alerts SET text = 'y';",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  std::atomic<std::size_t> alerts{0};
  KeptRecord kept(dir.file("hub.db"), "club", [&](KeptRead r) { alerts = r.alerts.size(); }, 50ms, read_kept,
                  [](const std::string&) {});
  ASSERT_TRUE(eventually([&] { return has(kept.status(), "another process holds the tournament record"); }, kWait))
      << kept.status();
  EXPECT_FALSE(kept.delivered());
  sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  ASSERT_TRUE(eventually([&] { return kept.delivered(); }, kWait)) << kept.status();
  EXPECT_EQ(alerts.load(), 1u);
  EXPECT_EQ(kept.status(), "");
}

}  // namespace
}  // namespace kept_record_test
}  // namespace tabula::hub::web

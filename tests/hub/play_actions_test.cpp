// Session 26: a board run by `tabula play` (a recorded trace replayed,
// docs/HUB.md "Wiring a shell to the hub") takes no arbiter actions, and
// says so at once, through a real Mosquitto. Before, the action waited in
// the publisher unanswered (no shell asked for it) until a restart said
// "the board restarted before carrying it out". Session 27: its state says
// so too (BoardState.takes_no_actions), and the hub refuses to send one; an
// older hub, which does not read the field, sends it and is answered.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <variant>

#include "../journal/journal_fixture.h"
#include "broker.h"
#include "cli/play_commands.h"
#include "hub/hub_client.h"
#include "hub/topics.h"
#include "journal/journal.h"
#include "journal/outbox.h"

// (Its own namespace: the unity build joins it with broker_test.cpp.)
namespace tabula::hub::play_actions {
namespace {

using namespace std::chrono_literals;
using testing::Broker;
using testing::eventually;
using testing::TempDir;

constexpr auto kWait = 20s;
// The answer, written out here (not taken from the code under test).
constexpr const char* kAnswer =
    "pause: not carried out: this board runs tabula play, which replays a recorded trace and takes no arbiter "
    "actions from the hub";

std::string hex(const std::string& bytes) {
  std::string out;
  char b[3];
  for (unsigned char c : bytes) {
    std::snprintf(b, sizeof b, "%02x", c);
    out += b;
  }
  return out;
}

// The acknowledgement of a hub that has applied `applied` items of `game`.
std::string ack(const std::string& game, std::uint64_t applied) {
  wire::HubAck a;
  a.set_version(wire::PAYLOAD_VERSION_CURRENT);
  a.set_event("club");
  a.set_board("t1");
  a.set_hub("slow-hub");
  a.set_game_id(game);
  a.set_applied_seq(applied);
  a.set_state_seq(std::numeric_limits<std::uint32_t>::max());         // it holds the latest state:
  a.set_state_wall_ms(std::numeric_limits<std::int64_t>::max());  // none is sent for it
  return encode(a);
}

// The scene of each test: the arbiter's key and the scholar's mate trace
// written in `dir` (for the board's `tabula play`), and the club hub's
// configuration on `broker` with its tournament record there.
HubConfig club_scene(const TempDir& dir, const Broker& broker) {
  journal::testing::write_bytes(dir.file("arbiter.key"), hex(testing::test_arbiter_key().secret) + "\n");
  journal::testing::write_trace("chess", journal::testing::kScholarsMate, 11, dir.file("t.trace"));
  HubConfig hc;
  hc.event = "club";
  hc.broker = testing::loopback_broker(broker.port());
  hc.key = testing::test_arbiter_key();
  hc.record_path = dir.file("event.db");
  return hc;
}

TEST(PlayHub, AnActionForABoardRunByTabulaPlayIsAnsweredAtOnceThatItTakesNone) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  HubConfig hc = club_scene(dir, broker);
  auto hub = HubClient::start(hc, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, kWait)) << hub->status().last_error;

  // A second hub that lags: its acknowledgement (applied 0, of no game) is
  // retained on the board's ack topic, so the board hears it right after it
  // subscribes, before the broker acknowledges its items, and `tabula
  // play`'s closing flush waits for this hub (at most its 10 s) while the
  // arbiter acts. It also reads the board's stream.
  std::vector<wire::StreamItem> items;
  bool subscribed = false;
  MqttClient::Handlers h;
  h.message = [&](const MqttMessage& m) {
    std::string e;
    if (auto it = decode_item(m.payload, m.topic, e)) items.push_back(*it);
  };
  h.subscribed = [&] { subscribed = true; };
  auto probe = MqttClient::create("slow-hub", false, testing::loopback_broker(broker.port()), std::nullopt, h, error);
  ASSERT_TRUE(probe) << error;
  ASSERT_TRUE(eventually([&] { probe->loop(5ms); return probe->connected(); }, kWait)) << probe->last_error();
  ASSERT_TRUE(probe->subscribe(topic("club", "t1", Leaf::kStream), 1, error)) << error;
  ASSERT_TRUE(eventually([&] { probe->loop(5ms); return subscribed; }, kWait));
  const std::string ack_topic = topic("club", "t1", Leaf::kAck);
  ASSERT_TRUE(probe->publish(ack_topic, ack("", 0), 1, true, error)) << error;
  for (int i = 0; i < 10; ++i) probe->loop(5ms);

  int code = -1;
  std::atomic<bool> finished{false};
  std::ostringstream out, err;
  std::thread play([&] {
    code = cli::cmd_play({"play", "--variant", "chess", "--journal", dir.file("t1.db"), "--trace", dir.file("t.trace"),
                          "--broker", "127.0.0.1:" + std::to_string(broker.port()), "--hub-event", "club", "--board",
                          "t1", "--arbiter-key", dir.file("arbiter.key")},
                         out, err);
    finished = true;
  });
  struct Join {
    std::thread& t;
    ~Join() { t.join(); }  // bounded: play's flush waits at most 10 s
  } join{play};

  // The game reaches the hub; the arbiter would pause the clock. The
  // board's state says it takes no actions: the hub does not send one.
  ASSERT_TRUE(eventually([&] { probe->loop(5ms); return items.size() >= 5; }, kWait));
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->state && !b->state->takes_no_actions().empty();
  }, kWait));
  wire::Action pause;
  pause.set_board("t1");
  pause.set_kind(wire::ACTION_KIND_PAUSE);
  EXPECT_FALSE(hub->send(pause, error));
  EXPECT_EQ(error,
            "board t1 takes no actions (this board runs tabula play, which replays a recorded trace and takes no "
            "arbiter actions from the hub): pause not sent");
  hub->read([](const HubModel& m) { EXPECT_EQ(m.awaited_actions(), 0u); });
  // An older hub (it does not read the field) sends it anyway, signed.
  pause.set_event("club");
  pause.set_id(static_cast<std::uint64_t>(epoch_ms()));
  pause.set_issued_wall_ms(epoch_ms());
  ASSERT_TRUE(probe->publish(topic("club", "t1", Leaf::kAction), sign_action(pause, testing::test_arbiter_key()), 1,
                             false, error))
      << error;

  // Answered at once, refused, in plain words; the hub alerts.
  // (The slow hub says again that it lags, so the board keeps it live -
  // 15 s unheard and it would no longer wait for it - however slow the
  // machine.)
  std::optional<wire::StreamItem> reply;
  auto said = std::chrono::steady_clock::now();
  ASSERT_TRUE(eventually([&] {
    probe->loop(5ms);
    if (std::chrono::steady_clock::now() - said > 1s) {
      probe->publish(ack_topic, ack("", 0), 1, true, error);
      said = std::chrono::steady_clock::now();
    }
    for (const wire::StreamItem& it : items) if (it.has_reply()) reply = it;
    return reply.has_value();
  }, kWait)) << "no answer from the board";
  EXPECT_FALSE(reply->reply().accepted());
  EXPECT_EQ(reply->reply().text(), kAnswer);
  const std::uint64_t action_id = reply->reply().action_id();
  const std::string game = reply->game_id();
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) {
    for (const Alert& a : m.alerts()) if (a.kind == AlertKind::kActionRefused) return true;
    return false;
  }, kWait));
  hub->read([](const HubModel& m) {
    for (const Alert& a : m.alerts()) {
      if (a.kind == AlertKind::kActionRefused) {
        EXPECT_EQ(a.text, std::string("board t1: ") + kAnswer);
      }
    }
  });

  // The slow hub catches up with what the trace still gives; play ends as usual.
  ASSERT_TRUE(eventually([&] {
    probe->loop(20ms);
    std::uint64_t last = 0;
    for (const wire::StreamItem& it : items) last = std::max<std::uint64_t>(last, it.seq());
    probe->publish(ack_topic, ack(game, last), 1, true, error);
    return finished.load();
  }, kWait)) << "play did not end";
  play.join();
  play = std::thread([] {});  // (the guard joins this one)
  EXPECT_EQ(code, 0) << err.str();
  EXPECT_EQ(err.str().find("tabula: hub:"), std::string::npos) << err.str();

  // Nothing was carried out (no pause in the journal), nothing stays due
  // (a restart has nothing to answer), and the replay guard holds the id.
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(dir.file("t1.db"), journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  for (const session::Input& in : c.inputs) {
    if (const auto* i = std::get_if<session::Intent>(&in)) {
      EXPECT_NE(i->kind, session::IntentKind::kPauseClock);
    }
  }
  journal::Outbox o;
  ASSERT_TRUE(journal::Outbox::open(dir.file("t1.db"), o, false).ok());
  std::vector<journal::DueReply> dues;
  ASSERT_TRUE(o.dues(dues).ok());
  EXPECT_TRUE(dues.empty());
  std::uint64_t guard = 0;
  ASSERT_TRUE(o.last_action_id(guard).ok());
  EXPECT_EQ(guard, action_id);
}

// Session 28: a hub started after a `tabula play` board went offline showed
// the board's "Stream (newest first)" empty: no board answers its resend.
// The first hub kept the stream in the tournament record as it applied it;
// a hub started later on that record shows it, the board marked offline,
// though nothing of it came again. A hub without a record shows it empty,
// as before.
TEST(PlayHub, AHubStartedAfterThePlayBoardWentOfflineShowsItsStreamFromTheRecord) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  HubConfig hc = club_scene(dir, broker);
  hc.client_id = "hall-1";
  auto hub = HubClient::start(hc, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, kWait)) << hub->status().last_error;

  std::ostringstream out, err;
  const int code = cli::cmd_play({"play", "--variant", "chess", "--journal", dir.file("t1.db"), "--trace",
                                  dir.file("t.trace"), "--broker", "127.0.0.1:" + std::to_string(broker.port()),
                                  "--hub-event", "club", "--board", "t1", "--arbiter-key", dir.file("arbiter.key")},
                                 out, err);  // bounded: its closing flush waits for the hub at most 10 s
  ASSERT_EQ(code, 0) << err.str();

  // The scholar's mate in the board's notation, written out here.
  const std::vector<std::string> moves = {"e2-e4", "e7-e5", "Bf1-c4", "Nb8-c6", "Qd1-h5", "Ng8-f6", "Qh5xf7"};
  auto texts = [](const std::deque<wire::StreamItem>& stream) {
    std::vector<std::string> said;
    for (const wire::StreamItem& it : stream) {
      said.push_back("#" + std::to_string(it.seq()) + " " +
                    (it.has_move() ? "move " + it.move().text() : it.has_ruling() ? "ruling " + it.ruling().text() : "reply"));
    }
    return said;
  };
  auto moves_of = [](const std::deque<wire::StreamItem>& stream) {
    std::vector<std::string> said;
    for (const wire::StreamItem& it : stream) if (it.has_move()) said.push_back(it.move().text());
    return said;
  };
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->online == false && b->state && b->state->over() && b->caught_up();
  }, kWait));
  std::vector<std::string> seen;
  hub->read([&](const HubModel& m) { seen = texts(m.board("t1")->recent); });
  // Kept while the hub runs (within a second of each item): what a kill leaves.
  ASSERT_TRUE(eventually([&] {
    std::size_t kept = 0;
    hub->with_record([&](TournamentRecord* r) {
      std::map<std::string, std::vector<wire::StreamItem>> rows;
      std::size_t unread = 0;
      if (r && r->kept_streams("club", HubModel::kRecent, HubModel::kMaxBoards, rows, unread).ok()) kept = rows["t1"].size();
    });
    return kept == seen.size();
  }, kWait)) << "the record did not get the board's " << seen.size() << " items";
  hub.reset();  // the first hub stops; the board is gone already

  // A hub started now, on the record (another id: the broker queued nothing
  // for it): the board's retained state and presence come, its items do not.
  hc.client_id = "hall-2";
  auto later = HubClient::start(hc, error);
  ASSERT_TRUE(later) << error;
  ASSERT_TRUE(later->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->state && b->online == false;
  }, kWait));
  later->read([&](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    EXPECT_TRUE(b->recent.empty()) << "the board sent nothing again";
    EXPECT_TRUE(b->stream_from_record());
    EXPECT_EQ(texts(b->shown_stream()), seen);
    EXPECT_EQ(moves_of(b->shown_stream()), moves);
  });

  // Without a record: empty, as it was.
  later.reset();
  hc.client_id = "hall-3";
  hc.record_path.clear();
  auto bare = HubClient::start(hc, error);
  ASSERT_TRUE(bare) << error;
  ASSERT_TRUE(bare->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("t1");
    return b && b->state && b->online == false;
  }, kWait));
  bare->read([&](const HubModel& m) { EXPECT_TRUE(m.board("t1")->shown_stream().empty()); });
}

}  // namespace
}  // namespace tabula::hub::play_actions

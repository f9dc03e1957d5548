// Session 26: an action the board took but never answered (its shell
// stopped before carrying it out: a crash, a power cut) was never heard of
// again at the hub until the board came back, if it did. The hub now says
// so itself after DeliveryTiming::answer_wait_ms, and the board's answer at
// its restart closes that alert. Through a real Mosquitto.
#include <gtest/gtest.h>

#include <chrono>

#include "../journal/journal_fixture.h"
#include "broker.h"
#include "hub/hub_client.h"
#include "hub/tournament.h"
#include "journal/database.h"
#include "hub/sim_board.h"

// (Its own namespace: the unity build joins it with broker_test.cpp.)
namespace tabula::hub::unanswered {
namespace {

using namespace std::chrono_literals;
using testing::Broker;
using testing::eventually;
using testing::TempDir;

constexpr auto kWait = 20s;

const Alert* find_alert(const HubModel& m, AlertKind kind) {
  for (const Alert& a : m.alerts()) {
    if (a.kind == kind) return &a;
  }
  return nullptr;
}

// The event's hub (with its tournament record) and its one board, t1, a
// chess game, as every test here starts them.
HubConfig club_hub(const Broker& broker, const TempDir& dir) {
  HubConfig hc;
  hc.event = "club";
  hc.broker = testing::loopback_broker(broker.port());
  hc.key = testing::test_arbiter_key();
  hc.record_path = dir.file("event.db");
  return hc;
}

SimBoardConfig chess_board_t1(const Broker& broker, const TempDir& dir) {
  SimBoardConfig c;
  c.variant = "chess";
  c.journal_path = dir.file("t1.db");
  c.event = "club";
  c.board = "t1";
  c.players = {"Ann", "Bob"};
  c.broker = testing::loopback_broker(broker.port());
  c.key = testing::test_arbiter_key();
  return c;
}

TEST(HubUnanswered, AnActionTheBoardNeverAnswersIsAnAlertClosedByItsAnswerAtTheRestart) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  HubConfig hc = club_hub(broker, dir);
  hc.timing.answer_wait_ms = 1000;  // 30 s in service
  auto hub = HubClient::start(hc, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, kWait)) << hub->status().last_error;

  SimBoardConfig c = chess_board_t1(broker, dir);
  {
    auto t1 = SimBoard::open(c, error);
    ASSERT_TRUE(t1) << error;
    for (const session::Input& in : journal::testing::script_inputs("chess", journal::testing::kScholarsMate, 5)) {
      ASSERT_TRUE(t1->feed(in, error)) << error;
      if (t1->session().moves().size() >= 2) break;
    }
    ASSERT_TRUE(t1->publisher().flush(kWait));
    wire::Action pause;
    pause.set_board("t1");
    pause.set_kind(wire::ACTION_KIND_PAUSE);
    ASSERT_TRUE(hub->send(pause, error)) << error;
    // The board takes it (its replay guard and due answer are written) and
    // its shell never carries it out: the hub says so after its wait.
    ASSERT_TRUE(hub->wait_until([](const HubModel& m) { return find_alert(m, AlertKind::kActionUnanswered); }, kWait));
    hub->read([](const HubModel& m) {
      const Alert* a = find_alert(m, AlertKind::kActionUnanswered);
      EXPECT_EQ(a->text,
                "board t1: pause: no answer in 1 s, so it is not known to be carried out (the board may be off, "
                "stopped, or have lost the answer in a crash; it takes an action at most 120 s after it was sent): "
                "look at the table");
      EXPECT_FALSE(a->acknowledged);
      EXPECT_EQ(m.awaited_actions(), 1u);
    });
  }  // the board stops here, the action never carried out

  // Started again: it answers what was due (session 25), and the hub's alert closes.
  auto again = SimBoard::open(c, error);
  ASSERT_TRUE(again) << error;
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) { return m.awaited_actions() == 0; }, kWait));
  hub->read([](const HubModel& m) {
    const Alert* a = find_alert(m, AlertKind::kActionUnanswered);
    ASSERT_TRUE(a);
    EXPECT_TRUE(a->acknowledged);
    EXPECT_EQ(a->cleared, "answered later: not carried out");
    const Alert* refused = find_alert(m, AlertKind::kActionRefused);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->text.rfind("board t1: pause: not carried out: the board restarted before carrying it out", 0),
              0u)
        << refused->text;
  });
}

// The answers a board's journal holds due (taken, not yet answered on its
// stream: session 25's hub_reply_due), read apart from the board.
std::int64_t replies_due(const std::string& journal_path) {
  journal::Database db;
  journal::JournalStatus s = db.open(journal_path, journal::Database::Mode::kReadOnly);
  if (!s.ok()) return -1;
  return db.query_int("SELECT COUNT(*) FROM hub_reply_due", s).value_or(-1);
}

std::vector<AwaitedAction> kept_awaited(HubClient& hub) {
  std::vector<AwaitedAction> rows;
  hub.with_record([&](TournamentRecord* r) {
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->awaited_actions("club", hub.hub_id(), HubModel::kMaxAwaitedActions, rows).ok());
  });
  return rows;
}

// Session 27: the awaited actions were the hub's memory only. A hub
// restarted while a board had not answered raised no "action unanswered"
// and took the board's late answer for nothing. Now they are kept in the
// tournament record before the action is published; the hub started again
// (same id, same record) raises the alert and the late answer closes it.
// The first hub is stopped, not killed: it writes nothing at its stop, so
// the record is as a kill leaves it (the row is checked before the stop).
TEST(HubUnanswered, AHubRestartedBeforeTheBoardAnsweredStillAlertsAndTakesTheLateAnswer) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  HubConfig hc = club_hub(broker, dir);
  hc.timing.answer_wait_ms = 600000;  // the first hub is gone long before its wait is over

  SimBoardConfig c = chess_board_t1(broker, dir);
  std::int64_t sent_ms = 0;
  {
    auto hub = HubClient::start(hc, error);
    ASSERT_TRUE(hub) << error;
    ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, kWait)) << hub->status().last_error;
    auto t1 = SimBoard::open(c, error);
    ASSERT_TRUE(t1) << error;
    for (const session::Input& in : journal::testing::script_inputs("chess", journal::testing::kScholarsMate, 5)) {
      ASSERT_TRUE(t1->feed(in, error)) << error;
      if (t1->session().moves().size() >= 2) break;
    }
    ASSERT_TRUE(t1->publisher().flush(kWait));
    wire::Action pause;
    pause.set_board("t1");
    pause.set_kind(wire::ACTION_KIND_PAUSE);
    ASSERT_TRUE(hub->send(pause, error)) << error;
    // The board takes it (its answer is due) and its shell never carries it out.
    ASSERT_TRUE(eventually([&] { return replies_due(c.journal_path) == 1; }, kWait));
    const std::vector<AwaitedAction> rows = kept_awaited(*hub);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].board, "t1");
    EXPECT_EQ(rows[0].what, "pause");
    EXPECT_FALSE(rows[0].acknowledged);
    sent_ms = rows[0].sent_wall_ms;
    hub->read([](const HubModel& m) { EXPECT_EQ(m.open_alerts(), 0u); });
    t1.reset();  // the board stops, the action never carried out
  }  // and the hub stops before its wait is over

  hc.timing.answer_wait_ms = 1000;  // 30 s in service
  auto hub = HubClient::start(hc, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) { return find_alert(m, AlertKind::kActionUnanswered); }, kWait));
  hub->read([&](const HubModel& m) {
    const Alert* a = find_alert(m, AlertKind::kActionUnanswered);
    EXPECT_EQ(a->text,
              "board t1: pause: no answer in 1 s, so it is not known to be carried out (the board may be off, "
              "stopped, or have lost the answer in a crash; it takes an action at most 120 s after it was sent): "
              "look at the table");
    EXPECT_FALSE(a->acknowledged);
    EXPECT_GE(a->wall_ms, sent_ms + 1000);
    EXPECT_EQ(m.awaited_actions(), 1u);
  });

  // The board started again answers what was due; the restarted hub takes it.
  auto again = SimBoard::open(c, error);
  ASSERT_TRUE(again) << error;
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) { return m.awaited_actions() == 0; }, kWait));
  hub->read([](const HubModel& m) {
    const Alert* a = find_alert(m, AlertKind::kActionUnanswered);
    ASSERT_TRUE(a);
    EXPECT_TRUE(a->acknowledged);
    EXPECT_EQ(a->cleared, "answered later: not carried out");
    const Alert* refused = find_alert(m, AlertKind::kActionRefused);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->text.rfind("board t1: pause: not carried out: the board restarted before carrying it out", 0),
              0u)
        << refused->text;
  });
  // Answered: no longer kept (written by the hub's worker after the answer).
  EXPECT_TRUE(eventually([&] { return kept_awaited(*hub).empty(); }, kWait));
}

}  // namespace
}  // namespace tabula::hub::unanswered

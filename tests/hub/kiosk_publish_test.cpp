// The kiosk's own game on the hub (issue 11 through the kiosk of issue 6):
// a KioskGame journaling to FILE publishes through the journal's outbox to a
// real mosquitto; the hub sees the move; a signed arbiter action from the hub
// reaches the kiosk's session. No display needed.
#include <gtest/gtest.h>

#include "broker.h"
#include "hub/hub_client.h"
#include "ui/kiosk_game.h"

namespace tabula::hub {
namespace {

using namespace std::chrono_literals;
using testing::Broker;
using testing::eventually;
using testing::TempDir;
using Ms = session::Millis;

ArbiterKey key() {
  ArbiterKey k;
  k.secret = "0123456789abcdef0123456789abcdef";
  return k;
}

TEST(KioskPublish, TheKiosksMovesReachTheHubAndTheHubsActionsReachTheKiosk) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();

  HubConfig hc;
  hc.event = "club";
  hc.broker = at;
  hc.key = key();
  auto hub = HubClient::start(hc, error);
  ASSERT_TRUE(hub) << error;
  ASSERT_TRUE(eventually([&] { return hub->status().subscribed; }, 10s)) << hub->status().last_error;

  ui::KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("table1.db");
  PublisherConfig pc;
  pc.info.event = "club";
  pc.info.board = "table1";
  pc.broker = at;
  pc.key = key();
  o.publish = pc;
  auto sim = ui::KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e2"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e4"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 1U);

  ASSERT_TRUE(eventually(
      [&] {
        bool seen = false;
        hub->read([&](const HubModel& m) {
          const BoardEntry* b = m.board("table1");
          seen = b && b->state && b->state->position().find("4P3") != std::string::npos;
        });
        return seen;
      },
      10s))
      << "the hub never saw e2-e4";

  // The arbiter adjudicates a draw from the hub; the kiosk's session ends.
  wire::Action a;
  a.set_board("table1");
  a.set_kind(wire::ACTION_KIND_ADJUDICATE);
  a.set_draw(true);
  ASSERT_TRUE(hub->send(a, error)) << error;
  ASSERT_TRUE(eventually(
      [&] {
        sim->tick(t += Ms(10));
        return sim->session().game().outcome().over;
      },
      10s));
  EXPECT_TRUE(sim->session().game().outcome().draw);
}

}  // namespace
}  // namespace tabula::hub

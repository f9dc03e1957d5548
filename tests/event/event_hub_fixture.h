// event_hub_fixture.h — the set-up the event's hub tests share
// (assignment_test, event_hub_test): a fresh folder, a real mosquitto in it
// (the test is skipped without one; it snapshots its retained messages every
// second, so a kill loses at most a second of them), and the arbiter's key,
// parsed and written to DIR/arbiter.key for `tabula event publish`. The
// event's hub (the boards t1..t16 enrolled: they sign, issue 28) on request.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "hub/broker.h"
#include "hub/hub_client.h"

namespace tabula::event::testing {

inline constexpr const char* kArbiterHexKey = "0123456789abcdef0123456789abcdef";

inline hub::BrokerConfig broker_at(int port) {
  hub::BrokerConfig b;
  b.port = port;
  b.keepalive_s = 5;
  return b;
}

// The members are the tests' own names: `dir`, `broker` (kept on its port
// across stop/start), `key`, `address` ("127.0.0.1:PORT").
class EventHubFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!hub::testing::Broker::available()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup.sh installs it)";
    hub::testing::BrokerOptions options;
    options.autosave_interval_s = 1;
    broker = std::make_unique<hub::testing::Broker>(dir.path(), options);
    std::string error;
    ASSERT_TRUE(broker->start(error)) << error;
    address = "127.0.0.1:" + std::to_string(broker->port());
    key = hub::parse_key(kArbiterHexKey, "key", error);
    ASSERT_TRUE(key) << error;
    std::ofstream(key_file()) << kArbiterHexKey << "\n";
  }

  std::string key_file() const { return dir.file("arbiter.key"); }

  // The event "club"'s hub on the broker, subscribed; `record`: its
  // tournament record's file ("" none).
  std::unique_ptr<hub::HubClient> start_hub(const std::string& record = "") {
    hub::HubConfig hc;
    hc.event = "club";
    hc.broker = broker_at(broker->port());
    hc.key = key;
    hc.board_keys = hub::testing::test_board_keys();
    hc.record_path = record;
    std::string error;
    auto hub_client = hub::HubClient::start(hc, error);
    EXPECT_TRUE(hub_client) << error;
    EXPECT_TRUE(hub_client &&
                hub::testing::eventually([&] { return hub_client->status().subscribed; }, std::chrono::seconds(20)));
    return hub_client;
  }

  hub::testing::TempDir dir;
  std::unique_ptr<hub::testing::Broker> broker;
  std::optional<hub::ArbiterKey> key;
  std::string address;
};

}  // namespace tabula::event::testing

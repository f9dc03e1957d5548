// MqttClient against a peer that is not a broker: a connection that ends
// before the broker's CONNACK (here a listener that accepts and hangs up at
// once; in the field a broker whose TLS certificate the board does not trust)
// must be said to the owner, as a lost connection is, or the board's status
// shows no problem while it never publishes. It was said only when the
// failure came inside mosquitto_connect; when libmosquitto met it later, in
// its loop, nothing was (tests/hub/broker_test.cpp's untrusted-broker case
// failed now and then under load).
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "hub/mqtt_client.h"

namespace tabula::hub {
namespace {

using namespace std::chrono_literals;

// A loopback listener that accepts every connection and closes it at once.
class HangUp {
 public:
  HangUp() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 8) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
      return;
    }
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] {
      while (!stop_) {
        const int c = ::accept(fd_, nullptr, nullptr);
        if (c < 0) break;
        ++accepted_;
        ::close(c);
      }
    });
  }
  ~HangUp() {
    stop_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    if (thread_.joinable()) thread_.join();
  }
  int port() const { return port_; }
  int accepted() const { return accepted_; }

 private:
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> accepted_{0};
  std::thread thread_;
};

TEST(MqttClient, AConnectionClosedBeforeTheConnackIsSaidToTheOwner) {
  HangUp peer;
  ASSERT_GT(peer.port(), 0) << "no loopback listener";
  BrokerConfig b;
  b.host = "127.0.0.1";
  b.port = peer.port();
  b.keepalive_s = 5;
  std::string said;
  int times = 0;
  MqttClient::Handlers h;
  h.lost = [&](const std::string& why) {
    said = why;
    ++times;
  };
  bool connected = false;
  h.connected = [&](bool) { connected = true; };
  std::string error;
  auto client = MqttClient::create("hangup-probe", false, b, std::nullopt, h, error);
  ASSERT_TRUE(client) << error;
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (times == 0 && std::chrono::steady_clock::now() < until) client->loop(20ms);
  EXPECT_GE(peer.accepted(), 1) << "the client never reached the listener";
  ASSERT_EQ(times, 1) << "the failed attempt was not said (last_error: " << client->last_error() << ")";
  EXPECT_NE(said.find("cannot connect to the broker at 127.0.0.1:" + std::to_string(peer.port())),
            std::string::npos)
      << said;
  EXPECT_EQ(client->last_error(), said);
  EXPECT_FALSE(connected);
  EXPECT_FALSE(client->connected());
}

}  // namespace
}  // namespace tabula::hub

// mqtt_client.h — a thin RAII owner of one libmosquitto client; the only
// file pair that sees mosquitto.h.
//
// Section index: BrokerConfig, Will, MqttMessage, MqttClient.
//
// The owner drives the network by calling loop() from ONE thread (the
// publisher's and the hub's worker threads); every callback (connected,
// lost, acknowledged, message) runs inside loop(), on that thread. loop()
// also reconnects, with a back-off from 100 ms doubling to 2 s, so the
// owner never handles a dead connection itself. MQTT 3.1.1, QoS up to 1.
//
// Errors: every libmosquitto return code becomes text in one place
// (mqtt_error()); nothing throws.
//
// Ownership: the client owns its struct mosquitto (destroyed with it).
// Not thread-safe; not copyable or movable (libmosquitto holds `this`).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct mosquitto;
struct mosquitto_message;

namespace tabula::hub {

struct BrokerConfig {
  std::string host = "127.0.0.1";
  int port = 1883;
  std::string username;  // empty: anonymous
  std::string password;
  std::string ca_file;  // set: TLS, the broker's certificate checked against this CA
  std::string cert_file;  // client certificate (optional, with key_file)
  std::string key_file;
  int keepalive_s = 10;  // the broker drops a silent client after 1.5x this

  // "HOST", "HOST:PORT", "mqtt://HOST[:PORT]", "mqtts://HOST[:PORT]" (TLS,
  // port 8883 unless given; needs ca_file). "" on success, else why not.
  std::string parse(const std::string& address);
  std::string describe() const;  // "127.0.0.1:1883", "broker.lan:8883 (TLS)"
};

struct Will {
  std::string topic;
  std::string payload;
  bool retain = true;
};

struct MqttMessage {
  std::string topic;
  std::string payload;
  bool retained = false;
  int qos = 0;
};

class MqttClient {
 public:
  struct Handlers {
    std::function<void(bool session_present)> connected;
    std::function<void(const std::string& why)> lost;       // also a refused connection
    std::function<void(int mid)> acknowledged;              // PUBACK of a QoS 1 publish
    std::function<void(const MqttMessage& m)> message;
    std::function<void()> subscribed;                       // SUBACK
    // Session 20: MQTT 3.1.1 has no client-side packet limit (the broker
    // sends what it holds). `limit` gives the most bytes a message on a
    // topic may carry (unset: no bound); a message over it is neither
    // copied nor handed to `message`: it is counted (oversized()) and
    // `oversized` is told its topic, size and the limit.
    std::function<std::size_t(std::string_view topic)> limit;
    std::function<void(const std::string& topic, std::size_t bytes, std::size_t limit)> oversized;
  };

  // A client named `client_id`; `persistent`: the broker keeps its session
  // (subscriptions and queued QoS 1 messages) while it is away.
  static std::unique_ptr<MqttClient> create(const std::string& client_id, bool persistent, const BrokerConfig& broker,
                                            const std::optional<Will>& will, Handlers handlers, std::string& error);
  ~MqttClient();
  MqttClient(const MqttClient&) = delete;
  MqttClient& operator=(const MqttClient&) = delete;

  // Runs the network for up to `timeout`: reads, writes, keepalive, and
  // (re)connects when due. Returns after at most `timeout`, or as soon as
  // `wake_fd` (an eventfd or pipe the owner writes to; -1 none) is readable
  // (the caller drains it).
  void loop(std::chrono::milliseconds timeout, int wake_fd = -1);
  bool connected() const { return connected_; }
  // The last connection problem, "" when connected.
  const std::string& last_error() const { return last_error_; }
  // Messages refused by Handlers::limit since the client was made.
  std::uint64_t oversized() const { return oversized_; }

  // nullopt and `error` set when the client cannot take it now (not
  // connected, or libmosquitto refused); otherwise the message id.
  std::optional<int> publish(const std::string& topic, const std::string& payload, int qos, bool retain,
                             std::string& error);
  bool subscribe(const std::string& filter, int qos, std::string& error);
  // Several filters in one SUBSCRIBE (one SUBACK).
  bool subscribe(const std::vector<std::string>& filters, int qos, std::string& error);
  // The last will sent with the next CONNECT (a reconnect too); the
  // connection already made keeps the one it was made with.
  bool set_will(const Will& will, std::string& error);
  // Sends DISCONNECT (the will is not published) and stops reconnecting.
  void disconnect();

 private:
  MqttClient() = default;
  void try_connect();
  // An attempt that ended before the broker's CONNACK (TLS refused, the
  // socket closed): said to the owner like a lost connection, unless the
  // broker's refusal already said why.
  void attempt_failed(int rc);
  static void on_connect(mosquitto*, void* self, int rc, int flags);
  static void on_disconnect(mosquitto*, void* self, int rc);
  static void on_publish(mosquitto*, void* self, int mid);
  static void on_message(mosquitto*, void* self, const mosquitto_message* m);
  static void on_subscribe(mosquitto*, void* self, int mid, int count, const int* granted);

  mosquitto* mosq_ = nullptr;
  BrokerConfig broker_;
  Handlers handlers_;
  bool connected_ = false;
  bool socket_open_ = false;
  bool stopped_ = false;
  bool ever_tried_ = false;
  bool refused_ = false;  // this attempt's CONNACK refused us (on_connect said why)
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_{100};
  std::string last_error_ = "not connected yet";
  std::uint64_t oversized_ = 0;
};

// libmosquitto's text for a return code ("The connection was lost.").
std::string mqtt_error(int rc);

}  // namespace tabula::hub

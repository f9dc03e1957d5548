#include "hub/mqtt_client.h"

#include <mosquitto.h>
#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

namespace tabula::hub {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kMaxBackoff{2000};

void init_library() {
  static std::once_flag once;
  std::call_once(once, [] { mosquitto_lib_init(); });
}

}  // namespace

std::string mqtt_error(int rc) {
  if (rc == MOSQ_ERR_ERRNO) return std::strerror(errno);
  return mosquitto_strerror(rc);
}

// ---- BrokerConfig ---------------------------------------------------------------

std::string BrokerConfig::parse(const std::string& address) {
  std::string rest = address;
  bool tls = false;
  if (rest.rfind("mqtts://", 0) == 0) {
    tls = true;
    rest = rest.substr(8);
  } else if (rest.rfind("mqtt://", 0) == 0) {
    rest = rest.substr(7);
  }
  if (rest.empty()) return "broker address '" + address + "' names no host";
  std::size_t colon = rest.rfind(':');
  port = tls ? 8883 : 1883;
  if (colon != std::string::npos) {
    const std::string p = rest.substr(colon + 1);
    char* end = nullptr;
    long v = std::strtol(p.c_str(), &end, 10);
    if (p.empty() || *end != '\0' || v < 1 || v > 65535) {
      return "broker address '" + address + "': port '" + p + "' is not a number from 1 to 65535";
    }
    port = static_cast<int>(v);
    rest = rest.substr(0, colon);
  }
  host = rest;
  if (tls && ca_file.empty()) return "broker address '" + address + "' asks for TLS: give the CA file (--broker-ca FILE)";
  return "";
}

std::string BrokerConfig::describe() const {
  return host + ":" + std::to_string(port) + (ca_file.empty() ? "" : " (TLS)");
}

// ---- MqttClient -----------------------------------------------------------------

std::unique_ptr<MqttClient> MqttClient::create(const std::string& client_id, bool persistent,
                                               const BrokerConfig& broker, const std::optional<Will>& will,
                                               Handlers handlers, std::string& error) {
  init_library();
  std::unique_ptr<MqttClient> c(new MqttClient());
  c->broker_ = broker;
  c->handlers_ = std::move(handlers);
  c->mosq_ = mosquitto_new(client_id.c_str(), !persistent, c.get());
  if (c->mosq_ == nullptr) {
    error = "cannot create an MQTT client '" + client_id + "': " + std::strerror(errno);
    return nullptr;
  }
  mosquitto_int_option(c->mosq_, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
  mosquitto_max_inflight_messages_set(c->mosq_, 32);
  mosquitto_connect_with_flags_callback_set(c->mosq_, &MqttClient::on_connect);
  mosquitto_disconnect_callback_set(c->mosq_, &MqttClient::on_disconnect);
  mosquitto_publish_callback_set(c->mosq_, &MqttClient::on_publish);
  mosquitto_message_callback_set(c->mosq_, &MqttClient::on_message);
  mosquitto_subscribe_callback_set(c->mosq_, &MqttClient::on_subscribe);
  int rc = MOSQ_ERR_SUCCESS;
  if (!broker.username.empty()) {
    rc = mosquitto_username_pw_set(c->mosq_, broker.username.c_str(),
                                   broker.password.empty() ? nullptr : broker.password.c_str());
    if (rc != MOSQ_ERR_SUCCESS) {
      error = "MQTT user name: " + mqtt_error(rc);
      return nullptr;
    }
  }
  if (!broker.ca_file.empty()) {
    rc = mosquitto_tls_set(c->mosq_, broker.ca_file.c_str(), nullptr,
                           broker.cert_file.empty() ? nullptr : broker.cert_file.c_str(),
                           broker.key_file.empty() ? nullptr : broker.key_file.c_str(), nullptr);
    if (rc != MOSQ_ERR_SUCCESS) {
      error = "TLS set-up with CA file " + broker.ca_file + ": " + mqtt_error(rc);
      return nullptr;
    }
  }
  if (will && !c->set_will(*will, error)) return nullptr;
  return c;
}

bool MqttClient::set_will(const Will& will, std::string& error) {
  const int rc = mosquitto_will_set(mosq_, will.topic.c_str(), static_cast<int>(will.payload.size()),
                                    will.payload.data(), 1, will.retain);
  if (rc != MOSQ_ERR_SUCCESS) {
    error = "MQTT last will on " + will.topic + ": " + mqtt_error(rc);
    return false;
  }
  return true;
}

MqttClient::~MqttClient() {
  if (mosq_ != nullptr) mosquitto_destroy(mosq_);
}

void MqttClient::try_connect() {
  // The first connect stores host, port and keepalive in libmosquitto even
  // when it fails; every later attempt is a reconnect.
  refused_ = false;
  int rc = ever_tried_ ? mosquitto_reconnect(mosq_)
                       : mosquitto_connect(mosq_, broker_.host.c_str(), broker_.port, broker_.keepalive_s);
  ever_tried_ = true;
  if (rc == MOSQ_ERR_SUCCESS) {
    socket_open_ = true;  // CONNACK still to come (on_connect)
    return;
  }
  last_error_ = "cannot reach the broker at " + broker_.describe() + ": " + mqtt_error(rc);
  if (handlers_.lost) handlers_.lost(last_error_);
  next_attempt_ = Clock::now() + backoff_;
  backoff_ = std::min(backoff_ * 2, kMaxBackoff);
}

void MqttClient::attempt_failed(int rc) {
  if (refused_) return;
  last_error_ = "cannot connect to the broker at " + broker_.describe() + ": " + mqtt_error(rc);
  if (handlers_.lost) handlers_.lost(last_error_);
}

namespace {

// Waits until `fd` (if >= 0) is ready for `events`, `wake_fd` is readable, or
// `timeout` passes.
void wait_for(int fd, short events, int wake_fd, std::chrono::milliseconds timeout) {
  pollfd fds[2];
  nfds_t n = 0;
  if (fd >= 0) fds[n++] = pollfd{fd, events, 0};
  if (wake_fd >= 0) fds[n++] = pollfd{wake_fd, POLLIN, 0};
  int ms = static_cast<int>(std::max<std::int64_t>(0, timeout.count()));
  if (n == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return;
  }
  ::poll(fds, n, ms);
}

}  // namespace

void MqttClient::loop(std::chrono::milliseconds timeout, int wake_fd) {
  if (stopped_) {
    wait_for(-1, 0, wake_fd, timeout);
    return;
  }
  if (!socket_open_) {
    if (Clock::now() >= next_attempt_) try_connect();
    if (!socket_open_) {
      auto until_next = std::chrono::duration_cast<std::chrono::milliseconds>(next_attempt_ - Clock::now());
      wait_for(-1, 0, wake_fd, std::clamp(until_next, std::chrono::milliseconds{0}, timeout));
      return;
    }
  }
  // Wait on the socket and the owner's wake-up; then one non-blocking round
  // of libmosquitto's own loop (reads, writes, keepalive, TLS buffers).
  const int fd = mosquitto_socket(mosq_);
  wait_for(fd, static_cast<short>(POLLIN | (mosquitto_want_write(mosq_) ? POLLOUT : 0)), wake_fd, timeout);
  int rc = mosquitto_loop(mosq_, 0, 1);
  if (rc != MOSQ_ERR_SUCCESS && socket_open_) {
    // The connection is gone (reset, refused CONNACK, keepalive): note it and
    // try again after the back-off.
    socket_open_ = false;
    if (connected_) {
      last_error_ = "connection to " + broker_.describe() + " lost: " + mqtt_error(rc);
      if (handlers_.lost) handlers_.lost(last_error_);
    } else {
      attempt_failed(rc);
    }
    connected_ = false;
    next_attempt_ = Clock::now() + backoff_;
    backoff_ = std::min(backoff_ * 2, kMaxBackoff);
  }
}

std::optional<int> MqttClient::publish(const std::string& topic, const std::string& payload, int qos, bool retain,
                                       std::string& error) {
  if (!connected_) {
    error = "not connected to " + broker_.describe();
    return std::nullopt;
  }
  int mid = 0;
  int rc = mosquitto_publish(mosq_, &mid, topic.c_str(), static_cast<int>(payload.size()), payload.data(), qos, retain);
  if (rc != MOSQ_ERR_SUCCESS) {
    error = "publishing on " + topic + ": " + mqtt_error(rc);
    return std::nullopt;
  }
  return mid;
}

bool MqttClient::subscribe(const std::string& filter, int qos, std::string& error) {
  int rc = mosquitto_subscribe(mosq_, nullptr, filter.c_str(), qos);
  if (rc != MOSQ_ERR_SUCCESS) {
    error = "subscribing to " + filter + ": " + mqtt_error(rc);
    return false;
  }
  return true;
}

bool MqttClient::subscribe(const std::vector<std::string>& filters, int qos, std::string& error) {
  std::vector<char*> subs;
  for (const std::string& f : filters) subs.push_back(const_cast<char*>(f.c_str()));
  int rc = mosquitto_subscribe_multiple(mosq_, nullptr, static_cast<int>(subs.size()), subs.data(), qos, 0, nullptr);
  if (rc != MOSQ_ERR_SUCCESS) {
    error = "subscribing to " + std::to_string(filters.size()) + " filters: " + mqtt_error(rc);
    return false;
  }
  return true;
}

void MqttClient::disconnect() {
  stopped_ = true;
  if (socket_open_) {
    mosquitto_disconnect(mosq_);
    // Let the DISCONNECT packet out.
    for (int i = 0; i < 5 && mosquitto_want_write(mosq_); ++i) mosquitto_loop(mosq_, 20, 1);
  }
  socket_open_ = false;
  connected_ = false;
}

void MqttClient::on_connect(mosquitto*, void* self, int rc, int flags) {
  auto* c = static_cast<MqttClient*>(self);
  if (rc != 0) {
    // The broker refused us (bad credentials, not authorised): keep the
    // socket state as "open" so loop() notices the close and backs off.
    c->last_error_ = "the broker at " + c->broker_.describe() + " refused the connection: " +
                     mosquitto_connack_string(rc);
    if (c->handlers_.lost) c->handlers_.lost(c->last_error_);
    c->refused_ = true;
    c->next_attempt_ = Clock::now() + kMaxBackoff;
    return;
  }
  c->connected_ = true;
  c->last_error_.clear();
  c->backoff_ = std::chrono::milliseconds{100};
  if (c->handlers_.connected) c->handlers_.connected((flags & 1) != 0);
}

void MqttClient::on_disconnect(mosquitto*, void* self, int rc) {
  auto* c = static_cast<MqttClient*>(self);
  bool was = c->connected_;
  c->connected_ = false;
  c->socket_open_ = false;
  if (c->stopped_) return;
  if (was) {
    c->last_error_ = "connection to " + c->broker_.describe() + " lost: " + mqtt_error(rc);
    if (c->handlers_.lost) c->handlers_.lost(c->last_error_);
  } else {
    c->attempt_failed(rc);
  }
  c->next_attempt_ = std::max(c->next_attempt_, Clock::now() + c->backoff_);
  c->backoff_ = std::min(c->backoff_ * 2, kMaxBackoff);
}

void MqttClient::on_publish(mosquitto*, void* self, int mid) {
  auto* c = static_cast<MqttClient*>(self);
  if (c->handlers_.acknowledged) c->handlers_.acknowledged(mid);
}

void MqttClient::on_message(mosquitto*, void* self, const mosquitto_message* m) {
  auto* c = static_cast<MqttClient*>(self);
  if (!c->handlers_.message) return;
  const std::size_t bytes = m->payloadlen > 0 ? static_cast<std::size_t>(m->payloadlen) : 0;
  if (c->handlers_.limit) {
    const std::size_t limit = c->handlers_.limit(m->topic);
    if (bytes > limit) {  // neither copied nor decoded (session 20)
      ++c->oversized_;
      if (c->handlers_.oversized) c->handlers_.oversized(m->topic, bytes, limit);
      return;
    }
  }
  MqttMessage msg;
  msg.topic = m->topic;
  if (m->payloadlen > 0) msg.payload.assign(static_cast<const char*>(m->payload), static_cast<std::size_t>(m->payloadlen));
  msg.retained = m->retain;
  msg.qos = m->qos;
  c->handlers_.message(msg);
}

void MqttClient::on_subscribe(mosquitto*, void* self, int, int, const int*) {
  auto* c = static_cast<MqttClient*>(self);
  if (c->handlers_.subscribed) c->handlers_.subscribed();
}

}  // namespace tabula::hub

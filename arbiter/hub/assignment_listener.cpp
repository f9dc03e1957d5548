// assignment_listener.cpp — the setup screen's seat assignment (header).
#include "hub/assignment_listener.h"

#include "hub/topics.h"

namespace tabula::hub {

std::unique_ptr<AssignmentListener> AssignmentListener::start(const PublisherConfig& config, std::string& error) {
  if (!config.check_assignment) {
    error = "no arbiter key to check the seat assignment with";
    return nullptr;
  }
  std::unique_ptr<AssignmentListener> l(new AssignmentListener());
  l->config_ = config;
  const std::string seat_topic = assignment_topic(config.info.event, config.info.board);
  AssignmentListener* self = l.get();
  MqttClient::Handlers h;
  h.connected = [self, seat_topic](bool) {
    std::string e;
    self->client_->subscribe(seat_topic, 1, e);  // a retained one comes at once
    std::lock_guard lock(self->mutex_);
    self->status_.connected = true;
    self->status_.last_error = e;
  };
  h.lost = [self](const std::string& why) {
    std::lock_guard lock(self->mutex_);
    self->status_.connected = false;
    self->status_.last_error = why;
  };
  // Session 20: an assignment over its limit is refused before it is copied.
  h.limit = payload_limit;
  h.oversized = [self](const std::string& t, std::size_t bytes, std::size_t limit) {
    std::lock_guard lock(self->mutex_);
    ++self->status_.refused;
    self->status_.last_refusal = "seat assignment refused: " + oversized_text(t, bytes, limit);
  };
  h.message = [self, seat_topic](const MqttMessage& m) {
    if (m.topic != seat_topic || m.payload.empty()) return;  // empty: cleared by the arbiter
    std::string why;
    std::optional<SeatAssignment> a = self->config_.check_assignment(m.payload, why);
    std::lock_guard lock(self->mutex_);
    if (!a) {
      ++self->status_.refused;
      self->status_.last_refusal = "seat assignment refused: " + why;
      return;
    }
    self->assignment_ = std::move(*a);
  };
  l->client_ = MqttClient::create("tabula-" + config.info.event + "-" + config.info.board + "-setup",
                                  /*persistent=*/false, config.broker, std::nullopt, h, error);
  if (!l->client_) return nullptr;
  l->worker_ = std::thread([self] { self->run(); });
  return l;
}

AssignmentListener::~AssignmentListener() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
  if (client_) client_->disconnect();
}

void AssignmentListener::run() {
  while (!stop_) client_->loop(std::chrono::milliseconds(100));
}

std::optional<SeatAssignment> AssignmentListener::assignment() const {
  std::lock_guard lock(mutex_);
  return assignment_;
}

ListenerStatus AssignmentListener::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

}  // namespace tabula::hub

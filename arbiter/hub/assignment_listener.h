// assignment_listener.h — a board's seat assignment before its game exists
// (issue 35: the first-boot setup shows the board's assignment and fills
// the players).
//
// The BoardPublisher hears the board's signed assignment only while a game
// (its journal, its outbox) exists. Before that, on the setup screen, this
// listener subscribes to tabula/<event>/<board>/assignment (QoS 1, retained:
// a board switched on after the round was seated, or offline when it was,
// gets it from the broker when it connects) and keeps the last assignment
// the check accepts (PublisherConfig::check_assignment: the arbiter's
// signature, this board, no older round). It publishes nothing.
//
// Client id "tabula-<event>-<board>-setup", a clean session. On the
// documented broker (client id = login) it and the publisher would take
// each other's place: the kiosk stops it before the game's publisher starts.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "hub/board_publisher.h"

namespace tabula::hub {

struct ListenerStatus {
  bool connected = false;
  std::uint64_t refused = 0;   // assignments the check refused
  std::string last_refusal;    // why the last one was refused
  std::string last_error;      // the connection's last problem
};

class AssignmentListener {
 public:
  // `config.broker`, `config.info.event`, `config.info.board` and
  // `config.check_assignment` are used; nullptr and `error` when the client
  // cannot be made or there is no check (an assignment is never believed
  // unchecked).
  static std::unique_ptr<AssignmentListener> start(const PublisherConfig& config, std::string& error);
  ~AssignmentListener();
  AssignmentListener(const AssignmentListener&) = delete;
  AssignmentListener& operator=(const AssignmentListener&) = delete;

  std::optional<SeatAssignment> assignment() const;
  ListenerStatus status() const;

 private:
  AssignmentListener() = default;
  void run();

  PublisherConfig config_;
  std::unique_ptr<MqttClient> client_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::optional<SeatAssignment> assignment_;
  ListenerStatus status_;
};

}  // namespace tabula::hub

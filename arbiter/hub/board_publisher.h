// board_publisher.h — one board's side of the hub: its retained state, its
// stream of moves and rulings through the journal's outbox, and the
// arbiter's actions coming back.
//
// Guarantees (docs/HUB.md):
//   - every stream item is written to the outbox (in the journal's file,
//     fsync'ed) before on_recorded() returns, numbered seq 1, 2, 3... without
//     gaps for the life of the journal;
//   - the worker sends unacknowledged items oldest first, QoS 1, at most
//     `window` in flight; after any reconnect it starts again from the oldest
//     unacknowledged one, so the hub gets everything in order, some items
//     perhaps twice (it drops seq it has seen);
//   - the retained state follows the items it covers (through_seq) and is
//     re-sent after every reconnect; a crash between the journal's commit and
//     the outbox's is repaired by catch_up() from the journal;
//   - presence: online (retained) on connect, offline as the broker-held last
//     will, and offline on a clean stop.
//
// Threads: start() spawns one worker thread that owns the MQTT client and its
// own outbox connection. on_recorded(), catch_up(), set_clocks(),
// set_paused(), reply(), take_actions(), flush() and status() may be called
// from one other thread (the shell's); the object is internally locked.
// Destruction stops the worker (publishing "offline") and joins it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "hub/action_auth.h"
#include "hub/codec.h"
#include "hub/mqtt_client.h"
#include "journal/outbox.h"

namespace tabula::hub {

struct PublisherConfig {
  BoardInfo info;                  // event, board, journal header
  BrokerConfig broker;
  std::string journal_path;        // the outbox lives in this journal's file
  std::optional<ArbiterKey> key;   // without it every action is refused
  std::size_t window = 16;         // QoS 1 items in flight at once
};

struct PublisherStatus {
  bool connected = false;
  std::string last_error;           // "" when all is well
  std::int64_t last_seq = 0;        // the last item numbered
  std::int64_t unacked = 0;         // items the broker has not acknowledged yet
  std::uint64_t states_sent = 0;
  std::uint64_t refused_actions = 0;
};

class BoardPublisher {
 public:
  // Opens the outbox and starts the worker. The broker need not be up: the
  // worker keeps trying. nullptr and `error` when the journal or the names
  // are unusable.
  static std::unique_ptr<BoardPublisher> start(PublisherConfig config, std::string& error);
  ~BoardPublisher();
  BoardPublisher(const BoardPublisher&) = delete;
  BoardPublisher& operator=(const BoardPublisher&) = delete;

  // After Journal::record() committed input `input_seq` and its output:
  // numbers and stores the items, and makes a new state from `s`. false and
  // `error` (naming the journal) when the outbox could not be written; the
  // journal's record stands, and catch_up() at the next start repairs it.
  bool on_recorded(std::int64_t input_seq, const session::Output& out, const session::Session& s,
                   std::string& error);
  // After resuming a journal: stores the items of every journaled input the
  // outbox does not hold yet (from the journal's moves and rulings), and the
  // state of the resumed session.
  bool catch_up(const journal::JournalContents& contents, const session::Session& s, std::string& error);
  // The table clock and the arbiter's pause, carried by the next state.
  void set_clocks(std::optional<ClockReading> clocks);
  void set_paused(bool paused);
  // Arbiter actions that passed the ActionGate, oldest first. The shell
  // carries them out and answers each with reply().
  std::vector<wire::Action> take_actions();
  bool reply(std::uint64_t action_id, bool accepted, const std::string& text, std::string& error);
  // Waits until every item is acknowledged and the latest state is out;
  // false on timeout.
  bool flush(std::chrono::milliseconds timeout);
  PublisherStatus status() const;

 private:
  explicit BoardPublisher(PublisherConfig config);
  bool append(std::vector<wire::StreamItem> items, journal::Outbox& outbox, std::int64_t input_seq,
              std::string& error);
  void set_state(const session::Session& s);
  void wake();
  void run();
  void publish_pending(MqttClient& client, journal::Outbox& outbox);
  void on_action(const MqttMessage& m, journal::Outbox& outbox);
  void flush_acks(journal::Outbox& outbox);

  const PublisherConfig config_;
  journal::Outbox writer_;  // the shell thread's connection

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  std::int64_t last_seq_ = 0;
  std::optional<wire::BoardState> state_;  // latest, not yet published when state_dirty_
  bool state_dirty_ = false;
  std::optional<ClockReading> clocks_;
  bool paused_ = false;
  std::deque<wire::Action> actions_;
  PublisherStatus status_;
  bool stop_ = false;

  // Worker-only state.
  ActionGate gate_;
  std::map<int, std::int64_t> in_flight_;  // mid -> seq
  std::vector<std::int64_t> acked_;        // acknowledged, not yet written to the outbox
  std::int64_t sent_through_ = 0;          // items up to here are acknowledged or handed over since the connect

  int wake_fd_ = -1;
  std::thread worker_;
};

// An authenticated arbiter action as the session intent it asks for (pause
// and resume the clock, take back, adjudicate), at session time `now`;
// nullopt for an action kind this board does not know.
std::optional<session::Intent> session_intent(const wire::Action& a, int seat_count, session::Millis now);

// What a person gives on a command line to publish a board: the broker
// address ("HOST[:PORT]", "mqtts://HOST"), its CA file (TLS), user and a file
// holding the password, the arbiter's key file. Fills `config.broker` and
// `config.key`; false with the reason in `error`.
struct BrokerOptions {
  std::string broker;
  std::string ca_file;
  std::string user;
  std::string password_file;
  std::string key_file;
};
bool configure(const BrokerOptions& options, PublisherConfig& config, std::string& error);

}  // namespace tabula::hub

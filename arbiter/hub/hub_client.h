// hub_client.h — the arbiter's hub on the network: subscribes to every board
// of an event, keeps the HubModel, records finished games, and sends signed
// actions to one board.
//
// The broker keeps the hub's session (a fixed client id, persistent): what
// the boards publish while the hub is away is queued by the broker (QoS 1,
// with the broker's persistence) and delivered on its return; the model's
// de-duplication drops what comes twice. The broker is not trusted to keep
// it (issue 19): the hub acknowledges each board on .../ack under its own id
// (the client id) and asks for what it lacks (HubModel::due_acks()), and
// after every (re)connect asks every board of the event for its state
// (SyncRequest on tabula/<event>/sync), so a broker that lost its queues or
// its retained states costs a few seconds, not items.
//
// Threads: start() spawns one worker that owns the MQTT client. The model
// is guarded by one lock: read() runs a function on the model under it (the
// screen draws from it each frame). The tournament record has a lock of its
// own (session 23): the worker writes finished games outside the model's
// lock, so a write that waits out SQLite's busy timeout (2 s, another
// process holding the record) stalls no frame; the screen's ladder comes
// from record_view(), a copy the worker refreshes after each game it
// records, which waits on no writer. Session 28: each board's latest items
// go to the record too (at most once a second, outside the model's lock),
// and a hub started later shows them for a board that does not send its
// stream again (offline). Session 29: the alerts raised from what boards
// sent too, open or acknowledged, raised again at a restart. All public functions may be called
// from any one other thread. Destruction stops and joins the worker.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "hub/action_auth.h"
#include "hub/hub_model.h"
#include "hub/mqtt_client.h"
#include "hub/tournament.h"

namespace tabula::hub {

struct HubConfig {
  std::string event;
  BrokerConfig broker;
  std::optional<ArbiterKey> key;  // without it the hub cannot send actions
  // The boards' public keys (--board-keys FILE, issue 28): with them only
  // payloads signed by their board are believed; without, every payload is
  // (the open mode, docs/HUB.md "Board signatures").
  std::optional<BoardKeyRing> board_keys;
  std::string client_id;          // "" -> "tabula-hub-<event>"
  std::string record_path;        // the tournament record (SQLite); "" none
  bool rated = true;              // finished games with named players move the ladder
  bool acknowledge = true;        // send HubAcks and SyncRequests (false: a read-only spectator)
  DeliveryTiming timing;
};

struct HubStatus {
  bool connected = false;
  bool subscribed = false;  // the broker confirmed the event's subscription (since the last connect)
  std::string last_error;
  std::uint64_t messages = 0;
  std::uint64_t acks_sent = 0;
  std::uint64_t syncs_sent = 0;
  std::string record_error;  // the tournament record's last problem
  std::size_t waiting_records = 0;  // session 22: finished games the record has not taken yet (tried again)
  // Session 20: messages refused unread over their topic's limit (codec.h
  // payload_limit), and the first one's words (also said once in the log).
  std::uint64_t oversized = 0;
  std::string first_oversized;
};

// The record's ladder and this event's standings, as last read (after
// start() and after each game recorded); the hall screen draws them.
struct RecordView {
  std::vector<Rating> ladder;       // best first
  std::vector<Standing> standings;  // this event's, best first
  // Session 30: the games left out of the standings, why (the file and row;
  // TournamentRecord::standings), each said once in the hub's log.
  std::vector<std::string> skipped;
};

class HubClient {
 public:
  static constexpr std::size_t kMaxOutgoing = 64;

  static std::unique_ptr<HubClient> start(HubConfig config, std::string& error);
  const std::string& hub_id() const { return id_; }
  ~HubClient();
  HubClient(const HubClient&) = delete;
  HubClient& operator=(const HubClient&) = delete;

  void read(const std::function<void(const HubModel&)>& f) const;
  void acknowledge(std::uint64_t alert_id);
  // Signs and queues an action for `action.board()` (event, id and time are
  // filled in). false and `error` without a key, with a bad board name, or
  // when kMaxOutgoing actions already wait for the broker.
  bool send(wire::Action action, std::string& error);
  HubStatus status() const;
  // Waits until `pred(model)` holds; false on timeout (tests, the simulator).
  bool wait_until(const std::function<bool(const HubModel&)>& pred, std::chrono::milliseconds timeout) const;
  // HubModel::probe_backlog() under the lock (tabula-hub-sim).
  void probe_backlog(std::int64_t since_wall_ms);
  // Runs `f` on the tournament record under the record's lock: it waits
  // while the worker writes (up to SQLite's busy timeout), so not from a
  // frame (tools, tests).
  void with_record(const std::function<void(TournamentRecord*)>& f);
  // The ladder and standings as last read; waits on no write (the screen's).
  RecordView record_view() const;
  // Session 29: what a tournament record this hub does not write kept (the
  // web service reads the hall screen's record read only, off this hub's
  // threads: web/kept_record.h): each board's latest stream and the kept
  // alerts, put into the model as restore_stream() / restore_alerts() do;
  // `unread` counts what the model left out.
  void restore_kept(std::map<std::string, std::vector<wire::StreamItem>> streams,
                    const std::vector<KeptAlert>& alerts, std::size_t& unread);

 private:
  explicit HubClient(HubConfig config);
  void run();
  void wake();
  // Session 23: the games taken from the model (finished), then those due
  // again, written to the record under the record's lock only, each
  // outcome then applied to the model under its lock. `now` is the round's.
  void record_games(std::vector<FinishedGame> finished, std::int64_t now);
  // The ladder and standings read again into view_ (under the record's lock).
  void refresh_view();
  // Session 27: the actions this hub awaited before a restart, from the
  // record into the model; the model's changes to them into the record.
  void restore_awaited();
  void keep_awaited(const std::vector<AwaitedChange>& changes);
  // Session 28: each board's latest stream items, from the record into the
  // model (shown for a board that does not send them again: offline); the
  // items applied, into the record (false: not written, said once a spell).
  void restore_streams();
  bool keep_streams(const std::vector<AppliedItem>& items);
  // Session 29: the alerts raised from what boards sent, likewise (false:
  // not written, said once a spell).
  void restore_alerts();
  bool keep_alerts(const std::vector<KeptAlert>& alerts);

  const HubConfig config_;
  const std::string id_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  HubModel model_;
  RecordView view_;  // under mutex_
  // The record and its lock (never taken while mutex_ is held; mutex_ may
  // be taken while it is held).
  mutable std::mutex record_mutex_;
  std::optional<TournamentRecord> record_;
  std::deque<std::pair<std::string, std::string>> outgoing_;  // topic, payload
  std::uint64_t last_action_id_ = 0;
  bool stream_write_failed_ = false;  // the last keep_streams failed (said once per spell)
  bool alert_write_failed_ = false;   // the last keep_alerts failed (said once per spell)
  HubStatus status_;
  bool stop_ = false;
  int wake_fd_ = -1;
  std::thread worker_;
};

}  // namespace tabula::hub

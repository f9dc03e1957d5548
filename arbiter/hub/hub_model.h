// hub_model.h — the arbiter's view of an event: every board's latest state,
// its stream applied exactly once, and the alerts that need the arbiter.
//
// Section index: AlertKind, Alert, BoardEntry, FinishedGame, HubModel.
//
// Messages in (topic, payload, the hub's wall clock); nothing else. Pure: no
// I/O, no clock, no MQTT, so every rule below is unit-tested.
//
// Exactly once: a board's stream items carry seq 1, 2, 3... per game (a new
// journal starts again at 1). The model keeps the highest seq applied per
// board and game and drops any item at or below it (a redelivery after a
// reconnect). The first item of a board the hub has never
// seen is taken as it comes (a hub started mid-event gets the retained state
// and what follows); after that, a jump over missing seqs is applied but
// raises a kGap alert naming the missing numbers.
//
// Alerts (raised once per cause, kept until acknowledged):
//   kIllegalMove  a ruling with severity "illegal" (a dispute at the table)
//   kOutOfSync    the state's tracker turned OUT_OF_SYNC, or an out-of-sync ruling
//   kFlag         a "timeout" ruling or a seat's status turned FLAGGED
//   kFinished     the state turned over (the game goes to the tournament record)
//   kOffline      the board's presence turned offline (last will or goodbye)
//   kActionRefused a board refused an arbiter action (the reply says why)
//   kGap          stream items missing (lost by a broker without persistence)
//   kBadPayload   a payload refused by the decoder (the text says why)
//
// Not thread-safe: the hub client guards it with its own lock.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tabula_proto/hub.pb.h"

namespace tabula::hub {

enum class AlertKind { kIllegalMove, kOutOfSync, kFlag, kFinished, kOffline, kActionRefused, kGap, kBadPayload };
const char* to_string(AlertKind k);

struct Alert {
  std::uint64_t id = 0;  // 1, 2, 3... in the order raised
  AlertKind kind = AlertKind::kBadPayload;
  std::string board;
  std::string text;
  std::int64_t wall_ms = 0;  // the hub's clock when raised
  bool acknowledged = false;
};

struct BoardEntry {
  std::string board;
  std::optional<wire::BoardState> state;
  std::optional<bool> online;
  std::uint64_t applied_seq = 0;           // highest stream seq applied (the current game's)
  std::map<std::string, std::uint64_t> applied_by_game;  // game id -> highest seq applied
  std::deque<wire::StreamItem> recent;     // the latest items, oldest first (at most kRecent)
  std::uint64_t items = 0;                 // applied
  std::uint64_t duplicates = 0;            // dropped as already seen
  std::uint64_t missing = 0;               // seqs never seen (gaps)
  std::int64_t last_heard_wall_ms = 0;
};

struct FinishedGame {
  std::string board;
  wire::BoardState state;  // over
};

class HubModel {
 public:
  static constexpr std::size_t kRecent = 50;

  explicit HubModel(std::string event) : event_(std::move(event)) {}

  // One MQTT message. Topics of other events or outside the tree are ignored.
  void on_message(std::string_view topic, std::string_view payload, std::int64_t now_wall_ms);

  const std::string& event() const { return event_; }
  const std::map<std::string, BoardEntry>& boards() const { return boards_; }
  const BoardEntry* board(const std::string& name) const;
  const std::vector<Alert>& alerts() const { return alerts_; }
  std::size_t open_alerts() const;
  void acknowledge(std::uint64_t alert_id);
  // Games that ended since the last call (each game once: by game id).
  std::vector<FinishedGame> take_finished();
  // Latency samples of move items: hub clock minus the board's record time
  // (the first 100000).
  const std::vector<std::int64_t>& move_latencies_ms() const { return latencies_; }

 private:
  void apply_item(BoardEntry& b, wire::StreamItem item, std::int64_t now);
  void apply_state(BoardEntry& b, wire::BoardState st, std::int64_t now);
  void raise(AlertKind kind, const std::string& board, std::string text, std::int64_t now);

  std::string event_;
  std::map<std::string, BoardEntry> boards_;
  std::vector<Alert> alerts_;
  std::vector<FinishedGame> finished_;
  std::map<std::string, bool> finished_ids_;  // game ids already reported
  std::vector<std::int64_t> latencies_;
};

}  // namespace tabula::hub

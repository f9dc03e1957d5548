// awaited_action.h — an action a hub sent and whose answer it awaits
// (HubModel, session 26), as the tournament record keeps it (session 27:
// TournamentRecord::keep_awaited / awaited_actions), so a hub restarted
// before the board answered still raises "action unanswered" and its late
// answer still closes it. Plain values; no dependencies.
#pragma once

#include <cstdint>
#include <string>

namespace tabula::hub {

struct AwaitedAction {
  std::uint64_t id = 0;          // the action's id (the hub's ids grow)
  std::string board;
  std::string what;              // describe(): "pause"
  std::int64_t sent_wall_ms = 0; // the hub's clock when it was sent
  // Its "action unanswered" alert was acknowledged: after a restart it is
  // still awaited (a late answer is taken), but not alerted on again.
  bool acknowledged = false;
};

// What changed in a hub's awaited actions since it last said (HubModel::
// take_awaited_changes()), for the record.
struct AwaitedChange {
  enum class Kind {
    kSent,          // awaited from now on (`action` whole)
    kAnswered,      // its answer came: no longer awaited
    kAcknowledged,  // its alert was acknowledged
    kLetGo,         // the oldest let go (HubModel::kMaxAwaitedActions)
  };
  Kind kind = Kind::kSent;
  AwaitedAction action;  // id only but for kSent
};

}  // namespace tabula::hub

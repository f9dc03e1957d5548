// topics.h — the hub's MQTT topic tree, built and parsed in one place.
//
//   tabula/<event>/<board>/state    retained BoardState
//   tabula/<event>/<board>/stream   StreamItem (moves, rulings, action replies)
//   tabula/<event>/<board>/online   retained Presence (and the board's last will)
//   tabula/<event>/<board>/action   SignedAction, from the arbiter only
//   tabula/<event>/<board>/ack      HubAck, from each hub (watermark and resend request)
//   tabula/<event>/sync             SyncRequest, from a hub that (re)connected
//   tabula/<event>/hub/<hub>/alert-acks  retained SignedAlertAcks: the alerts
//                                   acknowledged on that hub (session 19)
//
// Event and board names are 1..64 characters of [A-Za-z0-9._-]: no MQTT
// wildcard (+ #), no separator (/), nothing a shell or an ACL file would
// misread. Pure; thread-safe (no state).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::hub {

inline constexpr std::string_view kTopicRoot = "tabula";

enum class Leaf { kState, kStream, kOnline, kAction, kAck };
const char* to_string(Leaf leaf);

// "" when `name` is a valid event or board name, else why not ("board name
// 'a/b' contains '/'; use letters, digits, '.', '_' or '-'").
std::string check_name(std::string_view what, std::string_view name);

std::string topic(std::string_view event, std::string_view board, Leaf leaf);
// Everything of one event: "tabula/<event>/+/+".
std::string event_filter(std::string_view event);
// What a hub reads: every board's state, stream and presence (not the other
// hubs' acknowledgements nor the actions).
std::vector<std::string> hub_filters(std::string_view event);
// The event-wide topic a hub asks every board for its state on: "tabula/<event>/sync".
std::string sync_topic(std::string_view event);
// A board's game for the round (issue 35, arbiter/event/board_assignment.h):
// "tabula/<event>/<board>/assignment", retained, written by the arbiter only.
std::string assignment_topic(std::string_view event, std::string_view board);

// Session 19: where hub <hub> publishes the alerts acknowledged on it,
// retained: "tabula/<event>/hub/<hub>/alert-acks". Five levels, so no board
// topic ("tabula/<event>/<board>/<leaf>") nor board pattern of the ACL ever
// matches it, whatever the hub is called.
std::string alert_acks_topic(std::string_view event, std::string_view hub);
// Every hub's: "tabula/<event>/hub/+/alert-acks".
std::string alert_acks_filter(std::string_view event);
struct AlertAcksTopic {
  std::string event;
  std::string hub;
};
// nullopt unless `topic` is an alert-acks topic with valid names.
std::optional<AlertAcksTopic> parse_alert_acks_topic(std::string_view topic);

struct ParsedTopic {
  std::string event;
  std::string board;
  Leaf leaf = Leaf::kState;
};
// nullopt for a topic outside the tree (the hub ignores it, and says so).
std::optional<ParsedTopic> parse_topic(std::string_view topic);

}  // namespace tabula::hub

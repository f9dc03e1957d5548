// board_assignment.h — the hub tells each board its game for the round
// (issue 35): variant, section, round, table and the players in seat order,
// signed with the event's arbiter key (hub/action_auth.h: the same key file
// and HMAC-SHA256), published retained on hub::assignment_topic().
//
// The board's check (AssignmentGate) takes a signature by the key, the
// event's and the board's own names, version 1, and a round not older than
// the last it accepted in that section (a stale retained copy from a
// broker's snapshot cannot take the board back a round). There is no time
// window, unlike actions: the message is retained precisely so that a board
// switched on after the round started still gets its game; replaying it
// elsewhere fails on the board name, and it gives no command, only names.
// The ACL must let `arbiter` write and each board read its own
// tabula/+/<board>/assignment (hardware/mosquitto/acl, i28's).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "event/event.h"
#include "hub/action_auth.h"
#include "hub/board_publisher.h"
#include "tabula_proto/event_wire.pb.h"

namespace tabula::event {

// The open round of `s` as one assignment per table.
std::vector<wire::Assignment> assignments_of(const Event& e, const Section& s, std::uint64_t now_ms);
std::string sign_assignment(const wire::Assignment& a, const hub::ArbiterKey& key);

// The board side; not thread-safe (one per board).
//
// Across a restart (session 20): with a `rounds_file`, the last round and
// issue time taken per section are kept in it, written (whole, fsynced,
// renamed: journal/replace_file.h) before an assignment is accepted and read
// back when the gate is made, so a replayed older seating is refused after
// a restart as before it. The file, one line per section:
//   # tabula assignment rounds v1
//   ROUND ISSUED_MS SECTION
// A file that cannot be read or parsed, or written, refuses every
// assignment with the reason (naming the file and line): failing closed,
// as the board cannot tell an old seating from a new one. Mend or remove
// the file (removing it forgets the rounds: the next seating is taken).
class AssignmentGate {
 public:
  AssignmentGate(std::string event, std::string board, std::optional<hub::ArbiterKey> key,
                 std::string rounds_file = {});
  struct Verdict {
    std::optional<wire::Assignment> assignment;  // set when accepted
    std::string error;                           // why not
  };
  Verdict check(std::string_view payload);
  // Why the rounds file could not be read when the gate was made ("" fine).
  const std::string& rounds_problem() const { return rounds_problem_; }

  static constexpr std::size_t kMaxRoundsFileBytes = 64 * 1024;
  static constexpr std::size_t kMaxSections = 256;

 private:
  void load_rounds();
  std::string save_rounds() const;  // "" when written

  std::string event_;
  std::string board_;
  std::optional<hub::ArbiterKey> key_;
  std::string rounds_file_;
  std::string rounds_problem_;
  // Per section, the accepted assignment's round and issued_ms (s19), as
  // the rounds file keeps them (s20).
  struct Taken {
    std::uint32_t round = 0;
    std::uint64_t issued_ms = 0;
  };
  std::map<std::string, Taken> taken_;
};

// The board publisher's check (hub::PublisherConfig::check_assignment): an
// AssignmentGate of its own, the accepted assignment as the board shows it;
// `rounds_file` as AssignmentGate's ("": kept in memory only).
hub::AssignmentCheck assignment_check(std::string event, std::string board, std::optional<hub::ArbiterKey> key,
                                      std::string rounds_file = {});
// Where a board keeps its rounds beside its journal: "JOURNAL-rounds".
std::string rounds_file_of(const std::string& journal_path);

// One line for the board's setup screen: "club, section ffa, round 3, table 2: chesscom-ffa — Red Ann, Blue Bob, ...".
std::string describe(const wire::Assignment& a);

}  // namespace tabula::event

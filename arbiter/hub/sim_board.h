// sim_board.h — a headless board: a journaled session with a publisher,
// driven by session inputs. The shell loop every board runs (tick at the
// session's deadlines, journal first, then publish), for the hub's tests and
// the 50-board simulation (tabula-hub-sim); `tabula play` and the kiosk do
// the same through BoardPublisher::on_recorded().
//
// Arbiter actions: apply_actions() carries out what the publisher verified,
// as session intents: takeback -> kTakeback, pause/resume -> kPauseClock /
// kResumeClock (and the state's `paused`), adjudicate -> kAdjudicate (a draw,
// a winner, or the standing as it is). Each action is answered with a reply.
//
// Not thread-safe (one shell thread); owns the journal and the publisher.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "hub/board_publisher.h"
#include "journal/journal.h"
#include "session/session.h"

namespace tabula::hub {

struct SimBoardConfig {
  std::string variant;
  std::string start_position;  // FEN/FEN4; "" for the variant's own
  std::string journal_path;    // created, or resumed when it exists
  std::string event;
  std::string board;
  std::vector<std::string> players;
  std::string bots;  // the journal header's bots ("Green=2"), as the kiosk writes them
  BrokerConfig broker;
  std::optional<ArbiterKey> key;
  std::optional<BoardKey> board_key;  // signs what the board publishes (issue 28)
  AssignmentCheck check_assignment;   // set: follows its seat assignment (issue 35)
  session::SessionSettings settings;
  std::size_t window = 16;  // PublisherConfig::window
  std::chrono::milliseconds write_wait{2000};  // PublisherConfig::write_wait
};

class SimBoard {
 public:
  static std::unique_ptr<SimBoard> open(const SimBoardConfig& config, std::string& error);

  // Ticks at the session's deadlines before `in`, then `in`; each is
  // journaled, then handed to the publisher.
  bool feed(const session::Input& in, std::string& error);
  // Journals a tick at each of the session's deadlines before `t` (feed()'s first step).
  bool tick_before(session::Millis t, std::string& error);
  // Ticks until the last move settled and questions defaulted.
  bool finish(std::string& error);
  // Carries out verified arbiter actions at session time `now`; returns how many.
  int apply_actions(session::Millis now, std::string& error);

  session::Session& session() { return *session_; }
  BoardPublisher& publisher() { return *publisher_; }
  const journal::Journal& journal() const { return journal_; }
  std::size_t resumed_inputs() const { return resumed_; }
  // After a resume, where a driver of a script carries on: skip the inputs
  // before resumed_time(), and resumed_at_time() of those at that time
  // (the journal holds them; ticks not counted).
  session::Millis resumed_time() const { return resumed_time_; }
  std::size_t resumed_at_time() const { return resumed_at_time_; }
  // The outbox's items in seq order as the hub must hold them: their
  // count and digest (codec.h, digest_step).
  bool outbox_digest(std::uint64_t& digest, std::int64_t& count, std::string& error) const;

 private:
  bool record(const session::Input& in, std::string& error);

  journal::Journal journal_;
  std::optional<session::Session> session_;
  std::unique_ptr<BoardPublisher> publisher_;
  std::size_t resumed_ = 0;
  session::Millis resumed_time_{0};
  std::size_t resumed_at_time_ = 0;
  std::string journal_path_;
};

}  // namespace tabula::hub

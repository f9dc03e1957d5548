// board_link.h — `tabula-kiosk --board SOCKET`: the kiosk's link to the board
// daemon (tabula-boardd, docs/firmware.md). It turns the daemon's frames into
// session inputs and the arbiter's belief about the board into expectations.
// No drawing here: the kiosk shows status() and warnings().
//
// What each frame becomes:
//   Hello          the daemon's square list is checked against the variant's
//                  board: each name must be a cell of the variant's grid, no
//                  two may fall in one square (a merged corner is one name,
//                  its anchor), and every square must be sensed. Cells that
//                  are no square (Bipartite's holes, cut corners) may be
//                  sensed: a piece there is a stray for the session. A misfit
//                  is an error line and no event is passed on until a fitting
//                  Hello (the daemon sends one per connection).
//   SquareEvent    session::SquareEvent{now, cell, occupied}; the cell the
//                  name stands for, so a merged corner square (one name,
//                  several reeds ORed by the daemon) is its anchor cell.
//   BoardSnapshot  session::BoardSnapshot{now, every occupied cell}; a
//                  snapshot with unsettled squares is not a full reed state
//                  and is skipped (the daemon sends a RESYNC once they settle).
//   SensorFault    a warning line: where, what kind, raised or cleared, and
//                  the daemon's sentence.
//   ProtocolError  an error line (the daemon then closes the connection).
// Times: inputs carry `now`, the kiosk's session time, never the daemon's
// clock (the session keeps one time line).
//
//   state          event                                  next
//   disconnected   poll, >= kRetryInterval since the      awaiting-hello (connected)
//                  last attempt (the first poll at once)  or disconnected (status says why)
//   awaiting-hello Hello that fits                        live (sends the last expectation)
//   awaiting-hello Hello that does not fit                refused (error line)
//   awaiting-hello Hello of another protocol version      disconnected (error line)
//   live           events, snapshots                      live (inputs)
//   live           a sequence gap                         live (warning; asks for a snapshot)
//   any connected  end of stream, corrupt stream,         disconnected (warning line)
//                  a failed write
// Faults and protocol errors are shown in every connected state. A
// connection problem is reported once until the link is live again, not at
// every retry.
//
// The Geometry names the cells and judges the Hello; a stage change of the
// variant (004: the holes move) keeps the grid, so the link need not follow
// it. Owns the BoardClient (one at a time) and a copy of the Geometry. Not
// thread-safe: the kiosk's loop calls it once per frame.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/geometry.h"
#include "core/types.h"
#include "session/input.h"

namespace tabula::firmware {
class BoardClient;
}
namespace tabula::board {  // proto/board.proto, kept out of this header
class Frame;
class Hello;
}  // namespace tabula::board

namespace tabula::ui {

/// Whether a board sensing `squares` (the daemon's or a profile's square
/// names, a merged corner square by its anchor) fits the variant's
/// `geometry`: every name a cell of its grid, no two in one square, every
/// square sensed. `problem` says why not ("" when it fits); `cells` maps each
/// name to its cell and `names` gives each square's name (by index).
struct BoardFit {
  std::string problem;
  std::unordered_map<std::string, core::Square> cells;
  std::vector<std::string> names;
};
BoardFit fit_board(const core::Geometry& geometry, const std::vector<std::string>& squares);

class BoardLink {
 public:
  static constexpr session::Millis kRetryInterval{1000};

  // Nothing happens until the first poll(). `geometry` is the variant's board.
  BoardLink(std::string socket_path, core::Geometry geometry);
  ~BoardLink();
  BoardLink(const BoardLink&) = delete;
  BoardLink& operator=(const BoardLink&) = delete;

  // Connects if it is time to, reads what the daemon sent and appends the
  // session inputs it makes. Never blocks.
  void poll(session::Millis now, std::vector<session::Input>& inputs);

  // After each accepted move (and at setup): the cells the arbiter believes
  // occupied, so the daemon can report stuck reeds. Kept and sent again after
  // every reconnect; cells that are no square of the board are left out.
  void send_expectation(const core::SquareSet& occupied_cells);
  // Asks the daemon for a full snapshot (it arrives through poll()).
  void request_snapshot();

  // One line for the screen: "board: connected to /run/tabula/board.sock
  // (profile chess-8x8-matrix)", "board: daemon not running at PATH, retrying".
  const std::string& status() const { return status_; }
  // Warning and error lines since the last call, oldest first; clears them.
  std::vector<std::string> warnings();

  bool connected() const { return client_ != nullptr; }
  // Connected and the daemon's board fits: events become inputs.
  bool live() const { return state_ == State::kLive; }
  // The socket for the caller's poll(), -1 when disconnected.
  int fd() const;
  const std::string& socket_path() const { return path_; }

 private:
  enum class State { kDisconnected, kAwaitingHello, kLive, kRefused };
  void try_connect(session::Millis now);
  void handle(const board::Frame& frame, session::Millis now, std::vector<session::Input>& inputs);
  void on_hello(const board::Hello& hello, session::Millis now);
  void lose(const std::string& why, session::Millis now);
  void warn(std::string line) { warnings_.push_back(std::move(line)); }
  // A connection-level problem: a warning line unless it was reported since
  // the link was last live.
  void warn_once(const std::string& line);
  void push_expectation();
  // The cell the daemon's name stands for (from its Hello), or an error line.
  core::Square cell_named(const std::string& name, const char* what);

  std::string path_;
  core::Geometry geometry_;
  std::unique_ptr<firmware::BoardClient> client_;
  State state_ = State::kDisconnected;
  bool attempted_ = false;
  session::Millis last_attempt_{0};
  session::Millis last_poll_{0};  // `now` of the last poll(), for failures outside it
  std::string profile_;           // from the last Hello
  std::unordered_map<std::string, core::Square> cells_;  // the daemon's names -> cells
  std::vector<std::string> names_;  // the daemon's name of each square (by index)
  bool have_expectation_ = false;
  core::SquareSet expectation_;  // logical squares (anchors)
  std::string status_;
  std::set<std::string> reported_;  // connection problems since the link was last live
  static constexpr std::size_t kMaxReported = 64;
  std::vector<std::string> warnings_;
};

}  // namespace tabula::ui

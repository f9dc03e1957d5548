// snapshot.h — everything the kiosk needs to draw, as one value.
//
// A Snapshot is built on demand by Session::snapshot(); it copies, it never
// points into the session, so the kiosk (issue 6) can hold it across frames.
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "inference/tracker.h"
#include "session/clock.h"
#include "session/output.h"

namespace tabula::session {

enum class Phase : std::uint8_t {
  kSetup,     // the table sets up the start (or a new stage's) position; sensors verify it
  kPlay,      // moves are read from the sensors
  kChoosing,  // 004: the stage winner chooses the next stage's power piece
  kRestore,   // after a takeback or a check of the board: the board is put back
  kOver,      // the game is over; sensors are only followed
};
const char* to_string(Phase p);

struct Snapshot {
  explicit Snapshot(core::Position p) : position(std::move(p)) {}

  Millis time{0};
  Phase phase = Phase::kSetup;
  int stage = 0;            // 0-based (004 has two)
  core::Position position;  // what should stand on the board (the layout to set up in kSetup)
  core::Seat to_move = core::kNoSeat;
  core::SquareSet occupied;  // squares the sensors see occupied
  core::SquareSet lifted;    // should hold a piece and are empty (pieces in the air)
  core::SquareSet extra;     // occupied and should be empty
  core::SquareSet stray;     // occupied cells that are no square
  core::SquareSet masked;    // sensors declared faulty
  inference::TrackerState tracker = inference::TrackerState::kInSync;
  std::optional<core::Move> tentative;  // the move the board shows, not yet settled
  std::vector<inference::Fix> fixes;    // what to do, first action first
  std::vector<Request> requests;        // open questions and instructions, oldest first
  std::optional<AcceptedMove> last_move;
  std::array<int, core::kMaxSeats> points{};
  std::array<core::SeatStatus, core::kMaxSeats> statuses{};
  // 003: each seat's ally and suzerain (kNoSeat: none).
  std::array<core::Seat, core::kMaxSeats> allies{core::kNoSeat, core::kNoSeat, core::kNoSeat, core::kNoSeat};
  std::array<core::Seat, core::kMaxSeats> suzerains{core::kNoSeat, core::kNoSeat, core::kNoSeat, core::kNoSeat};
  std::vector<std::pair<core::Seat, std::vector<core::Square>>> checks;  // seat in check, checkers
  core::Outcome outcome;
  // The draw the seat to move may claim now ("threefold repetition"), or "".
  std::string claimable_draw;
  std::vector<core::Game::RecordEntry> record;
  std::vector<Ruling> recent;  // the latest rulings, oldest first
  // The game clock (none: untimed), as of `time`; the kiosk asks it for the
  // time left at its own "now" between inputs. `clock_held`: the arbiter
  // paused it.
  std::optional<GameClock> clock;
  bool clock_held = false;
  // Teaching mode: the one piece of the seat to move that is in the air, and
  // its legal destinations (empty when none or several are lifted).
  core::Square lifted_piece = core::kNoSquare;
  std::vector<core::Square> destinations;
};

}  // namespace tabula::session

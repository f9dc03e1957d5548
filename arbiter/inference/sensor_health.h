// sensor_health.h — noticing sensors and events that cannot be right.
//
// Section index: ObservationKind, Observation, HealthSettings, SensorHealth.
//
// The board daemon debounces and reports its own faults; inference still
// guards itself (issue 5: "Bad input of every kind ... gives a clear message
// naming what is wrong and where, and loses nothing already accepted"):
//   - a noisy reed: one cell changes `noisy_events` times within
//     `noisy_window` (a reed chattering, a magnet at the edge of its range).
//     Changes closer than `bounce_window` to the first of a group count once:
//     contact bounce as a piece lands is not noise;
//   - a burst: `burst_pieces` standing pieces leave their squares within
//     `burst_window` and stay off (pieces knocked over, a sleeve sweeping a
//     rank) — two hands lift two pieces at most; a slide brushing squares
//     puts nothing down to stay, so it never counts (a brushed square's
//     piece was put down less than `standing` before it left, even when
//     its reed bounces as it leaves: issue 27 item 11);
// Each is reported once, then again only after the cell (or the board) has
// been quiet for the window. Reports are values; nothing is dropped: the
// events still reach the tracker, which is what keeps accepted moves safe.
// Not thread-safe.
#pragma once

#include <array>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/ruling.h"
#include "core/types.h"
#include "inference/physical_board.h"

namespace tabula::inference {

// Something the table or the arbiter should hear that is not a move.
enum class ObservationKind : std::uint8_t {
  kTouchOutOfTurn,  // a piece of a seat not to move was lifted (warning)
  kNoisySensor,     // a reed changes too often (warning)
  kBurst,           // many squares changed at once (warning)
  kOffGrid,         // an event for a cell that is not on this board (warning)
  kStray,           // a piece on a cell that is no square (warning)
  kRedundant,       // a reed reported the state it was already in (info)
  kTimeBackwards,   // an input older than the last one (warning)
  kHeldTooLong,     // a piece has been off its square a long time (warning)
};

struct Observation {
  ObservationKind kind = ObservationKind::kRedundant;
  core::Severity severity = core::Severity::kInfo;
  Millis time{0};
  std::vector<core::Square> squares;
  std::string text;
};

const char* to_string(ObservationKind k);

struct HealthSettings {
  int noisy_events = 8;
  Millis noisy_window{1000};
  Millis bounce_window{10};
  int burst_pieces = 3;
  Millis burst_window{150};
  // A piece put down less than this before it left was passing (a slide
  // brushing the square: 20-160 ms; a hand resting on the way, 0.3-0.9 s on
  // the DGT recordings of issue 27), not standing:
  // its leaving is no part of a burst.
  Millis standing{1000};
};

class SensorHealth {
 public:
  explicit SensorHealth(HealthSettings settings = {}) : settings_(settings) {}

  // A reed changed. Returns a report the first time the cell turns noisy.
  std::optional<Observation> on_cell(core::Square cell, Millis time, const core::Geometry& g);
  // A square's occupancy changed (`occupied`: now); `board` is the occupancy
  // after the change; `position` (when given) the squares the committed
  // position fills: a piece leaving a square outside it stood there on its
  // way (a rest on the path), a move under way, no piece knocked over.
  // Returns a report when a burst begins.
  std::optional<Observation> on_square(core::Square square, bool occupied, Millis time,
                                       const core::SquareSet& board, const core::Geometry& g,
                                       const core::SquareSet* position = nullptr);

 private:
  HealthSettings settings_;
  struct CellHistory {
    std::deque<Millis> groups;  // first change of each bounce group
    bool reported = false;
  };
  struct Change {
    Millis time;
    core::Square square;
    bool occupied;
  };
  std::array<CellHistory, core::kMaxSquares> cells_{};
  std::deque<Change> recent_;
  // When the piece on each square was put down (a flicker's flip back, within
  // bounce_window of a lift, is no placement); none: from before the first
  // change seen. A piece put down less than `standing` before it left (a
  // slide brushing the square) was never standing.
  std::array<std::optional<Millis>, core::kMaxSquares> placed_{};
  std::array<std::optional<Millis>, core::kMaxSquares> lifted_{};
  bool burst_reported_ = false;
};

}  // namespace tabula::inference

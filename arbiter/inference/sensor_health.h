// sensor_health.h — noticing sensors and events that cannot be right.
//
// Section index: ObservationKind, Observation, HealthSettings, SensorHealth.
//
// The board daemon debounces and reports its own faults; inference still
// guards itself (issue 5: "Bad input of every kind ... gives a clear message
// naming what is wrong and where, and loses nothing already accepted"):
//   - a noisy reed: one cell changes `noisy_events` times within
//     `noisy_window` (a reed chattering, a magnet at the edge of its range);
//   - a burst: `burst_squares` different squares change within
//     `burst_window` (a piece knocked over rolling across the board, a sleeve
//     brushing a rank) — no hand moves that fast;
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
  kRemoved,         // a square the rules emptied has been cleared (info)
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
  Millis noisy_window{2000};
  int burst_squares = 5;
  Millis burst_window{300};
};

class SensorHealth {
 public:
  explicit SensorHealth(HealthSettings settings = {}) : settings_(settings) {}

  // A reed changed. Returns a report the first time the cell turns noisy.
  std::optional<Observation> on_cell(core::Square cell, Millis time, const core::Geometry& g);
  // A square's occupancy changed. Returns a report when a burst begins.
  std::optional<Observation> on_square(core::Square square, Millis time, const core::Geometry& g);

 private:
  HealthSettings settings_;
  struct CellHistory {
    std::deque<Millis> times;
    bool reported = false;
  };
  std::array<CellHistory, core::kMaxSquares> cells_{};
  std::deque<std::pair<Millis, core::Square>> recent_;
  bool burst_reported_ = false;
};

}  // namespace tabula::inference

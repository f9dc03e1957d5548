#include "inference/sensor_health.h"

#include "inference/fix_plan.h"

namespace tabula::inference {

const char* to_string(ObservationKind k) {
  switch (k) {
    case ObservationKind::kTouchOutOfTurn:
      return "touch-out-of-turn";
    case ObservationKind::kNoisySensor:
      return "noisy-sensor";
    case ObservationKind::kBurst:
      return "burst";
    case ObservationKind::kOffGrid:
      return "off-grid";
    case ObservationKind::kStray:
      return "stray";
    case ObservationKind::kRedundant:
      return "redundant";
    case ObservationKind::kTimeBackwards:
      return "time-backwards";
    case ObservationKind::kHeldTooLong:
      return "held-too-long";
  }
  return "?";
}

std::optional<Observation> SensorHealth::on_cell(core::Square cell, Millis time,
                                                 const core::Geometry& g) {
  CellHistory& h = cells_[core::index_of(cell)];
  if (!h.groups.empty() && time - h.groups.back() < settings_.bounce_window)
    return std::nullopt;  // bounce
  if (!h.groups.empty() && time - h.groups.back() >= settings_.noisy_window) {
    h.groups.clear();
    h.reported = false;  // quiet for a window: report again if it chatters again
  }
  h.groups.push_back(time);
  while (!h.groups.empty() && time - h.groups.front() >= settings_.noisy_window)
    h.groups.pop_front();
  if (h.reported || static_cast<int>(h.groups.size()) < settings_.noisy_events) return std::nullopt;
  h.reported = true;
  Observation o;
  o.kind = ObservationKind::kNoisySensor;
  o.severity = core::Severity::kWarning;
  o.time = time;
  o.squares = {cell};
  auto span = std::chrono::duration_cast<Millis>(time - h.groups.front()).count();
  o.text = "the sensor of " + g.name(cell) + " is noisy: " + std::to_string(h.groups.size()) +
           " changes in " + std::to_string(span) +
           " ms; check the piece on it and the reed (the arbiter may mark it faulty)";
  return o;
}

std::optional<Observation> SensorHealth::on_square(core::Square square, bool occupied, Millis time,
                                                   const core::SquareSet& board,
                                                   const core::Geometry& g,
                                                   const core::SquareSet* position) {
  while (!recent_.empty() && time - recent_.front().time >= settings_.burst_window)
    recent_.pop_front();
  recent_.push_back({time, square, occupied});
  const std::size_t i = static_cast<std::size_t>(core::index_of(square));
  if (!occupied) {
    lifted_[i] = time;
  } else if (!lifted_[i] || time - *lifted_[i] >= settings_.bounce_window) {
    placed_[i] = time;
  }
  // Standing pieces that left within the window and are still off.
  core::SquareSet filled;
  core::SquareSet off;
  for (const Change& c : recent_) {
    int q = core::index_of(c.square);
    const std::optional<Millis>& put = placed_[static_cast<std::size_t>(q)];
    const bool stood = !put || *put > c.time || c.time - *put >= settings_.standing;
    // Issue 27 item 11 (real records through real hands): a piece resting
    // 0.3-0.9 s on its path stood longer than `standing`, yet its square is
    // empty in the position: its leaving is the hand going on (famous.pgn
    // game 4, the queen leaving b4 as b5's victim and Black's a8 are lifted).
    const bool of_position = position == nullptr || position->test(q);
    if (c.occupied) {
      filled.set(q);
    } else if (!filled.test(q) && !board.test(q) && stood && of_position) {
      off.set(q);
    }
  }
  if (static_cast<int>(off.count()) < settings_.burst_pieces) {
    if (off.none()) burst_reported_ = false;
    return std::nullopt;
  }
  if (burst_reported_) return std::nullopt;
  burst_reported_ = true;
  Observation o;
  o.kind = ObservationKind::kBurst;
  o.severity = core::Severity::kWarning;
  o.time = time;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (off.test(q)) o.squares.push_back(static_cast<core::Square>(q));
  }
  o.text =
      std::to_string(off.count()) + " pieces left " + square_list(g, off) + " within " +
      std::to_string(settings_.burst_window.count()) +
      " ms: were pieces knocked over? No new move is accepted until the board is back in order";
  return o;
}

}  // namespace tabula::inference

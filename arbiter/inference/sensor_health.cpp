#include "inference/sensor_health.h"

#include "inference/fix_plan.h"

namespace tabula::inference {

const char* to_string(ObservationKind k) {
  switch (k) {
    case ObservationKind::kTouchOutOfTurn: return "touch-out-of-turn";
    case ObservationKind::kNoisySensor: return "noisy-sensor";
    case ObservationKind::kBurst: return "burst";
    case ObservationKind::kOffGrid: return "off-grid";
    case ObservationKind::kStray: return "stray";
    case ObservationKind::kRedundant: return "redundant";
    case ObservationKind::kTimeBackwards: return "time-backwards";
    case ObservationKind::kHeldTooLong: return "held-too-long";
    case ObservationKind::kRemoved: return "removed";
  }
  return "?";
}

std::optional<Observation> SensorHealth::on_cell(core::Square cell, Millis time, const core::Geometry& g) {
  CellHistory& h = cells_[core::index_of(cell)];
  if (!h.times.empty() && time - h.times.back() >= settings_.noisy_window) {
    h.times.clear();
    h.reported = false;  // quiet for a window: report again if it chatters again
  }
  h.times.push_back(time);
  while (!h.times.empty() && time - h.times.front() >= settings_.noisy_window) h.times.pop_front();
  if (h.reported || static_cast<int>(h.times.size()) < settings_.noisy_events) return std::nullopt;
  h.reported = true;
  Observation o;
  o.kind = ObservationKind::kNoisySensor;
  o.severity = core::Severity::kWarning;
  o.time = time;
  o.squares = {cell};
  auto span = std::chrono::duration_cast<Millis>(time - h.times.front()).count();
  o.text = "the sensor of " + g.name(cell) + " is noisy: " + std::to_string(h.times.size()) + " changes in " +
           std::to_string(span) + " ms; check the piece on it and the reed (the arbiter may mark it faulty)";
  return o;
}

std::optional<Observation> SensorHealth::on_square(core::Square square, Millis time, const core::Geometry& g) {
  while (!recent_.empty() && time - recent_.front().first >= settings_.burst_window) recent_.pop_front();
  if (recent_.empty()) burst_reported_ = false;
  recent_.emplace_back(time, square);
  core::SquareSet distinct;
  for (const auto& r : recent_) distinct.set(core::index_of(r.second));
  if (burst_reported_ || static_cast<int>(distinct.count()) < settings_.burst_squares) return std::nullopt;
  burst_reported_ = true;
  Observation o;
  o.kind = ObservationKind::kBurst;
  o.severity = core::Severity::kWarning;
  o.time = time;
  for (int q = 0; q < core::kMaxSquares; ++q) {
    if (distinct.test(q)) o.squares.push_back(static_cast<core::Square>(q));
  }
  o.text = std::to_string(distinct.count()) + " squares changed within " +
           std::to_string(settings_.burst_window.count()) + " ms (" + square_list(g, distinct) +
           "): was a piece knocked over? No move is accepted until the board is back in order";
  return o;
}

}  // namespace tabula::inference

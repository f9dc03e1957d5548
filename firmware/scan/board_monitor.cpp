#include "scan/board_monitor.h"

namespace tabula::firmware {

BoardMonitor::BoardMonitor(const BoardProfile& profile)
    : profile_(profile),
      debouncer_(profile.geometry.square_count(), profile.timing.debounce),
      detector_(profile),
      held_(profile.wiring.sensors.size()),
      square_raw_(profile.geometry.square_count()) {}

void BoardMonitor::on_scan(const ScanFrame& frame, Micros now, MonitorOutput& out) {
  detector_.update_lines(frame, now, out.faults);
  const auto& sensors = profile_.wiring.sensors;
  std::fill(square_raw_.begin(), square_raw_.end(), 0);
  for (std::size_t s = 0; s < sensors.size(); ++s) {
    if (!detector_.input_shorted(sensors[s].input)) held_[s] = frame.sensor_closed[s];
    square_raw_[to_size(sensors[s].square)] |= held_[s];
  }
  const std::size_t first_change = out.changes.size();
  debouncer_.update(square_raw_, now, out.changes);
  detector_.update_sensors(held_, std::span(out.changes).subspan(first_change), debouncer_, now,
                           out.faults);
  if (debouncer_.settled() && !was_settled_) out.settled = true;
  was_settled_ = debouncer_.settled();
}

void BoardMonitor::on_chip_lost(const std::string& message, Micros now, MonitorOutput& out) {
  debouncer_.reset();
  was_settled_ = false;
  detector_.chip_lost(message, now, out.faults);
}

void BoardMonitor::on_chip_back(Micros now, MonitorOutput& out) {
  detector_.chip_back(now, out.faults);
}

std::optional<std::string> BoardMonitor::set_expectation(std::span<const std::string> occupied,
                                                         Micros now) {
  std::vector<std::uint8_t> expected(profile_.geometry.square_count(), 0);
  for (const std::string& name : occupied) {
    const auto q = profile_.geometry.find(name);
    if (!q)
      return "expectation names '" + name + "', which is not a square of " + profile_.geometry.id();
    expected[to_size(*q)] = 1;
  }
  detector_.set_expectation(expected, now);
  return std::nullopt;
}

Snapshot BoardMonitor::snapshot(Micros now) const {
  Snapshot snap;
  snap.time = now;
  for (std::size_t q = 0; q < debouncer_.size(); ++q) {
    const auto s = static_cast<SquareIndex>(q);
    switch (debouncer_.state(s)) {
      case SquareState::kOccupied:
        snap.occupied.push_back(s);
        break;
      case SquareState::kUnknown:
        snap.unsettled.push_back(s);
        break;
      case SquareState::kEmpty:
        break;
    }
  }
  return snap;
}

}  // namespace tabula::firmware

#include "daemon/sim_driver.h"

namespace tabula::firmware {

std::vector<trace::TraceError> SimDriver::check(const BoardProfile& profile,
                                                const std::vector<trace::TraceEvent>& events,
                                                const std::string& file) {
  std::vector<trace::TraceError> errors;
  std::vector<std::uint8_t> occupied(profile.geometry.square_count(), 0);
  for (const trace::TraceEvent& ev : events) {
    const auto q = profile.geometry.find(ev.square);
    if (!q) {
      errors.push_back(
          {file, ev.line, "square '" + ev.square + "' is not on " + profile.geometry.id()});
      continue;
    }
    const bool down = ev.motion == trace::Motion::kDown;
    std::uint8_t& occ = occupied[to_size(*q)];
    if (down && occ) {
      errors.push_back(
          {file, ev.line, ev.square + " down, but a piece is already on " + ev.square});
    } else if (!down && !occ) {
      errors.push_back({file, ev.line, ev.square + " up, but " + ev.square + " is empty"});
    }
    occ = down;
  }
  return errors;
}

SimDriver::SimDriver(const BoardProfile& profile, FakeMatrix& fake,
                     std::vector<trace::TraceEvent> events)
    : profile_(profile), fake_(fake), events_(std::move(events)) {
  square_sensors_.resize(profile_.geometry.square_count());
  const auto& sensors = profile_.wiring.sensors;
  for (std::size_t s = 0; s < sensors.size(); ++s)
    square_sensors_[to_size(sensors[s].square)].push_back(
        SensorIndex{static_cast<std::uint16_t>(s)});
}

Micros SimDriver::last_event_time() const {
  return events_.empty() ? Micros(0) : Micros(events_.back().time);
}

void SimDriver::advance(Micros now) {
  fake_.set_now(now);
  while (next_ < events_.size() && Micros(events_[next_].time) <= now) {
    const trace::TraceEvent& ev = events_[next_++];
    const auto q = profile_.geometry.find(ev.square);
    if (!q) continue;  // check() reported it
    const auto& sensors = square_sensors_[to_size(*q)];
    if (sensors.empty()) continue;
    if (ev.motion == trace::Motion::kDown) {
      fake_.set_magnet(sensors.front(), true);
    } else {
      for (SensorIndex s : sensors) fake_.set_magnet(s, false);
    }
  }
}

}  // namespace tabula::firmware

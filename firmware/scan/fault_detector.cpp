#include "scan/fault_detector.h"

#include <algorithm>
#include <cstdio>

namespace tabula::firmware {
namespace {

std::string seconds_text(Micros d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", static_cast<double>(d.count()) / 1e6);
  return buf;
}

constexpr std::size_t kMaxGhostCandidates = 4;

}  // namespace

std::string_view fault_kind_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::kGhost:
      return "ghost";
    case FaultKind::kStuckClosed:
      return "stuck-closed";
    case FaultKind::kStuckOpen:
      return "stuck-open";
    case FaultKind::kNoisy:
      return "noisy";
    case FaultKind::kLineShort:
      return "line-short";
    case FaultKind::kChipLost:
      return "chip-lost";
  }
  return "unknown";
}

FaultDetector::FaultDetector(const BoardProfile& profile) : profile_(profile) {
  const Wiring& w = profile_.wiring;
  sensors_.resize(w.sensors.size());
  expect_.resize(profile_.geometry.square_count());
  lines_.resize(w.input_lines.size());
  grid_.assign(w.row_count * w.input_lines.size(), -1);
  square_sensors_.resize(profile_.geometry.square_count());
  for (std::size_t s = 0; s < w.sensors.size(); ++s) {
    const SensorSpec& spec = w.sensors[s];
    grid_[spec.row * w.input_lines.size() + spec.input] = static_cast<int>(s);
    square_sensors_[to_size(spec.square)].push_back(static_cast<std::uint16_t>(s));
  }
  toggled_.reserve(w.sensors.size());
}

int FaultDetector::sensor_at(std::size_t row, std::size_t input) const {
  const std::size_t inputs = profile_.wiring.input_lines.size();
  if (row >= profile_.wiring.row_count || input >= inputs) return -1;
  return grid_[row * inputs + input];
}

std::string FaultDetector::squares_text(const std::vector<SquareIndex>& squares) const {
  std::string out;
  for (SquareIndex q : squares) {
    if (!out.empty()) out += ", ";
    out += profile_.square_name(q);
  }
  return out;
}

void FaultDetector::raise(Fault fault, std::vector<Fault>& faults) {
  fault.active = true;
  active_.push_back(fault);
  faults.push_back(std::move(fault));
}

void FaultDetector::clear(FaultKind kind, const std::string& sensor, Micros now,
                          std::vector<Fault>& faults) {
  const auto it = std::find_if(active_.begin(), active_.end(), [&](const Fault& f) {
    return f.kind == kind && f.sensor == sensor;
  });
  if (it == active_.end()) return;
  Fault cleared = std::move(*it);
  active_.erase(it);
  cleared.active = false;
  cleared.time = now;
  cleared.message = "cleared: " + cleared.message;
  faults.push_back(std::move(cleared));
}

bool FaultDetector::settled_open(std::size_t sensor, Micros now) const {
  const SensorTrack& t = sensors_[sensor];
  return !t.closed && now - t.last_toggle >= profile_.timing.debounce;
}

void FaultDetector::update_lines(const ScanFrame& frame, Micros now, std::vector<Fault>& faults) {
  if (!frame.idle_checked) return;
  const Wiring& w = profile_.wiring;
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    LineTrack& line = lines_[i];
    if (frame.input_shorted[i]) {
      line.clean_since = now;
      if (line.active) continue;
      line.active = true;
      Fault f;
      f.kind = FaultKind::kLineShort;
      f.time = now;
      for (const SensorSpec& s : w.sensors)
        if (s.input == i &&
            std::find(f.squares.begin(), f.squares.end(), s.square) == f.squares.end())
          f.squares.push_back(s.square);
      f.sensor = describe_input(w, i);
      f.message = "input line " + f.sensor +
                  " reads closed with no row selected: it is shorted to ground (a pinched wire, "
                  "a solder bridge); its squares (" +
                  squares_text(f.squares) + ") keep their last reading until it clears";
      raise(std::move(f), faults);
    } else if (line.active && now - line.clean_since >= profile_.timing.debounce) {
      line.active = false;
      clear(FaultKind::kLineShort, describe_input(w, i), now, faults);
    }
  }
}

void FaultDetector::update_sensors(std::span<const std::uint8_t> closed,
                                   std::span<const SquareChange> changes,
                                   const Debouncer& debouncer, Micros now,
                                   std::vector<Fault>& faults) {
  if (!started_) {
    // First scan (or first after the chip came back): a baseline, no toggles.
    for (std::size_t s = 0; s < sensors_.size(); ++s) {
      sensors_[s].closed = closed[s];
      sensors_[s].last_toggle = now;
      sensors_[s].unsettled = Micros(0);
    }
    window_start_ = now;
    last_ = now;
    started_ = true;
    return;
  }
  const Micros dt = std::max(now - last_, Micros(0));
  last_ = std::max(last_, now);
  toggled_.clear();
  for (std::size_t s = 0; s < sensors_.size(); ++s) {
    SensorTrack& t = sensors_[s];
    if (closed[s] != t.closed) {
      t.closed = closed[s];
      t.last_toggle = now;
      toggled_.push_back(static_cast<std::uint16_t>(s));
    }
    if (now - t.last_toggle < profile_.timing.debounce) t.unsettled += dt;
  }
  for (const SquareChange& c : changes) expect_[to_size(c.square)].active = false;

  if (profile_.wiring.is_matrix()) check_ghosts(closed, debouncer.settled(), now, faults);
  check_stuck(closed, now, faults);
  check_noise(now, faults);
}

void FaultDetector::check_ghosts(std::span<const std::uint8_t> closed, bool settled, Micros now,
                                 std::vector<Fault>& faults) {
  const Wiring& w = profile_.wiring;
  // Clear pairs once either side has settled open.
  for (std::size_t k = 0; k < ghosts_.size();) {
    const auto [p, q] = ghosts_[k];
    if (settled_open(p, now) || settled_open(q, now)) {
      clear(FaultKind::kGhost,
            describe_sensor(w, SensorIndex{p}) + " / " + describe_sensor(w, SensorIndex{q}), now,
            faults);
      ghosts_.erase(ghosts_.begin() + static_cast<std::ptrdiff_t>(k));
    } else {
      ++k;
    }
  }
  // Hands move one piece at a time; a burst (setting up, a chip coming back)
  // or a board still settling says nothing about diodes.
  if (!settled || toggled_.size() < 2 || toggled_.size() > kMaxGhostCandidates) return;

  auto is_closed = [&](int s) { return s >= 0 && closed[static_cast<std::size_t>(s)] != 0; };
  for (std::size_t i = 0; i < toggled_.size(); ++i) {
    for (std::size_t j = i + 1; j < toggled_.size(); ++j) {
      const std::uint16_t p = toggled_[i], q = toggled_[j];
      if (!closed[p] || !closed[q]) continue;  // ghosts are raised as they appear
      const SensorSpec& sp = w.sensors[p];
      const SensorSpec& sq = w.sensors[q];
      int partner_a = -1, partner_b = -1;
      if (sp.row != sq.row && sp.input != sq.input) {
        partner_a = sensor_at(sp.row, sq.input);
        partner_b = sensor_at(sq.row, sp.input);
        if (!is_closed(partner_a) || !is_closed(partner_b)) continue;
      } else if (sp.row == sq.row) {
        bool found = false;
        for (std::size_t r = 0; r < w.row_count && !found; ++r) {
          if (r == sp.row) continue;
          partner_a = sensor_at(r, sp.input);
          partner_b = sensor_at(r, sq.input);
          found = is_closed(partner_a) && is_closed(partner_b);
        }
        if (!found) continue;
      } else {
        bool found = false;
        for (std::size_t c = 0; c < w.input_lines.size() && !found; ++c) {
          if (c == sp.input) continue;
          partner_a = sensor_at(sp.row, c);
          partner_b = sensor_at(sq.row, c);
          found = is_closed(partner_a) && is_closed(partner_b);
        }
        if (!found) continue;
      }
      if (std::find(ghosts_.begin(), ghosts_.end(), std::pair{p, q}) != ghosts_.end()) continue;
      ghosts_.emplace_back(p, q);
      Fault f;
      f.kind = FaultKind::kGhost;
      f.time = now;
      f.squares.push_back(sp.square);
      if (sq.square != sp.square) f.squares.push_back(sq.square);
      f.square = sp.square;
      f.sensor = describe_sensor(w, SensorIndex{p}) + " / " + describe_sensor(w, SensorIndex{q});
      const auto& a =
          profile_.sensor_square_name(SensorIndex{static_cast<std::uint16_t>(partner_a)});
      const auto& b =
          profile_.sensor_square_name(SensorIndex{static_cast<std::uint16_t>(partner_b)});
      f.message = profile_.square_name(sp.square) + " and " + profile_.square_name(sq.square) +
                  " closed in the same scan while " + a + " and " + b +
                  " read closed: one of them is a ghost from a missing or shorted diode "
                  "in that rectangle (" +
                  f.sensor + ")";
      raise(std::move(f), faults);
    }
  }
}

void FaultDetector::check_stuck(std::span<const std::uint8_t> closed, Micros now,
                                std::vector<Fault>& faults) {
  const Wiring& w = profile_.wiring;
  const Micros after = profile_.timing.stuck_after;
  for (std::size_t q = 0; q < expect_.size(); ++q) {
    SquareExpect& e = expect_[q];
    const auto& sensors = square_sensors_[q];
    const auto square = static_cast<SquareIndex>(q);
    const std::string& name = profile_.square_name(square);

    for (std::uint16_t s : sensors) {
      SensorTrack& t = sensors_[s];
      const bool applies = e.active && !e.occupied;
      if (t.stuck_closed && (!applies || settled_open(s, now))) {
        t.stuck_closed = false;
        clear(FaultKind::kStuckClosed, describe_sensor(w, SensorIndex{s}), now, faults);
      } else if (!t.stuck_closed && applies && closed[s] &&
                 now - std::max(e.since, t.last_toggle) >= after) {
        t.stuck_closed = true;
        Fault f;
        f.kind = FaultKind::kStuckClosed;
        f.time = now;
        f.square = square;
        f.squares = {square};
        f.sensor = describe_sensor(w, SensorIndex{s});
        f.message = name + " reads occupied but should be empty and has not changed for " +
                    seconds_text(after) + ": a stuck reed or a stray piece (" + f.sensor + ")";
        raise(std::move(f), faults);
      }
    }

    const bool applies = e.active && e.occupied;
    bool any_closed = false;
    bool any_settled_closed = false;
    Micros quiet_since = e.since;
    for (std::uint16_t s : sensors) {
      any_closed = any_closed || closed[s];
      any_settled_closed = any_settled_closed ||
                           (closed[s] && now - sensors_[s].last_toggle >= profile_.timing.debounce);
      quiet_since = std::max(quiet_since, sensors_[s].last_toggle);
    }
    auto where_text = [&] {
      std::string where;
      for (std::uint16_t s : sensors) {
        if (!where.empty()) where += ", ";
        where += describe_sensor(w, SensorIndex{s});
      }
      return where;
    };
    if (e.stuck_open && (!applies || any_settled_closed)) {
      e.stuck_open = false;
      clear(FaultKind::kStuckOpen, where_text(), now, faults);
    } else if (!e.stuck_open && applies && !any_closed && now - quiet_since >= after) {
      e.stuck_open = true;
      const std::string where = where_text();
      Fault f;
      f.kind = FaultKind::kStuckOpen;
      f.time = now;
      f.square = square;
      f.squares = {square};
      f.sensor = where;
      f.message =
          name + " should be occupied but " +
          (sensors.size() > 1 ? "none of its " + std::to_string(sensors.size()) + " reeds closes"
                              : std::string("reads empty")) +
          " and has not changed for " + seconds_text(after) +
          ": a broken reed, a weak magnet or a missing piece (" + where + ")";
      raise(std::move(f), faults);
    }
  }
}

void FaultDetector::check_noise(Micros now, std::vector<Fault>& faults) {
  const Micros window = now - window_start_;
  if (window < profile_.timing.noisy_window || window <= Micros(0)) return;
  const Wiring& w = profile_.wiring;
  const auto pct = static_cast<std::int64_t>(profile_.timing.noisy_percent);
  for (std::size_t s = 0; s < sensors_.size(); ++s) {
    SensorTrack& t = sensors_[s];
    const std::int64_t share = t.unsettled.count() * 100 / window.count();
    t.unsettled = Micros(0);
    if (!t.noisy && share > pct) {
      t.noisy = true;
      Fault f;
      f.kind = FaultKind::kNoisy;
      f.time = now;
      f.square = w.sensors[s].square;
      f.squares = {w.sensors[s].square};
      f.sensor = describe_sensor(w, SensorIndex{static_cast<std::uint16_t>(s)});
      f.message = profile_.square_name(w.sensors[s].square) + " was unsettled " +
                  std::to_string(share) + "% of the last " + seconds_text(window) +
                  ": a loose reed or a bad joint; moves on it may be missed (" + f.sensor + ")";
      raise(std::move(f), faults);
    } else if (t.noisy && share * 10 < pct) {
      t.noisy = false;
      clear(FaultKind::kNoisy, describe_sensor(w, SensorIndex{static_cast<std::uint16_t>(s)}), now,
            faults);
    }
  }
  window_start_ = now;
}

void FaultDetector::set_expectation(std::span<const std::uint8_t> occupied, Micros now) {
  for (std::size_t q = 0; q < expect_.size(); ++q) {
    expect_[q].active = true;
    expect_[q].occupied = occupied[q] != 0;
    expect_[q].since = now;
  }
}

void FaultDetector::chip_lost(std::string message, Micros now, std::vector<Fault>& faults) {
  started_ = false;  // the raw history restarts when the chip is back
  if (chip_lost_) return;
  chip_lost_ = true;
  Fault f;
  f.kind = FaultKind::kChipLost;
  f.time = now;
  for (const ChipSpec& c : profile_.wiring.chips) {
    if (!f.sensor.empty()) f.sensor += ", ";
    f.sensor += c.id + " (" + c.device + ")";
  }
  f.message = std::move(message);
  raise(std::move(f), faults);
}

void FaultDetector::chip_back(Micros now, std::vector<Fault>& faults) {
  if (!chip_lost_) return;
  chip_lost_ = false;
  std::string sensor;
  for (const ChipSpec& c : profile_.wiring.chips) {
    if (!sensor.empty()) sensor += ", ";
    sensor += c.id + " (" + c.device + ")";
  }
  clear(FaultKind::kChipLost, sensor, now, faults);
}

}  // namespace tabula::firmware

// Test rig: a shipped profile, a FakeMatrix, the Scanner and a BoardMonitor,
// stepped by hand in simulated time. Not movable (the parts borrow each other).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "profile/profile_loader.h"
#include "scan/board_monitor.h"
#include "scan/fake_matrix.h"
#include "scan/scanner.h"

#include "test_source_dir.h"

namespace tabula::firmware::testing {

// Simulated time in milliseconds.
constexpr Micros ms(std::int64_t n) {
  return Micros(n * 1000);
}

inline std::string profile_path(const std::string& name) {
  return std::string(TABULA_SOURCE_DIR) + "/hardware/profiles/" + name + ".textproto";
}

inline BoardProfile load_shipped(const std::string& name) {
  ProfileLoad load = load_profile_file(profile_path(name));
  std::string diagnostics;
  for (const auto& d : load.diagnostics) diagnostics += d.to_string() + "\n";
  if (!load.ok()) ADD_FAILURE() << "profile " << name << " does not load:\n" << diagnostics;
  return load.ok() ? std::move(*load.profile) : BoardProfile{};
}

class Rig {
 public:
  explicit Rig(const std::string& profile_name)
      : profile(load_shipped(profile_name)),
        fake(profile.wiring),
        scanner(profile.wiring, fake, Micros(0), &no_wait),
        monitor(profile) {
    EXPECT_TRUE(scanner.open().is_ok());
  }
  Rig(const Rig&) = delete;
  Rig& operator=(const Rig&) = delete;

  Micros period() const { return profile.timing.scan_period(); }

  // Scans every period for `duration`, collecting what the monitor says.
  // Returns false on a scan error (kept in last_status).
  bool run_for(Micros duration) {
    const Micros end = now + duration;
    while (now < end) {
      if (!step()) return false;
    }
    return true;
  }
  bool step() {
    fake.set_now(now);
    last_status = scanner.scan(frame);
    MonitorOutput out;
    if (last_status.is_ok()) {
      monitor.on_scan(frame, now, out);
    } else {
      monitor.on_chip_lost(last_status.to_string(), now, out);
    }
    changes.insert(changes.end(), out.changes.begin(), out.changes.end());
    faults.insert(faults.end(), out.faults.begin(), out.faults.end());
    settles += out.settled ? 1 : 0;
    now += period();
    return last_status.is_ok();
  }

  SquareIndex square(const std::string& name) const {
    const auto q = profile.geometry.find(name);
    EXPECT_TRUE(q.has_value()) << name;
    return q.value_or(SquareIndex{});
  }
  // The k-th reed of a square.
  SensorIndex sensor(const std::string& name, std::size_t k = 0) const {
    const SquareIndex q = square(name);
    std::size_t seen = 0;
    for (std::size_t s = 0; s < profile.wiring.sensors.size(); ++s)
      if (profile.wiring.sensors[s].square == q && seen++ == k)
        return SensorIndex{static_cast<std::uint16_t>(s)};
    ADD_FAILURE() << "no reed " << k << " on " << name;
    return SensorIndex{};
  }
  // The reed at a matrix crossing, if there is one.
  std::optional<SensorIndex> at(std::size_t row, std::size_t input) const {
    for (std::size_t s = 0; s < profile.wiring.sensors.size(); ++s)
      if (profile.wiring.sensors[s].row == row && profile.wiring.sensors[s].input == input)
        return SensorIndex{static_cast<std::uint16_t>(s)};
    return std::nullopt;
  }
  void place(const std::string& name) { fake.set_magnet(sensor(name), true); }
  void lift(const std::string& name) { fake.set_magnet(sensor(name), false); }
  bool occupied(const std::string& name) const {
    return monitor.state(square(name)) == SquareState::kOccupied;
  }
  std::vector<std::string> change_log() const {
    std::vector<std::string> out;
    for (const auto& c : changes)
      out.push_back(profile.square_name(c.square) + (c.occupied ? " down" : " up"));
    return out;
  }
  std::vector<const Fault*> faults_of(FaultKind kind, bool active = true) const {
    std::vector<const Fault*> out;
    for (const auto& f : faults)
      if (f.kind == kind && f.active == active) out.push_back(&f);
    return out;
  }

  BoardProfile profile;
  FakeMatrix fake;
  Scanner scanner;
  BoardMonitor monitor;
  ScanFrame frame;
  GpioStatus last_status;
  Micros now{0};
  std::vector<SquareChange> changes;
  std::vector<Fault> faults;
  int settles = 0;
};

}  // namespace tabula::firmware::testing

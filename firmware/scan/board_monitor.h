// Turns raw scans into what the daemon publishes: debounced square changes,
// faults and snapshots. Pure: ScanFrames and time come in as values; the
// daemon, the sim and the tests drive it the same way.
//
// Per scan: the idle check may freeze sensors on a shorted input line (they
// keep their last reading); the sensors of each logical square are ORed (a
// merged corner square is occupied when any of its reeds closes); the
// Debouncer integrates each square; the FaultDetector inspects the sensors.
//
// Ownership: borrows the profile, which must outlive it. Not thread-safe.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scan/board_profile.h"
#include "scan/debouncer.h"
#include "scan/fault.h"
#include "scan/fault_detector.h"
#include "scan/scanner.h"

namespace tabula::firmware {

struct MonitorOutput {
  std::vector<SquareChange> changes;
  std::vector<Fault> faults;
  bool settled = false;  // every square became known (start, or after a lost chip)
  void clear() {
    changes.clear();
    faults.clear();
    settled = false;
  }
};

struct Snapshot {
  Micros time{0};
  std::vector<SquareIndex> occupied;
  std::vector<SquareIndex> unsettled;
};

class BoardMonitor {
 public:
  explicit BoardMonitor(const BoardProfile& profile);

  void on_scan(const ScanFrame& frame, Micros now, MonitorOutput& out);
  // The chip failed: every square becomes unsettled and a CHIP_LOST is raised
  // (once, however often this is called).
  void on_chip_lost(const std::string& message, Micros now, MonitorOutput& out);
  void on_chip_back(Micros now, MonitorOutput& out);
  // Squares a client says are occupied (names); every other square is expected
  // empty. Returns an error naming the first unknown square, and changes
  // nothing then.
  std::optional<std::string> set_expectation(std::span<const std::string> occupied, Micros now);

  Snapshot snapshot(Micros now) const;
  SquareState state(SquareIndex s) const { return debouncer_.state(s); }
  bool settled() const { return debouncer_.settled(); }
  std::vector<Fault> active_faults() const { return detector_.active_faults(); }
  const BoardProfile& profile() const { return profile_; }

 private:
  const BoardProfile& profile_;
  Debouncer debouncer_;
  FaultDetector detector_;
  std::vector<std::uint8_t> held_;        // per sensor: reading after freezing
  std::vector<std::uint8_t> square_raw_;  // per square: OR of its sensors
  bool was_settled_ = false;
};

}  // namespace tabula::firmware

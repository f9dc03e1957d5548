// Finds sensors that lie: ghosts from missing diodes, reeds stuck against what
// a client expects, noisy reeds, shorted input lines, a lost chip. Pure: scan
// readings, debounced changes and time come in; Faults come out.
//
// Rules (the "why" of each is in docs/firmware.md, "Faults"):
//  - GHOST: on a settled board, in one scan with at most 4 toggles, two
//    sensors close together and, with two sensors that read closed, form the
//    corners of a rectangle of matrix rows and columns. With every diode
//    fitted a closed L of three reeds cannot light the fourth corner, and
//    hands place one piece at a time, so one of the two is a ghost. Cleared
//    once either reads open for a debounce time.
//  - STUCK_CLOSED / STUCK_OPEN: only against an expectation a client sent. A
//    sensor on a square expected empty that reads closed, or a square expected
//    occupied whose sensors all read open, with no raw change for stuck_after
//    since the expectation. A square's expectation ends at its next debounced
//    change; the fault clears when the reading agrees again.
//  - NOISY: a sensor that spends more than noisy_percent of a window within a
//    debounce time of its last toggle. Bounce after a real move costs a few
//    tens of ms per move; a loose reed is unsettled all the time. Cleared
//    after a window below a tenth of that.
//  - LINE_SHORT: an input line reads closed at the idle check. Raised at the
//    first such scan (before the debouncer can turn it into events), cleared
//    after a debounce time of clean idle reads. While raised, the sensors on
//    that line are frozen at their last reading (BoardMonitor).
//  - CHIP_LOST: raised by the daemon's read failures, cleared when it is back.
//
// Ownership: borrows the profile, which must outlive it. Not thread-safe.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "scan/board_profile.h"
#include "scan/debouncer.h"
#include "scan/fault.h"
#include "scan/scanner.h"

namespace tabula::firmware {

class FaultDetector {
 public:
  explicit FaultDetector(const BoardProfile& profile);

  // Step 1 of a scan: the idle check. Returns per input whether it is shorted
  // (held shorted until cleared).
  void update_lines(const ScanFrame& frame, Micros now, std::vector<Fault>& faults);
  bool input_shorted(std::size_t input) const { return lines_[input].active; }

  // Step 2: `closed` are the sensor readings the debouncer saw (frozen lines
  // applied), `changes` what it confirmed in this scan.
  void update_sensors(std::span<const std::uint8_t> closed, std::span<const SquareChange> changes,
                      const Debouncer& debouncer, Micros now, std::vector<Fault>& faults);

  // occupied[q] for every square; replaces any earlier expectation.
  void set_expectation(std::span<const std::uint8_t> occupied, Micros now);

  void chip_lost(std::string message, Micros now, std::vector<Fault>& faults);
  void chip_back(Micros now, std::vector<Fault>& faults);

  // Every fault raised and not cleared, for a client that connects late.
  std::vector<Fault> active_faults() const { return active_; }

 private:
  struct SensorTrack {
    std::uint8_t closed = 0;
    Micros last_toggle{0};
    Micros unsettled{0};
    bool noisy = false;
    bool stuck_closed = false;
  };
  struct SquareExpect {
    bool active = false;
    bool occupied = false;
    Micros since{0};
    bool stuck_open = false;
  };
  struct LineTrack {
    bool active = false;
    Micros clean_since{0};
  };

  void raise(Fault fault, std::vector<Fault>& faults);
  void clear(FaultKind kind, const std::string& sensor, Micros now, std::vector<Fault>& faults);
  void check_ghosts(std::span<const std::uint8_t> closed, bool settled, Micros now,
                    std::vector<Fault>& faults);
  void check_noise(Micros now, std::vector<Fault>& faults);
  void check_stuck(std::span<const std::uint8_t> closed, Micros now, std::vector<Fault>& faults);
  bool settled_open(std::size_t sensor, Micros now) const;
  int sensor_at(std::size_t row, std::size_t input) const;
  std::string squares_text(const std::vector<SquareIndex>& squares) const;

  const BoardProfile& profile_;
  std::vector<SensorTrack> sensors_;
  std::vector<SquareExpect> expect_;
  std::vector<LineTrack> lines_;
  std::vector<int> grid_;  // row * inputs + input -> sensor, -1 for none
  std::vector<std::vector<std::uint16_t>> square_sensors_;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> ghosts_;  // active pairs
  std::vector<std::uint16_t> toggled_;                           // scratch
  std::vector<Fault> active_;
  Micros window_start_{0};
  Micros last_{0};
  bool started_ = false;
  bool chip_lost_ = false;
};

}  // namespace tabula::firmware

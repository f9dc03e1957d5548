// One full pass over the reed grid through a Gpio: select each row, let the
// lines settle, read every input line, and map the readings onto sensors.
//
// Invariants: between scans the grid is deselected (no row driven), which is
// also when the idle check reads the inputs: an input that reads closed with
// no row selected is shorted to ground (ScanFrame::input_shorted). The first
// scan after open() skips the idle check (the pull-ups are still charging). Ownership:
// the Scanner borrows the Wiring and the Gpio, which must outlive it. Not
// thread-safe; one scanner per Gpio.
#pragma once

#include <cstdint>
#include <vector>

#include "scan/board_profile.h"
#include "scan/gpio.h"

namespace tabula::firmware {

// The readings of one scan. Reused between scans to avoid allocation.
struct ScanFrame {
  std::vector<std::uint8_t> sensor_closed;  // per sensor: 1 = reed reads closed
  std::vector<std::uint8_t> input_shorted;  // per input line: 1 = low while idle
  bool idle_checked = false;                // false when the topology cannot idle
};

// Waits out the settle time after selecting a row (injected so tests and
// benchmarks of the pure part do not wait).
using SettleWait = void (*)(Micros);
void spin_wait(Micros duration);
inline void no_wait(Micros) {}

class Scanner {
 public:
  Scanner(const Wiring& wiring, Gpio& gpio, Micros settle, SettleWait wait = &spin_wait);

  // The request this scanner makes: exposed for tests and the docs.
  GpioRequest request() const;
  // Requests the lines and leaves the grid deselected.
  GpioStatus open();
  void close() noexcept { gpio_.close(); }
  // One full scan into `frame` (resized as needed). On error the frame is
  // left partly filled and must not be used.
  GpioStatus scan(ScanFrame& frame);
  std::size_t rows() const { return wiring_.row_count; }

 private:
  // Output levels that select `row`, or deselect everything for row == -1.
  void levels_for(int row);
  bool can_idle() const;

  const Wiring& wiring_;
  Gpio& gpio_;
  Micros settle_;
  SettleWait wait_;
  bool fresh_ = false;  // opened, not scanned yet: skip the idle check once
  std::vector<std::uint8_t> out_levels_;
  std::vector<std::uint8_t> in_levels_;
  // For each row: (input, sensor) of every reed on it.
  std::vector<std::vector<std::pair<std::uint16_t, std::uint16_t>>> by_row_;
};

}  // namespace tabula::firmware

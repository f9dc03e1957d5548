// A simulated reed grid behind the Gpio interface: the chip the scanner is
// tested against when there is no hardware, and the engine of the sim backend.
//
// It models the circuit, not the answers: the outputs the scanner writes
// select rows (open-drain row lines driven low, or a decoder address), and an
// input reads low when a conducting path joins it to a selected row. A reed
// conducts row -> column through its diode; a reed whose diode is missing
// conducts both ways, which lets current flow back into another row and
// produces the classic matrix ghost. Unselected rows are high impedance (true
// for open-drain rows; a 74HC154 drives them high, which would fight the ghost
// path, so for a decoder the model is the worst case). Also modelled: contact
// bounce after each magnet change (pseudo-random, reproducible from a seed),
// reeds stuck closed or open, an input line shorted to ground, and the whole
// chip vanishing (reads fail with kChipGone until replug()).
//
// Time is injected: set_now() says what time the next read happens at. Owns
// its copy of the wiring. Not thread-safe.
#pragma once

#include <cstdint>
#include <vector>

#include "scan/board_profile.h"
#include "scan/gpio.h"

namespace tabula::firmware {

enum class StuckMode { kNone, kClosed, kOpen };

class FakeMatrix final : public Gpio {
 public:
  explicit FakeMatrix(Wiring wiring, std::uint64_t seed = 0x7ab1a);

  // --- the simulated world -------------------------------------------------
  void set_now(Micros now) { now_ = now; }
  Micros now() const { return now_; }
  // A magnet arrives (present) or leaves; the contact bounces for bounce().
  void set_magnet(SensorIndex sensor, bool present);
  bool magnet(SensorIndex sensor) const { return sensors_[to_size(sensor)].magnet; }
  void set_bounce(Micros duration) { bounce_ = duration; }
  Micros bounce() const { return bounce_; }
  void set_stuck(SensorIndex sensor, StuckMode mode) { sensors_[to_size(sensor)].stuck = mode; }
  void set_diode_missing(SensorIndex sensor, bool missing);
  void set_input_shorted(std::size_t input, bool shorted) { shorted_[input] = shorted; }
  void unplug() { plugged_ = false; }
  void replug() { plugged_ = true; }
  // Whether the reed's contact is closed at now() (bounce and faults applied).
  bool contact_closed(SensorIndex sensor) const;

  // --- counters for tests and benchmarks ------------------------------------
  std::uint64_t reads() const { return reads_; }
  std::uint64_t writes() const { return writes_; }

  // --- Gpio -----------------------------------------------------------------
  GpioStatus open(const GpioRequest& request) override;
  void close() noexcept override { open_ = false; }
  GpioStatus write_outputs(std::span<const std::uint8_t> levels) override;
  GpioStatus read_inputs(std::span<std::uint8_t> levels) override;

 private:
  struct Reed {
    bool magnet = false;
    Micros changed_at{-1'000'000'000};
    StuckMode stuck = StuckMode::kNone;
    bool diode_missing = false;
  };
  void selected_rows(std::vector<std::uint8_t>& rows) const;

  Wiring wiring_;
  std::uint64_t seed_;
  std::vector<Reed> sensors_;
  std::vector<std::uint8_t> shorted_;
  std::vector<std::vector<std::uint16_t>> row_sensors_;    // sensors on each row
  std::vector<std::vector<std::uint16_t>> input_sensors_;  // sensors on each input
  std::size_t diodes_missing_ = 0;
  std::vector<std::uint8_t> outputs_;
  // Scratch for the path search, kept to avoid allocation per read.
  mutable std::vector<std::uint8_t> row_on_;
  mutable std::vector<std::uint8_t> input_low_;
  mutable std::vector<std::uint16_t> stack_;
  Micros now_{0};
  Micros bounce_{0};
  bool open_ = false;
  bool plugged_ = true;
  std::size_t expect_outputs_ = 0;
  std::size_t expect_inputs_ = 0;
  std::uint64_t reads_ = 0;
  std::uint64_t writes_ = 0;
};

}  // namespace tabula::firmware

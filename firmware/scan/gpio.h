// The GPIO seam: the scanner talks to this and to nothing else. Two
// implementations: GpiodGpio (firmware/gpiod/, libgpiod v1 or v2) and FakeMatrix
// (core/fake_matrix.h, a simulated reed matrix for tests, benchmarks and the
// sim backend). libgpiod headers never appear above this line.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scan/board_profile.h"
#include "scan/gpio_status.h"

namespace tabula::firmware {

enum class Drive { kPushPull, kOpenDrain };

// Everything a scanner needs requested, in one go. Output and input levels are
// exchanged as spans in the order of these vectors; 0 is low, 1 is high.
struct GpioRequest {
  std::vector<ChipSpec> chips;
  std::vector<LineId> outputs;
  std::vector<std::uint8_t> initial_outputs;  // same size as outputs
  Drive drive = Drive::kPushPull;
  std::vector<LineId> inputs;
  InputBias bias = InputBias::kPullUp;
  std::string consumer = "tabula-boardd";
};

// Abstract GPIO port. An implementation owns every handle it opens and frees
// them in close() and its destructor. Not thread-safe: one scanner thread.
class Gpio {
 public:
  virtual ~Gpio() = default;

  // Requests all lines; releases whatever an earlier open() held first.
  virtual GpioStatus open(const GpioRequest& request) = 0;
  // Releases all lines; safe to call twice.
  virtual void close() noexcept = 0;
  // levels.size() == request.outputs.size().
  virtual GpioStatus write_outputs(std::span<const std::uint8_t> levels) = 0;
  // levels.size() == request.inputs.size().
  virtual GpioStatus read_inputs(std::span<std::uint8_t> levels) = 0;
};

}  // namespace tabula::firmware

// A validated board profile in plain C++: what firmware/core runs on. The
// Protobuf text file (proto/profile.proto) is turned into this by
// firmware/profile/profile_loader.h; nothing in core/ sees protobuf.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "geometry/board_geometry.h"

namespace tabula::firmware {

using Micros = std::chrono::microseconds;
using geometry::SquareIndex;
using geometry::to_size;

// Index of a reed within Wiring::sensors.
enum class SensorIndex : std::uint16_t {};
constexpr std::size_t to_size(SensorIndex s) {
  return static_cast<std::size_t>(s);
}

enum class Topology {
  kDiodeMatrix,    // rows driven from GPIO (open drain), columns read
  kDecodedMatrix,  // rows selected by a binary decoder (74HC154), columns read
  kDirectLines,    // one input line per reed
};
enum class InputBias { kPullUp, kNone };
enum class ChipKind { kRpiHeader, kMcp23017, kOther };

struct ChipSpec {
  std::string id;      // the profile's name for it, e.g. "soc"
  std::string device;  // what libgpiod opens, e.g. "gpiochip0"
  unsigned num_lines = 0;
  ChipKind kind = ChipKind::kOther;
  std::string note;
};

// A GPIO line: chip is an index into Wiring::chips.
struct LineId {
  std::uint16_t chip = 0;
  std::uint16_t offset = 0;
  friend bool operator==(const LineId&, const LineId&) = default;
};

// Electrical place of one reed: the row that selects it (0 for direct lines)
// and the input line index it is read on.
struct SensorSpec {
  std::uint16_t row = 0;
  std::uint16_t input = 0;
  SquareIndex square{};
};

// The electrical side of a profile. Invariants (checked by the loader): every
// line is distinct and within its chip; each (row, input) carries at most one
// sensor; every square of the geometry has as many sensors as it has cells.
struct Wiring {
  Topology topology = Topology::kDiodeMatrix;
  std::vector<ChipSpec> chips;
  std::vector<LineId> row_lines;      // kDiodeMatrix: one per row
  std::vector<LineId> address_lines;  // kDecodedMatrix: LSB first
  std::optional<LineId> enable_line;  // kDecodedMatrix: active low
  std::string decoder_part;           // kDecodedMatrix: for docs
  std::vector<LineId> input_lines;    // columns, or one per reed (direct)
  std::size_t row_count = 1;          // rows scanned per pass (1 for direct)
  InputBias bias = InputBias::kPullUp;
  std::vector<SensorSpec> sensors;

  bool is_matrix() const { return topology != Topology::kDirectLines; }
  // Lines the scanner drives, in the order of Gpio output levels: rows for a
  // diode matrix; address bits then the enable (if any) for a decoder.
  std::vector<LineId> output_lines() const;
};

struct Timing {
  unsigned scan_hz = 100;
  Micros debounce{30'000};
  std::chrono::seconds heartbeat{5};
  Micros settle{20};
  Micros noisy_window{1'000'000};
  unsigned noisy_percent = 50;
  Micros stuck_after{3'000'000};

  Micros scan_period() const { return Micros(1'000'000 / scan_hz); }
};

struct BoardProfile {
  std::string id;
  std::string description;
  std::string source_file;
  geometry::Geometry geometry;
  Wiring wiring;
  Timing timing;

  const std::string& square_name(SquareIndex s) const { return geometry.square(s).name; }
  const std::string& sensor_square_name(SensorIndex s) const {
    return square_name(wiring.sensors[to_size(s)].square);
  }
};

// "soc:17" — a line as the profile names it.
std::string describe_line(const Wiring& wiring, LineId line);
// "R3xC5 (soc:17 x soc:22)" for a matrix, "mcp20:3" for a direct line.
std::string describe_sensor(const Wiring& wiring, SensorIndex sensor);
// "C5 (soc:22)" / "L12 (mcp20:3)": one input line.
std::string describe_input(const Wiring& wiring, std::size_t input);

}  // namespace tabula::firmware

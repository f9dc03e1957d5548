#include "scan/board_profile.h"

namespace tabula::firmware {

std::vector<LineId> Wiring::output_lines() const {
  switch (topology) {
    case Topology::kDiodeMatrix:
      return row_lines;
    case Topology::kDecodedMatrix: {
      std::vector<LineId> out = address_lines;
      if (enable_line) out.push_back(*enable_line);
      return out;
    }
    case Topology::kDirectLines:
      break;
  }
  return {};
}

std::string describe_line(const Wiring& wiring, LineId line) {
  const std::string chip =
      line.chip < wiring.chips.size() ? wiring.chips[line.chip].id : std::string("?");
  return chip + ":" + std::to_string(line.offset);
}

std::string describe_input(const Wiring& wiring, std::size_t input) {
  const char* prefix = wiring.is_matrix() ? "C" : "L";
  return prefix + std::to_string(input) + " (" + describe_line(wiring, wiring.input_lines[input]) +
         ")";
}

std::string describe_sensor(const Wiring& wiring, SensorIndex sensor) {
  const SensorSpec& s = wiring.sensors[to_size(sensor)];
  const std::string input = describe_line(wiring, wiring.input_lines[s.input]);
  if (!wiring.is_matrix()) return input;
  std::string row;
  if (wiring.topology == Topology::kDiodeMatrix) {
    row = describe_line(wiring, wiring.row_lines[s.row]);
  } else {
    row = (wiring.decoder_part.empty() ? std::string("decoder") : wiring.decoder_part) + " Y" +
          std::to_string(s.row);
  }
  return "R" + std::to_string(s.row) + "xC" + std::to_string(s.input) + " (" + row + " x " + input +
         ")";
}

}  // namespace tabula::firmware

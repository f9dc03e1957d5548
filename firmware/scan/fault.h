// What the fault detector reports. Mirrors tabula.board.SensorFault, which
// firmware/wire converts it to.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scan/board_profile.h"

namespace tabula::firmware {

enum class FaultKind {
  kGhost,        // two sensors changed together as corners of a closed rectangle
  kStuckClosed,  // reads closed on a square expected empty, unchanged for stuck_after
  kStuckOpen,    // square expected occupied reads open, unchanged for stuck_after
  kNoisy,        // unsettled for more than noisy_percent of a window
  kLineShort,    // an input reads closed with no row selected
  kChipLost,     // the GPIO chip failed or vanished
};

std::string_view fault_kind_name(FaultKind kind);

// A fault is raised (active) once and cleared once; kind + sensor identify it.
struct Fault {
  FaultKind kind = FaultKind::kNoisy;
  bool active = true;
  Micros time{0};
  std::optional<SquareIndex> square;
  std::vector<SquareIndex> squares;  // everything involved
  std::string sensor;                // electrical place
  std::string message;               // for a person
};

}  // namespace tabula::firmware

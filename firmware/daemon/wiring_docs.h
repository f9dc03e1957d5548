// Documents generated from a profile, so the wiring docs in hardware/ cannot
// drift from what the daemon reads: an SVG wiring diagram, a Markdown pin
// table and a parts list. Pure functions of the profile.
#pragma once

#include <optional>
#include <string>

#include "scan/board_profile.h"

namespace tabula::firmware {

// One line: "cross-14-decoder: geometry cross-14 (160 squares), ...".
std::string profile_summary(const BoardProfile& profile);
// "GPIO17, header pin 11" / "GPA3, pin 24"; empty when the chip kind has no pin map.
std::string pin_name(const ChipSpec& chip, unsigned offset);
std::string wiring_svg(const BoardProfile& profile);
std::string pin_table_markdown(const BoardProfile& profile);
std::string parts_markdown(const BoardProfile& profile);

}  // namespace tabula::firmware

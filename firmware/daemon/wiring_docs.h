// Documents generated from a profile, so the wiring docs in hardware/ cannot
// drift from what the daemon reads: an SVG wiring diagram, a Markdown pin
// table and a parts list. Pure functions of the profile.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scan/board_profile.h"

namespace tabula::firmware {

// One line: "cross-14-decoder: geometry cross-14 (160 squares), ...".
std::string profile_summary(const BoardProfile& profile);
// "GPIO17, header pin 11" / "GPA3, pin 24"; empty when the chip kind has no pin map.
std::string pin_name(const ChipSpec& chip, unsigned offset);
std::string wiring_svg(const BoardProfile& profile);
std::string pin_table_markdown(const BoardProfile& profile);
std::string parts_markdown(const BoardProfile& profile);
// What the Pi must leave free for this profile: the header lines it uses that
// a default Raspberry Pi OS hands to SPI0 (GPIO 7-11) or the UART (14, 15),
// with the config.txt lines that free them. Empty when it uses none.
// `tabula-boardd --check-profile` prints them (docs/INSTALL.md, step 3).
std::vector<std::string> header_requirements(const BoardProfile& profile);

}  // namespace tabula::firmware

// Finding a profile's chip among the machine's GPIO chips, the same way for
// the libgpiod v1 and v2 backends (standard library only: no libgpiod here).
//
// A profile's `device` names a chip by path ("/dev/gpiochip0",
// "/dev/tabula/mcp20"), by name ("gpiochip0"), by number ("0") or by label
// ("pinctrl-bcm2711" on a Pi 4, "pinctrl-rp1" on a Pi 5, where the chip moved
// from gpiochip4 to gpiochip0 with kernel 6.6.47): the label is the only one
// of these that does not change with the kernel's probe order, so the shipped
// profiles use it. This is libgpiod v1's OPEN_LOOKUP order; v2 dropped the
// lookup, so it lives here for both.
//
// Once opened, the chip must have exactly the profile's num_lines: a chip with
// another count is another chip (an expander in the SoC's place), and scanning
// it would read the wrong lines. Except the Pi's header (CHIP_KIND_RPI_HEADER
// named by a Pi's header label): GPIO 2..27 are the same pins on a Pi 3, 4 and
// 5, so a profile written for one model's header chip runs on another's (the
// label looked up is then any Pi header chip, with that chip's own count).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scan/board_profile.h"
#include "scan/gpio_status.h"

namespace tabula::firmware {

// What the kernel says about one chip (from /dev/gpiochipN).
struct ChipInfo {
  std::string path;   // "/dev/gpiochip0"
  std::string name;   // "gpiochip0"
  std::string label;  // "pinctrl-bcm2711"
  unsigned num_lines = 0;
};

// How a `device` string is read.
enum class ChipRef { kPath, kName, kNumber, kLabel };
ChipRef classify_chip_ref(std::string_view device);

// The path to open for `device`: a path as given, a name or number under
// /dev, a label looked up among `chips` (the machine's chips, from
// list_chips()). kChipNotFound names what was asked and lists the chips
// there are; two chips with one label is an error too (say which by name).
struct ChipPath {
  std::string path;
  GpioStatus status;
};
ChipPath resolve_chip(const ChipSpec& spec, const std::vector<ChipInfo>& chips);

// kWrongChip when the opened chip's line count is not the profile's.
GpioStatus check_chip_lines(const ChipSpec& spec, const ChipInfo& opened);

// "gpiochip0 [pinctrl-bcm2711] 58 lines, gpiochip1 [raspberrypi-exp-gpio] 8 lines"
// or "none".
std::string describe_chips(const std::vector<ChipInfo>& chips);

// "soc (pinctrl-bcm2711)": the profile's id and device, for messages.
std::string chip_display_name(const ChipSpec& spec);

}  // namespace tabula::firmware

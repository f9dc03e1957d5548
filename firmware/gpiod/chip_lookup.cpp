#include "gpiod/chip_lookup.h"

#include <algorithm>

namespace tabula::firmware {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The chip behind the 40-pin header of each Raspberry Pi model: GPIO 2..27
// are the same header pins on every one (issue 29: the kiosk's setup offers
// the shipped profiles, written for a Pi 4, on a Pi 5 too).
struct HeaderChip {
  std::string_view label;
  unsigned num_lines;
};
constexpr HeaderChip kHeaderChips[] = {
    {"pinctrl-bcm2711", 58},  // Pi 4, Pi 400, CM4
    {"pinctrl-rp1", 54},      // Pi 5, Pi 500, CM5
    {"pinctrl-bcm2835", 54},  // Pi 3 and earlier, Zero 2 W
};

const HeaderChip* header_chip(std::string_view label) {
  for (const HeaderChip& h : kHeaderChips)
    if (h.label == label) return &h;
  return nullptr;
}

}  // namespace

ChipRef classify_chip_ref(std::string_view device) {
  if (device.find('/') != std::string_view::npos) return ChipRef::kPath;
  if (all_digits(device)) return ChipRef::kNumber;
  constexpr std::string_view kPrefix = "gpiochip";
  if (device.starts_with(kPrefix) && all_digits(device.substr(kPrefix.size())))
    return ChipRef::kName;
  return ChipRef::kLabel;
}

std::string chip_display_name(const ChipSpec& spec) {
  return spec.id + " (" + spec.device + ")";
}

std::string describe_chips(const std::vector<ChipInfo>& chips) {
  if (chips.empty()) return "none";
  std::string out;
  for (const ChipInfo& c : chips) {
    if (!out.empty()) out += ", ";
    out += c.name + " [" + c.label + "] " + std::to_string(c.num_lines) + " lines";
  }
  return out;
}

ChipPath resolve_chip(const ChipSpec& spec, const std::vector<ChipInfo>& chips) {
  switch (classify_chip_ref(spec.device)) {
    case ChipRef::kPath:
      return {spec.device, {}};
    case ChipRef::kNumber:
      return {"/dev/gpiochip" + spec.device, {}};
    case ChipRef::kName:
      return {"/dev/" + spec.device, {}};
    case ChipRef::kLabel:
      break;
  }
  const ChipInfo* found = nullptr;
  for (const ChipInfo& c : chips) {
    if (c.label != spec.device) continue;
    if (found != nullptr)
      return {{},
              {GpioError::kInvalidArgument,
               "open chip " + chip_display_name(spec) + ": two chips have the label '" +
                   spec.device + "' (" + found->name + " and " + c.name +
                   "); name one by path in the profile's device"}};
    found = &c;
  }
  // A header chip named for another Pi model: this Pi's header chip.
  if (found == nullptr && spec.kind == ChipKind::kRpiHeader && header_chip(spec.device) != nullptr) {
    for (const ChipInfo& c : chips) {
      if (header_chip(c.label) == nullptr) continue;
      found = &c;
      break;
    }
  }
  if (found == nullptr)
    return {{},
            {GpioError::kChipNotFound, "open chip " + chip_display_name(spec) +
                                           ": no GPIO chip has the label '" + spec.device +
                                           "'; the chips here: " + describe_chips(chips)}};
  return {found->path, {}};
}

GpioStatus check_chip_lines(const ChipSpec& spec, const ChipInfo& opened) {
  if (opened.num_lines == spec.num_lines) return {};
  // The header chip of another Pi model than the profile's: its own count.
  const HeaderChip* header = header_chip(opened.label);
  if (spec.kind == ChipKind::kRpiHeader && header != nullptr && opened.num_lines == header->num_lines)
    return {};
  return {GpioError::kWrongChip,
          "chip " + chip_display_name(spec) + " is " + opened.name + " [" + opened.label +
              "] with " + std::to_string(opened.num_lines) + " lines; the profile says " +
              std::to_string(spec.num_lines) +
              ": not the chip the profile was written for (set its device and num_lines, "
              "see docs/INSTALL.md)"};
}

}  // namespace tabula::firmware

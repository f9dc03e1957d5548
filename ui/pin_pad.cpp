// PinPad (see the header).
#include "ui/pin_pad.h"

#include <algorithm>

namespace tabula::ui {

PinPad::PinPad(std::string pin) : pin_(is_valid_pin(pin) ? std::move(pin) : "0000") {}

bool PinPad::is_valid_pin(std::string_view pin) {
  return !pin.empty() && pin.size() <= 12 &&
         std::all_of(pin.begin(), pin.end(), [](char c) { return c >= '0' && c <= '9'; });
}

PinPad::Outcome PinPad::press(char digit) {
  if (digit < '0' || digit > '9') return Outcome::kIncomplete;
  entered_.push_back(digit);
  if (entered_.size() < pin_.size()) return Outcome::kIncomplete;
  const bool match = entered_ == pin_;
  entered_.clear();
  if (match) return Outcome::kAccepted;
  ++rejections_;
  return Outcome::kRejected;
}

void PinPad::erase() {
  if (!entered_.empty()) entered_.pop_back();
}

}  // namespace tabula::ui

// PinPad: the digits typed on the arbiter's PIN pad, checked against the
// configured PIN. Pure logic, no drawing (ui/arbiter_menu.h draws it).
//
// Entry is checked as soon as it is as long as the PIN: a match is
// kAccepted, anything else kRejected; either way the entry is cleared.
// The PIN guards the arbiter menu against casual presses at the table; it
// is not a security boundary. Not thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tabula::ui {

class PinPad {
 public:
  enum class Outcome { kIncomplete, kAccepted, kRejected };

  /// 1 to 12 digits (is_valid_pin); anything else falls back to "0000".
  explicit PinPad(std::string pin);

  static bool is_valid_pin(std::string_view pin);

  /// A digit key '0'..'9'; other characters are ignored (kIncomplete).
  Outcome press(char digit);
  void erase();
  void clear() { entered_.clear(); }

  std::size_t entered() const { return entered_.size(); }
  std::size_t length() const { return pin_.size(); }
  int rejections() const { return rejections_; }

 private:
  std::string pin_;
  std::string entered_;
  int rejections_ = 0;
};

}  // namespace tabula::ui

// TouchKeyboard: an on-screen keyboard for the kiosk's text fields (time
// control, players' names, FEN / FEN4), since a kiosk has no keyboard.
//
//   1 2 3 4 5 6 7 8 9 0
//   q w e r t y u i o p
//   a s d f g h j k l /
//   ⇧ z x c v b n m , -
//   +   space   ←  Clear  Done
//
// Where ten 9 mm keys do not fit across (720 px at 210 px/in), the rows
// split in halves of five, the left halves above the right ones, and the
// bottom row is + space ← Clear Done (issue 27 item 1).
//
// Shift gives the capitals (FEN's white pieces) for one key, then drops;
// a physical keyboard types into the same text. press() is the key logic
// (tested without ImGui); draw() lays the keys over an area with each key at
// least `touch` pixels high. Not thread-safe.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "ui/board_geometry.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"

namespace tabula::ui {

class TouchKeyboard {
 public:
  enum class Result { kTyping, kDone };

  /// One key: a character, or "shift", "space", "back", "clear", "done".
  Result press(std::string& text, std::string_view key);
  bool shifted() const { return shift_; }

  /// Draws the keys in `area` and edits `text`; kDone when Done (or Enter)
  /// is pressed. The keys' rectangles are appended to `hits`.
  Result draw(std::string& text, const PixelRect& area, float touch, const KioskFonts& fonts,
              std::vector<HitRect>& hits);

  /// The rows of keys draw() lays out `width` pixels wide: 5, or 9 when
  /// ten keys of `touch` pixels do not fit across.
  static int rows_for(float width, float touch);
  static float gap_for(float touch) { return std::max(4.0f, std::round(touch * 0.1f)); }

  static constexpr std::size_t kMaxLength = 400;

 private:
  bool shift_ = false;
};

}  // namespace tabula::ui

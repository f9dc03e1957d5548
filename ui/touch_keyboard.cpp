// The on-screen keyboard (layout in the header).
#include "ui/touch_keyboard.h"

#include "ui/screen_layout.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>

#include "core/utf8_text.h"

namespace tabula::ui {
namespace {

constexpr std::string_view kRows[] = {"1234567890", "qwertyuiop", "asdfghjkl/", "^zxcvbnm,-"};
constexpr std::string_view kHalfRows[] = {"12345", "qwert", "asdfg", "^zxcv",
                                          "67890", "yuiop", "hjkl/", "bnm,-"};

}  // namespace

TouchKeyboard::Result TouchKeyboard::press(std::string& text, std::string_view key) {
  if (key == "done") return Result::kDone;
  if (key == "shift") {
    shift_ = !shift_;
    return Result::kTyping;
  }
  if (key == "back") {
    text.resize(core::utf8_drop_last(text).size());  // a whole character ("Zoë" -> "Zo", not half an ë)
    return Result::kTyping;
  }
  if (key == "clear") {
    text.clear();
    return Result::kTyping;
  }
  if (text.size() >= kMaxLength) return Result::kTyping;
  if (key == "space") {
    text += ' ';
  } else if (key.size() == 1) {
    const char c = key[0];
    text += shift_ ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  shift_ = false;
  return Result::kTyping;
}

int TouchKeyboard::rows_for(float width, float touch) {
  return std::floor((width - gap_for(touch) * 9) / 10) >= touch ? 5 : 9;
}

TouchKeyboard::Result TouchKeyboard::draw(std::string& text, const PixelRect& area, float touch,
                                          const KioskFonts& fonts, std::vector<HitRect>& hits) {
  Result result = Result::kTyping;
  const float gap = gap_for(touch);
  const int rows = rows_for(area.width(), touch);
  const int columns = rows == 5 ? 10 : 5;
  const float key_w = std::floor((area.width() - gap * static_cast<float>(columns - 1)) /
                                 static_cast<float>(columns));
  const float key_h =
      std::max(touch, std::min(key_w, (area.height() - gap * static_cast<float>(rows - 1)) /
                                          static_cast<float>(rows)));
  auto key = [&](const std::string& label, const char* id, float x, float y, float w) {
    ImGui::SetCursorScreenPos({x, y});
    const bool pressed = ImGui::Button((label + "##kb" + id).c_str(), {w, key_h});
    hits.push_back({{x, y, x + w, y + key_h}, std::string(id)});
    return pressed;
  };
  ImGui::PushFont(fonts.bold);
  float y = area.y0;
  const std::vector<std::string_view> layout =
      columns == 10 ? std::vector<std::string_view>(std::begin(kRows), std::end(kRows))
                    : std::vector<std::string_view>(std::begin(kHalfRows), std::end(kHalfRows));
  for (std::string_view row : layout) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      const float x = area.x0 + static_cast<float>(i) * (key_w + gap);
      const char c = row[i];
      if (c == '^') {
        if (key(shift_ ? "\xE2\x87\xA7!" : "\xE2\x87\xA7", "shift", x, y, key_w))
          press(text, "shift");
        continue;
      }
      const char shown =
          shift_ ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      const std::string id(1, c);
      if (key(std::string(1, shown), id.c_str(), x, y, key_w)) press(text, id);
    }
    y += key_h + gap;
  }
  // The bottom row: + (time controls), space, backspace, clear, done.
  const float unit = key_w + gap;
  if (columns == 5) {
    if (key("+", "plus", area.x0, y, key_w)) press(text, "+");
    if (key("space", "space", area.x0 + unit, y, key_w)) press(text, "space");
    if (key("\xE2\x86\x90", "back", area.x0 + unit * 2, y, key_w)) press(text, "back");
    if (key("Clear", "clear", area.x0 + unit * 3, y, key_w)) press(text, "clear");
    if (key("Done", "done", area.x0 + unit * 4, y, key_w)) result = Result::kDone;
  } else {
    if (key("+", "plus", area.x0, y, key_w)) press(text, "+");
    if (key("space", "space", area.x0 + unit, y, unit * 4 - gap)) press(text, "space");
    if (key("\xE2\x86\x90", "back", area.x0 + unit * 5, y, unit * 2 - gap)) press(text, "back");
    if (key("Clear", "clear", area.x0 + unit * 7, y, key_w * 1.0f)) press(text, "clear");
    if (key("Done", "done", area.x0 + unit * 8, y, unit * 2 - gap)) result = Result::kDone;
  }
  ImGui::PopFont();
  // A physical keyboard types into the same field.
  for (const ImWchar c : ImGui::GetIO().InputQueueCharacters) {
    if (c >= 32 && c < 127 && text.size() < kMaxLength) text += static_cast<char>(c);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace))) press(text, "back");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) result = Result::kDone;
  return result;
}

}  // namespace tabula::ui

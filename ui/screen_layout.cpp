// ScreenLayout (drawing in the header).
#include "ui/screen_layout.h"

#include <algorithm>
#include <cmath>

namespace tabula::ui {

float touch_target_px(float dpi) {
  return std::ceil(9.0f / 25.4f * std::max(dpi, 50.0f));
}

ScreenLayout screen_layout(float width, float height, float dpi, float body_px) {
  ScreenLayout s;
  s.touch = touch_target_px(dpi);
  s.pad = std::round(body_px * 0.6f);
  s.portrait = height > width;
  if (s.portrait) {
    // The board across the full width at the top; the panels below it.
    const float board_h = std::min(width, height * 0.56f);
    s.board = {0, 0, width, board_h};
    s.panels = {s.pad, board_h, width - s.pad, height - s.pad};
  } else {
    const float panel = std::clamp(width - height, width * 0.34f, width * 0.46f);
    s.board = {0, 0, width - panel, height};
    s.panels = {width - panel, s.pad, width - s.pad, height - s.pad};
  }
  // The header: one line of title, then a row of touch-sized buttons.
  const float title_h = std::round(body_px * 1.45f * 1.25f);
  const float header_h = title_h + s.touch + s.pad;
  s.header = {s.panels.x0, s.panels.y0, s.panels.x1, s.panels.y0 + header_h};
  s.quiet = {s.panels.x0, s.header.y1 + s.pad, s.panels.x1, s.panels.y1};
  s.exit = {s.quiet.x0, s.quiet.y1 - s.touch - s.pad, s.quiet.x1, s.quiet.y1};
  return s;
}

std::string visible_label(const std::string& label) {
  const std::size_t at = label.find("##");
  return at == std::string::npos ? label : label.substr(0, at);
}

PixelRect clipped(const PixelRect& r, const PixelRect& visible) {
  PixelRect out{std::max(r.x0, visible.x0), std::max(r.y0, visible.y0), std::min(r.x1, visible.x1),
                std::min(r.y1, visible.y1)};
  out.x1 = std::max(out.x1, out.x0);
  out.y1 = std::max(out.y1, out.y0);
  return out;
}

bool overlaps(const PixelRect& a, const PixelRect& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

}  // namespace tabula::ui

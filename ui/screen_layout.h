// ScreenLayout: where the board, the panels and the overlays (PIN pad,
// arbiter menu, confirmations, players) go on a screen of any shape, and
// how big a touch target must be.
//
//   landscape (800x480, 1280x800, 1920x1080)    portrait (720x1280)
//   +-------------+---------+                   +-----------------+
//   |             | header  |                   |      board      |
//   |    board    +---------+                   |   (zone B)      |
//   |  (zone B)   | quiet   |                   +-----------------+
//   |             | (Q)     |                   | header          |
//   |             +---------+                   +-----------------+
//   |             | exit (E)|                   | quiet (Q)       |
//   +-------------+---------+                   +-----------------+
//                                               | exit (E)        |
//                                               +-----------------+
//
// The main screen's actions are the header's buttons and the board's
// squares; the quiet zone Q (the panels below the header: ruling, clocks,
// ledger, moves) and its exit strip E hold none. So the overlays take turns
// (issue 18: no two consecutive screens put an action under the same spot):
//   PIN pad            Q above E    (comes from the header or the players
//                                    screen, leads to the menu or main)
//   arbiter menu       B, its Lock button in E
//   players screen     B, its Close button in E
//   confirmation       Q above E    (comes from the menu or the players
//                                    screen, leads back there or to main)
// tests/ui/touch_test.cpp checks the rectangles every frame draws.
//
// Touch targets are at least 9 mm: 9 / 25.4 x the panel's pixels per inch
// (the Raspberry Pi 7" display, 800x480, is ~133 px/in: 48 px).
// Pure geometry; values only.
#pragma once

#include <string>

#include "ui/board_geometry.h"

namespace tabula::ui {

/// The screens docs/kiosk.md documents, with their pixels per inch: every
/// screen and overlay must fit each with 9 mm targets (tests/ui/screen_fit_test.cpp,
/// and the goldens of tests/ui/golden).
struct DocumentedScreen {
  float width;
  float height;
  float dpi;
  const char* what;
};
inline constexpr DocumentedScreen kDocumentedScreens[] = {
    {800, 480, 133, "Raspberry Pi 7\" display"},
    {720, 1280, 210, "Raspberry Pi Touch Display 2 (portrait)"},
    {720, 1280, 133, "a 720x1280 portrait screen at the default dpi"},
    {1280, 800, 133, "10\" tablet-class screen"},
    {1920, 1080, 133, "HD monitor"},
};

/// The side in pixels of a 9 mm touch target at `dpi` pixels per inch.
float touch_target_px(float dpi);

struct ScreenLayout {
  bool portrait = false;
  float touch = 48;   // minimum touch target side, px
  float pad = 8;      // outer padding of the panels, px
  PixelRect board;    // zone B: where the board is fitted
  PixelRect panels;   // the panels' area (header, quiet and exit zones)
  PixelRect header;   // title, subtitle and the header's buttons
  PixelRect quiet;    // zone Q: no action of the main screen
  PixelRect exit;     // zone E: the bottom strip of Q (Lock, Close)
};

/// The layout of a `width` x `height` screen at `dpi`, with text
/// `body_px` high. Portrait when the screen is taller than wide.
ScreenLayout screen_layout(float width, float height, float dpi, float body_px);

/// One action drawn this frame: where, and its label (ImGui's, without
/// the "##id" part), so tests can find and press it.
struct HitRect {
  PixelRect rect;
  std::string label;
};

/// `label` up to a "##" (ImGui's hidden id part).
std::string visible_label(const std::string& label);

/// The part of `r` inside `visible` (empty, x1 <= x0, when none): an action
/// records only what its window shows, so a key cut by the window's edge is
/// found too small or missing (issue 27 item 1).
PixelRect clipped(const PixelRect& r, const PixelRect& visible);

/// Whether two rectangles share any pixel (touching edges do not).
bool overlaps(const PixelRect& a, const PixelRect& b);

}  // namespace tabula::ui

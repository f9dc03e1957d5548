// KioskApp: one kiosk frame. Lays the screen out (board on the left, panels
// on the right), draws a KioskView and collects the intents of the frame.
//
// Holds only presentation state: the fonts in use, a local orientation
// override (the Rotate button, --orient), the dialog presenter, the arbiter
// menu and list scroll positions. No game state: the snapshot is passed to
// every draw() and may change completely between frames. Needs a current
// ImGui context; call draw() between ImGui::NewFrame() and ImGui::Render().
// Not thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ui/arbiter_menu.h"
#include "ui/board_geometry.h"
#include "ui/dialogs.h"
#include "ui/intent.h"
#include "ui/panels.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

struct KioskConfig {
  std::string pin = "0000";
  float dpi = 133;  // the panel's pixels per inch: touch targets are 9 mm (ui/screen_layout.h)
};

class KioskApp {
 public:
  explicit KioskApp(KioskConfig config);

  /// Fonts to draw with; they point into the ImGui atlas (ui/theme.h).
  void set_fonts(const KioskFonts& fonts) { fonts_ = fonts; }
  /// Shows the board from `seat`'s edge whatever the snapshot says; nullopt
  /// follows KioskView::orientation.
  void set_orientation(std::optional<SeatIndex> seat) { orientation_ = seat; }
  const ArbiterMenu& arbiter_menu() const { return arbiter_; }
  /// Shows an overlay at once: "pin", "players", or "menu" (screenshots).
  void open_screen(const std::string& name) {
    if (name == "pin") arbiter_.open();
    if (name == "players") arbiter_.open_players();
    if (name == "menu") arbiter_.unlock_for_picture();
  }

  /// Draws `view` over the whole main viewport. `time_s` animates pulsing
  /// marks (fixed in screenshots). Returns the frame's intents in order.
  std::vector<Intent> draw(const KioskView& view, double time_s);

  /// The zones of a `width` x `height` screen with the fonts in use.
  ScreenLayout screen(float width, float height) const;
  /// The board layout draw() uses for `view` on that screen.
  BoardLayout board_layout(const KioskView& view, float width, float height) const;
  /// The rectangles of the actions the last frame drew on its top screen
  /// (the main screen's: the header's buttons and the board; or the
  /// overlay's), and that screen's name ("main", "pin", "menu", ...).
  const std::vector<HitRect>& hit_rects() const;
  std::string screen_name() const;

 private:
  Edge bottom_edge(const KioskView& view) const;
  void draw_panels(const KioskView& view, const ScreenLayout& layout);

  KioskFonts fonts_;
  std::optional<SeatIndex> orientation_;
  DialogPresenter dialogs_;
  ArbiterMenu arbiter_;
  PanelMemory panel_memory_;
  float dpi_;
  std::vector<HitRect> main_hits_;
};

}  // namespace tabula::ui

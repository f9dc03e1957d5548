// KioskApp: one kiosk frame. Lays the screen out (board on the left, panels
// on the right), draws a KioskView and collects the intents of the frame.
//
// Holds only presentation state: the fonts in use, a local orientation
// override (the Rotate button, --orient), the dialog presenter, the arbiter
// menu, the first-boot setup screen and list scroll positions.
//
// The tap guard: when the top screen changes (main, a session question, an
// overlay of the arbiter menu, a setup page), a press in the first
// kTapGuard_s on a spot where the screen before had an action does nothing,
// so the second tap of a double tap never acts on the next screen (issue
// 18: the PIN pad's "0" over "Green wins"). Most screens already keep their
// actions off each other's spots (ui/screen_layout.h); the guard covers the
// rest (a setup page's Next after the last, a question after a confirmation). No game state: the snapshot is passed to
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
#include "ui/setup_screen.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

struct KioskConfig {
  std::string pin = "0000";
  float dpi = 133;  // the panel's pixels per inch: touch targets are 9 mm (ui/screen_layout.h)
};

class KioskApp {
 public:
  static constexpr double kTapGuard_s = 0.35;

  explicit KioskApp(KioskConfig config);

  /// Fonts to draw with; they point into the ImGui atlas (ui/theme.h).
  void set_fonts(const KioskFonts& fonts) { fonts_ = fonts; }
  /// Shows the board from `seat`'s edge whatever the snapshot says; nullopt
  /// follows KioskView::orientation.
  void set_orientation(std::optional<SeatIndex> seat) { orientation_ = seat; }
  const ArbiterMenu& arbiter_menu() const { return arbiter_; }
  ArbiterMenu& arbiter_menu() { return arbiter_; }
  /// Shows an overlay at once (screenshots): "pin", "players", or one of
  /// ArbiterMenu::open_for_picture's.
  void open_screen(const std::string& name) {
    if (name == "pin") {
      arbiter_.open();
    } else if (name == "players") {
      arbiter_.open_players();
    } else if (name == "who-plays") {
      arbiter_.open_players();
      arbiter_.open_who_plays();
    } else {
      arbiter_.open_for_picture(name);
    }
  }

  /// The first-boot setup (ui/setup_screen.h): while open it is the whole
  /// screen and draw() returns its SetupDone.
  SetupScreen& setup() { return setup_; }
  const SetupScreen& setup() const { return setup_; }

  /// Draws `view` over the whole main viewport. `time_s` animates pulsing
  /// marks (fixed in screenshots). Returns the frame's intents in order.
  std::vector<Intent> draw(const KioskView& view, double time_s);

  /// The zones of a `width` x `height` screen with the fonts in use.
  ScreenLayout screen(float width, float height) const;
  /// The board layout draw() uses for `view` on that screen.
  BoardLayout board_layout(const KioskView& view, float width, float height) const;
  /// The rectangles of the actions the last frame drew on its top screen
  /// (the main screen's: the header's buttons and the board; or the
  /// overlay's, the session question's or the setup page's), and that
  /// screen's name ("main", "dialog", "pin", "menu", "setup-board", ...).
  const std::vector<HitRect>& hit_rects() const;
  /// Where the panels drew last frame (the move list's top and bottom).
  const PanelMemory& panels() const { return panel_memory_; }
  std::string screen_name() const;
  /// Presses the tap guard swallowed (tests).
  int guarded_taps() const { return guarded_taps_; }

 private:
  Edge bottom_edge(const KioskView& view) const;
  void guard_taps(double time_s);
  void note_screen(double time_s);
  void draw_panels(const KioskView& view, const ScreenLayout& layout);

  KioskFonts fonts_;
  bool hint_asked_ = false;  // issue 33: the header's Hint button this frame
  std::optional<SeatIndex> orientation_;
  DialogPresenter dialogs_;
  ArbiterMenu arbiter_;
  PanelMemory panel_memory_;
  float dpi_;
  std::vector<HitRect> main_hits_;
  SetupScreen setup_;
  // The tap guard: the screen drawn last frame and its actions, and the
  // actions of the screen before it, until kTapGuard_s after the change.
  std::string last_screen_;
  std::vector<HitRect> last_hits_;
  std::vector<HitRect> guarded_;
  double changed_at_s_ = -1e9;
  int guarded_taps_ = 0;
};

}  // namespace tabula::ui

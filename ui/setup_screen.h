// SetupScreen: the appliance's first-boot setup (issue 16) as full-screen
// pages operated by touch: the board (the installed profiles, each with its
// shape and the variants it fits, or the virtual board), the variant (only
// those that fit the chosen board), the clock (none or a preset) and the
// players' names (the on-screen keyboard).
//
//   page       event                              next
//   board      tap a board                        board (chosen; the variant is
//                                                 dropped if it does not fit)
//   board      Next (a board chosen)              variant
//   variant    tap a variant / Back / Next        variant / board / clock
//   clock      tap a preset / Back / Next         clock / variant / players
//   players    tap a seat's name                  keyboard (that seat)
//   players    - / + beside a seat                players (person, bot greedy,
//                                                 bot level 1..8; issue 33)
//   keyboard   Done                               players
//   players    Back / Start                       clock / closed: SetupDone sent
//   any page   Cancel (only when reopened         closed, nothing sent
//              from the arbiter menu)
//
// Next stands at the same spot on every page: the kiosk's tap guard
// (ui/kiosk_app.h) keeps a second tap of a double tap from passing a page.
// hit_rects() lists the actions drawn this frame (tests, the guard).
// Owns its UI state only (choices, page, fields). Call draw() between
// ImGui::NewFrame() and ImGui::Render(), on the UI thread.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ui/first_boot.h"
#include "ui/intent.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"
#include "ui/touch_keyboard.h"

namespace tabula::ui {

/// The board's seat assignment from the hub (issue 35), as the setup shows
/// it: "round 2, table 3 (section open)", the variant, the players by seat.
struct SetupAssignment {
  std::string heading;
  std::string variant_id;
  std::vector<std::string> players;  // seat order
  friend bool operator==(const SetupAssignment&, const SetupAssignment&) = default;
};

class SetupScreen {
 public:
  enum class Page { kBoard, kVariant, kClock, kPlayers, kKeyboard };

  /// Shows the setup with `choices`; `message` (a saved setup's problem, or
  /// "") is shown on every page; `start` preselects a saved setup's answers;
  /// `cancellable` adds Cancel (reopened from the arbiter menu).
  void open(SetupChoices choices, std::string message, std::optional<SetupDone> start,
            bool cancellable);
  void close() { open_ = false; }
  bool is_open() const { return open_; }
  Page page() const { return page_; }
  /// Goes to `page` (pictures of a page: --screen setup-players).
  void show_page(Page page) { page_ = page; }
  /// "setup-board", "setup-variant", "setup-clock", "setup-players", "setup-keyboard".
  std::string page_name() const;
  /// Replaces the message (a failed save).
  void set_message(std::string message) { message_ = std::move(message); }
  /// The board's seat assignment (or none): shown on every page above the
  /// choices with "Use this seating", which takes its game (on a board that
  /// fits it) and its players by seat, and goes to the players' page, where
  /// the arbiter can still change any name.
  void set_assignment(std::optional<SetupAssignment> a) { assignment_ = std::move(a); }

  /// Draws the current page over the whole display; returns SetupDone when
  /// Start is pressed (the screen stays open until the caller closes it,
  /// so a failed save can be shown on it).
  std::optional<Intent> draw(const KioskFonts& fonts, float touch);

  const std::vector<HitRect>& hit_rects() const { return hits_; }
  const SetupDone& answers() const { return answers_; }

 private:
  bool button(const std::string& label, const PixelRect& r, bool chosen, bool enabled = true);
  /// Two-line choice buttons in a grid filling `area`; returns the index tapped.
  std::optional<std::size_t> choice_grid(
      const std::vector<std::pair<std::string, std::string>>& items,
      const std::vector<bool>& chosen, const PixelRect& area, float touch, const KioskFonts& fonts);
  std::vector<std::string> player_fields() const;
  /// The assignment's strip below the summary; returns its bottom edge.
  float draw_assignment(const KioskFonts& fonts, float touch, float x0, float x1, float y);
  void accept_assignment();
  void set_player(std::size_t seat, const std::string& name);
  // Issue 33: a seat's player as a step of kSeatSteps (0 a person, 1 the
  // greedy bot, 2.. bot levels 1..8), kept in answers_.bots.
  int seat_step(const std::string& seat) const;
  void set_seat_step(const std::string& seat, int step);
  void draw_seats(const PixelRect& area, float touch, const KioskFonts& fonts);

  bool open_ = false;
  bool cancellable_ = false;
  Page page_ = Page::kBoard;
  SetupChoices choices_;
  std::string message_;
  SetupDone answers_;
  bool board_chosen_ = false;
  std::size_t editing_ = 0;  // the seat whose name the keyboard edits
  std::string editing_text_;
  TouchKeyboard keyboard_;
  std::optional<SetupAssignment> assignment_;
  std::vector<HitRect> hits_;
};

}  // namespace tabula::ui

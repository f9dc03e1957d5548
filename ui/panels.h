// The side panels beside the board: header, whose turn, the current ruling
// and its history, clocks, the ledger and the move list.
//
// Each function draws one panel from the snapshot at the current ImGui
// cursor, using the full available width, and returns what the people
// pressed. PanelMemory is the only state: where lists were scrolled to, so
// that a new entry scrolls into view once. Call between ImGui::NewFrame()
// and ImGui::Render(), inside a window.
#pragma once

#include <cfloat>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ui/board_geometry.h"
#include "ui/intent.h"
#include "ui/screen_layout.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

struct PanelMemory {
  std::size_t history_seen = static_cast<std::size_t>(-1);
  std::size_t plies_seen = static_cast<std::size_t>(-1);
  int follow_frames = 0;  // frames left to keep the latest move in view
  float moves_height = -1;  // the move list's height last drawn
  float moves_top = 0;      // its title's and its bottom's screen y, last drawn
  float moves_bottom = 0;
  // What stood between the ruling's card and the move list last frame (the
  // checks, the "Board:" steps, earlier rulings, clocks, ledger): the room
  // the card leaves them (s17-club). A change is drawn again within the
  // frames an output gets (ui/redraw_policy.h).
  float below_ruling = 0;
};

struct HeaderActions {
  bool rotate = false;
  bool players = false;
  bool arbiter = false;
  bool hint = false;  // issue 33: shown when the arbiter allows hints
};

/// The title over a row of touch-sized buttons (Rotate, Players, Arbiter)
/// in `area`; the buttons' rectangles are appended to `hits`.
HeaderActions draw_header(const KioskView& view, const KioskFonts& fonts, const PixelRect& area, float touch,
                          std::vector<HitRect>& hits);
void draw_turn(const KioskView& view, const KioskFonts& fonts);
/// The current ruling, large and coloured by severity, with check and
/// board-fix lines under it.
/// The current ruling's card, at most `max_height` tall (fit_headline),
/// then the checks and the "Board:" steps, whole. Returns the card's height.
float draw_ruling(const KioskView& view, const KioskFonts& fonts, float max_height = FLT_MAX);
/// The headline's lines (headline_lines) and the font of its last line so
/// that they fit `max_height` wrapped at `width`: the ruling font, else the
/// body's, else the small one; then without the lines before the ruling;
/// then the ruling cut, ending in kCutMark.
inline constexpr const char* kCutMark = "\xE2\x80\xA6";  // "…"
struct HeadlineFit {
  std::vector<std::string> lines;
  ImFont* font = nullptr;
  bool cut = false;
};
HeadlineFit fit_headline(std::vector<std::string> lines, const KioskFonts& fonts, float width, float max_height);
void draw_ruling_history(const KioskView& view, const KioskFonts& fonts, float height,
                         PanelMemory& memory);
/// `compact` (a short screen): each tile also shows the seat's points or
/// tokens, and the time control line is left out.
void draw_clocks(const KioskView& view, const KioskFonts& fonts, bool compact = false);
/// Seats (and who sits there), statuses, points or tokens, relations.
/// Resigning and draw offers are on the Players screen (ui/arbiter_menu.h).
void draw_ledger(const KioskView& view, const KioskFonts& fonts);
/// "Ann (Red)", or "Red" when no name was given.
std::string seat_label(const SeatView& seat);
void draw_move_list(const KioskView& view, const KioskFonts& fonts, float height,
                    PanelMemory& memory);

/// "put Blue's king on a7 · lift the piece off b7" (the source's own steps
/// where it gave them).
std::string describe_fixes(const KioskView& view);
/// The move the board shows and the arbiter has not ruled on yet, for the
/// banner: "e2-e4 \u2026 not yet ruled"; "" when there is none.
std::string tentative_text(const KioskView& view);
/// What the headline says, in order: the rulings the last input made before
/// the current one, then the current one (issue 27 item 6); "No ruling".
std::vector<std::string> headline_lines(const KioskView& view);

}  // namespace tabula::ui

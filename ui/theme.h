// The kiosk's look: colour palette, fonts sized to the window, ImGui style.
//
// Fonts are DejaVu Sans (Debian package fonts-dejavu-core), loaded from a
// directory given on the command line; if the files are missing the kiosk
// falls back to ImGui's built-in font and says so once on stderr. The atlas
// belongs to ImGui (ImGui::GetIO().Fonts); KioskFonts only points into it and
// is valid until the next load_fonts() call. Uploading the atlas to the GPU
// is the platform's job (ui/platform_glfw.h).
#pragma once

#include <imgui.h>

#include <string>

#include "ui/board_geometry.h"
#include "ui/view_model.h"

namespace tabula::ui {

/// Where the Debian font package puts DejaVu.
inline constexpr const char* kDefaultFontDir = "/usr/share/fonts/truetype/dejavu";

struct KioskFonts {
  ImFont* body = nullptr;    // panel text
  ImFont* small = nullptr;   // captions, coordinates, history
  ImFont* bold = nullptr;    // names, buttons
  ImFont* title = nullptr;   // game title
  ImFont* ruling = nullptr;  // the current ruling
  ImFont* clock = nullptr;   // clock faces (monospaced digits)
  ImFont* glyph = nullptr;   // letters on fairy pieces, baked large, drawn at any size
  bool fallback = false;     // true when the built-in font stands in for DejaVu
};

/// The last item's rectangle as far as its window shows it (clipped; empty
/// when hidden): what a finger can reach (ui/screen_layout.h clipped()).
PixelRect visible_item_rect();

/// Base text height in pixels for a window `height` pixels tall.
float body_font_size(int window_height);

/// Clears the atlas and loads every KioskFonts face sized for a window
/// `window_height` pixels tall. The caller must (re)upload the atlas.
KioskFonts load_fonts(ImGuiIO& io, int window_height, const std::string& font_dir);

/// Applies the kiosk's ImGui style, spacing scaled with the body font.
void apply_style(float body_size);

namespace palette {
inline constexpr ImU32 rgba(int r, int g, int b, int a = 255) {
  return IM_COL32(r, g, b, a);
}
inline constexpr ImU32 kBackground = rgba(24, 26, 31);
inline constexpr ImU32 kPanel = rgba(34, 37, 44);
inline constexpr ImU32 kPanelRaised = rgba(44, 48, 57);
inline constexpr ImU32 kBorder = rgba(60, 65, 76);
inline constexpr ImU32 kText = rgba(232, 234, 238);
inline constexpr ImU32 kTextMuted = rgba(150, 157, 170);
inline constexpr ImU32 kSquareLight = rgba(238, 220, 188);
inline constexpr ImU32 kSquareDark = rgba(180, 137, 102);
inline constexpr ImU32 kBoardEdge = rgba(14, 15, 18);
inline constexpr ImU32 kCoordinate = rgba(160, 166, 178);
inline constexpr ImU32 kLastMove = rgba(214, 206, 72, 120);
inline constexpr ImU32 kCheck = rgba(226, 38, 38);
inline constexpr ImU32 kPutPiece = rgba(40, 200, 226);
inline constexpr ImU32 kRemovePiece = rgba(255, 138, 30);
inline constexpr ImU32 kTeachDot = rgba(20, 60, 40, 110);
inline constexpr ImU32 kLifted = rgba(60, 190, 150, 120);
inline constexpr ImU32 kIllegal = rgba(232, 76, 72);
inline constexpr ImU32 kWarning = rgba(238, 170, 60);
inline constexpr ImU32 kInfo = rgba(92, 164, 226);
inline constexpr ImU32 kIllegalBg = rgba(84, 30, 33);
inline constexpr ImU32 kWarningBg = rgba(74, 56, 24);
inline constexpr ImU32 kInfoBg = rgba(30, 48, 68);
inline constexpr ImU32 kGood = rgba(112, 196, 120);
}  // namespace palette

ImU32 to_imu32(Rgb colour, int alpha = 255);
ImU32 severity_colour(Severity severity);
ImU32 severity_background(Severity severity);
ImU32 status_colour(SeatStatus status);
/// Relative luminance 0..1 (sRGB weights, no gamma): picks text on a colour.
float luminance(Rgb colour);
/// `colour` moved toward grey by `amount` (0 = unchanged, 1 = grey).
Rgb desaturate(Rgb colour, float amount);
/// `colour` scaled toward white (amount > 0) or black (amount < 0).
Rgb shade(Rgb colour, float amount);
ImU32 with_alpha(ImU32 colour, float alpha_scale);
/// A seat colour made visible on the dark background: very dark colours
/// (Black, Dark Brown) are lightened for strips, bars and borders.
Rgb accent(Rgb seat_colour);
/// WCAG 2 contrast ratio of two colours, 1 to 21 (relative luminance with
/// the sRGB curve, not luminance()'s plain weights).
float contrast_ratio(Rgb a, Rgb b);
/// A seat colour as text on `background` (session 19): its accent, lightened
/// toward white in small steps until it is at least `min_ratio` from the
/// background (WCAG AA: 4.5:1 for text). Black's accent was 4.0:1 on the
/// move list's header, chess.com's Red 2.6:1.
Rgb text_accent(Rgb seat_colour, Rgb background, float min_ratio = 4.5f);
/// The move list's header row (ImGuiCol_TableHeaderBg).
inline constexpr Rgb kTableHeader{40, 44, 53};
/// `a` moved toward `b` by `t` (0..1).
Rgb mix(Rgb a, Rgb b, float t);

}  // namespace tabula::ui

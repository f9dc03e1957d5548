// Built-in demo snapshots: complete KioskViews for every board geometry the
// kiosk draws, used by `tabula-kiosk --demo NAME`, the screenshot tests and
// the --sim demo adapter until the session exists.
//
// They are hand-written pictures, not games: nothing here knows a rule. The
// positions follow RULINGS.md (setups of chess-four, the corner games,
// Bipartite) and chess.com's four-player layout.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ui/view_model.h"

namespace tabula::ui {

/// Seat colours shared by the demos.
inline constexpr Rgb kRed{191, 59, 67};
inline constexpr Rgb kBlue{65, 133, 191};
inline constexpr Rgb kYellow{192, 149, 38};
inline constexpr Rgb kGreen{78, 145, 97};
inline constexpr Rgb kWhite{240, 238, 232};
inline constexpr Rgb kBlack{48, 48, 54};
inline constexpr Rgb kGrey{150, 152, 160};
inline constexpr Rgb kPink{222, 128, 166};
inline constexpr Rgb kDarkBrown{112, 74, 44};

struct DemoInfo {
  std::string_view name;
  std::string_view description;
};

/// Every demo, in the order `--demo` lists them:
///   chess        FIDE start position, 8x8
///   four-player  chess.com four-player start, 14x14 cross, teaching dots
///   chess-four   001 Chess Four start, 12x12 cross
///   corners      000 corner-square game start, 12x12 with 2x2 corner squares
///   bipartite    004 Bipartite stage two, 5x9 with two holes
///   check        four-player game: a king in check, an illegal-move ruling,
///                a promotion dialog, squares to fix, a mated (dead) seat
///   gallery      every glyph in four seat colours, dead, frozen, promoted
const std::vector<DemoInfo>& demo_list();

/// The named demo, or nullopt for an unknown name.
std::optional<KioskView> make_demo(std::string_view name);

/// Places pieces from rows written top row first (FEN-like): a digit run is
/// that many empty cells, '*' makes the cell a hole, a letter is a piece of
/// `upper_seat` (uppercase) or `lower_seat` (lowercase), read with
/// `letters(c)` (c uppercased). Returns false if the text does not fit the
/// board or names an unknown letter; the view is then partly filled.
bool place_rows(KioskView& view, std::string_view rows, SeatIndex upper_seat, SeatIndex lower_seat,
                std::optional<PieceGlyph> (*letters)(char));

/// Standard letters K Q R B N P.
std::optional<PieceGlyph> chess_letter(char upper);
/// Bipartite letters: K king, M messenger, C captain, G guard, S soldier,
/// D swordsman, B the B3 power piece, R the R3 power piece.
std::optional<PieceGlyph> bipartite_letter(char upper);

}  // namespace tabula::ui

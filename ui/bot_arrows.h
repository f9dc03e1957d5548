// bot_arrows.h — the arrows over the board (issue 33): a bot's announced move
// in its seat's colour, and a hint (dashed, in the seat's colour, lighter).
// Drawn by board_view after the pieces, so they read over them.
#pragma once

#include "ui/board_geometry.h"
#include "ui/view_model.h"

struct ImDrawList;

namespace tabula::ui {

void draw_arrows(ImDrawList* draw, const KioskView& view, const BoardLayout& layout);

/// The halo drawn under an arrow (and the ring around the bot's piece) in
/// `fill`, a seat's colour: whichever of near-black and cream lies further
/// from the fill's luminance, so the arrow is outlined on both kinds of
/// square. A dark halo under Black's or Dark Brown's arrow outlined nothing:
/// a dark blob on the dark squares (session 16, Chess Four's bots).
Rgb arrow_halo(Rgb fill);

}  // namespace tabula::ui

// bot_arrows.h — the arrows over the board (issue 33): a bot's announced move
// in its seat's colour, and a hint (dashed, in the seat's colour, lighter).
// Drawn by board_view after the pieces, so they read over them.
#pragma once

#include "ui/board_geometry.h"
#include "ui/view_model.h"

struct ImDrawList;

namespace tabula::ui {

void draw_arrows(ImDrawList* draw, const KioskView& view, const BoardLayout& layout);

}  // namespace tabula::ui

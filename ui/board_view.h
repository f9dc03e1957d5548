// The board view: draws a KioskView's board (squares, seat edges,
// coordinates, highlights, pieces) with ImGui's draw lists and turns a click
// on it into a SquareClicked intent.
//
// Stateless: everything drawn comes from the snapshot, the layout and the
// animation time. Must be called inside an ImGui window, between
// ImGui::NewFrame() and ImGui::Render().
#pragma once

#include <optional>

#include "ui/board_geometry.h"
#include "ui/intent.h"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace tabula::ui {

/// Draws the board of a snapshot that passes validate() (anything else is
/// skipped) and returns the square clicked this frame, if any (left
/// click: lift/place; right click or shift-click: slide). `time_s` drives
/// the pulsing of squares to fix; pass a fixed value for reproducible frames.
std::optional<Intent> draw_board(const KioskView& view, const BoardLayout& layout,
                                 const KioskFonts& fonts, double time_s);

}  // namespace tabula::ui

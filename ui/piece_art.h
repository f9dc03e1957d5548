// Piece art: every PieceGlyph drawn as vectors with an ImDrawList, crisp at
// any size.
//
// Each piece is authored once in a 100 x 100 box (y down) as outlines built
// from lines and Bezier curves, triangulated once (ear clipping, so concave
// silhouettes such as the knight need no convex decomposition) and cached
// for the life of the process. Drawing transforms the cached triangles, fills
// them with a top-to-bottom shade of the seat colour, then strokes the
// anti-aliased outline over the edge. Orthodox pieces have Staunton-like
// silhouettes; Bipartite's fairy pieces are simpler tokens (disc, hexagon,
// shield, pentagon, diamond, octagon, rounded square) carrying their letter.
//
// Thread-safety: ImGui draw lists are single-threaded; the cache is built on
// first use under a function-local static.
#pragma once

#include <imgui.h>

#include "ui/view_model.h"

namespace tabula::ui {

struct PieceStyle {
  Rgb fill;
  ImU32 outline = 0;
  ImU32 detail = 0;  // inner lines and letters, contrasting with `fill`
  float alpha = 1.0f;
  bool shadow = true;
  // The light rim (a fill of luminance 0.2-0.42: Black, chess.com's Red,
  // Dark Brown), drawn wide under the piece as the web page draws it
  // (session 19: under deuteranopia chess.com's Red and Green fills are
  // Delta E 15.6 apart; the kiosk's centred 1-2 px rim hardly showed).
  bool rim = false;
};

/// The style for a piece of a seat coloured `seat_colour`: dead pieces grey,
/// frozen pieces greyed, `alpha` below 1 for ghosts and lifted pieces.
PieceStyle piece_style(Rgb seat_colour, PieceLife life, float alpha = 1.0f);

/// Draws `glyph` centred in a square of side `size` (pixels) at `center`.
/// `letter_font` draws the fairy pieces' letters (any size; baked large).
void draw_piece(ImDrawList* draw, PieceGlyph glyph, ImVec2 center, float size,
                const PieceStyle& style, ImFont* letter_font);

/// Small marks in the square's corners: a star for a promoted piece, a
/// snowflake for a frozen one.
void draw_piece_marks(ImDrawList* draw, const PieceView& piece, ImVec2 center, float size);

}  // namespace tabula::ui

// Board drawing in layers, bottom to top:
//   [frame]       a dark rim around every square, following the board's shape
//   [squares]     light/dark squares; merged corner squares as one
//   [under]       last move, lifted piece, check glow, checker rims
//   [pieces]      pieces, ghosts of pieces to put back, marks
//   [over]        teaching dots, squares to fix
//   [margins]     seat strips and coordinates
//   [input]       the click
#include "ui/board_view.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "ui/bot_arrows.h"
#include "ui/piece_art.h"

namespace tabula::ui {
namespace {


ImVec2 im(PixelPoint p) {
  return {p.x, p.y};
}
ImVec2 im_min(const PixelRect& r) {
  return {r.x0, r.y0};
}
ImVec2 im_max(const PixelRect& r) {
  return {r.x1, r.y1};
}

PixelRect inset(const PixelRect& r, float by) {
  return {r.x0 + by, r.y0 + by, r.x1 - by, r.y1 - by};
}

bool is_anchor_or_plain(const BoardView& board, Cell cell) {
  const CellView& cv = board.at(cell);
  return cv.kind == CellKind::kPlayable ||
         (cv.kind == CellKind::kMerged && cv.merge_anchor == cell);
}

template <typename Fn>
void for_each_square(const BoardView& board, Fn&& fn) {
  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      const Cell cell{file, rank};
      if (is_anchor_or_plain(board, cell)) fn(cell);
    }
  }
}

/// A disc fading from `inner` at the centre to transparent at `radius`.
void radial_glow(ImDrawList* draw, ImVec2 center, float radius, ImU32 inner) {
  constexpr int kSegments = 40;
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  const ImU32 outer = with_alpha(inner, 0.0f);
  draw->PrimReserve(kSegments * 3, kSegments + 1);
  const auto base = static_cast<unsigned>(draw->_VtxCurrentIdx);
  draw->PrimWriteVtx(center, uv, inner);
  for (int i = 0; i < kSegments; ++i) {
    const float a = 2 * std::numbers::pi_v<float> * static_cast<float>(i) / kSegments;
    draw->PrimWriteVtx({center.x + radius * std::cos(a), center.y + radius * std::sin(a)}, uv,
                       outer);
  }
  for (unsigned i = 0; i < kSegments; ++i) {
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base));
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base + 1 + i));
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base + 1 + (i + 1) % kSegments));
  }
}

void corner_brackets(ImDrawList* draw, const PixelRect& r, float length, ImU32 colour,
                     float thickness) {
  const float h = thickness * 0.5f;
  const PixelRect s = inset(r, h);
  const ImVec2 corners[4] = {{s.x0, s.y0}, {s.x1, s.y0}, {s.x1, s.y1}, {s.x0, s.y1}};
  const float dx[4] = {1, -1, -1, 1};
  const float dy[4] = {1, 1, -1, -1};
  for (int i = 0; i < 4; ++i) {
    const ImVec2 c = corners[i];
    const ImVec2 points[3] = {{c.x, c.y + dy[i] * length}, c, {c.x + dx[i] * length, c.y}};
    draw->AddPolyline(points, 3, colour, ImDrawFlags_None, thickness);
  }
}

void hatch(ImDrawList* draw, const PixelRect& r, float spacing, ImU32 colour, float thickness) {
  draw->PushClipRect(im_min(r), im_max(r), true);
  const float span = r.width() + r.height();
  for (float d = 0; d < span; d += spacing) {
    draw->AddLine({r.x0 + d, r.y0}, {r.x0 + d - r.height(), r.y1}, colour, thickness);
  }
  draw->PopClipRect();
}

void badge(ImDrawList* draw, ImVec2 c, float r, ImU32 fill, bool plus) {
  draw->AddCircleFilled(c, r, fill, 20);
  draw->AddCircle(c, r, IM_COL32(15, 15, 18, 200), 20, std::max(1.0f, r * 0.12f));
  const float a = r * 0.5f;
  const float t = std::max(1.5f, r * 0.22f);
  const ImU32 ink = IM_COL32(15, 15, 18, 255);
  if (plus) {
    draw->AddLine({c.x - a, c.y}, {c.x + a, c.y}, ink, t);
    draw->AddLine({c.x, c.y - a}, {c.x, c.y + a}, ink, t);
  } else {
    const float b = a * 0.8f;
    draw->AddLine({c.x - b, c.y - b}, {c.x + b, c.y + b}, ink, t);
    draw->AddLine({c.x - b, c.y + b}, {c.x + b, c.y - b}, ink, t);
  }
}

float piece_size(const BoardView& board, Cell cell, const PixelRect& square, float cell_size) {
  if (board.at(cell).kind == CellKind::kMerged) {
    return std::min(square.width(), square.height()) * 0.68f;
  }
  return cell_size;
}

bool is_fix(const KioskView& view, Cell cell, FixAction action) {
  return std::any_of(view.fixes.begin(), view.fixes.end(),
                     [&](const FixSquare& f) { return f.cell == cell && f.action == action; });
}

}  // namespace

std::optional<Intent> draw_board(const KioskView& view, const BoardLayout& layout,
                                 const KioskFonts& fonts, double time_s) {
  const BoardView& board = view.board;
  // KioskApp draws only snapshots that pass validate(); this guard keeps any
  // other caller from indexing past the cells.
  if (board.cells.size() != static_cast<std::size_t>(board.width * board.height) ||
      view.pieces.size() != board.cells.size()) {
    return std::nullopt;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float cs = layout.cell_size();
  const float pulse = 0.5f + 0.5f * static_cast<float>(std::sin(time_s * 2.0 * std::numbers::pi_v<float> / 1.4));

  // [frame] Only cells on the board's outline get a rim under them: the
  // squares cover the rest, and software GL pays for every pixel filled.
  const float rim = std::max(2.0f, std::round(cs * 0.05f));
  auto is_square = [&](int file, int rank) {
    return board.contains({file, rank}) && board.at({file, rank}).kind != CellKind::kHole;
  };
  for (int rank = 0; rank < board.height; ++rank) {
    for (int file = 0; file < board.width; ++file) {
      if (!is_square(file, rank)) continue;
      bool outline = false;
      for (int df = -1; df <= 1 && !outline; ++df) {
        for (int dr = -1; dr <= 1 && !outline; ++dr) outline = !is_square(file + df, rank + dr);
      }
      if (!outline) continue;
      const PixelRect r = layout.cell_rect({file, rank});
      draw->AddRectFilled({r.x0 - rim, r.y0 - rim}, {r.x1 + rim, r.y1 + rim}, palette::kBoardEdge,
                          rim);
    }
  }

  // [squares]
  for_each_square(board, [&](Cell cell) {
    const CellView& cv = board.at(cell);
    const PixelRect r = layout.square_rect(cell);
    const ImU32 colour =
        cv.shade == CellShade::kLight ? palette::kSquareLight : palette::kSquareDark;
    draw->AddRectFilled(im_min(r), im_max(r), colour);
    if (cv.kind == CellKind::kMerged) {
      // One big square: a soft inner frame says "this is one square".
      const PixelRect f = inset(r, cs * 0.12f);
      draw->AddRect(im_min(f), im_max(f), IM_COL32(0, 0, 0, 40), cs * 0.08f, 0, cs * 0.04f);
    }
  });

  // [under]
  if (view.last_move) {
    for (const Cell cell : {view.last_move->from, view.last_move->to}) {
      if (const auto square = board.logical_square(cell)) {
        const PixelRect r = layout.square_rect(*square);
        draw->AddRectFilled(im_min(r), im_max(r), palette::kLastMove);
      }
    }
  }
  // The move the board shows and the arbiter has not ruled on: outlined
  // squares (the ruled move fills them), an open arrow over the pieces.
  const float pending_w = std::max(2.0f, std::round(cs * 0.06f));
  if (view.tentative) {
    for (const Cell cell : {view.tentative->from, view.tentative->to}) {
      if (const auto square = board.logical_square(cell)) {
        const PixelRect r = inset(layout.square_rect(*square), pending_w * 0.5f);
        draw->AddRect(im_min(r), im_max(r), palette::kInfo, 0, 0, pending_w);
      }
    }
  }
  if (view.teaching.lifted_from) {
    if (const auto square = board.logical_square(*view.teaching.lifted_from)) {
      const PixelRect r = layout.square_rect(*square);
      draw->AddRectFilled(im_min(r), im_max(r), palette::kLifted);
    }
  }
  for (const CheckView& check : view.checks) {
    if (const auto square = board.logical_square(check.king)) {
      const PixelRect r = layout.square_rect(*square);
      draw->PushClipRect(im_min(r), im_max(r), true);
      radial_glow(draw, im(r.center()), r.width() * 0.72f, IM_COL32(235, 30, 30, 235));
      draw->PopClipRect();
    }
    for (const Cell checker : check.checkers) {
      if (const auto square = board.logical_square(checker)) {
        const PixelRect r = inset(layout.square_rect(*square), cs * 0.035f);
        draw->AddRect(im_min(r), im_max(r), palette::kCheck, 0, 0, cs * 0.07f);
      }
    }
  }

  // [pieces]
  for_each_square(board, [&](Cell cell) {
    const std::optional<PieceView>& piece = view.piece_at(cell);
    if (!piece) return;
    const SeatView* seat = view.seat(piece->seat);
    const PixelRect r = layout.square_rect(cell);
    float alpha = 1.0f;
    if (view.teaching.lifted_from == cell) alpha = 0.35f;
    if (is_fix(view, cell, FixAction::kPutPiece)) alpha = 0.35f + 0.2f * pulse;
    const PieceStyle style =
        piece_style(seat ? seat->colour : Rgb{128, 128, 128}, piece->life, alpha);
    const float size = piece_size(board, cell, r, cs);
    draw_piece(draw, piece->glyph, im(r.center()), size, style, fonts.glyph);
    draw_piece_marks(draw, *piece, im(r.center()), size);
  });
  // The ghost of a piece to put back that the position does not show there
  // (a piece in the air, a captured piece after a takeback): which piece it
  // is, not only that one is missing.
  for (const FixSquare& fix : view.fixes) {
    const auto square = board.logical_square(fix.cell);
    if (fix.action != FixAction::kPutPiece || !fix.piece || !square || view.piece_at(*square)) continue;
    const SeatView* seat = view.seat(fix.piece->seat);
    const PixelRect r = layout.square_rect(*square);
    const PieceStyle style =
        piece_style(seat ? seat->colour : Rgb{128, 128, 128}, fix.piece->life, 0.35f + 0.2f * pulse);
    draw_piece(draw, fix.piece->glyph, im(r.center()), piece_size(board, *square, r, cs), style, fonts.glyph);
  }

  // [over]
  if (view.tentative && view.tentative->from != view.tentative->to) {
    const auto from = board.logical_square(view.tentative->from);
    const auto to = board.logical_square(view.tentative->to);
    if (from && to) {
      // Stop short of the piece's middle; the head is an outline, not a fill.
      const ArrowShape arrow = arrow_shape(layout.square_rect(*from).center(), layout.square_rect(*to).center(),
                                           cs * 0.2f, cs * 0.2f, cs * 0.32f, cs * 0.32f * 0.55f);
      const ImU32 colour = with_alpha(palette::kInfo, 0.9f);
      draw->AddLine(im(arrow.start), im(arrow.base), colour, pending_w);
      draw->AddTriangle(im(arrow.tip), im(arrow.left), im(arrow.right), colour, pending_w);
    }
  }
  draw_arrows(draw, view, layout);  // issue 33: a bot's move, a hint
  for (const Cell destination : view.teaching.destinations) {
    const auto square = board.logical_square(destination);
    if (!square) continue;
    const PixelRect r = layout.square_rect(*square);
    if (view.piece_at(*square)) {
      draw->AddCircle(im(r.center()), r.width() * 0.44f, palette::kTeachDot, 40, cs * 0.08f);
    } else {
      draw->AddCircleFilled(im(r.center()), cs * 0.15f, palette::kTeachDot, 28);
    }
  }
  for (const FixSquare& fix : view.fixes) {
    const auto square = board.logical_square(fix.cell);
    if (!square) continue;
    const PixelRect r = layout.square_rect(*square);
    const float thickness = std::max(2.0f, cs * 0.07f);
    const float glow = 0.55f + 0.45f * pulse;
    const float badge_r = cs * 0.13f;
    const ImVec2 badge_at{r.x0 + badge_r + cs * 0.06f, r.y0 + badge_r + cs * 0.06f};
    if (fix.action == FixAction::kPutPiece) {
      corner_brackets(draw, inset(r, cs * 0.02f), cs * 0.3f, with_alpha(palette::kPutPiece, glow),
                      thickness);
      badge(draw, badge_at, badge_r, palette::kPutPiece, true);
    } else {
      hatch(draw, r, cs * 0.16f, with_alpha(palette::kRemovePiece, 0.35f * glow),
            std::max(1.5f, cs * 0.035f));
      const PixelRect o = inset(r, thickness * 0.5f + cs * 0.02f);
      draw->AddRect(im_min(o), im_max(o), with_alpha(palette::kRemovePiece, glow), 0, 0, thickness);
      badge(draw, badge_at, badge_r, palette::kRemovePiece, false);
    }
  }

  // [margins] Seat strips along each seat's edge. The seat to move gets a
  // thick bright strip with a halo and arrows pointing onto the board, so it
  // is seen from across the table; the others a thin one.
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    const bool to_move = view.to_move && view.to_move->value == i;
    const bool out = seat_out(seat.status);
    const float thickness = to_move ? std::max(BoardLayout::kTurnStripMinPx, cs * BoardLayout::kTurnStripCells)
                                    : std::max(BoardLayout::kSeatStripMinPx, cs * BoardLayout::kSeatStripCells);
    const auto strip = layout.edge_strip(seat.edge, thickness, cs * BoardLayout::kStripInsetCells);
    if (!strip) continue;
    const Rgb colour = out ? desaturate(accent(seat.colour), 0.8f) : accent(seat.colour);
    if (to_move) {
      const PixelRect g = inset(*strip, -cs * 0.03f);
      draw->AddRectFilled(im_min(g), im_max(g), to_imu32(colour, 90), cs * 0.16f);
    }
    draw->AddRectFilled(im_min(*strip), im_max(*strip), to_imu32(colour, out ? 110 : 255), cs * 0.07f);
    draw->AddRect(im_min(*strip), im_max(*strip), IM_COL32(0, 0, 0, 120), cs * 0.07f, 0, 1.0f);
    if (!to_move) continue;
    // Arrows on the strip, pointing at the board, every few squares.
    const ImU32 ink = luminance(colour) > 0.5f ? IM_COL32(20, 20, 24, 230) : IM_COL32(250, 250, 250, 235);
    const bool horizontal = strip->width() >= strip->height();
    const float along = horizontal ? strip->width() : strip->height();
    const float a = std::min(strip->width(), strip->height()) * 0.34f;
    const PixelPoint c = strip->center();
    const PixelPoint board_c = layout.grid_rect().center();
    const float toward = horizontal ? (board_c.y > c.y ? 1.0f : -1.0f) : (board_c.x > c.x ? 1.0f : -1.0f);
    const int arrows = std::max(1, static_cast<int>(along / (cs * 2.5f)));
    for (int k = 0; k < arrows; ++k) {
      const float t = (static_cast<float>(k) + 0.5f) / static_cast<float>(arrows);
      const float p = (horizontal ? strip->x0 : strip->y0) + along * t;
      if (horizontal) {
        draw->AddTriangleFilled({p - a * 1.3f, c.y - a * toward}, {p + a * 1.3f, c.y - a * toward},
                                {p, c.y + a * toward}, ink);
      } else {
        draw->AddTriangleFilled({c.x - a * toward, p - a * 1.3f}, {c.x - a * toward, p + a * 1.3f},
                                {c.x + a * toward, p}, ink);
      }
    }
  }
  ImFont* font = fonts.small;
  const float label_size = std::clamp(cs * 0.3f, BoardLayout::kLabelMinPx, font->FontSize * 1.25f);
  const GridSize grid = layout.grid();
  for (int col = 0; col < grid.cols; ++col) {
    const std::string text = layout.column_label(col);
    const ImVec2 size = font->CalcTextSizeA(label_size, 1e9f, 0, text.c_str());
    const ImVec2 c = im(layout.column_label_center(col));
    draw->AddText(font, label_size,
                  {std::round(c.x - size.x * 0.5f), std::round(c.y - size.y * 0.5f)},
                  palette::kCoordinate, text.c_str());
  }
  for (int row = 0; row < grid.rows; ++row) {
    const std::string text = layout.row_label(row);
    const ImVec2 size = font->CalcTextSizeA(label_size, 1e9f, 0, text.c_str());
    const ImVec2 c = im(layout.row_label_center(row));
    draw->AddText(font, label_size,
                  {std::round(c.x - size.x * 0.5f), std::round(c.y - size.y * 0.5f)},
                  palette::kCoordinate, text.c_str());
  }

  // [input]
  const PixelRect grid_rect = layout.grid_rect();
  ImGui::SetCursorScreenPos(im_min(grid_rect));
  ImGui::InvisibleButton("##board", {grid_rect.width(), grid_rect.height()},
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const ImGuiIO& io = ImGui::GetIO();
  for (const int button : {ImGuiMouseButton_Left, ImGuiMouseButton_Right}) {
    if (!ImGui::IsItemClicked(button)) continue;
    const ImVec2 at = io.MouseClickedPos[button];
    if (const auto cell = layout.hit_test({at.x, at.y})) {
      const bool slide = button == ImGuiMouseButton_Right || io.KeyShift;
      return Intent{SquareClicked{*cell, slide ? ClickModifier::kSlide : ClickModifier::kNone}};
    }
  }
  return std::nullopt;
}

}  // namespace tabula::ui

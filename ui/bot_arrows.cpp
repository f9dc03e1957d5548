#include "ui/bot_arrows.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "ui/theme.h"

namespace tabula::ui {

void draw_arrows(ImDrawList* draw, const KioskView& view, const BoardLayout& layout) {
  const float cs = layout.cell_size();
  for (const ArrowView& arrow : view.arrows) {
    const auto from = view.board.logical_square(arrow.from);
    const auto to = view.board.logical_square(arrow.to);
    if (!from || !to || *from == *to) continue;
    const SeatView* seat = view.seat(arrow.seat);
    const Rgb colour = seat ? seat->colour : Rgb{230, 230, 230};
    const PixelPoint a = layout.square_rect(*from).center();
    const PixelPoint b = layout.square_rect(*to).center();
    const float dx = b.x - a.x;
    const float dy = b.y - a.y;
    const float len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    const float ux = dx / len;
    const float uy = dy / len;
    const float width = std::max(4.0f, cs * 0.16f);
    const float head = std::max(12.0f, cs * 0.5f);
    // From the edge of the piece, so the piece that moves stays visible.
    const ImVec2 start{a.x + ux * cs * 0.36f, a.y + uy * cs * 0.36f};
    const ImVec2 tip{b.x, b.y};
    const ImVec2 base{tip.x - ux * head, tip.y - uy * head};
    const ImVec2 left{base.x - uy * head * 0.6f, base.y + ux * head * 0.6f};
    const ImVec2 right{base.x + uy * head * 0.6f, base.y - ux * head * 0.6f};
    // A dark halo under the seat's colour, so a yellow or white arrow reads
    // on light squares too.
    const ImU32 halo = IM_COL32(10, 10, 10, 200);
    const ImU32 fill = to_imu32(colour, arrow.hint ? 170 : 235);
    draw->AddCircleFilled(start, width * 0.9f, halo, 20);
    draw->AddLine(start, base, halo, width + std::max(3.0f, cs * 0.06f));
    draw->AddTriangleFilled(ImVec2{tip.x + ux * 3, tip.y + uy * 3}, ImVec2{left.x - ux * 2 - uy * 3, left.y - uy * 2 + ux * 3},
                            ImVec2{right.x - ux * 2 + uy * 3, right.y - uy * 2 - ux * 3}, halo);
    if (arrow.hint) {
      // Dashed: a hint, not a move anyone must make.
      const float dash = std::max(6.0f, cs * 0.22f);
      const float shaft = std::max(0.0f, len - head);
      for (float t = cs * 0.36f; t < shaft; t += dash * 2) {
        const float e = std::min(shaft, t + dash);
        draw->AddLine(ImVec2{a.x + ux * t, a.y + uy * t}, ImVec2{a.x + ux * e, a.y + uy * e}, fill, width);
      }
    } else {
      draw->AddLine(start, base, fill, width);
    }
    draw->AddCircleFilled(start, width * 0.6f, fill, 20);
    draw->AddTriangleFilled(tip, left, right, fill);
  }
}

}  // namespace tabula::ui

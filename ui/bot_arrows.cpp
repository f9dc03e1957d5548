#include "ui/bot_arrows.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "ui/theme.h"

namespace tabula::ui {

namespace {
constexpr Rgb kDarkHalo{10, 10, 10};
constexpr Rgb kLightHalo{246, 236, 214};
}  // namespace

Rgb arrow_halo(Rgb fill) {
  const float l = luminance(fill);
  return l - luminance(kDarkHalo) >= luminance(kLightHalo) - l ? kDarkHalo : kLightHalo;
}

void draw_arrows(ImDrawList* draw, const KioskView& view, const BoardLayout& layout) {
  const float cs = layout.cell_size();
  for (const ArrowView& arrow : view.arrows) {
    const auto from = view.board.logical_square(arrow.from);
    const auto to = view.board.logical_square(arrow.to);
    if (!from || !to || *from == *to) continue;
    const SeatView* seat = view.seat(arrow.seat);
    const Rgb colour = seat ? seat->colour : Rgb{230, 230, 230};
    const PixelPoint a = layout.square_rect(*from).center();
    const float width = std::max(4.0f, cs * 0.16f);
    const float head = std::max(12.0f, cs * 0.5f);
    // From the edge of the piece, so the piece that moves stays visible.
    const ArrowShape shape = arrow_shape(a, layout.square_rect(*to).center(), cs * 0.36f, 0.0f, head, head * 0.6f);
    const float ux = shape.ux;
    const float uy = shape.uy;
    const ImVec2 start{shape.start.x, shape.start.y};
    const ImVec2 tip{shape.tip.x, shape.tip.y};
    const ImVec2 base{shape.base.x, shape.base.y};
    const ImVec2 left{shape.left.x, shape.left.y};
    const ImVec2 right{shape.right.x, shape.right.y};
    // A halo under the seat's colour, so the arrow reads on both kinds of
    // square: dark under a yellow or white arrow, light under a black one.
    const ImU32 halo = to_imu32(arrow_halo(colour), 200);
    const ImU32 fill = to_imu32(colour, arrow.hint ? 170 : 235);
    draw->AddCircleFilled(start, width * 0.9f, halo, 20);
    draw->AddLine(start, base, halo, width + std::max(3.0f, cs * 0.06f));
    draw->AddTriangleFilled(ImVec2{tip.x + ux * 3, tip.y + uy * 3}, ImVec2{left.x - ux * 2 - uy * 3, left.y - uy * 2 + ux * 3},
                            ImVec2{right.x - ux * 2 + uy * 3, right.y - uy * 2 - ux * 3}, halo);
    if (arrow.hint) {
      // Dashed: a hint, not a move anyone must make.
      const float dash = std::max(6.0f, cs * 0.22f);
      const float shaft = cs * 0.36f + std::max(0.0f, shape.length - std::hypot(tip.x - base.x, tip.y - base.y));
      for (float t = cs * 0.36f; t < shaft; t += dash * 2) {
        const float e = std::min(shaft, t + dash);
        draw->AddLine(ImVec2{a.x + ux * t, a.y + uy * t}, ImVec2{a.x + ux * e, a.y + uy * e}, fill, width);
      }
    } else {
      draw->AddLine(start, base, fill, width);
    }
    draw->AddCircleFilled(start, width * 0.6f, fill, 20);
    draw->AddTriangleFilled(tip, left, right, fill);
    if (!arrow.hint) {
      // The piece to move, ringed in the seat's colour over a dark halo:
      // with a one-square move's short shaft the arrow alone is small.
      const float ring = cs * 0.46f;
      draw->AddCircle(ImVec2{a.x, a.y}, ring, halo, 40, std::max(3.0f, cs * 0.09f));
      draw->AddCircle(ImVec2{a.x, a.y}, ring, fill, 40, std::max(2.0f, cs * 0.05f));
    }
  }
}

}  // namespace tabula::ui

// square_centre: where a square of a variant's board is on the kiosk's
// screen, for tests that tap the real window (tests/ui/tap_test.sh).
//
//   square_centre VARIANT WxH SQUARE...   prints "X Y" per square
#include <cstdio>
#include <string>

#include "ui/board_geometry.h"
#include "ui/screen_layout.h"
#include "ui/kiosk_game.h"

int main(int argc, char** argv) {
  using namespace tabula::ui;
  if (argc < 4) {
    std::fprintf(stderr, "usage: square_centre VARIANT WxH SQUARE...\n");
    return 2;
  }
  std::string error;
  auto sim = KioskGame::create(argv[1], error);
  if (!sim) {
    std::fprintf(stderr, "square_centre: %s\n", error.c_str());
    return 2;
  }
  int w = 0;
  int h = 0;
  if (std::sscanf(argv[2], "%dx%d", &w, &h) != 2) {
    std::fprintf(stderr, "square_centre: a size is WxH, not %s\n", argv[2]);
    return 2;
  }
  // The board's zone does not depend on the text size.
  const ScreenLayout zones = screen_layout(static_cast<float>(w), static_cast<float>(h), 133, 18);
  const KioskView& view = sim->view();
  const BoardLayout layout(view.board, view.seats.at(0).edge, zones.board);
  for (int i = 3; i < argc; ++i) {
    const auto cell = parse_cell_name(argv[i]);
    if (!cell) {
      std::fprintf(stderr, "square_centre: no square %s\n", argv[i]);
      return 2;
    }
    const PixelPoint p = layout.square_rect(*cell).center();
    std::printf("%d %d\n", static_cast<int>(p.x), static_cast<int>(p.y));
  }
  return 0;
}

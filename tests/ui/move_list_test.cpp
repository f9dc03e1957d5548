// Issue 27 item 8: after a resume (a power cut, then the kiosk restarted on
// its journal) the move list shows the latest moves, and keeps them in view
// when what is drawn above it grows (a two-line bot announcement, a second
// headline line), as the live kiosk does a moment after it starts.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "tests/ui/headless_kiosk.h"
#include "tests/ui/virtual_board_play.h"
#include "test_files.h"
#include "ui/theme.h"
#include "variants/variant_loader.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

/// The move list's scrolling window (the table "##moves" of ui/panels.cpp).
ImGuiWindow* move_list_window() {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (std::string(w->Name).find("##moves") != std::string::npos) return w;
  }
  return nullptr;
}

/// "" when the list is scrolled to its last row, else where it stands.
std::string at_end() {
  const ImGuiWindow* w = move_list_window();
  if (w == nullptr) return "no move list drawn";
  if (w->ScrollMax.y <= 0) return "the list fits without scrolling (the test needs a longer game)";
  if (w->Scroll.y >= w->ScrollMax.y - 1.0f) return "";
  return "scrolled to " + std::to_string(w->Scroll.y) + " of " + std::to_string(w->ScrollMax.y);
}

TEST(MoveList, AResumedGameKeepsItsLatestMovesInViewWhenTheHeadlineGrows) {
  tabula::testing::TempDir dir;
  KioskGameOptions o;
  Ms t(0);
  {
    auto game = journaled_chess_game(dir, o, t);
    ASSERT_TRUE(game);
    // Sixteen rounds of pawn steps, each file in turn, one square then another.
    const char* files = "abcdefgh";
    for (int step = 0; step < 2; ++step) {
      for (int f = 0; f < 8; ++f) {
        const std::string file(1, files[f]);
        play(*game, (file + std::to_string(2 + step)).c_str(), (file + std::to_string(3 + step)).c_str(), t);
        play(*game, (file + std::to_string(7 - step)).c_str(), (file + std::to_string(6 - step)).c_str(), t);
      }
    }
    ASSERT_EQ(game->view(t).moves.rounds.size(), 16U);
    // The power goes: what is on disk is the journal and its -wal, as they stand.
    copy_after_a_power_cut(dir.file("g.db"), dir.file("cut.db"));
  }
  KioskGameOptions again = o;
  again.variant.clear();
  again.journal = dir.file("cut.db");
  std::string error;
  auto resumed = KioskGame::create(again, t, error);
  ASSERT_TRUE(resumed) << error;
  KioskView view = resumed->view(t);
  ASSERT_EQ(view.moves.rounds.size(), 16U);
  EXPECT_EQ(view.moves.rounds.back().number, 16);
  for (const ScreenSize size : {ScreenSize{800, 480}}) {  // the Pi's screen: a list of 16 rounds scrolls
    SCOPED_TRACE(size.name());
    HeadlessKiosk kiosk(size.width, size.height);
    KioskView shown = view;
    for (int i = 0; i < 4; ++i) kiosk.frame(shown);
    EXPECT_EQ(at_end(), "") << "right after the resume";
    // What a bot's announcement does a moment later: the headline takes two
    // lines more, the list gets shorter.
    shown.ruling_also.push_back({Severity::kInfo, "Black's bot plays Ng8-f6: move it for Black"});
    shown.ruling = RulingView{Severity::kInfo, "Black's bot is thinking about its move; a long ruling that wraps"};
    for (int i = 0; i < 4; ++i) kiosk.frame(shown);
    EXPECT_EQ(at_end(), "") << "after the headline grew";
  }
}

// Session 19: each seat's name in the move list's header, in its seat's
// colour, is readable on the header row (WCAG AA, 4.5:1): Black's accent was
// 3.8:1 there, chess.com's Red 2.6:1, Chess Four's Dark Brown 2.7:1. Every
// variant, as drawn: the header's glyphs carry that colour, not the dim accent.
TEST(MoveList, EverySeatsNameInTheHeaderIsReadableOnItsRow) {
  for (const std::string& id : variants::list_ids()) {
    SCOPED_TRACE(id);
    Ms t(0);
    auto game = started(id, t);
    ASSERT_TRUE(game);
    const KioskView view = game->view(t);
    HeadlessKiosk kiosk(800, 480);
    for (int i = 0; i < 2; ++i) kiosk.frame(view);
    const ImGuiWindow* w = move_list_window();
    ASSERT_NE(w, nullptr);
    for (const SeatIndex seat : view.moves.columns) {
      const SeatView* s = view.seat(seat);
      ASSERT_NE(s, nullptr);
      const Rgb shown = text_accent(s->colour, kTableHeader);
      EXPECT_GE(contrast_ratio(shown, kTableHeader), 4.5f) << s->name;
      // The seat's own hue, not white: lightened no further than needed
      // (White and Yellow were readable already, and stay as they were).
      if (contrast_ratio(accent(s->colour), kTableHeader) >= 4.5f) {
        EXPECT_EQ(to_imu32(shown), to_imu32(accent(s->colour))) << s->name;
      } else {
        EXPECT_LT(contrast_ratio(shown, kTableHeader), 5.2f) << s->name;
      }
      std::printf("%s %s: %.2f:1 -> %.2f:1\n", id.c_str(), s->name.c_str(),
                  contrast_ratio(accent(s->colour), kTableHeader), contrast_ratio(shown, kTableHeader));
      bool drawn = false;
      for (const ImDrawVert& v : w->DrawList->VtxBuffer) drawn = drawn || v.col == to_imu32(shown);
      EXPECT_TRUE(drawn) << s->name << "'s name is not drawn in its readable colour";
      if (contrast_ratio(accent(s->colour), kTableHeader) < 4.5f) {
        bool dim = false;
        for (const ImDrawVert& v : w->DrawList->VtxBuffer) dim = dim || v.col == to_imu32(accent(s->colour));
        EXPECT_FALSE(dim) << s->name << "'s name is drawn in its dim accent";
      }
    }
  }
}

}  // namespace
}  // namespace tabula::ui

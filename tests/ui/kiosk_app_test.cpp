// KioskApp frames run headless (an ImGui context without a window or GPU):
// simulated mouse clicks and keys must come out as the right intents, and
// board clicks fed to the real game as the right sensor events.
#include "ui/kiosk_app.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "ui/piece_art.h"
#include "ui/scenes.h"
#include "tests/ui/headless_kiosk.h"

namespace tabula::ui {
namespace {

using namespace std::chrono_literals;

constexpr float kWidth = 1280;
constexpr float kHeight = 800;

/// The Arbiter button: the header's third button (after Rotate, Players),
/// the main screen's actions being the board, then the header's buttons.
ImVec2 arbiter_button(HeadlessKiosk& kiosk) {
  return HeadlessKiosk::centre(kiosk.app().hit_rects().at(3).rect);
}

TEST(KioskApp, ClickingASquareGivesSquareClicked) {
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("chess");
  kiosk.frame(view);
  EXPECT_EQ(kiosk.click(view, kiosk.centre_of(view, "e2")),
            (std::vector<Intent>{SquareClicked{*parse_cell_name("e2"), ClickModifier::kNone}}));
  EXPECT_EQ(kiosk.click(view, kiosk.centre_of(view, "h8"), 1),
            (std::vector<Intent>{SquareClicked{*parse_cell_name("h8"), ClickModifier::kSlide}}));
}

TEST(KioskApp, HolesAndMarginsGiveNothing) {
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("four-player");
  kiosk.frame(view);
  const BoardLayout layout = kiosk.app().board_layout(view, kWidth, kHeight);
  const PixelPoint hole = layout.cell_rect({0, 0}).center();
  EXPECT_TRUE(kiosk.click(view, {hole.x, hole.y}).empty());
  const PixelRect grid = layout.grid_rect();
  EXPECT_TRUE(kiosk.click(view, {grid.x0 - 5, (grid.y0 + grid.y1) / 2}).empty());
}

TEST(KioskApp, AMergedCornerSquareIsClickedAnywhereAsItsAnchor) {
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("corners");
  kiosk.frame(view);
  const BoardLayout layout = kiosk.app().board_layout(view, kWidth, kHeight);
  const PixelPoint quarter = layout.cell_rect({11, 0}).center();  // l1, part of k1
  EXPECT_EQ(kiosk.click(view, {quarter.x, quarter.y}),
            (std::vector<Intent>{SquareClicked{*parse_cell_name("k1")}}));
}

TEST(KioskApp, ClicksFollowTheRotation) {
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("four-player");
  kiosk.app().set_orientation(SeatIndex{1});  // Blue, west, at the bottom
  kiosk.frame(view);
  const BoardLayout layout = kiosk.app().board_layout(view, kWidth, kHeight);
  EXPECT_EQ(layout.bottom(), Edge::kWest);
  // Blue's king a7 is on the bottom row now.
  const ImVec2 king = kiosk.centre_of(view, "a7");
  EXPECT_GT(king.y, layout.grid_rect().y1 - layout.cell_size());
  EXPECT_EQ(kiosk.click(view, king), (std::vector<Intent>{SquareClicked{*parse_cell_name("a7")}}));
}

TEST(KioskApp, TheDialogAnswersWithItsIdAndOption) {
  // The session's promotion question (a pawn reached h8).
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("promotion");
  ASSERT_TRUE(view.dialog);
  ASSERT_GE(view.dialog->options.size(), 2U);
  kiosk.frame(view);
  kiosk.frame(view);  // the popup sizes itself
  // Board clicks are blocked while the dialog is open.
  EXPECT_TRUE(kiosk.click(view, kiosk.centre_of(view, "d2")).empty());
  ASSERT_NE(ImGui::GetTopMostPopupModal(), nullptr);
  // The second answer, by its label.
  EXPECT_EQ(press(kiosk, view, view.dialog->options[1].label),
            (std::vector<Intent>{DialogAnswered{view.dialog->id, 1}}));
  // Answered: the popup stays closed although the snapshot still holds it.
  kiosk.frame(view);
  EXPECT_EQ(ImGui::GetTopMostPopupModal(), nullptr);
}

TEST(KioskApp, BoardClicksBecomeSensorEventsOfTheRealGame) {
  // The frame loop with a game: the kiosk draws the game's view, the game
  // takes the kiosk's intents and answers with trace lines (the --sim
  // adapter did this without rules until issue 30 item 5).
  HeadlessKiosk kiosk;
  std::string error;
  auto game = make_scene_game("chess", error);
  ASSERT_TRUE(game) << error;
  std::vector<std::string> trace;
  session::Millis t(0);
  auto tap = [&](const char* square, int button) {
    const KioskView view = game->view(t);
    for (const Intent& intent : kiosk.click(view, kiosk.centre_of(view, square), button)) {
      for (const std::string& line : game->apply(intent, t += session::Millis(300)))
        trace.push_back(line.substr(line.find(' ') + 1));  // the square and the edge
    }
  };
  kiosk.frame(game->view(t));
  tap("g1", 0);  // White lifts the knight
  tap("f3", 0);  // and puts it on f3
  game->tick(t += session::Millis(3000));
  tap("e7", 0);  // Black lifts a pawn
  tap("e5", 1);  // and takes it off the board (right click): no reed sees it go
  EXPECT_EQ(trace, (std::vector<std::string>{"g1 up", "f3 down", "e7 up"}));
  EXPECT_EQ(game->view(t).moves.rounds.back().plies.front(), "Nf3");
  EXPECT_EQ(game->view(t).to_move, SeatIndex{1});
}

TEST(KioskApp, TheArbiterMenuOpensOnlyWithThePin) {
  HeadlessKiosk kiosk;
  const KioskView view = *make_scene("chess");
  kiosk.frame(view);
  kiosk.click(view, arbiter_button(kiosk));
  ASSERT_EQ(kiosk.app().arbiter_menu().state(), ArbiterMenu::State::kPinEntry);
  kiosk.frame(view, {-1000, -1000}, -1, "1111");
  EXPECT_EQ(kiosk.app().arbiter_menu().state(), ArbiterMenu::State::kPinEntry);
  kiosk.frame(view, {-1000, -1000}, -1, "2580");
  EXPECT_EQ(kiosk.app().arbiter_menu().state(), ArbiterMenu::State::kUnlocked);
}

TEST(KioskApp, ADialogWaitsWhileTheArbiterMenuIsOpenAndShowsAfterLock) {
  HeadlessKiosk kiosk;
  KioskView view = *make_scene("chess");
  kiosk.frame(view);
  kiosk.click(view, arbiter_button(kiosk));
  kiosk.frame(view, {-1000, -1000}, -1, "2580");
  ASSERT_EQ(kiosk.app().arbiter_menu().state(), ArbiterMenu::State::kUnlocked);

  view.dialog = DialogView{9,
                           DialogKind::kDrawOffer,
                           SeatIndex{1},
                           "Draw offer",
                           "White offers a draw.",
                           {{"Accept", {}}, {"Decline", {}}}};
  kiosk.frame(view);
  kiosk.frame(view);
  ImGuiWindow* modal = ImGui::GetTopMostPopupModal();
  ASSERT_NE(modal, nullptr);
  EXPECT_NE(std::string(modal->Name).find("overlay"), std::string::npos) << modal->Name;

  // The Lock button is the menu's last action, in the exit strip.
  kiosk.click(view, HeadlessKiosk::centre(kiosk.app().hit_rects().back().rect));
  ASSERT_EQ(kiosk.app().arbiter_menu().state(), ArbiterMenu::State::kLocked);
  kiosk.frame(view);
  kiosk.frame(view);
  modal = ImGui::GetTopMostPopupModal();
  ASSERT_NE(modal, nullptr);
  EXPECT_NE(std::string(modal->Name).find("dialog-9"), std::string::npos) << modal->Name;
}

TEST(PieceArt, ADarkBrownPieceStandsOutOnTheDarkSquares) {
  // Issue 18 item 5: Dark Brown pieces on dark squares had low contrast.
  // The squares' and the rim's luminance (sRGB weights, as ui/theme.h).
  auto lum = [](ImU32 c) {
    return luminance(Rgb{static_cast<std::uint8_t>(c >> IM_COL32_R_SHIFT), static_cast<std::uint8_t>(c >> IM_COL32_G_SHIFT),
                         static_cast<std::uint8_t>(c >> IM_COL32_B_SHIFT)});
  };
  const Rgb dark_brown{110, 72, 44};
  const PieceStyle style = piece_style(dark_brown, PieceLife::kLive);
  EXPECT_GT(lum(style.outline) - lum(palette::kSquareDark), 0.25f) << "a light rim against the dark square";
  // A white piece keeps its dark outline (it contrasts already).
  EXPECT_LT(lum(piece_style(Rgb{236, 232, 222}, PieceLife::kLive).outline), 0.1f);
}

ImGuiWindow* moves_window() {
  for (ImGuiWindow* w : GImGui->Windows) {
    if (std::string(w->Name).find("##moves") != std::string::npos) return w;
  }
  return nullptr;
}

TEST(MoveList, FollowsTheLatestMove) {
  // Issue 18 item 5: the move list did not follow the latest move.
  HeadlessKiosk kiosk(800, 480);
  KioskView view = *make_scene("four-player");
  view.dialog.reset();
  for (int r = 0; r < 12; ++r) view.moves.rounds.push_back({r + 1, {"e2-e4", "b7-c7", "h13-h12", "m7-l7"}});
  for (int f = 0; f < 5; ++f) kiosk.frame(view);
  ImGuiWindow* list = moves_window();
  ASSERT_NE(list, nullptr);
  ASSERT_GT(list->ScrollMax.y, 0.0f) << "more rounds than the list shows";
  EXPECT_FLOAT_EQ(list->Scroll.y, list->ScrollMax.y);
  // One more ply (Red's, a round of its own): still the end in sight.
  view.moves.rounds.push_back({13, {"d2-d3", "", "", ""}});
  for (int f = 0; f < 5; ++f) kiosk.frame(view);
  list = moves_window();
  ASSERT_NE(list, nullptr);
  EXPECT_FLOAT_EQ(list->Scroll.y, list->ScrollMax.y);
}

}  // namespace
}  // namespace tabula::ui

// Issue 27 item 8: no label is cut at its box's edge ("Dark Browr", "team 2,
// vassal of W", "m7xKn8="). The kiosk's own fonts (DejaVu, as the kiosk
// loads them for the screen's height) at every documented layout and dpi
// (ui/screen_layout.h kDocumentedScreens): the game screens of the variants
// with the longest names and relations, a move list of the longest plies, and
// the setup's pages. A label wider than its box is cut by the box's clip
// rectangle: a glyph that reaches past the clip rectangle it is drawn in is a
// cut label. (ImGui drops glyphs wholly outside and leaves the one on the
// edge: "Dark Brown" cut after "Dark Brow" keeps half of the n, which reads
// as an r.) Horizontal only: a row scrolled half out of a list is not cut.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/ui/headless_kiosk.h"
#include "tests/ui/virtual_board_play.h"
#include "ui/first_boot.h"
#include "ui/theme.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

std::string name_of(const DocumentedScreen& s) {
  return ScreenSize{s.width, s.height}.name() + " at " + std::to_string(static_cast<int>(s.dpi)) + " px/in";
}

/// A headless kiosk with the fonts the kiosk loads for this screen.
class FontKiosk {
 public:
  explicit FontKiosk(const DocumentedScreen& s) : kiosk_(s.width, s.height, "0000", s.dpi) {
    ImGuiIO& io = ImGui::GetIO();
    // As ui/kiosk_loop.cpp: sized from the height, or from the width on a portrait screen.
    const int basis = std::min(static_cast<int>(s.height), static_cast<int>(s.width) * 13 / 10);
    const KioskFonts fonts = load_fonts(io, basis, kDefaultFontDir);
    fallback_ = fonts.fallback;
    unsigned char* pixels = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    body_line_ = fonts.body->FontSize;
    apply_style(fonts.body->FontSize);
    // Lines drawn as plain triangles, so every textured vertex is a glyph's.
    ImGui::GetStyle().AntiAliasedLinesUseTex = false;
    kiosk_.app().set_fonts(fonts);
  }
  HeadlessKiosk& kiosk() { return kiosk_; }
  bool fallback() const { return fallback_; }
  float body_line() const { return body_line_; }

  /// Draws `view` a few frames; every glyph past its clip rectangle's side.
  std::vector<std::string> cut_glyphs(const KioskView& view, const std::string& screen) {
    for (int i = 0; i < 3; ++i) kiosk_.frame(view);
    std::vector<std::string> cuts;
    const ImDrawData* data = ImGui::GetDrawData();
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    for (int l = 0; l < data->CmdListsCount; ++l) {
      const ImDrawList* list = data->CmdLists[l];
      for (const ImDrawCmd& cmd : list->CmdBuffer) {
        if (cmd.UserCallback != nullptr) continue;
        float worst = 0;
        for (unsigned i = 0; i < cmd.ElemCount; ++i) {
          const ImDrawVert& v = list->VtxBuffer[static_cast<int>(cmd.VtxOffset + list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i)])];
          if (v.uv.x == white.x && v.uv.y == white.y) continue;  // a shape, not a glyph
          if (v.pos.y < cmd.ClipRect.y || v.pos.y > cmd.ClipRect.w) continue;  // scrolled out of a list
          worst = std::max({worst, cmd.ClipRect.x - v.pos.x, v.pos.x - cmd.ClipRect.z});
        }
        if (worst > 1.0f) {
          cuts.push_back(screen + ": a label in " + (list->_OwnerName ? list->_OwnerName : "?") + " cut " +
                         std::to_string(static_cast<int>(worst)) + " px at its box's edge (x " +
                         std::to_string(static_cast<int>(cmd.ClipRect.x)) + ".." +
                         std::to_string(static_cast<int>(cmd.ClipRect.z)) + ")");
        }
      }
    }
    return cuts;
  }

 private:
  HeadlessKiosk kiosk_;
  bool fallback_ = false;
  float body_line_ = 0;
};

/// A game of `variant` with four players' names, the longest seat names in view.
KioskView game_view(const std::string& variant) {
  std::string error;
  KioskGameOptions o{variant, std::nullopt, std::nullopt, {"Ann", "Bob", "Cem", "Dee"}, true};
  auto game = KioskGame::create(o, Ms(0), error);
  EXPECT_TRUE(game) << variant << ": " << error;
  if (!game) return KioskView{};
  game->tick(Ms(3000));
  return game->view(Ms(3000));
}

TEST(LabelFit, NoLabelIsCutAtItsBoxAtAnyDocumentedScreen) {
  if (!std::filesystem::exists(std::string(kDefaultFontDir) + "/DejaVuSans.ttf"))
    GTEST_SKIP() << "the kiosk's fonts are not installed (Debian package fonts-dejavu-core)";
  std::vector<KioskView> views;
  for (const char* variant : {"chess-four", "allies-vassals", "chesscom-teams", "chesscom-ffa", "four-kingdoms"})
    views.push_back(game_view(variant));
  // The longest plies of a 14x14 board, a resignation and a flag in the move list.
  KioskView plies = views.back();
  for (int r = 1; r <= 3; ++r)
    plies.moves.rounds.push_back(MoveRound{r, {"Qh14xBg13#", "n7xQm8=D+", "resigns", "Kn10xQm11 (time)"}});
  views.push_back(plies);
  std::vector<std::string> cuts;
  for (const DocumentedScreen& screen : kDocumentedScreens) {
    FontKiosk k(screen);
    ASSERT_FALSE(k.fallback()) << "the kiosk's fonts did not load";
    for (const KioskView& view : views) {
      for (const std::string& c : k.cut_glyphs(view, name_of(screen) + " " + view.title)) cuts.push_back(c);
    }
    // The setup's pages: the boards (their profiles' words), the games, the clocks, the players.
    KioskView none;
    k.kiosk().app().setup().open(setup_choices(default_profiles_dir(), "/nonexistent/board.textproto"), "",
                                 SetupDone{"cross-14-decoder", "chesscom-ffa", "15+10", "Ann,Bob,Cem,Dee"}, false);
    for (const char* page : {"setup-board", "setup-variant", "setup-clock", "setup-players"}) {
      for (const std::string& c : k.cut_glyphs(none, name_of(screen) + " " + page)) cuts.push_back(c);
      if (std::string(page) != "setup-players") k.kiosk().press(none, "Next");
    }
  }
  std::string all;
  for (const std::string& c : cuts) all += c + "\n";
  EXPECT_TRUE(cuts.empty()) << cuts.size() << " cut labels:\n" << all;
}

// s17-club: at 800x480 a long illegal-move ruling (s16's walk: Green's bot's
// move refused, seven lines) pushed the clocks and the move list off the
// screen. The ruling's card gives way (smaller, then cut); the move list
// keeps its title, its header and rows on the screen at every documented
// size (at 720x1280 and 210 px/in, under the board and four clock tiles,
// two rows: 79 px).
TEST(LabelFit, ALongRulingLeavesTheClocksAndTheMoveListOnTheScreen) {
  if (!std::filesystem::exists(std::string(kDefaultFontDir) + "/DejaVuSans.ttf"))
    GTEST_SKIP() << "the kiosk's fonts are not installed (Debian package fonts-dejavu-core)";
  KioskView v = game_view("chesscom-ffa");
  v.ruling = RulingView{Severity::kIllegal,
                        "Green's pawn cannot go from m7 to l7: it would leave Green's king in check from Red's queen "
                        "on g1; Green's bot plays Nn5-l6: move it for Green. Put it back: move Green's pawn from l7 "
                        "back to m7"};
  v.ruling_also = {RulingView{Severity::kInfo, "Red's queen g1 to g7: check to Green"}};
  v.fixes = {FixSquare{*parse_cell_name("l7"), FixAction::kRemovePiece, std::nullopt, "move Green's pawn from l7 back to m7"}};
  v.clocks.enabled = true;
  v.clocks.remaining.assign(v.seats.size(), std::chrono::minutes(9));
  v.clocks.running = SeatIndex{3};
  for (int r = 1; r <= 6; ++r) v.moves.rounds.push_back(MoveRound{r, {"h2-h3", "b7-d7", "g13-g11", "m7-l7"}});
  for (const DocumentedScreen& screen : kDocumentedScreens) {
    SCOPED_TRACE(name_of(screen));
    FontKiosk k(screen);
    ASSERT_FALSE(k.fallback()) << "the kiosk's fonts did not load";
    for (int i = 0; i < 3; ++i) k.kiosk().frame(v);
    const PanelMemory& p = k.kiosk().app().panels();
    EXPECT_LE(p.moves_bottom, static_cast<float>(screen.height) + 0.5f);
    EXPECT_GE(p.moves_bottom - p.moves_top, 3 * k.body_line()) << "its title, its header and a row; top " << p.moves_top;
  }
}

}  // namespace
}  // namespace tabula::ui

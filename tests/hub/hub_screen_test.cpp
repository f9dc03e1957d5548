// The hub screen: board states drawn with the kiosk's own board, headless
// ImGui frames (no window, no GPU).
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "../journal/journal_fixture.h"
#include "hub/codec.h"
#include "hub/sim_board.h"
#include "ui/hub/hub_screen.h"
#include "ui/hub/hub_view.h"

namespace tabula::ui {
namespace {

using journal::testing::kFfaOpening;
using journal::testing::kScholarsMate;
using journal::testing::ScratchDir;
using journal::testing::script_inputs;

hub::wire::BoardState played(const std::string& variant, const char* pgn, const std::string& board) {
  ScratchDir dir;
  hub::SimBoardConfig c;
  c.variant = variant;
  c.journal_path = dir.file("g.db");
  c.event = "club";
  c.board = board;
  c.broker.port = 1;
  std::string error;
  auto b = hub::SimBoard::open(c, error);
  EXPECT_TRUE(b) << error;
  for (const session::Input& in : script_inputs(variant, pgn, 3)) EXPECT_TRUE(b->feed(in, error)) << error;
  EXPECT_TRUE(b->finish(error)) << error;
  hub::BoardInfo info{"club", board, {}};
  info.header.variant = variant;
  return hub::make_state(info, b->session(), 1, std::nullopt, false, 0);
}

/// The hub screen in an ImGui context without a window or GPU; one frame()
/// is one frame with the mouse where the test says.
struct HeadlessHub {
  explicit HeadlessHub(ImVec2 size, float text_scale = 1.0f) : context(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60;
    io.FontGlobalScale = text_scale;
    unsigned char* px = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ImFont* f = io.Fonts->Fonts[0];
    screen.set_fonts(KioskFonts{f, f, f, f, f, f, f});
    side.can_act = true;
  }
  ~HeadlessHub() { ImGui::DestroyContext(context); }
  HeadlessHub(const HeadlessHub&) = delete;
  HeadlessHub& operator=(const HeadlessHub&) = delete;

  std::vector<HubIntent> frame(const hub::HubModel& model, ImVec2 mouse, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    std::vector<HubIntent> intents = screen.draw(model, side, 0.0);
    ImGui::Render();
    return intents;
  }

  ImGuiContext* context;
  HubScreen screen;
  HubSide side;
};

int pieces(const KioskView& v) {
  int n = 0;
  for (const auto& p : v.pieces) n += p ? 1 : 0;
  return n;
}

TEST(HubView, DrawsTwoAndFourSeatBoardsFromTheirRetainedState) {
  RulesCache rules;
  std::string error;
  auto chess = hub_view_of(played("chess", kScholarsMate, "t1"), rules, error);
  ASSERT_TRUE(chess) << error;
  EXPECT_TRUE(validate(*chess).empty());
  EXPECT_EQ(pieces(*chess), 31);  // one black pawn taken
  EXPECT_EQ(chess->seats[1].status, SeatStatus::kMated);
  auto ffa = hub_view_of(played("chesscom-ffa", kFfaOpening, "t2"), rules, error);
  ASSERT_TRUE(ffa) << error;
  EXPECT_TRUE(validate(*ffa).empty());
  EXPECT_EQ(ffa->seats.size(), 4u);
  EXPECT_EQ(pieces(*ffa), 64);
}

// s17-club: the hall screen said "Green" for a bot's seat; the kiosk's words.
TEST(HubView, ASeatABotPlaysSaysSoAndANamedSeatKeepsItsName) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st = played("chesscom-ffa", kFfaOpening, "t2");
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(3)->set_bot("level 2");
  auto v = hub_view_of(st, rules, error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(v->seats[0].name, "Red (Ann)");
  EXPECT_EQ(v->seats[1].name, "Blue");
  EXPECT_EQ(v->seats[3].name, "Green (bot, level 2)");
  EXPECT_EQ(seat_player(st.seats(3)), "bot, level 2");
  st.mutable_seats(3)->set_player("Dee");  // a bot's seat someone named keeps the name, as on the kiosk
  EXPECT_EQ(seat_player(st.seats(3)), "Dee");
}

TEST(HubView, SaysWhyABoardCannotBeDrawn) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st;
  st.set_board("t9");
  st.set_variant("no-such-variant");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_NE(error.find("variant no-such-variant"), std::string::npos) << error;
  st.set_variant("chess");
  st.set_position("rnbqkbnr/pppppppp/8/8 w");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_NE(error.find("board t9: position"), std::string::npos) << error;
}

// s13-attack: the position (and the board name) of a state from the broker
// went into the error whole and raw: a 100 KB position, terminal escapes.
// Now quoted short and printable (core/quote.h), and a variant id that is no
// name is refused before the rules cache remembers it.
TEST(HubView, QuotesAHostileBoardStateShortAndPrintable) {
  RulesCache rules;
  std::string error;
  hub::wire::BoardState st;
  st.set_board("t9\x1b[2J");
  st.set_variant("chess");
  st.set_position("\x1b]0;owned\x07" + std::string(100000, 'p'));
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_LT(error.size(), 400U) << error.size();
  EXPECT_EQ(error.find('\x1b'), std::string::npos) << error;
  EXPECT_EQ(error.find('\x07'), std::string::npos) << error;
  EXPECT_EQ(error.rfind("board t9\\x1b[2J: position \"\\x1b]0;owned\\x07ppp", 0), 0U) << error;
  st.set_variant(std::string(5000, 'v') + "\n");
  EXPECT_FALSE(hub_view_of(st, rules, error));
  EXPECT_LT(error.size(), 200U) << error.size();
  EXPECT_NE(error.find(" is no variant name"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(HubScreen, DrawsTheGridAndOpensTheBoardClicked) {
  hub::HubModel model("club");
  model.on_message("tabula/club/t1/state", hub::encode(played("chess", kScholarsMate, "t1")), 0);
  model.on_message("tabula/club/t2/state", hub::encode(played("chesscom-ffa", kFfaOpening, "t2")), 0);
  HeadlessHub hub({1600, 900});
  HubScreen& screen = hub.screen;
  auto frame = [&](ImVec2 mouse, bool down) { return hub.frame(model, mouse, down); };
  frame({-1, -1}, false);
  EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 2000);  // two boards of squares and pieces
  // Two boards side by side in the grid left of the 380 px side panel: t2 is on the right.
  const ImVec2 t2{(1600 - 380) * 0.75f, 450};
  frame(t2, false);
  frame(t2, true);
  frame(t2, false);
  ASSERT_TRUE(screen.opened());
  EXPECT_EQ(*screen.opened(), "t2");
  frame({-1, -1}, false);
}

// Every window of the last frame whose content is wider than the window
// (clipped at its right edge), by name.
std::vector<std::string> clipped_windows() {
  std::vector<std::string> out;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!w->WasActive || w->Hidden) continue;
    if (w->ContentSize.x > w->ContentRegionRect.GetWidth() + 1.0f) {
      out.push_back(std::string(w->Name) + ": content " + std::to_string(w->ContentSize.x) + " px in " +
                    std::to_string(w->ContentRegionRect.GetWidth()));
    }
  }
  return out;
}

TEST(HubScreen, AnOpenedBoardAndTheAlertsFitAt1280x800) {
  hub::HubModel model("club");
  model.on_message("tabula/club/t2/state", hub::encode(played("chesscom-ffa", kFfaOpening, "t2")), 0);
  HeadlessHub hub({1280, 800}, 1.4f);  // about the kiosk's own text size at 800 px
  hub.screen.open("t2");
  for (int i = 0; i < 3; ++i) hub.frame(model, {-1, -1}, false);
  EXPECT_EQ(clipped_windows(), std::vector<std::string>{});
}

}  // namespace
}  // namespace tabula::ui

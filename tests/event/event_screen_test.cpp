// The hub screen's event standings panel (ui/hub): drawn in a headless ImGui
// frame (no window, no GPU) from the standings the record holds.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>

#include "event/event_store.h"
#include "event_sim.h"
#include "hub/hub_model.h"
#include "test_files.h"
#include "ui/hub/hub_screen.h"

namespace tabula::ui {
namespace {

int vertices_drawn(HubScreen& screen, const HubSide& side) {
  ImGui::NewFrame();
  hub::HubModel model("club");
  screen.draw(model, side, 0.0);
  ImGui::Render();
  return ImGui::GetDrawData()->TotalVtxCount;
}

TEST(EventScreen, TheHubScreenShowsTheEventsStandings) {
  tabula::testing::TempDir dir("event-screen");
  const std::string record = dir.path() + "/hub.db";
  event::Event e;
  e.name = "club";
  e.boards = event::sim::boards(4);
  event::Section s = event::sim::make_section(16, event::Format::kFourPlayer, 2, 3);
  ASSERT_EQ(event::sim::play_all(s, 4, 9), "");
  // s13: a forfeit in round 2 (seat 2 of table 1 absent) reaches the panel
  // through the record, in the games cell the panel shows.
  event::Table& forfeited = s.played[1].tables[0];
  forfeited.ranks.clear();
  forfeited.absent = {forfeited.seats[2]};
  e.sections.push_back(s);
  {
    event::EventStore store;
    ASSERT_TRUE(event::EventStore::open(record, store).ok());
    ASSERT_TRUE(store.save(e).ok());
  }
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60;
  unsigned char* px = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  ImFont* f = io.Fonts->Fonts[0];
  HubScreen screen;
  screen.set_fonts(KioskFonts{f, f, f, f, f, f, f});
  HubSide without;
  HubSide with;
  with.event_standings = event::standings_in_record(record, "club");
  ASSERT_EQ(with.event_standings.size(), 1u);
  EXPECT_NE(with.event_standings[0].title.find("after round 2 of 2"), std::string::npos);
  const auto& columns = with.event_standings[0].columns;
  const auto games = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), "games") - columns.begin());
  ASSERT_LT(games, columns.size());
  std::vector<std::string> cells;
  for (const auto& row : with.event_standings[0].rows) cells.push_back(row[games]);
  std::sort(cells.begin(), cells.end());
  EXPECT_EQ(cells, (std::vector<std::string>{"1 +1", "1 +1", "1 +1", "1 -1", "2", "2", "2", "2", "2", "2", "2", "2",
                                             "2", "2", "2", "2"}));
  const int plain = vertices_drawn(screen, without);
  const int panel = vertices_drawn(screen, with);
  // 17 lines of text (a header, the column names, 16 players) at least.
  EXPECT_GT(panel, plain + 16 * 4 * 10) << plain << " vs " << panel;
  ImGui::DestroyContext(context);
}

}  // namespace
}  // namespace tabula::ui

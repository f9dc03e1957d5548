// The kiosk's --variant mode: clicks on the virtual board become sensor
// events for a real session, and what the session rules comes back on screen.
#include "ui/session_sim.h"

#include <gtest/gtest.h>

namespace tabula::ui {
namespace {

using Ms = session::Millis;

SquareClicked at(const char* name) { return SquareClicked{*parse_cell_name(name), ClickModifier::kNone}; }

// Clicks from -> to, then lets the board settle.
void play(SessionSim& sim, const char* from, const char* to, Ms& t) {
  sim.apply(at(from), t += Ms(300));
  sim.apply(at(to), t += Ms(300));
  t += Ms(3000);
  sim.tick(t);
}

TEST(SessionSim, ClicksBecomeSensorEventsAndTheArbiterAcceptsTheMove) {
  std::string error;
  auto sim = SessionSim::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  auto lines = sim->apply(at("e2"), t += Ms(100));
  EXPECT_EQ(lines, (std::vector<std::string>{std::to_string(t.count()) + " e2 up"}));
  lines = sim->apply(at("e4"), t += Ms(400));
  EXPECT_EQ(lines, (std::vector<std::string>{std::to_string(t.count()) + " e4 down"}));
  sim->tick(t += Ms(3000));
  const KioskView& v = sim->view();
  ASSERT_FALSE(v.moves.rounds.empty());
  EXPECT_EQ(v.moves.rounds.front().plies.front(), "e4");
  ASSERT_TRUE(v.to_move.has_value());
  EXPECT_EQ(v.to_move->value, 1) << "Black to move";
  EXPECT_TRUE(v.piece_at(*parse_cell_name("e4")).has_value());
  EXPECT_FALSE(v.piece_at(*parse_cell_name("e2")).has_value());
}

TEST(SessionSim, AnIllegalMoveIsRuledIllegalOnScreen) {
  std::string error;
  auto sim = SessionSim::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "e2", "e5", t);  // a pawn cannot go three squares
  const KioskView& v = sim->view();
  ASSERT_TRUE(v.ruling.has_value());
  EXPECT_EQ(v.ruling->severity, Severity::kIllegal) << v.ruling->text;
  EXPECT_TRUE(v.moves.rounds.empty());
  EXPECT_FALSE(v.fixes.empty()) << "the screen says what to put back";
}

TEST(SessionSim, FourPlayerCaptureByClickingTheVictim) {
  std::string error;
  auto sim = SessionSim::create("chesscom-ffa", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "h2", "h3", t);     // Red
  play(*sim, "b7", "c7", t);     // Blue
  play(*sim, "i13", "i12", t);   // Yellow
  play(*sim, "m8", "l8", t);     // Green
  EXPECT_EQ(sim->view().moves.rounds.size(), 1u);
  EXPECT_EQ(sim->view().moves.rounds.front().plies.size(), 4u);
  EXPECT_EQ(sim->view().moves.rounds.front().plies[3], "m8-l8");
  EXPECT_EQ(sim->view().to_move->value, 0);
}

TEST(SessionSim, UnknownVariantSaysSo) {
  std::string error;
  EXPECT_FALSE(SessionSim::create("no-such-variant", error));
  EXPECT_NE(error.find("unknown variant"), std::string::npos) << error;
}

}  // namespace
}  // namespace tabula::ui

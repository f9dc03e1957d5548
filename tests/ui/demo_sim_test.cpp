// DemoSim, the --sim demo adapter: clicks in, sensor trace lines out.
#include "ui/demo_sim.h"

#include <gtest/gtest.h>

#include "ui/demo_views.h"

namespace tabula::ui {
namespace {

using namespace std::chrono_literals;
using TimePoint = DemoSim::TimePoint;
using Lines = std::vector<std::string>;

constexpr TimePoint kT0{};
const session::TimeControl kControl{10min, 5s, session::TimingMode::kIncrement};

Intent click(const char* square, ClickModifier modifier = ClickModifier::kNone) {
  return SquareClicked{*parse_cell_name(square), modifier};
}

TEST(DemoSim, LiftThenPlaceEmitsUpAndDownWithMilliseconds) {
  DemoSim sim(*make_demo("chess"), kControl, kT0);
  EXPECT_EQ(sim.apply(click("e2"), kT0 + 1500ms), (Lines{"1500 e2 up"}));
  EXPECT_TRUE(sim.holding());
  EXPECT_EQ(sim.view().teaching.lifted_from, parse_cell_name("e2"));
  EXPECT_EQ(sim.apply(click("e4"), kT0 + 2250ms), (Lines{"2250 e4 down"}));
  EXPECT_FALSE(sim.holding());
  const KioskView& view = sim.view();
  EXPECT_FALSE(view.piece_at(*parse_cell_name("e2")));
  EXPECT_EQ(view.piece_at(*parse_cell_name("e4")), (PieceView{PieceGlyph::kPawn, SeatIndex{0}}));
  EXPECT_EQ(view.last_move->from, parse_cell_name("e2"));
  EXPECT_EQ(view.to_move, SeatIndex{1});
  ASSERT_EQ(view.moves.rounds.size(), 1u);
  EXPECT_EQ(view.moves.rounds[0].plies, (Lines{"e2-e4"}));
}

TEST(DemoSim, ClickingAnEmptySquareWithEmptyHandsDoesNothing) {
  DemoSim sim(*make_demo("chess"), kControl, kT0);
  EXPECT_TRUE(sim.apply(click("e4"), kT0).empty());
  EXPECT_FALSE(sim.holding());
}

TEST(DemoSim, PuttingThePieceBackIsOneDownAndNoMove) {
  DemoSim sim(*make_demo("chess"), kControl, kT0);
  sim.apply(click("g1"), kT0);
  EXPECT_EQ(sim.apply(click("g1"), kT0 + 40ms), (Lines{"40 g1 down"}));
  EXPECT_TRUE(sim.view().moves.rounds.empty());
  EXPECT_EQ(sim.view().to_move, SeatIndex{0});
}

TEST(DemoSim, ACaptureLiftsTheVictimFirst) {
  DemoSim sim(*make_demo("chess"), kControl, kT0);
  sim.apply(click("d1"), kT0);
  EXPECT_EQ(sim.apply(click("d7"), kT0 + 1s), (Lines{"1000 d7 up", "1000 d7 down"}));
  EXPECT_EQ(sim.view().moves.rounds[0].plies, (Lines{"Qd1xd7"}));
}

TEST(DemoSim, ASlideCrossesEverySquareOnTheWay) {
  DemoSim sim(*make_demo("chess"), kControl, kT0);
  sim.apply(click("a1"), kT0);
  EXPECT_EQ(sim.apply(click("a4", ClickModifier::kSlide), kT0 + 5ms),
            (Lines{"5 a2 down", "5 a2 up", "5 a3 down", "5 a3 up", "5 a4 down"}));
}

TEST(DemoSim, MergedCornerSquaresReportTheirAnchor) {
  DemoSim sim(*make_demo("corners"), kControl, kT0);
  sim.apply(click("g1"), kT0);  // White's king
  EXPECT_EQ(sim.apply(click("k1"), kT0), (Lines{"0 k1 down"}));
  EXPECT_EQ(sim.view().piece_at(*parse_cell_name("k1"))->glyph, PieceGlyph::kKing);
}

TEST(DemoSim, TurnsSkipSeatsThatAreOut) {
  DemoSim sim(*make_demo("check"), kControl, kT0);
  sim.apply(DialogAnswered{42, 0}, kT0);  // Red promotes to a queen
  EXPECT_EQ(sim.view().piece_at(*parse_cell_name("h8")),
            (PieceView{PieceGlyph::kQueen, SeatIndex{0}, PieceLife::kLive, true}));
  EXPECT_FALSE(sim.view().dialog);
  sim.apply(click("k2"), kT0);
  sim.apply(click("k3"), kT0);  // Red
  EXPECT_EQ(sim.view().to_move, SeatIndex{1});
  sim.apply(click("b6"), kT0);
  sim.apply(click("c6"), kT0);  // Blue
  sim.apply(click("d13"), kT0);
  sim.apply(click("d12"), kT0);  // Yellow; Green is mated, so Red is next
  EXPECT_EQ(sim.view().to_move, SeatIndex{0});
  EXPECT_EQ(sim.view().moves.rounds.back().plies, (Lines{"k2-k3", "b6-c6", "d13-d12"}));
}

TEST(DemoSim, TheClockSwitchesOnEachMoveAndFlagsThroughAnIntent) {
  DemoSim sim(*make_demo("chess"), session::TimeControl{15min, 0s, session::TimingMode::kSuddenDeath}, kT0);
  sim.apply(click("e2"), kT0);
  sim.apply(click("e4"), kT0 + 10s);
  EXPECT_FALSE(sim.tick(kT0 + 10s));
  EXPECT_EQ(sim.view().clocks.running, SeatIndex{1});
  EXPECT_EQ(sim.view().clocks.remaining[0], 15min - 10s);
  const auto flag = sim.tick(kT0 + 10s + 15min);
  ASSERT_TRUE(flag);
  EXPECT_EQ(*flag, Intent{FlagFell{SeatIndex{1}}});
  sim.apply(*flag, kT0 + 10s + 15min);
  EXPECT_EQ(sim.view().seats[1].status, SeatStatus::kFlagged);
  EXPECT_EQ(sim.view().ruling->severity, Severity::kWarning);
}

}  // namespace
}  // namespace tabula::ui

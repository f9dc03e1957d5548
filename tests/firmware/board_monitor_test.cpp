// Faults: ghosts, stuck and noisy reeds, shorted lines, a lost chip — each
// produced on the fake matrix and expected from the monitor.
#include "scan/board_monitor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rig.h"

namespace tabula::firmware {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using testing::Rig;

using testing::ms;

std::vector<std::string> chess_setup() {
  std::vector<std::string> out;
  for (int r : {1, 2, 7, 8})
    for (char f = 'a'; f <= 'h'; ++f) out.push_back(std::string(1, f) + std::to_string(r));
  return out;
}

TEST(BoardMonitor, MissingDiodeGhostIsReportedWithBothCandidates) {
  Rig rig("chess-8x8-matrix");
  rig.place("a1");
  rig.place("a2");
  rig.fake.set_diode_missing(rig.sensor("a2"), true);
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_THAT(rig.faults, IsEmpty());
  rig.place("b2");  // completes the L: b1 lights up as a ghost
  ASSERT_TRUE(rig.run_for(ms(100)));
  const auto ghosts = rig.faults_of(FaultKind::kGhost);
  ASSERT_EQ(ghosts.size(), 1u);
  EXPECT_EQ(ghosts[0]->message,
            "b1 and b2 closed in the same scan while a1 and a2 read closed: one of them is a ghost "
            "from a missing or shorted diode in that rectangle (R0xC1 (soc:4 x soc:18) / R1xC1 "
            "(soc:17 x soc:18))");
  ASSERT_EQ(ghosts[0]->squares.size(), 2u);
  EXPECT_THAT(rig.change_log(), ElementsAre("b1 down", "b2 down"))
      << "the ghost cannot be told from the real piece; the fault says so";
  rig.lift("b2");
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_EQ(rig.faults_of(FaultKind::kGhost, false).size(), 1u) << "cleared when the L breaks";
}

TEST(BoardMonitor, AGameWithEveryDiodeFittedRaisesNoFault) {
  Rig rig("chess-8x8-matrix");
  rig.fake.set_bounce(ms(4));
  for (const auto& sq : chess_setup()) rig.place(sq);
  ASSERT_TRUE(rig.run_for(ms(200)));
  const std::pair<const char*, const char*> moves[] = {{"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"},
                                                       {"b8", "c6"}, {"f1", "b5"}, {"a7", "a6"}};
  for (const auto& [from, to] : moves) {
    rig.lift(from);
    ASSERT_TRUE(rig.run_for(ms(300)));
    rig.place(to);
    ASSERT_TRUE(rig.run_for(ms(300)));
  }
  EXPECT_THAT(rig.faults, IsEmpty());
  EXPECT_EQ(rig.changes.size(), 12u);
}

TEST(BoardMonitor, StuckClosedReedIsReportedAgainstTheExpectation) {
  Rig rig("chess-8x8-matrix");
  for (const auto& sq : chess_setup()) rig.place(sq);
  rig.fake.set_stuck(rig.sensor("d4"), StuckMode::kClosed);
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_TRUE(rig.occupied("d4"));
  ASSERT_EQ(rig.monitor.set_expectation(chess_setup(), rig.now), std::nullopt);
  ASSERT_TRUE(rig.run_for(ms(2900)));
  EXPECT_THAT(rig.faults, IsEmpty()) << "not before stuck_after (3 s)";
  ASSERT_TRUE(rig.run_for(ms(200)));
  const auto stuck = rig.faults_of(FaultKind::kStuckClosed);
  ASSERT_EQ(stuck.size(), 1u);
  EXPECT_EQ(rig.profile.square_name(*stuck[0]->square), "d4");
  EXPECT_EQ(stuck[0]->message,
            "d4 reads occupied but should be empty and has not changed for 3.0 s: a stuck reed or "
            "a stray piece (R3xC3 (soc:22 x soc:24))");
  // The reed frees itself: the square empties and the fault clears.
  rig.fake.set_stuck(rig.sensor("d4"), StuckMode::kNone);
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_EQ(rig.faults_of(FaultKind::kStuckClosed, false).size(), 1u);
  EXPECT_THAT(rig.change_log(), ElementsAre("d4 up"));
}

TEST(BoardMonitor, StuckOpenReedIsReportedAgainstTheExpectation) {
  Rig rig("cross-14-decoder");
  rig.fake.set_stuck(rig.sensor("g7"), StuckMode::kOpen);
  rig.place("g7");
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_FALSE(rig.occupied("g7"));
  const std::vector<std::string> expected = {"g7"};
  ASSERT_EQ(rig.monitor.set_expectation(expected, rig.now), std::nullopt);
  ASSERT_TRUE(rig.run_for(ms(3100)));
  const auto stuck = rig.faults_of(FaultKind::kStuckOpen);
  ASSERT_EQ(stuck.size(), 1u);
  EXPECT_THAT(stuck[0]->message, HasSubstr("g7 should be occupied but reads empty"));
  EXPECT_THAT(stuck[0]->message, HasSubstr("74HC154 Y6"));
}

TEST(BoardMonitor, AMoveEndsTheExpectationSoAPieceInHandIsNotStuck) {
  Rig rig("chess-8x8-matrix");
  for (const auto& sq : chess_setup()) rig.place(sq);
  ASSERT_TRUE(rig.run_for(ms(100)));
  ASSERT_EQ(rig.monitor.set_expectation(chess_setup(), rig.now), std::nullopt);
  rig.lift("g1");  // the player thinks with the knight in hand
  ASSERT_TRUE(rig.run_for(ms(8000)));
  EXPECT_THAT(rig.faults, IsEmpty());
}

TEST(BoardMonitor, UnknownSquareInExpectationIsRefused) {
  Rig rig("cross-12-matrix");
  const std::vector<std::string> bad = {"c3", "a1"};
  EXPECT_EQ(rig.monitor.set_expectation(bad, Micros(0)),
            "expectation names 'a1', which is not a square of cross-12");
}

TEST(BoardMonitor, ChatteringReedIsReportedNoisyAndClearedWhenQuiet) {
  Rig rig("chess-8x8-matrix");
  ASSERT_TRUE(rig.run_for(ms(100)));
  rig.fake.set_bounce(ms(2500));  // a loose reed: 2.5 s of chatter after a change
  rig.place("c5");
  ASSERT_TRUE(rig.run_for(ms(2500)));
  const auto noisy = rig.faults_of(FaultKind::kNoisy);
  ASSERT_EQ(noisy.size(), 1u);
  EXPECT_EQ(rig.profile.square_name(*noisy[0]->square), "c5");
  EXPECT_THAT(noisy[0]->message, HasSubstr("c5 was unsettled"));
  ASSERT_TRUE(rig.run_for(ms(2100)));
  EXPECT_EQ(rig.faults_of(FaultKind::kNoisy, false).size(), 1u);
}

TEST(BoardMonitor, ShortedColumnIsReportedAndItsSquaresFrozen) {
  Rig rig("chess-8x8-matrix");
  rig.place("c1");
  ASSERT_TRUE(rig.run_for(ms(100)));
  rig.fake.set_input_shorted(2, true);  // column C2 = file c
  ASSERT_TRUE(rig.run_for(ms(200)));
  const auto shorts = rig.faults_of(FaultKind::kLineShort);
  ASSERT_EQ(shorts.size(), 1u);
  EXPECT_THAT(shorts[0]->message,
              HasSubstr("input line C2 (soc:23) reads closed with no row selected"));
  EXPECT_EQ(shorts[0]->squares.size(), 8u);
  EXPECT_THAT(rig.changes, IsEmpty()) << "c2..c8 must not appear occupied";
  rig.fake.set_input_shorted(2, false);
  ASSERT_TRUE(rig.run_for(ms(200)));
  EXPECT_EQ(rig.faults_of(FaultKind::kLineShort, false).size(), 1u);
  EXPECT_THAT(rig.changes, IsEmpty());
  EXPECT_TRUE(rig.occupied("c1"));
}

TEST(BoardMonitor, LostChipUnsettlesTheBoardAndResyncsWhenBack) {
  Rig rig("bipartite-5x9-direct");
  rig.place("c5");
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_EQ(rig.settles, 1);
  rig.fake.unplug();
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(rig.step());
  EXPECT_EQ(rig.faults_of(FaultKind::kChipLost).size(), 1u) << "raised once";
  EXPECT_EQ(rig.monitor.snapshot(rig.now).unsettled.size(), 45u);
  rig.fake.replug();
  ASSERT_TRUE(rig.scanner.open().is_ok());
  MonitorOutput out;
  rig.monitor.on_chip_back(rig.now, out);
  ASSERT_EQ(out.faults.size(), 1u);
  EXPECT_FALSE(out.faults[0].active);
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_EQ(rig.settles, 2);
  EXPECT_TRUE(rig.occupied("c5"));
  EXPECT_THAT(rig.changes, IsEmpty()) << "a resync is a snapshot, not events";
}

}  // namespace
}  // namespace tabula::firmware

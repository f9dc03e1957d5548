// The scanner and the monitor against the fake matrix: what the daemon does
// between the GPIO lines and the events.
#include "scan/scanner.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rig.h"

namespace tabula::firmware {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Rig;

using testing::ms;

TEST(Scanner, RequestsOpenDrainRowsAndPulledUpColumnsDeselected) {
  Rig rig("chess-8x8-matrix");
  const GpioRequest req = rig.scanner.request();
  EXPECT_EQ(req.drive, Drive::kOpenDrain);
  EXPECT_EQ(req.outputs.size(), 8u);
  EXPECT_EQ(req.inputs.size(), 8u);
  EXPECT_EQ(req.bias, InputBias::kPullUp);
  EXPECT_EQ(req.initial_outputs, std::vector<std::uint8_t>(8, 1)) << "no row selected at start";
  Rig decoded("cross-14-decoder");
  const GpioRequest dreq = decoded.scanner.request();
  EXPECT_EQ(dreq.drive, Drive::kPushPull);
  ASSERT_EQ(dreq.outputs.size(), 5u);  // A0..A3 + enable
  EXPECT_EQ(dreq.initial_outputs.back(), 1) << "decoder disabled at start";
}

TEST(Scanner, OneScanWritesEachRowOnceAndReadsIdlePlusRows) {
  Rig rig("cross-14-decoder");
  ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
  EXPECT_FALSE(rig.frame.idle_checked) << "the first scan after open() skips the idle check";
  const auto writes = rig.fake.writes();
  const auto reads = rig.fake.reads();
  ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
  EXPECT_EQ(rig.fake.writes() - writes, 14u + 1u);  // each row, then deselect
  EXPECT_EQ(rig.fake.reads() - reads, 1u + 14u);    // idle check, then each row
  EXPECT_TRUE(rig.frame.idle_checked);
  Rig direct("bipartite-5x9-direct");
  ASSERT_TRUE(direct.scanner.scan(direct.frame).is_ok());
  EXPECT_EQ(direct.fake.reads(), 1u);
  EXPECT_FALSE(direct.frame.idle_checked);
}

TEST(Scanner, BounceIsFilteredOutOfTheEvents) {
  Rig rig("chess-8x8-matrix");
  rig.fake.set_bounce(ms(8));  // the contact chatters for 8 ms after each change
  for (const char* sq : {"e2", "d7"}) rig.place(sq);
  ASSERT_TRUE(rig.run_for(ms(100)));
  EXPECT_EQ(rig.settles, 1);
  EXPECT_TRUE(rig.changes.empty());
  // Scan at 1 kHz so the bounce is seen sample by sample.
  rig.profile.timing.scan_hz = 1000;
  rig.lift("e2");
  ASSERT_TRUE(rig.run_for(ms(200)));
  rig.place("e4");
  ASSERT_TRUE(rig.run_for(ms(200)));
  EXPECT_THAT(rig.change_log(), ElementsAre("e2 up", "e4 down"));
  EXPECT_TRUE(rig.occupied("e4"));
  EXPECT_FALSE(rig.occupied("e2"));
  EXPECT_TRUE(rig.faults.empty()) << rig.faults.front().message;
}

TEST(Scanner, RawReadingsDoBounceSoTheFilterIsNeeded) {
  // Guards the test above: the fake really chatters.
  Rig rig("chess-8x8-matrix");
  rig.fake.set_bounce(ms(8));
  rig.place("e2");
  int toggles = 0;
  std::uint8_t last = 0;
  for (int us = 0; us < 8000; us += 250) {
    rig.fake.set_now(Micros(us));
    ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
    const std::uint8_t v = rig.frame.sensor_closed[static_cast<std::size_t>(rig.sensor("e2"))];
    toggles += v != last;
    last = v;
  }
  EXPECT_GE(toggles, 4);
}

TEST(Scanner, MissingDiodeMakesAGhostInTheRawScan) {
  Rig rig("chess-8x8-matrix");
  // L of three: a1 (R0 C0), a2 (R1 C0), b2 (R1 C1); the fourth corner is b1.
  for (const char* sq : {"a1", "a2", "b2"}) rig.place(sq);
  rig.fake.set_now(Micros(0));
  ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
  EXPECT_EQ(rig.frame.sensor_closed[static_cast<std::size_t>(rig.sensor("b1"))], 0)
      << "with every diode fitted there is no ghost";
  rig.fake.set_diode_missing(rig.sensor("a2"), true);
  ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
  EXPECT_EQ(rig.frame.sensor_closed[static_cast<std::size_t>(rig.sensor("b1"))], 1)
      << "R0 -> a1 -> C0 -> a2 backwards -> R1 -> b2 -> C1 reads b1";
}

TEST(Scanner, StuckSwitchesOverrideTheMagnet) {
  Rig rig("cross-12-matrix");
  rig.fake.set_stuck(rig.sensor("f6"), StuckMode::kClosed);
  rig.fake.set_stuck(rig.sensor("g7"), StuckMode::kOpen);
  rig.place("g7");
  ASSERT_TRUE(rig.scanner.scan(rig.frame).is_ok());
  EXPECT_EQ(rig.frame.sensor_closed[static_cast<std::size_t>(rig.sensor("f6"))], 1);
  EXPECT_EQ(rig.frame.sensor_closed[static_cast<std::size_t>(rig.sensor("g7"))], 0);
}

TEST(Scanner, VanishedChipIsATypedErrorAndReopens) {
  Rig rig("bipartite-5x9-direct");
  ASSERT_TRUE(rig.run_for(ms(50)));
  rig.fake.unplug();
  const GpioStatus st = rig.scanner.scan(rig.frame);
  EXPECT_EQ(st.code(), GpioError::kChipGone);
  EXPECT_EQ(rig.scanner.open().code(), GpioError::kChipNotFound);
  rig.fake.replug();
  EXPECT_TRUE(rig.scanner.open().is_ok());
  EXPECT_TRUE(rig.scanner.scan(rig.frame).is_ok());
}

TEST(Scanner, MergedCornerSquareIsOccupiedByAnyOfItsFourReeds) {
  Rig rig("cross-12-corners-matrix");
  ASSERT_TRUE(rig.run_for(ms(60)));
  rig.fake.set_magnet(rig.sensor("k11", 3), true);  // the piece sits on l12's cell
  ASSERT_TRUE(rig.run_for(ms(60)));
  rig.fake.set_magnet(rig.sensor("k11", 3), false);
  rig.fake.set_magnet(rig.sensor("k11", 0), true);  // slides within the corner square
  ASSERT_TRUE(rig.run_for(ms(60)));
  EXPECT_THAT(rig.change_log(), ElementsAre("k11 down")) << "one square, one event";
}

}  // namespace
}  // namespace tabula::firmware

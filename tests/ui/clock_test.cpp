// ChessClock with injected time: increment, delays, switching, flag fall.
#include "ui/clock.h"

#include <gtest/gtest.h>

namespace tabula::ui {
namespace {

using namespace std::chrono_literals;
using TimePoint = ChessClock::TimePoint;

constexpr TimePoint kT0{};
constexpr SeatIndex kRed{0};
constexpr SeatIndex kBlue{1};
constexpr SeatIndex kYellow{2};

TEST(ChessClock, OnlyTheRunningSeatsTimeRuns) {
  ChessClock clock({5min, 0s, TimingMode::kSuddenDeath}, 2);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 10s), 5min);  // idle
  clock.start(kRed, kT0);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 10s), 4min + 50s);
  EXPECT_EQ(clock.remaining(kBlue, kT0 + 10s), 5min);
  EXPECT_EQ(clock.running(), kRed);
}

TEST(ChessClock, IncrementIsAddedToTheMoverWhenTheTurnPasses) {
  ChessClock clock({5min, 3s, TimingMode::kIncrement}, 4);
  clock.start(kRed, kT0);
  clock.switch_to(kBlue, kT0 + 10s);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 20s), 5min - 10s + 3s);
  EXPECT_EQ(clock.remaining(kBlue, kT0 + 20s), 5min - 10s);
  clock.switch_to(kYellow, kT0 + 20s);
  EXPECT_EQ(clock.remaining(kBlue, kT0 + 20s), 5min - 10s + 3s);
  EXPECT_EQ(clock.running(), kYellow);
}

TEST(ChessClock, BronsteinGivesBackTheTimeUsedUpToTheDelay) {
  ChessClock clock({5min, 5s, TimingMode::kBronstein}, 2);
  clock.start(kRed, kT0);
  clock.switch_to(kBlue, kT0 + 2s);  // a quick move: all 2 s back
  EXPECT_EQ(clock.remaining(kRed, kT0 + 2s), 5min);
  clock.switch_to(kRed, kT0 + 12s);  // a slow move: only 5 s back
  EXPECT_EQ(clock.remaining(kBlue, kT0 + 12s), 5min - 10s + 5s);
}

TEST(ChessClock, SimpleDelayDoesNotChargeTheFirstSecondsOfATurn) {
  ChessClock clock({5min, 5s, TimingMode::kSimpleDelay}, 2);
  clock.start(kRed, kT0);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 4s), 5min);
  EXPECT_EQ(clock.delay_left(kT0 + 4s), 1s);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 8s), 5min - 3s);
  EXPECT_EQ(clock.delay_left(kT0 + 8s), 0s);
  clock.switch_to(kBlue, kT0 + 8s);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 9s), 5min - 3s);  // no bonus on top
  EXPECT_EQ(clock.delay_left(kT0 + 9s), 4s);              // Blue's grace
}

TEST(ChessClock, PauseStopsTheTurnAndResumeContinuesIt) {
  ChessClock clock({1min, 5s, TimingMode::kSimpleDelay}, 2);
  clock.start(kRed, kT0);
  clock.pause(kT0 + 3s);
  EXPECT_EQ(clock.state(), ChessClock::State::kPaused);
  EXPECT_EQ(clock.remaining(kRed, kT0 + 60s), 1min);
  clock.resume(kT0 + 60s);
  // 3 s used before the pause, 4 s after: 2 s past the 5 s grace.
  EXPECT_EQ(clock.remaining(kRed, kT0 + 64s), 1min - 2s);
}

TEST(ChessClock, FlagFallIsReportedOnceAsAnIntent) {
  ChessClock clock({10s, 0s, TimingMode::kSuddenDeath}, 3);
  clock.start(kBlue, kT0);
  EXPECT_FALSE(clock.poll(kT0 + 9999ms));
  const auto flag = clock.poll(kT0 + 10s);
  ASSERT_TRUE(flag);
  EXPECT_EQ(*flag, Intent{FlagFell{kBlue}});
  EXPECT_FALSE(clock.poll(kT0 + 11s));
  EXPECT_TRUE(clock.flagged(kBlue));
  EXPECT_EQ(clock.remaining(kBlue, kT0 + 30s), 0s);
}

TEST(ChessClock, AFlagSeenOnlyAtTheSwitchIsStillReportedWithoutBonus) {
  ChessClock clock({10s, 5s, TimingMode::kIncrement}, 2);
  clock.start(kRed, kT0);
  clock.switch_to(kBlue, kT0 + 12s);  // the frame loop missed the moment
  EXPECT_EQ(clock.remaining(kRed, kT0 + 12s), 0s);
  EXPECT_EQ(clock.poll(kT0 + 12s), Intent{FlagFell{kRed}});
}

TEST(ChessClock, ARetiredSeatNeverFlags) {
  ChessClock clock({1s, 0s, TimingMode::kSuddenDeath}, 2);
  clock.retire(kRed);
  clock.start(kRed, kT0);
  EXPECT_FALSE(clock.poll(kT0 + 5s));
  EXPECT_EQ(clock.remaining(kRed, kT0 + 5s), 1s);
}

TEST(ChessClock, ViewListsEverySeatAndTheRunningOne) {
  ChessClock clock({15min, 10s, TimingMode::kIncrement}, 4);
  clock.start(kYellow, kT0);
  const ClockView view = clock.view(kT0 + 1min);
  EXPECT_TRUE(view.enabled);
  ASSERT_EQ(view.remaining.size(), 4u);
  EXPECT_EQ(view.remaining[2], 14min);
  EXPECT_EQ(view.running, kYellow);
  EXPECT_EQ(view.control_text, "15 min + 10 s");
}

TEST(ClockText, DescribesEachTimingMode) {
  EXPECT_EQ(describe(TimeControl{15min, 0s, TimingMode::kSuddenDeath}), "15 min");
  EXPECT_EQ(describe(TimeControl{5min, 3s, TimingMode::kBronstein}), "5 min, Bronstein 3 s");
  EXPECT_EQ(describe(TimeControl{90s, 5s, TimingMode::kSimpleDelay}), "90 s, delay 5 s");
}

TEST(ClockText, ShowsTenthsUnderTenSecondsAndRoundsUpAbove) {
  EXPECT_EQ(format_clock(3723s), "1:02:03");
  EXPECT_EQ(format_clock(14min + 59s), "14:59");
  EXPECT_EQ(format_clock(14min + 58001ms), "14:59");
  EXPECT_EQ(format_clock(10s), "0:10");
  EXPECT_EQ(format_clock(9999ms), "9.9");
  EXPECT_EQ(format_clock(420ms), "0.4");
  EXPECT_EQ(format_clock(-5s), "0.0");
}

}  // namespace
}  // namespace tabula::ui

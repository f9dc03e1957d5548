#include "scan/debouncer.h"

#include <gtest/gtest.h>

#include "rig.h"

namespace tabula::firmware {
namespace {

using testing::ms;

// Feeds one square a sequence of readings, one per 10 ms scan, from t = 0.
struct OneSquare {
  Debouncer d{1, ms(30)};
  std::vector<SquareChange> changes;
  Micros t{0};
  void feed(const std::string& readings) {  // '1' occupied, '0' empty
    for (char c : readings) {
      const std::uint8_t v = c == '1';
      d.update(std::span(&v, 1), t, changes);
      t += ms(10);
    }
  }
  SquareState state() const { return d.state(SquareIndex{0}); }
};

TEST(Debouncer, FirstSettleIsSilent) {
  OneSquare s;
  s.feed("1");
  EXPECT_EQ(s.state(), SquareState::kUnknown);
  s.feed("1");  // +10 ms: 15 + 10 = 25 of 30
  EXPECT_EQ(s.state(), SquareState::kUnknown);
  s.feed("1");
  EXPECT_EQ(s.state(), SquareState::kOccupied);
  EXPECT_TRUE(s.changes.empty()) << "the first settle is a snapshot, not an event";
  EXPECT_TRUE(s.d.settled());
}

TEST(Debouncer, ChangeNeedsTheFullIntegrationTime) {
  OneSquare s;
  s.feed("0000");
  ASSERT_EQ(s.state(), SquareState::kEmpty);
  s.feed("11");
  EXPECT_EQ(s.state(), SquareState::kEmpty) << "20 ms of 30 ms";
  s.feed("1");
  ASSERT_EQ(s.changes.size(), 1u);
  EXPECT_EQ(s.changes[0], (SquareChange{SquareIndex{0}, true, ms(60)}));
  s.feed("000");
  ASSERT_EQ(s.changes.size(), 2u);
  EXPECT_FALSE(s.changes[1].occupied);
  EXPECT_EQ(s.changes[1].time, ms(90));
}

TEST(Debouncer, BounceShorterThanTheDebounceIsFilteredOut) {
  OneSquare s;
  s.feed("0000");
  s.feed("10100101001010");  // chatter, never 3 net samples ahead
  EXPECT_TRUE(s.changes.empty());
  EXPECT_EQ(s.state(), SquareState::kEmpty);
  s.feed("1101111");  // a piece arrives with bounce: one event
  ASSERT_EQ(s.changes.size(), 1u);
  EXPECT_TRUE(s.changes[0].occupied);
}

TEST(Debouncer, AStalledLoopCannotFlipOnOneSample) {
  Debouncer d(1, ms(30));
  std::vector<SquareChange> changes;
  const std::uint8_t empty = 0, full = 1;
  for (int i = 0; i < 5; ++i) d.update(std::span(&empty, 1), ms(10 * i), changes);
  d.update(std::span(&full, 1), ms(5000), changes);  // 4.95 s since the last scan
  EXPECT_EQ(d.state(SquareIndex{0}), SquareState::kEmpty) << "dt is capped at T/3";
  d.update(std::span(&full, 1), ms(5010), changes);
  d.update(std::span(&full, 1), ms(5020), changes);
  EXPECT_EQ(d.state(SquareIndex{0}), SquareState::kOccupied);
}

TEST(Debouncer, TimeGoingBackwardsCountsAsNoTime) {
  Debouncer d(1, ms(30));
  std::vector<SquareChange> changes;
  const std::uint8_t full = 1;
  d.update(std::span(&full, 1), ms(100), changes);
  for (int i = 0; i < 10; ++i) d.update(std::span(&full, 1), ms(50), changes);
  EXPECT_EQ(d.state(SquareIndex{0}), SquareState::kUnknown);
}

TEST(Debouncer, ResetForgetsEverySquare) {
  Debouncer d(2, ms(30));
  std::vector<SquareChange> changes;
  const std::uint8_t v[2] = {1, 0};
  for (int i = 0; i < 5; ++i) d.update(v, ms(10 * i), changes);
  ASSERT_TRUE(d.settled());
  d.reset();
  EXPECT_FALSE(d.settled());
  EXPECT_EQ(d.state(SquareIndex{0}), SquareState::kUnknown);
  EXPECT_EQ(d.state(SquareIndex{1}), SquareState::kUnknown);
  EXPECT_TRUE(changes.empty());
}

}  // namespace
}  // namespace tabula::firmware

// Evidence: a footprint shown by the board and the touches, or on the way.
#include "inference/evidence.h"

#include <gtest/gtest.h>

namespace tabula::inference {
namespace {

core::Square q(int file, int rank) {
  return core::make_square(file, rank);
}

struct Board {
  core::SquareSet expected;
  core::SquareSet physical;
  core::SquareSet ignored;
  TouchLog log;
  TouchSummary sum;
  std::uint64_t seq = 0;
  void touch(core::Square s, bool occupied) {
    log.add(Touch{++seq, Millis{static_cast<long>(seq)}, s, occupied});
    physical.set(core::index_of(s), occupied);
  }
  Evidence evidence() {
    log.summarize(0, sum);
    return Evidence::of(expected, physical, ignored, sum);
  }
};

// A capture d4xc6: d4 emptied, c6 kept.
Footprint capture() {
  Footprint f;
  f.changed.set(core::index_of(q(3, 3)));
  f.kept.set(core::index_of(q(2, 5)));
  f.origin = q(3, 3);
  return f;
}

Board start() {
  Board b;
  b.expected.set(core::index_of(q(3, 3)));
  b.expected.set(core::index_of(q(2, 5)));
  b.physical = b.expected;
  return b;
}

TEST(Evidence, ACaptureIsShownWithEitherPieceLiftedFirst) {
  Board a = start();
  a.touch(q(2, 5), false);
  a.touch(q(3, 3), false);
  a.touch(q(2, 5), true);
  EXPECT_TRUE(shows_result(capture(), a.evidence()));
  Board b = start();
  b.touch(q(3, 3), false);
  b.touch(q(2, 5), false);
  b.touch(q(2, 5), true);
  EXPECT_TRUE(shows_result(capture(), b.evidence()));
}

TEST(Evidence, TheMoverInTheAirIsNoCaptureEvenAfterTheVictimWasStraightened) {
  Board b = start();
  b.touch(q(2, 5), false);  // the victim is straightened first...
  b.touch(q(2, 5), true);
  b.touch(q(3, 3), false);  // ...then the mover lifted and held
  Evidence e = b.evidence();
  EXPECT_FALSE(shows_result(capture(), e));
  EXPECT_TRUE(on_the_way(capture(), e));
}

TEST(Evidence, APieceAppearingWithNothingLiftedIsNotOnTheWay) {
  Footprint step;
  step.changed.set(core::index_of(q(4, 1)));
  step.changed.set(core::index_of(q(4, 3)));
  step.origin = q(4, 1);
  Board b;
  b.expected.set(core::index_of(q(4, 1)));
  b.physical = b.expected;
  b.touch(q(4, 3), true);
  EXPECT_FALSE(on_the_way(step, b.evidence()));
}

TEST(Evidence, AnAttemptIsReadFromOneLiftAndOnePlacementOrARefill) {
  Board b = start();
  b.touch(q(3, 3), false);
  b.touch(q(6, 6), true);
  auto a = read_attempt(b.evidence());
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->from, q(3, 3));
  EXPECT_EQ(a->to, q(6, 6));
  EXPECT_FALSE(a->capture);
  Board c = start();
  c.touch(q(3, 3), false);
  c.touch(q(2, 5), false);
  c.touch(q(2, 5), true);
  a = read_attempt(c.evidence());
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->to, q(2, 5));
  EXPECT_TRUE(a->capture);
}

TEST(TouchLog, DropsTheTouchesOfACommittedMove) {
  TouchLog log;
  for (std::uint64_t i = 1; i <= 5; ++i) log.add(Touch{i, Millis{0}, q(0, 0), i % 2 == 0});
  log.drop_through(3);
  ASSERT_EQ(log.touches().size(), 2U);
  EXPECT_EQ(log.touches().front().seq, 4U);
}

}  // namespace
}  // namespace tabula::inference

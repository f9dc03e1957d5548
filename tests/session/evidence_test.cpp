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

TEST(TouchLog, ARunOfBouncesIsItsFirstFlipThenFlickersInPairs) {
  // Session 28: a reed that bounces n times after a real change (a landing:
  // down, then up-down n times, each flip 1-4 ms after the one before) has
  // one real change, the landing: every bounce pair is a flicker, and the
  // summary's last fill is the landing. Main marked only every other pair
  // (the 2nd bounce read as a lift and a fill). An odd flip left at the
  // run's end is real (the piece gone again), and a flip after a quiet gap
  // (the bounce window, 10 ms, or more) begins a run of its own.
  const core::Square e4 = q(4, 3);
  for (int pairs = 0; pairs <= 5; ++pairs) {
    for (long gap = 1; gap <= 4; ++gap) {
      for (bool odd : {false, true}) {
        TouchLog log(Millis{10});
        std::uint64_t seq = 0;
        long at = 100;
        log.add(Touch{++seq, Millis{at}, e4, true});  // the landing
        for (int i = 0; i < 2 * pairs + (odd ? 1 : 0); ++i) {
          at += gap;
          log.add(Touch{++seq, Millis{at}, e4, i % 2 == 1});
        }
        TouchSummary sum;
        log.summarize(0, sum);
        const std::string why = std::to_string(pairs) + " pairs, gap " + std::to_string(gap) +
                                (odd ? ", an odd flip last" : "");
        ASSERT_EQ(log.touches().size(), seq) << why;
        for (const Touch& t : log.touches()) {
          const bool real = t.seq == 1 || (odd && t.seq == seq);
          EXPECT_EQ(t.flicker, !real) << why << ", touch " << t.seq;
          // Each pair's flip back names its first flip: 3 names 2, 5 names 4.
          const bool back = !real && t.seq % 2 == 1;
          EXPECT_EQ(t.first_flip, back ? t.seq - 1 : 0U) << why << ", touch " << t.seq;
        }
        EXPECT_EQ(sum.last_down[core::index_of(e4)], 1U) << why;
        EXPECT_EQ(sum.last_up[core::index_of(e4)], odd ? seq : 0U) << why;
      }
    }
  }
  // Twenty flips in two milliseconds after a lift (a chattering reed): the
  // lift and the last flip (down: the piece back) are real, the rest pairs.
  TouchLog log(Millis{10});
  for (std::uint64_t i = 1; i <= 21; ++i)
    log.add(Touch{i, Millis{500 + static_cast<long>(i) / 10}, e4, i % 2 == 0});
  TouchSummary sum;
  log.summarize(0, sum);
  EXPECT_EQ(sum.last_up[core::index_of(e4)], 1U);
  EXPECT_EQ(sum.last_down[core::index_of(e4)], 0U);  // 21 flips: up, then ten pairs
  log.add(Touch{22, Millis{503}, e4, true});
  log.summarize(0, sum);
  EXPECT_EQ(sum.last_down[core::index_of(e4)], 22U);
  // After a quiet gap a flip and its flip back are real: no run.
  log.add(Touch{23, Millis{520}, e4, false});
  log.add(Touch{24, Millis{521}, e4, true});
  EXPECT_FALSE(log.touches()[22].flicker);
  EXPECT_FALSE(log.touches()[23].flicker);
}

}  // namespace
}  // namespace tabula::inference

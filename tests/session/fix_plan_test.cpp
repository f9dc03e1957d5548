// Fix plans: one action at a time, each missing piece paired with the nearest
// extra square (issue 5, part 2).
#include "inference/fix_plan.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "inference/physical_board.h"
#include "variants/variant_loader.h"

namespace tabula::inference {
namespace {

class FixPlan : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = variants::load_id("chess").rules;
    start_.emplace(core::parse_fen(*rules_, rules_->start_fen).value());
    board_ = occupancy_of(*start_);
  }
  void lift(const char* n) { board_.reset(core::index_of(rules_->geometry.parse(n))); }
  void put(const char* n) { board_.set(core::index_of(rules_->geometry.parse(n))); }
  std::vector<std::string> texts(const std::vector<Fix>& fixes) {
    std::vector<std::string> out;
    for (const Fix& f : fixes) out.push_back(f.text);
    return out;
  }
  std::shared_ptr<const core::RuleSet> rules_;
  std::optional<core::Position> start_;
  core::SquareSet board_;
};

TEST_F(FixPlan, PairsEachMissingPieceWithTheNearestExtraSquare) {
  lift("b1");
  lift("g8");
  put("f6");
  put("c3");
  auto fixes = plan_fixes(*start_, board_, {}, {});
  EXPECT_EQ(texts(fixes), (std::vector<std::string>{"move White's knight from c3 to b1",
                                                    "move Black's knight from f6 to g8"}));
  EXPECT_EQ(fixes[0].kind, FixKind::kMove);
  EXPECT_EQ(fixes[0].piece.seat, core::seat_at(0));
}

TEST_F(FixPlan, WhatCannotBePairedIsPutBackOrTakenOff) {
  lift("d1");
  put("e4");
  put("h5");
  EXPECT_EQ(texts(plan_fixes(*start_, board_, {}, {})),
            (std::vector<std::string>{"move White's queen from e4 to d1",
                                      "take the piece on h5 off the board"}));
  board_ = occupancy_of(*start_);
  lift("a1");
  lift("h8");
  EXPECT_EQ(
      texts(plan_fixes(*start_, board_, {}, {})),
      (std::vector<std::string>{"put White's rook back on a1", "put Black's rook back on h8"}));
}

TEST_F(FixPlan, AnAttemptedCaptureIsUndoneMoverFirst) {
  core::Position p = core::parse_fen(*rules_, "4k3/8/2n5/1B6/3P4/8/8/4K3 b - - 0 1").value();
  core::SquareSet b = occupancy_of(p);
  b.reset(core::index_of(rules_->geometry.parse("c6")));  // the knight now stands on d4
  Attempt a{rules_->geometry.parse("c6"), rules_->geometry.parse("d4"), true};
  auto fixes = plan_fixes(p, b, {}, {}, a);
  EXPECT_EQ(texts(fixes), (std::vector<std::string>{"move Black's knight from d4 back to c6",
                                                    "put White's pawn back on d4"}));
}

TEST_F(FixPlan, IgnoredSquaresAreLeftAloneAndStrayPiecesTakenOff) {
  lift("e2");
  core::SquareSet ignored;
  ignored.set(core::index_of(rules_->geometry.parse("e2")));
  core::SquareSet stray;
  stray.set(core::index_of(core::make_square(2, 8)));
  auto fixes = plan_fixes(*start_, board_, ignored, stray);
  ASSERT_EQ(fixes.size(), 1U);
  EXPECT_EQ(fixes[0].kind, FixKind::kRemove);
  EXPECT_EQ(fixes[0].text,
            "take the piece on c9 off the board (that cell is no square of this board)");
}

TEST_F(FixPlan, SentencesSayTheFirstActionsAndHowManyMore) {
  for (const char* n : {"a2", "b2", "c2", "d2", "e2"}) lift(n);
  auto fixes = plan_fixes(*start_, board_, {}, {});
  EXPECT_EQ(fixes_sentence(fixes, 2),
            "put White's pawn back on a2; then put White's pawn back on b2 (3 more)");
  EXPECT_EQ(square_list(rules_->geometry, board_ ^ occupancy_of(*start_)), "a2, b2, c2, d2 and e2");
}

// Issue 27 item 2: which piece a hand holding several puts down. The start
// position, White to move; touches written by hand.
class FollowPieces : public FixPlan {
 protected:
  Touch touch(const char* n, bool occupied, long ms) {
    return Touch{++seq_, Millis{ms}, rules_->geometry.parse(n), occupied};
  }
  core::Square sq(const char* n) { return rules_->geometry.parse(n); }
  Provenance follow(const std::vector<Touch>& touches) {
    return follow_pieces(board_, touches, FollowContext{&*start_, Millis{10}});
  }
  std::uint64_t seq_ = 0;
};

TEST_F(FollowPieces, ASquareRefilledInTheSameMillisecondTakesThePieceHeldBefore) {
  // The virtual board: the bishop in the hand lands on f2, the pawn falls off.
  Provenance p = follow({touch("f1", false, 0), touch("f2", false, 500), touch("f2", true, 500)});
  EXPECT_EQ(p.from[static_cast<std::size_t>(core::index_of(sq("f2")))], sq("f1"));
  EXPECT_TRUE(p.certain.test(core::index_of(sq("f2"))));
  // Without the bounce window (a hand's pace) it is the pawn put back.
  Provenance slow =
      follow({touch("f1", false, 0), touch("f2", false, 500), touch("f2", true, 900)});
  EXPECT_EQ(slow.from[static_cast<std::size_t>(core::index_of(sq("f2")))], core::kNoSquare);
}

TEST_F(FollowPieces, TheMoversPieceHeldOverAnotherSeatsLiftedPieceLandsThere) {
  // White (to move) holds the knight from g1, lifts Black's pawn on e7 (a
  // capture's gesture) and puts down on e7: the knight.
  Provenance p = follow({touch("g1", false, 0), touch("e7", false, 300), touch("e7", true, 600)});
  EXPECT_EQ(p.from[static_cast<std::size_t>(core::index_of(sq("e7")))], sq("g1"));
  EXPECT_FALSE(p.certain.test(core::index_of(sq("e7"))));
}

TEST_F(FollowPieces, APieceLiftedFirstAndPutBackIsThatPiece) {
  // White's knight lifted, Black's pawn lifted by the other hand, the knight
  // put back on g1 (before: the pawn, the last one lifted).
  Provenance p = follow({touch("g1", false, 0), touch("e7", false, 300), touch("g1", true, 600)});
  EXPECT_EQ(p.from[static_cast<std::size_t>(core::index_of(sq("g1")))], core::kNoSquare);
  // Black's pawn lifted first, White's knight, the pawn back on e7.
  Provenance q = follow({touch("e7", false, 0), touch("g1", false, 300), touch("e7", true, 600)});
  EXPECT_EQ(q.from[static_cast<std::size_t>(core::index_of(sq("e7")))], core::kNoSquare);
}

}  // namespace
}  // namespace tabula::inference

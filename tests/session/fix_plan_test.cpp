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

}  // namespace
}  // namespace tabula::inference

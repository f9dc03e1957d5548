// Footprints: what each kind of move looks like to presence sensors.
#include "inference/footprint.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "inference/physical_board.h"
#include "variants/variant_loader.h"

namespace tabula::inference {
namespace {

class Footprints : public ::testing::Test {
 protected:
  void SetUp() override { rules_ = variants::load_id("chess").rules; }
  core::Position at(const std::string& fen) { return core::parse_fen(*rules_, fen).value(); }
  core::Square sq(const char* n) const { return rules_->geometry.parse(n); }
  core::SquareSet set(std::initializer_list<const char*> names) const {
    core::SquareSet s;
    for (const char* n : names) s.set(core::index_of(sq(n)));
    return s;
  }
  core::Move find(const core::Position& pos, const char* from, const char* to,
                  core::MoveKind kind) const {
    core::MoveList list;
    pos.generate_legal(list);
    for (const core::Move& m : list) {
      if (m.from == sq(from) && m.to == sq(to) && m.kind == kind) return m;
    }
    ADD_FAILURE() << "no move " << from << to;
    return {};
  }
  std::shared_ptr<const core::RuleSet> rules_;
};

TEST_F(Footprints, AStepEmptiesFromAndFillsTo) {
  core::Position p = at(rules_->start_fen);
  Footprint f = footprint_of(p, find(p, "g1", "f3", core::MoveKind::kNormal));
  EXPECT_EQ(f.changed, set({"g1", "f3"}));
  EXPECT_TRUE(f.kept.none());
  EXPECT_EQ(f.origin, sq("g1"));
}

TEST_F(Footprints, ACaptureKeepsTheCaptureSquareOccupied) {
  core::Position p = at("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  Footprint f = footprint_of(p, find(p, "e4", "d5", core::MoveKind::kNormal));
  EXPECT_EQ(f.changed, set({"e4"}));
  EXPECT_EQ(f.kept, set({"d5"}));
  EXPECT_EQ(f.origin, sq("e4"));
}

TEST_F(Footprints, EnPassantAlsoEmptiesTheVictimsSquare) {
  core::Position p = at("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  Footprint f = footprint_of(p, find(p, "e5", "f6", core::MoveKind::kEnPassant));
  EXPECT_EQ(f.changed, set({"e5", "f6", "f5"}));
  EXPECT_TRUE(f.kept.none());
}

TEST_F(Footprints, CastlingTouchesFourSquaresAndMakesTheRookMoveAPrefix) {
  core::Position p = at("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  core::MoveList list;
  p.generate_legal(list);
  std::vector<CandidateGroup> groups = candidate_groups(p, list);
  bool castle_seen = false;
  for (const CandidateGroup& g : groups) {
    const core::Move& m = g.moves.front();
    if (m.kind == core::MoveKind::kCastle) {
      castle_seen = true;
      EXPECT_EQ(g.footprint.changed, set({"e1", "f1", "g1", "h1"}));
      EXPECT_EQ(g.footprint.origin, sq("e1"));
      EXPECT_FALSE(g.prefix);
    } else if (m.from == sq("h1") && m.to == sq("f1")) {
      EXPECT_TRUE(g.prefix) << "Rh1-f1 is the first half of O-O";
    } else if (m.from == sq("e1") && m.to == sq("f1")) {
      EXPECT_TRUE(g.prefix) << "Ke1-f1 is on the way to O-O";
    } else if (m.from == sq("c4") && m.to == sq("d5")) {
      EXPECT_FALSE(g.prefix);
    }
  }
  EXPECT_TRUE(castle_seen);
}

TEST_F(Footprints, APromotionsChoicesShareOneGroup) {
  core::Position p = at("4k3/1P4P1/8/8/8/8/8/4K3 w - - 0 1");
  core::MoveList list;
  p.generate_legal(list);
  std::vector<CandidateGroup> groups = candidate_groups(p, list);
  int promotions = 0;
  for (const CandidateGroup& g : groups) {
    if (g.moves.front().promotion == core::kNoKind) continue;
    ++promotions;
    EXPECT_EQ(g.moves.size(), 4U);
    EXPECT_EQ(g.footprint.changed.count(), 2U);
  }
  EXPECT_EQ(promotions, 2);  // b7-b8 and g7-g8
}

TEST_F(Footprints, APlacementFillsOneSquare) {
  core::Position p = at("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  core::Move place{core::kNoSquare, sq("d4"), core::MoveKind::kPlacement,
                   rules_->kind_by_letter('N'), 0};
  Footprint f = footprint_of(p, place);
  EXPECT_EQ(f.changed, set({"d4"}));
  EXPECT_EQ(f.origin, core::kNoSquare);
}

TEST_F(Footprints, CaptureTargetsAreWhereAnOpponentsPieceMayBeLifted) {
  core::Position p = at("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  core::MoveList list;
  p.generate_legal(list);
  core::SquareSet targets = capture_targets(candidate_groups(p, list), occupancy_of(p));
  EXPECT_TRUE(targets.test(core::index_of(sq("f5"))));   // en passant victim
  EXPECT_FALSE(targets.test(core::index_of(sq("d5"))));  // no white piece attacks d5
  EXPECT_FALSE(targets.test(core::index_of(sq("e7"))));
}

}  // namespace
}  // namespace tabula::inference

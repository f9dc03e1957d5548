// GuardLines (core/guard_lines.h, issue 30 item 3): whether a move of the
// side to move may expose the king of a seat he guards, proved from the
// pins found once per node, against the reference path (a full make, then
// Position's reverse-ray walk per piece kind); and 003's relation filter
// built on it, on hand-made pins.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "core/game.h"
#include "core/guard_lines.h"
#include "core/position.h"
#include "test_rules.h"

namespace tabula {
namespace {

using core::GuardLines;
using core::Move;
using core::MoveList;
using core::Position;

struct GuardTally {
  int proven = 0;
  int made = 0;
  int exposed = 0;  // made, and the king was attacked after
};

// Every other seat of every position, made a seat the mover guards (the
// mover may not capture him, as 003 rule 2 has it for allies), whatever the
// variant: the pins must prove only moves that leave his king unattacked.
void compare_guarded(const Position& reached, const std::string& where, GuardTally& tally) {
  const core::RuleSet& rules = reached.rules();
  const core::Seat mover = reached.to_move();
  for (int i = 0; i < rules.seat_count(); ++i) {
    const core::Seat s = core::seat_at(i);
    if (s == mover || reached.king_square(s) == core::kNoSquare) continue;
    Position pos = reached;
    pos.set_may_capture(mover, s, false);
    GuardLines lines;
    lines.build(pos, s);
    if (lines.safe()) continue;
    ASSERT_EQ(lines.attacked(), pos.in_check_reference(s)) << where << " seat " << i;
    if (lines.attacked()) continue;
    ASSERT_FALSE(lines.make_all()) << where;
    MoveList legal;
    pos.generate_legal(legal);
    for (const Move& m : legal) {
      Position after = pos;
      after.make(m);
      const bool attacked = after.in_check_reference(s);
      if (lines.proven(m)) {
        ASSERT_FALSE(attacked) << where << " seat " << i << " move " << rules.geometry.name(m.from) << "-"
                               << rules.geometry.name(m.to);
        ++tally.proven;
      } else {
        ++tally.made;
        if (attacked) ++tally.exposed;
      }
    }
  }
}

TEST(GuardLines, ProveOnlyMovesThatExposeNoGuardedKingInEveryVariant) {
  GuardTally tally;
  testing::soak_variants(3, 100, 23, 37, [&](const core::Game& game, const std::string& where) {
    compare_guarded(game.position(), where, tally);
  });
  if (HasFatalFailure()) return;
  // The soak must meet moves that do expose a king, or it proves little;
  // and the pins must prove most moves, or they save nothing.
  EXPECT_GT(tally.exposed, 15);
  EXPECT_GT(tally.proven, 20 * tally.made);
  std::cout << tally.proven << " proven, " << tally.made << " made to know, " << tally.exposed << " of them exposing\n";
}

TEST(GuardLines, CastlingMovesComeLastInTheLegalList) {
  // 003's relation filter looks for castling moves only at the end of the
  // list when no pin and no en passant capture can expose a guarded king
  // (Modules::Relations::filter_by_relations): Position::generate_legal
  // must list them after every other move. Every position of seeded games
  // of every shipped variant with castling, castling in some of them.
  int with_castling = 0;
  testing::soak_variants(2, 80, 23, 37, [&](const core::Game& game, const std::string& where) {
    MoveList legal;
    game.position().generate_legal(legal);
    bool castled = false;
    for (const Move& m : legal) {
      if (m.kind == core::MoveKind::kCastle) {
        castled = true;
      } else {
        ASSERT_FALSE(castled) << where << ": a move after a castling move";
      }
    }
    with_castling += castled ? 1 : 0;
  });
  EXPECT_GT(with_castling, 20) << "the games must meet castling moves";
}

// 003 rule 2 on hand-made lines: Blue's king n8, Black's rook d8 on the
// eighth rank, White (Blue's ally) to move.
class GuardedKing : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("allies-vassals");
    ASSERT_TRUE(rules_);
  }
  core::Game game(std::vector<std::string> pieces) {
    for (const char* k : {"h1:wK", "a7:bK", "g14:rK", "n8:uK", "d8:bR"}) pieces.emplace_back(k);
    return core::Game(rules_, testing::setup(*rules_, 'w', pieces), {4, 4, 4, 4});
  }
  static bool legal(const core::Game& g, const std::string& from, const std::string& to) {
    const core::Geometry& geo = g.position().rules().geometry;
    for (const Move& m : g.legal_moves())
      if (m.from == geo.parse(from) && m.to == geo.parse(to)) return true;
    return false;
  }
  std::shared_ptr<const core::RuleSet> rules_;
};

TEST_F(GuardedKing, APinnedPieceMovesOnlyAlongTheLine) {
  core::Game g = game({"h8:wR"});
  EXPECT_TRUE(legal(g, "h8", "e8")) << "still between";
  EXPECT_TRUE(legal(g, "h8", "d8")) << "takes the attacker";
  EXPECT_TRUE(legal(g, "h8", "l8"));
  EXPECT_FALSE(legal(g, "h8", "h9")) << "opens the rank to Blue's king";
  EXPECT_FALSE(legal(g, "h8", "h2"));
}

TEST_F(GuardedKing, OfTwoBlockersEachMovesFreely) {
  // Neither the rook nor the knight alone shields the king: both do.
  core::Game g = game({"h8:wR", "k8:wN"});
  EXPECT_TRUE(legal(g, "h8", "h9"));
  EXPECT_TRUE(legal(g, "k8", "j10"));
  // An enemy piece first on the line pins nothing of White's.
  core::Game h = game({"f8:rN", "h8:wR"});
  EXPECT_TRUE(legal(h, "h8", "h9"));
}

TEST_F(GuardedKing, APinnedPawnsPromotionIsMade) {
  // White's pawn h13 shields Blue's king k13 from Black's rook e13; its
  // promotion on h14 opens the thirteenth rank, its capture of Red's rook
  // i14 too: both are refused.
  const std::vector<std::string> pieces = {"h1:wK", "a7:bK", "g14:rK", "k13:uK", "e13:bR", "h13:wP", "i14:rR"};
  core::Game g(rules_, testing::setup(*rules_, 'w', pieces), {4, 4, 4, 4});
  EXPECT_FALSE(legal(g, "h13", "h14"));
  EXPECT_FALSE(legal(g, "h13", "i14"));
  EXPECT_TRUE(legal(g, "h1", "h2"));
}

TEST_F(GuardedKing, AnEnPassantCaptureIsJudgedByTheSquaresItEmpties) {
  // Black's pawn d4 takes White's pawn e4 (just double-stepped) en passant
  // on e3: d4 and e4 empty at once, and White's rook b4 then attacks Red's
  // king h4, Black's ally, along the fourth rank. Neither pawn alone pins:
  // the capture is made to know, and refused; without the rook it stands.
  const core::Geometry& geo = rules_->geometry;
  for (bool rook : {true, false}) {
    std::vector<std::string> pieces = {"h1:wK", "a7:bK", "h4:rK", "n8:uK", "d4:bP", "e4:wP"};
    if (rook) pieces.emplace_back("b4:wR");
    Position pos = testing::setup(*rules_, 'b', pieces);
    pos.set_en_passant(testing::seat_of(*rules_, 'w'), {geo.parse("e3"), geo.parse("e4")});
    core::Game g(rules_, pos, {4, 4, 4, 4});
    bool pseudo = false;
    MoveList all;
    g.position().generate_legal(all);
    for (const Move& m : all) pseudo = pseudo || (m.kind == core::MoveKind::kEnPassant && m.to == geo.parse("e3"));
    ASSERT_TRUE(pseudo) << "the capture is open to Black";
    EXPECT_EQ(legal(g, "d4", "e3"), !rook);
  }
}

}  // namespace
}  // namespace tabula

// Sheet 004 stage one's end (Modules::Stages::check_end, core/module_stages.cpp):
// "the first to get all his messengers into the opponent's home rows wins"
// (rules 1 and 7), judged after every move from the squares the last moves
// landed on before any scan of the board (issue 30 item 3). Checked against
// a scan of the whole board written here, after every move played and every
// move made in a search, on seeded random races.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "core/fen.h"
#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

class StagesEnd : public ::testing::Test {
 protected:
  void SetUp() override {
    one_ = testing::shipped("bipartite");
    ASSERT_TRUE(one_);
  }
  // The first seat in turn order with pieces, all of them in the other
  // seat's home rows; kNoSeat if none.
  Seat finished(const Position& pos) const {
    for (Seat s : one_->turn_order) {
      const Seat other = s == seat_at(0) ? seat_at(1) : seat_at(0);
      int mine = 0;
      int inside = 0;
      for (int i = 0; i < kMaxSquares; ++i) {
        const Piece p = pos.at(static_cast<Square>(i));
        if (p.empty() || p.seat != s) continue;
        ++mine;
        if (one_->seats[index_of(other)].home[i]) ++inside;
      }
      if (mine > 0 && inside == mine) return s;
    }
    return kNoSeat;
  }
  // The game's end after a move against the scan: over with the finished
  // seat winning exactly when a seat has finished.
  void expect_judged(const Game& g, const std::string& where, int& wins) const {
    const Seat done = finished(g.position());
    if (done != kNoSeat) {
      ASSERT_TRUE(g.outcome().over) << where;
      ASSERT_EQ(g.outcome().why.kind, EndReason::Kind::kOpponentHome) << where;
      ASSERT_FALSE(g.outcome().ranking.empty()) << where;
      ASSERT_EQ(g.outcome().ranking.front(), done) << where;
      ++wins;
    } else if (g.outcome().over) {
      ASSERT_NE(g.outcome().why.kind, EndReason::Kind::kOpponentHome) << where;
    }
  }
  std::shared_ptr<const RuleSet> one_;
};

TEST_F(StagesEnd, EveryMovePlayedOrMadeIsJudgedAsAScanOfTheBoardWould) {
  auto start = parse_fen(*one_, one_->start_fen);
  ASSERT_TRUE(start.ok());
  int wins = 0;
  int made = 0;
  const int races = testing::sanitizer_size(30, 8);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(races); ++seed) {
    Game g(one_, *start);
    for (int ply = 0; ply < 400 && !g.outcome().over; ++ply) {
      const std::string where = "seed " + std::to_string(seed) + " ply " + std::to_string(ply);
      // Every move of this position through the search path.
      for (const Move& m : g.legal_moves()) {
        g.make(m);
        expect_judged(g, where + " made", wins);
        g.unmake();
        ++made;
        if (HasFatalFailure()) return;
      }
      g.play(*g.random_move(seed * 1000 + static_cast<std::uint64_t>(ply)));
      expect_judged(g, where, wins);
      if (HasFatalFailure()) return;
    }
  }
  // The races must end by filling the home rows, or this proves little.
  EXPECT_GT(wins, testing::sanitizer_size(25, 5));  // the sanitizer pass's eight races: 8
  std::cout << made << " moves made, " << wins << " of them (or played) finishing the race\n";
}

TEST_F(StagesEnd, ALastMessengerEnteringIsAWinThoughTheLastMovesLandedInside) {
  // White's messenger c6 is his last outside Black's home rows (8 and 9):
  // c6-c7, Black's a5-a4, c7-c8. The squares the last moves landed on are
  // c8 (inside), a4 (Black's, outside his) and c7 (empty now): White wins.
  Game g(one_, testing::setup(*one_, 'w', {"a8:wM", "b8:wM", "d9:wM", "e8:wM", "c6:wM", "a5:bM", "e5:bM"}));
  g.play(testing::move(g.position(), "c6", "c7"));
  ASSERT_FALSE(g.outcome().over);
  g.play(testing::move(g.position(), "a5", "a4"));
  ASSERT_FALSE(g.outcome().over);
  g.play(testing::move(g.position(), "c7", "c8"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().why.kind, EndReason::Kind::kOpponentHome);
  EXPECT_EQ(g.outcome().ranking.front(), testing::seat_of(*one_, 'w'));
}

TEST_F(StagesEnd, AStartWithASeatFinishedIsJudgedAtTheFirstMove) {
  // Black's messengers stand in White's home rows from the start; White's
  // first move lands outside Black's: Black wins on it. (check_end proves a
  // quiet move outside the home rows finishes nobody only from the second
  // move on: the check after the move before must have found nobody.)
  Game g(one_, testing::setup(*one_, 'w', {"b1:bM", "d2:bM", "c5:wM"}));
  ASSERT_FALSE(g.outcome().over) << "the start is not judged before a move";
  g.play(testing::move(g.position(), "c5", "c6"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().why.kind, EndReason::Kind::kOpponentHome);
  EXPECT_EQ(g.outcome().ranking.front(), testing::seat_of(*one_, 'b'));
}

}  // namespace
}  // namespace tabula::core

// Sheet 004, Bipartite, as read in RULINGS.md: both stages and the change.
#include <gtest/gtest.h>

#include <string>

#include "core/fen.h"
#include "core/match.h"
#include "core/perft.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;

class Bipartite : public ::testing::Test {
 protected:
  void SetUp() override {
    one_ = testing::shipped("bipartite");
    two_ = testing::shipped("bipartite-stage2");
    ASSERT_TRUE(one_ && two_);
  }
  Position two(const std::string& fen) {
    auto p = parse_fen(*two_, fen);
    EXPECT_TRUE(p.ok()) << fen << ": " << (p.ok() ? "" : p.error().message);
    return *p;
  }
  // White's move from-to leaves Black's king bare (or Black is bare
  // already); Black's king a9-b9 cannot bare White back: White wins.
  static void white_bares_black_and_wins(Game& g, const std::string& from, const std::string& to) {
    g.play(move(g.position(), from, to));
    EXPECT_FALSE(g.outcome().over) << "Black still has one move to bare White";
    g.play(move(g.position(), "a9", "b9"));
    ASSERT_TRUE(g.outcome().over);
    EXPECT_FALSE(g.outcome().draw);
    EXPECT_EQ(g.outcome().reason, "bare king");
    EXPECT_EQ(g.outcome().ranking.front(), seat_at(0));
  }
  std::shared_ptr<const RuleSet> one_;
  std::shared_ptr<const RuleSet> two_;
};

TEST_F(Bipartite, PerftFromTheStageTwoStart) {
  // Issue 8: 11, 121, 1672 at depths 1 to 3 from
  // dbkgc/smmms/5/5/*3*/5/5/SMMMS/CGKRD b - - 0 1 (Black holds the diagonal piece).
  Position p = two("dbkgc/smmms/5/5/*3*/5/5/SMMMS/CGKRD b - - 0 1");
  EXPECT_EQ(perft(p, 1), 11u);
  EXPECT_EQ(perft(p, 2), 121u);
  EXPECT_EQ(perft(p, 3), 1672u);
  EXPECT_EQ(to_fen(p), "dbkgc/smmms/5/5/*3*/5/5/SMMMS/CGKRD b - - 0 1");
}

TEST_F(Bipartite, BoardHolesAndTheSheetsSquareNames) {
  // RULINGS 004: 5x9; stage one's X squares A3, I3; stage two's E1, E5.
  EXPECT_EQ(one_->geometry.playable_count(), 43);
  EXPECT_EQ(one_->geometry.parse("A3"), kNoSquare);
  EXPECT_EQ(one_->geometry.parse("I3"), kNoSquare);
  EXPECT_EQ(two_->geometry.parse("E1"), kNoSquare);
  EXPECT_EQ(two_->geometry.parse("E5"), kNoSquare);
  EXPECT_EQ(two_->geometry.parse("E2"), two_->geometry.parse("b5"));
  EXPECT_EQ(two_->geometry.parse("I5"), two_->geometry.parse("e1"));
  EXPECT_EQ(two_->geometry.alt_name(two_->geometry.parse("c9")), "A3");
}

TEST_F(Bipartite, StageOneMessengersStepForwardOrDiagonallyNeverCapture) {
  // Black moves first (rule 2); one step straight or diagonally forward onto
  // an empty square; no two-step (rule 3), no capture (rule 4).
  auto start = parse_fen(*one_, one_->start_fen);
  ASSERT_TRUE(start.ok());
  Game g(one_, *start);
  EXPECT_EQ(g.seat_name(g.to_move()), "Black");
  EXPECT_EQ(testing::destinations(g.position(), "b8"), (std::vector<std::string>{"a7", "b7", "c7"}));
  EXPECT_FALSE(has_move(g.position(), "b8", "b6"));
  Position p = testing::setup(*one_, 'b', {"c5:bM", "c4:wM", "b4:wM"});
  EXPECT_EQ(testing::destinations(p, "c5"), (std::vector<std::string>{"d4"}));
}

TEST_F(Bipartite, StageOneBlockedPlayerPasses) {
  // RULINGS 004: a player with no move passes. Black's only messenger is
  // boxed in by White's; White moves on.
  Position p = testing::setup(*one_, 'b', {"a5:bM", "a4:wM", "b4:wM", "e1:wM"});
  Game g(one_, p);
  bool passed = false;
  for (const Ruling& r : g.opening_rulings()) passed = passed || r.kind == RulingKind::kPass;
  EXPECT_TRUE(passed);
  EXPECT_EQ(g.seat_name(g.to_move()), "White");
}

TEST_F(Bipartite, AStageOneRacePlayedToItsEndAndTheChangeOfStage) {
  auto start = parse_fen(*one_, one_->start_fen);
  ASSERT_TRUE(start.ok());
  // Seeded random play until the race ends by filling the home rows.
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    Match m({one_, two_}, *start);
    for (int ply = 0; ply < 400 && m.state() == Match::State::kPlaying; ++ply) {
      m.play(*m.game().random_move(seed * 1000 + static_cast<std::uint64_t>(ply)));
    }
    if (m.game().outcome().reason != "all pieces in the opponent's home rows") continue;
    ASSERT_EQ(m.state(), Match::State::kChoosing);
    Seat winner = m.chooser();
    // Every one of the winner's nine messengers is in the other's home rows.
    Seat other = winner == seat_at(0) ? seat_at(1) : seat_at(0);
    int inside = 0;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece pc = m.game().position().at(static_cast<Square>(i));
      if (!pc.empty() && pc.seat == winner) {
        EXPECT_TRUE(one_->seats[index_of(other)].home[i]);
        ++inside;
      }
    }
    EXPECT_EQ(inside, 9);
    // The winner chooses the power piece (rule 7); the loser gets the other.
    EXPECT_EQ(m.options(), (std::vector<std::string>{"diagonal power piece", "orthogonal power piece"}));
    EXPECT_TRUE(m.choose("a queen").has_value());
    ASSERT_FALSE(m.choose("diagonal power piece").has_value());
    ASSERT_EQ(m.state(), Match::State::kSetup);
    std::string expected = winner == seat_at(1) ? "dbkgc/smmms/5/5/*3*/5/5/SMMMS/CGKRD b - - 0 1"
                                                : "drkgc/smmms/5/5/*3*/5/5/SMMMS/CGKBD b - - 0 1";
    EXPECT_EQ(to_fen(m.setup()), expected);
    m.setup_confirmed();
    EXPECT_EQ(m.state(), Match::State::kPlaying);
    EXPECT_EQ(m.stage(), 1);
    EXPECT_EQ(m.game().rules().id, "bipartite-stage2");
    EXPECT_EQ(m.game().seat_name(m.game().to_move()), "Black");
    return;
  }
  FAIL() << "no seed in 1..49 finished the race";
}

TEST_F(Bipartite, MessengersDoubleStepAndBecomeSoldiersInEitherEnemyHomeRow) {
  Position p = two("k4/5/2M1m/5/*3*/5/5/M4/4K w - - 0 1");
  EXPECT_TRUE(has_move(p, "a2", "a4")) << "rule 3: the initial two-step";
  EXPECT_FALSE(has_move(p, "c7", "c9"));
  Game g(two_, p);
  g.play(move(g.position(), "c7", "c8", 'S'));
  EXPECT_EQ(g.position().at(two_->geometry.parse("c8")).kind, two_->kind_by_letter('S'));
  // Black's messenger becomes a soldier on entering White's home rows, a capture included.
  Game h(two_, two("k4/5/5/5/*3*/5/4m/3M1/K4 b - - 0 1"));
  h.play(move(h.position(), "e3", "d2", 'S'));
  EXPECT_EQ(h.position().at(two_->geometry.parse("d2")).kind, two_->kind_by_letter('S'));
}

TEST_F(Bipartite, NoEnPassantNoCastling) {
  Position p = two("k4/5/5/5/*3*/1m3/5/2M2/4K w - - 0 1");
  Game g(two_, p);
  g.play(move(g.position(), "c2", "c4"));
  EXPECT_FALSE(has_move(g.position(), "b4", "c3"));
  EXPECT_TRUE(two_->castling.empty());
}

TEST_F(Bipartite, BareKingWins) {
  // White's soldier takes Black's last piece; Black cannot bare White back.
  Game g(two_, two("k4/5/5/5/*3*/5/1m3/S4/3DK w - - 0 1"));
  white_bares_black_and_wins(g, "a2", "b3");
}

TEST_F(Bipartite, BareKingReturnedAtOnceIsADraw) {
  // White bares Black (soldier takes the messenger on b3); Black's king at
  // once takes White's last piece, the soldier: both bare, a draw.
  Game g(two_, two("5/5/5/5/*3*/5/1mk2/S4/4K w - - 0 1"));
  g.play(move(g.position(), "a2", "b3"));
  EXPECT_FALSE(g.outcome().over);
  g.play(move(g.position(), "c3", "b3"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
}

TEST_F(Bipartite, ABareKingAtTheStartIsJudgedAtTheFirstMove) {
  // Black starts bare; White's first move captures nothing and still gives
  // Black his one move to bare White back (after_move skips the board's
  // scan after a quiet move only from the mover's second move on).
  Game g(two_, two("k4/5/5/5/*3*/5/5/S4/3DK w - - 0 1"));
  ASSERT_FALSE(g.outcome().over);
  white_bares_black_and_wins(g, "a2", "a3");
}

TEST_F(Bipartite, ABaringCaptureLaterInTheGameIsJudged) {
  // BareKingWins, the capture as White's third move: after a capture
  // after_move scans the board whatever the move's number.
  Game g(two_, two("k4/5/5/5/*3*/5/1m3/S4/3DK w - - 0 1"));
  g.play(move(g.position(), "e1", "e2"));
  g.play(move(g.position(), "a9", "b9"));
  g.play(move(g.position(), "e2", "e1"));
  g.play(move(g.position(), "b9", "a9"));
  ASSERT_FALSE(g.outcome().over);
  white_bares_black_and_wins(g, "a2", "b3");
}

}  // namespace
}  // namespace tabula::core

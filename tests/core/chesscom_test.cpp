// chess.com fidelity (issue 17): the rules of chess.com's four-player FFA
// with DeadKingWalking, one scenario per rule, each citing its source —
// chess.com's rules page as quoted in issue 17, or a real record of
// shared/data/pgn4 (see its SOURCES.md). Seats: Red south, Blue west,
// Yellow north, Green east; order R, B, Y, G.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen4.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/perft.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

class ChessComFfa : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chesscom-ffa");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  Position fen4(const std::string& text, SeatPoints* points = nullptr) {
    auto pos = parse_fen4(*rules_, text, points);
    EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error().message);
    return pos.ok() ? *pos : Position(*rules_);
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  std::shared_ptr<const RuleSet> rules_;
};

// ---- item 2: capturing a king eliminates its owner at once ----

TEST_F(ChessComFfa, KingCaptureLiftsTheCapturedPlayersChecks) {
  // Issue 17 item 2: Yellow's king on d13 stands in check from Green's
  // knight on e11; Yellow's bishop takes Green's king on k10. Green is out
  // at once, so his knight no longer checks and the capture is legal:
  // five king moves and g14xk10 make 6.
  Position pos = fen4(
      "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yB,7/3,yK,10/14/4,gN,9/10,gK,3/14/14/bK,13/14/14/14/14/14/7,rK,6");
  EXPECT_EQ(perft(pos, 1), 6u);
  EXPECT_TRUE(has_move(pos, "g14", "k10"));
  Game g(rules_, pos);
  auto rs = g.play(move(g.position(), "g14", "k10"));
  EXPECT_TRUE(has(rs, RulingKind::kKingCaptured));
  EXPECT_EQ(g.points(seat('y')), 20) << "chess.com: Kings +20";
  EXPECT_NE(g.status(seat('g')), SeatStatus::kLive);
}

// ---- item 1: the walking king takes dead pieces, its own included ----

TEST_F(ChessComFfa, WalkingKingTakesItsOwnDeadPieceForNothing) {
  // Issue 17 item 1 (chess.com DeadKingWalking: the resigned player's "army
  // will become dead (grey) but their King remains live"): Kh1xg2 onto the
  // walker's own dead pawn is a move, worth 0 points.
  Game g(rules_, setup(*rules_, 'r', {"h1:rK", "g2:rP", "a7:bK", "b10:bP", "g14:yK", "n8:gK"}));
  g.resign(seat('r'));
  ASSERT_EQ(g.to_move(), seat('r')) << "the walking king moves on";
  ASSERT_TRUE(has_move(g.position(), "h1", "g2"));
  auto rs = g.play(move(g.position(), "h1", "g2"));
  EXPECT_FALSE(has(rs, RulingKind::kIllegalMove));
  EXPECT_EQ(g.points(seat('r')), 0);
  EXPECT_TRUE(g.position().at(g.rules().geometry.parse("g2")).seat == seat('r'));
}

TEST_F(ChessComFfa, CapturingOwnDeadPiecesIsAnEscapeFromMate) {
  // Issue 17 item 1: Green's knight checks Red's walking king on h1, boxed
  // in by his own dead pieces. He can take g1, g2, h2 or i1 (i2 is the
  // knight's), so he is not mated and Green earns nothing for the check.
  Game g(rules_, setup(*rules_, 'g',
                       {"h1:rK", "g1:rQ", "i1:rB", "g2:rP", "h2:rP", "i2:rP", "f5:gN", "n8:gK", "a7:bK",
                        "g14:yK"}));
  g.resign(seat('r'));
  auto rs = g.play(move(g.position(), "f5", "g3"));
  EXPECT_FALSE(has(rs, RulingKind::kCheckmate));
  EXPECT_EQ(g.points(seat('g')), 0);
  ASSERT_EQ(g.to_move(), seat('r'));
  MoveList legal = g.legal_moves();
  std::vector<std::string> to;
  for (const Move& m : legal) to.push_back(g.rules().geometry.name(m.to));
  std::sort(to.begin(), to.end());
  EXPECT_EQ(to, (std::vector<std::string>{"g1", "g2", "h2", "i1"}));
}

// ---- item 3: checks on walking kings earn no double-check bonus ----

TEST_F(ChessComFfa, CheckOnAWalkingKingDoesNotCountTowardDoubleCheck) {
  // Issue 17 item 3, chess.com: "checking resigned kings does not count for
  // double- or triplechecks". Green's knight, d4 to f3, checks Red's king
  // on h2 and Blue's on g5 at once. With Red live that is +5 ("Checking two
  // players simultaneously: ... otherwise +5"); with Red resigned, nothing.
  std::vector<std::string> pieces{"h2:rK", "g5:bK", "d4:gN", "n8:gK", "g14:yK"};
  Game live(rules_, setup(*rules_, 'g', pieces));
  auto rs = live.play(move(live.position(), "d4", "f3"));
  EXPECT_TRUE(has(rs, RulingKind::kDoubleCheck));
  EXPECT_EQ(live.points(seat('g')), 5);

  Game walking(rules_, setup(*rules_, 'g', pieces));
  walking.resign(seat('r'));
  rs = walking.play(move(walking.position(), "d4", "f3"));
  EXPECT_FALSE(has(rs, RulingKind::kDoubleCheck));
  EXPECT_EQ(walking.points(seat('g')), 0);
  EXPECT_EQ(walking.record().back().text, "Nd4-f3++") << "both kings are in check from the move";
}

// ---- notation: '+' for a move that gives check ----

TEST_F(ChessComFfa, PlusMarksOnlyAMoveThatGivesCheck) {
  // Issue 17, "Notation and export": Yellow's rook checks Red; Green's reply
  // checks nobody, so it is written without '+', though Red's check stands.
  Game g(rules_, setup(*rules_, 'y', {"h1:rK", "a7:bK", "h12:yR", "g14:yK", "n8:gK"}));
  g.play(move(g.position(), "h12", "h3"));
  ASSERT_EQ(g.record().back().text, "Rh12-h3+");
  g.play(move(g.position(), "n8", "n9"));
  EXPECT_EQ(g.record().back().text, "Kn8-n9");
  g.play(move(g.position(), "h1", "g1"));
  EXPECT_EQ(g.record().back().text, "Kh1-g1");
}

TEST_F(ChessComFfa, PromotedQueenMovesAsQ) {
  // FFA 100532097, Blue: "28. .. c8-c7=D" then "29. .. Qc7xb6": the
  // promotion is written =D, the promoted queen's moves with Q.
  Game g(rules_, setup(*rules_, 'b', {"k1:rK", "a7:bK", "g8:bP", "g14:yK", "f12:yP", "j10:yP", "n4:gK"}));
  g.play(move(g.position(), "g8", "h8", 'D'));
  EXPECT_EQ(g.record().back().text, "g8-h8=D");
  g.play(move(g.position(), "f12", "f11"));
  g.play(move(g.position(), "n4", "n5"));
  g.play(move(g.position(), "k1", "k2"));
  g.play(move(g.position(), "h8", "j10"));
  EXPECT_EQ(g.record().back().text, "Qh8xj10");
}

// ---- item 7: castling rights belong to the array the FEN4 stands on ----

TEST_F(ChessComFfa, CastlingRightsOfA4PCoPositionSurviveWithoutItsStart) {
  // Issue 17 item 7; SOURCES.md: on 4PCo Blue's king stands on a8 (on 4PC,
  // a7). Blue, to move, keeps both rights: 5 king moves, 15 + 16 rook moves
  // and O-O (a8 to a10, the nearer rook) and O-O-O make 38. The rules are
  // loaded without a start array (4PC), as `tabula perft --fen4` does.
  const std::string text =
      "B-0,0,0,0-0,1,0,0-0,1,0,0-0,0,0,0-0-6,yK,7/14/14/bR,13/14/14/bK,13/13,gK/14/14/bR,13/14/14/7,rK,6";
  ASSERT_EQ(rules_->start_name, "4PC");
  Position pos = fen4(text);
  EXPECT_EQ(perft(pos, 1), 38u);
  EXPECT_EQ(to_fen4(pos), text) << "the rights read back";
  Game g(rules_, pos);
  g.play(move(g.position(), "a8", "a10"));
  EXPECT_EQ(g.record().back().text, "O-O");
  EXPECT_EQ(g.position().at(rules_->geometry.parse("a9")).kind, rules_->kind_by_letter('R'));
}

TEST_F(ChessComFfa, The4PCoStartKeepsEveryRightUnderThe4PCRules) {
  // Issue 17 item 7: the literal 4PCo array (a record whose StartFen4 is a
  // FEN4, not the name) keeps Blue's and Green's rights.
  std::string o;
  for (const auto& [name, fen] : rules_->named_starts)
    if (name == "4PCo") o = fen;
  Position pos = fen4(o);
  std::string written = to_fen4(pos);
  EXPECT_EQ(written.substr(0, 26), "R-0,0,0,0-1,1,1,1-1,1,1,1-") << written;
}

// ---- item 4: draws ----

TEST_F(ChessComFfa, MoveRuleCountsLivePliesOnlyAndPaysTenToEachLivePlayer) {
  // chess.com: "If 100 plys are made without a capture or pawn move the game
  // will end immediately and award +10 to all remaining players"; issue 17
  // item 4: over live players' plies only. Yellow's walking king moves do
  // not count, Red's capture of Yellow's dead pawn does not reset.
  Position pos = setup(*rules_, 'r', {"h1:rK", "d3:rR", "a7:bK", "g14:yK", "d10:yP", "n8:gK"});
  pos.set_halfmove_clock(95);
  Game g(rules_, pos);
  g.resign(seat('y'));
  g.play(move(g.position(), "d3", "d10"));  // takes a dead pawn: 96
  EXPECT_EQ(g.position().halfmove_clock(), 96);
  g.play(move(g.position(), "a7", "a8"));  // 97
  g.play(move(g.position(), "g14", "h14"));  // the walking king: still 97
  EXPECT_EQ(g.position().halfmove_clock(), 97);
  g.play(move(g.position(), "n8", "n9"));  // 98
  g.play(move(g.position(), "h1", "h2"));  // 99
  EXPECT_FALSE(g.outcome().over);
  g.play(move(g.position(), "a8", "a9"));  // 100
  if (g.to_move() == seat('y')) g.play(*g.random_move(1));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "fifty-move rule");
  EXPECT_EQ(g.points(seat('r')), 10);
  EXPECT_EQ(g.points(seat('b')), 10);
  EXPECT_EQ(g.points(seat('g')), 10);
  EXPECT_EQ(g.points(seat('y')), 0) << "a resigned player's points are frozen";
}

TEST_F(ChessComFfa, OnlyKingsLeftIsADrawForNothing) {
  // Issue 17 item 4: the game ends when only kings are left that can move;
  // chess.com club post "Draw rules" (Martin0): "Insufficient material (only
  // kings left): 0 points for each player". Blue takes Red's last rook (+5).
  Game g(rules_, setup(*rules_, 'b', {"h1:rK", "b8:rR", "a7:bK", "g14:yK", "n8:gK"}));
  g.play(move(g.position(), "a7", "b8"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "insufficient material");
  EXPECT_EQ(g.points(seat('b')), 5);
  EXPECT_EQ(g.points(seat('r')) + g.points(seat('y')) + g.points(seat('g')), 0);
}

// ---- item 5: a walking king with no legal move is removed ----

TEST_F(ChessComFfa, StuckWalkingKingIsRemovedAndItsTwentySplit) {
  // Issue 17 item 5: Yellow's walking king on d14 has no move (d13 and e13
  // are Red's k13 rook's, e14 the e2 rook's) and is not in check: at its
  // turn it is taken off, and the three live players share its 20 (6 each,
  // rounded down: ledger.stuck_walking_king_share: POINTS_SHARE_SPLIT).
  Game g(rules_, setup(*rules_, 'b', {"h1:rK", "e2:rR", "k13:rR", "a7:bK", "d14:yK", "n8:gK"}));
  g.resign(seat('y'));
  auto rs = g.play(move(g.position(), "a7", "a8"));
  EXPECT_TRUE(has(rs, RulingKind::kStalemate));
  EXPECT_EQ(g.position().king_square(seat('y')), kNoSquare);
  EXPECT_EQ(g.points(seat('r')), 6);
  EXPECT_EQ(g.points(seat('b')), 6);
  EXPECT_EQ(g.points(seat('g')), 6);
  EXPECT_EQ(g.to_move(), seat('g'));
  EXPECT_FALSE(g.outcome().over);
}

}  // namespace
}  // namespace tabula::core

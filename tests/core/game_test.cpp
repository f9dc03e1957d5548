// The game layer on `chess`: how games end, draws, resignations, takebacks
// and the wording of illegal-move rulings.
#include "core/game.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/notation.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

class ChessGame : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chess");
    ASSERT_TRUE(rules_);
  }
  Game from(const std::string& fen) {
    auto pos = parse_fen(*rules_, fen);
    EXPECT_TRUE(pos.ok()) << pos.error().message;
    return Game(rules_, *pos);
  }
  // Plays coordinate moves; returns the rulings of the last one.
  std::vector<Ruling> play(Game& g, const std::vector<std::string>& moves) {
    std::vector<Ruling> last;
    for (const auto& text : moves) {
      Move m;
      EXPECT_TRUE(parse_coordinate(g.position(), text, m)) << text << " is not legal";
      last = g.play(m);
    }
    return last;
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  std::shared_ptr<const RuleSet> rules_;
};

// FIDE 6.9: a flag fall loses, unless the opponent cannot checkmate by any
// series of legal moves; then it is a draw.
TEST_F(ChessGame, AFlagFallAgainstABareKingIsADraw) {
  Game g = from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  g.timeout(seat_at(0));  // White flags; Black has only his king
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_NE(g.outcome().reason.find("FIDE 6.9"), std::string::npos) << g.outcome().reason;
}

TEST_F(ChessGame, AFlagFallAgainstMatingMaterialLoses) {
  Game g = from("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
  g.timeout(seat_at(1));  // Black flags; White's pawn can still mate
  ASSERT_TRUE(g.outcome().over);
  EXPECT_FALSE(g.outcome().draw);
  EXPECT_EQ(g.outcome().ranking.front(), seat_at(0));
}

TEST_F(ChessGame, AFlagFallInADeadPositionIsADraw) {
  Game g = from("4k3/8/8/8/8/8/8/2B1K3 b - - 0 1");  // K+B v K: nobody can mate
  g.timeout(seat_at(1));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
}

TEST_F(ChessGame, FoolsMateEndsTheGameWithBlackWinning) {
  Game g = from(rules_->start_fen);
  auto rulings = play(g, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_TRUE(has(rulings, RulingKind::kCheck));
  EXPECT_TRUE(has(rulings, RulingKind::kCheckmate));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_FALSE(g.outcome().draw);
  EXPECT_EQ(g.outcome().ranking.front(), seat_at(1));
  EXPECT_TRUE(g.legal_moves().empty());
}

TEST_F(ChessGame, StalemateIsADraw) {
  Game t = from("k7/8/8/1Q6/8/8/8/7K w - - 0 1");
  auto rulings = play(t, {"b5b6"});
  EXPECT_TRUE(has(rulings, RulingKind::kStalemate));
  EXPECT_TRUE(t.outcome().over);
  EXPECT_TRUE(t.outcome().draw);
  EXPECT_EQ(t.outcome().reason, "stalemate");
}

// The words play() writes, which a search never runs (issue 30 item 3: out
// of the per-node path, in cold functions: the move's ruling, the
// promotion's, the check's, the record entry and its marks, a turn without
// a move): each ruling in its order, word for word.
TEST_F(ChessGame, APromotionGivingCheckIsWordedInOrder) {
  Game g = from("7k/P7/8/8/8/8/8/K7 w - - 0 1");
  auto rulings = play(g, {"a7a8q"});
  ASSERT_EQ(rulings.size(), 3U);
  EXPECT_EQ(rulings[0].kind, RulingKind::kMove);
  EXPECT_EQ(rulings[0].text, "White's pawn on a7 to a8");
  EXPECT_EQ(rulings[1].kind, RulingKind::kPromotion);
  EXPECT_EQ(rulings[1].text, "White's pawn promotes to a queen");
  EXPECT_EQ(rulings[2].kind, RulingKind::kCheck);
  EXPECT_EQ(rulings[2].text, "Black is in check from White's queen on a8");
  EXPECT_EQ(rulings[2].by, seat_at(0));
  ASSERT_EQ(g.record().size(), 1U);
  EXPECT_EQ(g.record()[0].text, "a8=Q+");
}

TEST_F(ChessGame, ACaptureThatStalematesIsWordedInOrder) {
  Game t = from("k7/8/1p6/1Q6/8/8/8/7K w - - 0 1");
  auto rulings = play(t, {"b5b6"});
  ASSERT_GE(rulings.size(), 2U);
  EXPECT_EQ(rulings[0].text, "White's queen on b5 to b6, capturing Black's pawn on b6");
  EXPECT_EQ(rulings[1].kind, RulingKind::kStalemate);
  EXPECT_EQ(rulings[1].seat, seat_at(1));
  EXPECT_EQ(rulings[1].text, "Black has no legal move and is not in check: stalemate");
  ASSERT_EQ(t.record().size(), 1U);
  EXPECT_EQ(t.record()[0].text, "Qxb6");
}

TEST_F(ChessGame, FiftyMovesMayBeClaimedSeventyFiveEndTheGame) {
  Game g = from("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
  EXPECT_EQ(g.claimable_draw(), "");
  EXPECT_EQ(g.claim_draw().front().kind, RulingKind::kIllegalMove);
  auto rulings = play(g, {"a1a2", "e8d8"});
  EXPECT_EQ(g.claimable_draw(), "fifty-move rule");
  EXPECT_TRUE(has(rulings, RulingKind::kDraw)) << "the table is told a claim is open";
  EXPECT_FALSE(g.outcome().over);
  g.claim_draw();
  EXPECT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);

  Game h = from("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
  play(h, {"a1a2"});
  EXPECT_TRUE(h.outcome().over);
  EXPECT_EQ(h.outcome().reason, "seventy-five-move rule");
}

TEST_F(ChessGame, CaptureOrPawnMoveResetsTheCount) {
  Game g = from("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
  play(g, {"e2e3"});
  EXPECT_EQ(g.position().halfmove_clock(), 0);
  EXPECT_EQ(g.claimable_draw(), "");
}

TEST_F(ChessGame, ThreefoldMayBeClaimedFivefoldEndsTheGame) {
  Game g = from(rules_->start_fen);
  std::vector<std::string> shuffle{"g1f3", "g8f6", "f3g1", "f6g8"};
  play(g, shuffle);  // start position again: second occurrence
  EXPECT_EQ(g.claimable_draw(), "");
  play(g, shuffle);  // third occurrence
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
  play(g, shuffle);
  EXPECT_FALSE(g.outcome().over);
  play(g, shuffle);  // fifth occurrence
  EXPECT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "fivefold repetition");
}

TEST_F(ChessGame, RepetitionNeedsTheSameCastlingRights) {
  // The king's walk loses castling rights, so the first return does not count.
  Game g = from("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
  play(g, {"e1f1", "a8a7", "f1e1", "a7a8", "e1f1", "a8a7", "f1e1", "a7a8"});
  EXPECT_EQ(g.claimable_draw(), "");
  play(g, {"e1f1", "a8a7", "f1e1", "a7a8"});
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
}

// Issue 22 item 1, FIDE 9.2.3: an en passant square counts only when an en
// passant capture is actually possible. After 1. e4 no black pawn can take on
// e3, so the position after 1. e4 is the same as after 3. Ng1 and 5. Ng1.
TEST_F(ChessGame, AnEnPassantSquareNoPawnCanUseDoesNotMakeAPositionNew) {
  Game g = from(rules_->start_fen);
  play(g, {"e2e4"});
  std::vector<std::string> shuffle{"g8f6", "g1f3", "f6g8", "f3g1"};
  play(g, shuffle);  // after 3. Ng1: second occurrence
  EXPECT_EQ(g.claimable_draw(), "");
  play(g, shuffle);  // after 5. Ng1: third occurrence, Black to move
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
  play(g, shuffle);
  EXPECT_FALSE(g.outcome().over);
  play(g, shuffle);  // after 9. Ng1: fifth occurrence (FIDE 9.6.1)
  EXPECT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "fivefold repetition");
}

TEST_F(ChessGame, AnEnPassantSquareAPawnCanUseMakesThePositionNew) {
  // 1... d4 2. e4: the black pawn on d4 can take on e3, so the position after
  // 2. e4 differs from the same placement after the knights' walk.
  Game g = from("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
  play(g, {"e2e4"});
  std::vector<std::string> shuffle{"g8f6", "g1f3", "f6g8", "f3g1"};
  play(g, shuffle);
  play(g, shuffle);  // third placement, but the first had en passant possible
  EXPECT_EQ(g.claimable_draw(), "");
  play(g, shuffle);  // now three without it
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
}

TEST_F(ChessGame, AnEnPassantCaptureThatIsIllegalDoesNotCount) {
  // FEN with e3 as en passant square: the black pawn on d4 is pinned to its
  // king by the rook on h4... along the fourth rank: taking on e3 would open
  // it. The possible moves are those without the capture.
  Game g = from("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
  play(g, {"a4a5", "e1e2", "a5a4", "e2e1"});
  play(g, {"a4a5", "e1e2", "a5a4", "e2e1"});  // the start placement a third time
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
}

TEST_F(ChessGame, InsufficientMaterialIsADeadPosition) {
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K2n w - - 0 1", "4k3/8/8/8/8/8/3b4/4K3 w - - 0 1"}) {
    Game g = from(fen);
    play(g, {"e1d1"});
    EXPECT_TRUE(g.outcome().over) << fen;
    EXPECT_EQ(g.outcome().reason, "insufficient material");
  }
  // Bishops on the same colour: dead; on opposite colours: play on.
  Game same = from("4k3/8/8/8/8/8/3b4/2B1K3 w - - 0 1");
  play(same, {"e1f1"});
  EXPECT_TRUE(same.outcome().over);
  Game opposite = from("4k3/8/8/8/8/8/3b4/3BK3 w - - 0 1");
  play(opposite, {"e1f1"});
  EXPECT_FALSE(opposite.outcome().over);
  Game two_knights = from("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1");
  play(two_knights, {"e1f1"});
  EXPECT_FALSE(two_knights.outcome().over);
}

TEST_F(ChessGame, ResignationAndAgreement) {
  Game g = from(rules_->start_fen);
  auto r = g.resign(seat_at(0));
  EXPECT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().ranking.front(), seat_at(1));
  EXPECT_EQ(g.outcome().reason, "resignation");
  Game d = from(rules_->start_fen);
  d.agree_draw();
  EXPECT_TRUE(d.outcome().draw);
}

TEST_F(ChessGame, TakebackRestoresTheExactPosition) {
  Game g = from(rules_->start_fen);
  play(g, {"e2e4", "d7d5", "e4d5"});
  std::string before = to_fen(g.position());
  play(g, {"d8d5", "b1c3"});
  ASSERT_TRUE(g.takeback(2));
  EXPECT_EQ(to_fen(g.position()), before);
  EXPECT_EQ(g.moves().size(), 3u);
  EXPECT_FALSE(g.takeback(4));
  Game mated = from(rules_->start_fen);
  play(mated, {"f2f3", "e7e5", "g2g4", "d8h4"});
  ASSERT_TRUE(mated.takeback(1));
  EXPECT_FALSE(mated.outcome().over);
  EXPECT_EQ(mated.to_move(), seat_at(1));
}

TEST_F(ChessGame, ATakebackAfterAResignationUndoesOnlyTheResignation) {
  Game g = from(rules_->start_fen);
  play(g, {"e2e4"});
  g.resign(seat_at(1));
  ASSERT_TRUE(g.outcome().over);
  ASSERT_TRUE(g.takeback(1));
  EXPECT_FALSE(g.outcome().over);
  EXPECT_EQ(g.status(seat_at(1)), SeatStatus::kLive);
  EXPECT_EQ(g.moves().size(), 1u) << "1. e4 stands";
  EXPECT_EQ(g.to_move(), seat_at(1));
}

TEST_F(ChessGame, IllegalMovesSayWhyAndChangeNothing) {
  Game g = from("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
  const Geometry& geo = rules_->geometry;
  std::string why = g.why_illegal(geo.parse("d2"), geo.parse("f3"));
  EXPECT_EQ(why,
            "White's knight cannot go from d2 to f3: it would leave White's king in check from "
            "Black's bishop on b4");
  EXPECT_NE(g.why_illegal(geo.parse("d2"), geo.parse("d4")).find("not a move of a knight"),
            std::string::npos);
  EXPECT_NE(g.why_illegal(geo.parse("b4"), geo.parse("c3")).find("it is White's turn, not Black's"),
            std::string::npos);
  EXPECT_NE(g.why_illegal(geo.parse("c3"), geo.parse("c4")).find("no piece on c3"), std::string::npos);
  std::string fen = to_fen(g.position());
  auto rulings = g.play(Move{geo.parse("d2"), geo.parse("f3"), MoveKind::kNormal, kNoKind, 0});
  ASSERT_EQ(rulings.size(), 1u);
  EXPECT_EQ(rulings[0].severity, Severity::kIllegal);
  EXPECT_EQ(to_fen(g.position()), fen);
}

TEST_F(ChessGame, CastlingThroughAttackIsExplained) {
  Game g = from("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1");
  const Geometry& geo = rules_->geometry;
  std::string why = g.why_illegal(geo.parse("e1"), geo.parse("g1"));
  EXPECT_NE(why.find("castling is not allowed now"), std::string::npos) << why;
}

TEST_F(ChessGame, RandomMovesAreDeterministicPerSeed) {
  Game g = from(rules_->start_fen);
  auto a = g.random_move(42);
  auto b = g.random_move(42);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, *b);
  int differing = 0;
  for (std::uint64_t s = 0; s < 20; ++s) differing += !(*g.random_move(s) == *a);
  EXPECT_GT(differing, 10);
}

// Issue 22 item 3: a whole round in which no seat can move (001 is silent) is
// a house rule, draws.no_move_round: a draw by default, or the game stops for
// the arbiter. A one-file board: each king boxed in by his own blocked piece,
// which moves (never captures) one square forward.
class NoMoveRoundGame : public ::testing::Test {
 protected:
  static std::shared_ptr<RuleSet> jammed_rules(NoMoveRound reading) {
    auto rules = testing::piece_lab(1, 4, {"mfW"});
    rules->checks.stalemate = StalemateRule::kPass;
    rules->draws.no_move_round = reading;
    return rules;
  }
};

TEST_F(NoMoveRoundGame, EveryonePassingInTurnIsADrawByDefault) {
  auto rules = jammed_rules(NoMoveRound::kDraw);
  Game g(rules, testing::setup(*rules, 's', {"a1:sK", "a2:sA", "a3:nA", "a4:nK"}));
  EXPECT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "no player can move");
}

TEST_F(NoMoveRoundGame, OrTheGameStopsForTheArbiter) {
  auto rules = jammed_rules(NoMoveRound::kArbiter);
  Game g(rules, testing::setup(*rules, 's', {"a1:sK", "a2:sA", "a3:nA", "a4:nK"}));
  EXPECT_FALSE(g.outcome().over);
  ASSERT_FALSE(g.opening_rulings().empty());
  EXPECT_NE(g.opening_rulings().back().text.find("arbiter"), std::string::npos);
  EXPECT_TRUE(g.legal_moves().empty());
  g.adjudicate(true, kNoSeat);
  EXPECT_TRUE(g.outcome().over);
}

}  // namespace
}  // namespace tabula::core

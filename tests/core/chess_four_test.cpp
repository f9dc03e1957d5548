// Sheet 001, Chess Four, as read in RULINGS.md: one scenario per rule.
// Seats: White south, Black north, Yellow east, Dark Brown west; order
// W, B, Y, N; light team White + Yellow, dark team Black + Dark Brown.
#include <gtest/gtest.h>

#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

class ChessFour : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chess-four");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  std::vector<std::string> with_kings(std::vector<std::string> extra, const std::string& skip = "") {
    for (const char* k : {"f1:wK", "g12:bK", "l7:yK", "a6:nK"}) {
      std::string s(k);
      if (skip.find(s[s.size() - 2]) == std::string::npos) extra.push_back(s);
    }
    return extra;
  }
  Game game(char to_move, std::vector<std::string> pieces, const std::string& out = "") {
    return Game(rules_, setup(*rules_, to_move, pieces, out));
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(ChessFour, Rules1And4TeammatesNeverCaptureEachOther) {
  Game g = game('w', with_kings({"e5:wR", "e8:yP", "e4:bP"}));
  EXPECT_TRUE(has_move(g.position(), "e5", "e7"));
  EXPECT_FALSE(has_move(g.position(), "e5", "e8")) << "Yellow is White's teammate";
  EXPECT_TRUE(has_move(g.position(), "e5", "e4")) << "Black is an opponent";
  EXPECT_NE(g.why_illegal(rules_->geometry.parse("e5"), rules_->geometry.parse("e8")), "");
}

TEST_F(ChessFour, TeammatesNeverCheckEachOther) {
  Game g = game('w', with_kings({"e5:wK", "e9:yQ"}, "w"));
  EXPECT_FALSE(g.position().in_check(seat('w')));
  EXPECT_TRUE(has_move(g.position(), "e5", "e6")) << "stepping into a teammate's line is no check";
}

TEST_F(ChessFour, AMoveMayExposeATeammatesKing) {
  // White's knight shields Yellow's king on l7 from Black's rook on c7.
  Game g = game('w', with_kings({"c7:bR", "h7:wN"}));
  EXPECT_TRUE(has_move(g.position(), "h7", "g5"));
  auto rulings = g.play(move(g.position(), "h7", "g5"));
  EXPECT_TRUE(has(rulings, RulingKind::kCheck));
  EXPECT_TRUE(g.position().in_check(seat('y')));
}

TEST_F(ChessFour, Rule7PresetOrderWhiteBlackYellowDarkBrown) {
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  std::vector<std::string> order;
  const char* moves[][2] = {{"e2", "e3"}, {"e11", "e10"}, {"k5", "j5"}, {"b5", "c5"}};
  for (auto& m : moves) {
    order.push_back(g.seat_name(g.to_move()));
    g.play(move(g.position(), m[0], m[1]));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"White", "Black", "Yellow", "Dark Brown"}));
  EXPECT_EQ(g.seat_name(g.to_move()), "White");
}

TEST_F(ChessFour, Rule8MatedPiecesStayFrozenAndOnlyTheOtherTeamTakesThem) {
  Game g = game('w', with_kings({"e5:wR", "e8:yP", "e10:bR"}), "y");
  EXPECT_FALSE(has_move(g.position(), "e5", "e8")) << "not even a mated teammate's piece";
  g.play(move(g.position(), "f1", "e1"));
  ASSERT_EQ(g.seat_name(g.to_move()), "Black");
  EXPECT_TRUE(has_move(g.position(), "e10", "e8")) << "the other team may take them";
}

TEST_F(ChessFour, Rule9TheSurvivorPlaysOneMoveToTheOtherTeamsTwo) {
  Game g = game('w', with_kings({}), "y");
  std::vector<std::string> order;
  for (const auto& [from, to] : {std::pair{"f1", "e1"}, {"g12", "g11"}, {"a6", "a5"}, {"e1", "f1"}}) {
    order.push_back(g.seat_name(g.to_move()));
    g.play(move(g.position(), from, to));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"White", "Black", "Dark Brown", "White"}));
}

TEST_F(ChessFour, Rule10MateIsJudgedAtTheStartOfTheTurnAndAPartnerCanLiftIt) {
  // Dark Brown's rook comes to l3: Yellow's king on l10 is in check, with k9,
  // k10 covered by Black's rook on k4 and l9 by the checking rook.
  auto base = with_kings({"l10:yK", "k4:bR", "d3:nR", "j4:wN"}, "y");
  Game freed = game('n', base);
  freed.play(move(freed.position(), "d3", "l3"));
  EXPECT_EQ(freed.status(seat('y')), SeatStatus::kLive) << "not mated until his own turn";
  freed.play(move(freed.position(), "j4", "l3"));  // White, his partner, takes the rook
  freed.play(move(freed.position(), "g12", "g11"));
  EXPECT_EQ(freed.seat_name(freed.to_move()), "Yellow");
  EXPECT_EQ(freed.status(seat('y')), SeatStatus::kLive);

  Game mated = game('n', base);
  mated.play(move(mated.position(), "d3", "l3"));
  mated.play(move(mated.position(), "f1", "e1"));
  auto rulings = mated.play(move(mated.position(), "g12", "g11"));
  EXPECT_TRUE(has(rulings, RulingKind::kCheckmate));
  EXPECT_EQ(mated.status(seat('y')), SeatStatus::kCheckmated);
  EXPECT_EQ(mated.seat_name(mated.to_move()), "Dark Brown");
}

TEST_F(ChessFour, Rule11EnPassantOnlyBetweenFacingSeats) {
  Game facing = game('w', with_kings({"e2:wP", "d4:bP"}));
  facing.play(move(facing.position(), "e2", "e4"));
  EXPECT_TRUE(has_move(facing.position(), "d4", "e3")) << "Black faces White";
  Game adjacent = game('b', with_kings({"d11:bP", "e9:yP"}));
  adjacent.play(move(adjacent.position(), "d11", "d9"));
  ASSERT_EQ(adjacent.seat_name(adjacent.to_move()), "Yellow");
  EXPECT_FALSE(has_move(adjacent.position(), "e9", "d10")) << "Yellow sits beside Black";
}

TEST_F(ChessFour, Rule11BlacksDoubleStepIsOpenOnWhitesNextTurn) {
  // Issue 15 item 16. Rule 11: "The en passant rule applies only to directly
  // opposite moving pieces": Black and White face each other, so each may
  // take the other's pawn alike. After Black's double step Yellow and Dark
  // Brown move before White: the window is White's next turn, not the next
  // mover's.
  Game g = game('b', with_kings({"e11:bP", "d9:wP"}));
  g.play(move(g.position(), "e11", "e9"));
  g.play(move(g.position(), "l7", "l8"));  // Yellow
  g.play(move(g.position(), "a6", "a5"));  // Dark Brown
  ASSERT_EQ(g.seat_name(g.to_move()), "White");
  EXPECT_TRUE(has_move(g.position(), "d9", "e10")) << "White takes Black's pawn en passant";
  auto rulings = g.play(move(g.position(), "d9", "e10"));
  EXPECT_NE(rulings.front().kind, RulingKind::kIllegalMove);
  EXPECT_TRUE(g.position().at(rules_->geometry.parse("e9")).empty()) << "the pawn on e9 is taken";

  // The window is that one turn: if White plays elsewhere, it closes.
  Game later = game('b', with_kings({"e11:bP", "d9:wP"}));
  for (const auto& [from, to] : {std::pair{"e11", "e9"}, {"l7", "l8"}, {"a6", "a5"}, {"f1", "e1"},
                                 {"g12", "g11"}, {"l8", "l7"}, {"a5", "a6"}}) {
    later.play(move(later.position(), from, to));
  }
  ASSERT_EQ(later.seat_name(later.to_move()), "White");
  EXPECT_FALSE(has_move(later.position(), "d9", "e10"));
}

TEST_F(ChessFour, Rule11DarkBrownsDoubleStepIsOpenOnYellowsNextTurn) {
  // Dark Brown (west) and Yellow (east) face each other; White and Black
  // move between Dark Brown's double step and Yellow's turn.
  Game g = game('n', with_kings({"b6:nP", "d5:yP"}));
  g.play(move(g.position(), "b6", "d6"));
  g.play(move(g.position(), "f1", "e1"));
  g.play(move(g.position(), "g12", "g11"));
  ASSERT_EQ(g.seat_name(g.to_move()), "Yellow");
  EXPECT_TRUE(has_move(g.position(), "d5", "c6")) << "Yellow takes Dark Brown's pawn en passant";
}

TEST_F(ChessFour, Rule8AMatedPlayersFrozenKingIsASwitch) {
  // Rule 8: "the mated player's pieces cannot be moved but can be taken by
  // the other team"; rule 3: "All normal rules of chess apply", and a king
  // is never taken. House rule elimination.frozen_king_capturable: off, the
  // frozen king stays; on, the other team (never his partner) may take it.
  Game g = game('w', with_kings({"e6:wR", "a9:bR"}), "n");
  EXPECT_FALSE(has_move(g.position(), "e6", "a6")) << "the shipped reading: the frozen king stays";
  EXPECT_TRUE(has_move(g.position(), "e6", "c6"));

  auto takes = std::make_shared<RuleSet>(*rules_);
  takes->elimination.frozen_king_capturable = true;
  Game t(takes, setup(*takes, 'w', with_kings({"e6:wR", "a9:bR"}), "n"));
  EXPECT_TRUE(t.is_legal(move(t.position(), "e6", "a6"))) << "White takes Dark Brown's frozen king";
  t.play(move(t.position(), "f1", "e1"));
  ASSERT_EQ(t.seat_name(t.to_move()), "Black");
  EXPECT_FALSE(has_move(t.position(), "a9", "a6")) << "Black is Dark Brown's partner";
}

TEST_F(ChessFour, JudgementCallNoMoveAndNotInCheckPasses) {
  // Dark Brown's king on a3: a4 and b4 covered by White's rook, b3 by the bishop.
  Game g = game('n', with_kings({"a3:nK", "h4:wR", "d1:wB"}, "n"));
  EXPECT_TRUE(has(g.opening_rulings(), RulingKind::kPass));
  EXPECT_EQ(g.seat_name(g.to_move()), "White");
  EXPECT_EQ(g.status(seat('n')), SeatStatus::kLive);
}

TEST_F(ChessFour, TheGameEndsWhenBothPlayersOfATeamAreMated) {
  // Yellow is already out; White's king on c1 is mated by Black's rooks.
  Game g = game('w', with_kings({"c1:wK", "c8:bR", "d8:bR"}, "w"), "y");
  EXPECT_TRUE(has(g.opening_rulings(), RulingKind::kCheckmate));
  ASSERT_TRUE(g.outcome().over);
  Seat winner = g.outcome().ranking.front();
  EXPECT_TRUE(winner == seat('b') || winner == seat('n'));
}

}  // namespace
}  // namespace tabula::core

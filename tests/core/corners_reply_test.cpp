// Sheet 000's mate rule with remembered replies (issue 30 item 3): a reply
// proof tries first the move that answered the same seat's last check, as a
// candidate only. These scenarios make the remembered move wrong for the
// position it is tried in — pseudo-legal there but illegal, or legal but
// refused by another rule of the sheet — and check that the game still
// refuses the move that mates a non-target. Board as in
// corners_short_test.cpp (seats W south, G west, B north, P east; order W G
// B P; each seat's target the next in that order).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::move;
using testing::setup;

class CornersReply : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("corners-short");
    ASSERT_TRUE(rules_);
  }
  Square sq(const char* name) const { return rules_->geometry.parse(name); }
  Game game(char to_move, const std::vector<std::string>& pieces, bool first_round = false) {
    Position pos = setup(*rules_, to_move, pieces);
    if (!first_round) pos.set_fullmove_number(2);
    return Game(rules_, pos);
  }
  // The game's legal moves found afresh (make and unmake drop the list the
  // game keeps), after the proofs of `before` were run.
  static MoveList fresh(Game& g, const Move& before) {
    g.make(before);
    g.unmake();
    MoveList out;
    g.legal_moves(out);
    return out;
  }
  bool listed(const MoveList& list, const char* from, const char* to) const {
    return std::any_of(list.begin(), list.end(),
                       [&](const Move& m) { return m.from == sq(from) && m.to == sq(to); });
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(CornersReply, ARememberedReplyThatIsIllegalNowProvesNothing) {
  // RULINGS 000: "a move that would checkmate any other king is illegal".
  // First Rc3-l3 checks Pink (l8, White's right: not his target) while the
  // k-file is open: Pink's king steps to it, and that reply is remembered.
  // Then White's rook d4 goes to k4 and the others wait; now the same
  // check leaves Pink's king no square (the remembered step is still a
  // move of his king, but into the k4 rook's file): Rc3-l3 would mate
  // Pink, and is refused.
  Game g = game('w', {"g1:wK", "d4:wR", "c3:wR", "a6:gK", "f12:bK", "l8:pK", "i10:pP"});
  MoveList before;
  g.legal_moves(before);
  ASSERT_TRUE(listed(before, "c3", "l3")) << "Pink can step off the l-file onto the k-file";
  g.make(move(g.position(), "d4", "k4"));
  g.make(move(g.position(), "a6", "a5"));
  g.make(move(g.position(), "f12", "e12"));
  g.make(move(g.position(), "i10", "h10"));
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules_, 'w'));
  MoveList after;
  g.legal_moves(after);
  EXPECT_FALSE(listed(after, "c3", "l3")) << "the k4 rook covers every step of Pink's king";
  EXPECT_TRUE(listed(after, "c3", "c8")) << "a mere check on Pink stays legal";
  // The same answer, found again with the reply proofs of the whole list
  // just run (each candidate tried first is one of them).
  EXPECT_FALSE(listed(fresh(g, move(g.position(), "c3", "c8")), "c3", "l3"));
}

TEST_F(CornersReply, ARememberedReplyThatAnotherRuleRefusesNowProvesNothing) {
  // 000 short: "Edge pawns may not capture edge pawns on the first round of
  // moves". Grey's bishop a5-c3 checks White (d4; not Grey's target, who is
  // Black): White's one reply is his edge pawn d2 taking the bishop, which
  // the truce allows. Grey's edge pawn b3-c3 gives the same check, and the
  // same move d2xc3 (legal on the board) is now an edge pawn taking an edge
  // pawn: refused, so b3-c3 would mate White and is refused, whichever of
  // the two checks was proven last.
  Game g = game('g', {"d4:wK", "d2:wP", "d3:wP", "e3:wP", "e4:wP", "e5:wP", "d5:wP", "c5:wP", "c4:wP",
                      "b3:gP", "a3:gR", "a4:gN", "a5:gB", "a8:gK", "f12:bK", "l7:pK"},
                true);
  const Move bishop = move(g.position(), "a5", "c3");
  const Move pawn = move(g.position(), "b3", "c3");
  MoveList list;
  g.legal_moves(list);
  ASSERT_TRUE(listed(list, "a5", "c3")) << "White answers the bishop's check with d2xc3";
  EXPECT_FALSE(listed(list, "b3", "c3"));
  EXPECT_FALSE(listed(fresh(g, bishop), "b3", "c3"));
  EXPECT_FALSE(listed(fresh(g, pawn), "b3", "c3"));
  EXPECT_NE(g.why_illegal(sq("b3"), sq("c3")).find("target"), std::string::npos)
      << g.why_illegal(sq("b3"), sq("c3"));
  // After the bishop's check is played, White's reply is that capture.
  g.play(bishop);
  ASSERT_EQ(g.to_move(), testing::seat_of(*rules_, 'w'));
  EXPECT_TRUE(listed(g.legal_moves(), "d2", "c3"));
}

}  // namespace
}  // namespace tabula::core

// Sheet 002, Four Kingdoms, as read in RULINGS.md: one scenario per rule.
// Seats: Red south, Blue east, Yellow north, Green west; order R, B, Y, G.
#include <gtest/gtest.h>

#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

class FourKingdoms : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("four-kingdoms");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  Game game(char to_move, std::vector<std::string> pieces, const std::string& out = "",
            std::array<int, kMaxSeats> points = {}) {
    return Game(rules_, setup(*rules_, to_move, pieces, out), points);
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  // Kings parked where nothing reaches them.
  const std::vector<std::string> kKings{"h1:rK", "n8:bK", "g14:yK", "a7:gK"};
  std::vector<std::string> with_kings(std::vector<std::string> extra, const std::string& skip = "") {
    for (const auto& k : kKings)
      if (skip.find(k[k.size() - 2]) == std::string::npos) extra.push_back(k);
    return extra;
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(FourKingdoms, Rule1RedFirstThenCounterClockwise) {
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  EXPECT_EQ(g.to_move(), seat('r'));
  g.play(move(g.position(), "h2", "h3"));
  EXPECT_EQ(g.seat_name(g.to_move()), "Blue");  // east: counter-clockwise from south
  g.play(move(g.position(), "m5", "l5"));
  EXPECT_EQ(g.seat_name(g.to_move()), "Yellow");
  g.play(move(g.position(), "h13", "h12"));
  EXPECT_EQ(g.seat_name(g.to_move()), "Green");
  g.play(move(g.position(), "b7", "c7"));
  EXPECT_EQ(g.to_move(), seat('r'));
}

TEST_F(FourKingdoms, Rule2NoEnPassant) {
  Game g = game('r', with_kings({"e2:rP", "d4:gP"}));
  g.play(move(g.position(), "e2", "e4"));
  g.play(move(g.position(), "n8", "n9"));
  g.play(move(g.position(), "g14", "f14"));
  ASSERT_EQ(g.to_move(), seat('g'));
  EXPECT_FALSE(has_move(g.position(), "d4", "e3")) << "002 rule 2: no en passant";
  EXPECT_TRUE(has_move(g.position(), "d4", "e4") == false);
}

TEST_F(FourKingdoms, Rule3CapturesScoreByPiece) {
  const std::pair<char, int> values[] = {{'P', 1}, {'N', 3}, {'B', 5}, {'R', 5}, {'Q', 9}};
  for (auto [letter, value] : values) {
    Game g = game('r', with_kings({"h5:rQ", std::string("h9:b") + letter}));
    auto rulings = g.play(move(g.position(), "h5", "h9"));
    EXPECT_EQ(g.points(seat('r')), value) << letter;
    EXPECT_TRUE(has(rulings, RulingKind::kPoints));
  }
  // A king left attacked can be taken, for 20 (RULINGS 002).
  Game k = game('r', with_kings({"n5:rR"}));
  ASSERT_TRUE(has_move(k.position(), "n5", "n8"));
  auto rulings = k.play(move(k.position(), "n5", "n8"));
  EXPECT_EQ(k.points(seat('r')), 20);
  EXPECT_TRUE(has(rulings, RulingKind::kKingCaptured));
  EXPECT_EQ(k.status(seat('b')), SeatStatus::kCheckmated);
  EXPECT_EQ(k.seat_name(k.to_move()), "Yellow") << "Blue's turn is skipped";
}

TEST_F(FourKingdoms, Rule4MateCountsAtOnceAndPaysTheMoverEvenWithoutHisCheck) {
  // Blue's king on n11 is in check from Yellow's rook on n5; Red's rook
  // takes the last retreat squares (m10, m11). Red gets the 20 points.
  Game g = game('r', with_kings({"n11:bK", "n5:yR", "h4:rR"}, "b"));
  auto rulings = g.play(move(g.position(), "h4", "m4"));
  EXPECT_TRUE(has(rulings, RulingKind::kCheckmate));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.points(seat('r')), 20);
  EXPECT_EQ(g.points(seat('y')), 0);
  EXPECT_EQ(g.seat_name(g.to_move()), "Yellow") << "the mated player leaves at once";
}

TEST_F(FourKingdoms, Rule5PromotionOnTheEighthRankToAOnePointQueen) {
  Game g = game('r', with_kings({"h7:rP", "j9:bN"}));
  auto rulings = g.play(move(g.position(), "h7", "h8", 'Q'));
  EXPECT_TRUE(has(rulings, RulingKind::kPromotion));
  Piece q = g.position().at(rules_->geometry.parse("h8"));
  EXPECT_TRUE(q.promoted);
  EXPECT_EQ(q.kind, rules_->kind_by_letter('Q'));
  g.play(move(g.position(), "j9", "h8"));
  EXPECT_EQ(g.points(seat('b')), 1) << "002 rule 5: capturing a promoted queen scores 1";
}

TEST_F(FourKingdoms, Rule6DeadPiecesStayGiveNoCheckAndScoreNothing) {
  // Blue is out: his rook on h9 would attack Red's king on h1... through an
  // empty file, but dead pieces give no check; his pawn still blocks.
  Game g = game('r', {"h1:rK", "h9:bR", "h5:rR", "g14:yK", "a7:gK", "k9:bP", "k13:yR"}, "b");
  EXPECT_TRUE(g.checkers(seat('r')).empty());
  EXPECT_TRUE(g.position().in_check(seat('r')) == false);
  g.play(move(g.position(), "h5", "h9"));
  EXPECT_EQ(g.points(seat('r')), 0) << "002 rule 6";
  EXPECT_EQ(g.seat_name(g.to_move()), "Yellow") << "Blue's turns are skipped";
  EXPECT_FALSE(has_move(g.position(), "k13", "k8")) << "a dead pawn still blocks";
  EXPECT_TRUE(has_move(g.position(), "k13", "k9")) << "and can be captured";
}

TEST_F(FourKingdoms, Rule7ResignedPiecesMoveAtRandomScoreNothingButTheKingScores20) {
  Game g = game('r', with_kings({"h5:rQ", "h9:bP", "l6:bB"}));
  g.resign(seat('b'));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kResigned);
  EXPECT_TRUE(g.plays(seat('b')));
  g.play(move(g.position(), "h5", "h9"));
  EXPECT_EQ(g.points(seat('r')), 0) << "capturing a random mover's piece scores nothing";
  ASSERT_EQ(g.to_move(), seat('b'));
  auto random = g.random_move(7);
  ASSERT_TRUE(random.has_value());
  g.play(*random);
  EXPECT_NE(g.to_move(), seat('b'));
  // Capturing that king still scores 20.
  Game k = game('r', with_kings({"n5:rR"}));
  k.resign(seat('b'));
  k.play(move(k.position(), "n5", "n8"));
  EXPECT_EQ(k.points(seat('r')), 20);
}

TEST_F(FourKingdoms, Rule8TheLastPlayerGets20PerKingNotMatedOrCaptured) {
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  g.resign(seat('b'));
  g.resign(seat('y'));
  EXPECT_FALSE(g.outcome().over);
  auto rulings = g.resign(seat('g'));
  EXPECT_TRUE(g.outcome().over);
  EXPECT_EQ(g.points(seat('r')), 60);
  EXPECT_EQ(g.outcome().ranking.front(), seat('r'));
}

TEST_F(FourKingdoms, Rule9AStalematedPlayerGets20AndLeaves) {
  // Blue's king on n11 cannot move (m10, m11, n10 covered) and is not in check.
  Game g = game('r', with_kings({"n11:bK", "m4:rR", "d10:rR"}, "b"));
  auto rulings = g.play(move(g.position(), "h1", "h2"));
  EXPECT_TRUE(has(rulings, RulingKind::kStalemate));
  EXPECT_EQ(g.points(seat('b')), 20);
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kStalemated);
  EXPECT_EQ(g.seat_name(g.to_move()), "Yellow");
}

TEST_F(FourKingdoms, Rule10AResignedPlayersPointsAreFrozen) {
  // Blue's random mover captures a knight: his points stay 7.
  Game h = game('b', with_kings({"l7:bB", "j9:rN"}), "", {0, 7, 0, 0});
  h.resign(seat('b'));
  EXPECT_EQ(h.to_move(), seat('b'));
  h.play(move(h.position(), "l7", "j9"));
  EXPECT_EQ(h.points(seat('b')), 7);
}

TEST_F(FourKingdoms, Rule11MostPointsWinTiesGoToTheLaterMover) {
  // Blue and Yellow are out without kings; Red 20, Green 40. Green resigns:
  // Red, the last player, gets 20 for Green's king: 40 each, Green ranks first.
  Game g = game('r', {"h1:rK", "a7:gK"}, "by", {20, 0, 0, 40});
  g.resign(seat('g'));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.points(seat('r')), 40);
  EXPECT_EQ(g.points(seat('g')), 40);
  EXPECT_EQ(g.outcome().ranking[0], seat('g'));
  EXPECT_EQ(g.outcome().ranking[1], seat('r'));
}

TEST_F(FourKingdoms, Rule4OneMoveThatMatesBothRemainingPlayersMatesBoth) {
  // Issue 15 item 6. Red and Blue have resigned (rule 7: random movers).
  // Red's queen goes e4-h7: Yellow's king on h14 (boxed by his pawns) is
  // mated along the h-file, Green's on a7 along rank 7. Rule 4: "the mated
  // player leaves the game" — both of them, since "checkmate is counted at
  // the moment the king has no way to retreat". Rule 8's "+20 for every king
  // not yet defeated" is for a player who is left, and none is: Green, mated
  // too, must not collect 40 for Red's and Blue's kings.
  Game g = game('r',
                {"h14:yK", "g14:yP", "i14:yP", "g13:yP", "i13:yP", "a7:gK", "a6:gP", "a8:gP", "b6:gP", "b8:gP",
                 "e4:rQ", "h1:rK", "n8:bK"},
                "", {0, 0, 30, 0});
  g.resign(seat('r'));
  g.resign(seat('b'));
  ASSERT_EQ(g.to_move(), seat('r'));
  auto rulings = g.play(move(g.position(), "e4", "h7"));
  int mates = 0;
  for (const Ruling& r : rulings) {
    if (r.kind == RulingKind::kCheckmate) ++mates;
    EXPECT_EQ(r.text.find("last player left"), std::string::npos) << r.text;
  }
  EXPECT_EQ(mates, 2);
  EXPECT_EQ(g.status(seat('y')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.points(seat('g')), 0);
  EXPECT_EQ(g.points(seat('y')), 30);
  EXPECT_EQ(g.points(seat('r')), 0) << "rule 10: a resigned player's points are frozen";
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().ranking.front(), seat('y')) << "rule 11: most points";
}

TEST_F(FourKingdoms, Rule4MatesThatDependOnEachOtherAreAllJudgedAtOnce) {
  // Issue 15 item 6. Red's queen goes e7-h10: it mates Yellow along the
  // h-file, and by leaving rank 7 it opens Yellow's rook on f7 onto Green's
  // king on a7, mated too. Rule 4: "Checkmate is counted at the moment the
  // king has no way to retreat", and the 20 go to the player whose move made
  // it so: both mates are Red's (checks.multiple_mates: SIMULTANEOUS). The
  // other reading (IN_TURN_ORDER) takes Yellow out first; his rook is then
  // dead and Green survives: 20 points that seat order alone decides.
  const std::vector<std::string> pieces{"h14:yK", "g14:yP", "i14:yP", "g13:yP", "i13:yP", "f7:yR", "a7:gK",
                                        "a6:gP",  "a8:gP",  "b6:gP",  "b8:gP",  "e7:rQ",  "h1:rK", "n8:bK"};
  Game g = game('r', pieces);
  g.play(move(g.position(), "e7", "h10"));
  EXPECT_EQ(g.status(seat('y')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.points(seat('r')), 40);

  auto ordered = std::make_shared<RuleSet>(*rules_);
  ordered->checks.multiple_mates = MultipleMates::kInTurnOrder;
  Game o(ordered, setup(*ordered, 'r', pieces));
  o.play(move(o.position(), "e7", "h10"));
  EXPECT_EQ(o.status(seat('y')), SeatStatus::kCheckmated);
  EXPECT_EQ(o.status(seat('g')), SeatStatus::kLive) << "Yellow's rook died with him";
  EXPECT_EQ(o.points(seat('r')), 20);
}

TEST_F(FourKingdoms, APinnedPieceMayTakeThePinnersKing) {
  // Issue 15 item 7. RULINGS 002: "a king left attacked ... can be taken".
  // Red's bishop on h4 is pinned to Red's king by Blue's rook on h10, and
  // bears on Blue's king on k7. Taking that king takes Blue out (rule 4:
  // "leaves the game"; rule 6: his pieces are dead), so the rook's attack
  // ends with the capture (house rule checks.king_capture_lifts_attacks,
  // as chess.com rules it).
  Game g = game('r', {"h1:rK", "h4:rB", "h10:bR", "k7:bK", "g14:yK", "a7:gK"});
  Move take{rules_->geometry.parse("h4"), rules_->geometry.parse("k7"), MoveKind::kNormal, kNoKind, 0};
  ASSERT_TRUE(g.is_legal(take));
  auto rulings = g.play(take);
  EXPECT_TRUE(has(rulings, RulingKind::kKingCaptured));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kCheckmated);
  EXPECT_EQ(g.points(seat('r')), 20) << "rule 3: king 20";
  EXPECT_FALSE(g.position().in_check(seat('r'))) << "Blue's rook is dead";

  auto strict = std::make_shared<RuleSet>(*rules_);
  strict->checks.king_capture_lifts_attacks = false;
  Game s(strict, setup(*strict, 'r', {"h1:rK", "h4:rB", "h10:bR", "k7:bK", "g14:yK", "a7:gK"}));
  EXPECT_FALSE(s.is_legal(take)) << "the switch off: the pinned bishop stays";
}

TEST_F(FourKingdoms, ChecksNameWhoChecksWhom) {
  Game g = game('r', with_kings({"e3:rB"}));
  auto rulings = g.play(move(g.position(), "e3", "c5"));
  bool found = false;
  for (const Ruling& r : rulings) {
    if (r.kind == RulingKind::kCheck) {
      found = true;
      EXPECT_EQ(r.seat, seat('g'));
      EXPECT_EQ(r.by, seat('r'));
      EXPECT_EQ(r.text, "Green is in check from Red's bishop on c5");
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace tabula::core

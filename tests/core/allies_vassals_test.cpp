// Sheet 003, allies and vassals (TRANSLATIONS.md), as read in RULINGS.md:
// a scenario per sentence of the sheet. Seats: White south, Black west, Red
// north, Blue east (FEN4 letter U); order W, B, R, U.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

class AlliesVassals : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("allies-vassals");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  std::vector<std::string> with_kings(std::vector<std::string> extra, const std::string& skip = "") {
    for (const char* k : {"h1:wK", "a7:bK", "g14:rK", "n8:uK"}) {
      std::string s(k);
      if (skip.find(s[s.size() - 2]) == std::string::npos) extra.push_back(s);
    }
    return extra;
  }
  Game game(char to_move, std::vector<std::string> pieces, std::array<int, kMaxSeats> tokens = {4, 4, 4, 4}) {
    return Game(rules_, setup(*rules_, to_move, pieces), tokens);
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  int total(const Game& g) {
    int t = 0;
    for (int s = 0; s < 4; ++s) t += g.points(seat_at(s));
    return t;
  }
  // Black's king on a4 is mated by White's rooks (a10, b11) at the start of
  // Black's turn, after White's quiet move.
  std::vector<std::string> black_mated_by_white(std::vector<std::string> extra) {
    extra.insert(extra.end(), {"a4:bK", "a10:wR", "b11:wR"});
    return with_kings(extra, "b");
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(AlliesVassals, Rules1And7FourTokensEachWhiteBlackRedBlue) {
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  Game g(rules_, *pos);
  for (int s = 0; s < 4; ++s) EXPECT_EQ(g.points(seat_at(s)), 4);
  std::vector<std::string> order;
  for (const auto& [a, b] : {std::pair{"h2", "h3"}, {"b7", "c7"}, {"h13", "h12"}, {"m5", "l5"}}) {
    order.push_back(g.seat_name(g.to_move()));
    g.play(move(g.position(), a, b));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"White", "Black", "Red", "Blue"}));
}

TEST_F(AlliesVassals, Rule2AlliesDoNotCaptureOrCheckEachOther) {
  Game g = game('w', with_kings({"e5:wR", "e8:uP", "e4:bP"}));
  EXPECT_FALSE(has_move(g.position(), "e5", "e8")) << "Blue is White's ally";
  EXPECT_TRUE(has_move(g.position(), "e5", "e4"));
  EXPECT_EQ(g.vassalage().ally_of(seat('w')), seat('u'));
  EXPECT_EQ(g.vassalage().ally_of(seat('b')), seat('r'));
}

TEST_F(AlliesVassals, Rule2AnAllyMayNotExposeHisAllysKing) {
  // White's knight on h8 shields Blue's king on n8 from Black's rook on d8.
  Game g = game('w', with_kings({"d8:bR", "h8:wN"}));
  EXPECT_FALSE(has_move(g.position(), "h8", "g6") && g.is_legal(move(g.position(), "h8", "g6")));
  std::string why = g.why_illegal(rules_->geometry.parse("h8"), rules_->geometry.parse("g6"));
  EXPECT_NE(why.find("it would expose Blue's king (his ally)"), std::string::npos) << why;
}

TEST_F(AlliesVassals, Rule2AnAllyNeedNotPreventAMate) {
  // Blue is in check from Black's rook; White may still make a move that
  // does nothing about it.
  Game g = game('w', with_kings({"d8:bR"}));
  EXPECT_TRUE(g.position().in_check(seat('u')));
  EXPECT_TRUE(g.is_legal(move(g.position(), "h1", "h2")));
}

TEST_F(AlliesVassals, Rule3TheMatedPaysHalfAndBecomesTheMatersVassal) {
  Game g = game('w', black_mated_by_white({}), {4, 3, 4, 5});
  auto rulings = g.play(move(g.position(), "h1", "h2"));
  EXPECT_TRUE(has(rulings, RulingKind::kCheckmate));
  EXPECT_EQ(g.points(seat('b')), 1) << "3 tokens: he pays 2";
  EXPECT_EQ(g.points(seat('w')), 6);
  EXPECT_EQ(total(g), 16);
  const Vassalage& v = g.vassalage();
  EXPECT_EQ(v.suzerain_of(seat('b')), seat('w'));
  // Rule 2: the alliance ends the moment the ally is mated.
  EXPECT_EQ(v.ally_of(seat('b')), kNoSeat);
  EXPECT_EQ(v.ally_of(seat('r')), kNoSeat);
  // He is now the ally of his suzerain's ally (Blue), and Red's opponent.
  EXPECT_TRUE(v.friends(seat('b'), seat('u')));
  EXPECT_FALSE(v.friends(seat('b'), seat('r')));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kLive) << "he plays on, no longer in check";
  EXPECT_EQ(g.to_move(), seat('b'));
  EXPECT_FALSE(g.position().in_check(seat('b')));
  EXPECT_TRUE(has(rulings, RulingKind::kRelation));
}

TEST_F(AlliesVassals, Rule3WithOneTokenHePaysThatToken) {
  Game g = game('w', black_mated_by_white({}), {4, 1, 4, 7});
  g.play(move(g.position(), "h1", "h2"));
  EXPECT_EQ(g.points(seat('b')), 0);
  EXPECT_EQ(g.points(seat('w')), 5);
  EXPECT_EQ(g.vassalage().suzerain_of(seat('b')), seat('w'));
}

TEST_F(AlliesVassals, Rule3WithNoTokensAllHisPiecesAreRemoved) {
  Game g = game('w', black_mated_by_white({"k12:bN"}), {8, 0, 4, 4});
  auto rulings = g.play(move(g.position(), "h1", "h2"));
  EXPECT_TRUE(has(rulings, RulingKind::kRemoval));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kRemoved);
  EXPECT_TRUE(g.position().at(rules_->geometry.parse("k12")).empty());
  EXPECT_TRUE(g.position().at(rules_->geometry.parse("a4")).empty());
  EXPECT_EQ(g.seat_name(g.to_move()), "Red");
}

TEST_F(AlliesVassals, Rule3AKingAttackedByANewOpponentIsRemoved) {
  // Black's bishop on k10 bears on Red's king (allies do not check). When
  // Black becomes White's vassal, Red is a new opponent: Red is removed.
  Game g = game('w', black_mated_by_white({"k10:bB"}));
  auto rulings = g.play(move(g.position(), "h1", "h2"));
  EXPECT_EQ(g.status(seat('r')), SeatStatus::kRemoved);
  bool named = false;
  for (const Ruling& r : rulings)
    named = named || (r.kind == RulingKind::kRemoval && r.text.find("new opponent") != std::string::npos);
  EXPECT_TRUE(named);
}

TEST_F(AlliesVassals, Rule3AVassalWhoGainsAVassalIsFreedAndAnswersForHisKing) {
  // Black becomes White's vassal, then mates Red (king on k14, boxed by the
  // rooks on k12 and j4). Red pays Black and becomes his vassal; Black gains a
  // vassal and is freed. Freed, Black has White as a new opponent whose rook
  // on a10 still bears on his king: all his pieces are removed (rule 3), and
  // Red, whose suzerain has left, is freed in turn.
  auto pieces = black_mated_by_white({"e12:bR", "j4:bR", "k14:rK"});
  pieces.erase(std::remove(pieces.begin(), pieces.end(), std::string("g14:rK")), pieces.end());
  Game g = game('w', pieces);
  g.play(move(g.position(), "h1", "h2"));
  ASSERT_EQ(g.vassalage().suzerain_of(seat('b')), seat('w'));
  auto rulings = g.play(move(g.position(), "e12", "k12"));
  EXPECT_TRUE(has(rulings, RulingKind::kCheckmate));
  bool freed = false;
  bool removed = false;
  for (const Ruling& r : rulings) {
    freed = freed || r.text == "Black gains a vassal and is freed from White";
    removed = removed || (r.kind == RulingKind::kRemoval && r.seat == seat('b'));
  }
  EXPECT_TRUE(freed);
  EXPECT_TRUE(removed);
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kRemoved);
  EXPECT_EQ(g.vassalage().suzerain_of(seat('r')), kNoSeat);
  EXPECT_EQ(g.points(seat('r')), 2) << "Red paid 2 of his 4 tokens";
  EXPECT_EQ(total(g), 16);
}

TEST(Vassalage, AVassalWhoGainsAVassalIsFreedAndHasNoAllies) {
  Vassalage v;
  std::array<bool, kMaxSeats> all{true, true, true, true};
  std::array<std::string, kMaxSeats> names{"White", "Black", "Red", "Blue"};
  v.ally(seat_at(0), seat_at(3));
  v.ally(seat_at(1), seat_at(2));
  v.vassalize(seat_at(1), seat_at(0), all, names);  // Black -> White's vassal
  EXPECT_TRUE(v.friends(seat_at(1), seat_at(3))) << "the ally of his suzerain's ally";
  EXPECT_TRUE(v.protects(seat_at(1), seat_at(0))) << "he may not expose his suzerain";
  EXPECT_FALSE(v.protects(seat_at(0), seat_at(1))) << "the suzerain may expose his vassal";
  v.vassalize(seat_at(2), seat_at(1), all, names);  // Red -> Black's vassal
  EXPECT_EQ(v.suzerain_of(seat_at(1)), kNoSeat);
  EXPECT_EQ(v.ally_of(seat_at(1)), kNoSeat);
  EXPECT_FALSE(v.friends(seat_at(1), seat_at(0)));
  EXPECT_FALSE(v.friends(seat_at(1), seat_at(3)));
  EXPECT_TRUE(v.friends(seat_at(1), seat_at(2)));
}

TEST_F(AlliesVassals, Rule3TheVassalMustShieldHisSuzerain) {
  // Red's king on k14 is mated by Blue's rooks (k4, j3) at the start of
  // Red's turn, after Black's rook checks Blue's king along rank 8. Red,
  // now Blue's vassal, must block with his knight (d9-f8): nothing else.
  Game g = game('w', {"h1:wK", "a7:bK", "n8:uK", "k14:rK", "k4:uR", "j3:uR", "c9:bR", "d9:rN"});
  g.play(move(g.position(), "h1", "h2"));
  g.play(move(g.position(), "c9", "c8"));
  ASSERT_EQ(g.vassalage().suzerain_of(seat('r')), seat('u'));
  ASSERT_EQ(g.to_move(), seat('r'));
  MoveList legal = g.legal_moves();
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(rules_->geometry.name(legal[0].to), "f8");
  std::string why = g.why_illegal(rules_->geometry.parse("k14"), rules_->geometry.parse("j14"));
  EXPECT_NE(why.find("Red must end the check on Blue's king (his suzerain)"), std::string::npos) << why;
}

TEST_F(AlliesVassals, Rule4APawnOnAFriendlyEdgeWaits) {
  // Red becomes Blue's vassal (as above), so Red's edge (rank 14) is friendly
  // to White, Blue's ally: White's pawn reaching it stays a pawn.
  Game g = game('w', {"h1:wK", "a7:bK", "n8:uK", "k14:rK", "k4:uR", "j3:uR", "c9:bR", "d9:rN", "f13:wP"});
  g.play(move(g.position(), "h1", "h2"));
  g.play(move(g.position(), "c9", "c8"));
  g.play(move(g.position(), "d9", "f8"));
  g.play(move(g.position(), "n8", "n9"));
  ASSERT_EQ(g.to_move(), seat('w'));
  EXPECT_FALSE(g.position().promotion_allowed(seat('w')));
  g.play(move(g.position(), "f13", "f14"));
  Piece p = g.position().at(rules_->geometry.parse("f14"));
  EXPECT_EQ(rules_->piece(p.kind).name, "pawn");
}

TEST_F(AlliesVassals, Rule4APawnOnAnOpponentsEdgePromotes) {
  Game g = game('w', with_kings({"f13:wP"}));
  EXPECT_TRUE(g.position().promotion_allowed(seat('w')));
  g.play(move(g.position(), "f13", "f14", 'Q'));
  EXPECT_EQ(rules_->piece(g.position().at(rules_->geometry.parse("f14")).kind).name, "queen");
}

TEST_F(AlliesVassals, Rule5TheStalematedPlayerPlacesANewPiece) {
  // White's king on d1 cannot move (d2, e2 and e1 covered) and is not in check.
  Game g = game('w', {"d1:wK", "a7:bK", "g14:rK", "n8:uK", "k2:bR", "e14:bR"});
  MoveList legal = g.legal_moves();
  ASSERT_FALSE(legal.empty());
  for (const Move& m : legal) {
    EXPECT_EQ(m.kind, MoveKind::kPlacement);
    EXPECT_FALSE(rules_->piece(m.promotion).royal) << "never a king";
    if (rules_->piece(m.promotion).pawn) {
      EXPECT_NE(rank_of(m.to), 13) << "no pawn on its last rank";
    }
  }
  Move q{kNoSquare, rules_->geometry.parse("h5"), MoveKind::kPlacement, rules_->kind_by_letter('Q'), 0};
  auto rulings = g.play(q);
  ASSERT_FALSE(rulings.empty());
  EXPECT_NE(rulings.front().kind, RulingKind::kIllegalMove) << rulings.front().text;
  EXPECT_EQ(g.position().at(rules_->geometry.parse("h5")).seat, seat('w'));
  EXPECT_EQ(g.seat_name(g.to_move()), "Black") << "the placement was his move";
}

TEST_F(AlliesVassals, Rule2TheSuzerainsAllyMayNotExposeTheVassalsKing) {
  // Issue 15 item 8. White mates Black, so Black becomes White's vassal and,
  // rule 3, "the ally of the suzerain's ally": Blue's. Rule 2: "An ally may
  // not make a move that exposes his ally's king" — Blue's knight on c6 may
  // not leave the line from Red's bishop on e8 to Black's king on a4.
  Game g = game('w', black_mated_by_white({"e8:rB", "c6:uN", "e11:bP"}));
  g.play(move(g.position(), "h1", "h2"));
  ASSERT_EQ(g.vassalage().suzerain_of(seat('b')), seat('w'));
  ASSERT_EQ(g.status(seat('b')), SeatStatus::kLive);
  g.play(move(g.position(), "e11", "f11"));  // Black
  g.play(move(g.position(), "g14", "g13"));  // Red
  ASSERT_EQ(g.to_move(), seat('u'));
  Move out = move(g.position(), "c6", "e5");
  EXPECT_FALSE(g.is_legal(out));
  std::string why = g.why_illegal(rules_->geometry.parse("c6"), rules_->geometry.parse("e5"));
  EXPECT_NE(why.find("expose Black's king"), std::string::npos) << why;
  auto rulings = g.play(out);
  EXPECT_EQ(rulings.front().kind, RulingKind::kIllegalMove);
}

TEST_F(AlliesVassals, Rule5APlacementIsTheVassalsMoveSoItMustShieldHisSuzerain) {
  // Issue 15 item 10. White's rook goes to k14: Red's king on d14 has no
  // way out (e13 under White's rook on h13). Black, Red's ally, checks
  // White's king on h1 with his bishop c4-d5. At Red's turn he is mated and
  // becomes White's vassal; now Black's rook on e5 and bishop on g10 hold
  // d13, e13 and e14, so Red is stalemated. Rule 5: he places a piece, and
  // "this counts as his move"; rule 3: "The vassal's duty is to shield his
  // suzerain's king from check": he must place it on e4, f3 or g2.
  Game g = game('w', {"h1:wK", "a7:bK", "n8:uK", "d14:rK", "k5:wR", "h13:wR", "e5:bR", "g10:bB", "c4:bB"});
  g.play(move(g.position(), "k5", "k14"));
  g.play(move(g.position(), "c4", "d5"));
  ASSERT_EQ(g.vassalage().suzerain_of(seat('r')), seat('w'));
  ASSERT_EQ(g.to_move(), seat('r'));
  ASSERT_TRUE(g.position().in_check(seat('w')));
  MoveList legal = g.legal_moves();
  ASSERT_FALSE(legal.empty());
  for (const Move& m : legal) {
    EXPECT_EQ(m.kind, MoveKind::kPlacement);
    std::string to = rules_->geometry.name(m.to);
    EXPECT_TRUE(to == "e4" || to == "f3" || to == "g2") << to;
  }
  Move astray{kNoSquare, rules_->geometry.parse("h5"), MoveKind::kPlacement, rules_->kind_by_letter('Q'), 0};
  EXPECT_FALSE(g.is_legal(astray));
  auto refused = g.play(astray);
  EXPECT_EQ(refused.front().kind, RulingKind::kIllegalMove);
  EXPECT_EQ(refused.front().text,
            "Red cannot place a queen on h5: Red must end the check on White's king (his suzerain), and a placement can");
  Move king{kNoSquare, rules_->geometry.parse("e4"), MoveKind::kPlacement, rules_->kind_by_letter('K'), 0};
  EXPECT_EQ(g.play(king).front().text, "Red cannot place a king on e4: a king is never placed");
  Move taken{kNoSquare, rules_->geometry.parse("d5"), MoveKind::kPlacement, rules_->kind_by_letter('N'), 0};
  EXPECT_EQ(g.play(taken).front().text, "Red cannot place a knight on d5: the square holds Black's bishop on d5");
}

TEST_F(AlliesVassals, Rule4AWaitingPawnsPromotionChecksOnThatMove) {
  // Issue 15 item 12. White's pawn waits on f14, Red's edge, and Red is an
  // opponent: rule 4, "all of them may be exchanged for pieces at the end
  // of the next move". The new queen checks Red's king on g14 at once: the
  // check is that move's, not the next player's.
  Game g = game('w', with_kings({"f14:wP"}));
  auto rulings = g.play(move(g.position(), "h1", "h2"));
  ASSERT_TRUE(has(rulings, RulingKind::kPromotion));
  bool check = false;
  for (const Ruling& r : rulings) check = check || (r.kind == RulingKind::kCheck && r.seat == seat('r'));
  EXPECT_TRUE(check);
  EXPECT_EQ(g.record().back().text, "Kh1-h2+") << "the record marks the check on this move";
}

TEST_F(AlliesVassals, FivefoldRepetitionEndsTheGameDecidedByTokens) {
  // Issue 15 item 11. Rule 1: "The winner is whoever holds the most tokens";
  // docs/VARIANTS.md: a fivefold repetition ends the game decided by tokens
  // (draws.automatic_end: DRAW_END_STANDING).
  Game g = game('w', with_kings({}), {6, 4, 3, 3});
  const std::vector<std::pair<const char*, const char*>> there{{"h1", "h2"}, {"a7", "a8"}, {"g14", "f14"}, {"n8", "n9"}};
  const std::vector<std::pair<const char*, const char*>> back{{"h2", "h1"}, {"a8", "a7"}, {"f14", "g14"}, {"n9", "n8"}};
  for (int cycle = 0; cycle < 6 && !g.outcome().over; ++cycle) {
    for (const auto& cycle_moves : {there, back}) {
      for (const auto& [from, to] : cycle_moves) {
        if (!g.outcome().over) g.play(move(g.position(), from, to));
      }
    }
  }
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "fivefold repetition");
  EXPECT_FALSE(g.outcome().draw);
  EXPECT_EQ(g.outcome().ranking.front(), seat('w')) << "six tokens";
  EXPECT_EQ(g.moves().size(), 32u);
}

TEST_F(AlliesVassals, ASeatOutInAFen4EndsItsAlliance) {
  // Issue 15 item 13. A FEN4 with Black and Red out (as "set position"
  // writes it): rule 2, "Alliances end at the moment ... the last of the
  // opponents is mated", so White and Blue play on as opponents.
  Position with_out = setup(*rules_, 'w', {"h1:wK", "n8:uK", "h5:wR", "k5:uP"}, "br");
  auto pos = parse_fen4(*rules_, to_fen4(with_out, {4, 0, 0, 4}));
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  Game g(rules_, *pos, {4, 0, 0, 4});
  EXPECT_EQ(g.vassalage().ally_of(seat('w')), kNoSeat);
  EXPECT_FALSE(g.outcome().over);
  EXPECT_TRUE(g.is_legal(move(g.position(), "h5", "k5"))) << "White may take Blue's pawn";
  Move place{kNoSquare, rules_->geometry.parse("e4"), MoveKind::kPlacement, rules_->kind_by_letter('Q'), 0};
  EXPECT_EQ(g.play(place).front().text,
            "White cannot place a queen on e4: only a stalemated player places a piece (rule 5)");

  // "The game goes on until only one suzerain is left at the table": with
  // White alone in, the start is the end.
  Position alone = setup(*rules_, 'w', {"h1:wK", "h5:wR"}, "bru");
  auto pos2 = parse_fen4(*rules_, to_fen4(alone, {9, 0, 0, 0}));
  ASSERT_TRUE(pos2.ok()) << pos2.error().message;
  Game over(rules_, *pos2, {9, 0, 0, 0});
  EXPECT_TRUE(over.outcome().over);
  EXPECT_EQ(over.outcome().ranking.front(), seat('w'));
}

TEST_F(AlliesVassals, Rule3AFriendsRemovalLeavesAKingAttackedByAnOldOpponentInPlay) {
  // Issue 15 item 14. Black, with no token, is mated by White: his pieces go
  // (rule 3), and his knight on g10 no longer shields Red's king on g14 from
  // White's rook on g5. Rule 3 removes a player whose king "ends up attacked
  // by the pieces of a newly made opponent after alliances change, or after
  // the pieces of a suzerain, ally or vassal are removed"; White is no new
  // opponent of Red, so Red is only in check (house rule
  // relations.removal_exposure: NEW_OPPONENT_ONLY).
  auto pieces = black_mated_by_white({"g10:bN", "g5:wR"});
  Game g = game('w', pieces, {4, 0, 4, 4});
  g.play(move(g.position(), "h1", "h2"));
  ASSERT_EQ(g.status(seat('b')), SeatStatus::kRemoved);
  EXPECT_EQ(g.status(seat('r')), SeatStatus::kLive);
  EXPECT_EQ(g.to_move(), seat('r'));
  EXPECT_TRUE(g.position().in_check(seat('r')));

  auto wide = std::make_shared<RuleSet>(*rules_);
  wide->relations.removal_exposure = RemovalExposure::kAnyAttacker;
  Game w(wide, setup(*wide, 'w', pieces), {4, 0, 4, 4});
  w.play(move(w.position(), "h1", "h2"));
  EXPECT_EQ(w.status(seat('r')), SeatStatus::kRemoved) << "the wider reading removes him";
}

TEST_F(AlliesVassals, Rule3TwoKingsAttackedByNewOpponentsAtOnceAreBothRemoved) {
  // Issue 15 item 14. Black becomes White's vassal, so Black and Red are new
  // opponents, and each one's bishop bears on the other's king (k10 on g14,
  // e8 on a4). Rule 3: "all of a player's pieces are also removed if his
  // king ends up attacked by the pieces of a newly made opponent" — both
  // are, at that moment (relations.removal_order: SIMULTANEOUS); seat order
  // must not save Red because Black's removal takes his bishop away.
  auto pieces = black_mated_by_white({"k10:bB", "e8:rB"});
  Game g = game('w', pieces);
  g.play(move(g.position(), "h1", "h2"));
  EXPECT_EQ(g.status(seat('b')), SeatStatus::kRemoved);
  EXPECT_EQ(g.status(seat('r')), SeatStatus::kRemoved);

  auto ordered = std::make_shared<RuleSet>(*rules_);
  ordered->relations.removal_order = RemovalOrder::kInSeatOrder;
  Game o(ordered, setup(*ordered, 'w', pieces), {4, 4, 4, 4});
  o.play(move(o.position(), "h1", "h2"));
  EXPECT_EQ(o.status(seat('b')), SeatStatus::kRemoved);
  EXPECT_EQ(o.status(seat('r')), SeatStatus::kLive) << "in seat order Black goes first, and his bishop with him";
}

TEST_F(AlliesVassals, TheMaterAmongSeveralCheckersIsTheOneWhoMovedLast) {
  // Issue 15 item 14. Red's king on d14 is mated by a White and a Blue rook
  // at the start of his turn; the last mover, Black, is his ally and gives
  // no check. Rule 3 pays "the player who mated him"; house rule
  // checks.mate_credit: the checker who moved most recently (White, before
  // Black), wherever the pieces stand. MATE_CREDIT_NEXT_CHECKER: the first
  // checker after Red (Blue).
  for (bool swapped : {false, true}) {
    char a = swapped ? 'u' : 'w';
    char b = swapped ? 'w' : 'u';
    std::vector<std::string> pieces{"h1:wK", "a7:bK", "n8:uK", "d14:rK", std::string("k14:") + a + "R",
                                    std::string("h13:") + a + "R", std::string("d5:") + b + "R"};
    Game g = game('b', pieces);
    g.play(move(g.position(), "a7", "a8"));
    EXPECT_EQ(g.vassalage().suzerain_of(seat('r')), seat('w')) << (swapped ? "swapped" : "as set");

    auto next = std::make_shared<RuleSet>(*rules_);
    next->checks.mate_credit = MateCredit::kNextChecker;
    Game n(next, setup(*next, 'b', pieces), {4, 4, 4, 4});
    n.play(move(n.position(), "a7", "a8"));
    EXPECT_EQ(n.vassalage().suzerain_of(seat('r')), seat('u')) << (swapped ? "swapped" : "as set");
  }
}

TEST(Vassalage, AlliancesEndWhenTheLastOpponentIsMated) {
  Vassalage v;
  std::array<bool, kMaxSeats> all{true, true, true, true};
  std::array<std::string, kMaxSeats> names{"White", "Black", "Red", "Blue"};
  v.ally(seat_at(0), seat_at(3));
  v.ally(seat_at(1), seat_at(2));
  v.vassalize(seat_at(1), seat_at(0), all, names);  // Black -> White's vassal
  EXPECT_EQ(v.ally_of(seat_at(0)), seat_at(3)) << "Red is still an opponent";
  auto said = v.vassalize(seat_at(2), seat_at(3), all, names);  // Red -> Blue's vassal
  EXPECT_EQ(v.ally_of(seat_at(0)), kNoSeat);
  EXPECT_FALSE(v.friends(seat_at(0), seat_at(3)));
  bool announced = false;
  for (const auto& s : said) announced = announced || s.find("no opponent is left") != std::string::npos;
  EXPECT_TRUE(announced);
  EXPECT_EQ(v.sole_suzerain(all, 4), kNoSeat);
  v.vassalize(seat_at(3), seat_at(0), all, names);  // Blue -> White's vassal: Red is freed
  EXPECT_EQ(v.suzerain_of(seat_at(2)), kNoSeat);
  v.vassalize(seat_at(2), seat_at(0), all, names);
  EXPECT_EQ(v.sole_suzerain(all, 4), seat_at(0)) << "every remaining player is White's vassal";
}

}  // namespace
}  // namespace tabula::core

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

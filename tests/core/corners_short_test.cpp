// Sheet 000, the corner-square games: the Short Game, as read in RULINGS.md
// "000 Corner-square games". One scenario per sentence of the sheet, each
// citing it. Board 12x12: centre c3..j10, arms two deep, the four 2x2
// corners are corner squares (anchors k1 White, a1 Grey, a11 Black, k11
// Pink). Seats W (south), G (west), B (north), P (east); order W G B P.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/fen4.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

const Ruling* first_ruling(const std::vector<Ruling>& rs, RulingKind k) {
  for (const auto& r : rs)
    if (r.kind == k) return &r;
  return nullptr;
}

class CornersShort : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("corners-short");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  Square sq(const char* name) const { return rules_->geometry.parse(name); }
  // A game from a hand-made position; past the first round unless asked.
  Game game(char to_move, const std::vector<std::string>& pieces, bool first_round = false) {
    Position pos = setup(*rules_, to_move, pieces);
    if (!first_round) pos.set_fullmove_number(2);
    return Game(rules_, pos);
  }
  Game start() {
    auto pos = parse_fen4(*rules_, rules_->start_fen);
    EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error().message);
    return Game(rules_, *pos);
  }
  Piece at(const Game& g, const char* name) const { return g.position().at(sq(name)); }
  char letter(const Game& g, const char* name) const {
    Piece p = at(g, name);
    return p.empty() ? '.' : rules_->piece(p.kind).letter;
  }
  std::vector<std::string> legal_from(const Game& g, const char* from) const {
    std::vector<std::string> out;
    for (const Move& m : g.legal_moves())
      if (m.from == sq(from)) out.push_back(rules_->geometry.name(m.to));
    std::sort(out.begin(), out.end());
    return out;
  }
  bool legal(const Game& g, const char* from, const char* to) const {
    for (const Move& m : g.legal_moves())
      if (m.from == sq(from) && m.to == sq(to)) return true;
    return false;
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(CornersShort, BoardHasFourCornerSquaresOfFourCells) {
  // RULINGS 000: "each 2x2 corner is one large corner square (one logical
  // square, four sensors)". 144 cells - 4 x 3 merged away = 132 squares.
  const Geometry& g = rules_->geometry;
  EXPECT_EQ(g.playable_count(), 132);
  EXPECT_EQ(g.parse("l2"), g.parse("k1"));
  EXPECT_EQ(g.name(g.parse("l2")), "k1") << "the corner square is named by its anchor";
  EXPECT_EQ(g.cells_of(g.parse("b12")).size(), 4U);
  EXPECT_EQ(rules_->corners.own[index_of(seat('w'))], g.parse("k1"));  // south-east
  EXPECT_EQ(rules_->corners.own[index_of(seat('g'))], g.parse("a1"));  // south-west
  EXPECT_EQ(rules_->corners.own[index_of(seat('b'))], g.parse("a11"));  // north-west
  EXPECT_EQ(rules_->corners.own[index_of(seat('p'))], g.parse("k11"));  // north-east
}

TEST_F(CornersShort, QueensStandToTheLeftOfTheKing) {
  // 000 short: "Queens stand to the left of the King."
  Game g = start();
  EXPECT_EQ(letter(g, "f1"), 'Q');  // White faces north: his left is west
  EXPECT_EQ(letter(g, "g1"), 'K');
  EXPECT_EQ(letter(g, "a7"), 'Q');  // Grey faces east: his left is north
  EXPECT_EQ(letter(g, "a6"), 'K');
  EXPECT_EQ(letter(g, "g12"), 'Q');  // Black faces south: his left is east
  EXPECT_EQ(letter(g, "f12"), 'K');
  EXPECT_EQ(letter(g, "l6"), 'Q');  // Pink faces west: his left is south
  EXPECT_EQ(letter(g, "l7"), 'K');
  EXPECT_EQ(at(g, "f1").seat, seat('w'));
  EXPECT_EQ(at(g, "l6").seat, seat('p'));
}

TEST_F(CornersShort, WhiteMovesFirstAndPlayProceedsClockwise) {
  // 000 short: "White moves first and play proceeds clockwise."
  Game g = start();
  EXPECT_EQ(g.to_move(), seat('w'));
  g.play(move(g.position(), "e2", "e3"));
  EXPECT_EQ(g.to_move(), seat('g'));  // west
  g.play(move(g.position(), "b7", "c7"));  // b5 is pinned by White's queen on f1
  EXPECT_EQ(g.to_move(), seat('b'));  // north
  g.play(move(g.position(), "e11", "e10"));
  EXPECT_EQ(g.to_move(), seat('p'));  // east
  g.play(move(g.position(), "k5", "j5"));
  EXPECT_EQ(g.to_move(), seat('w'));
}

// White's rooks b4 and c3 against Grey's king a8: Rc3-a3 is mate.
const std::vector<std::string> kShortMateGrey{"g1:wK", "b4:wR", "c3:wR", "a8:gK", "f12:bK", "l7:pK"};

TEST_F(CornersShort, MatingTheKingOnTheLeftWins) {
  // 000 short: "Checkmate of the King on the immediate left is needed to win."
  Game g = game('w', kShortMateGrey);
  auto rulings = g.play(move(g.position(), "c3", "a3"));
  const Ruling* mate = first_ruling(rulings, RulingKind::kCheckmate);
  ASSERT_NE(mate, nullptr);
  EXPECT_EQ(mate->seat, seat('g'));
  EXPECT_EQ(mate->by, seat('w'));
  ASSERT_TRUE(g.outcome().over) << "the short game ends at the first mate";
  EXPECT_FALSE(g.outcome().draw);
  EXPECT_EQ(g.outcome().ranking.front(), seat('w'));
}

TEST_F(CornersShort, MatingAnyOtherKingIsIllegal) {
  // 000 short: only the king on the left may be mated; RULINGS 000: "a move
  // that would checkmate any other king is illegal". Rooks k4 and c3 against
  // Pink's king l8 (White's right): Rc3-l3 would mate Pink.
  Game g = game('w', {"g1:wK", "k4:wR", "c3:wR", "a6:gK", "f12:bK", "l8:pK"});
  ASSERT_TRUE(has_move(g.position(), "c3", "l3")) << "a rook move, and it leaves White safe";
  EXPECT_FALSE(legal(g, "c3", "l3"));
  EXPECT_NE(g.why_illegal(sq("c3"), sq("l3")).find("target"), std::string::npos) << g.why_illegal(sq("c3"), sq("l3"));
  auto rulings = g.play(move(g.position(), "c3", "l3"));
  EXPECT_EQ(rulings.front().kind, RulingKind::kIllegalMove);
  EXPECT_EQ(rulings.front().severity, Severity::kIllegal);
  // A mere check on Pink stays legal.
  EXPECT_TRUE(legal(g, "c3", "c8"));
}

TEST_F(CornersShort, CheckingAnotherKingGivesHimTheNextMove) {
  // 000 short: "Other Kings may be placed in check only, with the next move
  // going to the player that is in check." Rd5-f5 checks Black (north) on f12.
  Game g = game('w', {"g1:wK", "d5:wR", "a6:gK", "f12:bK", "l7:pK"});
  auto rulings = g.play(move(g.position(), "d5", "f5"));
  const Ruling* check = first_ruling(rulings, RulingKind::kCheck);
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->seat, seat('b'));
  EXPECT_EQ(g.to_move(), seat('b')) << "Grey, next in order, is passed over";
  const Ruling* skip = first_ruling(rulings, RulingKind::kTurnSkipped);
  ASSERT_NE(skip, nullptr);
  EXPECT_EQ(skip->seat, seat('g'));
  g.play(move(g.position(), "f12", "e12"));
  EXPECT_EQ(g.to_move(), seat('p')) << "play goes on clockwise from the checked player";
}

TEST_F(CornersShort, AnyOpposingColourMayBeCaptured) {
  // 000 short: "Any opposing colour may be captured on any move."
  Game g = game('w', {"g1:wK", "e5:wQ", "e8:bN", "h5:pR", "c5:gP", "a6:gK", "f12:bK", "l7:pK"});
  EXPECT_TRUE(legal(g, "e5", "e8"));  // Black, opposite
  EXPECT_TRUE(legal(g, "e5", "h5"));  // Pink, on the right
  EXPECT_TRUE(legal(g, "e5", "c5"));  // Grey, the target
}

TEST_F(CornersShort, OpposingPiecesMayGiveTheCheckCreditedToTheMover) {
  // 000 short: "Opposing pieces may be used to create a check or checkmate
  // condition." White's knight on b8 blocks Black's rook c8 from Grey's king
  // a8; moving it away checks Grey with Black's rook, credited to White.
  Game g = game('w', {"g1:wK", "b8:wN", "c8:bR", "a8:gK", "f12:bK", "l7:pK"});
  auto rulings = g.play(move(g.position(), "b8", "d7"));
  const Ruling* check = first_ruling(rulings, RulingKind::kCheck);
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->seat, seat('g'));
  EXPECT_EQ(check->by, seat('w')) << "RULINGS 000: credited to the mover";
  EXPECT_EQ(check->squares, std::vector<Square>{sq("c8")});
}

TEST_F(CornersShort, PawnsMayNotEnterTheirOutermostFiles) {
  // 000 short: "Pawns move ahead traditionally, but may not enter their
  // farthest left or right file." White's b5 pawn may take on c6, not on a6;
  // Grey's pawn (facing east) on e2 may take on f3, not on f1 (rank 1 is his
  // farthest right file).
  Game g = game('w', {"i1:wK", "b5:wP", "a6:bN", "c6:bN", "e2:gP", "f1:bN", "f3:bN", "a9:gK", "f12:bK", "l7:pK"});
  EXPECT_EQ(legal_from(g, "b5"), (std::vector<std::string>{"b6", "c6"}));
  g.play(move(g.position(), "i1", "i2"));
  ASSERT_EQ(g.to_move(), seat('g'));
  EXPECT_EQ(legal_from(g, "e2"), (std::vector<std::string>{"f2", "f3"}));
}

TEST_F(CornersShort, PawnStillChecksAKingOnTheOutermostFile) {
  // 000 short: "A Pawn may check or checkmate a King occupying these spaces."
  Game g = game('w', {"g1:wK", "b4:wP", "a6:gK", "f12:bK", "l7:pK"});
  auto rulings = g.play(move(g.position(), "b4", "b5"));
  const Ruling* check = first_ruling(rulings, RulingKind::kCheck);
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->seat, seat('g'));
  EXPECT_TRUE(g.position().in_check(seat('g')));
}

TEST_F(CornersShort, PawnsPromoteOnTheirTenthRank) {
  // 000 short: "Pawns must reach their 10th rank to become a Queen."
  Game g = game('w', {"g1:wK", "e9:wP", "d7:wP", "i5:gP", "a4:gK", "f12:bK", "l7:pK"});
  Move m = move(g.position(), "e9", "e10", 'Q');
  EXPECT_EQ(rules_->piece(m.promotion).name, "queen");
  for (const Move& d : g.legal_moves())
    if (d.from == sq("d7")) {
      EXPECT_EQ(d.promotion, kNoKind) << "the 8th rank is not his last";
    }
  g.play(m);
  EXPECT_EQ(letter(g, "e10"), 'Q');
  // Grey faces east: his 10th rank is file j.
  Move grey = move(g.position(), "i5", "j5", 'Q');
  EXPECT_NE(grey.promotion, kNoKind);
}

TEST_F(CornersShort, EdgePawnsMayNotTakeEdgePawnsInTheFirstRound) {
  // 000 short: "Edge pawns may not capture edge pawns on the first round of
  // moves." White's c2 and Grey's b3 are edge pawns and touch diagonally.
  Game g = start();
  EXPECT_TRUE(has_move(g.position(), "c2", "b3")) << "a pawn capture on the board";
  EXPECT_FALSE(legal(g, "c2", "b3"));
  EXPECT_NE(g.why_illegal(sq("c2"), sq("b3")).find("edge pawns"), std::string::npos);
  g.play(move(g.position(), "i2", "i3"));
  EXPECT_FALSE(legal(g, "b3", "c2")) << "Grey's edge pawn on c2's White edge pawn";
  g.play(move(g.position(), "b5", "c5"));
  g.play(move(g.position(), "e11", "e10"));
  g.play(move(g.position(), "k5", "j5"));
  ASSERT_EQ(g.position().fullmove_number(), 2);
  EXPECT_TRUE(legal(g, "c2", "b3")) << "from the second round on";
}

// White's king beside his corner square, both bishops at home.
const std::vector<std::string> kCorner{"j2:wK", "e1:wB", "h1:wB", "a6:gK", "f12:bK", "l7:pK"};

TEST_F(CornersShort, KingEntersHisOwnCornerWhileBothBishopsStand) {
  // 000 short: "Kings may enter their own coloured corner square and become
  // immune from check or checkmate, provided that both of their Bishops are
  // not captured."
  Game g = game('w', kCorner);
  EXPECT_TRUE(legal(g, "j2", "k1"));
  EXPECT_TRUE(legal(g, "j2", "l2")) << "any of its cells names the corner square";
  auto no_bishop = kCorner;
  no_bishop.erase(std::find(no_bishop.begin(), no_bishop.end(), "h1:wB"));
  Game g2 = game('w', no_bishop);
  EXPECT_FALSE(legal(g2, "j2", "k1")) << "one bishop was captured";
  // Pink's king beside White's corner square may not enter it.
  Game g3 = game('p', {"g1:wK", "a6:gK", "f12:bK", "k3:pK", "h12:pB", "l8:pB"});
  EXPECT_FALSE(legal(g3, "k3", "k1"));
  // In check on j2 from Black's rook on j8, the corner square is a refuge.
  Game g4 = game('w', {"j2:wK", "e1:wB", "h1:wB", "j8:bR", "i8:bR", "k8:bR", "a6:gK", "f12:bK", "l7:pK"});
  ASSERT_TRUE(g4.position().in_check(seat('w')));
  EXPECT_EQ(legal_from(g4, "j2"), (std::vector<std::string>{"k1"}));
  g4.play(move(g4.position(), "j2", "k1"));
  EXPECT_FALSE(g4.position().in_check(seat('w')));
}

TEST_F(CornersShort, KingInHisCornerSquareIsNotRuledInCheckByAPieceOnItsLine) {
  // 000 short: "Kings may enter their own coloured corner square and become
  // immune from check or checkmate". White's king enters k1; Black's rook
  // c8-k8 then stands on the k file, which runs into the corner square
  // (k3..k7 empty): no "White is in check" ruling (the kiosk shows it, the
  // journal keeps it), and the turn does not pass to White. Game's check
  // rulings (report_checks) and Position::in_check agree here because no
  // attack reaches a corner square at all (MoveTables: "Nothing attacks a
  // merged square"), not by a second test of the immunity.
  Game g = game('w', {"j2:wK", "e1:wB", "h1:wB", "a6:gK", "c8:bR", "f12:bK", "l7:pK"});
  g.play(move(g.position(), "j2", "k1"));
  g.play(move(g.position(), "a6", "a7"));
  ASSERT_EQ(g.to_move(), seat('b'));
  auto rulings = g.play(move(g.position(), "c8", "k8"));
  ASSERT_NE(rulings.front().kind, RulingKind::kIllegalMove) << rulings.front().text;
  const auto black = static_cast<std::uint8_t>(1U << index_of(seat('b')));
  ASSERT_TRUE(g.position().attacked(sq("k3"), black)) << "the rook's line reaches the corner square";
  EXPECT_FALSE(g.position().attacked(sq("k1"), black));
  EXPECT_FALSE(g.position().in_check(seat('w')));
  for (const Ruling& r : rulings)
    EXPECT_FALSE(r.kind == RulingKind::kCheck && r.seat == seat('w')) << r.text;
  EXPECT_EQ(g.to_move(), seat('p')) << "Pink, next in order: nobody is in check";
  // The same rook move against the king just outside it is a check.
  Game out = game('b', {"k3:wK", "e1:wB", "h1:wB", "a7:gK", "c8:bR", "f12:bK", "l7:pK"});
  auto checked = out.play(move(out.position(), "c8", "k8"));
  const Ruling* check = first_ruling(checked, RulingKind::kCheck);
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->seat, seat('w'));
  EXPECT_EQ(out.to_move(), seat('w'));
}

TEST_F(CornersShort, EnteringTheCornerMakesBothBishopsQueens) {
  // 000 short: "When a King enters his corner square, both of his Bishops
  // become Queens instantly."
  Game g = game('w', kCorner);
  auto rulings = g.play(move(g.position(), "j2", "l1"));
  EXPECT_EQ(g.position().king_square(seat('w')), sq("k1"));
  EXPECT_EQ(letter(g, "e1"), 'Q');
  EXPECT_EQ(letter(g, "h1"), 'Q');
  const Ruling* r = first_ruling(rulings, RulingKind::kPromotion);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->severity, Severity::kWarning) << "the table swaps the pieces";
  EXPECT_EQ(r->squares, (std::vector<Square>{sq("e1"), sq("h1")}));
  EXPECT_TRUE(g.takeback(1));
  EXPECT_EQ(letter(g, "e1"), 'B') << "takeback restores the bishops";
}

TEST_F(CornersShort, KingMustLeaveWhenBothCornerQueensAreLost) {
  // 000 short: "If two Queens are captured, the King must on his next move
  // return to an unoccupied space around the corner square, but may not move
  // into check."
  Game g = game('w', {"j2:wK", "e1:wB", "h1:wB", "d4:wN", "e5:gR", "a6:gK", "h8:bR", "f12:bK", "l7:pK"});
  g.play(move(g.position(), "j2", "k1"));
  g.play(move(g.position(), "e5", "e1"));  // Grey takes one queen
  auto rulings = g.play(move(g.position(), "h8", "h1"));  // Black the other
  const Ruling* warn = first_ruling(rulings, RulingKind::kRelation);
  ASSERT_NE(warn, nullptr);
  EXPECT_EQ(warn->seat, seat('w'));
  g.play(move(g.position(), "l7", "l6"));
  ASSERT_EQ(g.to_move(), seat('w'));
  // j1 is attacked by Black's rook on h1; the knight may not move.
  EXPECT_TRUE(legal_from(g, "d4").empty());
  EXPECT_EQ(legal_from(g, "k1"), (std::vector<std::string>{"j2", "j3", "k3", "l3"}));
}

TEST_F(CornersShort, KingWithNoFreeSquareMissesHisTurn) {
  // 000 short: "If the King cannot re-enter then he must wait (miss a turn)
  // until a square is available." The king goes in from j1; his own pawn j2
  // and knight j3, Pink's pawn k3 and rook l3 fill the way out, and Black's
  // rook on h1 will guard j1.
  Game g = game('w', {"j1:wK", "e1:wB", "h1:wB", "j2:wP", "j3:wN", "e5:gR", "a6:gK", "h8:bR", "f12:bK", "l7:pK",
                      "k3:pP", "l3:pR"});
  g.play(move(g.position(), "j1", "k1"));
  g.play(move(g.position(), "e5", "e1"));
  g.play(move(g.position(), "h8", "h1"));
  auto rulings = g.play(move(g.position(), "l7", "l6"));
  const Ruling* skip = first_ruling(rulings, RulingKind::kTurnSkipped);
  ASSERT_NE(skip, nullptr);
  EXPECT_EQ(skip->seat, seat('w'));
  EXPECT_EQ(g.to_move(), seat('g')) << "White misses his turn";
  // Once both rooks leave rank 1, White must step out to j1 at his next turn.
  g.play(move(g.position(), "e1", "e4"));
  g.play(move(g.position(), "h1", "h5"));
  g.play(move(g.position(), "l6", "l7"));
  ASSERT_EQ(g.to_move(), seat('w'));
  EXPECT_EQ(g.legal_moves().size(), 1U);
  EXPECT_EQ(legal_from(g, "k1"), (std::vector<std::string>{"j1"}));
}

TEST_F(CornersShort, KingMayLeaveHisCornerOfHisOwnAccordByHouseRule) {
  // House rule may_leave_corner_at_will (the sheet only says when he must
  // leave): on by default; switched off, the king stays while his queens do.
  std::string path = variants::variants_dir() + "/corners-short.txtpb";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  auto at = s.find("may_leave_corner_at_will: true");
  ASSERT_NE(at, std::string::npos);
  s.replace(at, std::string("may_leave_corner_at_will: true").size(), "may_leave_corner_at_will: false");
  auto strict = variants::load_text(s, path);
  ASSERT_TRUE(strict.ok()) << strict.error_text();
  for (bool at_will : {true, false}) {
    auto rules = at_will ? rules_ : strict.rules;
    Position pos = setup(*rules, 'w', kCorner);
    pos.set_fullmove_number(2);
    Game g(rules, pos);
    g.play(move(g.position(), "j2", "k1"));
    g.play(move(g.position(), "a6", "a7"));  // a5 is on the new queen e1's diagonal
    g.play(move(g.position(), "f12", "g12"));  // and e12 on its file
    g.play(move(g.position(), "l7", "l6"));
    ASSERT_EQ(g.to_move(), seat('w'));
    EXPECT_EQ(legal(g, "k1", "j2"), at_will);
  }
}

TEST_F(CornersShort, CornerSquareInTheNotation) {
  // The corner square is one square in the notation too: written by its
  // anchor, read from any of its four cells.
  Game g = game('w', kCorner);
  Move m;
  std::string why;
  ASSERT_TRUE(parse_move(g.position(), "Kj2-l2", m, why)) << why;
  EXPECT_EQ(m.to, sq("k1"));
  EXPECT_EQ(long_algebraic(g.position(), m), "Kj2-k1");
  g.play(m);
  EXPECT_EQ(g.record().back().text, "Kj2-k1");
}

TEST_F(CornersShort, ResignationGivesTheWinToWhoseTargetResigned) {
  // House rule (resignation_wins_for_attacker): the short game ends with one
  // player out; when Pink resigns, Black, whose target he was, wins.
  Game g = start();
  g.resign(seat('p'));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().ranking.front(), seat('b'));
}

TEST_F(CornersShort, EveryRuleIsASwitchForTheHiddenFalseRule) {
  // 000 short: "a minor false rule has been included": each rule can be
  // switched off in the variant file. Here the edge-pawn truce.
  std::string path = variants::variants_dir() + "/corners-short.txtpb";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  auto at = s.find("edge_pawn_truce: true");
  ASSERT_NE(at, std::string::npos);
  s.replace(at, std::string("edge_pawn_truce: true").size(), "edge_pawn_truce: false");
  auto loaded = variants::load_text(s, path);
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  auto pos = parse_fen4(*loaded.rules, loaded.rules->start_fen);
  ASSERT_TRUE(pos.ok());
  Game g(loaded.rules, *pos);
  EXPECT_TRUE(legal(g, "c2", "b3"));
}

TEST_F(CornersShort, CheckLeavingANonTargetOnlyRepliesTheGameRefusesIsRefused) {
  // 000 short: "Checkmate of the King on the immediate left is needed to
  // win"; RULINGS 000: "a move that would checkmate any other king is
  // illegal". Mate as the game layer judges it: Grey's edge pawn b3-c3 checks
  // White (not Grey's target); White's one reply, his edge pawn d2 taking it,
  // is barred by "Edge pawns may not capture edge pawns on the first round
  // of moves". So b3-c3 would mate White: illegal.
  Game g = game('g', {"d4:wK", "d2:wP", "d3:wP", "e3:wP", "e4:wP", "e5:wP", "d5:wP", "c5:wP", "c4:wP", "b3:gP",
                      "a3:gR", "a8:gK", "f12:bK", "l7:pK"},
                true);
  ASSERT_TRUE(has_move(g.position(), "b3", "c3")) << "a pawn step that checks White";
  EXPECT_FALSE(legal(g, "b3", "c3"));
  EXPECT_NE(g.why_illegal(sq("b3"), sq("c3")).find("target"), std::string::npos) << g.why_illegal(sq("b3"), sq("c3"));
  auto rulings = g.play(move(g.position(), "b3", "c3"));
  EXPECT_EQ(rulings.front().kind, RulingKind::kIllegalMove);
  EXPECT_FALSE(g.outcome().over) << "nobody is declared mated";
  // Past the first round the capture is a reply, and the check stands.
  Game later = game('g', {"d4:wK", "d2:wP", "d3:wP", "e3:wP", "e4:wP", "e5:wP", "d5:wP", "c5:wP", "c4:wP", "b3:gP",
                          "a3:gR", "a8:gK", "f12:bK", "l7:pK"});
  EXPECT_TRUE(legal(later, "b3", "c3"));
}

TEST_F(CornersShort, Pgn4PieceLettersMustBeThePieces) {
  // PGN4 writes the moving piece's letter and the captured piece's, none for
  // a pawn: a token that names another piece is refused, naming the token.
  Game g = start();
  Move m;
  std::string why;
  EXPECT_FALSE(parse_move(g.position(), "Nf2-f4", m, why));
  EXPECT_NE(why.find("Nf2-f4"), std::string::npos) << why;
  EXPECT_NE(why.find("pawn"), std::string::npos) << why;
  EXPECT_TRUE(parse_move(g.position(), "f2-f4", m, why)) << why;
  EXPECT_FALSE(parse_move(g.position(), "i1-h3", m, why)) << "a knight move written without its letter";
  EXPECT_NE(why.find("knight"), std::string::npos) << why;
  Game c = game('w', {"g1:wK", "e5:wQ", "e8:bN", "c5:gP", "h5:pR", "a6:gK", "f12:bK", "l7:pK"});
  EXPECT_TRUE(parse_move(c.position(), "Qe5xNe8", m, why)) << why;
  EXPECT_TRUE(parse_move(c.position(), "Qe5-Ne8", m, why)) << "another separator is still read: " << why;
  EXPECT_FALSE(parse_move(c.position(), "Qe5xBe8", m, why));
  EXPECT_NE(why.find("Qe5xBe8"), std::string::npos) << why;
  EXPECT_NE(why.find("Black's knight"), std::string::npos) << why;
  EXPECT_FALSE(parse_move(c.position(), "Qe5xe8", m, why)) << "no letter is a pawn";
  EXPECT_FALSE(parse_move(c.position(), "Qe5xNc5", m, why)) << "c5 holds a pawn";
  EXPECT_FALSE(parse_move(c.position(), "Qe5xNe6", m, why)) << "nothing stands on e6";
  EXPECT_NE(why.find("nothing is captured"), std::string::npos) << why;
  EXPECT_TRUE(parse_move(c.position(), "Qe5xc5", m, why)) << why;
  EXPECT_FALSE(parse_move(c.position(), "Re5xc5", m, why));
}

TEST_F(CornersShort, PromotionWithoutItsPieceIsRefusedWithTheReason) {
  // 000 short: "Pawns must reach their 10th rank to become a Queen": e9-e10
  // must be written e9-e10=Q.
  Game g = game('w', {"g1:wK", "e9:wP", "a4:gK", "f12:bK", "l7:pK"});
  Move m;
  std::string why;
  EXPECT_FALSE(parse_move(g.position(), "e9-e10", m, why));
  EXPECT_NE(why.find("must promote"), std::string::npos) << why;
  EXPECT_NE(why.find("e9-e10=Q"), std::string::npos) << why;
  EXPECT_FALSE(parse_move(g.position(), "e9-e10=N", m, why));
  EXPECT_NE(why.find("promotes to Q"), std::string::npos) << why;
  EXPECT_TRUE(parse_move(g.position(), "e9-e10=Q", m, why)) << why;
}

TEST_F(CornersShort, Fen4RefusesImpossibleCornerOccupants) {
  // RULINGS 000: only the owner's king enters his corner square ("Kings may
  // enter their own coloured corner square"); nothing else stands there.
  const std::string& fen = rules_->start_fen;
  const std::string rank1 = "2,wR,wN,wB,wQ,wK,wB,wN,wR,2";
  ASSERT_EQ(fen.substr(fen.size() - rank1.size()), rank1);
  std::string base = fen.substr(0, fen.size() - rank1.size());
  auto knight = parse_fen4(*rules_, base + "2,wR,wN,wB,wQ,wK,wB,wN,wR,wN,1");
  ASSERT_FALSE(knight.ok());
  EXPECT_NE(knight.error().message.find("knight on k1"), std::string::npos) << knight.error().message;
  EXPECT_NE(knight.error().message.find("White's corner square"), std::string::npos) << knight.error().message;
  std::string grey_out = base;
  auto at = grey_out.find("gK,gP,8,pP,pQ");
  ASSERT_NE(at, std::string::npos);
  grey_out.replace(at, 2, "1");
  auto grey_king = parse_fen4(*rules_, grey_out + "2,wR,wN,wB,wQ,wK,wB,wN,wR,gK,1");
  ASSERT_FALSE(grey_king.ok());
  EXPECT_NE(grey_king.error().message.find("Grey's king on k1"), std::string::npos) << grey_king.error().message;
  auto own_king = parse_fen4(*rules_, base + "2,wR,wN,wB,wQ,1,wB,wN,wR,wK,1");
  EXPECT_TRUE(own_king.ok()) << own_king.error().message;
}

TEST_F(CornersShort, RandomGamesEndWithExactlyOneMateOrRunOn) {
  // The issue: "Each short game ends with exactly one mate or at the ply
  // cap." Seeded random games; every generated move must be accepted.
  int mated = 0;
  for (std::uint64_t game_no = 0; game_no < 40; ++game_no) {
    Game g = start();
    int mates = 0;
    for (int ply = 0; ply < 400 && !g.outcome().over; ++ply) {
      auto m = g.random_move(game_no * 7919 + static_cast<std::uint64_t>(ply));
      ASSERT_TRUE(m.has_value()) << "a player with no move passes, so someone can always move";
      auto rulings = g.play(*m);
      ASSERT_NE(rulings.front().kind, RulingKind::kIllegalMove) << rulings.front().text;
      for (const Ruling& r : rulings) {
        if (r.kind == RulingKind::kCheckmate) ++mates;
      }
      ASSERT_TRUE(g.position().consistency_problem().empty()) << g.position().consistency_problem();
    }
    if (g.outcome().over) {
      EXPECT_EQ(mates, 1) << "game " << game_no << ": " << g.outcome().reason;
      EXPECT_EQ(g.outcome().reason, "checkmate");
      ++mated;
    } else {
      EXPECT_EQ(mates, 0);
    }
  }
  EXPECT_GT(mated, 0) << "some random games should end in a mate";
}

}  // namespace
}  // namespace tabula::core

// Sheet 000, the corner-square games: the Long Game and the Mini Game, as
// read in RULINGS.md "000 Corner-square games". One scenario per sentence of
// the sheet, each citing it. Seats W (south), G (west), B (north), P (east);
// order W G B P. The long game's chess playing area is c3..j10; the mini
// game's is every square but the four corner squares.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

const Ruling* find(const std::vector<Ruling>& rs, RulingKind k, Severity sev = Severity::kInfo, bool any_sev = true) {
  for (const auto& r : rs)
    if (r.kind == k && (any_sev || r.severity == sev)) return &r;
  return nullptr;
}

class Corners : public ::testing::Test {
 protected:
  void load(const char* id) {
    rules_ = testing::shipped(id);
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  Square sq(const char* name) const { return rules_->geometry.parse(name); }
  // A game from a hand-made position past the first round; `out` seats are
  // out of the game (their pieces are simply not placed).
  Game game(char to_move, const std::vector<std::string>& pieces, const std::string& out = "") {
    Position pos = setup(*rules_, to_move, pieces, out);
    pos.set_fullmove_number(5);
    return Game(rules_, pos);
  }
  char letter(const Game& g, const char* name) const {
    Piece p = g.position().at(sq(name));
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
  int count(const Game& g, char seat_letter, char piece) const {
    int n = 0;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = g.position().at(static_cast<Square>(i));
      if (!p.empty() && p.seat == seat(seat_letter) && rules_->piece(p.kind).letter == piece) ++n;
    }
    return n;
  }
  // The shipped file with one switch changed (a copy of the file, as
  // docs/VARIANTS.md says a club switches a rule off).
  std::shared_ptr<const RuleSet> switched(const char* id, const std::string& from, const std::string& to) const {
    std::string path = variants::variants_dir() + "/" + id + ".txtpb";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return nullptr;
    s.replace(at, from.size(), to);
    auto loaded = variants::load_text(s, path);
    EXPECT_TRUE(loaded.ok()) << loaded.error_text();
    return loaded.rules;
  }
  std::shared_ptr<const RuleSet> rules_;
};

class CornersLong : public Corners {
 protected:
  void SetUp() override { load("corners-long"); }
};

// White's rooks b4 and c3 against Grey's king a8: Rc3-a3 is mate.
const std::vector<std::string> kMateGrey{"g1:wK", "b4:wR", "c3:wR", "a8:gK", "h5:gN", "f12:bK", "l7:pK"};

TEST_F(CornersLong, TheMatedColourIsRemoved) {
  // 000 long: "The short game proceeds until a checkmate or a player
  // resigns. That colour is then removed from the board."
  Game g = game('w', kMateGrey);
  auto rulings = g.play(move(g.position(), "c3", "a3"));
  const Ruling* mate = find(rulings, RulingKind::kCheckmate);
  ASSERT_NE(mate, nullptr);
  EXPECT_EQ(mate->seat, seat('g'));
  EXPECT_EQ(mate->by, seat('w'));
  EXPECT_NE(find(rulings, RulingKind::kElimination), nullptr);
  EXPECT_FALSE(g.outcome().over) << "three players remain";
  EXPECT_EQ(letter(g, "a8"), '.');
  EXPECT_EQ(letter(g, "h5"), '.');
  EXPECT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
}

TEST_F(CornersLong, NextMoveToTheLeftOrToWhoIsInCheckOnceThePiecesGo) {
  // 000 long: "The next move is made by the next player to the left, or by
  // the player whose King is in Check as a result of the pieces being removed."
  Game plain = game('w', kMateGrey);
  plain.play(move(plain.position(), "c3", "a3"));
  EXPECT_EQ(plain.to_move(), seat('b')) << "the next player after Grey";
  // Grey's knight on h5 shields Pink's king on l5 from White's rook on d5.
  Game g = game('w', {"g1:wK", "b4:wR", "c3:wR", "d5:wR", "a8:gK", "h5:gN", "f12:bK", "l5:pK"});
  auto rulings = g.play(move(g.position(), "c3", "a3"));
  EXPECT_EQ(g.to_move(), seat('p'));
  bool pink_checked = false;
  for (const Ruling& r : rulings) pink_checked |= r.kind == RulingKind::kCheck && r.seat == seat('p');
  EXPECT_TRUE(pink_checked) << "the check after the removal is a ruling";
  const Ruling* skip = find(rulings, RulingKind::kTurnSkipped);
  ASSERT_NE(skip, nullptr);
  EXPECT_EQ(skip->seat, seat('b'));
}

TEST_F(CornersLong, AResigningColourIsRemovedToo) {
  // 000 long: "The short game proceeds until a checkmate or a player
  // resigns. That colour is then removed from the board." With Pink out,
  // Grey's resignation leaves two colours: the two-player phase begins.
  Game g = game('w', {"g4:wK", "a8:gK", "c5:gN", "e10:bK"}, "p");
  auto rulings = g.resign(seat('g'));
  EXPECT_EQ(letter(g, "c5"), '.');
  EXPECT_FALSE(g.outcome().over);
  bool phase = false;
  for (const Ruling& r : rulings) phase |= r.kind == RulingKind::kRelation && r.text.find("two players remain") != std::string::npos;
  EXPECT_TRUE(phase);
  EXPECT_EQ(g.to_move(), seat('w'));
}

TEST_F(CornersLong, TwoColoursLeftMustEnterThePlayingAreaAsSoonAsPossible) {
  // 000 long: "When two colours remain, the game is played as Chess and all
  // pieces must as soon as possible enter onto the playing area of Chess."
  // A duty legality cannot enforce: a warning.
  Game g = game('w', {"g4:wK", "b5:wR", "e8:bK"}, "gp");
  ASSERT_NE(find(g.opening_rulings(), RulingKind::kRelation), nullptr) << "the two-player phase is announced";
  auto rulings = g.play(move(g.position(), "g4", "g5"));
  const Ruling* warn = find(rulings, RulingKind::kRelation, Severity::kWarning, false);
  ASSERT_NE(warn, nullptr);
  EXPECT_EQ(warn->seat, seat('w'));
  g.play(move(g.position(), "e8", "d8"));
  rulings = g.play(move(g.position(), "b5", "c5"));
  EXPECT_EQ(find(rulings, RulingKind::kRelation, Severity::kWarning, false), nullptr);
}

// Three seats (Pink out). White's king goes into his corner square, making
// queens of his bishops on e5 (on the playing area) and h2 (outside it);
// then White mates Grey, leaving White and Black.
void three_queens_then_two_players(Game& g) {
  g.play(move(g.position(), "j2", "k1"));
  g.play(move(g.position(), "e9", "f9"));
  g.play(move(g.position(), "j11", "j10"));
  g.play(move(g.position(), "c3", "a3"));
}

TEST_F(CornersLong, ThreeQueensTwoRevertToBishopsOnThePlayingArea) {
  // 000 long: "If a player has three Queens any two must revert to Bishops on
  // the Chess playing area." The two made in the corner revert; the queen
  // White started with stays.
  Game g = game('w', {"j2:wK", "e5:wB", "h2:wB", "d4:wQ", "b4:wR", "c3:wR", "a8:gK", "e9:gP", "i12:bK", "j11:bP"}, "p");
  three_queens_then_two_players(g);
  ASSERT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  EXPECT_EQ(count(g, 'w', 'Q'), 2) << "e5 reverted at once";
  EXPECT_EQ(letter(g, "e5"), 'B');
  EXPECT_EQ(letter(g, "h2"), 'Q') << "not yet on the playing area";
  EXPECT_EQ(letter(g, "d4"), 'Q');
  g.play(move(g.position(), "j10", "j9"));
  auto rulings = g.play(move(g.position(), "h2", "h5"));
  EXPECT_EQ(letter(g, "h5"), 'B');
  EXPECT_NE(find(rulings, RulingKind::kPromotion), nullptr);
  EXPECT_EQ(count(g, 'w', 'Q'), 1);
  EXPECT_EQ(count(g, 'w', 'B'), 2);
}

TEST_F(CornersLong, TwoQueensBothRevertToBishops) {
  // 000 long: "If a player has two Queens remaining both Queens must revert
  // to Bishops on the Chess playing area."
  Game g = game('w', {"j2:wK", "e5:wB", "h2:wB", "b4:wR", "c3:wR", "a8:gK", "e9:gP", "i12:bK", "j11:bP"}, "p");
  three_queens_then_two_players(g);
  g.play(move(g.position(), "j10", "j9"));
  g.play(move(g.position(), "h2", "h5"));
  EXPECT_EQ(count(g, 'w', 'Q'), 0);
  EXPECT_EQ(count(g, 'w', 'B'), 2);
}

TEST_F(CornersLong, NoCheckUntilTheMoveAfterBothSidesAreInside) {
  // 000 long: "A check or checkmate may not occur intentionally until the
  // move after both sides are on the Chess playing area."
  Game g = game('w', {"g4:wK", "d4:wQ", "b5:wR", "e8:bK"}, "gp");
  EXPECT_TRUE(has_move(g.position(), "d4", "e4"));
  EXPECT_FALSE(legal(g, "d4", "e4")) << "Qe4 would check Black while White's rook is outside";
  EXPECT_NE(g.why_illegal(sq("d4"), sq("e4")).find("no check"), std::string::npos);
  EXPECT_FALSE(legal(g, "d4", "a4")) << "house rule: a piece on the playing area stays on it";
  auto rulings = g.play(move(g.position(), "b5", "c5"));
  bool announced = false;
  for (const Ruling& r : rulings) announced |= r.kind == RulingKind::kRelation && r.text.find("both sides") != std::string::npos;
  EXPECT_TRUE(announced);
  g.play(move(g.position(), "e8", "f8"));
  ASSERT_TRUE(legal(g, "d4", "f4"));
  rulings = g.play(move(g.position(), "d4", "f4"));
  EXPECT_NE(find(rulings, RulingKind::kCheck), nullptr);
}

TEST_F(CornersLong, ACornerQueenLandingOnThePlayingAreaChecksAsTheBishopItBecomes) {
  // 000 long: "If a player has two Queens remaining both Queens must revert
  // to Bishops on the Chess playing area" and "A check or checkmate may not
  // occur intentionally until the move after both sides are on the Chess
  // playing area." Black's king enters a11 (his bishops e12 and h9 become
  // queens); the queen e12 then lands on g10, on the area, where it is a
  // bishop at once: a bishop on g10 does not attack White's king on g1, so
  // no check is given and the move stands (issue 30 item 4; the queen would
  // have checked down the g-file).
  auto start = parse_fen4(*rules_,
                          "B-0,0,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0-4,bB,7/2,bK,9/12/3,wN,3,bB,4/3,bQ,8/"
                          "gR,gP,10/gK,gP,10/gR,gP,10/12/12/12/6,wK,5");
  ASSERT_TRUE(start.ok()) << start.error().message;
  Game g(rules_, *start);
  for (const char* mv : {"c11-a11", "d9-b8"}) {
    std::string text(mv);
    Move m = move(g.position(), text.substr(0, text.find('-')).c_str(), text.substr(text.find('-') + 1).c_str());
    ASSERT_EQ(g.play(m).front().kind, RulingKind::kMove) << mv;
  }
  ASSERT_EQ(letter(g, "e12"), 'Q') << "the bishop became a queen when the king entered a11";
  ASSERT_TRUE(legal(g, "e12", "g10")) << g.why_illegal(sq("e12"), sq("g10"));
  auto rulings = g.play(move(g.position(), "e12", "g10"));
  EXPECT_EQ(letter(g, "g10"), 'B');
  for (const Ruling& r : rulings) EXPECT_NE(r.kind, RulingKind::kCheck) << r.text;
}

TEST_F(CornersLong, OppositeSurvivorsKeepTheirPawnDirections) {
  // 000 long: "Pawn movement direction remains the same if players are
  // opposites."
  Game g = game('w', {"g4:wK", "e4:wP", "d7:bP", "c9:bK"}, "gp");
  EXPECT_EQ(legal_from(g, "e4"), (std::vector<std::string>{"e5"}));
  g.play(move(g.position(), "e4", "e5"));
  EXPECT_EQ(legal_from(g, "d7"), (std::vector<std::string>{"d6"}));
}

TEST_F(CornersLong, DiagonalSurvivorOnTheRightTurnsHisPawnsAndTakesTheVacatedSeat) {
  // 000 long: "If players are diagonal (IE Black and Grey) the opponent to
  // the right (i.e. Grey) must immediately switch pawn movement direction
  // towards the opponent to the left. This player also moves to the vacated
  // seat on his right." Grey's pawn on e5 went east; now it goes north.
  Game g = game('g', {"g4:gK", "e5:gP", "d10:bK"}, "wp");
  EXPECT_EQ(g.position().frame_seat(seat('g')), seat('w')) << "Grey sits where White sat";
  EXPECT_EQ(legal_from(g, "e5"), (std::vector<std::string>{"e6"}));
  const Ruling* moved = nullptr;
  for (const Ruling& r : g.opening_rulings())
    if (r.kind == RulingKind::kRelation && r.seat == seat('g')) moved = &r;
  ASSERT_NE(moved, nullptr);
  EXPECT_NE(moved->text.find("White's seat"), std::string::npos) << moved->text;
}

TEST_F(CornersLong, WithTwoLeftTheKingExitsTheCornerOnlyOntoThePlayingArea) {
  // 000 long: "When two players remain a King may only move onto the 64
  // squares area of Chess (without being in Check) to exit the corner square."
  Game g = game('w', {"k1:wK", "e4:wP", "e10:bK"}, "gp");
  EXPECT_EQ(legal_from(g, "k1"), (std::vector<std::string>{"j3"})) << "j1, j2, k3 and l3 lie outside";
}

TEST_F(CornersLong, KingThatCannotReachThePlayingAreaIsMatedInTheCorner) {
  // 000 long: "If all his other players are on the 64 squares area and the
  // King cannot move onto the Chess playing area then he is checkmated in
  // the corner square." Black's rook on j8 guards j3.
  Game g = game('w', {"k1:wK", "e4:wP", "e10:bK", "j8:bR"}, "gp");
  const Ruling* mate = find(g.opening_rulings(), RulingKind::kCheckmate);
  ASSERT_NE(mate, nullptr);
  EXPECT_EQ(mate->seat, seat('w'));
  EXPECT_EQ(mate->by, seat('b'));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().ranking.front(), seat('b'));
  // With a rook still outside the playing area, he is not mated.
  Game h = game('w', {"k1:wK", "e4:wP", "b5:wR", "e10:bK", "j8:bR"}, "gp");
  EXPECT_FALSE(h.outcome().over);
}

TEST_F(CornersLong, RevertedCornerQueensAreNotCapturedQueens) {
  // 000 short: "If two Queens are captured, the King must on his next move
  // return to an unoccupied space around the corner square". In the long
  // game's two-player phase the corner queens revert to bishops ("If a player
  // has two Queens remaining both Queens must revert to Bishops"): reverted,
  // not captured, so White's king may stay in his corner square. Here they
  // revert one at a time (e5 at once, h2 when it reaches h5).
  Game g = game('w', {"j2:wK", "e5:wB", "h2:wB", "b4:wR", "c3:wR", "a8:gK", "e9:gP", "i12:bK", "j11:bP"}, "p");
  three_queens_then_two_players(g);
  g.play(move(g.position(), "j10", "j9"));
  auto reverted = g.play(move(g.position(), "h2", "h5"));
  ASSERT_EQ(count(g, 'w', 'Q'), 0);
  for (const Ruling& r : reverted) EXPECT_EQ(r.text.find("lost both corner queens"), std::string::npos) << r.text;
  g.play(move(g.position(), "j9", "j8"));
  ASSERT_EQ(g.to_move(), seat('w'));
  EXPECT_EQ(g.position().king_square(seat('w')), sq("k1"));
  EXPECT_TRUE(legal(g, "b4", "b5")) << "no duty to leave the corner square: no queen was captured";
  EXPECT_TRUE(legal(g, "h5", "g6"));
}

TEST_F(CornersLong, RemovalThatChecksTheMaterGivesHimTheMove) {
  // 000 long: "The next move is made by the next player to the left, or by
  // the player whose King is in Check as a result of the pieces being
  // removed." White mates Grey; Grey's knight on g5 stood between Black's
  // rook on g9 and White's king on g1: once it comes off, White is in check
  // and moves next, Black and Pink passed over.
  Game g = game('w', {"g1:wK", "b4:wR", "c3:wR", "a8:gK", "g5:gN", "g9:bR", "f12:bK", "l7:pK"});
  auto rulings = g.play(move(g.position(), "c3", "a3"));
  ASSERT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  ASSERT_EQ(letter(g, "g5"), '.');
  const Ruling* check = nullptr;
  for (const Ruling& r : rulings)
    if (r.kind == RulingKind::kCheck && r.seat == seat('w')) check = &r;
  ASSERT_NE(check, nullptr) << "the check on the mater is announced";
  EXPECT_EQ(check->by, seat('b'));
  EXPECT_EQ(check->squares, std::vector<Square>{sq("g9")});
  EXPECT_EQ(g.to_move(), seat('w'));
  int passed = 0;
  for (const Ruling& r : rulings)
    passed += r.kind == RulingKind::kTurnSkipped && (r.seat == seat('b') || r.seat == seat('p')) ? 1 : 0;
  EXPECT_EQ(passed, 2) << "Black's and Pink's turns are passed over";
  EXPECT_FALSE(legal(g, "a3", "a4")) << "White must answer the check";
  g.play(move(g.position(), "g1", "h1"));
  EXPECT_EQ(g.to_move(), seat('b')) << "play goes on to White's left";
}

TEST_F(CornersLong, TruceRoundEndsWhenEverySeatStillPlayingHasMoved) {
  // 000 short: "Edge pawns may not capture edge pawns on the first round of
  // moves." Move 1: White and Grey have moved; Black mates Pink, who never
  // moved. Every seat still playing has had his first turn, so White's edge
  // pawn c2 may take Grey's edge pawn b3.
  Position pos = setup(*rules_, 'b', {"g1:wK", "c2:wP", "b3:gP", "a8:gK", "f12:bK", "k9:bR", "i10:bR", "l7:pK"});
  ASSERT_EQ(pos.fullmove_number(), 1);
  Game g(rules_, pos);
  g.play(move(g.position(), "i10", "l10"));
  ASSERT_EQ(g.status(seat('p')), SeatStatus::kCheckmated);
  ASSERT_EQ(g.to_move(), seat('w'));
  EXPECT_TRUE(legal(g, "c2", "b3")) << g.why_illegal(sq("c2"), sq("b3"));
}

TEST_F(CornersLong, TruceRoundGoesOnPastASeatOutBeforeHisFirstTurn) {
  // The same rule the other way round: White mates Grey (his target) on
  // move 1, before Grey ever moved; Pink has not moved either and still
  // plays, so the round is not over and Black's edge pawn j11 may not take
  // Pink's edge pawn k10. (truce_on walks the seats without a turn: a seat
  // out of the game does not end the search for one still playing.)
  Position pos = setup(*rules_, 'w', {"g1:wK", "b9:wR", "d10:wR", "a6:gK", "f12:bK", "j11:bP",
                                      "k10:pP", "l5:pK"});
  ASSERT_EQ(pos.fullmove_number(), 1);
  Game g(rules_, pos);
  g.play(move(g.position(), "d10", "a10"));
  ASSERT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  ASSERT_EQ(g.to_move(), seat('b'));
  EXPECT_FALSE(legal(g, "j11", "k10")) << "Pink has not had his first turn";
  g.play(move(g.position(), "f12", "e12"));
  g.play(move(g.position(), "l5", "l4"));
  g.play(move(g.position(), "g1", "h1"));
  ASSERT_EQ(g.to_move(), seat('b'));
  EXPECT_TRUE(legal(g, "j11", "k10")) << g.why_illegal(sq("j11"), sq("k10"));
}

TEST_F(CornersLong, TruceRoundReadingsAreASwitch) {
  // The two readings of "the first round of moves" (switch truce_round).
  // White checks Black (Grey is passed over); Black and Pink move; at
  // White's second turn Grey has still not moved.
  auto own = switched("corners-long", "truce_round: TRUCE_ROUND_UNTIL_EVERY_SEAT_MOVED",
                      "truce_round: TRUCE_ROUND_OWN_FIRST_TURN");
  ASSERT_TRUE(own);
  for (bool every_seat : {true, false}) {
    auto rules = every_seat ? rules_ : own;
    Position pos = setup(*rules, 'w', {"g1:wK", "c2:wP", "b3:gP", "d6:wR", "a8:gK", "e12:bK", "l7:pK"});
    Game g(rules, pos);
    g.play(move(g.position(), "d6", "e6"));  // a check: the turn goes to Black
    ASSERT_EQ(g.to_move(), seat('b'));
    g.play(move(g.position(), "e12", "f12"));
    g.play(move(g.position(), "l7", "l8"));
    ASSERT_EQ(g.to_move(), seat('w'));
    EXPECT_EQ(legal(g, "c2", "b3"), !every_seat) << (every_seat ? "Grey has not had his first turn" : "White's own second turn");
  }
}

TEST_F(CornersLong, StayInAreaOffLiftsWhatTheDocsSay) {
  // docs/VARIANTS.md: stay_in_area ("the game is played as Chess"): a piece
  // on the playing area may not leave it, and no king enters a corner
  // square. Switched off, both are lifted; the sheet's own "a King may only
  // move onto the 64 squares area of Chess ... to exit the corner square"
  // is its own switch, exit_corner_onto_area.
  auto free = switched("corners-long", "stay_in_area: true", "stay_in_area: false");
  ASSERT_TRUE(free);
  std::vector<std::string> pieces{"j3:wK", "e1:wB", "h1:wB", "d4:wQ", "f9:bK"};  // the queens made on k1 give no check
  Position strict_pos = setup(*rules_, 'w', pieces, "gp");
  strict_pos.set_fullmove_number(5);
  Game strict(rules_, strict_pos);
  EXPECT_FALSE(legal(strict, "d4", "b4"));
  EXPECT_FALSE(legal(strict, "j3", "k1"));
  Position free_pos = setup(*free, 'w', pieces, "gp");
  free_pos.set_fullmove_number(5);
  Game g(free, free_pos);
  EXPECT_TRUE(legal(g, "d4", "b4")) << "a piece may leave the playing area";
  EXPECT_TRUE(legal(g, "j3", "k1")) << "the king may enter his corner square";
  auto exit_free = switched("corners-long", "exit_corner_onto_area: true", "exit_corner_onto_area: false");
  ASSERT_TRUE(exit_free);
  Game corner_strict = game('w', {"k1:wK", "e4:wP", "e10:bK"}, "gp");
  EXPECT_EQ(legal_from(corner_strict, "k1"), (std::vector<std::string>{"j3"}));
  Position exit_pos = setup(*exit_free, 'w', {"k1:wK", "e4:wP", "e10:bK"}, "gp");
  exit_pos.set_fullmove_number(5);
  Game h(exit_free, exit_pos);
  EXPECT_EQ(legal_from(h, "k1"), (std::vector<std::string>{"j1", "j2", "j3", "k3", "l3"}));
}

class CornersMini : public Corners {
 protected:
  void SetUp() override { load("corners-mini"); }
};

TEST_F(CornersMini, StandardBoardWithFourLargeCornerSquares) {
  // 000 mini: "played on a standard Chess board but with each corner of four
  // (4) squares made into one large corner square (White, Grey, Black and Pink)".
  const Geometry& g = rules_->geometry;
  EXPECT_EQ(g.playable_count(), 64 - 4 * 3);
  EXPECT_EQ(g.parse("h8"), g.parse("g7"));
  EXPECT_EQ(rules_->corners.own[index_of(seat('w'))], g.parse("g1"));
  EXPECT_EQ(rules_->corners.own[index_of(seat('g'))], g.parse("a1"));
  EXPECT_EQ(rules_->corners.own[index_of(seat('b'))], g.parse("a7"));
  EXPECT_EQ(rules_->corners.own[index_of(seat('p'))], g.parse("g7"));
}

TEST_F(CornersMini, QueenLeftOfTheKingAndTwoBishops) {
  // 000 mini: "Each player plays for himself and each player has a Queen
  // standing to the left of the King and two (2) Bishops."
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  Game g(rules_, *pos);
  EXPECT_EQ(letter(g, "d1"), 'Q');
  EXPECT_EQ(letter(g, "e1"), 'K');
  EXPECT_EQ(letter(g, "a5"), 'Q');
  EXPECT_EQ(letter(g, "a4"), 'K');
  EXPECT_EQ(letter(g, "e8"), 'Q');
  EXPECT_EQ(letter(g, "d8"), 'K');
  EXPECT_EQ(letter(g, "h4"), 'Q');
  EXPECT_EQ(letter(g, "h5"), 'K');
  for (char s : {'w', 'g', 'b', 'p'}) {
    EXPECT_EQ(count(g, s, 'B'), 2);
    EXPECT_EQ(count(g, s, 'P'), 4);
  }
}

TEST_F(CornersMini, WhiteFirstClockwiseAndTheEdgePawnTruce) {
  // 000 mini: "White moves first and play proceeds clockwise. Edge pawns may
  // not capture edge pawns on the first round of moves."
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  EXPECT_EQ(g.to_move(), seat('w'));
  EXPECT_TRUE(has_move(g.position(), "c2", "b3"));
  EXPECT_FALSE(legal(g, "c2", "b3"));
  g.play(move(g.position(), "e2", "e3"));
  EXPECT_EQ(g.to_move(), seat('g'));
  EXPECT_FALSE(legal(g, "b3", "c2"));
  g.play(move(g.position(), "b5", "c5"));
  EXPECT_EQ(g.to_move(), seat('b'));
  g.play(move(g.position(), "e7", "e6"));  // d7-d6 would open e8-a4 and check Grey
  EXPECT_EQ(g.to_move(), seat('p'));
  g.play(move(g.position(), "g3", "f3"));  // g4 is pinned by White's queen on d1
  EXPECT_EQ(g.to_move(), seat('w'));
  EXPECT_TRUE(legal(g, "c2", "b3")) << "second round";
}

TEST_F(CornersMini, TwoPlayersUseEverySquareButTheCornerSquares) {
  // 000 mini: "When two (2) players remain they may play on the entire area
  // except for the Large corner squares."
  EXPECT_EQ(rules_->corners.two_player.area.count(), 48U);
  // Four players: White's king may enter his corner square...
  Game four = game('w', {"f2:wK", "c1:wB", "f1:wB", "a4:gK", "d8:bK", "h5:pK"});
  EXPECT_TRUE(legal(four, "f2", "g1"));
  // ...two players: not any more, but the edge files are open.
  Game two = game('w', {"f2:wK", "c1:wB", "f1:wB", "a3:wQ", "d6:bK"}, "gp");
  EXPECT_FALSE(legal(two, "f2", "g1"));
  EXPECT_TRUE(legal(two, "a3", "a5"));
}

TEST_F(CornersMini, RevertedCornerQueensAreNotCapturedQueens) {
  // 000 short: "If two Queens are captured, the King must on his next move
  // return"; 000 long: "If a player has two Queens remaining both Queens
  // must revert to Bishops" (mini: "The same rules apply"). White's king
  // goes into g1 (c4 and f1 become queens); White mates Grey (Pink is out);
  // with two left both queens revert at once: nothing was captured, so the
  // king need not leave his corner square.
  Game g = game('w', {"f2:wK", "c4:wB", "f1:wB", "b3:wR", "h4:wR", "a5:gK", "d6:gP", "e8:bK"}, "p");
  g.play(move(g.position(), "f2", "g1"));
  ASSERT_EQ(letter(g, "c4"), 'Q');
  g.play(move(g.position(), "d6", "e6"));
  g.play(move(g.position(), "e8", "d8"));
  g.play(move(g.position(), "h4", "h5"));
  ASSERT_EQ(g.status(seat('g')), SeatStatus::kCheckmated);
  ASSERT_EQ(count(g, 'w', 'Q'), 0) << "both corner queens reverted";
  g.play(move(g.position(), "d8", "e8"));
  ASSERT_EQ(g.to_move(), seat('w'));
  EXPECT_TRUE(legal(g, "h5", "h6")) << "no duty to leave the corner square: no queen was captured";
}

TEST_F(CornersMini, KingMatedInTheLargeCornerSquare) {
  // 000 mini: "A King may also possibly be checkmated in the Large corner
  // square if he cannot enter any smaller square to continue play." Black's
  // rooks f8 and a3 guard f1, f2, f3, g3 and h3.
  Game g = game('w', {"g1:wK", "d4:wP", "c8:bK", "f8:bR", "a3:bR"}, "gp");
  const Ruling* mate = find(g.opening_rulings(), RulingKind::kCheckmate);
  ASSERT_NE(mate, nullptr);
  EXPECT_EQ(mate->seat, seat('w'));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().ranking.front(), seat('b'));
}

}  // namespace
}  // namespace tabula::core

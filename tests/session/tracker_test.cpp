// Hand-written sensor traces for every tricky case of issue 5, part 1
// ("Inference by footprint"), read by a session at a virtual table. Times are
// gaps in ms (t.up("e2", 300): 300 ms after the previous event). The settle
// time is the default, 500 ms.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "inference/tracker.h"
#include "table.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

using session::RulingKind;
using Strings = std::vector<std::string>;

// italian(): 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (table.h).

// ---- captures ----------------------------------------------------------------------

TEST(Captures, AreReadWithTheCapturedPieceLiftedFirst) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.up("d5").up("e4", 300).down("d5", 400).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "d7-d5", "e4xd5"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(Captures, AreReadWithTheCapturingPieceLiftedFirst) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.up("e4").up("d5", 300).down("d5", 400).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "d7-d5", "e4xd5"})) << t.transcript();
}

TEST(Captures, ACapturingPieceHeldInTheAirIsNoCapture) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.up("e4").wait(3000);  // White thinks with the pawn in hand
  EXPECT_EQ(t.moves().size(), 2U);
  EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << t.transcript();
  EXPECT_EQ(t.session().snapshot().lifted.count(), 1U);
  t.down("e4").wait(700);  // and puts it back
  EXPECT_EQ(t.moves().size(), 2U);
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
  EXPECT_EQ(t.session().tracker().state(), inference::TrackerState::kInSync);
}

TEST(Captures, ACaptureTakenBackBeforeSettlingAndAnotherMadeIsTheOther) {
  // With commit_at_once off (the house rule before issue 18): a capture set
  // down and taken back within the settle time is no move. With it on the
  // capture was made (commit_at_once_test).
  session::SessionSettings s;
  s.tracker.commit_at_once = false;
  Table t("chess", "", s);
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.move("b1", "c3").wait(700).move("g8", "f6").wait(700);
  t.up("d5").up("c3", 200).down("d5", 200);                 // Nc3xd5 shown...
  t.up("d5", 150).down("c3", 150).down("d5", 150);          // ...undone within the settle time
  t.up("d5", 150).up("e4", 150).down("d5", 200).wait(700);  // and e4xd5 played instead
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "d7-d5", "Nb1-c3", "Ng8-f6", "e4xd5"})) << t.transcript();
}

TEST(Captures, TheNextPlayerStraighteningAPieceTheMoverCouldTakeLeavesTheCapture) {
  // 1. e4 d5 2. exd5 Qxd5 3. Nc3: Black's queen takes... the pawn on a2? No:
  // after 3... Qxa2 White straightens his b2 pawn, which the queen could take too.
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.move("e4", "d5").wait(700).move("d8", "d5").wait(700);
  t.move("b1", "c3").wait(700);
  t.up("d5").up("a2", 200).down("a2", 250);   // Qd5xa2, capturing piece lifted first
  t.up("b2", 100).down("b2", 150).wait(700);  // White straightens b2 (Qxb2 was possible too)
  ASSERT_EQ(t.moves().size(), 6U) << t.transcript();
  EXPECT_EQ(t.moves().back(), "Qd5xa2");
  EXPECT_TRUE(t.session().requests().empty()) << t.transcript();
}

// ---- castling ------------------------------------------------------------------------

TEST(Castling, IsReadKingFirst) {
  Table t = italian();
  t.up("e1").down("g1", 300).up("h1", 300).down("f1", 300).wait(700);
  EXPECT_EQ(t.moves().back(), "O-O") << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(Castling, IsReadRookFirstEvenAfterAPauseLongerThanTheSettleTime) {
  Table t = italian();
  // The rook's move alone is legal (Rh1-f1): the session waits settle_prefix
  // (1500 ms) before taking it, because it may be the first half of O-O.
  t.up("h1").down("f1", 300).up("e1", 900).down("g1", 300).wait(700);
  EXPECT_EQ(t.moves().back(), "O-O") << t.transcript();
  EXPECT_EQ(t.moves().size(), 7U);
}

TEST(Castling, IsReadWithBothPiecesLifted) {
  Table t = italian();
  t.up("e1").up("h1", 150).down("g1", 300).down("f1", 300).wait(700);
  EXPECT_EQ(t.moves().back(), "O-O") << t.transcript();
}

TEST(Castling, ARookMoveLeftStandingPastTheLongerWaitIsARookMove) {
  Table t = italian();
  t.up("h1").down("f1", 300).wait(1600);
  EXPECT_EQ(t.moves().back(), "Rh1-f1") << t.transcript();
}

// ---- en passant and promotion ------------------------------------------------------------

Table before_en_passant() {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("a7", "a6").wait(700);
  t.move("e4", "e5").wait(700).move("d7", "d5").wait(700);
  return t;
}

TEST(EnPassant, IsReadWithThePawnTakenOffLast) {
  Table t = before_en_passant();
  t.up("e5").down("d6", 300).up("d5", 300).wait(700);
  EXPECT_EQ(t.moves().back(), "e5xd6") << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(EnPassant, IsReadWithThePawnTakenOffFirst) {
  Table t = before_en_passant();
  t.up("d5").up("e5", 300).down("d6", 300).wait(700);
  EXPECT_EQ(t.moves().back(), "e5xd6") << t.transcript();
}

TEST(EnPassant, HalfDoneIsPendingNotAMove) {
  Table t = before_en_passant();
  t.up("e5").down("d6", 300).wait(2000);  // the captured pawn is still on d5
  EXPECT_EQ(t.moves().size(), 4U);
  EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty());
  t.up("d5", 100).wait(700);
  EXPECT_EQ(t.moves().back(), "e5xd6") << t.transcript();
}

const char* kPromotionFen = "4k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQ - 0 1";

TEST(Promotion, AsksWhichPieceAndTakesTheKiosksAnswer) {
  Table t("chess", kPromotionFen);
  t.setup();
  t.up("b7").down("b8", 300).wait(700);
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  const session::Request& q = t.session().requests().front();
  EXPECT_EQ(q.kind, session::RequestKind::kPromotion);
  EXPECT_EQ(q.options.size(), 4U);
  EXPECT_EQ(q.options[static_cast<std::size_t>(q.default_option)].label, "queen");
  EXPECT_TRUE(t.moves().empty());
  int knight = -1;
  for (std::size_t i = 0; i < q.options.size(); ++i) {
    if (q.options[i].label == "knight") knight = static_cast<int>(i);
  }
  session::Intent answer;
  answer.kind = session::IntentKind::kAnswer;
  answer.request = q.id;
  answer.option = knight;
  t.intent(answer);
  EXPECT_EQ(t.moves(), (Strings{"b7-b8=N"})) << t.transcript();
  EXPECT_TRUE(t.session().requests().empty());
}

TEST(Promotion, TakesTheVariantsFirstChoiceAfterTheTimeout) {
  session::SessionSettings s;
  s.promotion_timeout = session::Millis{5000};
  Table t("chess", kPromotionFen, s);
  t.setup();
  t.up("g7").down("g8", 300).wait(4000);
  EXPECT_TRUE(t.moves().empty());
  t.wait(2000);
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=Q"})) << t.transcript();
}

TEST(Promotion, ANextMoveBeforeTheAnswerWaitsAndIsThenRead) {
  Table t("chess", kPromotionFen);
  t.setup();
  t.up("g7").down("g8", 300).wait(600);  // asked
  t.up("e8", 200).down("d7", 300);       // Black does not wait
  session::Intent pick;
  pick.kind = session::IntentKind::kChoosePiece;
  pick.piece = t.rules().kind_by_letter('R');
  t.intent(pick, 200).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=R", "Ke8-d7"})) << t.transcript();
}

TEST(Promotion, WithOneChoiceIsNotAsked) {
  // chess.com FFA promotes on the 8th rank to a (1-point) queen only: Red's
  // h-pawn is put on h7 in the start position.
  auto rules = variants::load_id("chesscom-ffa").rules;
  core::Position pos = core::parse_fen4(*rules, rules->start_fen).value();
  pos.put(rules->geometry.parse("h2"), core::kEmpty);
  pos.put(rules->geometry.parse("h7"),
          core::Piece{rules->kind_by_letter('P'), core::seat_at(0), false});
  pos.finish_setup();
  Table t(rules, pos);
  t.setup();
  t.up("h7").down("h8", 300).wait(700);
  EXPECT_TRUE(t.session().requests().empty()) << t.transcript();
  ASSERT_EQ(t.moves().size(), 1U) << t.transcript();
  EXPECT_EQ(t.moves().front(), "h7-h8=D");
}

// ---- things that are not moves ----------------------------------------------------------

TEST(NotAMove, ASlideBrushingSquaresIsOneMove) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  // The bishop slides f1-e2-d3-c4: each square it passes reports down and up.
  // c4 lies on the way to b5 and a6: it commits after slide_rest (1500 ms).
  t.up("f1").down("e2", 60).up("e2", 20).down("d3", 40).up("d3", 20).down("c4", 40).wait(1600);
  EXPECT_EQ(t.moves().back(), "Bf1-c4") << t.transcript();
  EXPECT_EQ(t.moves().size(), 3U);
}

TEST(NotAMove, AnAdjustmentIsNoMoveAndNoRuling) {
  Table t("chess");
  t.setup();
  t.up("d2").down("d2", 300).wait(2000);
  EXPECT_TRUE(t.moves().empty());
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
  EXPECT_TRUE(t.rulings(RulingKind::kTouchOutOfTurn).empty());
  t.move("e2", "e4").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

TEST(NotAMove, APieceHeldInTheAirIsPendingThenReportedAfterTheHoldTime) {
  Table t("chess");
  t.setup();
  t.up("g1").wait(9000);
  EXPECT_TRUE(t.rulings(RulingKind::kHeldTooLong).empty());
  EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty());
  t.wait(2000);
  ASSERT_EQ(t.rulings(RulingKind::kHeldTooLong).size(), 1U) << t.transcript();
  EXPECT_NE(t.last_text(RulingKind::kHeldTooLong).find("g1"), std::string::npos);
  t.down("f3", 100).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"Ng1-f3"}));
}

TEST(NotAMove, APieceSetDownBrieflyOnTheWayIsNotTaken) {
  // commit_at_once off; with it on the knight made Ng1-h3 when it was set
  // down (FIDE 4.7; commit_at_once_test).
  session::SessionSettings s;
  s.tracker.commit_at_once = false;
  Table t("chess", "", s);
  t.setup();
  // The knight touches down on h3 for 200 ms (less than the settle time), then goes to f3.
  t.up("g1").down("h3", 200).up("h3", 200).down("f3", 200).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"Ng1-f3"})) << t.transcript();
}

// ---- fast replies ---------------------------------------------------------------------

TEST(FastReply, IsNeitherLostNorMergedIntoTheMoveBefore) {
  Table t("chess");
  t.setup();
  t.up("e2").down("e4", 300);
  t.up("e7", 90).down("e5", 250);  // Black answers 90 ms after e4 lands
  t.up("g1", 80).down("f3", 250).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Ng1-f3"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
  EXPECT_TRUE(t.rulings(RulingKind::kTouchOutOfTurn).empty()) << t.transcript();
}

TEST(FastReply, ARecaptureOnTheSameSquareIsRead) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("d7", "d5").wait(700);
  t.up("d5").up("e4", 200).down("d5", 200);                 // exd5
  t.up("d5", 100).up("d8", 150).down("d5", 250).wait(700);  // Qxd5 at once, victim first
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "d7-d5", "e4xd5", "Qd8xd5"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(FastReply, AReplyHeldInTheAirCommitsTheMoveBefore) {
  Table t("chess");
  t.setup();
  t.up("e2").down("e4", 300);
  t.up("g8", 100).wait(2000);  // Black lifts his knight and thinks
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
  t.down("f6", 100).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "Ng8-f6"}));
}

TEST(FastReply, AnIllegalReplyLetsTheMoveBeforeStandAndIsRuledAfterIt) {
  // White's king steps; 100 ms later Black moves his pinned knight.
  Table t("chess", "4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1");
  t.setup();
  t.up("e1").down("d2", 300);
  t.up("c6", 100).down("e5", 250).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"Ke1-d2"})) << t.transcript();
  auto r = t.rulings(RulingKind::kIllegalMove);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_EQ(
      r.front().text,
      "Black's knight cannot go from c6 to e5: it would leave Black's king in check from White's "
      "bishop on b5. Put it back: move Black's knight from e5 back to c6");
}

// ---- out of turn, illegal moves, guidance ------------------------------------------------

TEST(OutOfTurn, TouchingAPieceIsAWarning) {
  Table t("chess");
  t.setup();
  t.up("e7").down("e7", 300).wait(700);
  auto w = t.rulings(RulingKind::kTouchOutOfTurn);
  ASSERT_EQ(w.size(), 1U) << t.transcript();
  EXPECT_EQ(w.front().severity, core::Severity::kWarning);
  EXPECT_EQ(w.front().text, "Black's pawn on e7 was touched, but it is White's turn");
  EXPECT_TRUE(no_illegal(t));
  t.move("e2", "e4").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

TEST(OutOfTurn, MovingAPieceIsIllegalAndSaysWhatToPutBack) {
  Table t("chess");
  t.setup();
  t.up("e7").down("e5", 300).wait(700);
  auto r = t.rulings(RulingKind::kIllegalMove);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_EQ(r.front().severity, core::Severity::kIllegal);
  EXPECT_EQ(r.front().text,
            "it is White's turn, not Black's (Black's pawn on e7). Put it back: move Black's pawn "
            "from e5 back to e7");
  ASSERT_EQ(r.front().fixes.size(), 1U);
  EXPECT_EQ(r.front().fixes.front().kind, inference::FixKind::kMove);
  EXPECT_TRUE(t.moves().empty());
  t.up("e5", 500).down("e7", 300).wait(700);
  EXPECT_EQ(t.rulings(RulingKind::kBoardInOrder).size(), 1U) << t.transcript();
  t.move("e2", "e4").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

TEST(IllegalMove, NamesThePieceWhyAndWhatToPutBack) {
  // Black's knight on c6 is pinned by White's bishop on b5.
  Table t("chess", "4k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1");
  t.setup();
  t.up("c6").down("e5", 300).wait(700);
  auto r = t.rulings(RulingKind::kIllegalMove);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_EQ(r.front().text,
            "Black's knight cannot go from c6 to e5: it would leave Black's king in check from "
            "White's bishop on b5. "
            "Put it back: move Black's knight from e5 back to c6");
  EXPECT_TRUE(t.moves().empty());
  // The board is put right and a legal move follows.
  t.up("e5", 400).down("c6", 300).wait(700).up("e8").down("e7", 300).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"Ke8-e7"})) << t.transcript();
}

TEST(IllegalMove, AnIllegalCaptureSaysToPutBothPiecesBack) {
  Table t("chess", "4k3/8/2n5/1B6/3P4/8/8/4K3 b - - 0 1");
  t.setup();
  t.up("d4").up("c6", 200).down("d4", 300).wait(700);  // the pinned knight takes d4
  auto r = t.rulings(RulingKind::kIllegalMove);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  ASSERT_EQ(r.front().fixes.size(), 2U);
  EXPECT_EQ(r.front().fixes[0].text, "move Black's knight from d4 back to c6");
  EXPECT_EQ(r.front().fixes[1].text, "put White's pawn back on d4");
  // The snapshot follows the hands: once the knight is back, one action is left.
  t.up("d4", 400).down("c6", 200);
  ASSERT_EQ(t.session().snapshot().fixes.size(), 1U);
  EXPECT_EQ(t.session().snapshot().fixes.front().text, "put White's pawn back on d4");
  t.down("d4", 300).wait(700);
  EXPECT_EQ(t.rulings(RulingKind::kBoardInOrder).size(), 1U) << t.transcript();
}

TEST(OutOfSync, PairsEachMissingPieceWithTheNearestExtraSquare) {
  Table t("chess");
  t.setup();
  // Both knights leave; two pieces stand on a4 and h4: no single move, and
  // no knight's leap or line reaches either square (nothing to follow).
  t.up("b1").up("g1", 50).down("a4", 300).down("h4", 50).wait(700);
  auto r = t.rulings(RulingKind::kOutOfSync);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  ASSERT_EQ(r.front().fixes.size(), 2U);
  EXPECT_EQ(r.front().fixes[0].text, "move White's knight from a4 to b1");
  EXPECT_EQ(r.front().fixes[1].text, "move White's knight from h4 to g1");
  EXPECT_EQ(r.front().severity, core::Severity::kIllegal);
}

TEST(OutOfSync, TwoPiecesInTheHandsAreFollowedByTheirOwnLeaps) {
  // Session 23: both knights leave; two pieces stand on a3 and h3, each a
  // knight's leap from one knight's square: each is followed back there
  // (before session 23, paired by distance alone: "from a3 to b1").
  Table t("chess");
  t.setup();
  t.up("b1").up("g1", 50).down("a3", 300).down("h3", 50).wait(700);
  auto r = t.rulings(RulingKind::kOutOfSync);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  ASSERT_EQ(r.front().fixes.size(), 2U);
  EXPECT_EQ(r.front().fixes[0].text, "move White's knight from a3 back to b1");
  EXPECT_EQ(r.front().fixes[1].text, "move White's knight from h3 back to g1");
  EXPECT_EQ(r.front().severity, core::Severity::kIllegal);
}

TEST(OutOfSync, ALiftedPieceThatCannotMoveIsAWarning) {
  Table t("chess");
  t.setup();
  t.up("c1").wait(700);  // the bishop has no move in the start position
  auto r = t.rulings(RulingKind::kOutOfSync);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_EQ(r.front().severity, core::Severity::kWarning);
  EXPECT_EQ(r.front().text,
            "White's bishop on c1 has no legal move now; put White's bishop back on c1");
}

// ---- bad input: noise, knocks, dead and stuck sensors ---------------------------------------

TEST(BadInput, ANoisySensorIsNamedAndNothingIsLost) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  for (int i = 0; i < 6; ++i) t.down("h5", 40).up("h5", 40);  // h5 chatters
  t.wait(700);
  auto n = t.rulings(RulingKind::kSensor);
  bool named = false;
  for (const auto& r : n)
    named = named || r.text.find("sensor of h5 is noisy") != std::string::npos;
  EXPECT_TRUE(named) << t.transcript();
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5"}));
  t.move("g1", "f3").wait(700);
  EXPECT_EQ(t.moves().size(), 3U) << t.transcript();
}

TEST(BadInput, KnockedOverPiecesAreSaidAndNoMoveIsReadUntilTheBoardIsBack) {
  Table t("chess");
  t.setup().move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  t.up("a2").up("b2", 30).up("c2", 30);  // a sleeve sweeps White's pawns over
  t.down("b3", 100).down("c3", 20).wait(700);
  bool said = false;
  for (const auto& r : t.rulings(RulingKind::kSensor))
    said = said || r.text.find("knocked over") != std::string::npos;
  EXPECT_TRUE(said) << t.transcript();
  EXPECT_EQ(t.moves().size(), 2U);
  ASSERT_FALSE(t.rulings(RulingKind::kOutOfSync).empty()) << t.transcript();
  EXPECT_NE(t.rulings(RulingKind::kOutOfSync).back().text.find("many pieces were disturbed"),
            std::string::npos);
  // Putting the pawns back, a knocked pawn lands on a3: a legal square, but no move.
  t.up("b3", 300).down("b2", 100).up("c3", 100).down("c2", 100).down("a3", 100).wait(700);
  EXPECT_EQ(t.moves().size(), 2U) << t.transcript();
  t.up("a3", 200).down("a2", 200).wait(700);
  EXPECT_FALSE(t.rulings(RulingKind::kBoardInOrder).empty()) << t.transcript();
  t.move("g1", "f3").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Ng1-f3"})) << t.transcript();
}

TEST(BadInput, ARepeatedEventChangesNothing) {
  Table t("chess");
  t.setup();
  t.down("e2", 100).wait(700);
  auto r = t.rulings(RulingKind::kSensor);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_EQ(r.front().text,
            "the sensor of e2 reported \"down\" but e2 was already occupied; nothing changes");
  t.move("e2", "e4").wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

TEST(BadInput, AnEventOffTheBoardIsNamedAndIgnored) {
  Table t("chess");
  t.setup();
  t.session().on_event(
      session::SquareEvent{session::Millis{t.now() + 10}, core::make_square(9, 2), true});
  auto r = t.rulings(RulingKind::kSensor);
  ASSERT_EQ(r.size(), 1U) << t.transcript();
  EXPECT_NE(r.front().text.find("not on this board"), std::string::npos);
  t.move("d2", "d4", 200).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"d2-d4"}));
}

TEST(BadInput, InputsGoingBackInTimeAreTakenAsNow) {
  Table t("chess");
  t.setup();
  t.up("e2", 100);
  t.session().on_event(session::SquareEvent{session::Millis{t.now() - 50}, t.sq("e4"), true});
  t.wait(700);
  EXPECT_NE(t.transcript().find("came after one at"), std::string::npos) << t.transcript();
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"}));
}

TEST(BadInput, ADeadSensorShowsAsAPieceOffTheBoardAndCanBeMasked) {
  Table t("chess");
  t.setup();
  t.up("e2").wait(11000);  // the pawn went to e4, whose reed is dead
  std::string held = t.last_text(RulingKind::kHeldTooLong);
  EXPECT_NE(held.find("e2"), std::string::npos) << t.transcript();
  EXPECT_NE(held.find("sensor may be dead"), std::string::npos);
  session::Intent fault;
  fault.kind = session::IntentKind::kSensorFault;
  fault.square = t.sq("e4");
  t.intent(fault).wait(700);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4"})) << t.transcript();
  EXPECT_TRUE(t.session().snapshot().masked.test(core::index_of(t.sq("e4"))));
}

TEST(BadInput, AStuckSensorShowsAsAPieceFromNowhere) {
  Table t("chess");
  t.setup();
  t.down("e4", 300).wait(700);  // e2's reed stayed closed when the pawn left
  std::string text = t.last_text(RulingKind::kOutOfSync);
  EXPECT_NE(text.find("a piece on e4 that the game does not"), std::string::npos) << t.transcript();
  EXPECT_NE(text.find("sensor may be stuck"), std::string::npos);
}

// ---- the Tracker alone: placements (003) and merged squares (000) ---------------------------

// Offers 003's stalemate placements (rule 5) besides the legal moves, since no
// shipped variant has them yet.
class WithPlacements : public inference::MoveSource {
 public:
  WithPlacements(const core::Game& g, std::vector<core::Move> extra)
      : g_(g), extra_(std::move(extra)) {}
  const core::Game& game() const override { return g_; }
  core::MoveList moves(const core::Game& g) const override {
    core::MoveList list = g.legal_moves();
    for (const core::Move& m : extra_) list.push(m);
    return list;
  }

 private:
  const core::Game& g_;
  std::vector<core::Move> extra_;
};

std::shared_ptr<const core::RuleSet> chess_rules() {
  return variants::load_id("chess").rules;
}

inference::Tracker tracking(const core::RuleSet& rules, const inference::MoveSource& src) {
  inference::Tracker tr(rules.geometry);
  for (int i = 0; i < core::kMaxSquares; ++i) {
    auto q = static_cast<core::Square>(i);
    if (rules.geometry.playable(q) && !src.game().position().at(q).empty())
      tr.on_event({session::Millis{0}, q, true}, nullptr);
  }
  tr.rebase(src, inference::Rebase::kFresh);
  return tr;
}

TEST(Placement, FillingOneEmptySquareIsReadAndItsPieceAsked) {
  auto rules = chess_rules();
  core::Game g(rules, core::parse_fen(*rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").value());
  core::Square e4 = rules->geometry.parse("e4");
  core::Move knight{core::kNoSquare, e4, core::MoveKind::kPlacement, rules->kind_by_letter('N'), 0};
  core::Move bishop{core::kNoSquare, e4, core::MoveKind::kPlacement, rules->kind_by_letter('B'), 0};
  WithPlacements src(g, {knight, bishop});
  inference::Tracker tr = tracking(*rules, src);
  tr.on_event({session::Millis{1000}, e4, true}, &src);
  auto up = tr.on_tick(session::Millis{1600}, &src);
  ASSERT_TRUE(up.commit.has_value());
  EXPECT_EQ(up.commit->choice, inference::ChoiceKind::kPlacement);
  EXPECT_EQ(up.commit->options, (std::vector<core::Move>{knight, bishop}));
}

TEST(Placement, WithOneKindIsCommittedAtOnce) {
  auto rules = chess_rules();
  core::Game g(rules, core::parse_fen(*rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").value());
  core::Move rook{core::kNoSquare, rules->geometry.parse("a5"), core::MoveKind::kPlacement,
                  rules->kind_by_letter('R'), 0};
  WithPlacements src(g, {rook});
  inference::Tracker tr = tracking(*rules, src);
  tr.on_event({session::Millis{1000}, rules->geometry.parse("a5"), true}, &src);
  auto up = tr.on_tick(session::Millis{1600}, &src);
  ASSERT_TRUE(up.commit.has_value());
  EXPECT_EQ(up.commit->choice, inference::ChoiceKind::kNone);
  EXPECT_EQ(up.commit->options.front(), rook);
}

TEST(CornerSquare, AnyOfItsReedsSensesTheOneSquare) {
  // Chess with e4, f4, e5, f5 merged into one large square (sheet 000's
  // corner squares are such merged squares; its anchor e4 names it).
  auto base = chess_rules();
  auto rules = std::make_shared<core::RuleSet>(*base);
  auto g = rules->geometry;
  ASSERT_FALSE(g.merge({g.parse("e4"), g.parse("f4"), g.parse("e5"), g.parse("f5")}).has_value());
  rules->geometry = g;
  ASSERT_FALSE(rules->compile().has_value());
  core::Game game(rules, core::parse_fen(*rules, rules->start_fen).value());
  inference::GameMoves src(game);
  inference::Tracker tr = tracking(*rules, src);
  core::Square e2 = rules->geometry.parse("e2");
  core::Square f5_cell = core::make_square(5, 4);
  tr.on_event({session::Millis{1000}, e2, false}, &src);
  tr.on_event({session::Millis{1300}, f5_cell, true}, &src);  // the pawn stands on the f5 cell
  tr.on_event({session::Millis{1350}, core::make_square(4, 3), true},
              &src);                                           // and over the e4 cell too
  tr.on_event({session::Millis{1400}, f5_cell, false}, &src);  // slid within the square: no change
  auto up = tr.on_tick(session::Millis{2000}, &src);
  ASSERT_TRUE(up.commit.has_value());
  ASSERT_EQ(up.commit->options.size(), 1U);
  EXPECT_EQ(up.commit->options.front().to, rules->geometry.parse("e4"));
  EXPECT_EQ(up.commit->options.front().from, e2);
}

}  // namespace
}  // namespace tabula::testing

// Promotion at the board (issue 31 item 11): a presence board cannot see
// which piece was put down, and play must go on. While the "which piece?"
// question is open, the next player's first touch away from the promotion
// square takes the variant's default (the queen) and is read as the start of
// the next move; the arbiter can change the piece afterwards. In 31 of 200
// real games read from sensors the question stayed open for the 30 s timeout
// while the opponent moved, and the board fell out of sync.
#include <gtest/gtest.h>

#include "table.h"

namespace tabula::testing {
namespace {

using session::RulingKind;
using Strings = std::vector<std::string>;

// White pawns b7, g7; Black pawns b2, g2; kings e1, e8; White rooks a1, h1.
const char* kQuestionFen = "4k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQ - 0 1";

session::Intent choose(const Table& t, char letter) {
  session::Intent pick;
  pick.kind = session::IntentKind::kChoosePiece;
  pick.piece = t.rules().kind_by_letter(letter);
  return pick;
}

bool out_of_sync(const Table& t) {
  return !t.rulings(RulingKind::kOutOfSync).empty() || !t.rulings(RulingKind::kIllegalMove).empty();
}

TEST(PromotionFlow, TheNextMoveTakesTheQueenAndIsReadWithoutWaiting) {
  Table t("chess", kQuestionFen);
  t.setup();
  t.up("g7").down("g8", 300).wait(600);  // asked
  ASSERT_EQ(t.session().requests().size(), 1U) << t.transcript();
  t.up("e8", 200).down("d7", 300).wait(700);  // Black does not wait; nobody answers
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=Q", "Ke8-d7"})) << t.transcript();
  EXPECT_TRUE(t.session().requests().empty()) << t.transcript();
  EXPECT_FALSE(out_of_sync(t)) << t.transcript();
  EXPECT_NE(t.transcript().find("play goes on (e8): queen is taken; the arbiter may change it"), std::string::npos)
      << t.transcript();
}

TEST(PromotionFlow, SwappingThePieceOnThePromotionSquareStillAsks) {
  // The promoting player exchanges the pawn for the new piece on g8: that is
  // not the next move, and the question stays open.
  Table t("chess", kQuestionFen);
  t.setup();
  t.up("g7").down("g8", 300).wait(600);
  t.up("g8", 500).down("g8", 800).wait(700);
  EXPECT_TRUE(t.moves().empty()) << t.transcript();
  EXPECT_EQ(t.session().requests().size(), 1U) << t.transcript();
}

TEST(PromotionFlow, TheArbiterChangesThePieceAfterwardsAndPlayGoesOn) {
  Table t("chess", kQuestionFen);
  t.setup();
  t.up("g7").down("g8", 300).wait(600);
  t.up("e8", 200).down("d7", 300).wait(700);
  t.intent(choose(t, 'N'));
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=N", "Ke8-d7"})) << t.transcript();
  const core::Piece on_g8 = t.session().game().position().at(t.rules().geometry.parse("g8"));
  EXPECT_EQ(on_g8.kind, t.rules().kind_by_letter('N'));
  // The knight moves as a knight from there.
  t.move("g8", "f6").wait(700);
  EXPECT_EQ(t.moves().back(), "Ng8-f6") << t.transcript();
  EXPECT_FALSE(out_of_sync(t)) << t.transcript();
}

TEST(PromotionFlow, AChangeThatWouldMakeALaterMoveIllegalIsRefused) {
  Table t("chess", kQuestionFen);
  t.setup();
  t.up("g7").down("g8", 300).wait(600);
  t.up("e8", 200).down("d7", 300).wait(700);
  // The queen goes down the file; with `sliding` (issue 27 item 10) a piece
  // that could go on is read once it rested slide_rest (1500 ms).
  t.move("g8", "g4").wait(1600);
  ASSERT_EQ(t.moves().size(), 3U) << t.transcript();
  t.intent(choose(t, 'N'));
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=Q", "Ke8-d7", "Qg8-g4"})) << t.transcript();
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("a later move would not be legal then"), std::string::npos)
      << t.transcript();
}

TEST(PromotionFlow, BadChangesAreRefusedNamingWhy) {
  Table t("chess", kQuestionFen);
  t.setup();
  t.intent(choose(t, 'N'));
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("no promotion to change"), std::string::npos) << t.transcript();
  t.up("g7").down("g8", 300).wait(600);
  t.up("e8", 200).down("d7", 300).wait(700);
  t.intent(choose(t, 'K'));
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("the choices: queen, rook, bishop, knight"), std::string::npos)
      << t.transcript();
  t.intent(choose(t, 'Q'));
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("already a queen"), std::string::npos) << t.transcript();
  EXPECT_EQ(t.moves(), (Strings{"g7-g8=Q", "Ke8-d7"}));
}

}  // namespace
}  // namespace tabula::testing

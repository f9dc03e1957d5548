// The pronunciation pass (voice/spoken_text.h): expected strings written by
// hand.
#include "voice/spoken_text.h"

#include <gtest/gtest.h>

#include "variants/variant_loader.h"

namespace tabula::voice {
namespace {

TEST(SpokenText, LongAlgebraicMovesBecomeWords) {
  EXPECT_EQ(spoken_move("Nb8-c6"), "knight b8 to c6");
  EXPECT_EQ(spoken_move("Qa11xRa9"), "queen a11 takes rook a9");
  EXPECT_EQ(spoken_move("e2-e4"), "e2 to e4");
  EXPECT_EQ(spoken_move("k7-k8=Q+"), "k7 to k8, promotes to queen, check");
  EXPECT_EQ(spoken_move("Rd1xe1#"), "rook d1 takes e1, mate");
}

TEST(SpokenText, SanMovesBecomeWords) {
  EXPECT_EQ(spoken_move("Nf3"), "knight f3");
  EXPECT_EQ(spoken_move("exd5"), "e takes d5");
  EXPECT_EQ(spoken_move("Qxe7+"), "queen takes e7, check");
  EXPECT_EQ(spoken_move("Nbd7"), "knight b d7");
  EXPECT_EQ(spoken_move("e8=Q#"), "e8, promotes to queen, mate");
  EXPECT_EQ(spoken_move("O-O"), "castles short");
  EXPECT_EQ(spoken_move("O-O-O+"), "castles long, check");
}

TEST(SpokenText, SquaresAndWordsAreLeftAlone) {
  EXPECT_EQ(spoken_move("e4"), "");
  EXPECT_EQ(spoken_move("k11"), "");
  EXPECT_EQ(spoken_move("put-back"), "");
  EXPECT_EQ(spoken_move("+20"), "");
  EXPECT_EQ(spoken_move("Red's"), "");
  EXPECT_EQ(spoken_text("Red's pawn on e2 to e4"), "Red's pawn on e2 to e4");
  EXPECT_EQ(spoken_text("Blue +20 (checkmates Yellow)"), "Blue +20 (checkmates Yellow)");
}

TEST(SpokenText, NotationInsideASentenceKeepsItsPunctuation) {
  EXPECT_EQ(spoken_text("Blue's bot plays Nb8-c6: move it for Blue"),
            "Blue's bot plays knight b8 to c6: move it for Blue");
  EXPECT_EQ(spoken_text("Last move: Green, Qa11xRa9."), "Last move: Green, queen a11 takes rook a9.");
  EXPECT_EQ(spoken_text("(e2-e4)"), "(e2 to e4)");
}

TEST(SpokenText, AVariantNamesItsOwnPieces) {
  auto loaded = variants::load_id("chesscom-ffa");
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  const PieceNames names = PieceNames::of(*loaded.rules);
  EXPECT_EQ(names.name('N'), "knight");
  // chess.com's promoted queen moves as 'Q': the queen keeps the letter.
  EXPECT_EQ(names.name('Q'), "queen");
  EXPECT_EQ(spoken_move("Qh1xNg3", names), "queen h1 takes knight g3");
  EXPECT_EQ(names.name('Z'), "");
  EXPECT_EQ(spoken_move("Zh1-h2", names), "Z h1 to h2");
}

}  // namespace
}  // namespace tabula::voice

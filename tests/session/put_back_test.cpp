// Issue 18 item 1: put-back guidance follows where each piece went (the
// tracker saw d7 lifted and d4 filled), and a board restored with pieces
// swapped between colours is caught. Expected texts are written from the
// position by hand: the pawn on d4 is Black's, the one in the air White's.
#include <gtest/gtest.h>

#include "table.h"

namespace tabula::testing {
namespace {

using session::RulingKind;

TEST(PutBack, TheRefusedPieceGoesBackWhereItCameFrom) {
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(1000);
  t.up("d7", 100).down("d4", 300).wait(1000);  // refused: a pawn does not go three squares
  t.up("d2", 300).wait(1000);                  // White, impatient, touches d2
  std::string said = t.last_text(RulingKind::kOutOfSync) + t.last_text(RulingKind::kIllegalMove);
  EXPECT_NE(said.find("move Black's pawn from d4 back to d7"), std::string::npos) << t.transcript();
  EXPECT_EQ(said.find("White's pawn from d4"), std::string::npos) << t.transcript();
  // Doing what it says puts the game back in order.
  t.up("d4", 200).down("d7", 200).down("d2", 300).wait(1000);
  EXPECT_EQ(t.session().tracker().state(), inference::TrackerState::kInSync) << t.transcript();
  t.move("d7", "d5").wait(1000);
  EXPECT_EQ(t.moves(), (std::vector<std::string>{"e2-e4", "d7-d5"})) << t.transcript();
}

TEST(PutBack, PiecesSwappedBetweenColoursAreCaught) {
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(1000);
  t.up("d7", 100).down("d4", 300).wait(1000);  // refused
  t.up("d2", 300).wait(1000);
  // The old, wrong guidance: "move White's pawn from d4 to d2; then put
  // Black's pawn back on d7": Black's pawn ends on d2, White's on d7.
  t.up("d4", 200).down("d2", 300).down("d7", 300).wait(1000);
  EXPECT_NE(t.session().tracker().state(), inference::TrackerState::kInSync) << t.transcript();
  std::string said = t.last_text(RulingKind::kOutOfSync);
  EXPECT_NE(said.find("swapped"), std::string::npos) << t.transcript();
  EXPECT_NE(said.find("Black's pawn"), std::string::npos) << said;
  // Exchanging them puts the game back in order, and play goes on.
  t.up("d2", 300).up("d7", 200).down("d2", 200).down("d7", 200).wait(1000);
  EXPECT_EQ(t.session().tracker().state(), inference::TrackerState::kInSync) << t.transcript();
  t.move("d7", "d5").wait(1000);
  EXPECT_EQ(t.moves(), (std::vector<std::string>{"e2-e4", "d7-d5"})) << t.transcript();
}

}  // namespace
}  // namespace tabula::testing

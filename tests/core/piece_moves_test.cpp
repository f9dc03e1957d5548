// Every piece on the five sheets, from its Betza string alone, on an open
// board and on a blocked one (issue 2: "prove it with unit tests of each
// piece's move set"). Expected squares are worked out by hand from the sheets'
// diagrams; the board is 9x9 (a1..i9) with the piece on e5 unless noted.
#include <gtest/gtest.h>

#include "test_rules.h"

namespace tabula {
namespace {

using Names = std::vector<std::string>;
constexpr core::Seat kSouth = core::seat_at(0);
constexpr core::Seat kNorth = core::seat_at(1);

// Places `betza` piece for `seat` on `at`, plus friends and enemies.
Names moves_of(const std::string& betza, const std::string& at, core::Seat seat = kSouth,
               const Names& friends = {}, const Names& enemies = {}, int files = 9, int ranks = 9,
               const Names& holes = {}) {
  auto rules = testing::piece_lab(files, ranks, {betza, "W"}, holes);
  core::Position pos(*rules);
  pos.clear();
  const core::Geometry& g = rules->geometry;
  core::Seat other = seat == kSouth ? kNorth : kSouth;
  pos.put(g.parse(at), {core::kind_at(0), seat, false});
  for (const auto& f : friends) pos.put(g.parse(f), {core::kind_at(1), seat, false});
  for (const auto& e : enemies) pos.put(g.parse(e), {core::kind_at(1), other, false});
  pos.set_to_move(seat);
  pos.finish_setup();
  return testing::destinations(pos, at);
}

Names ring(const std::string& c) {  // the eight neighbours of a square name
  Names out;
  char f = c[0];
  char r = c[1];
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      if (df || dr) out.push_back(std::string{static_cast<char>(f + df), static_cast<char>(r + dr)});
  return out;
}

// ---- orthodox pieces (all sheets) ---------------------------------------------

TEST(PieceMoves, KingStepsToAllEightNeighbours) {
  EXPECT_EQ(moves_of("K", "e5"), (Names{"d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"}));
  EXPECT_EQ(moves_of("K", "a1"), (Names{"a2", "b1", "b2"}));
}

TEST(PieceMoves, KnightLeapsOverBlockers) {
  EXPECT_EQ(moves_of("N", "e5"), (Names{"c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"}));
  // Surrounded by friends it still leaps; a friend on a target square blocks it.
  Names friends = ring("e5");
  friends.push_back("d7");
  EXPECT_EQ(moves_of("N", "e5", kSouth, friends), (Names{"c4", "c6", "d3", "f3", "f7", "g4", "g6"}));
}

TEST(PieceMoves, RookSlidesUntilBlockedAndCaptures) {
  EXPECT_EQ(moves_of("R", "e5").size(), 16u);
  EXPECT_EQ(moves_of("R", "e5", kSouth, {"e7"}, {"c5"}),
            (Names{"c5", "d5", "e1", "e2", "e3", "e4", "e6", "f5", "g5", "h5", "i5"}));
}

TEST(PieceMoves, BishopAndQueen) {
  EXPECT_EQ(moves_of("B", "e5").size(), 16u);
  EXPECT_EQ(moves_of("Q", "e5").size(), 32u);
  EXPECT_EQ(moves_of("B", "e5", kSouth, {"f6", "d4"}, {"c7"}),
            (Names{"c7", "d6", "f4", "g3", "h2", "i1"}));
}

TEST(PieceMoves, PawnMovesForwardCapturesDiagonallyForEachSeat) {
  EXPECT_EQ(moves_of("fmWfcF", "e5"), (Names{"e6"}));
  EXPECT_EQ(moves_of("fmWfcF", "e5", kSouth, {}, {"d6", "e6"}), (Names{"d6"}));
  // The north seat's forward is south.
  EXPECT_EQ(moves_of("fmWfcF", "e5", kNorth), (Names{"e4"}));
  EXPECT_EQ(moves_of("fmWfcF", "e5", kNorth, {}, {"f4", "d6"}), (Names{"e4", "f4"}));
}

// ---- 004 Bipartite pieces --------------------------------------------------------

TEST(PieceMoves, MessengerStageOneStepsForwardOrDiagonallyNeverCaptures) {
  // 004 stage one: "the Messenger may move diagonally forward even though it
  // is not capturing"; rule 4: no capturing in stage one.
  EXPECT_EQ(moves_of("fmWfmF", "e5"), (Names{"d6", "e6", "f6"}));
  EXPECT_EQ(moves_of("fmWfmF", "e5", kSouth, {}, {"d6", "e6"}), (Names{"f6"}));
}

TEST(PieceMoves, DiagonalPowerPieceIsABishopOfRangeThree) {
  // 004: "like a Bishop ... only to a maximum distance of three spaces".
  EXPECT_EQ(moves_of("B3", "e5"), (Names{"b2", "b8", "c3", "c7", "d4", "d6", "f4", "f6", "g3",
                                         "g7", "h2", "h8"}));
  EXPECT_EQ(moves_of("B3", "e5", kSouth, {"f6"}, {"c3"}),
            (Names{"b8", "c3", "c7", "d4", "d6", "f4", "g3", "h2"}));
}

TEST(PieceMoves, OrthogonalPowerPieceIsARookOfRangeThree) {
  EXPECT_EQ(moves_of("R3", "e5"), (Names{"b5", "c5", "d5", "e2", "e3", "e4", "e6", "e7", "e8",
                                         "f5", "g5", "h5"}));
  EXPECT_EQ(moves_of("R3", "e5", kSouth, {"e6"}, {"g5"}),
            (Names{"b5", "c5", "d5", "e2", "e3", "e4", "f5", "g5"}));
}

TEST(PieceMoves, CaptainIsAKnightPlusAMoveOnlyStepForwardOrBack) {
  // 004: "moves and captures like a Knight ... also a movement-only option one
  // square directly to the front or back".
  EXPECT_EQ(moves_of("NmvW", "e5"),
            (Names{"c4", "c6", "d3", "d7", "e4", "e6", "f3", "f7", "g4", "g6"}));
  EXPECT_EQ(moves_of("NmvW", "e5", kSouth, {}, {"e6", "e4", "d7"}),
            (Names{"c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"}));
}

TEST(PieceMoves, GuardDoesNotCaptureOnItsThreeRearSquares) {
  // 004: "moves and captures like a King, but does not capture on any of the
  // spaces behind it".
  EXPECT_EQ(moves_of("fsWfFmbWmbF", "e5").size(), 8u);
  EXPECT_EQ(moves_of("fsWfFmbWmbF", "e5", kSouth, {}, ring("e5")),
            (Names{"d5", "d6", "e6", "f5", "f6"}));
  // For the north seat "behind" is north.
  EXPECT_EQ(moves_of("fsWfFmbWmbF", "e5", kNorth, {}, ring("e5")),
            (Names{"d4", "d5", "e4", "f4", "f5"}));
}

TEST(PieceMoves, SoldierCapturesOnlyDiagonally) {
  // 004: "like a King ... but cannot capture on any orthogonal space".
  EXPECT_EQ(moves_of("mWF", "e5").size(), 8u);
  EXPECT_EQ(moves_of("mWF", "e5", kSouth, {}, ring("e5")), (Names{"d4", "d6", "f4", "f6"}));
}

TEST(PieceMoves, SwordsmanMovesTwoOrthogonallyCapturesOnlyOnTheSecondNeverLeaps) {
  // 004: "can only move two in any orthogonal direction, but he only captures
  // on the second space ... The Swordsman cannot leap."
  EXPECT_EQ(moves_of("mWnD", "e5"), (Names{"c5", "d5", "e3", "e4", "e6", "e7", "f5", "g5"}));
  // Enemy on e6 blocks (no capture on the first square, no leap to e7);
  // enemy on e3 behind an empty e4 is captured.
  EXPECT_EQ(moves_of("mWnD", "e5", kSouth, {}, {"e6", "e7", "e3"}),
            (Names{"c5", "d5", "e3", "e4", "f5", "g5"}));
}

// ---- holes and absent cells --------------------------------------------------------

TEST(PieceMoves, RidersStopAtHolesLeapersJumpThem) {
  // RULINGS 004: nothing stands on or slides through a hole; leapers jump over.
  EXPECT_EQ(moves_of("R", "a5", kSouth, {}, {}, 5, 9, {"c5"}),
            (Names{"a1", "a2", "a3", "a4", "a6", "a7", "a8", "a9", "b5"}));
  EXPECT_EQ(moves_of("D", "a5", kSouth, {}, {}, 5, 9, {"b5"}), (Names{"a3", "a7", "c5"}));
  EXPECT_EQ(moves_of("nD", "a5", kSouth, {}, {}, 5, 9, {"b5"}), (Names{"a3", "a7"}));
}

}  // namespace
}  // namespace tabula

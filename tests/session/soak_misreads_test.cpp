// Session 20: the soak's last misreads, each a hand habit written out by hand
// from the generated trace that was read wrong (gaps in ms; the moves
// expected are the game's, never the code's). Each runs with commit_at_once
// on and off.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "session/session.h"
#include "table.h"

namespace tabula::testing {
namespace soak_misreads {

using session::RulingKind;
using Strings = std::vector<std::string>;

session::SessionSettings settings(bool at_once) {
  session::SessionSettings s;
  s.tracker.commit_at_once = at_once;
  return s;
}

TEST(SoakMisreads, AVictimPushedOffWhoseReedBouncesIsNoLandingOfTheCapturer) {
  // corners-long and corners-short soak seed 6653 (habits on, ply 15): Grey's
  // bishop a8 pushes Black's pawn off d11 (the push-capture habit: the reed
  // opens for 39 ms, no lift of its own, and bounces as the pawn goes: down
  // 1 ms after, up 4 ms later); in that millisecond Black lifts his e12
  // bishop (its reed bouncing too); the bishop lands on d11; Black takes on
  // k6. The bounce's flip down showed Ba8xd11 4 ms before its flip back, and
  // the real landing was read as Black's Be12xBd11 (a wrong move).
  const std::string fen =
      "G-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-2,bR,bN,bB,bK,bQ,bB,bN,bR,2/3,bP,2,bP,bP,bP,pP,2/"
      "gR,gP,2,bP,6,pR/gN,1,bP,gP,1,bP,2,pQ,1,pP,pN/gB,3,gP,5,pP,pB/gQ,gP,6,pP,2,pK/"
      "gK,gP,8,pP,1/gB,gP,8,pP,pB/gN,gP,6,wP,1,pP,pN/gR,gP,wP,wP,6,wP,pR/4,wP,wP,wP,wP,4/"
      "2,wR,wN,wB,wQ,wK,wB,wN,wR,2";
  for (bool at_once : {true, false}) {
    Table t("corners-long", fen, settings(at_once));
    t.setup();
    t.up("a8", 100).down("a8", 1).up("a8", 1);                     // Grey lifts the bishop
    t.up("d11", 584).down("d11", 1).up("e12", 0).down("e12", 3);  // the pawn pushed; Black lifts
    t.up("d11", 1).up("e12", 3).down("d11", 31);                  // the bishop lands on d11
    t.up("k6", 161).down("k6", 438).up("k6", 2).down("k6", 2).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Ba8xd11", "Be12xk6"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, AQueenSlidingToTakeAVictimLiftedFirstBrushesTheSquaresOnItsWay) {
  // corners-mini soak seed 5936 (habits on, ply 28): Black straightens his
  // king, lifts White's e3 bishop, lifts his h6 queen and slides it over g5
  // (159 ms, its reed bouncing) and f4 to e3. Qh6-g5 (a mate of Pink) was
  // read at once at the brush of g5 (a wrong move).
  const std::string fen =
      "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-2-2,bB,1,bK,3/2,bP,bP,4/gB,2,bB,3,bQ/3,gP,1,pP,2/"
      "2,gQ,pP,2,pK,1/1,gK,gP,1,wB,2,pB/4,wP,3/4,wK,wB,2";
  for (bool at_once : {true, false}) {
    Table t("corners-mini", fen, settings(at_once));
    t.setup();
    t.up("e8", 100).down("e8", 2).up("e8", 1).down("e8", 126);  // the king straightened
    t.up("e3", 295).up("h6", 466);                              // the victim, then the queen
    t.down("g5", 783).up("g5", 1).down("g5", 4).up("g5", 154);  // g5 brushed
    t.down("f4", 12).up("f4", 149).down("e3", 37);              // f4 brushed, e3 taken
    t.up("g4", 701).down("g4", 1).up("g4", 1).down("h4", 637).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Qh6xBe3", "Kg4-h4"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, AVictimsBounceShowingACaptureForMillisecondsIsNoMoveThatStood) {
  // chess soak seed 7222 (habits on, ply 11, the new range 7001-8500): White
  // lifts his b2 bishop; Black lifts g7 before it lands, the reed bouncing
  // (down 2 ms later, up 4 ms after that), which showed Bb2xg7; the bishop
  // lands on d4 (on its diagonal short of g7). Then four more plies in
  // flight, none settled: White lifts the bishop on to e3 as Black's pawn
  // lands on g6, Black's bishop c6-a4, White's e3-f4, Black's a4-b5. At the
  // settle time Bb2xg7, never on the board but for the bounce, was
  // committed (a wrong move). Now no move that did not stand is committed:
  // the six plies are not read (left: docs/INFERENCE.md), the board is
  // ruled out of sync, nobody is accused.
  const std::string fen = "r2qkbnr/1ppnpppp/2b5/p2p4/6P1/1P5P/PBPPPPB1/RN1QK1NR w KQkq a6 0 6";
  const Strings game{"Bb2-d4", "g7-g6", "Bd4-e3", "Bc6-a4", "Be3-f4", "Ba4-b5"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, settings(at_once));
    t.setup();
    t.up("b2", 100).down("b2", 2).up("b2", 2);                  // the bishop lifted
    t.up("g7", 496).down("g7", 2).up("g7", 4);                  // Black's pawn, bouncing
    t.down("d4", 215).up("d4", 3).down("d4", 2);                // the bishop on d4
    t.up("d4", 135).down("g6", 143).down("e3", 431);            // g7-g6, Bd4-e3
    t.up("c6", 270).up("e3", 454).down("a4", 174).up("a4", 3).down("a4", 1);
    t.down("f4", 333).up("f4", 2).down("f4", 2).up("a4", 6).down("b5", 262).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    const Strings moves = t.moves();
    ASSERT_LE(moves.size(), game.size()) << why;
    EXPECT_EQ(moves, Strings(game.begin(), game.begin() + static_cast<long>(moves.size()))) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    // The fixes name the pieces where they stand (a bounce of a4 is no
    // piece set down there).
    const std::string ruled = t.last_text(RulingKind::kOutOfSync);
    EXPECT_EQ(ruled.find("Black's bishop from f4"), std::string::npos) << why;
    EXPECT_EQ(ruled.find("White's bishop from b5"), std::string::npos) << why;
  }
}

TEST(SoakMisreads, AWaypointLeftIsNoMoveWhenTheReplyThatCouldTakeThereLandedElsewhere) {
  // chess soak seed 7671 (habits on, ply 33, the new range 7001-8500): the
  // queen slides e5-g7 and rests on f6 (25 ms); as it leaves, Black lifts
  // his g4 knight, which could take on f6; the queen lands on g7, the
  // knight on e5, and White lifts f8 to take it. Qe5-f6 (the waypoint) was
  // committed at the settle time as if the knight were still on its way to
  // take there (a wrong move).
  const std::string fen = "rBb1kb1r/5p1p/2p1P3/1pqpQ1p1/3N2nP/PP2P3/2PN1P2/R3KB1R w KQkq - 0 17";
  const Strings game{"Qe5-g7", "Ng4-e5", "Qg7xBf8"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, settings(at_once));
    t.setup();
    t.up("e5", 100).down("f6", 509).up("f6", 1).down("f6", 2).up("f6", 22);  // rests on f6
    t.up("g4", 1).down("g7", 18).up("g7", 2).down("g7", 1);                 // lands on g7
    t.down("e5", 608).up("f8", 168);                                         // Ng4-e5; f8 lifted
    t.up("g7", 673).down("f8", 584).up("f8", 2).down("f8", 2).wait(2500);    // Qg7xBf8
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    // Read once Qg7xBf8 lands (two out-of-sync rulings while the three
    // plies are in flight with the victim lifted: left).
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

}  // namespace soak_misreads
}  // namespace tabula::testing

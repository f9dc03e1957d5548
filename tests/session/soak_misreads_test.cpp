// Sessions 20 to 25: the soak's last misreads, each a hand habit written
// out by hand from the generated trace that was read wrong (gaps in ms; the
// moves expected are the game's, never the code's). Each runs with
// commit_at_once on and off.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "clock_script.h"
#include "session/session.h"
#include "table.h"

namespace tabula::testing {
namespace soak_misreads {

using session::RulingKind;
using Strings = std::vector<std::string>;

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
    Table t("corners-long", fen, table_settings(at_once));
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
    Table t("corners-mini", fen, table_settings(at_once));
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
  // committed (a wrong move). Session 20: no move that did not stand is
  // committed, and the board was ruled out of sync (six plies in flight, the
  // chain reader's bound four). Session 21: the six plies are read.
  const std::string fen = "r2qkbnr/1ppnpppp/2b5/p2p4/6P1/1P5P/PBPPPPB1/RN1QK1NR w KQkq a6 0 6";
  const Strings game{"Bb2-d4", "g7-g6", "Bd4-e3", "Bc6-a4", "Be3-f4", "Ba4-b5"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("b2", 100).down("b2", 2).up("b2", 2);                  // the bishop lifted
    t.up("g7", 496).down("g7", 2).up("g7", 4);                  // Black's pawn, bouncing
    t.down("d4", 215).up("d4", 3).down("d4", 2);                // the bishop on d4
    t.up("d4", 135).down("g6", 143).down("e3", 431);            // g7-g6, Bd4-e3
    t.up("c6", 270).up("e3", 454).down("a4", 174).up("a4", 3).down("a4", 1);
    t.down("f4", 333).up("f4", 2).down("f4", 2).up("a4", 6).down("b5", 262).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

TEST(SoakMisreads, TheFixesNameThePiecesWhereTheyStandWhenAReedBouncesUnderALanding) {
  // Session 20's fixes for chess soak seed 7222 (above), which session 21
  // reads: the same hands, but Black's bishop set down on a3, where it
  // cannot go from a4, so no chain of plies fits and the board is ruled.
  // The bounce of a4 as Black's bishop landed there is no piece set down:
  // the fixes name each piece where it stands (they named Black's bishop on
  // f4 and White's on b5 before session 20's follow_pieces skipped flickers).
  const std::string fen = "r2qkbnr/1ppnpppp/2b5/p2p4/6P1/1P5P/PBPPPPB1/RN1QK1NR w KQkq a6 0 6";
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("b2", 100).down("b2", 2).up("b2", 2);
    t.up("g7", 496).down("g7", 2).up("g7", 4);
    t.down("d4", 215).up("d4", 3).down("d4", 2);
    t.up("d4", 135).down("g6", 143).down("e3", 431);
    t.up("c6", 270).up("e3", 454).down("a4", 174).up("a4", 3).down("a4", 1);
    t.down("f4", 333).up("f4", 2).down("f4", 2).up("a4", 6).down("a3", 262).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
    const std::string ruled = t.last_text(RulingKind::kOutOfSync);
    EXPECT_NE(ruled.find("White's bishop from f4"), std::string::npos) << why;
    EXPECT_NE(ruled.find("Black's bishop from a3"), std::string::npos) << why;
    EXPECT_EQ(ruled.find("Black's bishop from f4"), std::string::npos) << why;
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
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("e5", 100).down("f6", 509).up("f6", 1).down("f6", 2).up("f6", 22);  // rests on f6
    t.up("g4", 1).down("g7", 18).up("g7", 2).down("g7", 1);                 // lands on g7
    t.down("e5", 608).up("f8", 168);                                         // Ng4-e5; f8 lifted
    t.up("g7", 673).down("f8", 584).up("f8", 2).down("f8", 2).wait(2500);    // Qg7xBf8
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    // Session 20 read it once Qg7xBf8 landed, with two out-of-sync rulings
    // while the plies were in flight with the victim lifted; session 21
    // reads a chain ending in a victim lifted (no ruling).
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

// Session 21.

TEST(SoakMisreads, AWaypointLeftIsNoMoveThatStandsWhenThreePliesLandedAndAVictimIsLifted) {
  // chess soak seed 8154 (habits on, ply 15, the range 7001-8500; main read
  // it wrong in both modes). White's bishop goes b2-d4 resting on c3 (46
  // ms); Black lifts his g7 bishop (which could take on c3) 1 ms after it
  // left c3, its reed bouncing. The bishop lands on d4, White lifts it again
  // before Black's lands on f8, and sets it on e3; Black lifts White's c4
  // pawn to take it with b5. Three plies landed and a victim lifted: no
  // chain of the reader (up to four plies, the last in the air) fit, the
  // board was ruled out of sync for 35 s, and when White's rook went c2-c3
  // the waypoint's square was filled again and Bb2-c3 was committed (a
  // wrong move). Now the chain is read, and play goes on.
  const std::string fen =
      "r1bqk1nr/p1ppppbp/2n5/1p4p1/2P1P3/1P1B3P/PB1P1PP1/RN1QK1NR w KQkq b6 0 8";
  const Strings game{"Bb2-d4", "Bg7-f8", "Bd4-e3", "b5xc4", "g2-g3", "Bc8-a6"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("b2", 100).down("c3", 435).up("c3", 46).up("g7", 1).down("c3", 2).up("c3", 4);
    t.down("d4", 41).up("d4", 351).down("f8", 234).up("f8", 1).down("f8", 2);  // Bg7-f8 lands
    t.down("e3", 426).up("e3", 2).down("e3", 3).up("c4", 360);                 // Bd4-e3; c4 lifted
    t.up("b5", 1224).down("c4", 773).up("g2", 160).up("c8", 564).down("g3", 208);
    t.down("b7", 588).up("b7", 99).down("a6", 61).wait(2500);  // the bishop bounced aside on b7
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

TEST(SoakMisreads, AWaypointItsPieceLeftIsNotCommittedWhenAnotherPieceFillsItsSquareLater) {
  // The path by which chess soak seed 8154 committed the wrong move: the
  // waypoint Bb2-c3 (the bishop resting on c3 on its way to d4, Black's g7
  // bishop lifted 1 ms after it left) stays tentative while the board is
  // ruled; the square filled again by another piece (here White's knight
  // from b1, the seed's White rook 35 s later) made it "stand" again, and
  // it was committed with Black's hand on the board. Black's bishop set on
  // g6, where it cannot go, keeps the board ruled.
  const std::string fen =
      "r1bqk1nr/p1ppppbp/2n5/1p4p1/2P1P3/1P1B3P/PB1P1PP1/RN1QK1NR w KQkq b6 0 8";
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("b2", 100).down("c3", 435).up("c3", 46).up("g7", 1).down("c3", 2).up("c3", 4);
    t.down("d4", 41).down("g6", 585).wait(1000);  // ruled: nothing reads Black's bishop on g6
    t.up("b1", 500).down("c3", 600).wait(2500);   // another piece on c3
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_TRUE(t.moves().empty()) << why;
    EXPECT_FALSE(t.rulings(RulingKind::kOutOfSync).empty() &&
                 t.rulings(RulingKind::kIllegalMove).empty())
        << why;
  }
}

TEST(SoakMisreads, FivePliesInFlightAreReadInTurn) {
  // chess soak seed 8485 (habits on, ply 15; main ruled it out of sync in
  // both modes, Qd1-f3 not read). Each seat lifts before the ply before it
  // landed: White's queen leaves d1 before Black's knight lands on h5 and
  // rests on e2; Black lifts h5 1 ms after it left e2; the queen lands on
  // f3, Black lifts White's g3 pawn, White lifts the queen again before
  // Black's knight lands on g3, and so on: Qd1-f3, Nh5xg3, Qf3-g2, Na6-b4
  // landed with the queen in the air again, five plies (the chain reader
  // read four).
  const std::string fen = "r1bqkb1r/pppp1p1p/n3pn2/6p1/P1PP3P/4P1P1/1P3P2/RNBQKBNR b KQkq d3 0 7";
  const Strings game{"Nf6-h5", "Qd1-f3", "Nh5xg3", "Qf3-g2",
                     "Na6-b4", "Qg2-h3", "Nb4-d3", "Ke1-d1"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("f6", 100).down("f6", 2).up("f6", 2).up("d1", 635).down("h5", 40);  // Nf6-h5
    t.down("e2", 633).up("e2", 2).down("e2", 1).up("e2", 147).up("h5", 1);   // rests on e2
    t.down("f3", 38).up("g3", 156).up("f3", 255).down("g3", 190).down("g2", 65);
    t.up("a6", 12).up("g2", 168).down("g2", 1).up("g2", 2).down("b4", 183);
    t.up("b4", 516).down("h3", 18).down("d3", 342);
    t.up("e3", 1187).down("e3", 208).up("e1", 145).down("e1", 2).up("e1", 4).down("d1", 576);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

// Session 22.

TEST(SoakMisreads, ASeatsNextPlyIsLiftedAfterTheReplyBeforeItBegan) {
  // chess soak seed 9335 (habits on, ply 19, the range 8501-9500; main ruled
  // it out of sync in both modes). White's queen goes e2-b5 resting on c4
  // (136 ms) and leaves it 1 ms before Black lifts his a6 rook (c4's reed
  // bouncing); Black's rook goes on over b6 to c6, White lifts the queen
  // again 1 ms after the rook left b6, before it lands, and takes on c5.
  // Qe2-c4, Ra6-c6, Qc4xc5 (b5's touches read as the queen set beside c5)
  // fit as well, so the table was asked which move White made, and play
  // going on was ruled out of sync. In that chain White lifts his queen for
  // his next ply before Black's reply began: no ply after the reply is
  // lifted before the reply's piece.
  const std::string fen = "1nbqkbnr/1p3p2/r2pp1p1/p1p4p/6P1/BP2PP1B/P1PPQ2P/RN2K1NR w - - 0 10";
  const Strings game{"Qe2-b5", "Ra6-c6", "Qb5xc5", "Qd8-c7", "Qc5-b6", "Bf8-e7", "Ba3-c1", "f7-f5"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("e2", 100).down("d3", 738).up("d3", 1).down("d3", 3).up("d3", 28);   // brushes d3
    t.down("c4", 27).up("c4", 136).up("a6", 1).down("c4", 2).up("c4", 4);     // rests on c4
    t.down("b5", 18).up("b5", 3).down("b5", 3).down("b6", 711).up("b6", 97);  // the rook over b6
    t.up("b5", 1).down("c6", 28).up("c5", 493).down("c5", 102);               // Qb5xc5
    t.up("d8", 245).down("c7", 755).up("c7", 1).down("c7", 4);
    t.up("c5", 754).down("b6", 322).up("b6", 3).down("b6", 4);
    t.up("f8", 1496).down("e7", 576).up("e7", 3).down("e7", 2);
    t.up("a3", 215).down("c1", 617).up("f7", 215).down("f6", 393).up("f6", 154).down("f5", 21);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

// Session 23.

TEST(SoakMisreads, AMoveAFlickerShowedDoesNotStandAgainOnceItsPieceLandedElsewhere) {
  // corners-mini soak seed 6593 (habits off, ply 25; main committed a wrong
  // move in both modes). White lifts his e3 queen; Pink lifts his g3 queen
  // as it is in the air, the reed bouncing (down 2 ms later, up 1 ms after
  // that), which showed Qe3xQg3. White's queen lands on f3, is lifted again,
  // Pink's lands on g4, Grey lifts b4, White's queen is set on g3 and Grey's
  // bishop on a3: the board showed Qe3xQg3 again (f3 a square on its way),
  // and it was committed, then g4 and a3 ruled.
  const std::string fen =
      "W-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-2,bB,bK,4/3,bP,1,bP,2/gB,bP,2,bQ,pP,1,pB/"
      "1,gP,bB,gQ,bP,pP,1,pK/gK,gB,1,wP,gP,pP,2/4,wQ,1,pQ,pB/2,wP,1,wP,pP,2/3,wK,1,wB,2";
  const Strings game{"Qe3-f3", "Qg3-g4", "Qf3-g3", "Bb4-a3", "Qe6xQd5", "Qg4-g6", "c2-c3"};
  for (bool at_once : {true, false}) {
    Table t("corners-mini", fen, table_settings(at_once));
    t.setup();
    t.up("e3", 100).up("g3", 158).down("g3", 2).up("g3", 1);  // Pink's queen lifted, bouncing
    t.down("f3", 159).up("f3", 298).down("g4", 95);           // White's lands on f3, goes on
    t.up("b4", 344).down("g3", 201).down("a3", 404);          // Qf3-g3, Bb4-a3
    t.up("d5", 1434).up("e6", 469).down("d5", 512);           // Qe6xQd5
    t.up("g4", 922).down("g6", 670).up("c2", 127).down("c3", 302).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

TEST(SoakMisreads, APlysLiftIsTheOneBeforeItsLandingWhenAnotherPieceBrushesItsSquareLater) {
  // chess soak seed 5440 (habits off, ply 25; main ruled it out of sync in
  // both modes). White's queen goes g2-d5 resting on e4 (142 ms) and leaves
  // it 1 ms before Black lifts his c6 knight; the queen lands on d5 and is
  // lifted again before the knight lands on d4, and goes d5-b7 brushing c6
  // (34 ms); Black lifts a7. c6's last lift is the queen's brush, after the
  // knight landed, so Nc6-d4 had no landing after its lift and the chain
  // Qg2-d5, Nc6-d4, Qd5-b7, a7-a5 was not found.
  const std::string fen = "r1b1kbnr/p1pp1p2/2n4P/1p2p1p1/2P5/PP2P3/6QP/RNBK1BNR b kq - 2 12";
  const Strings game{"Bf8-e7", "Qg2-d5", "Nc6-d4", "Qd5-b7", "a7-a5", "c4-c5", "Ng8xh6"};
  for (bool at_once : {true, false}) {
    Table t("chess", fen, table_settings(at_once));
    t.setup();
    t.up("f8", 100).down("f8", 3).up("f8", 4).up("g2", 487).down("e7", 93);  // Bf8-e7
    t.down("f3", 364).up("f3", 1).down("f3", 3).up("f3", 79);                // f3 brushed
    t.down("e4", 17).up("e4", 142).up("c6", 1).down("d5", 24);               // rests on e4
    t.up("d5", 226).down("d4", 155).down("c6", 260).up("c6", 34).down("b7", 58);
    t.up("a7", 184).down("a5", 657).up("c4", 1130).down("c5", 484);
    t.up("h6", 283).up("g8", 348).down("h6", 507).wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

TEST(SoakMisreads, AChainsFirstPlysLiftIsTheOneBeforeItsLandingWhenItsSquareIsTakenOnLater) {
  // bipartite-stage2 soak seed 3886 (habits off, ply 17; main ruled it out
  // of sync in both modes). Black's Bd7-b9 rests on c8 (47 ms) and leaves it
  // 1 ms before White lifts his b6 captain (c8's reed bouncing); the bishop
  // lands on b9, the captain on d7; Kc9-d8 and b2-b4 follow in flight, and
  // Black lifts the captain on d7 to take it with the king. d7's last lift
  // is that victim's, after every landing, so the first ply (Bd7-b9) had no
  // landing after its "lift" and no chain was found.
  const std::string fen = "d1kgc/4s/1s1b1/1Cm2/*3*/3SD/5/SMMM1/1GKR1 b - - 0 9";
  const Strings game{"Bd7-b9", "Cb6-d7", "Kc9-d8", "b2-b4", "Kd8xCd7", "Sa2-a1", "Sb7-a7", "d2-d3"};
  for (bool at_once : {true, false}) {
    Table t("bipartite-stage2", fen, table_settings(at_once));
    t.setup();
    t.up("d7", 100).down("c8", 681).up("c8", 47).up("b6", 1).down("c8", 1).up("c8",
                                                                              4);  // rests on c8
    t.down("b9", 21).down("d7", 413).up("c9", 125).up("b2", 469).down("b2", 2).up("b2", 4);
    t.down("d8", 183).down("b4", 367).up("d7", 212).up("d8", 686).down("d7", 791);  // Kd8xCd7
    t.up("d7", 157).down("d7", 248).up("a2", 153).down("a1", 442);
    t.up("d9", 951).down("d9", 300).up("b7", 300).up("d2", 578).down("a7", 13).down("d3", 380);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kIllegalMove).empty()) << why;
  }
}

// Session 24: the fast-recapture soak's misreads (`inference_soak
// --recapture`, the moves expected from the game records).

TEST(SoakMisreads, ALiftBetweenTheFlipsOfTheLandingsBounceStaysTheNextSeats) {
  // four-kingdoms recapture soak, game 1, trace 2743 (main misread it in
  // both modes). Green's pawn lands on d4, the reed bouncing (up 1 ms later,
  // down 3 ms after that); Red lifts his f1 bishop between the two flips,
  // f1's reed bouncing too, and takes on b5 by way of e2, d3 and c4 (the
  // victim lifted while the bishop is in the air). The flip back showed
  // b4-d4 again, and the lift of f1 before it was dropped with b4-d4's
  // commit: Bf1xb5 was never read, and the board was ruled out of sync.
  const std::string fen =
      "G-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/"
      "3,yP,yP,yP,yP,1,yP,yP,yP,3/14/gR,gP,5,yP,4,bP,bR/gN,gP,9,bP,1,bN/gB,gP,10,bP,bB/"
      "gQ,gP,10,bP,bK/gK,gP,10,bP,bQ/gB,gP,10,bP,bB/gN,gP,10,bP,bN/gR,gP,10,bP,bR/4,rP,9/"
      "3,rP,1,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
  for (bool at_once : {true, false}) {
    Table t("four-kingdoms", fen, table_settings(at_once));
    t.setup();
    t.up("b4", 100).down("b4", 2).up("b4", 3).down("d4", 566);  // Green's pawn lands
    t.up("d4", 1).up("f1", 1).down("d4", 2);                    // d4 bounces; Red lifts f1
    t.down("f1", 1).up("f1", 4);                                // f1's reed bouncing
    t.down("e2", 301).up("e2", 3).down("e2", 1).up("e2", 85).down("e2", 2).up("e2", 1);
    t.down("d3", 6).up("d3", 1).down("d3", 1).up("d3", 51).down("d3", 3).up("d3", 4);
    t.down("c4", 54).up("c4", 3).down("c4", 4).up("c4", 99).down("c4", 3).up("c4", 4);
    t.up("b5", 21).down("b5", 2).up("b5", 4);     // the victim lifted
    t.down("b5", 299).up("b5", 2).down("b5", 4);  // the bishop lands
    t.up("a4", 45).down("a4", 3).up("a4", 2).down("a4", 182).up("a4", 2).down("a4", 2);
    t.up("n9", 243).down("n9", 3).up("n9", 3);  // Blue's bishop
    t.down("m10", 649).up("m10", 2).down("m10", 3).up("m10", 138).down("m10", 2).up("m10", 2);
    t.down("l11", 26).up("l11", 1).down("l11", 3).up("l11", 92).down("l11", 1).up("l11", 4);
    t.down("k12", 13).up("k12", 3).down("k12", 1);  // Bn9-k12
    t.up("j13", 127).down("j13", 2).up("j13", 4);   // Yellow takes it
    t.up("k12", 597).down("k12", 3).up("k12", 2).down("k12", 24).up("k12", 2).down("k12", 1);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"b4-d4", "Bf1xb5", "Bn9-k12", "j13xBk12"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, ALiftOfTheMovedPieceBeforeItsReedsBounceIsTheNextPlysAfterAReply) {
  // chess recapture soak, game 2, trace 1112 (main misread it with
  // commit_at_once off). Ng8-f6 waits the settle time; White lifts a1, and
  // 1 ms later Black lifts his f6 knight again for his next move, both reeds
  // bouncing (a1 and f6 down 2 ms later, up 3-4 ms after that). f6's flip
  // down showed Ng8-f6 again; the knight's lift before it was dropped with
  // Ng8-f6's commit, and Ra1-b1, Nf6-e4, b2-b3 with e4 lifted were ruled out
  // of sync.
  const Strings game{"Nb1-a3", "Ng8-f6", "Ra1-b1", "Nf6-e4", "b2-b3", "Ne4-c3", "d2xNc3"};
  for (bool at_once : {true, false}) {
    Table t("chess", "", table_settings(at_once));
    t.setup();
    t.up("c2", 100).down("c2", 2).up("c2", 1).down("c2", 206).up("c2", 2).down("c2", 4);
    t.up("b1", 260).down("b1", 1).up("b1", 3).down("a3", 716).up("a3", 3).down("a3", 3);
    t.up("g8", 113).down("g8", 3).up("g8", 3).down("f6", 603).up("f6", 3).down("f6", 3);
    t.up("a1", 238).up("f6", 1).down("a1", 2).down("f6", 0);  // a1 and f6 lifted, bouncing
    t.up("f6", 3).up("a1", 1);
    t.down("b1", 246).up("b1", 3).down("b1", 3).down("e4", 364).up("e4", 3).down("e4", 2);
    t.up("b2", 206).down("b2", 1).up("b2", 2).down("b3", 406).up("b3", 1).down("b3", 4);
    t.up("e4", 245).down("e4", 2).up("e4", 3).down("c3", 706).up("c3", 2).down("c3", 4);
    t.up("c3", 339).down("c3", 3).up("c3", 3).up("d2", 263).down("d2", 3).up("d2", 2);
    t.down("c3", 567).up("c3", 1).down("c3", 4).wait(2500);  // d2xNc3
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, AKnightLiftedOnAsTheReplyBeginsIsReadOnWhenItsLandingIsTakenAtOnce) {
  // chess recapture soak, game 2, trace 1080 (main misread it with
  // commit_at_once off: d2xNc3 lost, d2 "held too long"). Nf6-e4 waits the
  // settle time; White lifts b2, Black lifts his e4 knight again 1 ms later,
  // both reeds bouncing; e4's flip down showed Nf6-e4 again, and the
  // knight's lift was dropped with its commit. The knight lands on c3 and
  // White lifts it 317 ms later to take it with d2: its landing and lift
  // were read as a piece set down briefly and moved on, and the pawn's
  // landing on c3 as Ne4-c3.
  const Strings game{"Nb1-a3", "Ng8-f6", "Ra1-b1", "Nf6-e4", "b2-b3", "Ne4-c3", "d2xNc3"};
  for (bool at_once : {true, false}) {
    Table t("chess", "", table_settings(at_once));
    t.setup();
    t.up("b1", 100).down("b1", 3).up("b1", 2).up("g8", 712).down("g8", 3).up("g8", 4);
    t.down("a3", 153).up("a3", 1).down("a3", 3).down("f6", 542).up("f6", 1).down("f6", 4);
    t.up("e7", 90).down("e7", 1).up("e7", 3).down("e7", 304).up("e7", 2).down("e7", 3);
    t.up("d2", 381).down("d2", 2).up("d2", 1).down("d2", 206).up("d2", 2).down("d2", 4);
    t.up("a1", 260).down("a1", 1).up("a1", 3).down("b1", 716).up("b1", 3).down("b1", 3);
    t.up("f6", 113).down("f6", 3).up("f6", 3).down("e4", 603).up("e4", 3).down("e4", 3);
    t.up("b2", 238).up("e4", 1).down("b2", 2).down("e4", 0);  // b2 and e4 lifted, bouncing
    t.up("e4", 3).up("b2", 1);
    t.down("b3", 246).up("b3", 3).down("b3", 3).down("c3", 364).up("c3", 3).down("c3", 2);
    t.up("c3", 312).down("c3", 1).up("c3", 1);  // White lifts the knight to take it
    t.up("d2", 985).down("d2", 3).up("d2", 1).down("c3", 644).up("c3", 3).down("c3", 1);
    t.wait(11000);  // past hold_warning (10 s)
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kHeldTooLong).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, ASoldierLiftedOnAsTheReplyBeginsIsReadOn) {
  // bipartite-stage2 recapture soak, game 1, trace 1136 (main misread it
  // with commit_at_once off; traces 1097 and 1137 the same way). Se8-d7
  // waits the settle time; White lifts d2, Black lifts d7 again 1 ms later,
  // both reeds bouncing; d7's flip down showed Se8-d7 again, and the
  // soldier's lift was dropped with its commit: d2-d3, Sd7-c6, b2-b3 were
  // ruled out of sync.
  for (bool at_once : {true, false}) {
    Table t("bipartite-stage2", "", table_settings(at_once));
    t.setup();
    t.up("e8", 100).down("e8", 3).up("e8", 3).down("d7", 603).up("d7", 3).down("d7", 3);
    t.up("d2", 238).up("d7", 1).down("d2", 2).down("d7", 0);  // d2 and d7 lifted, bouncing
    t.up("d7", 3).up("d2", 1);
    t.down("d3", 246).up("d3", 3).down("d3", 3).down("c6", 364).up("c6", 3).down("c6", 2);
    t.up("b2", 312).down("b2", 3).up("b2", 4).down("b3", 722).up("b3", 3).down("b3", 1);
    t.up("c8", 229).down("c8", 1).up("c8", 3).down("c8", 221).up("c8", 3).down("c8", 4);
    t.up("c6", 295).down("c6", 2).up("c6", 4).down("d6", 1295).up("d6", 1).down("d6", 2);
    t.up("d6", 272).down("d6", 2).up("d6", 2).down("d6", 204).up("d6", 2).down("d6", 1);
    t.wait(2500);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), (Strings{"Se8-d7", "d2-d3", "Sd7-c6", "b2-b3", "Sc6-d6"})) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

// Session 25.

TEST(SoakMisreads, AMoveShownAgainByAFlickerStaysShownBeforeWhenAKnockElsewhereComesBetween) {
  // Session 24's rule (undo_flicker_reshow) with a knock between the flips:
  // 1112's hands (the test above), and as White lifts his a1 rook his hand
  // knocks the b2 pawn, whose reed opens for 1 ms, between f6's flip down
  // (which showed Ng8-f6 again) and its flip back. b2 back down, the board
  // showed Ng8-f6 again with its squares untouched since that flip down, and
  // the move was read anew without the showing before: at f6's flip back
  // nothing was undone, the knight's lift was dropped with Ng8-f6's commit,
  // and the plies after it were not read (commit_at_once off).
  const Strings game{"Nb1-a3", "Ng8-f6", "Ra1-b1", "Nf6-e4", "b2-b3", "Ne4-c3", "d2xNc3"};
  for (bool at_once : {true, false}) {
    Table t("chess", "", table_settings(at_once));
    t.setup();
    t.up("c2", 100).down("c2", 2).up("c2", 1).down("c2", 206).up("c2", 2).down("c2", 4);
    t.up("b1", 260).down("b1", 1).up("b1", 3).down("a3", 716).up("a3", 3).down("a3", 3);
    t.up("g8", 113).down("g8", 3).up("g8", 3).down("f6", 603).up("f6", 3).down("f6", 3);
    t.up("a1", 238).up("f6", 1).down("a1", 1).down("f6", 1);  // a1 and f6 lifted, bouncing
    t.up("b2", 1).down("b2", 1);                              // the knock
    t.up("a1", 1).up("f6", 1);                                // the flips back
    t.down("b1", 246).up("b1", 3).down("b1", 3).down("e4", 364).up("e4", 3).down("e4", 2);
    t.up("b2", 206).down("b2", 1).up("b2", 2).down("b3", 406).up("b3", 1).down("b3", 4);
    t.up("e4", 245).down("e4", 2).up("e4", 3).down("c3", 706).up("c3", 2).down("c3", 4);
    t.up("c3", 339).down("c3", 3).up("c3", 3).up("d2", 263).down("d2", 3).up("d2", 2);
    t.down("c3", 567).up("c3", 1).down("c3", 4).wait(2500);  // d2xNc3
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    EXPECT_EQ(t.moves(), game) << why;
    EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    EXPECT_TRUE(no_illegal(t)) << why;
  }
}

TEST(SoakMisreads, EachMoveIsTimedAtItsLandingThoughItsReedBouncedThen) {
  // chess recapture soak, game 2, trace 1080 (the hands of
  // AKnightLiftedOnAsTheReplyBeginsIsReadOnWhenItsLandingIsTakenAtOnce),
  // with a clock. Every landing's reed bounces (down, up 1-3 ms later, down
  // again 1-4 ms after that). The move was made when its piece was set down
  // (FIDE 4.7: the reed's first flip down); it was timed at the bounce's
  // flip back, 3-4 ms late, so each clock ran on a few ms too long or short:
  // Ne4-c3, landed at 6306 in the soak's trace, was timed 6311 (and
  // committed at 8258 with commit_at_once off, when d2xNc3 proved it).
  const std::string script =
      "b1 up 100  b1 down 3  b1 up 2  g8 up 712  g8 down 3  g8 up 4 "
      "a3 down 153*  a3 up 1  a3 down 3 "  // Nb1-a3
      "f6 down 542*  f6 up 1  f6 down 4 "  // Ng8-f6
      "e7 up 90  e7 down 1  e7 up 3  e7 down 304  e7 up 2  e7 down 3 "
      "d2 up 381  d2 down 2  d2 up 1  d2 down 206  d2 up 2  d2 down 4 "
      "a1 up 260  a1 down 1  a1 up 3  b1 down 716*  b1 up 3  b1 down 3 "  // Ra1-b1
      "f6 up 113  f6 down 3  f6 up 3  e4 down 603*  e4 up 3  e4 down 3 "  // Nf6-e4
      "b2 up 238  e4 up 1  b2 down 2  e4 down 0  e4 up 3  b2 up 1 "
      "b3 down 246*  b3 up 3  b3 down 3 "  // b2-b3
      "c3 down 364*  c3 up 3  c3 down 2 "  // Ne4-c3
      "c3 up 312  c3 down 1  c3 up 1  d2 up 985  d2 down 3  d2 up 1 "
      "c3 down 644*  c3 up 3  c3 down 1";  // d2xNc3
  const Strings game{"Nb1-a3", "Ng8-f6", "Ra1-b1", "Nf6-e4", "b2-b3", "Ne4-c3", "d2xNc3"};
  for (bool at_once : {true, false}) {
    const session::SessionSettings s = table_settings(at_once, WithClock::kYes);
    Table t("chess", "", s);
    t.setup();
    std::vector<long> landings;
    const std::vector<long> switches = clock_switches(t, script, landings);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    ASSERT_EQ(t.moves(), game) << why;
    EXPECT_EQ(switches, landings) << why;
  }
}

TEST(SoakMisreads, ACaptureAVictimsFlickerShowedFirstIsTimedAtTheCapturersLandingNotItsBounce) {
  // Hostile to the rule above: the victim's reed bounces as Black lifts it
  // (issue 22), showing e4xf5 for 2 ms before the pawn lands 300 ms later,
  // and the landing's reed bounces too. The move was made at the landing:
  // neither at the flicker that showed it first nor at the bounce's flip
  // back (main: 5 ms late).
  const std::string script =
      "e2 up 100  e4 down 300*  f7 up 400  f5 down 300* "
      "e4 up 400  f5 up 300  f5 down 2  f5 up 2  f5 down 300*  f5 up 3  f5 down 2";
  for (bool at_once : {true, false}) {
    const session::SessionSettings s = table_settings(at_once, WithClock::kYes);
    Table t("chess", "", s);
    t.setup();
    std::vector<long> landings;
    const std::vector<long> switches = clock_switches(t, script, landings);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    ASSERT_EQ(t.moves(), (Strings{"e2-e4", "f7-f5", "e4xf5"})) << why;
    EXPECT_EQ(switches, landings) << why;
  }
}

// Session 26.

TEST(SoakMisreads, ALandingWhoseReedBouncesTwiceOrMoreIsTimedAtTheLanding) {
  // TouchLog marks only a reed's first flip and its flip back a flicker: a
  // landing whose reed bounced twice (down, up, down, up, down) was timed at
  // its last fill, 7-11 ms late here, in both modes. Each landing (`*`, the
  // reed's first flip down: FIDE 4.7, the move is made when the piece is
  // released) bounces once, twice or three times, 1-3 ms apart.
  const std::string script =
      "e2 up 100  e4 down 300*  e4 up 2  e4 down 3  e4 up 2  e4 down 3 "  // twice
      "e7 up 400  e5 down 300*  e5 up 1  e5 down 2  e5 up 3  e5 down 1  e5 up 2  e5 down 2 "
      "g1 up 400  f3 down 300*  f3 up 3  f3 down 3 "  // once
      "b8 up 400  c6 down 300*  c6 up 1  c6 down 1  c6 up 1  c6 down 1 "
      "f1 up 400  b5 down 300*  b5 up 2  b5 down 2  b5 up 2  b5 down 2 "
      "a7 up 400  a6 down 300*  a6 up 3  a6 down 3  a6 up 3  a6 down 3  a6 up 3  a6 down 3";
  const Strings game{"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6"};
  for (bool at_once : {true, false}) {
    const session::SessionSettings s = table_settings(at_once, WithClock::kYes);
    Table t("chess", "", s);
    t.setup();
    std::vector<long> landings;
    const std::vector<long> switches = clock_switches(t, script, landings);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    ASSERT_EQ(t.moves(), game) << why;
    EXPECT_EQ(switches, landings) << why;
  }
}

TEST(SoakMisreads, ACaptureLandingSoonAfterItsVictimsLiftAndBouncingTwiceIsTimedAtTheLanding) {
  // Hostile to the rule above: the run of flips back from the last fill
  // stops at the landing, not at the victim's lift 12 ms before it on the
  // same square (just past the bounce window); and a capture a victim's
  // flicker showed first (issue 22) is made at the capturer's landing,
  // bouncing twice, neither at the flicker nor at a later fill.
  const std::string script =
      "e2 up 100  e4 down 300*  d7 up 400  d5 down 300* "
      "e4 up 400  d5 up 300  d5 down 12*  d5 up 2  d5 down 2  d5 up 2  d5 down 2 "  // exd5
      "d8 up 400  d5 up 300  d5 down 2  d5 up 2 "  // Qd8xd5, d5's flicker showing it first
      "d5 down 300*  d5 up 3  d5 down 2  d5 up 1  d5 down 2";
  for (bool at_once : {true, false}) {
    const session::SessionSettings s = table_settings(at_once, WithClock::kYes);
    Table t("chess", "", s);
    t.setup();
    std::vector<long> landings;
    const std::vector<long> switches = clock_switches(t, script, landings);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    ASSERT_EQ(t.moves(), (Strings{"e2-e4", "d7-d5", "e4xd5", "Qd8xd5"})) << why;
    EXPECT_EQ(switches, landings) << why;
  }
}

TEST(SoakMisreads, AWaypointLeftAsItsReedBouncesIsNotCommittedWhenAnotherPieceFillsItLater) {
  // The overlap path's edge (session 26; seen in the chess recapture soak,
  // trace 3 game 3, e2-e3 resting on its way to e4, where the pawn went on
  // and no reading changed). The waypoint Bb2-c3 (the bishop resting on c3
  // on its way to d4) is left: the bishop lifted, c3's reed bouncing (down
  // 2 ms later, up 2-3 ms after that); its flip down showed Bb2-c3 again,
  // and Black lifted his g8 knight between the flips. The board then showed
  // Bb2-c3 with Black's hand under way, read again with the same showing
  // and without the showing before, so at c3's flip back nothing was undone:
  // the bishop's lift was dropped from Bb2-c3's span, and when White's
  // knight later filled c3 (the board ruled: Black's knight set on g6, where
  // it cannot go) Bb2-c3 "stood" again and was committed, a wrong move
  // (session 21's rule, chess soak seed 8154, the test above). Three
  // timings of the knight's reed: no bounce, a bounce within c3's, a bounce
  // past c3's flip back.
  const std::string fen =
      "r1bqk1nr/p1ppppbp/2n5/1p4p1/2P1P3/1P1B3P/PB1P1PP1/RN1QK1NR w KQkq b6 0 8";
  for (int knight : {0, 1, 2}) {
    for (bool at_once : {true, false}) {
      Table t("chess", fen, table_settings(at_once));
      t.setup();
      t.up("b2", 100).down("c3", 435).up("c3", 1).down("c3", 3);  // Bb2-c3 rests
      t.up("c3", 46).down("c3", 2).up("g8", 1);  // the bishop lifted, c3 bouncing; Black lifts g8
      if (knight == 0) t.up("c3", 2);
      if (knight == 1) t.down("g8", 1).up("g8", 1).up("c3", 2);
      if (knight == 2) t.down("g8", 1).up("c3", 1).up("g8", 1);
      t.down("g6", 626).wait(1000);                // ruled: nothing reads Black's knight on g6
      t.up("b1", 500).down("c3", 600).wait(2500);  // another piece on c3
      const std::string why = "knight " + std::to_string(knight) + ", commit_at_once " +
                              std::to_string(at_once) + "\n" + t.transcript();
      EXPECT_TRUE(t.moves().empty()) << why;
      EXPECT_FALSE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
    }
  }
}

TEST(SoakMisreads, AWaypointsBounceReadAsTheCapturersLandingProvesNoMove) {
  // Session 27: session 26's hands in chess soak seed 8154's position (the
  // sibling of the test above):
  // White's bishop rests on c3 on its way from b2 to d4 and goes on; Black
  // lifts his g7 bishop (which could take on c3) as it leaves, both reeds
  // bouncing; the bishop lands on d4 and Black sets his on g6, where it
  // cannot go; later White's knight goes b1-c3. c3's bounce (a fill 1-3 ms
  // after the bishop's lift, its flip back 1-4 ms later) was read, at g7's
  // flip back, as Bg7xc3 landing there, proving Bb2-c3: committed, a wrong
  // move (the bishop stood on d4). The board shows no legal sequence of
  // moves: it is ruled out of sync, and Bb2-c3 is never accepted. Timings
  // of the bounces (g7's lift 1-2 ms after c3's; c3's fill before or after
  // g7's; its flip back before or after g7's), and of the knight: after the
  // ruling, before it, or its reed bouncing as it lands.
  const std::string fen =
      "r1bqk1nr/p1ppppbp/2n5/1p4p1/2P1P3/1P1B3P/PB1P1PP1/RN1QK1NR w KQkq b6 0 8";
  struct Leave {
    long g7_up, g7_down, c3_down, g7_back, c3_back;  // gaps, in this order
  };
  const std::vector<Leave> leaves = {
      {1, 1, 1, 1, 2}, {2, 1, 2, 2, 4}, {1, 2, 1, 1, 3}, {1, 1, 2, 1, 1}, {2, 2, 3, 2, 2}};
  for (std::size_t l = 0; l < leaves.size(); ++l) {
    for (int knight : {0, 1, 2}) {
      for (bool at_once : {true, false}) {
        const Leave& v = leaves[l];
        Table t("chess", fen, table_settings(at_once));
        t.setup();
        t.up("b2", 100).down("c3", 435).up("c3", 1).down("c3", 3);  // Bb2-c3 rests
        t.up("c3", 46).up("g7", v.g7_up).down("g7", v.g7_down);     // both lifted, bouncing
        if (l == 2) {
          t.down("c3", v.c3_down).up("c3", v.c3_back).up("g7", v.g7_back);
        } else {
          t.down("c3", v.c3_down).up("g7", v.g7_back).up("c3", v.c3_back);
        }
        t.down("d4", 41).down("g6", 585);  // the bishop on d4; Black's on g6
        if (knight == 0) t.wait(1000).up("b1", 500).down("c3", 600);
        if (knight == 1) t.up("b1", 100).down("c3", 200);
        if (knight == 2) t.wait(1000).up("b1", 500).down("c3", 600).up("c3", 1).down("c3", 2);
        t.wait(2500);
        const std::string why = "leave " + std::to_string(l) + ", knight " +
                                std::to_string(knight) + ", commit_at_once " +
                                std::to_string(at_once) + "\n" + t.transcript();
        EXPECT_TRUE(t.moves().empty()) << why;
        EXPECT_FALSE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
      }
    }
  }
}

TEST(SoakMisreads, APawnsWaypointsBounceReadAsAKnightsLandingProvesNoMove) {
  // Session 27: the test above's shape on a pawn's waypoint. e2-e3 rests
  // on e3 on its way to e4 (d2-d3 played); the pawn is lifted on as Black
  // lifts his f5 knight, which could take on e3, both reeds bouncing, and
  // e3's bounce falls between f5's flips. The pawn lands on e4. The knight
  // lands on g3: e2-e4 and Nf5-g3. Or on f6, where it cannot go: no move
  // reads the board (the knight could have been set beside e3 to take
  // there, session 16; so without the bounces), and e2-e3 is never
  // accepted; White's bishop then goes c1-e3. Main read e2-e4 there, but
  // only through e3's bounce proving e2-e3 at f5's flip back (read on as
  // e2-e4 once the pawn landed, the waypoint no longer waiting).
  const std::string fen = "rnbqkb1r/pppppppp/8/5n2/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
  for (bool legal : {true, false}) {
    for (bool at_once : {true, false}) {
      Table t("chess", fen, table_settings(at_once));
      t.setup();
      t.up("e2", 100).down("e3", 435).up("e3", 1).down("e3", 3);  // e2-e3 rests
      t.up("e3", 46).up("f5", 1).down("f5", 1).down("e3", 1).up("f5", 1).up("e3", 2);
      t.down("e4", 41);
      if (legal) {
        t.down("g3", 585).wait(2500);
      } else {
        t.down("f6", 585).wait(1000).up("c1", 500).down("e3", 600).wait(2500);
      }
      const std::string why = "legal " + std::to_string(legal) + ", commit_at_once " +
                              std::to_string(at_once) + "\n" + t.transcript();
      if (legal) {
        EXPECT_EQ(t.moves(), (Strings{"e2-e4", "Nf5-g3"})) << why;
        EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
        EXPECT_TRUE(no_illegal(t)) << why;
      } else {
        // Ruled, and never the waypoint (e2-e4 first would be right too).
        const Strings moves = t.moves();
        EXPECT_EQ(std::count(moves.begin(), moves.end(), "e2-e3"), 0) << why;
        EXPECT_FALSE(t.rulings(RulingKind::kOutOfSync).empty() && no_illegal(t)) << why;
      }
    }
  }
}

TEST(SoakMisreads, ACaptureLandingWithinTheBounceWindowOfItsVictimsLiftIsTimedAtTheLanding) {
  // Session 27: a capturer set down 1-5 ms after its victim was lifted,
  // its reed bouncing (up and down again 1-2 ms apart, once or twice): by
  // TouchLog's rule the victim's lift and the landing's first flip pair up
  // as a flicker, so the move was timed at the bounce's fill (4 ms late,
  // commit_at_once on), or at the tick a bounce window later that read it
  // as the fast reply to the move before (off: 14 ms late, after every
  // touch of the landing). Each landing (`*`, the reed's first flip down:
  // FIDE 4.7, the move is made when the piece is released) against the
  // clock's switch; hostile: the capturer's own reed bouncing as it leaves
  // its square, and the recapture landing as soon after its victim's lift.
  for (int gap : {1, 3, 5}) {
    const std::string g = std::to_string(gap);
    const std::string land = "  d5 up 300  d5 down " + g + "*  ";  // the victim, the capturer
    std::string script = "e2 up 100  e4 down 300*  d7 up 400  d5 down 300*  ";
    script += "e4 up 400  e4 down 1  e4 up 2" + land + "d5 up 2  d5 down 2  ";  // exd5
    script += "d8 up 400" + land + "d5 up 1  d5 down 2  d5 up 2  d5 down 1  ";  // Qxd5
    script += "b1 up 400  c3 down 300*  e7 up 400  e6 down 300*  ";             // Nc3, e6
    script += "c3 up 400" + land + "d5 up 1  d5 down 1";                        // Nxd5
    for (bool at_once : {true, false}) {
      const session::SessionSettings s = table_settings(at_once, WithClock::kYes);
      Table t("chess", "", s);
      t.setup();
      std::vector<long> landings;
      const std::vector<long> switches = clock_switches(t, script, landings);
      const std::string why =
          "gap " + g + ", commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
      ASSERT_EQ(t.moves(),
                (Strings{"e2-e4", "d7-d5", "e4xd5", "Qd8xd5", "Nb1-c3", "e7-e6", "Nc3xQd5"}))
          << why;
      EXPECT_EQ(switches, landings) << why;
    }
  }
}

}  // namespace soak_misreads
}  // namespace tabula::testing

// Issue 27 item 11, real records through real hands: the games of
// tests/session/data/famous.pgn and the chess.com four-player records
// (tests/data/pgn4) played by the trace generator's real hands
// (GeneratorSettings::real_hands) misread a move now and then. Each kind
// found there is written here as a small hand-written trace (gaps in ms, as
// in real_hands_test.cpp); the expected moves come from the game, never from
// running the code under test.
#include <gtest/gtest.h>

#include <map>

#include "inference/physical_board.h"
#include "table.h"

#include "test_source_dir.h"

namespace tabula::testing {
namespace real_records {

using session::RulingKind;
using Strings = std::vector<std::string>;

Strings plus(Strings a, const Strings& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: White may castle short.
const Strings kItalian{"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-c4", "Bf8-c5"};
// (the table: italian(), table.h)

// ---- castling rook first, the king in the air as the next seat begins ------------------

// famous.pgn game 5 (8... O-O) and chess.com FFA 104038635 (Yellow's O-O):
// the rook goes first and lands, the king is lifted, and the next seat lifts
// a piece 200 ms before the king lands. The rook's half was committed as
// Rh8-f8 when the next seat lifted (the mover's hand "was off the board"),
// though the mover held his king.
TEST(RealRecordsHands, TheNextSeatLiftingWhileTheKingOfARookFirstCastlingIsInTheAirKeepsTheCastling) {
  Table t = italian();
  t.up("h1").down("f1", 1030).up("e1", 300).up("g8", 200).down("g1", 230).wait(100);
  t.down("f6", 400).wait(1500);
  EXPECT_EQ(t.moves(), plus(kItalian, {"O-O", "Ng8-f6"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(RealRecordsHands, ARookFirstCastlingWhoseKingStaysHomeIsStillTheRookMoveOnceTheNextSeatBegins) {
  // The same hands without the king: the mover's hand is off the board, the
  // rook's move was the move (the rule the fix above must keep).
  Table t = italian();
  t.up("h1").down("f1", 1030).up("g8", 500).down("f6", 400).wait(1500);
  EXPECT_EQ(t.moves(), plus(kItalian, {"Rh1-f1", "Ng8-f6"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

// ---- a capture shown first by the victim's bouncing lift, the reply begun before the landing

// famous.pgn game 1 (15. Bxd7 Nxd7) and game 2 (32... Kxb4 after Qxa6): the
// capturer is lifted first, the victim's reed bounces as it is lifted (the
// flicker "shows" the capture), the next seat lifts its recapturing piece
// before the capturer lands, then takes the capturer. The recapture was lost:
// the capture was re-shown at the landing and the lift before it forgotten.
TEST(RealRecordsHands, ARecaptureBegunBeforeAFlickerShownCaptureLandsIsRead) {
  // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6.
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  t.move("g1", "f3").wait(700).move("b8", "c6").wait(700);
  t.move("f1", "b5").wait(700).move("a7", "a6").wait(700);
  t.up("b5").up("c6", 165).down("c6", 2).up("c6", 4);  // the victim's reed bounces
  t.up("d7", 293).down("c6", 1);                        // Black's pawn up; the bishop lands
  t.up("c6", 159).down("c6", 279).wait(1500);           // the bishop off; the pawn on c6
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6",
                                "Bb5xNc6", "d7xBc6"}))
      << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

// ---- three seats in a chain ----------------------------------------------------------

// chess.com Teams 519084, round 3: Blue's queen a7-b8 lands while Yellow's
// pawn is in the air (lifted 230 ms before), and Green lifts his knight
// 90 ms before Yellow's pawn lands. Blue's queen could take Yellow's pawn on
// g13 along the open diagonal, so Yellow's lift alone could be the victim of
// Qa7xg13 under way; Yellow's pawn landing on g12 says it was not, although
// Green's hand is already in the air.
TEST(RealRecordsHands, AReplyShownWholeWhileTheThirdSeatLiftsProvesTheMoveBefore) {
  Table t("chesscom-teams", "", {}, "4PCo");  // the record has no StartFen4 tag: 4PCo
  t.setup();
  for (auto [from, to] : std::vector<std::pair<const char*, const char*>>{
           {"d2", "d4"}, {"b8", "c8"}, {"k13", "k11"}, {"m8", "l8"},
           {"d4", "d5"}, {"b4", "d4"}, {"k11", "k10"}, {"n8", "m8"}, {"e2", "e4"}}) {
    t.move(from, to).wait(900);
  }
  t.up("a7").up("g13", 349).down("b8", 230);  // Blue's queen lands, Yellow's pawn in the air
  t.up("n5", 341).down("g12", 90);            // Green lifts; Yellow's pawn lands
  t.down("l6", 250).wait(1500);
  const Strings opening{"d2-d4", "b8-c8", "k13-k11", "m8-l8", "d4-d5",
                        "b4-d4", "k11-k10", "Qn8-m8", "e2-e4"};
  EXPECT_EQ(t.moves(), plus(opening, {"Qa7-b8", "g13-g12", "Nn5-l6"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

// ---- a piece resting on its path is no standing piece to knock over ---------------------

// famous.pgn game 4 (12. Qxb5: the queen rests 0.7 s on b4, goes on, the
// victim on b5 is lifted 41 ms later and Black lifts a8 71 ms after that),
// chess.com FFA 100532097 (Bg2xe4 resting on f3) and 104038635 (Qd5-d9
// resting on d8): three squares left within 150 ms were ruled "pieces knocked
// over", and no move was read after it. The resting piece stood on a square
// the position has empty: it is the move under way, not a piece of the board.
TEST(RealRecordsHands, APieceLeavingItsRestAsTheVictimAndTheNextSeatsPieceAreLiftedIsNoBurst) {
  // 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7: the queen rests on g6 on its way.
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  t.move("d1", "h5").wait(700).move("b8", "c6").wait(700);
  t.up("h5").down("g6", 280).up("g6", 700);  // the queen rests 0.7 s on g6
  t.up("f7", 41).up("e8", 71);               // the victim off; Black's king up
  t.down("f7", 200).up("f7", 300).down("f7", 400).wait(1500);
  EXPECT_EQ(t.moves(), (Strings{"e2-e4", "e7-e5", "Qd1-h5", "Nb8-c6", "Qh5xf7", "Ke8xQf7"}))
      << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
  for (const auto& r : t.rulings(RulingKind::kSensor))
    EXPECT_EQ(r.text.find("knocked over"), std::string::npos) << t.transcript();
}

TEST(RealRecordsHands, ThreeStandingPiecesLeavingAtOnceAreStillABurst) {
  // The rule the fix above must keep: pieces of the position (the queen has
  // stood on h5 since its move) leaving within 150 ms are a burst.
  Table t("chess");
  t.setup();
  t.move("e2", "e4").wait(700).move("e7", "e5").wait(700);
  t.move("d1", "h5").wait(700).move("b8", "c6").wait(700);
  t.up("h5").up("f7", 41).up("e8", 71).wait(1000);
  bool burst = false;
  for (const auto& r : t.rulings(RulingKind::kSensor))
    burst = burst || r.text.find("knocked over") != std::string::npos;
  EXPECT_TRUE(burst) << t.transcript();
}

// ---- past the tenth trace seed, commit_at_once off ------------------------------------

// The chess.com FFA records' first plies, made one at a time (900 ms apart).
Table ffa_after(const std::vector<std::pair<const char*, const char*>>& plies) {
  session::SessionSettings s;
  s.tracker.commit_at_once = false;
  s.random_moves = session::RandomMoves::kAcceptAnyLegal;  // records made elsewhere
  Table t("chesscom-ffa", "", s);
  t.setup();
  for (auto [from, to] : plies) t.move(from, to).wait(900);
  return t;
}

// FFA 100532097, round 6 (10 of 200 trace seeds): Green's Ql9-j7 and Red's
// Nf3-d4 land 190 ms apart, Blue lifts his rook (its reed bounces: down and
// up again within 2 ms) and takes on a6. Blue's lift committed Ql9-j7, and
// Nf3-d4 was read with that lift carried as the reply's; the bounce's first
// flip showed Nf3-d4 alone again, and the move taken anew forgot the
// carried lift: Ra4xBa6 was never seen whole.
TEST(RealRecordsHands, AReplysLiftWhoseReedBouncesAsTheMoveBeforeIsReadAgainStaysTheReplys) {
  Table t = ffa_after({{"k2", "k4"}, {"b9", "c9"}, {"d13", "d11"}, {"m8", "l8"},
                       {"f2", "f4"}, {"b7", "c7"}, {"i13", "i12"}, {"m11", "k11"},
                       {"e1", "f3"}, {"a8", "c6"}, {"j14", "k12"}, {"n7", "l9"},
                       {"h2", "h3"}, {"a5", "b7"}, {"h13", "h11"}, {"n5", "l6"},
                       {"j1", "i3"}, {"b7", "c5"}});
  t.move("i14", "a6");                                             // Yellow takes on a6
  t.up("l9", 95).up("f3", 359).down("f3", 3).up("f3", 4);          // Green, then Red lift
  t.down("j7", 237).down("d4", 190);                               // both land
  t.up("a4", 314).down("a4", 1).up("a4", 1);                       // Blue's rook; its reed bounces
  t.up("a6", 320).down("a6", 393).wait(1500);                      // the bishop off; the rook on a6
  const Strings opening{"k2-k4", "b9-c9", "d13-d11", "m8-l8", "f2-f4", "b7-c7",
                        "i13-i12", "m11-k11", "Ne1-f3", "Qa8-c6", "Nj14-k12", "Qn7-l9",
                        "h2-h3", "Na5-b7", "h13-h11", "Nn5-l6", "Nj1-i3", "Nb7-c5"};
  EXPECT_EQ(t.moves(), plus(opening, {"Bi14xBa6", "Ql9-j7", "Nf3-d4", "Ra4xBa6"}))
      << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

// FFA 104038635, round 4 (7 of 200 trace seeds): Blue's queen rests 0.6 s on
// d8 on its way to d9; Yellow and Red lift as it leaves, and Yellow's pawn
// and Red's bishop land within 450 ms of the queen, none settled (500 ms),
// and Blue's hand is on his knight before the settle time. Three moves
// whole in a row were no reading: ruled out of sync.
TEST(RealRecordsHands, ThreeMovesLandingInARowBeforeAnySettlesAreRead) {
  Table t = ffa_after({{"h2", "h3"}, {"b7", "c7"}, {"d13", "d11"}, {"m11", "k11"},
                       {"i1", "g3"}, {"b4", "d4"}, {"e14", "f12"}, {"m10", "l10"},
                       {"k2", "k4"}, {"a8", "d5"}, {"e13", "e12"}, {"m5", "l5"}});
  t.up("m9").up("g3", 547).up("d5", 303).down("m9", 126);  // Bg3xm9; Blue's queen up
  t.down("d6", 268).up("d6", 70).down("d7", 43).up("d7", 138);  // the queen slides
  t.down("d7", 1).up("d7", 3).down("d8", 43).up("d8", 643);     // rests 0.6 s on d8
  t.up("j13", 1).up("m9", 39).down("d9", 18);                            // Yellow, Red lift; Qd9
  t.down("j12", 238).down("h4", 196);                                    // j12, then Bh4
  t.up("a10", 273).down("a10", 219).up("a10", 126).down("c9", 352).wait(1500);  // Blue again
  const Strings opening{"h2-h3", "b7-c7", "d13-d11", "m11-k11", "Bi1-g3", "b4-d4", "Ne14-f12",
                        "m10-l10", "k2-k4", "Qa8-d5", "e13-e12", "m5-l5", "Bg3xm9"};
  EXPECT_EQ(t.moves(), plus(opening, {"Qd5-d9", "j13-j12", "Bm9-h4", "Na10-c9"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

// ---- a rest on the path of the one move allowed ------------------------------------------

// bot_games_test (chess.com FFA, Blue=1, seed 3): Blue's bot announced
// Ra11-a9, and the hand slid the rook resting 0.6 s on a10. With the bot's
// move the only one allowed, the rest was no move at all, and it was ruled
// "not a11-a10" after the settle time, though a waypoint of a legal move
// waits slide_rest. The same with no bot: a rook going to block a check
// rests on a square of its path that does not block it.
TEST(RealRecordsHands, APieceRestingOnThePathOfItsOnlyLegalMoveIsNoIllegalMove) {
  Table t("chess", "7k/8/8/3R4/8/8/8/K6r w - - 0 1");  // Rh1+: only Rd1 blocks
  t.setup();
  t.up("d5").down("d3", 300).up("d3", 700);  // rests 0.7 s on d3 (no block)
  t.down("d2", 30).up("d2", 40).down("d1", 30).wait(1500);
  EXPECT_EQ(t.moves(), (Strings{"Rd5-d1"})) << t.transcript();
  EXPECT_TRUE(no_illegal(t)) << t.transcript();
}

TEST(RealRecordsHands, APieceLeftOnThePathOfItsOnlyLegalMoveIsStillRuled) {
  // The rule the fix above must keep: left there past slide_rest, the rook
  // on d3 is the move made (FIDE 4.7), and it is illegal.
  Table t("chess", "7k/8/8/3R4/8/8/8/K6r w - - 0 1");
  t.setup();
  t.up("d5").down("d3", 300).wait(2000);
  EXPECT_TRUE(t.moves().empty()) << t.transcript();
  EXPECT_FALSE(t.rulings(RulingKind::kIllegalMove).empty()) << t.transcript();
}

// ---- the generator: hands that a table could have --------------------------------------

// famous.pgn game 2, seed 1: three moves overlapping (39. Qxh8 Rd3 40. Qa8)
// had White lift the queen from h8 before it landed there: an "up" for an
// empty square, which no hand can make. Every event of a real-hands script
// flips its square (a bounce flips it and flips it back), and every move
// begins after its seat's move before is done.
TEST(RealRecordsHands, TheGeneratorsRealHandsLiftOnlyPiecesThatStand) {
  std::string famous = std::string(TABULA_SOURCE_DIR) + "/tests/session/data/famous.pgn";
  for (int game = 1; game <= 7; ++game) {
    PreparedRecord prep = prepare_record(load_record("chess", famous, game));
    ASSERT_TRUE(prep.error.empty()) << prep.error;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      session::GeneratorSettings gs;
      gs.seed = seed;
      gs.real_hands = true;
      auto script = session::generate_script(prep.loaded.rules, *prep.loaded.start, prep.actions, gs);
      ASSERT_TRUE(script.ok()) << script.error().message;
      std::map<core::Square, bool> on;
      int bad = 0;
      std::string first;
      std::size_t move = 0;  // the moves' notes are on their first events, in order
      for (std::size_t i = 0; i < script->inputs.size(); ++i) {
        const session::Input& in = script->inputs[i];
        const auto* e = std::get_if<session::SquareEvent>(&in);
        if (e == nullptr) continue;
        const std::string& note = script->notes[i];
        if (!note.empty() && note[0] >= '1' && note[0] <= '9' && move < script->moves.size()) {
          // famous.pgn game 5, seed 16: Black lifted his bishop for 9... Bb7
          // while his castling rook was still in the air. No seat begins a
          // move before its own move before is done.
          for (std::size_t k = move; k-- > 0;) {
            if (script->moves[k].seat != script->moves[move].seat) continue;
            EXPECT_GT(e->time, script->moves[k].done)
                << "game " << game << " seed " << seed << ": " << note;
            break;
          }
          ++move;
        }
        if (on[e->square] == e->occupied) {
          if (bad++ == 0)
            first = std::to_string(e->time.count()) + " ms " +
                    prep.loaded.rules->geometry.name(e->square) + (e->occupied ? " down" : " up");
        }
        on[e->square] = e->occupied;
      }
      EXPECT_EQ(bad, 0) << "game " << game << " seed " << seed << ": first at " << first;
    }
  }
}

// bot_games_test: a bot's move is made once the kiosk announces it, after
// the move before is read. The generator began it within 270 ms of the last
// landing, as real hands overlap, and the test's wrong execution spliced in
// before it lifted a piece already in the air. An announced move's first
// event comes after the move before is done and has settled.
TEST(RealRecordsHands, TheGeneratorMakesAnAnnouncedMoveOnlyAfterTheMoveBeforeSettled) {
  std::string famous = std::string(TABULA_SOURCE_DIR) + "/tests/session/data/famous.pgn";
  PreparedRecord prep = prepare_record(load_record("chess", famous, 2));
  ASSERT_TRUE(prep.error.empty()) << prep.error;
  for (std::size_t k = 1; k < prep.actions.size(); k += 2) prep.actions[k].announced = true;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    session::GeneratorSettings gs;
    gs.seed = seed;
    auto script = session::generate_script(prep.loaded.rules, *prep.loaded.start, prep.actions, gs);
    ASSERT_TRUE(script.ok()) << script.error().message;
    std::size_t move = 0;  // the moves' notes are on their first events, in order
    for (std::size_t i = 0; i < script->inputs.size() && move < script->moves.size(); ++i) {
      const std::string& note = script->notes[i];
      if (note.empty() || note[0] < '1' || note[0] > '9') continue;
      if (move % 2 == 1) {
        EXPECT_GT(session::time_of(script->inputs[i]), script->moves[move - 1].done + gs.settle)
            << "seed " << seed << ": " << note;
      }
      ++move;
    }
    EXPECT_EQ(move, script->moves.size()) << "seed " << seed;
  }
}

}  // namespace real_records
}  // namespace tabula::testing

// Session 28: reeds that bounce more than once, and reeds that chatter (10-20
// flips within 5 ms), as hands make moves. The moves expected are the
// game's (what the hands did), never the code's; each move's clock switch is
// checked against its landing (the reed's first flip down: FIDE 4.7, the
// move is made when the piece is released). Both commit_at_once modes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clock_script.h"
#include "session/session.h"
#include "table.h"

namespace tabula::testing {
namespace bounce_runs {

using session::RulingKind;
using Strings = std::vector<std::string>;

// `pairs` bounces of `square`'s reed (each a flip and a flip back, `first`
// the first flip's direction), every flip `gap` ms after the one before; a
// script segment for clock_switches. `inner` (another square's event, 1 ms
// after the flip before) goes in before flip number `at` (0: before the
// first; 2 * pairs: after the last).
std::string bounces(const std::string& square, const std::string& first, int pairs, long gap,
                    const std::string& inner = "", int at = -1) {
  const std::string other = first == "up" ? "down" : "up";
  std::string s;
  for (int i = 0; i < 2 * pairs; ++i) {
    long g = gap;
    if (i == at) {
      s += inner + " 1  ";
      g = 1;
    }
    s += square + " " + (i % 2 == 0 ? first : other) + " " + std::to_string(g) + "  ";
  }
  if (at >= 2 * pairs) s += inner + " 1  ";
  return s;
}

// `flips` flips of `square`'s reed spread over 5 ms (several in one
// millisecond), the first `first` and `gap` ms after the event before.
std::string chatter(const std::string& square, const std::string& first, int flips, long gap) {
  const std::string other = first == "up" ? "down" : "up";
  std::string s;
  long at = 0;
  for (int i = 0; i < flips; ++i) {
    const long t = flips > 1 ? i * 5L / (flips - 1) : 0;
    s += square + " " + (i % 2 == 0 ? first : other) + " " + std::to_string(i == 0 ? gap : t - at) +
         "  ";
    at = t;
  }
  return s;
}

struct Played {
  Strings moves;
  std::vector<long> switches;
  std::vector<long> landings;
  bool out_of_sync = false;
  bool illegal = false;
  std::string transcript;
  // Each seat's time used at the end (the clock's initial time less what is
  // left), by the seat of each move read; and when the script ended.
  std::vector<long> used;
  long end = 0;
};

Played play(const std::string& fen, const std::string& script, bool at_once) {
  Table t("chess", fen, table_settings(at_once, WithClock::kYes));
  t.setup();
  Played r;
  r.switches = clock_switches(t, script, r.landings);
  r.moves = t.moves();
  r.out_of_sync = !t.rulings(RulingKind::kOutOfSync).empty();
  r.illegal = !no_illegal(t);
  r.transcript = t.transcript();
  r.end = t.now();
  if (const auto& clock = t.session().clock()) {
    for (const session::AcceptedMove& m : t.session().moves())
      r.used.push_back(clock->control().initial.count() -
                       clock->remaining(core::index_of(m.seat), session::ClockMillis{t.now()}).count());
  }
  return r;
}

// The moves read, then (when they are the game's) each clock switch at its
// landing, and no ruling.
void expect_read(const Played& r, const Strings& moves, const std::string& why) {
  EXPECT_EQ(r.moves, moves) << why;
  if (r.moves != moves) return;
  EXPECT_EQ(r.switches, r.landings) << why;
  EXPECT_FALSE(r.out_of_sync || r.illegal) << why;
}

const char* const kAfterD5 = "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const kAfterE4D5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const char* const kRuyLopez = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 3";

TEST(BounceRuns, ALandingBouncingTwoToFiveTimesIsNoLiftAndNoFill) {
  // s27-hands' hands (chess, Black's d-pawn on d5): e2-e4, the reed of e4
  // bouncing as the pawn lands (up and down again, 2 to 5 times, each flip
  // 1-4 ms after the one before), Black lifting d5 after any flip of it and
  // setting the pawn on d4. TouchLog took the second bounce for a real lift
  // and fill of e4 after d5 was lifted: d5xe4 was committed (commit_at_once
  // on; a wrong move), then d4 ruled out of sync. Every bounce is a flicker.
  for (int pairs = 2; pairs <= 5; ++pairs) {
    for (long gap = 1; gap <= 4; ++gap) {
      for (int at = 0; at <= 2 * pairs; ++at) {
        const std::string script = "e2 up 100  e4 down 300*  " +
                                   bounces("e4", "up", pairs, gap, "d5 up", at) + "d4 down 300*";
        for (bool at_once : {true, false}) {
          const Played r = play(kAfterD5, script, at_once);
          const std::string why = std::to_string(pairs) + " pairs, gap " + std::to_string(gap) +
                                  ", d5 lifted before flip " + std::to_string(at) +
                                  ", commit_at_once " + std::to_string(at_once) + "\n" +
                                  r.transcript;
          expect_read(r, Strings{"e2-e4", "d5-d4"}, why);
        }
      }
    }
  }
}

TEST(BounceRuns, ACapturesLandingBouncingRepeatedlyIsNoRecapture) {
  // The same on a victim's square: e4xd5 (the victim lifted first), the
  // capturer's reed on d5 bouncing 1-5 times, Black lifting his queen
  // (which could take on d5) after any flip and setting it on d6. Main read
  // Qd8xd5 from the second bounce (commit_at_once on).
  for (int pairs = 1; pairs <= 5; ++pairs) {
    for (long gap : {1L, 2L, 4L}) {
      for (int at = 0; at <= 2 * pairs; ++at) {
        const std::string script = "d5 up 100  e4 up 300  d5 down 300*  " +
                                   bounces("d5", "up", pairs, gap, "d8 up", at) + "d6 down 300*";
        for (bool at_once : {true, false}) {
          const Played r = play(kAfterE4D5, script, at_once);
          const std::string why = std::to_string(pairs) + " pairs, gap " + std::to_string(gap) +
                                  ", d8 lifted before flip " + std::to_string(at) +
                                  ", commit_at_once " + std::to_string(at_once) + "\n" +
                                  r.transcript;
          expect_read(r, Strings{"e4xd5", "Qd8-d6"}, why);
        }
      }
    }
  }
}

TEST(BounceRuns, AnOriginOrAVictimBouncingRepeatedlyReadsTheMoves) {
  // The other squares a run of bounces falls on (these read right on main
  // too: guards). The capturer's origin as it is lifted; the victim's
  // square as the victim is lifted, with the capturer lifted before it or
  // after; the pawn's origin and the reply's origin, both bouncing.
  for (int pairs = 2; pairs <= 5; ++pairs) {
    for (long gap : {1L, 3L, 4L}) {
      const std::string b = std::to_string(pairs) + " pairs, gap " + std::to_string(gap);
      const std::vector<std::string> captures = {
          "e4 up 100  " + bounces("e4", "down", pairs, gap) + "d5 up 300  d5 down 300*  ",
          "d5 up 100  " + bounces("d5", "down", pairs, gap) + "e4 up 300  d5 down 300*  ",
          "e4 up 100  d5 up 300  " + bounces("d5", "down", pairs, gap) + "d5 down 300*  "};
      for (std::size_t c = 0; c < captures.size(); ++c) {
        for (bool at_once : {true, false}) {
          const Played r = play(kAfterE4D5, captures[c] + "d8 up 300  d6 down 300*", at_once);
          const std::string why = b + ", capture " + std::to_string(c) + ", commit_at_once " +
                                  std::to_string(at_once) + "\n" + r.transcript;
          expect_read(r, Strings{"e4xd5", "Qd8-d6"}, why);
        }
      }
      const std::string step = "e2 up 100  " + bounces("e2", "down", pairs, gap) +
                               "e4 down 300*  d5 up 1  " + bounces("d5", "down", pairs, gap) +
                               "d4 down 300*";
      for (bool at_once : {true, false}) {
        const Played r = play(kAfterD5, step, at_once);
        const std::string why =
            b + ", commit_at_once " + std::to_string(at_once) + "\n" + r.transcript;
        expect_read(r, Strings{"e2-e4", "d5-d4"}, why);
      }
    }
  }
}

TEST(BounceRuns, AReedChatteringAsAPieceLeavesOrLandsTimesTheMoveAtItsFirstFlip) {
  // A reed chattering 10-20 times within 5 ms: as the pawn leaves e2 (an
  // odd count: it ends open), as it lands on e4 (an even count after the
  // landing: it ends closed), as it lands with Black lifting d5 amid the
  // chatter, and a capture's landing chattering with Black's reply begun
  // at once. Each move is read and timed at its piece's landing.
  for (int flips : {10, 12, 16, 20}) {
    const std::string n = std::to_string(flips) + " flips";
    const std::vector<std::pair<std::string, Strings>> cases = {
        {"e2 up 100  " + chatter("e2", "down", flips, 1) + "e4 down 300*  d5 up 300  d4 down 300*",
         {"e2-e4", "d5-d4"}},
        {"e2 up 100  e4 down 300*  " + chatter("e4", "up", flips, 1) + "d5 up 300  d4 down 300*",
         {"e2-e4", "d5-d4"}},
        {"e2 up 100  e4 down 300*  " + chatter("e4", "up", flips / 2, 1) + "d5 up 0  " +
             chatter("e4", (flips / 2) % 2 == 0 ? "up" : "down", flips / 2, 0) + "d4 down 300*",
         {"e2-e4", "d5-d4"}}};
    for (std::size_t c = 0; c < cases.size(); ++c) {
      for (bool at_once : {true, false}) {
        const Played r = play(kAfterD5, cases[c].first, at_once);
        const std::string why = n + ", case " + std::to_string(c) + ", commit_at_once " +
                                std::to_string(at_once) + "\n" + r.transcript;
        expect_read(r, cases[c].second, why);
      }
    }
    const std::string capture = "c6 up 100  b5 up 300  c6 down 300*  " +
                                chatter("c6", "up", flips, 1) + "a7 up 1  a6 down 300*";
    for (bool at_once : {true, false}) {
      const Played r = play(kRuyLopez, capture, at_once);
      const std::string why =
          n + ", Bxc6, commit_at_once " + std::to_string(at_once) + "\n" + r.transcript;
      expect_read(r, Strings{"Bb5xNc6", "a7-a6"}, why);
    }
  }
}

TEST(BounceRuns, AVictimsReedChatteringUnderACapturerInTheAirIsNoCapture) {
  // White's bishop lifted from b5 (it could take the knight on c6), the
  // knight's reed chattering 4-20 times within 5 ms (the carried piece's
  // magnet passing over it; it ends closed: the knight never left), the
  // bishop set on a4, Black's a7-a6. The chatter's first flip (open) and
  // last (closed) are real changes by TouchLog's rule, so the board showed
  // Bb5xNc6 until the bishop landed: committed 10 ms after the chatter
  // (commit_at_once on), a wrong move, and a4 ruled out of sync. A capture
  // whose square was refilled at the end of a run of bounces waits the
  // settle time (part of it unseen).
  for (int flips : {4, 10, 12, 16, 20}) {
    for (long rest : {100L, 300L}) {
      const std::string script = "b5 up 100  " + chatter("c6", "up", flips, rest) +
                                 "a4 down 300*  a7 up 300  a6 down 300*";
      for (bool at_once : {true, false}) {
        const Played r = play(kRuyLopez, script, at_once);
        const std::string why = std::to_string(flips) + " flips " + std::to_string(rest) +
                                " ms after the lift, commit_at_once " + std::to_string(at_once) +
                                "\n" + r.transcript;
        expect_read(r, Strings{"Bb5-a4", "a7-a6"}, why);
      }
    }
  }
}

TEST(BounceRuns, APushCaptureWithAChatteringReedStillReadsTheCapture) {
  // Hostile to the rule above: the bishop does push the knight off c6 and
  // lands there within the chatter (its last flip), then nothing. The
  // capture waits the settle time and is read; the reed cannot tell the
  // landing from the chatter's fills, so it is timed within the chatter
  // (at the run's first fill after the bishop left: no later than the
  // landing, at most 5 ms early). And a single flip and flip back in one
  // millisecond (the kiosk's virtual board lifting the victim and putting
  // the capturer down) is a capture at once, as before.
  for (int flips : {4, 10, 20}) {
    for (bool at_once : {true, false}) {
      Table t("chess", kRuyLopez, table_settings(at_once, WithClock::kYes));
      t.setup();
      std::vector<long> landings;
      const long start = t.now();
      const std::vector<long> switches =
          clock_switches(t, "b5 up 100  " + chatter("c6", "up", flips, 300), landings);
      const std::string why = std::to_string(flips) + " flips, commit_at_once " +
                              std::to_string(at_once) + "\n" + t.transcript();
      ASSERT_EQ(t.moves(), (Strings{"Bb5xNc6"})) << why;
      ASSERT_EQ(switches.size(), 1U) << why;
      EXPECT_GE(switches[0], start + 100 + 300) << why;
      EXPECT_LE(switches[0], start + 100 + 300 + 5) << why;
      EXPECT_TRUE(no_illegal(t)) << why;
    }
  }
  for (bool at_once : {true, false}) {
    Table t("chess", kRuyLopez, table_settings(at_once, WithClock::kYes));
    t.setup();
    std::vector<long> landings;
    const std::vector<long> switches =
        clock_switches(t, "b5 up 100  c6 up 300  c6 down 0*  a7 up 300  a6 down 300*", landings);
    const std::string why =
        "virtual board, commit_at_once " + std::to_string(at_once) + "\n" + t.transcript();
    ASSERT_EQ(t.moves(), (Strings{"Bb5xNc6", "a7-a6"})) << why;
    EXPECT_EQ(switches, landings) << why;
  }
}

TEST(BounceRuns, AVictimsChatterThenItsLiftIsNoLandingForTheNextSeatsCapture) {
  // Session 29, the soak with bounce runs (chess 409; 61 games of 33,000 of
  // this shape in both modes): White's knight lifted from a3 to take on b5,
  // the pawn's reed chattering 4-20 flips (it ends closed: the board shows
  // Na3xb5), the pawn lifted 20-80 ms later, Black lifting his c6 bishop
  // (which could take on b5), the knight landing on b5, the bishop set on
  // d7. The touches also fit Na3xb5 landed at the chatter, Black lifting
  // the knight and the bishop taking it: Bc6xNb5 was committed at once, a
  // wrong move, and d7 ruled. A move taking on a square only a chattering
  // reed's refill showed captured waits until the hands tell (1.5 s): the
  // bishop landing elsewhere, up to 0.9 s later, is its move.
  const std::string fen =
      "r3k1n1/p1p1b1pr/n1bp3p/1p2pp2/P1P1P2q/N2K1P2/1P1PB1PP/R1BQ2NR w q - 4 14";
  for (int flips : {4, 10, 20}) {
    for (long lift : {20L, 36L, 80L}) {
      for (long air : {399L, 900L}) {
        const std::string script = "a3 up 100  " + chatter("b5", "up", flips, 300) + "b5 up " +
                                   std::to_string(lift) + "  c6 up 57  c6 down 1  c6 up 4  " +
                                   "b5 down 211*  d7 down " + std::to_string(air) + "*";
        for (bool at_once : {true, false}) {
          const Played r = play(fen, script, at_once);
          const std::string why = std::to_string(flips) + " flips, lifted " + std::to_string(lift) +
                                  " ms after, the bishop " + std::to_string(air) +
                                  " ms in the air, commit_at_once " + std::to_string(at_once) +
                                  "\n" + r.transcript;
          EXPECT_EQ(r.moves, (Strings{"Na3xb5", "Bc6-d7"})) << why;
          EXPECT_FALSE(r.out_of_sync || r.illegal) << why;
          // Bc6-d7 is timed at its landing, and so is Na3xb5 (session 31):
          // the bishop landing on d7, the lift and fill of b5 were the pawn
          // lifted and the knight landing, not Black's hand. Hand-worked:
          // the clocks start at the knight's landing (the first move), Black
          // uses the time to the bishop's landing, White's turn runs since.
          // Before: Na3xb5 at the chatter's fill, Black charged 0.3-0.5 s
          // more (the pawn's lift, the knight's flight).
          if (r.switches.size() == 2 && r.landings.size() == 2) {
            EXPECT_EQ(r.switches[1], r.landings[1]) << why;
            ASSERT_EQ(r.used.size(), 2u) << why;
            EXPECT_EQ(r.used[1], r.landings[1] - r.landings[0]) << why;  // Black
            EXPECT_EQ(r.used[0], r.end - r.landings[1]) << why;          // White
          }
        }
      }
    }
  }
  // Hostile: the same touches, and the bishop stays on b5 (the knight did
  // push the pawn off as the reed chattered, and Black took it at once):
  // Na3xb5 and Bc6xNb5 are read, the capture after the wait.
  for (bool at_once : {true, false}) {
    const Played r = play(fen,
                          "a3 up 100  " + chatter("b5", "up", 10, 300) +
                              "b5 up 36  c6 up 57  c6 down 1  c6 up 4  b5 down 211*",
                          at_once);
    const std::string why = "commit_at_once " + std::to_string(at_once) + "\n" + r.transcript;
    EXPECT_EQ(r.moves, (Strings{"Na3xb5", "Bc6xNb5"})) << why;
    EXPECT_FALSE(r.out_of_sync || r.illegal) << why;
    // The reply stands: the capture is timed in the chatter, as its reading
    // has it (the knight pushing the pawn off amid the chatter: session 28,
    // at the run's first fill, 0 ms into the chatter), not amended. Black
    // used the rest of the chatter (5 ms) and the 36 + 57 + 1 + 4 + 211 ms
    // to the bishop's landing on b5.
    ASSERT_EQ(r.used.size(), 2u) << why;
    EXPECT_EQ(r.used[1], 5 + 36 + 57 + 1 + 4 + 211) << why;  // Black
    EXPECT_EQ(r.used[0], r.end - r.landings[0]) << why;      // White, since
  }
  // Hostile to session 31's rule: the bishop stays on b5, and White's queen,
  // lifted 150 ms later, lands on d7 (a square the bishop could have gone
  // to from c6) within the wait: the queen's move, not the bishop's. The
  // piece set down could be the next seat's, so the capture did not land late.
  const std::string queen = "4k3/8/2b5/1p6/8/N6Q/8/K7 w - - 0 1";
  for (bool at_once : {true, false}) {
    const Played r = play(queen,
                          "a3 up 100  " + chatter("b5", "up", 10, 300) +
                              "b5 up 36  c6 up 57  c6 down 1  c6 up 4  b5 down 211*  h3 up 150  "
                              "d7 down 300*",
                          at_once);
    const std::string why = "queen, commit_at_once " + std::to_string(at_once) + "\n" + r.transcript;
    EXPECT_EQ(r.moves, (Strings{"Na3xb5", "Bc6xNb5", "Qh3-d7"})) << why;
    EXPECT_FALSE(r.out_of_sync || r.illegal) << why;
  }
}

TEST(BounceRuns, ACaptureShownByAChatterAndLandedLateIsReadWithTheNextSeatsMove) {
  // Session 31, the soak with bounce runs, corners-long and corners-short
  // seed 347 (both modes; ply 20): Pink's rook lifted from l3 to take
  // White's knight on j3, j3's reed chattering under it (4 flips, ending
  // closed: the board shows Rl3xNj3), the rook brushing k3, the knight
  // lifted (its reed chattering as it goes), White lifting his j1 rook, Pink's
  // rook landing on j3, Grey lifting his a8 bishop, White's rook set on i1,
  // Grey's bishop on f3 (bouncing; the hand knocks f4's pawn onto g4 and
  // sets it back), Black's Ke11-d11. Rl3xNj3 was committed at the chatter's
  // fill with White's Rj1xRj3 read as the rook's landing on j3; the board
  // was ruled out of sync when the rook stood on i1. The gaps are the
  // soak's trace's. Each move's clock is hand-worked from its landing (the
  // `*` events: FIDE 4.7): the clocks start at Rl3xNj3's landing, not at
  // the chatter's fill.
  const std::string fen =
      "P-0,0,0,0-1,1,0,1-1,1,0,1-0,0,0,0-0-2,bR,bN,bB,1,bQ,bB,bN,bR,2/4,bK,bP,1,bP,bP,bP,2/"
      "gR,bP,1,bP,2,bP,3,pP,pR/gN,gP,2,bP,5,pP,pN/gB,2,gP,6,pP,pB/gQ,2,gP,5,pB,pP,pK/"
      "gK,gP,6,pP,2,pQ/gB,1,gP,9/gN,gP,3,wP,1,wP,1,pP,pP,pN/gR,2,gP,4,pP,wN,1,pR/"
      "2,wP,wP,wP,1,wP,1,wP,3/2,wR,wN,wB,wQ,wK,wB,1,wR,2";
  const std::string script =
      "l3 up 100  j3 up 278  j3 down 1  j3 up 3  j3 down 0  k3 down 20  k3 up 79  "
      "j3 up 37  j3 down 1  j3 up 0  j3 down 0  j3 up 0  j3 down 0  j3 up 1  j3 down 0  "
      "j3 up 1  j3 down 0  j3 up 1  j3 down 0  j3 up 1  "
      "j1 up 230  j3 down 101*  a8 up 220  i1 down 239*  "
      "f3 down 455*  f3 up 3  f3 down 2  f4 up 137  f4 down 2  f4 up 4  g4 down 44  g4 up 1  "
      "g4 down 1  g4 up 423  f4 down 178  e11 up 1397  d11 down 692*";
  for (const char* variant : {"corners-long", "corners-short"}) {
    for (bool at_once : {true, false}) {
      Table t(variant, fen, table_settings(at_once, WithClock::kYes));
      t.setup();
      std::vector<long> landings;
      const std::vector<long> switches = clock_switches(t, script, landings);
      const std::string why = std::string(variant) + ", commit_at_once " +
                              std::to_string(at_once) + "\n" + t.transcript();
      ASSERT_EQ(t.moves(), (Strings{"Rl3xNj3", "Rj1-i1", "Ba8-f3", "Ke11-d11"})) << why;
      EXPECT_TRUE(t.rulings(RulingKind::kOutOfSync).empty()) << why;
      EXPECT_TRUE(no_illegal(t)) << why;
      ASSERT_EQ(landings.size(), 4u);
      ASSERT_EQ(switches.size(), 4u) << why;
      for (std::size_t i = 1; i < 4; ++i) EXPECT_EQ(switches[i], landings[i]) << i << why;
      // Each seat's time used: White from the rook's landing on j3 to his
      // own on i1, Grey to f3, Black to d11, Pink's turn running since.
      const session::GameClock& clock = *t.session().clock();
      const long initial = clock.control().initial.count();
      const session::ClockMillis now{t.now()};
      const auto& moves = t.session().moves();
      const std::vector<long> used{landings[1] - landings[0], landings[2] - landings[1],
                                   landings[3] - landings[2], t.now() - landings[3]};
      for (std::size_t i = 1; i < 4; ++i) {
        const int seat = core::index_of(moves[i].seat);
        EXPECT_EQ(clock.remaining(seat, now).count(), initial - used[i - 1]) << i << why;
      }
      EXPECT_EQ(clock.remaining(core::index_of(moves[0].seat), now).count(), initial - used[3])
          << why;
    }
  }
}

}  // namespace bounce_runs
}  // namespace tabula::testing

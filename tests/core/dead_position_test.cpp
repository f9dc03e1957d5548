// Dead positions beyond material (issue 31 item 9): a frozen pawn wall.
// Expected classifications are published ones: Miguel Ambrona's Chess
// Unwinnability Analyzer test vectors (github.com/miguel-ambrona/D3-Chess,
// tests/test-vector.txt: "--" no player can helpmate, "WB"/"W-"/"-B" some
// player can) and the issue's own example (FIDE 5.2.2). The test is sound,
// not complete: every position it calls dead is dead by the vectors, and
// no position the vectors call winnable is ever called dead.
#include "core/dead_position.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

class DeadPosition : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chess");
    ASSERT_TRUE(rules_);
  }
  bool dead(const std::string& fen) {
    // The vectors leave out the move counters.
    auto pos = parse_fen(*rules_, fen + " 0 1");
    EXPECT_TRUE(pos.ok()) << fen;
    return pos.ok() && dead_by_blocked_pawns(*pos);
  }
  std::shared_ptr<const RuleSet> rules_;
};

TEST_F(DeadPosition, TheIssuesPawnWallIsADrawAfterTheFirstMove) {
  // Issue 31 item 9: every pawn is blocked and neither king can cross, so
  // no series of legal moves can mate (FIDE 5.2.2). Tabula played on.
  auto pos = parse_fen(*rules_, "8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  Move m;
  std::string why;
  ASSERT_TRUE(parse_move(g.position(), "Kd2", m, why)) << why;
  g.play(m);
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "dead position (blocked pawns)");
}

// Issue 30 (s7): the game runs the proof only where its answer can change
// (a pawn move or capture, the move after one, the game's first move), not
// after every move. These are the cases a narrower gate would miss.
TEST_F(DeadPosition, AWallIsDeadOnceTheEnPassantWindowOfItsLastDoubleStepCloses) {
  // h7-h5 completes the wall but opens an en passant window (the proof
  // says nothing while one is open); White's king move closes it: dead.
  auto pos = parse_fen(*rules_, "8/7p/1k6/1p1p1p2/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1");
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  for (const char* san_text : {"h5", "Kd2"}) {
    ASSERT_FALSE(g.outcome().over) << san_text;
    Move m;
    std::string why;
    ASSERT_TRUE(parse_move(g.position(), san_text, m, why)) << why;
    g.play(m);
  }
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "dead position (blocked pawns)");
}

TEST_F(DeadPosition, AStartThatIsDeadAlreadyEndsAfterItsFirstMoveWhateverTheClock) {
  auto pos = parse_fen(*rules_, "8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 37 80");
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  Move m;
  std::string why;
  ASSERT_TRUE(parse_move(g.position(), "Kd2", m, why)) << why;
  g.play(m);
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "dead position (blocked pawns)");
}

TEST_F(DeadPosition, AFlagInADeadPositionIsADraw) {
  // FIDE 6.9: the flag falls, but the opponent cannot mate by any series of
  // legal moves.
  auto pos = parse_fen(*rules_, "8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1");
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  g.timeout(seat_at(1));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
}

TEST_F(DeadPosition, PublishedDeadPawnWallsAreFound) {
  // "--" vectors of kings and pawns only.
  for (const char* fen : {
           "3k4/8/8/p2p2p1/P2P2P1/8/3K4/8 w - -",
           "8/2k5/8/1p1p2p1/1P1P2P1/8/2K5/8 w - -",
           "1k6/8/8/p1p1p1p1/P1P1P1P1/8/8/1K6 b - -",
           "4k3/8/8/1p1p1p1p/1P1P1P1P/8/4K3/8 b - -",
           "2k5/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -",
           "8/2k5/8/1p2p2p/1P2P2P/2K5/8/8 w - -",
           "3k4/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - -",
           "5k2/4p3/3pPp2/2pP1Pp1/1pPK2Pp/pP5P/P7/8 w - -",
           "8/4k3/8/1p1p1p1p/1P1P1P1P/8/5K2/8 b - -",
       }) {
    EXPECT_TRUE(dead(fen)) << fen;
  }
}

TEST_F(DeadPosition, RandomPlayFromAProvedDeadPositionNeverChecksOrChangesAPawn) {
  // An independent look at the proof's claim: from each position proved
  // dead, seeded random legal moves (both sides) for 400 plies never give
  // check and never move or take a pawn.
  for (const char* fen : {"3k4/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - -", "2k5/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -",
                          "5k2/4p3/3pPp2/2pP1Pp1/1pPK2Pp/pP5P/P7/8 w - -"}) {
    auto start = parse_fen(*rules_, std::string(fen) + " 0 1");
    ASSERT_TRUE(start.ok());
    ASSERT_TRUE(dead_by_blocked_pawns(*start)) << fen;
    auto pawns = [&](const Position& p) {
      std::string out;
      for (int i = 0; i < kMaxSquares; ++i) {
        Piece x = p.at(static_cast<Square>(i));
        if (!x.empty() && rules_->piece(x.kind).pawn) out += std::to_string(i) + ",";
      }
      return out;
    };
    const std::string wall = pawns(*start);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      Position pos = *start;
      std::uint64_t x = seed * 0x9E3779B97F4A7C15ULL;
      for (int ply = 0; ply < 400; ++ply) {
        MoveList list;
        pos.generate_legal(list);
        ASSERT_FALSE(list.empty()) << fen << " seed " << seed << " ply " << ply;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.make(list[static_cast<std::size_t>(x % list.size())]);
        ASSERT_FALSE(pos.in_check()) << fen << " seed " << seed << " ply " << ply;
        ASSERT_EQ(pawns(pos), wall) << fen << " seed " << seed << " ply " << ply;
      }
    }
  }
}

TEST_F(DeadPosition, NoPublishedWinnablePositionIsCalledDead) {
  // "WB" and "W-" vectors (someone can still mate), kings and pawns or a
  // few pieces; and the start. Soundness: none may be called dead.
  for (const char* fen : {
           "3k4/8/8/1p1p3p/pPpPpPpP/P1P1P1P1/8/4K3 w - -",
           "3k4/8/8/1p1p3p/pPpPpPpP/P1P1P1P1/8/4K3 b - -",
           "8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - -",
           "8/8/7p/1k3p2/3p1P2/1p1P1PpP/1P4P1/K7 b - -",
           "8/7k/5p1p/5P2/p1p2PpP/P1P1p1P1/4P3/K7 b - -",
           "8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - -",
           "5k2/4pP2/3pP3/2pP4/1pPK4/pP6/P7/8 w - -",
           "1K6/8/8/p1p1p1p1/P1P1P1P1/8/8/1k6 b - -",
           "6k1/6P1/6K1/8/8/8/8/8 w - -",
           "6k1/6P1/5pK1/6P1/8/8/8/8 w - -",
           "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P2PP1/4K3 w - -",
           "8/7p/2p2p2/1kPp1PpP/1p1P2P1/1P6/8/3K4 w - -",
           "8/8/6K1/p3p1p1/Pp1pP1Pp/1P1P3P/8/6k1 b - -",
           "8/8/6K1/4p3/3pP3/3P4/8/6k1 b - -",
           "8/8/4P1K1/3Pp3/3p4/8/8/6k1 b - -",
           "8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - -",
           "8/2k5/8/PpPpPpPp/1P1P1P1P/4Q3/2K5/8 w - -",
           "k7/p1p5/P1P5/2P5/2P5/2P5/K1P5/8 b - -",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
       }) {
    EXPECT_FALSE(dead(fen)) << fen;
  }
}

TEST_F(DeadPosition, AnOpenEnPassantOrAPawnCaptureIsNotProvedDead) {
  // A wall with a capture open now, or en passant open, may change.
  EXPECT_FALSE(dead("3k4/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - h6"));
  EXPECT_FALSE(dead("3k4/8/8/1pp5/1PP5/8/8/4K3 w - -")) << "b4 can take c5";
}

}  // namespace
}  // namespace tabula::core

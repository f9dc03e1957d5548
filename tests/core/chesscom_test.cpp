// chess.com fidelity (issue 17): the rules of chess.com's four-player FFA
// with DeadKingWalking, one scenario per rule, each citing its source —
// chess.com's rules page as quoted in issue 17, or a real record of
// tests/data/pgn4 (see its SOURCES.md). Seats: Red south, Blue west,
// Yellow north, Green east; order R, B, Y, G.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen4.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

using testing::has_move;
using testing::move;
using testing::setup;

class ChessComFfa : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chesscom-ffa");
    ASSERT_TRUE(rules_);
  }
  Seat seat(char c) const { return testing::seat_of(*rules_, c); }
  Position fen4(const std::string& text, SeatPoints* points = nullptr) {
    auto pos = parse_fen4(*rules_, text, points);
    EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error().message);
    return pos.ok() ? *pos : Position(*rules_);
  }
  static bool has(const std::vector<Ruling>& rs, RulingKind k) {
    for (const auto& r : rs)
      if (r.kind == k) return true;
    return false;
  }
  std::shared_ptr<const RuleSet> rules_;
};

// ---- item 2: capturing a king eliminates its owner at once ----

TEST_F(ChessComFfa, KingCaptureLiftsTheCapturedPlayersChecks) {
  // Issue 17 item 2: Yellow's king on d13 stands in check from Green's
  // knight on e11; Yellow's bishop takes Green's king on k10. Green is out
  // at once, so his knight no longer checks and the capture is legal:
  // five king moves and g14xk10 make 6.
  Position pos = fen4(
      "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yB,7/3,yK,10/14/4,gN,9/10,gK,3/14/14/bK,13/14/14/14/14/14/7,rK,6");
  EXPECT_EQ(perft(pos, 1), 6u);
  EXPECT_TRUE(has_move(pos, "g14", "k10"));
  Game g(rules_, pos);
  auto rs = g.play(move(g.position(), "g14", "k10"));
  EXPECT_TRUE(has(rs, RulingKind::kKingCaptured));
  EXPECT_EQ(g.points(seat('y')), 20) << "chess.com: Kings +20";
  EXPECT_NE(g.status(seat('g')), SeatStatus::kLive);
}

// ---- item 1: the walking king takes dead pieces, its own included ----

TEST_F(ChessComFfa, WalkingKingTakesItsOwnDeadPieceForNothing) {
  // Issue 17 item 1 (chess.com DeadKingWalking: the resigned player's "army
  // will become dead (grey) but their King remains live"): Kh1xg2 onto the
  // walker's own dead pawn is a move, worth 0 points.
  // Red resigns at Green's turn (a resignation at his own turn ends it, issue
  // 31 item 4); after Green's move the walking king moves on.
  Game g(rules_, setup(*rules_, 'g', {"h1:rK", "g2:rP", "a7:bK", "b10:bP", "g14:yK", "n8:gK"}));
  g.resign(seat('r'));
  g.play(move(g.position(), "n8", "n9"));
  ASSERT_EQ(g.to_move(), seat('r')) << "the walking king moves on";
  ASSERT_TRUE(has_move(g.position(), "h1", "g2"));
  auto rs = g.play(move(g.position(), "h1", "g2"));
  EXPECT_FALSE(has(rs, RulingKind::kIllegalMove));
  EXPECT_EQ(g.points(seat('r')), 0);
  EXPECT_TRUE(g.position().at(g.rules().geometry.parse("g2")).seat == seat('r'));
}

TEST_F(ChessComFfa, CapturingOwnDeadPiecesIsAnEscapeFromMate) {
  // Issue 17 item 1: Green's knight checks Red's walking king on h1, boxed
  // in by his own dead pieces. He can take g1, g2, h2 or i1 (i2 is the
  // knight's), so he is not mated and Green earns nothing for the check.
  Game g(rules_, setup(*rules_, 'g',
                       {"h1:rK", "g1:rQ", "i1:rB", "g2:rP", "h2:rP", "i2:rP", "f5:gN", "n8:gK", "a7:bK",
                        "g14:yK"}));
  g.resign(seat('r'));
  auto rs = g.play(move(g.position(), "f5", "g3"));
  EXPECT_FALSE(has(rs, RulingKind::kCheckmate));
  EXPECT_EQ(g.points(seat('g')), 0);
  ASSERT_EQ(g.to_move(), seat('r'));
  MoveList legal = g.legal_moves();
  std::vector<std::string> to;
  for (const Move& m : legal) to.push_back(g.rules().geometry.name(m.to));
  std::sort(to.begin(), to.end());
  EXPECT_EQ(to, (std::vector<std::string>{"g1", "g2", "h2", "i1"}));
}

// ---- item 3: checks on walking kings earn no double-check bonus ----

TEST_F(ChessComFfa, CheckOnAWalkingKingDoesNotCountTowardDoubleCheck) {
  // Issue 17 item 3, chess.com: "checking resigned kings does not count for
  // double- or triplechecks". Green's knight, d4 to f3, checks Red's king
  // on h2 and Blue's on g5 at once. With Red live that is +5 ("Checking two
  // players simultaneously: ... otherwise +5"); with Red resigned, nothing.
  std::vector<std::string> pieces{"h2:rK", "g5:bK", "d4:gN", "n8:gK", "g14:yK"};
  Game live(rules_, setup(*rules_, 'g', pieces));
  auto rs = live.play(move(live.position(), "d4", "f3"));
  EXPECT_TRUE(has(rs, RulingKind::kDoubleCheck));
  EXPECT_EQ(live.points(seat('g')), 5);

  Game walking(rules_, setup(*rules_, 'g', pieces));
  walking.resign(seat('r'));
  rs = walking.play(move(walking.position(), "d4", "f3"));
  EXPECT_FALSE(has(rs, RulingKind::kDoubleCheck));
  EXPECT_EQ(walking.points(seat('g')), 0);
  EXPECT_EQ(walking.record().back().text, "Nd4-f3++") << "both kings are in check from the move";
}

// ---- notation: '+' for a move that gives check ----

TEST_F(ChessComFfa, PlusMarksOnlyAMoveThatGivesCheck) {
  // Issue 17, "Notation and export": Yellow's rook checks Red; Green's reply
  // checks nobody, so it is written without '+', though Red's check stands.
  Game g(rules_, setup(*rules_, 'y', {"h1:rK", "a7:bK", "h12:yR", "g14:yK", "n8:gK"}));
  g.play(move(g.position(), "h12", "h3"));
  ASSERT_EQ(g.record().back().text, "Rh12-h3+");
  g.play(move(g.position(), "n8", "n9"));
  EXPECT_EQ(g.record().back().text, "Kn8-n9");
  g.play(move(g.position(), "h1", "g1"));
  EXPECT_EQ(g.record().back().text, "Kh1-g1");
}

TEST_F(ChessComFfa, PromotedQueenMovesAsQ) {
  // FFA 100532097, Blue: "28. .. c8-c7=D" then "29. .. Qc7xb6": the
  // promotion is written =D, the promoted queen's moves with Q.
  Game g(rules_, setup(*rules_, 'b', {"k1:rK", "a7:bK", "g8:bP", "g14:yK", "f12:yP", "j10:yP", "n4:gK"}));
  g.play(move(g.position(), "g8", "h8", 'D'));
  EXPECT_EQ(g.record().back().text, "g8-h8=D");
  g.play(move(g.position(), "f12", "f11"));
  g.play(move(g.position(), "n4", "n5"));
  g.play(move(g.position(), "k1", "k2"));
  g.play(move(g.position(), "h8", "j10"));
  EXPECT_EQ(g.record().back().text, "Qh8xj10");
}

// ---- item 7: castling rights belong to the array the FEN4 stands on ----

TEST_F(ChessComFfa, CastlingRightsOfA4PCoPositionSurviveWithoutItsStart) {
  // Issue 17 item 7; SOURCES.md: on 4PCo Blue's king stands on a8 (on 4PC,
  // a7). Blue, to move, keeps both rights: 5 king moves, 15 + 16 rook moves
  // and O-O (a8 to a10, the nearer rook) and O-O-O make 38. The rules are
  // loaded without a start array (4PC), as `tabula perft --fen4` does.
  const std::string text =
      "B-0,0,0,0-0,1,0,0-0,1,0,0-0,0,0,0-0-6,yK,7/14/14/bR,13/14/14/bK,13/13,gK/14/14/bR,13/14/14/7,rK,6";
  ASSERT_EQ(rules_->start_name, "4PC");
  Position pos = fen4(text);
  EXPECT_EQ(perft(pos, 1), 38u);
  EXPECT_EQ(to_fen4(pos), text) << "the rights read back";
  Game g(rules_, pos);
  g.play(move(g.position(), "a8", "a10"));
  EXPECT_EQ(g.record().back().text, "O-O");
  EXPECT_EQ(g.position().at(rules_->geometry.parse("a9")).kind, rules_->kind_by_letter('R'));
}

TEST_F(ChessComFfa, The4PCoStartKeepsEveryRightUnderThe4PCRules) {
  // Issue 17 item 7: the literal 4PCo array (a record whose StartFen4 is a
  // FEN4, not the name) keeps Blue's and Green's rights.
  std::string o;
  for (const auto& [name, fen] : rules_->named_starts)
    if (name == "4PCo") o = fen;
  Position pos = fen4(o);
  std::string written = to_fen4(pos);
  EXPECT_EQ(written.substr(0, 26), "R-0,0,0,0-1,1,1,1-1,1,1,1-") << written;
}

// ---- item 4: draws ----

TEST_F(ChessComFfa, MoveRuleCountsLivePliesOnlyAndPaysTenToEachLivePlayer) {
  // chess.com: "If 100 plys are made without a capture or pawn move the game
  // will end immediately and award +10 to all remaining players"; issue 17
  // item 4: over live players' plies only. Yellow's walking king moves do
  // not count, Red's capture of Yellow's dead pawn does not reset.
  Position pos = setup(*rules_, 'r', {"h1:rK", "d3:rR", "a7:bK", "g14:yK", "d10:yP", "n8:gK"});
  pos.set_halfmove_clock(95);
  Game g(rules_, pos);
  g.resign(seat('y'));
  g.play(move(g.position(), "d3", "d10"));  // takes a dead pawn: 96
  EXPECT_EQ(g.position().halfmove_clock(), 96);
  g.play(move(g.position(), "a7", "a8"));  // 97
  g.play(move(g.position(), "g14", "h14"));  // the walking king: still 97
  EXPECT_EQ(g.position().halfmove_clock(), 97);
  g.play(move(g.position(), "n8", "n9"));  // 98
  g.play(move(g.position(), "h1", "h2"));  // 99
  EXPECT_FALSE(g.outcome().over);
  g.play(move(g.position(), "a8", "a9"));  // 100
  if (g.to_move() == seat('y')) g.play(*g.random_move(1));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "fifty-move rule");
  // +10 each, and Yellow's walking king, standing at the draw, split three
  // ways: 7 each (issue 31 items 1 and 2).
  EXPECT_EQ(g.points(seat('r')), 17);
  EXPECT_EQ(g.points(seat('b')), 17);
  EXPECT_EQ(g.points(seat('g')), 17);
  EXPECT_EQ(g.points(seat('y')), 0) << "a resigned player's points are frozen";
}

TEST_F(ChessComFfa, OnlyKingsLeftIsADrawForTenEach) {
  // Issue 17 item 4: the game ends when only kings are left that can move.
  // The club post "Draw rules" (Martin0) said 0 points; the records pay +10
  // to every live player (issue 31 item 1). Blue takes Red's last rook (+5).
  Game g(rules_, setup(*rules_, 'b', {"h1:rK", "b8:rR", "a7:bK", "g14:yK", "n8:gK"}));
  g.play(move(g.position(), "a7", "b8"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_TRUE(g.outcome().draw);
  EXPECT_EQ(g.outcome().reason, "insufficient material");
  EXPECT_EQ(g.points(seat('b')), 15);
  EXPECT_EQ(g.points(seat('r')), 10);
  EXPECT_EQ(g.points(seat('y')), 10);
  EXPECT_EQ(g.points(seat('g')), 10);
}

// ---- item 5: a walking king with no legal move is removed ----

TEST_F(ChessComFfa, StuckWalkingKingIsRemovedAndItsTwentySplit) {
  // Issue 17 item 5: Yellow's walking king on d14 has no move (d13 and e13
  // are Red's k13 rook's, e14 the e2 rook's) and is not in check: at its
  // turn it is taken off, and the three live players share its 20 (7 each,
  // as chess.com pays, issue 31 item 2: POINTS_SHARE_SPLIT_ROUNDED_UP).
  Game g(rules_, setup(*rules_, 'b', {"h1:rK", "e2:rR", "k13:rR", "a7:bK", "d14:yK", "n8:gK"}));
  g.resign(seat('y'));
  auto rs = g.play(move(g.position(), "a7", "a8"));
  EXPECT_TRUE(has(rs, RulingKind::kStalemate));
  EXPECT_EQ(g.position().king_square(seat('y')), kNoSquare);
  EXPECT_EQ(g.points(seat('r')), 7);
  EXPECT_EQ(g.points(seat('b')), 7);
  EXPECT_EQ(g.points(seat('g')), 7);
  EXPECT_EQ(g.to_move(), seat('g'));
  EXPECT_FALSE(g.outcome().over);
}

// ---- item 6: FEN4 describes every state the game reaches ----

TEST_F(ChessComFfa, Fen4WritesAndReadsAWalkingKing) {
  // Issue 17 item 6: after Red resigns, his army is dead ("drP"), his king
  // walks ("rK"); the FEN4 says he resigned and reads back to a game in which
  // the king still moves (and may take its own dead pawn), points frozen.
  Game g(rules_, setup(*rules_, 'g', {"h1:rK", "g2:rP", "h2:rP", "a7:bK", "b10:bP", "g14:yK", "n8:gK"}),
         {7, 3, 0, 0});
  g.resign(seat('r'));  // at Green's turn (issue 31 item 4: at his own, the turn would pass)
  g.play(move(g.position(), "n8", "n9"));
  std::string text = to_fen4(g.position(), {g.points(seat('r')), g.points(seat('b')), 0, 0});
  EXPECT_NE(text.find("'left':('R','','','')"), std::string::npos) << text;
  EXPECT_NE(text.find("drP,drP"), std::string::npos) << text;
  EXPECT_NE(text.find("rK"), text.find("drK")) << text;
  SeatPoints points{};
  Position back = fen4(text, &points);
  EXPECT_EQ(to_fen4(back, points), text);
  Game again(rules_, back, points);
  EXPECT_EQ(again.status(seat('r')), SeatStatus::kResigned);
  EXPECT_TRUE(again.plays(seat('r')));
  EXPECT_EQ(again.to_move(), seat('r'));
  EXPECT_EQ(again.legal_moves().size(), g.legal_moves().size());
  EXPECT_TRUE(has_move(again.position(), "h1", "g2"));
  again.play(move(again.position(), "h1", "h2"));
  EXPECT_EQ(again.points(seat('r')), 7) << "002 rule 10: frozen";
}

TEST_F(ChessComFfa, Fen4RefusesABadLeftEntry) {
  const std::string board = "-6,yK,7/14/14/14/14/14/bK,13/13,gK/14/14/14/14/14/7,rK,6";
  auto bad = parse_fen4(*rules_, "B-1,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'left':('X','','','')}" + board);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("left entry \"X\" of Red must be R (resigned), T (time) or empty"),
            std::string::npos)
      << bad.error().message;
  auto live = parse_fen4(*rules_, "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'left':('R','','','')}" + board);
  ASSERT_FALSE(live.ok());
  EXPECT_NE(live.error().message.find("Red left the game but is not marked dead"), std::string::npos);
  auto flagged = parse_fen4(*rules_, "R-1,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'left':('T','','','')}" + board);
  ASSERT_TRUE(flagged.ok()) << flagged.error().message;
  EXPECT_EQ(flagged->status(seat('r')), SeatStatus::kFlagged);
  EXPECT_TRUE(flagged->king_only(seat('r')) == false) << "a lone king: nothing of his is dead";
}

// ---- the soak: PGN4 of random games reads back to the same end ----

TEST_F(ChessComFfa, SoakRandomGamesWithResignationsAndTimeoutsReadBack) {
  // Issue 17, "Done when": seeded random chesscom-ffa games, with
  // resignations and timeouts (on the seat's own turn, as the clock runs
  // only then, or right after his move: the "Kh13-g14R" suffix), written as
  // PGN4 and replayed, end on the same FEN4 and ledger; the final FEN4 reads
  // back to itself and to a game with the same legal moves.
  auto pos = parse_fen4(*rules_, rules_->start_fen);
  ASSERT_TRUE(pos.ok());
  int walking_seen = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Game g(rules_, *pos);
    std::uint64_t x = seed * 0x9E3779B97F4A7C15ULL;
    auto next = [&x]() {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      return x;
    };
    for (int ply = 0; ply < 1200 && !g.outcome().over; ++ply) {
      std::uint64_t r = next() % 1000;
      Seat s = g.to_move();
      if (g.status(s) == SeatStatus::kLive && r < 4) {
        g.resign(s);
      } else if (g.status(s) == SeatStatus::kLive && r < 8) {
        g.timeout(s);
      } else {
        auto m = g.random_move(next());
        ASSERT_TRUE(m) << "seed " << seed << " ply " << ply;
        g.play(*m);
        if (r >= 996 && g.status(s) == SeatStatus::kLive) g.resign(s);
      }
      for (int k = 0; k < 4; ++k) walking_seen += g.status(seat_at(k)) == SeatStatus::kResigned;
    }
    SeatPoints points{};
    for (int k = 0; k < 4; ++k) points[k] = g.points(seat_at(k));
    std::string text = write_pgn(g, {{"Variant", "FFA"}, {"StartFen4", "4PC"}});
    auto recs = parse_pgn(text);
    ASSERT_TRUE(recs.ok()) << text;
    ReplayResult back = replay(rules_, *pos, {}, recs->front());
    ASSERT_TRUE(back.ok) << "seed " << seed << ": " << back.error << "\n" << text;
    SeatPoints back_points{};
    for (int k = 0; k < 4; ++k) back_points[k] = back.game->points(seat_at(k));
    std::string end = to_fen4(g.position(), points);
    EXPECT_EQ(to_fen4(back.game->position(), back_points), end) << "seed " << seed;
    EXPECT_EQ(back.game->outcome().over, g.outcome().over) << "seed " << seed;
    EXPECT_EQ(back.game->outcome().reason, g.outcome().reason) << "seed " << seed;
    // Item 6: the FEN4 reads back.
    SeatPoints read_points{};
    auto read = parse_fen4(*rules_, end, &read_points);
    ASSERT_TRUE(read.ok()) << end << ": " << read.error().message;
    EXPECT_EQ(to_fen4(*read, read_points), end);
    if (!g.outcome().over) {
      Game from(rules_, *read, read_points);
      EXPECT_EQ(from.legal_moves().size(), g.legal_moves().size()) << end;
    }
  }
  EXPECT_GT(walking_seen, 0) << "the seeds must reach walking kings";
}

}  // namespace
}  // namespace tabula::core

// The accessibility queries (voice/position_report.h): every expected
// string is written by hand from the position (the variant's start as its
// rule sheet draws it, or a FEN), not produced by the code under test.
#include "voice/position_report.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "session/table.h"
#include "variants/variant_loader.h"

namespace tabula::voice {
namespace {

core::Game game_of(const std::string& variant, const std::string& fen = "") {
  auto loaded = variants::load_id(variant);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  const auto& rules = loaded.rules;
  const std::string text = fen.empty() ? rules->start_fen : fen;
  auto pos = rules->four_player_notation ? core::parse_fen4(*rules, text) : core::parse_fen(*rules, text);
  EXPECT_TRUE(pos.ok()) << pos.error().message;
  return core::Game(rules, *pos);
}

TEST(PositionReport, ChessStartPerSeatAndPieceType) {
  const core::Game g = game_of("chess");
  EXPECT_EQ(pieces_text(g, core::seat_at(0)),
            "White: king e1; queen d1; rooks a1, h1; bishops c1, f1; knights b1, g1; "
            "pawns a2, b2, c2, d2, e2, f2, g2, h2");
  EXPECT_EQ(pieces_text(g, core::seat_at(1)),
            "Black: king e8; queen d8; rooks a8, h8; bishops c8, f8; knights b8, g8; "
            "pawns a7, b7, c7, d7, e7, f7, g7, h7");
}

TEST(PositionReport, AFewPiecesOneOfAKindIsSingular) {
  const core::Game g = game_of("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1");
  EXPECT_EQ(pieces_text(g, core::seat_at(0)), "White: king e1; rook a1; pawn e2");
  EXPECT_EQ(pieces_text(g, core::seat_at(1)), "Black: king e8");
}

TEST(PositionReport, FourPlayerStartInTheVariantsSquareNames) {
  // chess.com's four-player array (the 002 sheet's board): Red on rank 1,
  // Blue on file a, Yellow on rank 14, Green on file n; squares rank by rank.
  const core::Game g = game_of("chesscom-ffa");
  EXPECT_EQ(pieces_text(g, core::seat_at(0)),
            "Red: king h1; queen g1; rooks d1, k1; bishops f1, i1; knights e1, j1; "
            "pawns d2, e2, f2, g2, h2, i2, j2, k2");
  EXPECT_EQ(pieces_text(g, core::seat_at(1)),
            "Blue: king a7; queen a8; rooks a4, a11; bishops a6, a9; knights a5, a10; "
            "pawns b4, b5, b6, b7, b8, b9, b10, b11");
  EXPECT_EQ(pieces_text(g, core::seat_at(2)),
            "Yellow: king g14; queen h14; rooks d14, k14; bishops f14, i14; knights e14, j14; "
            "pawns d13, e13, f13, g13, h13, i13, j13, k13");
  EXPECT_EQ(pieces_text(g, core::seat_at(3)),
            "Green: king n8; queen n7; rooks n4, n11; bishops n6, n9; knights n5, n10; "
            "pawns m4, m5, m6, m7, m8, m9, m10, m11");
}

TEST(PositionReport, LastMoveAndTurn) {
  core::Game g = game_of("chess");
  EXPECT_EQ(last_move_text(g), "No move yet");
  EXPECT_EQ(turn_text(g), "White to move");
  core::Move m;
  ASSERT_TRUE(core::parse_coordinate(g.position(), "g1f3", m));
  g.play(m);
  EXPECT_EQ(last_move_text(g), "Last move: White, Nf3");
  EXPECT_EQ(turn_text(g), "Black to move");
}

TEST(PositionReport, DurationsInWords) {
  using std::chrono::milliseconds;
  EXPECT_EQ(duration_text(milliseconds(0)), "0.0 seconds");
  EXPECT_EQ(duration_text(milliseconds(-500)), "0.0 seconds");
  EXPECT_EQ(duration_text(milliseconds(9400)), "9.4 seconds");
  EXPECT_EQ(duration_text(milliseconds(10000)), "10 seconds");
  EXPECT_EQ(duration_text(milliseconds(61000)), "1 minute 1 second");
  EXPECT_EQ(duration_text(milliseconds(600000)), "10 minutes");
  EXPECT_EQ(duration_text(milliseconds(3909000)), "1 hour 5 minutes 9 seconds");
}

TEST(PositionReport, Plurals) {
  EXPECT_EQ(plural("queen"), "queens");
  EXPECT_EQ(plural("bishop"), "bishops");
  EXPECT_EQ(plural("man"), "men");
  EXPECT_EQ(plural("marshal"), "marshals");
  EXPECT_EQ(plural("princess"), "princesses");
}

TEST(PositionReport, ClocksOfASessionAtAGivenTime) {
  session::SessionSettings s;
  s.time_control = session::TimeControl{std::chrono::minutes(5), std::chrono::seconds(0),
                                        session::TimingMode::kSuddenDeath};
  testing::Table t("chess", "", s);
  t.setup();
  EXPECT_EQ(clocks_text(t.session(), session::Millis{t.now()}),
            "White 5 minutes; Black 5 minutes; the clock has not started");
  // White's first move starts Black's clock (the clubs' way, session.h).
  t.move("e2", "e4", 1000).wait(2000);
  const session::Millis at{t.now() + 61000};
  const std::string text = clocks_text(t.session(), at);
  EXPECT_EQ(text.substr(0, text.find(';')), "White 5 minutes") << text;
  EXPECT_NE(text.find("Black 3 minutes"), std::string::npos) << text;  // about 2 minutes gone
  EXPECT_NE(text.find(", running"), std::string::npos) << text;
  EXPECT_EQ(query_text(t.session(), Query::kTurn, core::kNoSeat, at), "Black to move");
  EXPECT_EQ(query_text(t.session(), Query::kPieces, core::seat_at(5), at), "No such seat");

  testing::Table untimed("chess");
  EXPECT_EQ(clocks_text(untimed.session(), session::Millis{0}), "This game has no clock");
}

}  // namespace
}  // namespace tabula::voice

// FEN4 (chess.com layout) and the four-player start arrays.
#include "core/fen4.h"

#include <gtest/gtest.h>

#include "core/perft.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula::core {
namespace {

std::shared_ptr<const RuleSet> with_start(const std::string& id, const std::string& start) {
  auto r = variants::load_id(id, start);
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.rules;
}

TEST(Fen4, ChessComStartArraysPlaceKingsAndQueensAsRecorded) {
  // tests/data/pgn4/SOURCES.md: 4PC has Blue K a7 Q a8, Green Q n7 K n8;
  // 4PCo has Blue K a8 Q a7, Green Q n8 K n7; Red and Yellow are the same.
  for (const auto& [start, bk, bq, gk, gq] :
       {std::tuple{"4PC", "a7", "a8", "n8", "n7"}, std::tuple{"4PCo", "a8", "a7", "n7", "n8"}}) {
    auto rules = with_start("chesscom-ffa", start);
    ASSERT_TRUE(rules);
    auto pos = parse_fen4(*rules, rules->start_fen);
    ASSERT_TRUE(pos.ok()) << pos.error().message;
    const Geometry& g = rules->geometry;
    EXPECT_EQ(g.name(pos->king_square(seat_at(1))), bk) << start;
    EXPECT_EQ(pos->at(g.parse(bq)).kind, rules->kind_by_letter('Q')) << start;
    EXPECT_EQ(g.name(pos->king_square(seat_at(3))), gk) << start;
    EXPECT_EQ(pos->at(g.parse(gq)).kind, rules->kind_by_letter('Q')) << start;
    EXPECT_EQ(g.name(pos->king_square(seat_at(0))), "h1");
    EXPECT_EQ(g.name(pos->king_square(seat_at(2))), "g14");
    EXPECT_EQ(g.playable_count(), 160);
  }
}

TEST(Fen4, PerftFromThe4PCStartMatchesIndependentEngines) {
  // Issue 3: 20, 395, 7800 at depths 1 to 3, on which independent
  // four-player engines agree.
  auto rules = with_start("chesscom-ffa", "4PC");
  ASSERT_TRUE(rules);
  auto pos = parse_fen4(*rules, rules->start_fen);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(perft(*pos, 1), 20u);
  EXPECT_EQ(perft(*pos, 2), 395u);
  EXPECT_EQ(perft(*pos, 3), 7800u);
}

TEST(Fen4, RoundTripsWithPointsDeadSeatsAndEnPassant) {
  auto rules = with_start("chesscom-ffa", "4PC");
  ASSERT_TRUE(rules);
  SeatPoints points{};
  auto pos = parse_fen4(*rules, rules->start_fen, &points);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_fen4(*pos, points), rules->start_fen);

  // Blue is out (dead pieces); Red's pawn went e2-e4, so e3 is open.
  const std::string text =
      "Y-0,1,0,0-1,0,1,1-1,0,1,1-12,3,0,7-4-{'enPassant':('e3:e4','','','')}-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/dbR,dbP,10,gP,gR/dbN,dbP,10,gP,gN/dbB,dbP,10,gP,gB/dbQ,dbP,10,gP,gK/dbK,dbP,10,gP,gQ/dbB,dbP,10,gP,gB/dbN,dbP,10,gP,gN/dbR,dbP,2,rP,7,gP,gR/14/3,rP,1,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
  auto p2 = parse_fen4(*rules, text, &points);
  ASSERT_TRUE(p2.ok()) << p2.error().message << " at " << p2.error().column;
  EXPECT_EQ(points[0], 12);
  EXPECT_EQ(points[3], 7);
  EXPECT_EQ(p2->status(seat_at(1)), SeatStatus::kCheckmated);
  EXPECT_TRUE(p2->en_passant(seat_at(0)).open());
  EXPECT_EQ(to_fen4(*p2, points), text);
}

TEST(Fen4, BadFen4SaysWhatAndWhere) {
  auto rules = with_start("chesscom-ffa", "4PC");
  ASSERT_TRUE(rules);
  auto bad = [&](const std::string& text) {
    auto r = parse_fen4(*rules, text);
    EXPECT_FALSE(r.ok()) << text;
    return r.ok() ? Error{} : r.error();
  };
  std::string good = rules->start_fen;
  EXPECT_NE(bad("X" + good.substr(1)).message.find("turn must be one of RBYG"), std::string::npos);
  EXPECT_NE(bad("R-0,0,0-" + good.substr(10)).message.find("dead needs 4"), std::string::npos);
  std::string wrong_piece = good;
  wrong_piece.replace(wrong_piece.find("yK"), 2, "yX");
  Error e = bad(wrong_piece);
  EXPECT_NE(e.message.find("unknown piece letter X"), std::string::npos) << e.message;
  EXPECT_EQ(e.column, static_cast<int>(good.find("yK")) + 1);
  std::string wrong_seat = good;
  wrong_seat.replace(wrong_seat.find("yK"), 2, "xK");
  EXPECT_NE(bad(wrong_seat).message.find("no seat has the letter x"), std::string::npos);
  std::string short_rank = good;
  short_rank.replace(short_rank.find("/14/"), 4, "/13/");
  EXPECT_NE(bad(short_rank).message.find("has 13 cells, expected 14"), std::string::npos);
  EXPECT_NE(bad("R-0,0,0,0").message.find("FEN4 needs"), std::string::npos);
  std::string corner = good;
  corner.replace(0, corner.find("3,yR"), "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-");
  corner.replace(corner.find("3,yR"), 4, "yP,2,yR");
  EXPECT_NE(bad(corner).message.find("not on the board"), std::string::npos);
}

TEST(Fen4, SheetVariantsStartAsTheRulingsSay) {
  // RULINGS 001: after rule 6 every king stands on a light square (a1 dark).
  auto cf = testing::shipped("chess-four");
  ASSERT_TRUE(cf);
  auto pos = parse_fen4(*cf, cf->start_fen);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_EQ(cf->geometry.playable_count(), 128);
  for (int s = 0; s < 4; ++s) {
    Square k = pos->king_square(seat_at(s));
    ASSERT_NE(k, kNoSquare);
    EXPECT_EQ((file_of(k) + rank_of(k)) % 2, 1) << cf->geometry.name(k) << " is dark";
  }
  // RULINGS 002: R N B Q K B N R from each seat's own left.
  auto fk = testing::shipped("four-kingdoms");
  ASSERT_TRUE(fk);
  auto p2 = parse_fen4(*fk, fk->start_fen);
  ASSERT_TRUE(p2.ok());
  const Geometry& g = fk->geometry;
  EXPECT_EQ(g.name(p2->king_square(seat_at(0))), "h1");   // Red, south
  EXPECT_EQ(g.name(p2->king_square(seat_at(1))), "n8");   // Blue, east
  EXPECT_EQ(g.name(p2->king_square(seat_at(2))), "g14");  // Yellow, north
  EXPECT_EQ(g.name(p2->king_square(seat_at(3))), "a7");   // Green, west
  EXPECT_EQ(perft(*p2, 1), 20u);
}

}  // namespace
}  // namespace tabula::core

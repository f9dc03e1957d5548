// Perft of the game (core/game_perft.h, issue 15 item 15): the leaf count
// of Game::legal_moves(), every move played through Game::play. The counts
// below come from the independent oracles (written from the sheets
// alone) or are worked out by hand in the comment beside them.
#include "core/game_perft.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/perft.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

Game start_of(const std::shared_ptr<const RuleSet>& rules) {
  SeatPoints points{};
  auto pos = parse_fen4(*rules, rules->start_fen, &points);
  EXPECT_TRUE(pos.ok()) << pos.error().message;
  return Game(rules, *pos, points);
}

TEST(GamePerft, AlliesVassalsFromTheStartCountsTheAlliances) {
  // 003 rule 2: allies neither capture nor check each other. The oracle's
  // count from the start is 7880 at depth 3; blind to the alliances (every
  // seat against every other) it is 7800, the position's own count.
  auto rules = testing::shipped("allies-vassals");
  ASSERT_TRUE(rules);
  Game g = start_of(rules);
  EXPECT_EQ(game_perft(g, 1), 20u);
  EXPECT_EQ(game_perft(g, 2), 395u);
  EXPECT_EQ(game_perft(g, 3), 7880u);
  auto raw = parse_fen4(*rules, rules->start_fen);
  ASSERT_TRUE(raw.ok());
  EXPECT_EQ(perft(*raw, 3), 7800u) << "the position alone is blind to the alliances";
}

TEST(GamePerft, ChessFourFromTheStartIsTeamAware) {
  // Issue 15 item 17, 001 rules 1 and 4: White may not take his teammate
  // Yellow's pawn (j2-k3), so the count is 21, not 22.
  auto rules = testing::shipped("chess-four");
  ASSERT_TRUE(rules);
  Game g = start_of(rules);
  EXPECT_EQ(game_perft(g, 1), 21u);
  auto divide = game_perft_divide(g, 1);
  for (const auto& [m, n] : divide) EXPECT_FALSE(rules->geometry.name(m.to) == "k3" && rules->geometry.name(m.from) == "j2");
}

TEST(GamePerft, DeadPiecesGiveNoCheckAndDeadSeatsDoNotMove) {
  // 002 rule 6: "the pieces of the mated player score no points" — RULINGS:
  // they stay as dead pieces that do not move and give no check. Blue is
  // out; his dead rook on h10 stands on Red's file. By hand: Red's king on
  // h1 has 5 moves (g1 i1 g2 h2 i2); Blue is skipped; Yellow's king on g14
  // has 5 (f14 h14 f13 g13 h13); Green's on a7 has 5 (a6 a8 b6 b7 b8).
  auto rules = testing::shipped("four-kingdoms");
  ASSERT_TRUE(rules);
  Game g(rules, testing::setup(*rules, 'r', {"h1:rK", "h10:bR", "n8:bK", "g14:yK", "a7:gK"}, "b"));
  EXPECT_EQ(game_perft(g, 1), 5u);
  EXPECT_EQ(game_perft(g, 2), 25u);
  EXPECT_EQ(game_perft(g, 3), 125u);
}

TEST(GamePerft, AFinishedGameHasNoMoves) {
  auto rules = testing::shipped("allies-vassals");
  ASSERT_TRUE(rules);
  Game g(rules, testing::setup(*rules, 'w', {"h1:wK", "h5:wR"}, "bru"));
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(game_perft(g, 1), 0u);
  EXPECT_EQ(game_perft(g, 0), 1u);
}

// Random games of every seed variant: at every ply the game's legal moves
// are exactly the moves it accepts (is_legal over every pseudo-legal move
// and the placements), and depth-2 perft of the game is the sum of its
// moves' replies. Bounded: a few seeds, a few hundred plies, seconds.
TEST(GamePerft, LegalMovesAndIsLegalAgreeInRandomGamesOfEverySeedVariant) {
  for (const char* id : {"corners-short", "corners-long", "corners-mini", "chess-four", "four-kingdoms",
                         "allies-vassals", "bipartite-stage2"}) {
    auto rules = testing::shipped(id);
    ASSERT_TRUE(rules) << id;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SeatPoints points{};
      auto pos = rules->four_player_notation ? parse_fen4(*rules, rules->start_fen, &points)
                                             : parse_fen(*rules, rules->start_fen);
      ASSERT_TRUE(pos.ok()) << id << ": " << pos.error().message;
      Game g(rules, *pos, points);
      for (int ply = 0; ply < 120 && !g.outcome().over; ++ply) {
        MoveList legal = g.legal_moves();
        MoveList pseudo;
        g.position().generate_pseudo(pseudo);
        for (const Move& m : pseudo) {
          bool listed = std::find(legal.begin(), legal.end(), m) != legal.end();
          ASSERT_EQ(g.is_legal(m), listed) << id << " seed " << seed << " ply " << ply << " "
                                           << rules->geometry.name(m.from) << "-" << rules->geometry.name(m.to);
        }
        for (const Move& m : legal) ASSERT_TRUE(g.is_legal(m)) << id << " seed " << seed << " ply " << ply;
        if (ply % 40 == 0) {
          std::uint64_t sum = 0;
          for (const Move& m : legal) {
            Game next = g;
            next.play(m);
            sum += next.legal_moves().size();
          }
          EXPECT_EQ(game_perft(g, 2), sum) << id << " seed " << seed << " ply " << ply;
        }
        auto m = g.random_move(seed * 1000 + static_cast<std::uint64_t>(ply));
        ASSERT_TRUE(m) << id;
        auto rulings = g.play(*m);
        ASSERT_NE(rulings.front().kind, RulingKind::kIllegalMove) << id << ": " << rulings.front().text;
      }
    }
  }
}

}  // namespace
}  // namespace tabula::core

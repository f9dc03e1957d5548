// A placement (MoveKind::kPlacement) played where none is legal: the
// refusal comes through the seam (Module::placement_refusal, 003 rule 5's
// words from the relations module), or, in a variant without placements,
// from Game itself; either way one illegal-move ruling, nothing changed.
// Hostile placements too: no such piece kind, a square off the board.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/game.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

Game start_of(const std::string& id) {
  auto rules = testing::shipped(id);
  EXPECT_TRUE(rules);
  auto pos = rules->four_player_notation ? parse_fen4(*rules, rules->start_fen) : parse_fen(*rules, rules->start_fen);
  EXPECT_TRUE(pos.ok());
  return Game(rules, *pos);
}

// The first empty square on the board.
Square first_empty(const Game& g) {
  for (int i = 0; i < kMaxSquares; ++i) {
    const auto q = static_cast<Square>(i);
    if (g.rules().geometry.playable(q) && g.position().at(q).empty()) return q;
  }
  return kNoSquare;
}

// Plays `m` and expects it refused with `words`, the game untouched.
void expect_refused(Game& g, const Move& m, const std::string& words) {
  const std::uint64_t key = g.hash();
  const std::size_t moves = g.moves().size();
  const Seat to_move = g.to_move();
  const std::vector<Ruling> out = g.play(m);
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out.front().kind, RulingKind::kIllegalMove);
  EXPECT_EQ(out.front().text, words);
  EXPECT_EQ(g.hash(), key);
  EXPECT_EQ(g.moves().size(), moves);
  EXPECT_EQ(g.to_move(), to_move);
}

TEST(PlacementRefusal, AVariantWithoutPlacementsSaysSoInGamesOwnWords) {
  for (const char* id : {"chess", "chesscom-ffa", "corners-short", "bipartite"}) {
    SCOPED_TRACE(id);
    Game g = start_of(id);
    const Square empty = first_empty(g);
    ASSERT_NE(empty, kNoSquare);
    const PieceKind queen = g.rules().kind_by_letter('Q');
    expect_refused(g, {kNoSquare, empty, MoveKind::kPlacement, queen, 0},
                   g.seat_name(g.to_move()) + " cannot place a piece: this variant has no placements");
  }
}

TEST(PlacementRefusal, AlliesAndVassalsRefusesAHostilePlacementInItsOwnWords) {
  Game g = start_of("allies-vassals");
  const Geometry& geo = g.rules().geometry;
  // An unknown piece kind, a cut corner, an occupied square, a king, and a
  // placement while moves remain (003 rule 5: only when stalemated).
  expect_refused(g, {kNoSquare, geo.parse("g7"), MoveKind::kPlacement, static_cast<PieceKind>(200), 0},
                 "White cannot place a piece: no such piece");
  expect_refused(g, {kNoSquare, kNoSquare, MoveKind::kPlacement, g.rules().kind_by_letter('N'), 0},
                 "White cannot place a knight: that square is not on the board");
  expect_refused(g, {kNoSquare, geo.parse("h1"), MoveKind::kPlacement, g.rules().kind_by_letter('N'), 0},
                 "White cannot place a knight on h1: the square holds White's king on h1");
  expect_refused(g, {kNoSquare, geo.parse("g7"), MoveKind::kPlacement, g.rules().kind_by_letter('K'), 0},
                 "White cannot place a king on g7: a king is never placed");
  expect_refused(g, {kNoSquare, geo.parse("g7"), MoveKind::kPlacement, g.rules().kind_by_letter('Q'), 0},
                 "White cannot place a queen on g7: only a stalemated player places a piece (rule 5)");
}

}  // namespace
}  // namespace tabula::core

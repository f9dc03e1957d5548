// Position::any_legal (core/position.h, issue 30 item 3): the early-exit
// walk of the legal moves that 000's mate rule proves a reply with. Checked
// against generate_legal (itself checked against the reference path in
// legality_test.cpp) on positions of seeded random play in every shipped
// variant: the same moves, the king's first, and a stop at the first accepted.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "test_rules.h"

namespace tabula {
namespace {

using core::Move;
using core::MoveList;
using core::Position;

auto key(const Move& m) {
  return std::make_tuple(core::index_of(m.from), core::index_of(m.to), static_cast<int>(m.kind),
                         static_cast<int>(m.promotion), static_cast<int>(m.castle));
}

std::vector<Move> sorted(std::vector<Move> v) {
  std::sort(v.begin(), v.end(), [](const Move& a, const Move& b) { return key(a) < key(b); });
  return v;
}

TEST(AnyLegal, VisitsTheLegalMovesKingFirstAndStopsAtTheFirstAccepted) {
  int positions = 0;
  int king_first = 0;
  const int games = testing::sanitizer_size(2, 1);  // sanitizer_size.h
  testing::soak_variants(games, 60, 23, 29, [&](const core::Game& game, const std::string& where) {
    const Position& pos = game.position();
    MoveList legal;
    pos.generate_legal(legal);
    std::vector<Move> seen;
    // Nothing accepted: every legal move is visited once, and no other.
    EXPECT_FALSE(pos.any_legal([&](const Move& m) {
      seen.push_back(m);
      return false;
    })) << where;
    ASSERT_EQ(sorted(seen), sorted(std::vector<Move>(legal.begin(), legal.end()))) << where;
    ++positions;
    const core::Square king = pos.king_square(pos.to_move());
    const bool king_moves =
        std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return m.from == king; });
    if (king_moves) {
      EXPECT_EQ(seen.front().from, king) << where << ": the king's moves come first";
      ++king_first;
    }
    if (legal.empty()) return;
    // The last legal move accepted: true, and nothing visited after it.
    const Move wanted = seen.back();
    int visits = 0;
    EXPECT_TRUE(pos.any_legal([&](const Move& m) {
      ++visits;
      return m == wanted;
    })) << where;
    EXPECT_EQ(visits, static_cast<int>(seen.size())) << where;
    int first_only = 0;
    EXPECT_TRUE(pos.any_legal([&](const Move&) { return ++first_only > 0; })) << where;
    EXPECT_EQ(first_only, 1) << where;
  });
  // The sanitizer pass plays the first game of each start (633 positions,
  // 435 with king moves first).
  EXPECT_GT(positions, testing::sanitizer_size(1000, 500));
  EXPECT_GT(king_first, 100);
}

// `first` (000's reply proofs walk the piece of the last proof first): the
// same legal moves, each once, that piece's before the king's; a square
// holding no piece of the side to move, or his king, changes nothing.
TEST(AnyLegal, WalksTheGivenPieceFirstAndStillVisitsEveryLegalMoveOnce) {
  int hinted = 0;
  const int games = testing::sanitizer_size(2, 1);  // sanitizer_size.h
  testing::soak_variants(games, 40, 31, 37, [&](const core::Game& game, const std::string& where) {
    const Position& pos = game.position();
    MoveList legal;
    pos.generate_legal(legal);
    const auto all = sorted(std::vector<Move>(legal.begin(), legal.end()));
    const core::Square king = pos.king_square(pos.to_move());
    for (const Move& lm : legal) {
      // Each piece that has a legal move once, and a square it moves to
      // (empty or another seat's piece).
      if (lm.from == core::kNoSquare) continue;
      for (const core::Square first : {lm.from, lm.to}) {
        std::vector<Move> seen;
        EXPECT_FALSE(pos.any_legal(
            [&](const Move& m) {
              seen.push_back(m);
              return false;
            },
            first))
            << where;
        ASSERT_EQ(sorted(seen), all) << where << " first " << core::index_of(first);
        if (first == lm.from && first != king) {
          EXPECT_EQ(seen.front().from, first) << where << ": the given piece's moves come first";
          ++hinted;
        }
      }
    }
  });
  EXPECT_GT(hinted, 1000);  // the sanitizer pass's first game of each start: 10,407
}

}  // namespace
}  // namespace tabula

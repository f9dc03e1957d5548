// Position::pseudo_legal and Position::legal (core/position.h, issue 30
// item 3): whether one given move is among generate_pseudo's and
// generate_legal's moves, found without generating the list. 000's reply
// proofs ask it of a move remembered from another position, so it is
// asked here of every move of the position itself and of moves taken from
// other positions: the previous position of the game (a remembered reply
// gone stale), and the other seats' moves in this one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <iostream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "sanitizer_size.h"
#include "test_rules.h"

namespace tabula {
namespace {

using core::Move;
using core::MoveList;
using core::Position;

bool listed(const MoveList& list, const Move& m) {
  return std::find(list.begin(), list.end(), m) != list.end();
}

TEST(PseudoLegal, AnswersAsTheGeneratedListsDoForMovesOfThisAndOtherPositions) {
  int own = 0;
  int foreign = 0;
  int foreign_pseudo = 0;
  int foreign_illegal = 0;
  std::deque<std::vector<Move>> previous;  // the last positions' pseudo-legal moves
  std::string previous_variant;
  // 2 games a start; 1 in the sanitizer pass (sanitizer_size.h), the same floors.
  testing::soak_variants(testing::sanitizer_size(2, 1), 50, 53, 59, [&](const core::Game& game, const std::string& where) {
    Position pos = game.position();
    MoveList pseudo;
    MoveList legal;
    pos.generate_pseudo(pseudo);
    pos.generate_legal(legal);
    for (const Move& m : pseudo) {
      ASSERT_TRUE(pos.pseudo_legal(m)) << where;
      ASSERT_EQ(pos.legal(m), listed(legal, m)) << where;
      ++own;
    }
    // Moves from elsewhere: the last positions of the same game and every
    // other seat's moves here (as if it were his turn).
    const std::string variant = where.substr(0, where.find(" ply "));
    if (variant != previous_variant) previous.clear();
    std::vector<Move> others;
    for (const auto& list : previous) others.insert(others.end(), list.begin(), list.end());
    const core::Seat mover = pos.to_move();
    for (int s = 0; s < pos.rules().seat_count(); ++s) {
      if (core::seat_at(s) == mover) continue;
      MoveList theirs;
      pos.set_to_move(core::seat_at(s));
      pos.generate_pseudo(theirs);
      pos.set_to_move(mover);
      others.insert(others.end(), theirs.begin(), theirs.end());
    }
    for (const Move& m : others) {
      const bool is_pseudo = listed(pseudo, m);
      ASSERT_EQ(pos.pseudo_legal(m), is_pseudo) << where << " move " << core::index_of(m.from) << "-"
                                                << core::index_of(m.to);
      ASSERT_EQ(pos.legal(m), listed(legal, m)) << where;
      ++foreign;
      foreign_pseudo += is_pseudo ? 1 : 0;
      foreign_illegal += is_pseudo && !listed(legal, m) ? 1 : 0;
    }
    EXPECT_TRUE(pos.consistency_problem().empty()) << where;
    previous.emplace_back(pseudo.begin(), pseudo.end());
    if (previous.size() > 4) previous.pop_front();
    previous_variant = variant;
  });
  std::cout << own << " own moves, " << foreign << " from elsewhere, " << foreign_pseudo
            << " of them moves here, " << foreign_illegal << " of those illegal\n";
  EXPECT_GT(own, 10000);
  EXPECT_GT(foreign, 10000);
  // Stale moves that are still moves here, and some of them illegal now:
  // the case a remembered reply must be proven again for.
  EXPECT_GT(foreign_pseudo, 1000);
  EXPECT_GT(foreign_illegal, 10);
}

// Moves no generator gives: a castling right not held, an empty square, a
// square off the board, a pass.
TEST(PseudoLegal, RefusesMovesNoPieceOfTheSideToMoveMakes) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  Position pos = testing::setup(*rules, 'w', {"e1:wK", "a1:wR", "e8:bK", "d2:wP"});
  const core::Square e1 = rules->geometry.parse("e1");
  const core::Square e4 = rules->geometry.parse("e4");
  const core::Square d2 = rules->geometry.parse("d2");
  EXPECT_TRUE(pos.pseudo_legal(testing::move(pos, "d2", "d4")));
  EXPECT_FALSE(pos.pseudo_legal(Move{e4, rules->geometry.parse("e5")}));  // empty square
  EXPECT_FALSE(pos.pseudo_legal(Move{d2, rules->geometry.parse("d5")}));  // not a pawn's move
  EXPECT_FALSE(pos.pseudo_legal(Move{rules->geometry.parse("e8"), rules->geometry.parse("e7")}));  // Black's
  EXPECT_FALSE(pos.pseudo_legal(Move{core::kNoSquare, core::kNoSquare, core::MoveKind::kPass}));
  EXPECT_FALSE(pos.pseudo_legal(Move{static_cast<core::Square>(300), e1}));
  Move castle{e1, rules->geometry.parse("c1"), core::MoveKind::kCastle};
  for (std::size_t i = 0; i < rules->castling.size(); ++i) {
    castle.castle = static_cast<std::uint8_t>(i);
    EXPECT_FALSE(pos.pseudo_legal(castle)) << "no castling right was given";
  }
}

}  // namespace
}  // namespace tabula

// Position::has_legal_move and has_legal_move_for (core/position.h): the mate
// test of every seat checked after a move (002 rule 4, chess.com), answered
// by the early-exit walk of Position::any_legal (issue 30 item 3). Checked
// against the whole legal list on positions of seeded random play in every
// shipped variant, for every seat: a mated or stalemated seat must be found,
// and a seat whose only moves are his king's must not be.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "core/game.h"
#include "core/position.h"
#include "test_rules.h"

namespace tabula {
namespace {

TEST(HasLegalMove, AnswersAsTheWholeLegalListDoesForEverySeat) {
  int none = 0;
  int king_only = 0;
  const int games = testing::sanitizer_size(2, 1);  // sanitizer_size.h
  testing::soak_variants(games, 120, 41, 13, [&](const core::Game& game, const std::string& where) {
    const core::Position& reached = game.position();
    for (int i = 0; i < reached.rules().seat_count(); ++i) {
      const core::Seat s = core::seat_at(i);
      core::Position pos = reached;
      pos.set_to_move(s);
      core::MoveList legal;
      pos.generate_legal(legal);
      ASSERT_EQ(pos.has_legal_move(), !legal.empty()) << where << " seat " << i;
      ASSERT_EQ(reached.has_legal_move_for(s), !legal.empty()) << where << " seat " << i;
      if (legal.empty()) ++none;
      bool others = false;
      for (const core::Move& m : legal) others = others || m.from != pos.king_square(s);
      if (!legal.empty() && !others) ++king_only;
    }
  });
  // The soak must reach seats with no move and seats with only the king's.
  // (The sanitizer pass's first game of each start: 171 and 90.)
  EXPECT_GT(none, 20);
  EXPECT_GT(king_only, 20);
  std::cout << none << " seats without a move, " << king_only << " with only the king's\n";
}

}  // namespace
}  // namespace tabula

// The game's key of a position (Game::hash, the key repetitions count) is
// found when first asked, not when the position is reached (issue 30 item
// 3: most positions of a search are never moved from). It counts an en
// passant square only where a pawn can use it (FIDE 9.2.3), which reads the
// legal moves: the key asked late must be the one the position had, also
// once the game has ended (no legal moves any more) or after a search's
// make and unmake.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

// A chess game from `fen` with the coordinate moves played.
Game chess_after(const std::string& fen, const std::vector<std::string>& moves) {
  const auto rules = testing::shipped("chess");
  auto pos = parse_fen(*rules, fen);
  EXPECT_TRUE(pos.ok()) << fen;
  Game g(rules, *pos);
  for (const std::string& text : moves) {
    Move m;
    EXPECT_TRUE(parse_coordinate(g.position(), text, m)) << text << " is not legal";
    g.play(m);
  }
  return g;
}

// 2... f5: White's pawn on e5 can take on f6 en passant, so the key counts f6.
constexpr const char* kBeforeF5 = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";

TEST(GamePositionKey, AnEnPassantSquareAPawnCanUseIsInTheKeyAskedAtOnce) {
  Game usable = chess_after(kBeforeF5, {"f7f5"});
  // The same placement, with f6 open but no pawn to use it (e5 stands on e4).
  Game unusable = chess_after("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", {"f7f5"});
  Game none = chess_after("rnbqkbnr/ppp1p1pp/8/3p1p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", {});
  EXPECT_EQ(unusable.hash(), none.hash());
  EXPECT_NE(usable.hash() ^ usable.position().hash(), unusable.hash() ^ unusable.position().hash());
}

TEST(GamePositionKey, IsTheSameAskedAfterTheGameEnds) {
  Game g = chess_after(kBeforeF5, {"f7f5"});
  Game drawn = g;
  Game adjudicated = g;
  const std::uint64_t at_once = g.hash();
  drawn.agree_draw();
  ASSERT_TRUE(drawn.outcome().over);
  EXPECT_EQ(drawn.hash(), at_once);
  adjudicated.adjudicate(false, kNoSeat);
  ASSERT_TRUE(adjudicated.outcome().over);
  EXPECT_EQ(adjudicated.hash(), at_once);
}

TEST(GamePositionKey, IsTheSameAskedAfterASearchMadeAndUnmadeEveryMove) {
  Game g = chess_after(kBeforeF5, {"f7f5"});
  const std::uint64_t at_once = Game(g).hash();
  MoveList list;
  g.legal_moves(list);
  ASSERT_FALSE(list.empty());
  for (const Move& m : list) {
    g.make(m);
    g.unmake();
  }
  EXPECT_EQ(g.hash(), at_once);
  // And a position reached by a make, asked only after the moves below it.
  Game searched = chess_after(kBeforeF5, {});
  MoveList first;
  searched.legal_moves(first);
  Move f5;
  ASSERT_TRUE(parse_coordinate(searched.position(), "f7f5", f5));
  searched.make(f5);
  searched.legal_moves(list);
  for (const Move& m : list) {
    searched.make(m);
    searched.unmake();
  }
  EXPECT_EQ(searched.hash(), at_once);
}

TEST(GamePositionKey, RepetitionsCountTheKeyTheEnPassantPositionHad) {
  // After 2... f5 the en passant capture is possible: the same placement
  // reached again by the knights' walk (f6 no longer open) is a new position,
  // so the third placement is only the second occurrence.
  Game g = chess_after(kBeforeF5, {"f7f5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(g.repetitions(), 1);
  EXPECT_EQ(g.claimable_draw(), "");
  g = chess_after(kBeforeF5, {"f7f5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6",
                              "f3g1", "f6g8"});
  EXPECT_EQ(g.repetitions(), 2);
  EXPECT_EQ(g.claimable_draw(), "threefold repetition");
}

}  // namespace
}  // namespace tabula::core

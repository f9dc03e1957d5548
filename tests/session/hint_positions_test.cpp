// A child asks for a hint in every shipped variant (arbiter/session/bot_advice.*,
// hint_words.*): the hint is a move the game takes as legal, said in the words
// the kiosk shows, and in a position with one winning move (a mate in one, a
// queen left hanging) it is that move. Every position below is written by
// hand, and so is its answer: a mate checked square by square, a queen no
// piece defends. Level 6, bounded by nodes: no time in any assertion.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/notation.h"
#include "engine/search.h"
#include "session/bot_advice.h"
#include "session/hint_words.h"
#include "session/output.h"
#include "variants/variant_loader.h"

namespace tabula::testing {
namespace {

// Four-player positions: no castling, no points, no eliminated seat.
constexpr const char* kNoRights = "-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-";

struct HintCase {
  const char* variant;
  std::string position;  // FEN or FEN4 (the variant's notation), by hand
  const char* why;
  // The words the kiosk shows for the one winning move, by hand; empty: any
  // legal move (no single winning move in the position).
  const char* words;
};

std::vector<HintCase> hint_cases() {
  const std::string k = kNoRights;
  return {
      // ---- chess ----
      {"chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "the back rank: Ra1-a8 mates (f7 g7 h7 block the king)",
       "Hint for White: move the rook from a1 to a8"},
      {"chess", "4k3/p7/8/3q4/8/4N3/P7/4K3 w - - 0 1", "the queen on d5 is defended by nothing; the knight on e3 takes it",
       "Hint for White: move the knight from e3 to d5"},
      // ---- 001 Chess Four (light White+Yellow against dark Black+Dark Brown) ----
      {"chess-four", "W" + k + "6,bK,5/12/12/12/11,yK/6,bQ,5/nK,11/5,wN,6/12/12/12/5,wK,6",
       "Black's queen on g7 alone; White's knight on f5 takes it",
       "Hint for White: move the knight from f5 to g7"},
      // ---- 002 Four Kingdoms (Red, Blue east, Yellow, Green west) ----
      {"four-kingdoms", "R" + k + "6,yK,7/14/14/14/14/8,yQ,5/13,bK/gK,6,rN,6/14/14/14/14/14/7,rK,6",
       "Yellow's queen on i9 alone (9 points, rule 3); Red's knight on h7 takes it",
       "Hint for Red: move the knight from h7 to i9"},
      {"four-kingdoms", "R" + k + "6,yK,7/5,yP,yP,yP,6/14/14/14/8,bQ,5/13,bK/gK,6,rN,6/14/14/14/14/4,rR,9/7,rK,6",
       "Re2-e14 mates Yellow behind his pawns (20 points, rule 4), more than Blue's queen on i9 (9)",
       "Hint for Red: move the rook from e2 to e14"},
      // ---- 003 Allies and Vassals (White+Blue against Black+Red) ----
      {"allies-vassals", "W" + k + "6,rK,7/14/14/14/14/8,rQ,5/13,uK/bK,6,wN,6/14/14/14/14/14/7,wK,6",
       "Red's queen on i9 alone; White's knight on h7 takes it", "Hint for White: move the knight from h7 to i9"},
      // ---- chess.com ----
      {"chesscom-ffa", "R" + k + "6,yK,7/14/14/14/14/8,yQ,5/13,gK/bK,6,rN,6/14/14/14/14/14/7,rK,6",
       "Yellow's queen on i9 alone; Red's knight on h7 takes it", "Hint for Red: move the knight from h7 to i9"},
      {"chesscom-ffa", "R" + k + "6,yK,7/5,yP,yP,yP,6/14/14/14/8,gQ,5/13,gK/bK,6,rN,6/14/14/14/14/4,rR,9/7,rK,6",
       "Re2-e14 mates Yellow (20 points at once), more than Green's queen on i9",
       "Hint for Red: move the rook from e2 to e14"},
      {"chesscom-teams", "R" + k + "6,yK,7/14/14/4,rR,9/14/14/1,bP,11,gK/bK,bP,12/1,bP,12/14/14/14/14/7,rK,6",
       "Re11-a11 mates Blue on a7 behind his pawns (one mate ends the game)",
       "Hint for Red: move the rook from e11 to a11"},
      // ---- 000 the corner games (White, Grey west, Black, Pink east) ----
      {"corners-short", "W" + k + "5,bK,6/12/12/11,pK/12/6,bQ,5/gK,11/5,wN,6/12/12/12/7,wK,4",
       "Black's queen on g7 alone; White's knight on f5 takes it", "Hint for White: move the knight from f5 to g7"},
      {"corners-long", "W" + k + "5,bK,6/12/12/11,pK/12/6,bQ,5/gK,11/5,wN,6/12/12/12/7,wK,4",
       "as corners-short", "Hint for White: move the knight from f5 to g7"},
      {"corners-mini", "W" + k + "3,bK,4/8/8/3,bQ,4/gK,6,pK/4,wN,3/8/4,wK,3",
       "Black's queen on d5 alone; White's knight on e3 takes it", "Hint for White: move the knight from e3 to d5"},
      {"corners-mini", "W" + k + "3,bK,4/8/1,gP,6/gK,gP,5,pK/1,gP,6/2,wR,5/8/4,wK,3",
       "Rc3-a3 mates Grey, White's target (the seat on his left), behind his pawns on b4 b5 b6",
       "Hint for White: move the rook from c3 to a3"},
      // ---- 004 Bipartite ----
      {"bipartite", "mm*mm/mmmmm/5/5/5/5/5/MMMMM/MM*MM b - - 0 1", "stage one's start: any messenger's step", ""},
      {"bipartite-stage2", "2k2/5/5/5/*1b1*/5/1C3/5/2K2 w - - 0 1",
       "Black's power piece on c5 alone; the captain on b3 takes it and bares Black's king (rule 6)",
       "Hint for White: move the captain from b3 to c5"},
  };
}

TEST(HintPositions, EveryVariantsHintIsLegalInWordsAndFindsTheOneWinningMove) {
  std::vector<std::string> variants_seen;
  for (const HintCase& c : hint_cases()) {
    SCOPED_TRACE(std::string(c.variant) + ": " + c.position + " (" + c.why + ")");
    auto rules = variants::load_id(c.variant).rules;
    ASSERT_TRUE(rules);
    auto pos = rules->four_player_notation ? core::parse_fen4(*rules, c.position) : core::parse_fen(*rules, c.position);
    ASSERT_TRUE(pos.ok()) << pos.error().message;
    core::Game game(rules, *pos);
    ASSERT_FALSE(game.outcome().over);
    engine::Engine engine(1);
    auto hint = session::hint_for(engine, game, {});
    ASSERT_TRUE(hint);
    EXPECT_EQ(hint->seat, game.to_move());
    EXPECT_TRUE(game.is_legal(hint->move)) << hint->text;
    // The ruling the session makes of it (Session::advise) and the words the
    // kiosk's screen draws from that ruling (ui/session_view.cpp).
    session::Ruling r;
    r.kind = session::RulingKind::kAdvice;
    r.text = hint->text;
    r.squares = {hint->move.from, hint->move.to};
    auto words = session::hint_in_words(r, game.position());
    ASSERT_TRUE(words) << hint->text;
    const std::string seat = rules->seats[static_cast<std::size_t>(core::index_of(game.to_move()))].name;
    EXPECT_EQ(words->rfind("Hint for " + seat + ": move the ", 0), 0U) << *words;
    if (*c.words != '\0') {
      EXPECT_EQ(*words, c.words) << hint->text;
    }
    // The game takes the move.
    auto rulings = game.play(hint->move);
    EXPECT_TRUE(rulings.empty() || rulings.front().kind != core::RulingKind::kIllegalMove);
    if (variants_seen.empty() || variants_seen.back() != c.variant) variants_seen.push_back(c.variant);
  }
  // Every shipped variant has its case.
  EXPECT_EQ(variants_seen.size(), 11U);
}

}  // namespace
}  // namespace tabula::testing

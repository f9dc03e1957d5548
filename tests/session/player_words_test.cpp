// The players' names beside their seats in what the table is told
// (session/player_words.h, s30-table): expectations written by hand.
#include "session/player_words.h"

#include <gtest/gtest.h>

#include "variants/variant_loader.h"

namespace tabula::session {
namespace {

std::shared_ptr<const core::RuleSet> rules_of(const std::string& id) {
  auto r = variants::load_id(id);
  EXPECT_TRUE(r.ok()) << id;
  return r.rules;
}

TEST(PlayerWords, AHintAndACheckNameThePlayerBesideTheSeat) {
  const auto ffa = rules_of("chesscom-ffa");
  const std::vector<std::string> players{"Ann", "Ben", "Cem", "Dee"};
  EXPECT_EQ(with_players("Hint for Red: move the pawn from d2 to d4", *ffa, players),
            "Hint for Ann (Red): move the pawn from d2 to d4");
  EXPECT_EQ(with_players("Green is in check from Red's queen on d7", *ffa, players),
            "Dee (Green) is in check from Ann (Red)'s queen on d7");
  // Each seat named once a text: the first mention.
  EXPECT_EQ(with_players("Red +9 (captures Blue's queen); Red leads", *ffa, players),
            "Ann (Red) +9 (captures Ben (Blue)'s queen); Red leads");
}

TEST(PlayerWords, OnlyWholeSeatNamesAndOnlyNamedSeats) {
  const auto ffa = rules_of("chesscom-ffa");
  // Blue and Green unnamed ("" or past the end of the list).
  const std::vector<std::string> players{"Ann", "", "Cem"};
  EXPECT_EQ(with_players("Blue to move", *ffa, players), "Blue to move");
  EXPECT_EQ(with_players("Green is in check", *ffa, players), "Green is in check");
  EXPECT_EQ(with_players("Redmond, Reds, BlueRed and Yellowé stay; Yellow-Red", *ffa, players),
            "Redmond, Reds, BlueRed and Yellowé stay; Cem (Yellow)-Ann (Red)");
  EXPECT_EQ(with_players("red to move", *ffa, players), "red to move");  // the variant's spelling only
  EXPECT_EQ(with_players("Red to move", *ffa, {}), "Red to move");
  EXPECT_EQ(with_players("", *ffa, players), "");
}

TEST(PlayerWords, ALongerSeatNameIsReadWholeAndANameIsNotReadAgain) {
  const auto four = rules_of("chess-four");  // White, Black, Yellow, Dark Brown
  EXPECT_EQ(with_players("Dark Brown to move", *four, {"Wim", "Bea", "Yan", "Dan"}), "Dan (Dark Brown) to move");
  // A player called after another seat is not taken for that seat.
  EXPECT_EQ(with_players("Black resigns; White wins", *four, {"Black", "White"}),
            "White (Black) resigns; Black (White) wins");
  EXPECT_EQ(seat_with_player(*four, core::seat_at(3), {"Wim"}), "Dark Brown");
  EXPECT_EQ(seat_with_player(*four, core::seat_at(0), {"Wim"}), "Wim (White)");
}

// s31-hall: the draw offer's question named the seats only ("White offers a
// draw: do you agree?") where the players were named everywhere else.
TEST(PlayerWords, ADrawOfferNamesTheOffererAndThePlayersAsked) {
  const auto chess = rules_of("chess");
  const core::Seat white = core::seat_at(0);
  const core::Seat black = core::seat_at(1);
  EXPECT_EQ(draw_offer_prompt(*chess, white, {black}, {"Ann", "Bob"}),
            "Ann (White) offers a draw: Bob (Black), do you agree?");
  EXPECT_EQ(draw_offer_prompt(*chess, black, {white}, {"Ann"}), "Black offers a draw: Ann (White), do you agree?");
  // Nobody named: the words of before.
  EXPECT_EQ(draw_offer_prompt(*chess, white, {black}, {}), "White offers a draw: do you agree?");
  EXPECT_EQ(draw_offer_prompt(*chess, white, {black}, {"", ""}), "White offers a draw: do you agree?");
  const auto ffa = rules_of("chesscom-ffa");  // Red, Blue, Yellow, Green
  // Yellow unnamed; Blue out of the game, so not asked.
  EXPECT_EQ(draw_offer_prompt(*ffa, core::seat_at(0), {core::seat_at(2), core::seat_at(3)}, {"Ann", "Ben", "", "Dee"}),
            "Ann (Red) offers a draw: Yellow and Dee (Green), do you all agree?");
  EXPECT_EQ(draw_offer_prompt(*ffa, core::seat_at(3), {core::seat_at(0), core::seat_at(1), core::seat_at(2)},
                              {"Ann", "Ben", "Cem", "Dee"}),
            "Dee (Green) offers a draw: Ann (Red), Ben (Blue) and Cem (Yellow), do you all agree?");
  EXPECT_EQ(draw_offer_prompt(*ffa, core::seat_at(0), {core::seat_at(1), core::seat_at(2), core::seat_at(3)}, {}),
            "Red offers a draw: do all the other players agree?");
}

}  // namespace
}  // namespace tabula::session

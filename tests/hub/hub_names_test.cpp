// Session 13: names that reach the hub from boards (a board's state: its
// seats' players, its site) are held to the one name rule
// (core/player_name.h). A board whose journal holds a bidi override, a
// zero-width space or a line break in a name (written before the rule, or by
// a hand) is still shown and recorded, with the character named
// ("Cem<U+202E>nna"): the hub's board list, the web page and the standings
// are never turned around, and a line break never splits the record's list.
#include <gtest/gtest.h>

#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/tournament.h"
#include "wire_builders.h"
#include "../journal/journal_fixture.h"

namespace tabula::hub {
namespace {

wire::BoardState hostile_state() {
  wire::BoardState st = testing::bare_state();  // wire_builders.h
  st.set_variant("chess");
  st.set_over(true);
  st.set_result_reason("checkmate");
  st.set_site("Hall\xE2\x80\xAE" "A");
  for (const char* name : {"Cem\xE2\x80\xAEnna", "Bob\nEve"}) {
    wire::Seat* s = st.add_seats();
    s->set_name("seat");
    s->set_player(name);
  }
  st.add_ranking(0);
  return st;
}

TEST(HubNames, ABoardsHostileNamesAreShownWithTheirCharactersNamed) {
  wire::BoardState st = hostile_state();
  st.add_seats()->set_player("Zo\xC3\xAB");  // a name the rule takes is left as it is
  st.add_seats();                             // an unnamed seat stays unnamed
  show_names_safely(st);
  EXPECT_EQ(st.seats(0).player(), "Cem<U+202E>nna");
  EXPECT_EQ(st.seats(1).player(), "Bob<U+000A>Eve");
  EXPECT_EQ(st.seats(2).player(), "Zo\xC3\xAB");
  EXPECT_EQ(st.seats(3).player(), "");
  EXPECT_EQ(st.site(), "Hall<U+202E>A");
}

TEST(HubNames, TheHubModelHoldsTheSafeNamesOfAState) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(hostile_state()), 0);
  const BoardEntry* b = m.board("t1");
  ASSERT_TRUE(b && b->state);
  EXPECT_EQ(b->state->seats(0).player(), "Cem<U+202E>nna");
  EXPECT_EQ(b->state->seats(1).player(), "Bob<U+000A>Eve");
}

TEST(HubNames, TheTournamentRecordKeepsOnePlayerPerSeatWithoutTheOverride) {
  journal::testing::ScratchDir dir;
  TournamentRecord t;
  ASSERT_TRUE(TournamentRecord::open(dir.file("event.db"), t).ok());
  bool added = false;
  ASSERT_TRUE(t.record("club", hostile_state(), true, added).ok());
  std::vector<RecordedGame> games;
  ASSERT_TRUE(t.games("club", games).ok());
  ASSERT_EQ(games.size(), 1u);
  // Before: "Bob\nEve" was stored as two lines and read back as two players
  // (three players for two ranks: the game left the standings).
  EXPECT_EQ(games[0].players, (std::vector<std::string>{"Cem<U+202E>nna", "Bob<U+000A>Eve"}));
  std::vector<Standing> st;
  ASSERT_TRUE(t.standings("club", st).ok());
  ASSERT_EQ(st.size(), 2u);
  for (const Standing& s : st) EXPECT_EQ(s.player.find("\xE2\x80\xAE"), std::string::npos) << s.player;
}

// Session 28: an unnamed seat is recorded as "<board> <seat name>", and the
// seat's name came from the board raw: a line break in it split the record's
// list of players (three players for two ranks), so the finished game left
// the standings without a word; 10 KB of it went to the hall screen's
// button. The hub shows it as it shows a player's name, and the record keeps
// one entry per seat whatever state it is given.
TEST(HubNames, AnUnnamedSeatsHostileNameKeepsTheGameInTheStandings) {
  wire::BoardState st = hostile_state();
  st.mutable_seats(0)->set_player("Ann");
  st.mutable_seats(1)->set_player("");
  st.mutable_seats(1)->set_name("Black\nEve");
  wire::BoardState huge = st;
  huge.set_game_id("g2");
  huge.mutable_seats(1)->set_name("<b>" + std::string(10000, 'B'));

  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(huge), 0);
  ASSERT_TRUE(m.board("t1") && m.board("t1")->state);
  const std::string shown = m.board("t1")->state->seats(1).name();
  EXPECT_EQ(shown, "<b>" + std::string(37, 'B') + "...");

  journal::testing::ScratchDir dir;
  TournamentRecord t;
  ASSERT_TRUE(TournamentRecord::open(dir.file("event.db"), t).ok());
  bool added = false;
  ASSERT_TRUE(t.record("club", st, false, added).ok());  // as a state from elsewhere: not shown safely first
  ASSERT_TRUE(added);
  std::vector<RecordedGame> games;
  ASSERT_TRUE(t.games("club", games).ok());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].players, (std::vector<std::string>{"Ann", "t1 Black<U+000A>Eve"}));
  std::vector<Standing> standings;
  ASSERT_TRUE(t.standings("club", standings).ok());
  ASSERT_EQ(standings.size(), 2u) << "the game is in the standings";
  EXPECT_EQ(standings[0].player, "Ann");
  EXPECT_EQ(standings[0].score, 1.0);
}

}  // namespace
}  // namespace tabula::hub

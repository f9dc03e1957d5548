#include "event/standings.h"

#include <gtest/gtest.h>

namespace tabula::event {
namespace {

Section four_players_two_rounds() {
  Section s;
  s.name = "ffa";
  s.variant = "chesscom-ffa";
  s.format = Format::kFourPlayer;
  s.rounds = 2;
  for (const char* n : {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}) s.players.push_back({n, 1500, "", "", false});
  auto id = [](int i) { return PlayerId{i}; };
  Round r1;
  r1.tables.push_back({1, "b1", {id(0), id(1), id(2), id(3)}, {0, 1, 2, 3}, ""});  // Ann 3, Bob 2, Cat 1, Dan 0
  r1.tables.push_back({2, "b2", {id(4), id(5), id(6), id(7)}, {0, 1, 1, 3}, ""});  // Eve 3, Fay 1.5, Gus 1.5, Hal 0
  Round r2;
  r2.tables.push_back({1, "b1", {id(0), id(4), id(1), id(5)}, {1, 0, 2, 3}, ""});  // Ann 2, Eve 3, Bob 1, Fay 0
  r2.tables.push_back({2, "b2", {id(2), id(6), id(3), id(7)}, {0, 1, 2, 3}, ""});  // Cat 3, Gus 2, Dan 1, Hal 0
  s.played = {r1, r2};
  return s;
}

TEST(Standings, FourPlayerPointsBuchholzAndFirstsWorkedByHand) {
  Section s = four_players_two_rounds();
  std::vector<StandingRow> rows = standings_of(s);
  // Points: Eve 6, Ann 5, Cat 4, Gus 3.5, Bob 3, Fay 1.5, Dan 1, Hal 0.
  std::vector<std::string> order;
  for (const StandingRow& r : rows) order.push_back(s.player(r.player).name);
  EXPECT_EQ(order, (std::vector<std::string>{"Eve", "Ann", "Cat", "Gus", "Bob", "Fay", "Dan", "Hal"}));
  // Ann met Bob 3, Cat 4, Dan 1 (round 1) and Eve 6, Bob 3, Fay 1.5 (round 2).
  EXPECT_DOUBLE_EQ(rows[1].buchholz, 3 + 4 + 1 + 6 + 3 + 1.5);
  EXPECT_EQ(rows[1].firsts, 1);
  EXPECT_EQ(rows[0].firsts, 2);
  EXPECT_EQ(rows[3].firsts, 0) << "Gus shared second, never first";
}

TEST(Standings, PlayersEqualOnEverythingShareAPlace) {
  Section s;
  s.name = "two";
  s.format = Format::kTwoPlayer;
  s.rounds = 1;
  for (const char* n : {"A", "B", "C", "D"}) s.players.push_back({n, 1500, "", "", false});
  Round r;
  r.tables.push_back({1, "b1", {PlayerId{0}, PlayerId{1}}, {0, 0}, ""});
  r.tables.push_back({2, "b2", {PlayerId{2}, PlayerId{3}}, {0, 0}, ""});
  s.played = {r};
  std::vector<StandingRow> rows = standings_of(s);
  for (const StandingRow& row : rows) {
    EXPECT_EQ(row.place, 1);
    EXPECT_EQ(row.place_last, 4);
  }
  Event e;
  e.name = "club";
  const std::string text = format_standings(e, s);
  EXPECT_NE(text.find("1-4    A"), std::string::npos) << text;
}

TEST(Standings, TwoPlayerSonnebornBergerAndByes) {
  Section s;
  s.name = "two";
  s.format = Format::kTwoPlayer;
  s.rounds = 1;
  for (const char* n : {"A", "B", "C"}) s.players.push_back({n, 1500, "", "", false});
  Round r;
  r.tables.push_back({1, "b1", {PlayerId{0}, PlayerId{1}}, {0, 1}, ""});
  r.byes = {PlayerId{2}};
  s.played = {r};
  std::vector<StandingRow> rows = standings_of(s);
  // A 1 (beat B), C 1 (the bye), B 0. A and C level on points, Buchholz (B's
  // 0; the bye adds nothing) and Sonneborn-Berger (0): A's win decides.
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(s.player(rows[0].player).name, "A");
  EXPECT_EQ(s.player(rows[1].player).name, "C");
  EXPECT_DOUBLE_EQ(rows[1].points, 1);
  EXPECT_EQ(rows[0].place, 1);
  EXPECT_EQ(rows[1].place, 2);
  EXPECT_EQ(rows[0].firsts, 1);
}

TEST(Standings, UnfinishedTablesCountForNothing) {
  Section s = four_players_two_rounds();
  s.played[1].tables[1].ranks.clear();
  std::vector<StandingRow> rows = standings_of(s);
  for (const StandingRow& r : rows) {
    if (s.player(r.player).name == "Cat") {
      EXPECT_DOUBLE_EQ(r.points, 1);
      EXPECT_EQ(r.games, 1);
    }
  }
}

}  // namespace
}  // namespace tabula::event

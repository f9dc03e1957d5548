#include "event/swiss.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "event/seating.h"
#include "event_sim.h"

namespace tabula::event {
namespace {

TEST(Swiss, TwelvePlayersFiveRoundsNoRematchAndColoursAlternate) {
  Section s = sim::make_section(12, Format::kTwoPlayer, 5, 21);
  ASSERT_EQ(sim::play_all(s, 6, 211), "");
  std::set<std::pair<int, int>> met;
  std::map<int, int> whites;
  for (const Round& r : s.played) {
    ASSERT_EQ(r.tables.size(), 6u);
    for (const Table& t : r.tables) {
      const int a = t.seats[0].value, b = t.seats[1].value;
      EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second) << "a rematch";
      ++whites[a];
      whites[b] += 0;
    }
  }
  for (const auto& [p, w] : whites) {
    EXPECT_GE(w, 2) << s.players[static_cast<std::size_t>(p)].name;
    EXPECT_LE(w, 3) << s.players[static_cast<std::size_t>(p)].name;
  }
}

TEST(Swiss, AnOddCountGivesTheByeToTheLowestRankedWithoutOne) {
  std::vector<SwissUnit> units(5);
  for (int i = 0; i < 5; ++i) units[static_cast<std::size_t>(i)].rating = 2000 - 100 * i;
  units[4].byes = 1;  // the lowest already had one
  std::vector<std::vector<int>> met(5, std::vector<int>(5, 0));
  SwissPairing p = pair_swiss(units, met);
  ASSERT_TRUE(p.bye.has_value());
  EXPECT_EQ(*p.bye, 3);
  EXPECT_EQ(p.pairs.size(), 2u);
}

TEST(Swiss, RoundOnePairsTopHalfAgainstBottomHalf) {
  std::vector<SwissUnit> units(8);
  for (int i = 0; i < 8; ++i) units[static_cast<std::size_t>(i)].rating = 2400 - 100 * i;
  std::vector<std::vector<int>> met(8, std::vector<int>(8, 0));
  SwissPairing p = pair_swiss(units, met);
  ASSERT_EQ(p.pairs.size(), 4u);
  std::set<std::pair<int, int>> got;
  for (auto [w, b] : p.pairs) got.insert({std::min(w, b), std::max(w, b)});
  EXPECT_EQ(got, (std::set<std::pair<int, int>>{{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
}

TEST(Swiss, ARematchOnlyWhenNoPairingAvoidsIt) {
  // Four units, every pair but (0,3) and (1,2) already met: the only clean
  // pairing is 0-3, 1-2.
  std::vector<SwissUnit> units(4);
  std::vector<std::vector<int>> met(4, std::vector<int>(4, 1));
  met[0][3] = met[3][0] = met[1][2] = met[2][1] = 0;
  SwissPairing p = pair_swiss(units, met);
  EXPECT_EQ(p.rematches, 0);
  // Everyone met everyone: a pairing still comes, with rematches.
  std::vector<std::vector<int>> all(4, std::vector<int>(4, 1));
  SwissPairing q = pair_swiss(units, all);
  EXPECT_EQ(q.pairs.size(), 2u);
  EXPECT_EQ(q.rematches, 2);
}

}  // namespace
}  // namespace tabula::event

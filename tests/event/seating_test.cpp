#include "event/seating.h"
#include "event/seating_plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "event_sim.h"
#include "sanitizer_size.h"

namespace tabula::event {
namespace {

using sim::boards;
using sim::make_section;
using sim::play_all;
constexpr auto testing_results = sim::random_results;

// Counted from the rounds, apart from the code under test.
struct Counts {
  std::map<std::pair<int, int>, int> met;
  std::map<int, std::vector<int>> seats;
  std::map<int, int> byes;
  std::map<int, int> games;
};

Counts count(const Section& s) {
  Counts c;
  for (std::size_t p = 0; p < s.players.size(); ++p) c.seats[static_cast<int>(p)].assign(4, 0);
  for (const Round& r : s.played) {
    std::set<int> in_round;
    for (const Table& t : r.tables) {
      EXPECT_EQ(t.seats.size(), 4u);
      for (std::size_t i = 0; i < t.seats.size(); ++i) {
        EXPECT_TRUE(in_round.insert(t.seats[i].value).second) << "seated twice in a round";
        ++c.seats[t.seats[i].value][i];
        ++c.games[t.seats[i].value];
        for (std::size_t j = i + 1; j < t.seats.size(); ++j) {
          ++c.met[{std::min(t.seats[i].value, t.seats[j].value), std::max(t.seats[i].value, t.seats[j].value)}];
        }
      }
    }
    for (PlayerId b : r.byes) {
      EXPECT_TRUE(in_round.insert(b.value).second) << "a bye for a seated player";
      ++c.byes[b.value];
    }
    EXPECT_EQ(in_round.size(), s.players.size()) << "everyone plays or has the bye";
  }
  return c;
}

int repeats(const Counts& c) {
  int n = 0;
  for (const auto& [pair, times] : c.met) n += times > 1 ? times - 1 : 0;
  return n;
}

int worst_seat_spread(const Counts& c) {
  int worst = 0;
  for (const auto& [p, seats] : c.seats) {
    worst = std::max(worst, *std::max_element(seats.begin(), seats.end()) - *std::min_element(seats.begin(), seats.end()));
  }
  return worst;
}

// The test: no two players meet twice over all the rounds, and each
// player's seat counts differ by at most one, after every round. Counted
// here from the rounds (count(), apart from the seating code).
void expect_strict(Section s, int tables, std::uint32_t seed) {
  const int rounds = s.rounds;
  std::mt19937 rng(seed);
  for (int r = 0; r < rounds; ++r) {
    SeatingResult next = seat_next_round(s, boards(tables));
    ASSERT_TRUE(next.ok()) << next.error;
    s.played.push_back(next.round);
    testing_results(s, rng);
    const Counts c = count(s);
    EXPECT_EQ(repeats(c), 0) << "seed " << seed << ", after round " << r + 1;
    EXPECT_LE(worst_seat_spread(c), 1) << "seed " << seed << ", after round " << r + 1;
    for (const auto& [p, games] : c.games) EXPECT_EQ(games, r + 1) << "everyone plays every round";
  }
}

// The plans with byes (29-31 players, 1-3 left over) and the 24 design: no
// repeat after every round, `byes_per_round` byes in every round and nobody a
// second bye (7 rounds x 1-3 byes: 7-21 of 29-31 players); seat counts within
// one after the last round, and after every round in between (`between` 1).
// Before s12 the rounds 4-5 (where a bye or the 24 design's missing rows
// leave a table whose players all want the one seat) had up to 3 players two
// apart, asserted as a bound (`between` 2: at most 4 players); s12's exact
// search two classes ahead (seating_plan.cpp) holds them within one in every
// plan test here (s13: 31 players too); `between` 2 is the old bound. s13:
// each round leaves the rest of the event a way through (seat_plan_through),
// so 23 players over 5 rounds end within one too.
void expect_plan(Section s, int tables, std::uint32_t seed, std::size_t byes_per_round, int between = 1) {
  const int rounds = s.rounds;
  std::mt19937 rng(seed);
  for (int r = 0; r < rounds; ++r) {
    SeatingResult next = seat_next_round(s, boards(tables));
    ASSERT_TRUE(next.ok()) << next.error;
    EXPECT_EQ(next.round.byes.size(), byes_per_round) << "seed " << seed << ", round " << r + 1;
    s.played.push_back(next.round);
    testing_results(s, rng);
    const Counts c = count(s);
    EXPECT_EQ(repeats(c), 0) << "seed " << seed << ", after round " << r + 1;
    int unbalanced = 0;
    for (const auto& [p, seats] : c.seats) {
      if (*std::max_element(seats.begin(), seats.end()) - *std::min_element(seats.begin(), seats.end()) > 1) ++unbalanced;
    }
    EXPECT_LE(worst_seat_spread(c), r + 1 == rounds ? 1 : between) << "seed " << seed << ", after round " << r + 1;
    EXPECT_LE(unbalanced, between > 1 ? 4 : 0) << "seed " << seed << ", after round " << r + 1;
    for (const auto& [p, n] : c.byes) EXPECT_EQ(n, 1) << "nobody gets a second bye while others have none";
    for (const auto& [p, games] : c.games) EXPECT_EQ(games + (c.byes.count(p) ? c.byes.at(p) : 0), r + 1);
  }
}

TEST(Seating, ThirtyTwoPlayersOverSevenRoundsMeetNoOneTwiceAndSitBalanced) {
  for (std::uint32_t seed = 1; seed <= 8; ++seed) expect_strict(make_section(32, Format::kFourPlayer, 7, seed), 8, seed);
}

TEST(Seating, TwentyEightPlayersOverSevenRoundsMeetNoOneTwiceAndSitBalanced) {
  for (std::uint32_t seed = 1; seed <= 4; ++seed) expect_strict(make_section(28, Format::kFourPlayer, 7, seed), 7, seed);
}

// 24 players have no field of 6, but a resolvable design of 24 points in
// blocks of four with 7 classes exists (seating_plan.h): 7 rounds, no repeat.
TEST(Seating, TwentyFourPlayersOverSevenRoundsMeetNoOneTwiceAndEndBalanced) {
  for (std::uint32_t seed = 1; seed <= 3; ++seed) expect_plan(make_section(24, Format::kFourPlayer, 7, seed), 6, seed, 0);
}

// 23 and 25-27 players (3, 1, 2, 3 byes a round): the 24 design without one
// point, or with 1-3 extra players taking labels' places (seating_plan.h):
// 7 rounds, no repeat, nobody a second bye.
TEST(Seating, TwentyThreeAndTwentyFiveToTwentySevenPlayersOverSevenRoundsMeetNoOneTwice) {
  expect_plan(make_section(23, Format::kFourPlayer, 7, 81), 5, 81, 3);
  expect_plan(make_section(25, Format::kFourPlayer, 7, 82), 6, 82, 1);
  expect_plan(make_section(26, Format::kFourPlayer, 7, 83), 6, 83, 2);
  expect_plan(make_section(27, Format::kFourPlayer, 7, 84), 6, 84, 3);
}

// The plan holds for as many rounds as its field has elements: 32 players
// over 8 rounds, 20 over 5, 64 over 16 (each player then meets 3 x 16 = 48
// of 63); with 1-3 byes a round the same (29-31 over 7, 21 over 5); 23-27
// over 7 from the 24 design. The counts without a plan get 0: 12 (no field
// of 3), 17-19 (GF(4) has no room for the extra players).
TEST(Seating, TheFieldPlanGivesAsManyRepeatFreeRoundsAsTheFieldHasElements) {
  EXPECT_EQ(plan_rounds(32), 8);
  EXPECT_EQ(plan_rounds(28), 7);
  EXPECT_EQ(plan_rounds(20), 5);
  EXPECT_EQ(plan_rounds(64), 16);
  EXPECT_EQ(plan_rounds(24), 7);
  EXPECT_EQ(plan_rounds(29), 7);
  EXPECT_EQ(plan_rounds(30), 7);
  EXPECT_EQ(plan_rounds(31), 7);
  EXPECT_EQ(plan_rounds(23), 7);
  EXPECT_EQ(plan_rounds(25), 7);
  EXPECT_EQ(plan_rounds(26), 7);
  EXPECT_EQ(plan_rounds(27), 7);
  EXPECT_EQ(plan_rounds(21), 5);
  EXPECT_EQ(plan_rounds(35), 8);
  EXPECT_EQ(plan_rounds(12), 0);
  EXPECT_EQ(plan_rounds(18), 0);
  expect_strict(make_section(32, Format::kFourPlayer, 8, 21), 8, 21);
  expect_strict(make_section(20, Format::kFourPlayer, 5, 22), 5, 22);
  expect_strict(make_section(64, Format::kFourPlayer, 16, 23), 16, 23);
  expect_plan(make_section(23, Format::kFourPlayer, 5, 24), 5, 24, 3);  // s13: within one after round 5 too
}

// A round the arbiter made by hand (off the plan) leaves the plan: the next
// rounds come from the local search and are still whole and repeat-free.
TEST(Seating, AHandMadeRoundLeavesThePlanAndTheSeatingGoesOn) {
  Section s = make_section(32, Format::kFourPlayer, 7, 31);
  std::mt19937 rng(31);
  SeatingResult r1 = seat_next_round(s, boards(8));
  ASSERT_TRUE(r1.ok()) << r1.error;
  s.played.push_back(r1.round);
  testing_results(s, rng);
  // Round 2 by hand: player i of table t sits with table t+i's player i (a
  // Latin square of the first round's tables, no pair of round one again).
  Round hand;
  for (std::size_t t = 0; t < 8; ++t) {
    Table table;
    table.number = static_cast<int>(t + 1);
    table.board = "b" + std::to_string(t + 1);
    for (std::size_t k = 0; k < 4; ++k) table.seats.push_back(r1.round.tables[(t + 2 * k) % 8].seats[(k + 1) % 4]);
    hand.tables.push_back(table);
  }
  EXPECT_TRUE(unplayed_plan_rounds(s).size() == 7u) << "round one defines the plan";
  s.played.push_back(hand);
  testing_results(s, rng);
  EXPECT_TRUE(unplayed_plan_rounds(s).empty()) << "the hand-made round is no class of the plan";
  Counts before = count(s);
  ASSERT_EQ(repeats(before), 0);
  SeatingResult r3 = seat_next_round(s, boards(8));
  ASSERT_TRUE(r3.ok()) << r3.error;
  s.played.push_back(r3.round);
  testing_results(s, rng);
  EXPECT_EQ(repeats(count(s)), 0);
  for (const auto& [p, games] : count(s).games) EXPECT_EQ(games, 3);
}

TEST(Seating, TwentyNinePlayersGiveOneByeARoundNeverTwiceToOnePlayer) {
  for (std::uint32_t seed = 1; seed <= 4; ++seed) {
    expect_plan(make_section(29, Format::kFourPlayer, 7, 50 + seed), 8, 50 + seed, 1);
  }
}

TEST(Seating, ThirtyPlayersGiveTwoByesARoundAndTheByeScoresHalfTheTable) {
  for (std::uint32_t seed = 1; seed <= 4; ++seed) {
    expect_plan(make_section(30, Format::kFourPlayer, 7, 60 + seed), 8, 60 + seed, 2);
  }
  Section s = make_section(30, Format::kFourPlayer, 7, 6);
  ASSERT_EQ(play_all(s, 8, 66), "");
  const Counts c = count(s);
  EXPECT_EQ(c.byes.size(), 14u) << "14 byes over 7 rounds, 14 different players";
  // The bye's 1.5 points: every player's points from the tables (counted here
  // by rank) plus 1.5 a bye equal the history's score.
  const History h = history_of(s);
  std::map<int, double> mine;
  for (const Round& r : s.played) {
    for (const Table& t : r.tables) {
      for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = 0; j < 4; ++j) {
          if (i != j) mine[t.seats[i].value] += t.ranks[i] < t.ranks[j] ? 1.0 : t.ranks[i] == t.ranks[j] ? 0.5 : 0.0;
        }
      }
    }
    for (PlayerId b : r.byes) mine[b.value] += 1.5;
  }
  for (std::size_t p = 0; p < s.players.size(); ++p) EXPECT_DOUBLE_EQ(h.score[p], mine[static_cast<int>(p)]);
}

TEST(Seating, ThirtyOnePlayersGiveThreeByes) {
  for (std::uint32_t seed = 1; seed <= 2; ++seed) {
    // s13: within one after every round. Seed 71 had one player two apart
    // after round 5 with s12's first budget of 20,000 nodes a chain (85d8545;
    // checked again in s13); 250b621's 8,000 took another path and the bound
    // here was left at "at most 4".
    expect_plan(make_section(31, Format::kFourPlayer, 7, 70 + seed), 8, 70 + seed, 3);
  }
  Section s = make_section(31, Format::kFourPlayer, 5, 7);
  ASSERT_EQ(play_all(s, 8, 77), "");
  const Counts c = count(s);
  for (const Round& r : s.played) EXPECT_EQ(r.byes.size(), 3u);
  for (const auto& [p, n] : c.byes) EXPECT_EQ(n, 1);
  EXPECT_EQ(repeats(c), 0);
  EXPECT_LE(worst_seat_spread(c), 1);
}

// s13: seat counts within one after every round at 23-31 players over 7
// rounds. These four events (section and results seeded 100 n + seed) had
// 5 player-rounds two apart with the round-by-round choice of seat orders
// (23 players seeds 1 and 3 after round 5, 25 seed 3 two players after round
// 4, 31 seed 4 after round 5); the class and orders of each round are now
// chosen so that the rest of the event has a way through
// (seat_plan_through); 26 and 27 players, seed 2, were within one before
// too. TABULA_SEATING_SEEDS=N runs 23-31 players x seeds
// 1..N instead (the probe: 0 two apart over N = 10, docs/EVENT.md).
void expect_within_one(int n, std::uint32_t seed) {
  const auto u = static_cast<std::uint32_t>(100 * n) + seed;
  expect_plan(make_section(n, Format::kFourPlayer, 7, u), n / 4, u, static_cast<std::size_t>(n % 4));
}

// The probe: with TABULA_SEATING_SEEDS=N, 23-31 players x seeds 1..N
// instead of the test's own events; false when it is not set.
bool probe_from_environment() {
  const char* seeds = std::getenv("TABULA_SEATING_SEEDS");
  if (!seeds) return false;
  for (int n : {23, 24, 25, 26, 27, 29, 30, 31}) {
    for (int seed = 1; seed <= std::atoi(seeds); ++seed) expect_within_one(n, static_cast<std::uint32_t>(seed));
  }
  return true;
}

TEST(Seating, SeatsStayWithinOneAfterEveryRoundAtTwentyThreeToThirtyOnePlayers) {
  if (probe_from_environment()) return;
  expect_within_one(23, 1);
  expect_within_one(23, 3);
  expect_within_one(25, 3);
  expect_within_one(31, 4);
  expect_within_one(26, 2);  // and two counts the plan tests above seat with other seeds
  expect_within_one(27, 2);
}

// s14: the fallback. The search of each round (seat_plan_through) has a
// budget; when it found nothing within it, the round had been chosen round by
// round (misfits now, then the next round's), which could leave a player two
// apart. The test hook's budget of one node leaves the budgeted search
// nothing in any round, so every round of these events is the fallback's.
struct TinyThroughBudget {
  TinyThroughBudget() { set_through_budget_for_tests(1); }
  ~TinyThroughBudget() { set_through_budget_for_tests(0); }
  TinyThroughBudget(const TinyThroughBudget&) = delete;
  TinyThroughBudget& operator=(const TinyThroughBudget&) = delete;
};

TEST(Seating, TheFallbackKeepsSeatsWithinOneWhenTheSearchBudgetRunsOut) {
  const TinyThroughBudget tiny;
  if (probe_from_environment()) return;  // 23-31 x seeds 1..N, every round on the fallback
  expect_within_one(23, 1);
  // The sanitizer pass: the one event, every round of it through the exact
  // search (the others add only more of the same search, ~0.3 s here).
  if (tabula::testing::kSanitizerPass) return;
  expect_within_one(24, 1);
  expect_within_one(25, 3);
  expect_within_one(29, 2);
  expect_within_one(31, 4);
  expect_plan(make_section(23, Format::kFourPlayer, 5, 24), 5, 24, 3);
}

// s15: when the seating's exact search stops at its bound, the round is
// still seated (from the plan, no meeting repeated) and the arbiter is told
// which round and what was kept.
TEST(Seating, TheExactSearchStoppedAtItsBoundSaysWhichRoundAndWhatWasKept) {
  const TinyThroughBudget tiny;
  set_exact_bound_for_tests(1);
  Section s = make_section(23, Format::kFourPlayer, 7, 2301);
  std::mt19937 rng(2301);
  std::string notes;
  for (int r = 0; r < 3; ++r) {
    SeatingResult next = seat_next_round(s, boards(5));
    ASSERT_TRUE(next.ok()) << next.error;
    EXPECT_EQ(next.round.byes.size(), 3u);
    if (r > 0) {
      EXPECT_NE(next.note.find("section " + s.name + ", round " + std::to_string(r + 1) +
                               ": the search for seat orders that keep every player's seat counts within one after "
                               "every round stopped at its bound of 1 nodes"),
                std::string::npos)
          << next.note;
      EXPECT_NE(next.note.find("kept: a round of the plan (no meeting repeated)"), std::string::npos) << next.note;
    }
    s.played.push_back(next.round);
    testing_results(s, rng);
    EXPECT_EQ(repeats(count(s)), 0) << "after round " << r + 1;
  }
  set_exact_bound_for_tests(0);
  // The product's bound: the same section's rounds are found, no note.
  Section again = make_section(23, Format::kFourPlayer, 7, 2301);
  for (int r = 0; r < 3; ++r) {
    SeatingResult next = seat_next_round(again, boards(5));
    ASSERT_TRUE(next.ok()) << next.error;
    EXPECT_EQ(next.note, "") << "round " << r + 1;
    again.played.push_back(next.round);
    testing_results(again, rng);
  }
}

// The exact search ends with a way through when one exists, even where the
// cheapest class has none now, and otherwise proves that none exists (which
// the seating then says to the arbiter). Eight players; players 0 and 1 have
// each sat in seats 1, 2 and 3, so both want seat 0.
TEST(Seating, TheExactSearchFindsAWayThroughOrProvesThereIsNone) {
  std::vector<std::vector<int>> counts(8, std::vector<int>(4, 0));
  counts[0] = {0, 1, 1, 1};
  counts[1] = {0, 1, 1, 1};
  PlanRound together, apart, together_again;
  together.tables = {{0, 1, 2, 3}, {4, 5, 6, 7}};
  apart.tables = {{0, 4, 2, 6}, {1, 5, 3, 7}};
  together_again.tables = {{0, 1, 4, 5}, {2, 3, 6, 7}};
  // "together" first by cost: no order seats both in seat 0 now; "apart" now
  // and "together" after it (0 and 1 have then had every seat once) do.
  const ExactThrough found = seat_plan_through_exact(counts, {together, apart}, {0, 1}, 1);
  ASSERT_EQ(found.pick.which, 1);
  EXPECT_FALSE(found.proven_none);
  ASSERT_EQ(found.pick.orders.size(), 2u);
  for (const auto& t : found.pick.orders) {
    const int first = t[0];
    EXPECT_TRUE(first == 0 || first == 1) << "players 0 and 1 take seat 0 at their tables";
  }
  // Both classes put 0 and 1 at one table: no order of either keeps both in
  // a least-used seat, and the search says so.
  const ExactThrough none = seat_plan_through_exact(counts, {together, together_again}, {0, 1}, 1);
  EXPECT_EQ(none.pick.which, -1);
  EXPECT_TRUE(none.proven_none);
  // s15: the exact search has a bound. At one node it neither finds the way
  // through nor proves the lack of one, and says it ran out (before, it had
  // no bound but the problem's size).
  const ExactThrough cut = seat_plan_through_exact(counts, {together, apart}, {0, 1}, 1, 1);
  EXPECT_EQ(cut.pick.which, -1);
  EXPECT_TRUE(cut.ran_out);
  EXPECT_FALSE(cut.proven_none);
  EXPECT_LE(cut.nodes, 2);
  // A proof that needs no node (no class fits now) is still a proof.
  const ExactThrough cut_none = seat_plan_through_exact(counts, {together, together_again}, {0, 1}, 1, 1);
  EXPECT_TRUE(cut_none.proven_none);
  EXPECT_FALSE(cut_none.ran_out);
  // Within a bound that suffices, the answers above.
  EXPECT_EQ(seat_plan_through_exact(counts, {together, apart}, {0, 1}, 1, found.nodes).pick.which, 1);
  EXPECT_FALSE(found.ran_out);
  EXPECT_FALSE(none.ran_out);
  // With the budget cut to one node the budgeted search finds nothing where
  // the exact one does: the hook reaches it.
  {
    const TinyThroughBudget tiny;
    EXPECT_EQ(seat_plan_through(counts, {together, apart}, {0, 1}, 1).which, -1);
  }
  EXPECT_EQ(seat_plan_through(counts, {together, apart}, {0, 1}, 1).which, 1);
}

// The check ahead inside a round (s14) judges a table of the next class only
// once all its players are seated in this one. Round {0,1,2,3} {4,5,6,7},
// then {0,4,5,6} {1,2,3,7}: player 1 needs seat 0, so player 0 takes seat 3
// and then needs seat 0; player 4 needs seat 0 too until it sits in it at the
// second table, after which it may sit anywhere. Judged after the first table,
// {0,4,5,6} would look impossible (both want seat 0) and the way through lost.
TEST(Seating, TheCheckAheadWaitsUntilATablesPlayersAreSeated) {
  std::vector<std::vector<int>> counts(8, std::vector<int>(4, 0));
  counts[0] = {0, 1, 1, 0};
  counts[1] = {0, 1, 1, 1};
  counts[4] = {0, 1, 1, 1};
  PlanRound now, next;
  now.tables = {{0, 1, 2, 3}, {4, 5, 6, 7}};
  next.tables = {{0, 4, 5, 6}, {1, 2, 3, 7}};
  const ThroughPick pick = seat_plan_through(counts, {now, next}, {0}, 1);
  ASSERT_EQ(pick.which, 0);
  EXPECT_EQ(pick.orders[0][0], 1) << "player 1 in seat 0";
  EXPECT_EQ(pick.orders[0][3], 0) << "player 0 in seat 3";
  EXPECT_EQ(pick.orders[1][0], 4) << "player 4 in seat 0";
}

TEST(Seating, RoundOneSeatsByRatingAndLaterRoundsByScore) {
  Section s = make_section(16, Format::kFourPlayer, 3, 8);
  SeatingResult r1 = seat_next_round(s, boards(4));
  ASSERT_TRUE(r1.ok()) << r1.error;
  std::vector<int> by_rating(16);
  for (int i = 0; i < 16; ++i) by_rating[static_cast<std::size_t>(i)] = i;
  std::stable_sort(by_rating.begin(), by_rating.end(),
                   [&](int a, int b) { return s.players[static_cast<std::size_t>(a)].rating > s.players[static_cast<std::size_t>(b)].rating; });
  std::set<int> top4(by_rating.begin(), by_rating.begin() + 4);
  std::set<int> table1;
  for (PlayerId p : r1.round.tables[0].seats) table1.insert(p.value);
  EXPECT_EQ(table1, top4);
  EXPECT_EQ(r1.round.tables[0].board, "b1");
  EXPECT_EQ(r1.round.tables[3].board, "b4");
  // Round 2: the four winners of round 1 are at table 1 (they never met).
  s.played.push_back(r1.round);
  std::set<int> winners;
  // Table k's winner sat in seat k: the four winners can take four different
  // seats next round (seat balance comes before score groups).
  for (std::size_t k = 0; k < 4; ++k) {
    Table& t = s.played.back().tables[k];
    t.ranks = {1, 2, 3, 3};
    t.ranks.insert(t.ranks.begin() + static_cast<std::ptrdiff_t>(k), 0);
    t.ranks.resize(4);
    winners.insert(t.seats[k].value);
  }
  SeatingResult r2 = seat_next_round(s, boards(4));
  ASSERT_TRUE(r2.ok()) << r2.error;
  std::set<int> t1;
  for (PlayerId p : r2.round.tables[0].seats) t1.insert(p.value);
  EXPECT_EQ(t1, winners);
}

TEST(Seating, RefusesAnOpenRoundTooFewBoardsAndTooFewPlayers) {
  Section s = make_section(16, Format::kFourPlayer, 3, 9);
  SeatingResult few = seat_next_round(s, boards(3));
  EXPECT_EQ(few.error, "section open: 4 tables but 3 boards");
  SeatingResult r1 = seat_next_round(s, boards(4));
  s.played.push_back(r1.round);
  SeatingResult open = seat_next_round(s, boards(4));
  EXPECT_EQ(open.error, "section open: round 1 still has tables without a result");
  Section three = make_section(3, Format::kFourPlayer, 3, 9);
  EXPECT_EQ(seat_next_round(three, boards(4)).error, "section open: 3 players, a table needs 4");
}

TEST(Seating, WithdrawnPlayersAreNotSeated) {
  Section s = make_section(17, Format::kFourPlayer, 2, 10);
  s.players[4].withdrawn = true;
  SeatingResult r = seat_next_round(s, boards(4));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.round.byes.empty()) << "16 active players, no bye";
  for (const Table& t : r.round.tables) {
    for (PlayerId p : t.seats) EXPECT_NE(p.value, 4);
  }
}

TEST(Seating, TeamsKeepPartnersOppositeAndMeetNewTeams) {
  Section s = make_section(24, Format::kFourPlayerTeams, 5, 12);  // 12 teams
  ASSERT_EQ(play_all(s, 6, 121), "");
  std::map<std::pair<std::string, std::string>, int> team_met;
  std::map<std::string, int> white_side;
  for (const Round& r : s.played) {
    for (const Table& t : r.tables) {
      const std::string a = s.player(t.seats[0]).team, b = s.player(t.seats[1]).team;
      EXPECT_EQ(s.player(t.seats[2]).team, a) << "partners sit opposite (seats 0 and 2)";
      EXPECT_EQ(s.player(t.seats[3]).team, b);
      EXPECT_NE(a, b);
      ++team_met[{std::min(a, b), std::max(a, b)}];
      ++white_side[a];
    }
  }
  for (const auto& [pair, n] : team_met) EXPECT_EQ(n, 1) << pair.first << " v " << pair.second;
  for (const auto& [team, n] : white_side) EXPECT_LE(n, 3) << team << " sat Red/Yellow " << n << " of 5";
}

TEST(Seating, TheSameSectionAlwaysGetsTheSameSeating) {
  Section a = make_section(24, Format::kFourPlayer, 4, 13);
  Section b = a;
  ASSERT_EQ(play_all(a, 6, 3), "");
  ASSERT_EQ(play_all(b, 6, 3), "");
  for (std::size_t r = 0; r < a.played.size(); ++r) {
    for (std::size_t t = 0; t < a.played[r].tables.size(); ++t) {
      EXPECT_EQ(a.played[r].tables[t].seats, b.played[r].tables[t].seats);
    }
  }
}

TEST(Seating, QualityFiguresCountRepeatsAndSeatSpread) {
  Section s = make_section(8, Format::kFourPlayer, 0, 1);
  // Two rounds by hand: players 0-3 meet twice, all in the same seats.
  Round r;
  r.tables.push_back({1, "b1", {PlayerId{0}, PlayerId{1}, PlayerId{2}, PlayerId{3}}, {0, 1, 2, 3}, ""});
  r.tables.push_back({2, "b2", {PlayerId{4}, PlayerId{5}, PlayerId{6}, PlayerId{7}}, {0, 1, 2, 3}, ""});
  s.played = {r, r};
  SeatingQuality q = quality_of(s);
  EXPECT_EQ(q.repeat_meetings, 12);  // 12 pairs, each met once too often
  EXPECT_EQ(q.max_seat_spread, 2);
  EXPECT_EQ(q.players_unbalanced, 8);
  EXPECT_EQ(q.avoidable_bound, 0);  // 6 opponents of 7: avoidable
}

}  // namespace
}  // namespace tabula::event

// seating_plan.h — repeat-free plans of four-player rounds (issue 35: 32
// players over 7 rounds meet no one twice; 23-31 too, 22 not).
//
// A plan is a list of classes (rounds) over the points 0..n-1, each class
// q tables of four and the points left over on a bye; no two points share a
// table in two classes. Class 0 is round one as played: its table t seat k
// is point 4t + k, its byes (in their order) the points 4q, 4q + 1, ...
//
// The field plan: n = 4q players, q a prime of at least 5 or 4, 8, 16 (the
// fields GF(q)). Label each point (row k in 0..3, column x in GF(q)); class
// r (r in GF(q)) seats at table t the four points (k, t + k*r). Two points of
// one row never share a table; (k1, x1), (k2, x2) of different rows share one
// in the class r with x2 - x1 = (k2 - k1) * r only, and k2 - k1 is not zero
// in the field, so r is unique: q repeat-free rounds (20 players 5, 28
// players 7, 32 players 8, 44 players 11, 64 players 16).
//
// With byes (n = 4q + m, m = 1..3 left over): the field plan of the 4q
// labels, and m extra players E_e (e = 0..m-1) who each round take the place
// of a label that then has the bye. E_e replaces in class r the label
// (row e, a_e + (e + g)*r), a_e = q-1-e, g a field element with g + k != 0
// for every row k (g = 1 in a prime field of at least 5, g = 4 in GF(8),
// GF(16); none in GF(4), so 17-19 players have no plan). Then:
//   - E_e's table in class r is a_e + g*r: the extras never share a table;
//   - E_e's table-mates (k, a_e + (g + k)*r), k != e, differ from class to
//     class (g + k != 0): an extra meets nobody twice either;
//   - E_e's bye labels (e, a_e + (e + g)*r) are q different points of row e
//     (e + g != 0): over q rounds every player of rows 0..m-1 has exactly one
//     bye, nobody a second while others have none; row 3 never has one.
// 29-31 players: 7 repeat-free rounds, 1-3 byes each. An extra sits where
// the label it replaces would, so its seats rotate like that row's.
//
// 24 players (no field of 6): a resolvable 4-GDD of type 3^8 (8 groups of 3,
// blocks of four meeting each group at most once, resolvable into 7 parallel
// classes: exists, the existence theorem for block size 4 and group size 3
// leaves out only type 3^4). Each player meets the 21 players outside their
// group once. Found here by a small exhaustive search over a base class on
// Z7 x {0,1,2} plus three fixed points, developed mod 7 (seating_plan.cpp).
//
// 23 players: the 24 design without one point (23): each class, its three
// table-mates sit out. Point 23 meets the 21 players outside its group once
// each, so 21 players have one bye over 7 rounds and 2 none.
// 25-27 players: the 24 design and 1-3 extra players that each class take
// the place (and seat) of a point who then has the bye, as in the field
// plans with byes; which point, a table of 7 x 3 found by a small
// backtracking search (seating_plan.cpp): the 7m points replaced are all
// different, two extras never share a table, an extra's 21 table-mates are
// all different.
// How many rounds can be repeat-free: a player without a bye over R rounds
// meets 3R others, so 3R <= n - 1 while some player has had no bye (fair
// byes: while m*R < n). 22 players: R <= 7 (8 rounds give 16 byes < 22,
// and 3 x 8 > 21); 23 and 25-27: R <= 8 by the same count, 7 reached here
// (the events play 7). 22 players have no plan: none exists on Z7 x 3 + 1
// (an exhaustive search over base classes developed mod 7), and a local
// search found none over 7 rounds (best 7 repeats); they take the seating's
// local search (docs/EVENT.md's table).
//
// A later round stays on the plan while every round played so far is one of
// its classes (tables as sets, byes as a set); the seating then picks, among
// the classes not yet played, the one that best puts like scores together.
// Seats: in the field plans row k sits in seat (k + j) mod 4 in the round
// with j rounds before it (every seat once in any four consecutive rounds);
// the 24 design has no rows, its seats come from the seating's own balancing.
#pragma once

#include <array>
#include <vector>

#include "event/event.h"

namespace tabula::event {

// How many repeat-free rounds the plan gives `players` (0: no plan).
int plan_rounds(int players);

struct PlanRound {
  std::vector<std::array<int, 4>> tables;  // player indices in seat order
  std::vector<int> byes;                   // the players sitting out
  bool rows = false;                       // the seats rotate by rows (the field plans)
};

// The plan's classes not yet played, seated for the next round, when `s` is
// on the plan: nobody withdrawn, plan_rounds(players) >= 1, and every played
// round one of the classes. Empty otherwise (and before round one, which
// defines the labels).
std::vector<PlanRound> unplayed_plan_rounds(const Section& s);

// The seat order of `next` (one of the plan's classes) given each player's
// seat counts so far (seat_count[p][seat]): every player in a seat they have
// had least where possible (counts within one), chosen so that the classes in
// `rest` (the plan's other unplayed classes, in whatever order they come) can
// still be seated so. A bye breaks the rows' rotation (the player's next seat
// is taken at their table) and the 24 design has no rows: a random search
// over each table's fitting orders, each tried against the rest of the plan
// seated greedily (fixed seed: the same history gives the same seats).
struct PlanSeats {
  std::vector<std::array<int, 4>> orders;  // the tables in seat order
  int misfits = 0;                         // players outside a least-used seat now
  int next_misfits = 0;                    // the fewest the best class after it must have
};
PlanSeats seat_plan_round(const std::vector<std::vector<int>>& seat_count, const PlanRound& next,
                          const std::vector<PlanRound>& rest);

// s13: the first class of `order` (indices into `classes`, the plan's
// unplayed classes) whose seat orders leave the event a way through: the
// next `rounds_after` rounds, from the other classes in some order, each with
// every player in a seat they have had least (so seat counts within one after
// every round). Which class comes when is decided later, by scores; the way
// through found shows only that one exists after this round, whichever class
// the scores then pick among those with a way through. An exact depth-first
// search with a budget of nodes per class (seating_plan.cpp); `which` is -1
// when none was found.
struct ThroughPick {
  int which = -1;
  std::vector<std::array<int, 4>> orders;
};
ThroughPick seat_plan_through(const std::vector<std::vector<int>>& seat_count, const std::vector<PlanRound>& classes,
                              const std::vector<std::size_t>& order, int rounds_after);

// s14: the same search with a far larger bound, the fallback when
// seat_plan_through found nothing within its own budget (docs/EVENT.md "A
// fallback that keeps the rule"). One search over the classes of `order`
// together, fail-first (the class with the fewest orders without misfit
// first, at every round); it ends with a class and orders that leave a way
// through, or with `which` -1, which is then a proof that no class and no
// orders do (every state searched, `proven_none`), or (s15) at `max_nodes`
// with neither (`ran_out`: the seating then says so and chooses round by
// round). A way through found in one round leaves one for the next (the
// rest of it), so from the first plan round on every round finds one, unless
// the first proves there is none.
//
// The bound is in nodes, not time: the same event seats the same on every
// machine. The worst of 480 measured searches took 325,034 nodes (s14,
// under a second); kExactThroughNodes is six times that (a few seconds).
inline constexpr long kExactThroughNodes = 2'000'000;
struct ExactThrough {
  ThroughPick pick;
  bool proven_none = false;
  bool ran_out = false;  // stopped at max_nodes: no way through found, none proven
  long nodes = 0;        // the search's nodes (tables seated), for the tests and figures
};
ExactThrough seat_plan_through_exact(const std::vector<std::vector<int>>& seat_count,
                                     const std::vector<PlanRound>& classes, const std::vector<std::size_t>& order,
                                     int rounds_after, long max_nodes = kExactThroughNodes);

// Test hook: the budget of seat_plan_through in nodes per class (0: the
// product's, 10,000). A tiny budget forces every round onto the fallback.
void set_through_budget_for_tests(long nodes);
// Test hook: the bound the seating passes to seat_plan_through_exact (0: the
// product's, kExactThroughNodes).
void set_exact_bound_for_tests(long nodes);
long exact_through_bound();

}  // namespace tabula::event

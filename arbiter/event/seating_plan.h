// seating_plan.h — a repeat-free plan of four-player rounds from a finite
// field (issue 35: 32 players over 7 rounds meet no one twice).
//
// For n = 4q players where q is a prime of at least 5 or 4, 8 or 16 (the
// fields GF(q)), label each player (row k in 0..3, column x in GF(q)).
// Round class r (r in GF(q)) seats at table t the four players
// (k, t + k*r), k = 0..3. Two players of one row never share a table; two
// players (k1, x1), (k2, x2) of different rows share one in the class r with
// x2 - x1 = (k2 - k1) * r only, and k2 - k1 is not zero in the field, so r
// is unique: over the q classes nobody meets anyone twice. q rounds: 20
// players 5, 28 players 7, 32 players 8, 44 players 11, 64 players 16.
//
// The labels come from the first round as played: table i (its order in
// the round) is column i, seat k is row k, so round one is class 0 whatever
// it was. A later round stays on the plan while every round played so far
// is one of its classes; the seating then picks, among the classes not yet
// played, the one that best puts like scores together. Seats: row k sits
// in seat (k + j) mod 4 in the round with j rounds before it, so every
// player takes each seat once in any four consecutive rounds (counts within
// one at every moment), and a table's four rows take four different seats.
#pragma once

#include <array>
#include <vector>

#include "event/event.h"

namespace tabula::event {

// How many repeat-free rounds the plan gives `players` (0: no plan: not a
// multiple of four, or no field of that size).
int plan_rounds(int players);

struct PlanRound {
  std::vector<std::array<int, 4>> tables;  // player indices in seat order
};

// The plan's classes not yet played, seated for the next round, when `s` is
// on the plan: every player active and seated in every round (no byes),
// plan_rounds(players) >= 1, and every played round one of the classes.
// Empty otherwise (and for the first round, which defines the labels).
std::vector<PlanRound> unplayed_plan_rounds(const Section& s);

}  // namespace tabula::event

// seating.h — seats the next round of a section (issue 35).
//
// Four-player tables (Format::kFourPlayer), Swiss-style, in this order of
// importance (each a weight far above the next, so a lower one never buys a
// breach of a higher one):
//   1. no two players meet again while it can be avoided: the cost counts
//      every earlier meeting of every pair at a table;
//   2. each player's seats balanced over the event: a player sits only in a
//      seat they have had least (so their seat counts never differ by more
//      than one), and among the choices the seats are chosen so that next
//      round every seat is still wanted by as many players as there are
//      tables (else round 4 of 7 could leave someone a seat they already had);
//   3. players of like score together: the squared score differences at a
//      table (Swiss score groups; the list starts in score order, so with no
//      history round 1 seats by rating: 1-4, 5-8, ...).
// The search is a local search over swaps of two players between tables,
// restarted from perturbations (iterated local search) with a fixed seed:
// the same section always gets the same seating. Where it is short of room
// (fewer than a third of the others left unmet after the last round) and a finite-field plan exists (no byes, n = 4q,
// seating_plan.h), the rounds follow that repeat-free plan instead: each
// round the unplayed class of the plan with the lowest cost above.
//
// Byes (1-3 players left over when the count is not a multiple of four): the
// lowest-ranked players with the fewest byes so far sit out (as FIDE C.04.1 c
// gives the pairing bye), scoring bye_points_of() (1.5, half of 3). Tables of
// three would be a different game (the variants are for four seats) and
// boards of five do not exist; a bye is the one honest choice. Nobody gets a
// second bye while someone has none.
//
// Teams (kFourPlayerTeams): the teams are paired as units by pair_swiss()
// (swiss.h), the team with "white" sits on seats 0 and 2 (Red, Yellow: Red
// moves first), the partners alternating between the two seats.
// Two-player (kTwoPlayer): pair_swiss() over players.
//
// Tables take the event's boards in order, best scores first; more tables
// than boards is an error, not a silent bye.
#pragma once

#include <string>
#include <vector>

#include "event/event.h"

namespace tabula::event {

struct SeatingResult {
  Round round;
  std::string error;  // empty when seated
  std::string note;   // seated, with a warning for the arbiter (s14: seat balance proven out of reach)
  bool ok() const { return error.empty(); }
};

// The next round of `s` (its last round must be finished).
SeatingResult seat_next_round(const Section& s, const std::vector<std::string>& boards);

// The figures the issue asks for, over a section's rounds.
struct SeatingQuality {
  int repeat_meetings = 0;      // sum over pairs of (times met - 1) where they met twice or more
  int avoidable_bound = 0;      // a lower bound of the repeats no seating avoids (counting argument)
  int max_seat_spread = 0;      // max over players of (most-used seat - least-used seat)
  int players_unbalanced = 0;   // players whose spread exceeds 1
  int max_byes = 0;             // the most byes one player had
  double mean_score_spread = 0; // mean over tables of (best - worst score before the round)
};
SeatingQuality quality_of(const Section& s);

}  // namespace tabula::event

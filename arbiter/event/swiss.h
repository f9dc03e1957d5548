// swiss.h — a built-in Swiss pairing of two-sided games for small club events
// without a pairing program (issue 35): two-player sections pair players,
// teams sections (Chess Four, chess.com Teams) pair teams of fixed partners.
// Not a FIDE-endorsed Dutch system: for rated events export the round as
// TRF-16 (trf.h) and pair it with JaVaFo or bbpPairings.
//
// The rules it follows, in order:
//   1. an odd count: the bye goes to the lowest-ranked unit with the fewest
//      byes so far (FIDE C.04.1 c: no one gets a second bye while another
//      has none);
//   2. no two units meet again while a pairing without a rematch exists
//      (depth-first search with backtracking; only when none exists are
//      rematches allowed, fewest first);
//   3. units of like score together: the top of the list is paired first,
//      with the candidate of closest score, and within a score group the top
//      half meets the bottom half (1 v 1+g/2, as the Dutch system's S1 v S2);
//   4. colours: the unit with the lower colour difference (whites - blacks)
//      takes white; equal: the one that had black last; equal again: the
//      higher ranked takes the colour it did not have last, white in the first
//      round on odd tables and black on even ones.
// Pure and deterministic.
#pragma once

#include <optional>
#include <utility>
#include <vector>

namespace tabula::event {

struct SwissUnit {
  double score = 0;
  int rating = 0;
  int colour_diff = 0;   // whites - blacks
  int last_colour = -1;  // -1 none, 0 white, 1 black
  int byes = 0;
};

struct SwissPairing {
  std::vector<std::pair<int, int>> pairs;  // (white, black), best scores first
  std::optional<int> bye;
  int rematches = 0;
};

// Pairs every unit (`met[a][b]`: games a and b have had).
SwissPairing pair_swiss(const std::vector<SwissUnit>& units, const std::vector<std::vector<int>>& met);

}  // namespace tabula::event

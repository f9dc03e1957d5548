// betza.h — piece movement written as a Betza-like string, compiled to patterns.
//
// The grammar is a subset of XBetza, enough for every piece on the five sheets
// (RULINGS; Bipartite's pieces included):
//
//   piece     := { modifiers atom [count] }
//   atom      := W F D N A H C Z G   one step/leap, in all its symmetric directions
//              | K (= WF)  R (= W rider)  B (= F rider)  Q (= R + B)
//              | a doubled atom (WW, FF, NN): an unlimited rider
//   count     := digits: a rider of at most that many steps (0 = unlimited);
//                "B3" is a bishop that goes at most three squares (004)
//   modifiers := m (move only) | c (capture only) | n (lame: does not leap;
//                the path's intermediate squares must be empty)
//              | f b l r s v, and pairs such as fl, fr, ff, fs: directions
//                relative to the owner's seat (forward = where his pawns go)
//
// Directions: for orthogonal atoms each letter stands alone (f, b, l, r;
// s = l + r, v = f + b). For diagonal atoms a lone f means both forward
// diagonals and fl/fr/bl/br pick one. For oblique atoms (N, C, Z) f means all
// forward moves, ff the narrow ones, fs the wide ones.
//
// Examples: pawn "fmWfcF"; king "K"; knight "N"; Bipartite captain "NmvW",
// guard "fsWfFmbWmbF", soldier "mWF", swordsman "mWnD", messenger in stage one
// "fmWfmF".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tabula::core {

// A displacement in the owner's frame: x to his right, y forward.
struct Offset {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(const Offset&, const Offset&) = default;
};

// One way of moving. `legs` are walked in order; every leg but the last is a
// square that must be empty (lame paths); a leaper has a single leg. A rider
// repeats `legs` (one leg) up to `range` times (0 = to the edge).
struct Pattern {
  std::vector<Offset> legs;
  int range = 1;
  bool can_move = true;
  bool can_capture = true;
  friend bool operator==(const Pattern&, const Pattern&) = default;
};

// Parses a movement string. Errors name the offending character's column
// (1-based) and what was expected there.
Result<std::vector<Pattern>> parse_betza(std::string_view text);

}  // namespace tabula::core

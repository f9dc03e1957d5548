// footprint.h — how a legal move looks to presence sensors.
//
// Section index: Footprint, footprint_of, CandidateGroup, candidate_groups.
//
// The footprint of a move is what the reeds can see of it (issue 5):
//   - `changed`: squares whose occupancy flips. A step or slide empties
//     `from` and fills `to`; en passant also empties the victim's square;
//     castling empties king_from and rook_from and fills king_to and rook_to
//     (fewer squares where they overlap); a placement (003 rule 5) fills `to`.
//   - `kept`: squares occupied before and after by a different piece — the
//     capture square, where the victim is lifted and the mover put down, in
//     either order. Presence alone cannot see it, so the touches must: the
//     square must be refilled after the moving piece left `origin`.
//   - `origin`: the square the moving piece leaves (king_from for castling).
// A promotion looks like the plain move; its choices share one footprint and
// form one CandidateGroup (likewise a placement's piece kinds), so the table
// is asked which piece only when the variant offers more than one.
//
// Passes have no footprint and are never candidates (the Game plays them).
// Squares are logical squares (a merged square's anchor). Pure functions.
#pragma once

#include <vector>

#include "core/position.h"
#include "core/types.h"

namespace tabula::inference {

struct Footprint {
  core::SquareSet changed;
  core::SquareSet kept;
  core::Square origin = core::kNoSquare;

  core::SquareSet touched() const { return changed | kept; }
  friend bool operator==(const Footprint&, const Footprint&) = default;
};

// `m` must be a move of `before`'s side to move (pseudo-legal at least).
Footprint footprint_of(const core::Position& before, const core::Move& m);

// The legal moves that share one footprint.
struct CandidateGroup {
  std::vector<core::Move> moves;  // one, or the choices of a promotion/placement
  Footprint footprint;
  // Some other group's footprint strictly extends this one (a rook move that
  // is also the first half of castling): wait longer before committing it.
  bool prefix = false;
};

// Groups `moves` (of `pos`) by footprint, in the order the moves come; marks
// prefixes. Passes are left out.
std::vector<CandidateGroup> candidate_groups(const core::Position& pos,
                                             const core::MoveList& moves);

// `d` lies strictly between `o` and `e` on one line of equal steps (a rank,
// a file, a diagonal, or a rider's leap repeated): a piece going from o to e
// passes over d.
bool lies_between(core::Square o, core::Square d, core::Square e);

// A knight's jump from `from` to `to`, and `beside` a king's step from `to`
// (a knight set down beside the square it takes on: session 16).
bool knight_beside(core::Square from, core::Square to, core::Square beside);

// `beside` a king's step from `to` and not on the way from `from` to `to`
// (any piece set down beside the square it takes on: session 17).
bool set_beside(core::Square from, core::Square to, core::Square beside);

// Squares a candidate would capture on (kept squares and en passant victims):
// touching an opponent's piece there is the start of a capture, not a touch
// out of turn.
core::SquareSet capture_targets(const std::vector<CandidateGroup>& groups,
                                const core::SquareSet& expected);

}  // namespace tabula::inference

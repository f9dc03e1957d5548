// fix_plan.h — what the hands must do to bring the board back to the game.
//
// Section index: FixKind, Fix, plan_fixes, piece_name_of, square_list.
//
// Issue 5: "An out-of-sync board lists the squares to fix, one action at a
// time, pairing each missing piece with the nearest extra square." Missing
// squares should hold a piece and are empty; extra squares hold a piece and
// should be empty. Each missing square is paired with the nearest extra one
// (Chebyshev distance, then Manhattan, then square order — deterministic), and
// the pair becomes one action, "move Blue's knight from f6 back to g8". What
// is left becomes "put ... on" and "take the piece off". When the hands are
// known to have tried one move (an Attempt), that move is undone first: the
// mover goes back, then a captured piece returns to its square.
//
// The actions come in the order to do them: moves back, then pieces to put
// back, then pieces to take off, then stray pieces on cells that are no
// square. Pure functions.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "inference/evidence.h"

namespace tabula::inference {

enum class FixKind : std::uint8_t {
  kMove,    // take the piece on `from` and put it on `to`
  kPut,     // put `piece` on `to` (it is off the board)
  kRemove,  // take the piece on `from` off the board
};

struct Fix {
  FixKind kind = FixKind::kPut;
  core::Square from = core::kNoSquare;
  core::Square to = core::kNoSquare;
  core::Piece piece;  // what belongs on `to` (kMove, kPut)
  std::string text;   // "move Blue's knight from f6 back to g8"

  friend bool operator==(const Fix&, const Fix&) = default;
};

// Where the pieces now standing came from, as the touches since the last
// accepted move show (issue 18: follow each piece, do not only pair squares
// by distance). For every square filled since, the square its piece was
// lifted from (kNoSquare: not moved, or a piece from off the board), and
// whether that is certain: only one piece was in the air when it was put down
// (with more, the last one lifted is taken, a guess).
struct Provenance {
  std::array<core::Square, core::kMaxSquares> from;
  core::SquareSet certain;
  // Session 20: squares whose piece was followed by readings of the hands
  // only (one piece in the air, a piece back home, the hand's own line...),
  // never by a blind guess (the piece lifted last, nothing else telling):
  // plan_fixes sends it back to `from` before pairing by distance.
  core::SquareSet followed;
  Provenance() { from.fill(core::kNoSquare); }
};
// What follow_pieces may know beside the touches: the position the baseline
// holds (whose pieces are in the air, who is to move) and the bounce window.
struct FollowContext {
  const core::Position* position = nullptr;
  Millis bounce{0};
};
// Follows the pieces through `touches` (in order), from a board whose
// occupied squares `baseline` hold their own pieces. With several pieces in
// the hands, the one put down on a square is read as hands behave (issue 27
// item 2), in this order: a square refilled within the bounce window of its
// own lift takes the piece held before (no hand puts a piece back that fast:
// the virtual board's capture); a square whose piece, not the mover's, was
// lifted while the mover held one takes the mover's (a capture); a square
// refilled while the piece lifted from it is in the air, lifted before the
// others or the mover's own, takes it back; a square whose own piece (at the
// baseline) is in the air takes it; else the piece lifted last when its
// last square or its own lies on a straight line with this one, or the one
// other piece whose does (session 20: each hand keeps to its own piece's
// lines); otherwise the piece lifted last, a blind guess (not `followed`).
Provenance follow_pieces(const core::SquareSet& baseline, const std::vector<Touch>& touches,
                         const FollowContext& ctx = {});
// Squares that hold (as far as the touches show, certain or not) a piece of
// another seat or kind than the one `expected` has there: pieces swapped by
// hands that restored the occupancy but not the pieces.
core::SquareSet swapped_squares(const core::Position& expected, const Provenance& moved);

// Actions that make `physical` show `expected`'s occupancy. `ignored` squares
// are left alone; `stray` are occupied cells that are no square. With
// `moved`, a piece whose origin is known goes back to it before any pairing
// by distance, and swapped pieces are named and exchanged.
std::vector<Fix> plan_fixes(const core::Position& expected, const core::SquareSet& physical,
                            const core::SquareSet& ignored, const core::SquareSet& stray,
                            const std::optional<Attempt>& attempt = std::nullopt,
                            const Provenance* moved = nullptr);

// "Blue's knight" (or "a piece" for an empty square).
std::string piece_name_of(const core::RuleSet& rules, core::Piece p);
// "a4, a5 and b4".
std::string square_list(const core::Geometry& g, const core::SquareSet& squares);
// "move Blue's knight from f6 back to g8; then put Red's pawn back on e5".
std::string fixes_sentence(const std::vector<Fix>& fixes, std::size_t at_most = 3);

}  // namespace tabula::inference

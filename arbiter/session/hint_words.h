// hint_words.h — a hint's move in words a child at the table follows, for
// the kiosk's screen and the voice alike (s16-club: "Hint for Red: Bi1-e5"
// said only the notation; s17-club: castling and promotion).
//
//   a move       "move the bishop from i1 to e5"
//   castling     "castle king side: king e1 to g1, rook h1 to f1"
//   a promotion  "move the pawn from e7 to e8 and make it a queen"
//
// Squares are named as the game's notation names them (core::Geometry). Pure;
// thread-safe (no state).
#pragma once

#include <optional>
#include <string>

#include "core/position.h"
#include "core/types.h"
#include "session/output.h"

namespace tabula::session {

// `m` (legal in `before`) in words, as above.
std::string move_in_words(const core::Position& before, const core::Move& m);

// A hint ruling (RulingKind::kAdvice, "Hint for Red: Bi1-e5", its two
// squares) in words for the position `pos` it was given in: "Hint for Red:
// move the bishop from i1 to e5". The move is read back from the ruling's
// squares and notation ("O-O", "=Q": the promotion's piece is the one the
// notation names, never guessed). nullopt when `r` is no hint or no longer
// fits `pos` (its piece moved, another seat to move, the notation reads
// otherwise here): the caller keeps the ruling's own text.
std::optional<std::string> hint_in_words(const Ruling& r, const core::Position& pos);

}  // namespace tabula::session

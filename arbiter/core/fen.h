// fen.h — Forsyth-Edwards Notation for two-seat variants.
//
// Format (one line, fields separated by spaces):
//   <board> <side> <castling> <en passant> [<halfmove clock> [<fullmove number>]]
// board      ranks from the top (the north edge) down, separated by '/'; in a
//            rank: a piece letter (uppercase = seat 0, the south seat;
//            lowercase = seat 1), a number of empty squares (may be 2 digits
//            on wide boards), or '*' for a hole (004's X squares).
// side       the letter of the seat to move, as the variant names it ('w', 'b').
// castling   '-' or letters: K/Q for seat 0's king/queen side, k/q for seat 1.
// en passant '-' or the square a pawn just skipped.
//
// A bad FEN comes back as an Error whose column points at the offending
// character and whose message says which field is wrong and what was expected.
// Positions that cannot arise are refused too: a seat without exactly one
// king, the side not to move in check, a pawn on its promotion zone, castling
// rights without the king and rook in place, an en passant square with no
// pawn that could just have made it.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabula::core {

Result<Position> parse_fen(const RuleSet& rules, std::string_view fen);
std::string to_fen(const Position& pos);

// Checks that a set-up position could arise in play (shared by FEN and FEN4).
// Returns the first problem found, worded for a person.
std::optional<Error> check_setup(const Position& pos);

}  // namespace tabula::core

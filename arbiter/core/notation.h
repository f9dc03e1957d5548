// notation.h — writing and reading moves as text.
//
// Coordinate notation ("e2e4", "e7e8q", "a11xb12" style for wide boards uses
// the same rule: from square, to square, promotion letter in lowercase) is
// what perft --divide prints and what engines such as Stockfish print, so the
// two can be compared line by line. Castling is written as the king's move.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace tabula::core {

std::string coordinate(const Position& pos, const Move& m);
// Finds the legal move of the side to move written in coordinate notation.
// Returns false when there is none.
bool parse_coordinate(const Position& pos, std::string_view text, Move& out);

}  // namespace tabula::core

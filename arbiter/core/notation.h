// notation.h — writing and reading moves as text.
//
// Three notations:
//  - coordinate ("e2e4", "e7e8q"): what perft --divide and engines print;
//  - long algebraic, chess.com's PGN4 style: piece letter (none for a pawn),
//    from, '-' or 'x' with the captured piece's letter (none for a pawn),
//    to, "=D" for a promotion; "O-O" / "O-O-O"; e.g. "Qa11xRa9", "k11xl10";
//  - SAN for two-player PGN ("Nf3", "exd5", "e8=Q", "O-O-O").
// Check and mate marks are added by the caller, who knows what the move did:
// '+' per king left in check, '#' per king mated.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace tabula::core {

std::string coordinate(const Position& pos, const Move& m);
// Finds the legal move written in coordinate notation. False when none.
bool parse_coordinate(const Position& pos, std::string_view text, Move& out);

std::string long_algebraic(const Position& before, const Move& m);
std::string san(const Position& before, const Move& m);

// A move token with its annotations taken off.
struct MoveText {
  std::string move;  // the move itself; empty when the token is only a marker
  int checks = 0;    // '+' marks
  int mates = 0;     // '#' marks
  char marker = 0;   // PGN4 'R' resign, 'T' timeout, 'S' stalemate; 0 none
};
MoveText split_annotations(std::string_view token);

// Finds the legal move a token names (long algebraic or SAN, with or without
// annotations). On failure returns false and says why in `why`.
bool parse_move(const Position& pos, std::string_view text, Move& out, std::string& why);
// The same among `legal`, the game layer's legal moves (Game::legal_moves:
// with 003's placements, "Q@h5", and the relations' refusals).
bool parse_move(const Position& pos, const MoveList& legal, std::string_view text, Move& out, std::string& why);

}  // namespace tabula::core

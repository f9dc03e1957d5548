// dead_position.h — positions no series of legal moves can end in mate,
// beyond counting material: a frozen wall of pawns (issue 31 item 9).
//
// FIDE 5.2.2: "The game is drawn when a position has arisen in which
// neither player can checkmate the opponent's king with any series of legal
// moves" (a dead position). Material is one reason (Game's
// insufficient_material); a pawn wall the kings cannot cross is another:
// `8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1`.
//
// The test here is sound and deliberately incomplete, in the spirit of
// Miguel Ambrona's unwinnability analysis (CHA, "Chess Unwinnability
// Analyzer"): it answers true only when it can prove the position dead, and
// false whenever it cannot (a winnable position is never called dead). The
// proof: (1) two seats, only kings (moving as K) and pawns (moving as
// fmWfcF, the orthodox pawn) on the board, no en passant open; (2) every pawn
// is frozen: the square in front of it holds an enemy pawn, or one of its
// own that is frozen; (3) no pawn can capture a pawn now; (4) neither king
// can ever capture an enemy pawn: flooding each king's moves over squares
// no enemy pawn attacks and no own pawn holds, it never reaches an enemy
// pawn's square. Then the pawns never move or disappear, only the kings
// move; a king never stands on a square an enemy pawn attacks and kings
// cannot check each other, so no check, and no mate, can ever happen.
// Pure and deterministic; standard library only.
#pragma once

#include "core/position.h"

namespace tabula::core {

// True when the blocked-pawn proof above shows the position is dead.
bool dead_by_blocked_pawns(const Position& pos);

}  // namespace tabula::core

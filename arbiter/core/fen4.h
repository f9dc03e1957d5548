// fen4.h — chess.com's FEN4 for four-seat boards.
//
// Format (fields separated by '-'):
//   <turn>-<dead>-<castle K>-<castle Q>-<points>-<halfmove>-[<extras>-]<board>
// turn       the letter of the seat to move (R, B, Y, G for chess.com)
// dead       one flag per seat, in the variant's seat order: 1 = out of the game
// castle K/Q one flag per seat: king-side / queen-side castling still allowed
// points     one number per seat (the points ledger)
// halfmove   plies since the last capture or pawn move
// extras     optional, in braces: {'enPassant':('j3:j4','','','')} gives each
//            seat's open en passant square (and, after ':', its pawn's square);
//            'left':('','R','','T') (Tabula's) says which dead seats resigned
//            (R) or lost on time (T); other keys are chess.com display options
//            and are ignored
// board      ranks from the top (rank 14) down, separated by '/'; cells
//            separated by ','; a number is a run of empty or absent cells; a
//            piece is its owner's letter in lowercase and its piece letter
//            ("rK", "yP"); a 'd' before it marks a dead piece ("drK")
//
// Issue 17 item 6, every state a game reaches: a dead seat whose king has
// no 'd' is a walking king (chess.com DeadKingWalking: "drP" army, "rK"
// king); one with no dead piece at all is a random mover (002); a dead seat
// without 'left' and with live pieces resigned; the halfmove clock is the
// move rule's count (live plies only where the variant says so).
//
// Seat letters come from the variant file, so the same reader serves
// chess.com's presets (R B Y G) and the sheets' own seats.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabula::core {

// The ledger read from a FEN4, per seat (variant seat order).
using SeatPoints = std::array<int, kMaxSeats>;

Result<Position> parse_fen4(const RuleSet& rules, std::string_view fen4, SeatPoints* points = nullptr);
std::string to_fen4(const Position& pos, const SeatPoints& points = {});

}  // namespace tabula::core

// ruling.h — what the arbiter says about each event.
//
// Every check, mate, stalemate, elimination, ledger change, skipped turn and
// end of game is a Ruling (RULINGS, "Shared by all variants"); the kiosk shows
// them and the journal records them. A Ruling carries both the facts (kind,
// seats, squares, amount) for machines and a sentence for people.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace tabula::core {

// RULINGS: illegal (the move is refused; the board must be put back),
// warning (the move stands; the arbiter is told), info.
enum class Severity : std::uint8_t { kInfo, kWarning, kIllegal };

enum class RulingKind : std::uint8_t {
  kMove,          // a move was accepted (info)
  kIllegalMove,   // a move was refused (illegal)
  kCheck,         // `seat` is in check from `by` (squares: the checkers)
  kDoubleCheck,   // one move checks two or more kings (`seats`)
  kCheckmate,     // `seat` is mated; credited to `by`
  kStalemate,     // `seat` has no legal move and is not in check
  kKingCaptured,  // `seat`'s king was taken by `by`
  kElimination,   // `seat` leaves the game (how: text)
  kResignation,   // `seat` resigned
  kTimeout,       // `seat` lost on time
  kPoints,        // `seat` gains `amount` points (reason: text)
  kTurnSkipped,   // `seat` does not move this turn
  kPass,          // `seat` has no move and passes
  kDraw,          // the game is drawn (reason: text)
  kGameOver,      // the game ended; `seats` is the ranking, best first
  kPromotion,     // a pawn promoted
  kRelation,      // 003: an alliance ends, a vassal is made or freed
  kRemoval,       // pieces to take off the board (003 rule 3, eliminations)
};

struct Ruling {
  RulingKind kind = RulingKind::kMove;
  Severity severity = Severity::kInfo;
  Seat seat = kNoSeat;  // whom it is about
  Seat by = kNoSeat;    // who caused it
  std::vector<Seat> seats;
  std::vector<Square> squares;
  int amount = 0;
  std::string text;  // a sentence for the table
};

const char* to_string(RulingKind k);
const char* to_string(Severity s);

}  // namespace tabula::core

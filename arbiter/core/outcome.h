// outcome.h — how a game ended: over or not, drawn, why (as a code and
// as words), and the ranking.
//
// The code is what a search reads (issue 30 item 2: a made move writes no
// words and allocates nothing); Game::reason_words() turns it into the
// words the session shows, written into Outcome::reason by play() and the
// operator's actions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace tabula::core {

// Why a game ended, as a code: a search's make() writes no words (issue 30
// item 2); Game::reason_words() writes them ("checkmate", "fifty-move
// rule", "White rules every remaining player", ...).
struct EndReason {
  enum class Kind : std::uint8_t {
    kNone,
    kCheckmate,
    kResignation,
    kTime,
    kStalemate,
    kLastPlayerStanding,
    kLastTeamStanding,
    kMoveRule,              // n: the plies of the automatic move rule
    kRepetition,            // n: the automatic repetition count
    kInsufficientMaterial,
    kDeadPosition,          // FIDE 5.2.2: blocked pawns
    kTimeForfeitNoMate,     // seat: the opponent who cannot checkmate (FIDE 6.9)
    kAgreement,
    kAdjudicated,
    kClaim,                 // n: 1 the fifty-move rule, 2 threefold repetition, 3 both
    kNoPlayerCanMove,
    kRulesEveryone,         // seat: the one suzerain (003)
    kBareKing,              // 004
    kBaredBack,             // seat: who bared the king back at once (004)
    kOpponentHome,          // 004 stage one
  };
  Kind kind = Kind::kNone;
  int n = 0;
  Seat seat = kNoSeat;
  bool operator==(const EndReason&) const = default;
};

struct Outcome {
  bool over = false;
  bool draw = false;
  EndReason why;              // what a search reads
  std::string reason;         // its words, written by play() and the operator's actions (not by make())
  std::vector<Seat> ranking;  // best first; for a decisive 2-seat game the winner first
};

}  // namespace tabula::core

// replay.h — plays a recorded game (PGN or PGN4) through the arbiter.
//
// Every token is read against the current position: a move (long algebraic
// or SAN), or a PGN4 marker — 'R' resign, 'T' timeout (standalone, or after
// the move of the seat that then resigned), 'S' stalemate and a lone '#'
// (the record noting a mate or stalemate the arbiter must already have
// found). Replay stops at the first token it refuses, naming the round, the
// seat and the token.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/pgn.h"

namespace tabula::core {

struct ReplayStep {
  int round = 0;
  Seat seat = kNoSeat;
  std::string token;
  std::vector<Ruling> rulings;
};

struct ReplayResult {
  std::optional<Game> game;  // the state after the last accepted token
  std::vector<ReplayStep> steps;
  bool ok = true;
  std::string error;  // "round 12, Blue, Qa11xRa9: ..." when !ok
  int line = 0;
};

// How a finished two-seat record says it ended (its result and Termination
// tag; issue 31 item 8): the action that ends the game that way.
struct RecordedEnd {
  enum class Kind : std::uint8_t { kResignation, kTime, kAgreement, kClaim, kAdjudication, kOnTheBoard };
  Kind kind = Kind::kResignation;
  bool draw = false;
  Seat winner = kNoSeat;
  Seat loser = kNoSeat;
  std::string said;   // "won by resignation", "drawn by agreement", ...
  std::string error;  // not a finished game's result
};
RecordedEnd recorded_end(const PgnRecord& record);

// The record's Date tag as YYYY-MM-DD (PGN "2022.03.19", chess.com's
// "Sat Mar 19 2022 ..."), or "" when absent or unreadable.
std::string record_date(const PgnRecord& record);
// The rules as they stood on `date` (draws.repetition_eras); `rules` itself
// when no era applies.
std::shared_ptr<const RuleSet> rules_for_date(std::shared_ptr<const RuleSet> rules, const std::string& date);

ReplayResult replay(std::shared_ptr<const RuleSet> rules, const Position& start,
                    const std::array<int, kMaxSeats>& points, const PgnRecord& record);

}  // namespace tabula::core

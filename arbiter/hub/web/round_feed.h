// round_feed.h — a board's game as the broadcast feeds carry it (issue 34):
// PGN for two seats (standard tags, SAN, a [%clk H:MM:SS] comment after each
// move whose clock the hub saw, "*" while the game runs), PGN4 for four
// seats (chess.com's tags, long algebraic by rounds), one game per board of
// the round, the whole round in each answer (what a broadcast polls).
//
// The game is rebuilt from the board's retained state: its record of
// accepted moves, played from its start (BoardState.start_position, or the
// variant's own) through the rules core, so the text is the core's own
// notation; a game the board ended off the record (resignation, flag,
// adjudication) is closed as the state says. Pure, not thread-safe (the
// VariantCache).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hub/web/board_json.h"
#include "tabula_proto/hub.pb.h"

namespace tabula::hub::web {

// Clock readings after moves: move number (1-based) -> milliseconds left.
using ClockMarks = std::map<int, std::int64_t>;

// One game. On a record that does not replay here, the text still has the
// tags and the result, with the reason as a comment, and `error` says it.
std::string game_record(const wire::BoardState& state, const std::string& event, int round,
                        const ClockMarks& clocks, std::string& error);

// "[%clk 1:02:03]" for 3723000 ms (rounded down to the second).
std::string clk_comment(std::int64_t ms);

// "YYYY.MM.DD" of a wall clock in ms since the epoch, UTC.
std::string pgn_date(std::int64_t wall_ms);

// Orders board names as people number tables: "t2" before "t10".
bool natural_less(const std::string& a, const std::string& b);

}  // namespace tabula::hub::web

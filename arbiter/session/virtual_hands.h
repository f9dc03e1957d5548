// virtual_hands.h — a move made cleanly on a virtual board (issue 33).
//
// Section index: hand_events.
//
// `tabula play` (typed moves) and the bot tests move pieces the way a careful
// hand would: every piece that leaves or is taken is lifted (a victim
// first), then every square the move fills is set down, 120 ms apart. The
// events are the difference between the board before and after the move
// (occupancy_of), so castling, en passant and promotion come out right
// without knowing their kinds; the promotion's piece is chosen afterwards as
// at the table. Pure.
#pragma once

#include <vector>

#include "core/game.h"
#include "session/input.h"

namespace tabula::session {

inline constexpr Millis kHandStep{120};

// The sensor events of `m` (legal in `before`), the first at `at`.
std::vector<SquareEvent> hand_events(const core::Game& before, const core::Move& m, Millis at);

}  // namespace tabula::session

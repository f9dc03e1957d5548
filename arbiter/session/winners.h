// winners.h — who won, as the table and the hall are shown it (s31-hall):
// the ranking's first and, in a team game, its teammates. The kiosk's seat
// statuses ("won", ui/session_view.cpp) and the hub's web page (the board
// JSON's "winners", hub/web/board_json.cpp) read it here, so a team's
// partner is marked on both (the page marked only the ranking's first).
//
// A side is the variant's fixed teams (relations.team), as Game::teammates()
// plays them (core/module_teams.cpp): 001 Chess Four's and chess.com Teams'
// teams. allies-vassals' first alliances are no side at the end: 003's
// winner is the one who holds most tokens (RULINGS 003), alone (the lead,
// session 31: s31-hall had marked his first ally too, as the engine and
// `tabula match` score partners for strength). Pure; thread-safe (no state).
#pragma once

#include <vector>

#include "core/rule_set.h"

namespace tabula::session {

// The seats that win with `first` (the ranking's first of a game won, not
// drawn): `first` and its teammates, in seat order; `first` alone where
// the variant has no teams; none for a seat the variant does not have.
std::vector<core::Seat> winning_side(const core::RuleSet& rules, core::Seat first);

}  // namespace tabula::session

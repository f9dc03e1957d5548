// session_view.h — the kiosk's view of a real session: session::Snapshot in,
// KioskView out. The only place where the kiosk's contract meets the
// arbiter's types; pure (no ImGui, no I/O), so it is unit-tested.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "session/snapshot.h"
#include "ui/view_model.h"

namespace tabula::ui {

// Builds what the screen shows from a session snapshot. `held` is the square
// a piece was lifted from in the --sim hand (drawn at the lifted square's
// destination until the move settles), if any.
KioskView view_of(const session::Snapshot& snap, const core::RuleSet& rules);
// A finished game's result in words, "" while it goes on: "1-0 · White wins
// (checkmate)", "1st Yellow 21 pts · 2nd ...", "a draw (...): Red 0 pts · Blue
// 0 pts ..." (a draw in seat order). `label` names seat i (0-based): view_of
// passes the seat's name, the kiosk "Ann (Red)" once it knows the players
// (s29-newuser: the end screen said "Green 0 pts Yellow 0 pts Blue 0 pts Red
// 0 pts" beside a ledger of Ann, Ben, Cem and the bot).
std::string result_of(const session::Snapshot& snap, const core::RuleSet& rules,
                      const std::function<std::string(int)>& label);
// s30-table: the rulings and the check lines of `v` with the players named
// beside their seats ("Hint for Ann (Red)", session/player_words.h); on the
// screen only: the session's texts, as the journal keeps them, are not
// changed. `players` in seat order ("" unnamed); none: nothing changes.
void name_players(KioskView& v, const core::RuleSet& rules, const std::vector<std::string>& players);
// The clocks of `snap` as they stand at session time `now` (the kiosk calls
// it every frame: the snapshot is only rebuilt when an input changes it).
ClockView clocks_of(const session::Snapshot& snap, session::Millis now);
ClockView clock_view(const session::GameClock& clock, session::Millis now, bool held = false);

// While the board is on its way to a legal move of the seat to move (an en
// passant capturer put down before its victim is lifted, a king castled
// before its rook: issue 27 item 8), what is left to finish the move, in
// place of steps that would undo it: the steps of the one move the board can
// still become, or none while several are open. nullopt when no legal move
// fits the board (the fixes stand). `board_cells`: the sensed cells.
std::optional<std::vector<FixSquare>> finishing_steps(const core::Game& game, const core::SquareSet& board_cells);

// The kiosk cell of a core square, and back.
Cell cell_of(core::Square s);
core::Square square_of(Cell c);

}  // namespace tabula::ui

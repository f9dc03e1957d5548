// seat_steps.h — who plays a seat, as the kiosk's - / + controls step through
// it (issue 33 item 1): a person, the greedy bot, bot levels 1-8. The steps
// read and write the same "SEAT=LEVEL,..." text as --bots
// (session/bot_seats.h), so the setup page and the Players screen hand the
// session exactly what the command line would.
//
// Session 30: in orthodox chess with Stockfish installed (`stockfish`), the
// steps after a person are Stockfish's first (the project's brief: Stockfish
// for two-player chess): skill 0, 5 and 10 for a child's first games, Elo
// 1350, 1500, 1800 and 2200, full strength; then Tabula's greedy and levels
// 1-8, named "Tabula, ..." beside Stockfish's.
#pragma once

#include <string>
#include <vector>

namespace tabula::ui {

inline constexpr int kSeatSteps = 10;  // a person, the greedy bot, levels 1..8
inline constexpr int kStockfishSteps = 8;  // skill 0, 5, 10; 1350, 1500, 1800, 2200; full

/// How many steps a seat has (a person included).
int seat_step_count(bool stockfish = false);
/// --bots's level for a step above 0: "greedy", "1".."8", "stockfish:1500".
std::string seat_step_value(int step, bool stockfish = false);
/// The words on a seat's control: "a person", "bot, greedy", "bot, level 3";
/// with Stockfish "Stockfish 1500", "Stockfish, skill 0", "Tabula, level 3".
std::string seat_step_words(int step, bool stockfish = false);
/// The longest of the words (the control's width).
std::string widest_seat_step_words(bool stockfish = false);
/// The step of `seat` in `bots` ("SEAT=LEVEL,..."): 0 when it is not there.
int seat_step(const std::string& bots, const std::string& seat, bool stockfish = false);
/// `bots` with `seat` at `step` (0 removes it), written in `seats`' order.
std::string with_seat_step(const std::string& bots, const std::vector<std::string>& seats, const std::string& seat,
                           int step, bool stockfish = false);

}  // namespace tabula::ui

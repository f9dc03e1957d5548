// seat_steps.h — who plays a seat, as the kiosk's - / + controls step through
// it (issue 33 item 1): a person, the greedy bot, bot levels 1-8. The steps
// read and write the same "SEAT=LEVEL,..." text as --bots
// (session/bot_seats.h), so the setup page and the Players screen hand the
// session exactly what the command line would.
#pragma once

#include <string>
#include <vector>

namespace tabula::ui {

inline constexpr int kSeatSteps = 10;  // a person, the greedy bot, levels 1..8

/// --bots's level for a step above 0: "greedy", "1".."8".
std::string seat_step_value(int step);
/// The words on a seat's control: "a person", "bot, greedy", "bot, level 3".
std::string seat_step_words(int step);
/// The step of `seat` in `bots` ("SEAT=LEVEL,..."): 0 when it is not there.
int seat_step(const std::string& bots, const std::string& seat);
/// `bots` with `seat` at `step` (0 removes it), written in `seats`' order.
std::string with_seat_step(const std::string& bots, const std::vector<std::string>& seats, const std::string& seat,
                           int step);

}  // namespace tabula::ui

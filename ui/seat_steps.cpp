// seat_steps.cpp — who plays a seat, step by step (issue 33 item 1).
#include "ui/seat_steps.h"

namespace tabula::ui {

std::string seat_step_value(int step) { return step == 1 ? "greedy" : std::to_string(step - 1); }

std::string seat_step_words(int step) {
  if (step <= 0) return "a person";
  if (step == 1) return "bot, greedy";
  return "bot, level " + std::to_string(step - 1);
}

int seat_step(const std::string& bots, const std::string& seat) {
  for (std::size_t at = 0; at < bots.size();) {
    std::size_t comma = bots.find(',', at);
    if (comma == std::string::npos) comma = bots.size();
    const std::string item = bots.substr(at, comma - at);
    const std::size_t eq = item.find('=');
    if (eq != std::string::npos && item.substr(0, eq) == seat) {
      for (int step = 1; step < kSeatSteps; ++step)
        if (item.substr(eq + 1) == seat_step_value(step)) return step;
    }
    at = comma + 1;
  }
  return 0;
}

std::string with_seat_step(const std::string& bots, const std::vector<std::string>& seats, const std::string& seat,
                           int step) {
  std::string out;
  for (const std::string& s : seats) {
    const int st = s == seat ? step : seat_step(bots, s);
    if (st > 0) out += (out.empty() ? "" : ",") + s + "=" + seat_step_value(st);
  }
  return out;
}

}  // namespace tabula::ui

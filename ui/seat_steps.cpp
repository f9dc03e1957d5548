// seat_steps.cpp — who plays a seat, step by step (issue 33 item 1; session 30: Stockfish).
#include "ui/seat_steps.h"

#include <array>
#include <cstdlib>
#include <optional>

namespace tabula::ui {

namespace {

struct StockfishStep {
  const char* value;
  const char* words;
};
constexpr std::array<StockfishStep, kStockfishSteps> kStockfish{{
    {"stockfish:skill0", "Stockfish, skill 0"},
    {"stockfish:skill5", "Stockfish, skill 5"},
    {"stockfish:skill10", "Stockfish, skill 10"},
    {"stockfish:1350", "Stockfish 1350"},
    {"stockfish:1500", "Stockfish 1500"},
    {"stockfish:1800", "Stockfish 1800"},
    {"stockfish:2200", "Stockfish 2200"},
    {"stockfish", "Stockfish, full"},
}};

// Tabula's step (1: greedy, 2..9: levels 1-8) of a step in the list.
int tabula_step(int step, bool stockfish) { return stockfish ? step - kStockfishSteps : step; }

// The LEVEL text of `seat`'s item in `bots`, if it is there.
std::optional<std::string> item_value(const std::string& bots, const std::string& seat) {
  for (std::size_t at = 0; at < bots.size();) {
    std::size_t comma = bots.find(',', at);
    if (comma == std::string::npos) comma = bots.size();
    const std::string item = bots.substr(at, comma - at);
    const std::size_t eq = item.find('=');
    if (eq != std::string::npos && item.substr(0, eq) == seat) return item.substr(eq + 1);
    at = comma + 1;
  }
  return std::nullopt;
}

// A Stockfish strength between the steps (--bots Black=stockfish:1600): the
// step at or below it, so the control shows Stockfish and steps on from there.
int nearest_stockfish_step(const std::string& value) {
  const std::string skill = "stockfish:skill", elo = "stockfish:";
  if (value.rfind(skill, 0) == 0) {
    const int n = std::atoi(value.c_str() + skill.size());
    return n < 5 ? 1 : n < 10 ? 2 : 3;
  }
  if (value.rfind(elo, 0) == 0) {
    const int e = std::atoi(value.c_str() + elo.size());
    return e < 1500 ? 4 : e < 1800 ? 5 : e < 2200 ? 6 : 7;
  }
  return 0;
}

}  // namespace

int seat_step_count(bool stockfish) { return kSeatSteps + (stockfish ? kStockfishSteps : 0); }

std::string seat_step_value(int step, bool stockfish) {
  if (stockfish && step >= 1 && step <= kStockfishSteps) return kStockfish[static_cast<std::size_t>(step - 1)].value;
  const int t = tabula_step(step, stockfish);
  return t == 1 ? "greedy" : std::to_string(t - 1);
}

std::string seat_step_words(int step, bool stockfish) {
  if (step <= 0) return "a person";
  if (stockfish && step <= kStockfishSteps) return kStockfish[static_cast<std::size_t>(step - 1)].words;
  const int t = tabula_step(step, stockfish);
  const std::string who = stockfish ? "Tabula, " : "bot, ";
  if (t == 1) return who + "greedy";
  return who + "level " + std::to_string(t - 1);
}

std::string widest_seat_step_words(bool stockfish) {
  std::string widest;
  for (int step = 0; step < seat_step_count(stockfish); ++step) {
    const std::string w = seat_step_words(step, stockfish);
    if (w.size() >= widest.size()) widest = w;  // the last of the longest: "bot, level 8", as before
  }
  return widest;
}

int seat_step(const std::string& bots, const std::string& seat, bool stockfish) {
  const std::optional<std::string> value = item_value(bots, seat);
  if (!value) return 0;
  for (int step = 1; step < seat_step_count(stockfish); ++step)
    if (*value == seat_step_value(step, stockfish)) return step;
  return stockfish ? nearest_stockfish_step(*value) : 0;
}

std::string with_seat_step(const std::string& bots, const std::vector<std::string>& seats, const std::string& seat,
                           int step, bool stockfish) {
  std::string out;
  for (const std::string& s : seats) {
    if (s != seat) {  // another seat keeps its text as it is (a strength between the steps too)
      if (const std::optional<std::string> v = item_value(bots, s)) out += (out.empty() ? "" : ",") + s + "=" + *v;
      continue;
    }
    if (step > 0) out += (out.empty() ? "" : ",") + s + "=" + seat_step_value(step, stockfish);
  }
  return out;
}

}  // namespace tabula::ui

#include "session/bot_seats.h"

#include <algorithm>
#include <cctype>

namespace tabula::session {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  std::size_t b = s.find_last_not_of(" \t");
  return s.substr(a, b - a + 1);
}

std::string seat_list(const core::RuleSet& rules) {
  std::string out;
  for (std::size_t i = 0; i < rules.seats.size(); ++i) {
    out += (out.empty() ? "" : ", ") + rules.seats[i].name + " (" + std::to_string(i + 1) + ")";
  }
  return out;
}

// A seat by its name (any case) or its number from 1.
core::Seat seat_named(const std::string& word, const core::RuleSet& rules) {
  for (int i = 0; i < rules.seat_count(); ++i) {
    if (lower(rules.seats[static_cast<std::size_t>(i)].name) == lower(word)) return core::seat_at(i);
  }
  if (!word.empty() && word.size() <= 2 && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
      })) {
    int n = std::stoi(word);
    if (n >= 1 && n <= rules.seat_count()) return core::seat_at(n - 1);
  }
  return core::kNoSeat;
}

}  // namespace

const BotSeat* BotSeats::find(core::Seat s) const {
  for (const BotSeat& b : seats) {
    if (b.seat == s) return &b;
  }
  return nullptr;
}

void BotSeats::set(core::Seat s, std::optional<int> level) {
  seats.erase(std::remove_if(seats.begin(), seats.end(), [&](const BotSeat& b) { return b.seat == s; }),
              seats.end());
  if (level) seats.push_back(BotSeat{s, *level});
  std::sort(seats.begin(), seats.end(), [](const BotSeat& a, const BotSeat& b) { return a.seat < b.seat; });
}

core::Result<BotSeats> parse_bot_seats(const std::string& text, const core::RuleSet& rules) {
  BotSeats out;
  const std::string all = trim(text);
  if (all.empty() || lower(all) == "none") return out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(',', at);
    if (end == std::string::npos) end = text.size();
    const std::string item = trim(text.substr(at, end - at));
    const int column = static_cast<int>(at) + 1;
    auto fail = [&](const std::string& why) {
      return core::Error{"bots: '" + item + "' (column " + std::to_string(column) + "): " + why, 0, column};
    };
    if (item.empty()) return fail("an empty item; write SEAT=LEVEL, e.g. " + rules.seats.back().name + "=3");
    std::size_t eq = item.find('=');
    if (eq == std::string::npos) return fail("no '='; write SEAT=LEVEL, e.g. " + rules.seats.back().name + "=3");
    const std::string seat_word = trim(item.substr(0, eq));
    const std::string level_word = lower(trim(item.substr(eq + 1)));
    core::Seat seat = seat_named(seat_word, rules);
    if (seat == core::kNoSeat) {
      return fail("no seat '" + seat_word + "' in " + rules.name + "; its seats are " + seat_list(rules));
    }
    if (out.is_bot(seat)) return fail(rules.seats[static_cast<std::size_t>(core::index_of(seat))].name + " is named twice");
    int level = -1;
    if (level_word == "greedy") {
      level = kGreedyLevel;
    } else if (level_word.size() == 1 && level_word[0] >= '1' && level_word[0] <= '0' + kBotMaxLevel) {
      level = level_word[0] - '0';
    }
    if (level < 0) {
      return fail("level '" + level_word + "' is not one of 1-" + std::to_string(kBotMaxLevel) + " or greedy");
    }
    out.set(seat, level);
    at = end + 1;
  }
  return out;
}

std::string to_text(const BotSeats& bots, const core::RuleSet& rules) {
  std::string out;
  for (const BotSeat& b : bots.seats) {
    const int i = core::index_of(b.seat);
    if (i < 0 || i >= rules.seat_count()) continue;
    out += (out.empty() ? "" : ",") + rules.seats[static_cast<std::size_t>(i)].name + "=" +
           (b.level == kGreedyLevel ? std::string("greedy") : std::to_string(b.level));
  }
  return out;
}

BotSeats bots_from_names(const std::vector<std::string>& names, const core::RuleSet& rules) {
  BotSeats out;
  for (std::size_t i = 0; i < names.size() && i < rules.seats.size(); ++i) {
    const std::string n = lower(trim(names[i]));
    if (n.rfind("bot", 0) != 0) continue;
    const std::string rest = trim(n.substr(3));
    int level = -1;
    if (rest.empty()) {
      level = 3;
    } else if (rest == "greedy") {
      level = kGreedyLevel;
    } else if (rest.size() == 1 && rest[0] >= '1' && rest[0] <= '0' + kBotMaxLevel) {
      level = rest[0] - '0';
    }
    if (level >= 0) out.set(core::seat_at(static_cast<int>(i)), level);
  }
  return out;
}

std::string level_name(int level) {
  return level == kGreedyLevel ? std::string("greedy") : "level " + std::to_string(level);
}

std::string engine_name(int level) { return "Tabula " + level_name(level); }

}  // namespace tabula::session

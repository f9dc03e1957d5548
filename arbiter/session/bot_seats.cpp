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

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 4 &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// "stockfish", "stockfish:1500", "stockfish:skill3" (lower case) -> the seat,
// else why not.
std::optional<BotSeat> stockfish_word(const std::string& word, core::Seat seat, std::string& why) {
  const std::string usage = "write stockfish, stockfish:ELO (" + std::to_string(kStockfishMinElo) + "-" +
                            std::to_string(kStockfishMaxElo) + ") or stockfish:skillN (0-" +
                            std::to_string(kStockfishMaxSkill) + ")";
  if (word == "stockfish") return stockfish_seat(seat, 0);
  const std::string prefix = "stockfish:";
  if (word.rfind(prefix, 0) != 0) {
    why = "'" + word + "' is not Stockfish's strength; " + usage;
    return std::nullopt;
  }
  const std::string rest = word.substr(prefix.size());
  if (all_digits(rest)) {
    const int elo = std::stoi(rest);
    if (elo < kStockfishMinElo || elo > kStockfishMaxElo) {
      why = "Stockfish's Elo " + rest + " is not one of " + std::to_string(kStockfishMinElo) + "-" +
            std::to_string(kStockfishMaxElo) + " (UCI_Elo)";
      return std::nullopt;
    }
    return stockfish_seat(seat, elo);
  }
  if (rest.rfind("skill", 0) == 0 && all_digits(rest.substr(5)) && rest.size() <= 7) {
    const int skill = std::stoi(rest.substr(5));
    if (skill <= kStockfishMaxSkill) return stockfish_seat(seat, 0, skill);
    why = "Stockfish's skill " + rest.substr(5) + " is not one of 0-" + std::to_string(kStockfishMaxSkill) +
          " (Skill Level)";
    return std::nullopt;
  }
  why = "'" + word + "' is not Stockfish's strength; " + usage;
  return std::nullopt;
}

}  // namespace

bool stockfish_plays(const core::RuleSet& rules) {
  if (rules.seat_count() != 2 || rules.four_player_notation || !rules.modules.empty() || !rules.next_stage.empty())
    return false;
  if (rules.geometry.width() != 8 || rules.geometry.height() != 8) return false;
  std::string letters;
  for (const core::PieceDef& p : rules.pieces) letters += static_cast<char>(std::toupper(static_cast<unsigned char>(p.letter)));
  std::sort(letters.begin(), letters.end());
  return letters == "BKNPQR";
}

int fallback_level(int elo, int skill) {
  if (skill >= 0) return skill >= 15 ? 8 : skill >= 8 ? 6 : 3;
  return elo == 0 || elo >= 1800 ? 8 : 6;
}

BotSeat stockfish_seat(core::Seat seat, int elo, int skill) {
  BotSeat b;
  b.seat = seat;
  b.engine = BotEngine::kStockfish;
  b.elo = elo;
  b.skill = skill;
  b.level = fallback_level(elo, skill);
  return b;
}

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

void BotSeats::set(const BotSeat& bot) {
  set(bot.seat, std::nullopt);
  seats.push_back(bot);
  std::sort(seats.begin(), seats.end(), [](const BotSeat& a, const BotSeat& b) { return a.seat < b.seat; });
}

bool BotSeats::any_stockfish() const {
  return std::any_of(seats.begin(), seats.end(), [](const BotSeat& b) { return b.engine == BotEngine::kStockfish; });
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
    if (level_word.rfind("stockfish", 0) == 0) {
      // Session 30: Stockfish over UCI, orthodox chess only.
      if (!stockfish_plays(rules)) {
        return fail("Stockfish plays orthodox chess only, not " + rules.name + "; give " +
                    rules.seats[static_cast<std::size_t>(core::index_of(seat))].name +
                    " a level 1-" + std::to_string(kBotMaxLevel) + " or greedy");
      }
      std::string why;
      std::optional<BotSeat> sf = stockfish_word(level_word, seat, why);
      if (!sf) return fail(why);
      out.set(*sf);
      at = end + 1;
      continue;
    }
    int level = -1;
    if (level_word == "greedy") {
      level = kGreedyLevel;
    } else if (level_word.size() == 1 && level_word[0] >= '1' && level_word[0] <= '0' + kBotMaxLevel) {
      level = level_word[0] - '0';
    }
    if (level < 0) {
      return fail("level '" + level_word + "' is not one of 1-" + std::to_string(kBotMaxLevel) + " or greedy" +
                  (stockfish_plays(rules) ? std::string(", nor stockfish, stockfish:ELO or stockfish:skillN") : ""));
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
    out += (out.empty() ? "" : ",") + rules.seats[static_cast<std::size_t>(i)].name + "=" + level_text(b);
  }
  return out;
}

std::string level_text(const BotSeat& b) {
  if (b.engine == BotEngine::kStockfish) {
    if (b.skill >= 0) return "stockfish:skill" + std::to_string(b.skill);
    return b.elo > 0 ? "stockfish:" + std::to_string(b.elo) : std::string("stockfish");
  }
  return b.level == kGreedyLevel ? std::string("greedy") : std::to_string(b.level);
}

BotSeats bots_from_names(const std::vector<std::string>& names, const core::RuleSet& rules, bool stockfish_default) {
  BotSeats out;
  const bool chess = stockfish_plays(rules);
  for (std::size_t i = 0; i < names.size() && i < rules.seats.size(); ++i) {
    const std::string n = lower(trim(names[i]));
    if (n.rfind("bot", 0) != 0) continue;
    const std::string rest = trim(n.substr(3));
    const core::Seat seat = core::seat_at(static_cast<int>(i));
    if (chess && (rest.rfind("stockfish", 0) == 0 || (rest.empty() && stockfish_default))) {
      // "bot stockfish", "bot stockfish 1500", "bot stockfish skill 3"; a
      // plain "bot" when Stockfish is installed.
      std::string word = "stockfish";
      const std::string strength = trim(rest.substr(std::min(rest.size(), std::size_t{9})));
      if (!strength.empty()) {
        std::string squeezed;
        for (char c : strength) {
          if (c != ' ') squeezed += c;
        }
        word += ":" + squeezed;
      } else if (rest.empty()) {
        word += ":" + std::to_string(kStockfishDefaultElo);
      }
      std::string why;
      if (std::optional<BotSeat> sf = stockfish_word(word, seat, why)) out.set(*sf);
      continue;
    }
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

std::string level_name(const BotSeat& b) {
  if (b.engine == BotEngine::kStockfish) {
    if (b.skill >= 0) return "Stockfish, skill " + std::to_string(b.skill);
    return b.elo > 0 ? "Stockfish " + std::to_string(b.elo) : std::string("Stockfish");
  }
  return level_name(b.level);
}

std::string engine_name(int level) { return "Tabula " + level_name(level); }

std::string engine_name(const BotSeat& b) {
  if (b.engine == BotEngine::kStockfish) {
    if (b.skill >= 0) return "Stockfish skill " + std::to_string(b.skill);
    return b.elo > 0 ? "Stockfish " + std::to_string(b.elo) : std::string("Stockfish");
  }
  return engine_name(b.level);
}

}  // namespace tabula::session

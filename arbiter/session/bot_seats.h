// bot_seats.h — which seats a bot plays, and at what level (issue 33).
//
// Section index: BotSeat, BotSeats, parse_bot_seats, describe.
//
// Written as "SEAT=LEVEL,...": SEAT is a seat's name as the variant names it
// ("Blue", "black"; any case) or its number from 1; LEVEL is 1-8 (the
// engine's levels, docs/ENGINE.md) or "greedy". The same text is what the
// journal's header stores (`bots`), what `tabula-kiosk --bots` and `tabula
// play --bots` take, and what the setup and Players screens write. Every
// seat of every variant may be a bot; all of them may be (a demonstration).
// Pure values; no engine here (bot_player.h searches).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/rule_set.h"
#include "core/types.h"

namespace tabula::session {

inline constexpr int kGreedyLevel = 0;  // the engine's one-ply greedy bot
inline constexpr int kBotMaxLevel = 8;

struct BotSeat {
  core::Seat seat = core::kNoSeat;
  int level = 3;  // kGreedyLevel, or 1..kBotMaxLevel
  friend bool operator==(const BotSeat&, const BotSeat&) = default;
};

struct BotSeats {
  std::vector<BotSeat> seats;  // in seat order, each seat at most once

  bool empty() const { return seats.empty(); }
  const BotSeat* find(core::Seat s) const;
  bool is_bot(core::Seat s) const { return find(s) != nullptr; }
  // Adds, changes (level) or removes (nullopt) a seat's bot.
  void set(core::Seat s, std::optional<int> level);
  friend bool operator==(const BotSeats&, const BotSeats&) = default;
};

// "Blue=3,Green=greedy" -> seats. "" and "none" give no bots. An Error names
// the item (and its column) and what is wrong with it: an unknown seat (the
// variant's seats listed), a level out of range, a seat named twice, a
// missing '='.
core::Result<BotSeats> parse_bot_seats(const std::string& text, const core::RuleSet& rules);

// The journal's and the options' form: "Blue=3,Green=greedy" ("" for none).
std::string to_text(const BotSeats& bots, const core::RuleSet& rules);
// The kiosk's setup and Players screens: a player named "bot" (level 3),
// "bot 5" or "bot greedy" (any case) is a bot in that seat; names in seat
// order. Other names are people.
BotSeats bots_from_names(const std::vector<std::string>& names, const core::RuleSet& rules);
// "level 3", "greedy"
std::string level_name(int level);
// The engine as the records name it: "Tabula level 3", "Tabula greedy".
std::string engine_name(int level);

}  // namespace tabula::session

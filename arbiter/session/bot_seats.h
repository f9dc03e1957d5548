// bot_seats.h — which seats a bot plays, and at what level (issue 33).
//
// Section index: BotSeat, BotSeats, parse_bot_seats, describe.
//
// Written as "SEAT=LEVEL,...": SEAT is a seat's name as the variant names it
// ("Blue", "black"; any case) or its number from 1; LEVEL is 1-8 (the
// engine's levels, docs/ENGINE.md) or "greedy"; in orthodox chess also
// Stockfish over UCI (session 30, docs/BOTS.md): "stockfish" (its full
// strength), "stockfish:1500" (UCI_LimitStrength and UCI_Elo, 1320-3190) or
// "stockfish:skill3" (Skill Level 0-20, for a child's first games). The same text is what the
// journal's header stores (`bots`), what `tabula-kiosk --bots` and `tabula
// play --bots` take, and what the setup and Players screens write. Every
// seat of every variant may be a bot; all of them may be (a demonstration).
// Pure values; no engine here (bot_player.h searches).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/rule_set.h"
#include "core/types.h"

namespace tabula::session {

inline constexpr int kGreedyLevel = 0;  // the engine's one-ply greedy bot
inline constexpr int kBotMaxLevel = 8;
// Stockfish's strengths: UCI_Elo's range over Debian 12's Stockfish 15.1
// (1350-2850) and Debian 13's 17 (1320-3190); the engine's own range is
// applied by the shell (uci/uci_bot.h). Skill Level is 0-20 in both.
inline constexpr int kStockfishMinElo = 1320;
inline constexpr int kStockfishMaxElo = 3190;
inline constexpr int kStockfishMaxSkill = 20;
// A chess seat's bot when none is named (a player called "bot") and
// Stockfish is installed: a club player's opponent, not a grandmaster.
inline constexpr int kStockfishDefaultElo = 1500;

// Who moves for a bot's seat: Tabula's engine, or Stockfish over UCI (a
// process the shell runs, uci/uci_bot.h; orthodox chess only).
enum class BotEngine : std::uint8_t { kTabula, kStockfish };

struct BotSeat {
  core::Seat seat = core::kNoSeat;
  // Tabula's level (kGreedyLevel, or 1..kBotMaxLevel); for Stockfish the
  // level of Tabula's engine that moves when Stockfish fails (fallback_level).
  int level = 3;
  BotEngine engine = BotEngine::kTabula;
  int elo = 0;     // Stockfish: UCI_Elo (UCI_LimitStrength on); 0: not limited by Elo
  int skill = -1;  // Stockfish: Skill Level 0-20; -1: not set
  friend bool operator==(const BotSeat&, const BotSeat&) = default;
};

// Whether Stockfish can play this game: orthodox chess (two seats on 8x8,
// the six FIDE pieces, no sheet's rule module, no later stage).
bool stockfish_plays(const core::RuleSet& rules);
// A Stockfish seat at `elo` (0: full strength) or `skill` (-1: none), with
// its fallback level.
BotSeat stockfish_seat(core::Seat seat, int elo, int skill = -1);
// The level of Tabula's engine that stands in for a Stockfish seat that
// failed: level 8 for full strength, Elo 1800 and up or skill 15 and up
// (docs/ENGINE.md "Levels": level 8 scored 4/8 against "1800"); level 6 for
// Elo below 1800 or skill 8-14; level 3 for skill 0-7.
int fallback_level(int elo, int skill);

struct BotSeats {
  std::vector<BotSeat> seats;  // in seat order, each seat at most once

  bool empty() const { return seats.empty(); }
  const BotSeat* find(core::Seat s) const;
  bool is_bot(core::Seat s) const { return find(s) != nullptr; }
  // Adds, changes (level) or removes (nullopt) a seat's bot.
  void set(core::Seat s, std::optional<int> level);
  // Adds or changes a seat's bot (any engine).
  void set(const BotSeat& bot);
  // Whether any seat is Stockfish's.
  bool any_stockfish() const;
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
// order. Other names are people. In orthodox chess "bot stockfish", "bot
// stockfish 1500" and "bot stockfish skill 3" name Stockfish, and with
// `stockfish_default` (the shell found Stockfish installed) a plain "bot" is
// Stockfish at kStockfishDefaultElo (session 30: the project's brief, "use
// stockfish over UCI for two-player chess").
BotSeats bots_from_names(const std::vector<std::string>& names, const core::RuleSet& rules,
                         bool stockfish_default = false);
// "level 3", "greedy"
std::string level_name(int level);
// "level 3", "greedy", "Stockfish 1500", "Stockfish, skill 3", "Stockfish"
std::string level_name(const BotSeat& bot);
// The engine as the records name it: "Tabula level 3", "Tabula greedy".
std::string engine_name(int level);
// ... and "Stockfish 1500" (UCI_Elo), "Stockfish skill 3", "Stockfish".
std::string engine_name(const BotSeat& bot);
// The LEVEL text of the --bots item: "3", "greedy", "stockfish:1500".
std::string level_text(const BotSeat& bot);

}  // namespace tabula::session

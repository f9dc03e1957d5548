// engine_players.h — who plays a seat in `tabula match` and `tabula
// analyse`: Tabula's own engine at a level, or an engine in another process
// (UCI for two-player chess, a 4pchess-style text protocol for chess.com's
// four-player boards). The processes are handled here, in the shell, never in
// the pure engine target.
//
// A player that fails (a crashed or silent engine, an illegal or unreadable
// move) is restarted once; if it fails again its move comes from Tabula's own
// engine at the fallback level, and the choice carries a ruling that says so
// (the match prints it and counts it). Not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/search.h"

namespace tabula::cli {

struct Choice {
  std::optional<core::Move> move;
  int value = 0;            // centipawns for the mover's side (the engine's view)
  std::string pv;           // coordinate moves, space-separated
  std::string ruling;       // non-empty: what went wrong and what replaced it
  std::uint64_t nodes = 0;  // Tabula's engine: the nodes searched; another engine: 0
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // A new game begins (a process player sends ucinewgame).
  virtual void new_game() {}
  virtual Choice choose(const core::Game& game, std::int64_t budget_us, std::uint64_t seed) = 0;
};

// Tabula's engine at a level (0 = greedy), family forced or automatic.
std::unique_ptr<Player> make_tabula_player(int level, engine::Family family, std::size_t table_mb,
                                           std::optional<bool> opening = std::nullopt);

// Parses a player spec:
//   greedy | level:N | paranoid:N | maxn:N | two-sided:N  (N may be followed by
//     ",opening=on" or ",opening=off": the evaluation's opening terms forced)
//   uci:PATH[,elo=N][,option=value...]     a UCI engine (two seats)
//   fourp:PATH                             a 4pchess-style engine (chess.com boards)
// On a bad spec returns nullptr and says why in `why`.
std::unique_ptr<Player> make_player(const std::string& spec, std::size_t table_mb, std::string& why);

// The text of moves in coordinate notation, as the PV line prints them.
std::string pv_text(const core::Game& game, const std::vector<core::Move>& pv);

}  // namespace tabula::cli

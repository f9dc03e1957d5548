// bot_player.h — a bot's move for its seat at the table (issue 33).
//
// Section index: BotTask, TurnKey, SearchClock, BotChoice, bot_task,
// turn_key, search_bot_move, bot_intent.
//
// The shell (the kiosk's worker thread, `tabula play`) asks bot_task() after
// every input whether a bot must move now; if so it searches with
// search_bot_move() (anywhere, any thread: the task holds its own copy of the
// game) and hands the move back to the session as bot_intent(), which
// journals and announces it. A search is cancelled through the stop flag;
// the shell compares turn_key() before and after to drop a move the game no
// longer wants (a takeback, a new game, a resignation).
//
// Deterministic: the seed is the session's journaled seed mixed with the
// stage, the ply and the seat, every level is bounded by nodes (level 8 too:
// engine::kTopLevelNodes; its time is only a cap), and each bot move starts
// from an empty table, so a resumed game searches the same move (and the
// journal holds the announced one anyway). Pure: the time comes in as a function, the stop
// flag as a pointer.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "core/game.h"
#include "engine/search.h"
#include "session/bot_seats.h"
#include "session/input.h"
#include "session/session.h"

namespace tabula::session {

// Which turn of which game: a search started for one key answers only it.
struct TurnKey {
  int stage = 0;
  std::size_t ply = 0;
  core::Seat seat = core::kNoSeat;
  Phase phase = Phase::kSetup;
  std::uint64_t position = 0;  // the position's hash
  friend bool operator==(const TurnKey&, const TurnKey&) = default;
};

struct BotTask {
  TurnKey key;
  core::Seat seat = core::kNoSeat;
  int level = 3;
  BotSeat bot;  // who plays the seat (Stockfish: the shell asks it, uci/table_bots.h)
  std::uint64_t seed = 0;
  std::shared_ptr<const core::Game> game;  // a copy: the search never touches the session
};

struct SearchClock {
  std::function<std::int64_t()> elapsed_us;  // microseconds since the search began; may be empty
  const std::atomic<bool>* stop = nullptr;   // polled; true: give up
  std::int64_t budget_us = 0;                // 0: none (levels 1-7 need none)
};

struct BotChoice {
  core::Move move;
  int value = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
};

// The bot that must move now, if any: the session is in play, the seat to
// move is a bot, and no announcement, question or random move is open.
std::optional<BotTask> bot_task(const Session& s, const BotSeats& bots);
TurnKey turn_key(const Session& s);
// The search's seed: the session's journaled seed, the stage, the ply, the seat.
std::uint64_t bot_seed(std::uint64_t session_seed, int stage, std::size_t ply, core::Seat seat);
// The task of `bot` in `game` (a game played outside a session: tests, analysis).
BotTask task_for(const core::Game& game, const BotSeat& bot, std::uint64_t session_seed, int stage = 0);

// The bot's move; nullopt when stopped, or when there is no legal move.
std::optional<BotChoice> search_bot_move(engine::Engine& engine, const BotTask& task, const SearchClock& clock);

// The session's input that announces `move` for the task's seat at `now`
// (its text: the seat's engine, engine_name(task.bot)).
Intent bot_intent(const BotTask& task, const core::Move& move, Millis now);

}  // namespace tabula::session

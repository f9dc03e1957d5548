// bot_worker.h — the kiosk's search thread (issue 33 item 2).
//
// The engine is pure and single-threaded; this shell runs it off the frame
// loop so the screen never freezes: one thread, one job at a time (a bot's
// move, a hint, a blunder check), each with its own copy of the game. The
// time comes in as a function of the steady clock since the job was asked
// (BotJob::asked) and the stop flag as an atomic the frame loop sets
// (cancel(): a takeback, a new game, a resignation). Results are taken by the frame loop with take(). The
// destructor stops and joins the thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "session/bot_advice.h"
#include "session/bot_player.h"
#include "uci/table_bots.h"

namespace tabula::ui {

struct BotJob {
  enum class Kind : std::uint8_t { kMove, kHint, kBlunderCheck };
  Kind kind = Kind::kMove;
  session::BotTask task;         // kMove, kHint: the game and the turn
  core::Move played;             // kBlunderCheck: the move made in task.game
  std::int64_t budget_us = 0;    // level 8's time; 0: none
  std::int64_t uci_movetime_ms = 0;  // kMove for a Stockfish seat: its time (session 30)
  bool stockfish_hint = false;       // kHint: ask Stockfish (orthodox chess, installed)
  std::uint64_t id = 0;          // set by start()
  // When the job was asked for: its budget runs from here, not from when
  // the worker's thread takes it up (a job waits while the one before it
  // stops, and the thread may wait for a CPU: the table's movetime is the
  // wall clock's since the bot was asked). Set by start() when left unset.
  std::chrono::steady_clock::time_point asked{};
};

struct BotResult {
  BotJob job;
  std::optional<session::BotChoice> choice;
  std::string engine;   // kMove: who made it ("Stockfish 1500", "Tabula level 8")
  std::string uci_warning;  // Stockfish failed: what the table hears (uci/table_bots.h)
  std::optional<uci::TableMove> table_move;  // kMove: the whole answer (its fallback, journaled)
  std::optional<session::Hint> hint;
  std::optional<session::BlunderWarning> warning;
};

class BotWorker {
 public:
  // `stockfish`: the program a Stockfish seat runs (uci/table_bots.h); its
  // processes live on this worker's thread and end with it.
  explicit BotWorker(std::string stockfish = uci::kDebianStockfish);
  ~BotWorker();
  BotWorker(const BotWorker&) = delete;
  BotWorker& operator=(const BotWorker&) = delete;

  // Starts `job`, stopping the one under way (its result is dropped).
  std::uint64_t start(BotJob job);
  void cancel();
  bool busy() const;
  // The job under way (or waiting), if any.
  std::optional<BotJob> current() const;
  std::optional<BotResult> take();
  // Blocks until no job is under way (screenshots: reproducible frames).
  void wait_idle();
  // The game ended: the thread ends Stockfish's processes and forgets its
  // failures (after the job under way, which this does not stop).
  void end_game();

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::optional<BotJob> pending_;
  std::optional<BotJob> running_;
  std::optional<BotResult> done_;
  std::atomic<bool> stop_{false};
  bool quit_ = false;
  bool end_game_ = false;
  std::string stockfish_;
  std::uint64_t next_id_ = 1;
  std::thread thread_;
};

}  // namespace tabula::ui

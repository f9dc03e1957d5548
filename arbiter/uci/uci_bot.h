// uci_bot.h — Stockfish (any UCI engine) as a bot at the table (session 30):
// one process per seat, started at its first move of a game and kept for the
// game's moves, each answered within the bot's time, ended at the game's end,
// a takeback or a stop (docs/BOTS.md, "Stockfish at the table").
//
// The shell runs it (the kiosk's worker thread, `tabula play`): the time
// comes in as a move time and the stop flag as an atomic; nothing here is in
// the pure engine or core. A failure is a value (UciReply::problem) in words
// for the table, quoting what the engine wrote (its last line, its stderr):
// not installed, not executable, no answer to `uci`, no bestmove within the
// move time plus the grace (sent `stop`, then ended), a crash, a move not
// legal here or unreadable. Not thread-safe: one thread asks one UciBot.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"
#include "uci/child_process.h"

namespace tabula::uci {

// Where Debian's package `stockfish` puts it (scripts/setup.sh installs it).
inline constexpr const char* kDebianStockfish = "/usr/games/stockfish";
// A move is waited for its move time plus this (the process's start, a busy machine).
inline constexpr std::int64_t kDefaultGraceMs = 2000;

// "" when `path` is a file this process may run; else why not, for the
// table: "Stockfish is not installed (/usr/games/stockfish: No such file or
// directory); install Debian's package stockfish", "... is not executable".
std::string why_not_runnable(const std::string& path);

struct UciStrength {
  int elo = 0;     // > 0: UCI_LimitStrength and UCI_Elo (the engine's range applied)
  int skill = -1;  // >= 0: Skill Level
};

// What kind of failure a problem is (s31-fallback: journaled with the
// fallback, session::BotFallbackReason by the same names).
enum class UciFailure : std::uint8_t { kNone, kNotRunnable, kNoHandshake, kNoMove, kEnded, kOverlong, kBadMove };

struct UciReply {
  std::optional<core::Move> move;  // legal in the game asked about
  std::string problem;             // "" unless it failed (then no move)
  UciFailure failure = UciFailure::kNone;  // its kind (kNone: no problem)
  bool stopped = false;            // the stop flag ended the wait: no move, no problem
  int value = 0;                   // its last "score cp" (the mover's view)
  std::int64_t waited_ms = 0;      // from the ask to the answer
};

class UciBot {
 public:
  UciBot(std::string path, UciStrength strength, std::int64_t grace_ms = kDefaultGraceMs);
  ~UciBot();
  UciBot(const UciBot&) = delete;
  UciBot& operator=(const UciBot&) = delete;

  // The engine's move in `game` (orthodox chess) within `movetime_ms`;
  // starts the process if none runs. `stop` is polled every 20 ms: when set,
  // `stop` is sent and the process ended (a takeback, a resignation).
  UciReply best_move(const core::Game& game, std::int64_t movetime_ms, const std::atomic<bool>* stop);
  // Ends the process (the game's end, a takeback); the next ask starts one.
  void end();
  bool running() const { return process_ != nullptr; }
  int starts() const { return starts_; }  // processes started so far
  pid_t pid() const { return process_ ? process_->pid() : -1; }
  const std::string& path() const { return path_; }
  // The Elo sent (the engine's range applied; 0: none sent).
  int elo_sent() const { return elo_sent_; }
  // How long `uci` and `isready` are each waited for (10 s: a loaded
  // Raspberry Pi loading Stockfish's network).
  void set_handshake_ms(std::int64_t ms) { handshake_ms_ = ms; }

 private:
  bool start(std::string& problem, UciFailure& failure, const std::atomic<bool>* stop);
  // Waits for a line starting with `word` until `deadline`, polling `stop`;
  // each other line goes to `seen`. 0: found, 1: timeout, 2: stopped, 3: ended or overlong.
  template <class Seen>
  int wait_for(const std::string& word, ChildProcess::Clock::time_point deadline, const std::atomic<bool>* stop,
               std::string& line, Seen seen);
  // `what` with how the process ended, its last line (when given) and its stderr.
  std::string failure(const std::string& what, const std::string& last = "");

  std::string path_;
  UciStrength strength_;
  std::int64_t grace_ms_;
  std::unique_ptr<ChildProcess> process_;
  int starts_ = 0;
  int elo_sent_ = 0;
  std::int64_t handshake_ms_ = 10000;
};

// The `position` command of `game`: "position fen START moves e2e4 ...".
std::string position_command(const core::Game& game);

}  // namespace tabula::uci

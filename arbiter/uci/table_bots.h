// table_bots.h — who answers a bot's turn at the table (session 30): Tabula's
// engine (session::search_bot_move), or Stockfish over UCI for a seat the
// --bots text gives it (session/bot_seats.h), and the hint in orthodox chess.
// The shell owns one (the kiosk's worker thread, `tabula play`); not
// thread-safe.
//
// A Stockfish seat that fails (it does not start, crashes, gives no move in
// its time, answers a move not legal here or garbage) is played by Tabula's
// engine at the seat's fallback level for the rest of the game, and the
// move carries the warning the table hears ("Stockfish (Black) gave no move
// within 3.0 s ...; Tabula's engine (level 8) plays for Black until this
// game ends"). A stopped search (a takeback, a resignation, a new game)
// gives nothing and ends the seat's process; the next ask starts another.
// end_game() ends every process and forgets the failures. s31-fallback: the
// shell journals the failure (fallback_intent), and the session's bot_task()
// gives the seat to Tabula's engine from then on, after a resume too
// (BotTask::bot says kTabula): this class then plays Tabula's engine for it.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"
#include "session/bot_advice.h"
#include "session/bot_player.h"
#include "uci/uci_bot.h"

namespace tabula::uci {

// Stockfish's time for a hint (full strength): a child waits a second.
inline constexpr std::int64_t kHintMovetimeMs = 1000;
// A Stockfish seat's time per move at the kiosk when none is given.
inline constexpr std::int64_t kStockfishMovetimeMs = 1000;

struct TableMove {
  session::BotChoice choice;
  std::string engine;   // who made it, the announcement's input text: "Stockfish 1500", "Tabula level 8"
  std::string warning;  // "": none; else what the table hears before the announcement
  std::int64_t uci_ms = 0;  // Stockfish's answer's time (0: Tabula's engine moved)
  // Set with `warning` when Stockfish failed just now: the shell journals
  // fallback_intent() (it says the warning) before the announcement.
  std::optional<session::BotFallbackReason> fallback;
  int fallback_level = 0;
};

// s31-fallback: the journaled input of `move`'s fallback for `task`'s seat
// (session/input.h kBotFallback): a resume keeps the seat on Tabula's engine.
session::Intent fallback_intent(const session::BotTask& task, const TableMove& move, session::Millis now);
session::BotFallbackReason fallback_reason(UciFailure f);
// The inputs that give each Stockfish seat of `bots` that fell back (in
// `s`, as journaled) to Stockfish again: a resume's choice when Stockfish
// can be run now (--stockfish-after-resume again; docs/BOTS.md).
std::vector<session::Intent> stockfish_again(const session::Session& s, const session::BotSeats& bots);

class TableBots {
 public:
  explicit TableBots(std::string stockfish_path = kDebianStockfish, std::int64_t grace_ms = kDefaultGraceMs)
      : path_(std::move(stockfish_path)), grace_ms_(grace_ms) {}

  // The move of `task`'s seat; nullopt when stopped (or no legal move).
  // `movetime_ms`: Stockfish's time; Tabula's engine gets `clock`'s budget.
  std::optional<TableMove> move(engine::Engine& engine, const session::BotTask& task,
                                const session::SearchClock& clock, std::int64_t movetime_ms);
  // A hint: Stockfish at full strength in orthodox chess when `stockfish`
  // (falling back to Tabula's hint when it fails: the warning is in
  // `warning`), else session::hint_for. The words are hint_for's.
  std::optional<session::Hint> hint(engine::Engine& engine, const core::Game& game, const session::SearchClock& clock,
                                    bool stockfish, std::string& warning);
  // The game ended, or a new one begins: every process ended, failures forgotten.
  void end_game();
  // A takeback: every process ended (the failures stand until the game ends).
  void end_processes();
  // Tests: the seat's UciBot (nullptr: none yet).
  const UciBot* uci(core::Seat seat) const;
  bool failed(core::Seat seat) const { return failed_.count(seat) != 0; }
  const std::string& path() const { return path_; }
  void set_handshake_ms(std::int64_t ms) { handshake_ms_ = ms; }  // tests: see UciBot

 private:
  UciBot& bot_for(const session::BotSeat& seat);

  std::string path_;
  std::int64_t grace_ms_;
  std::int64_t handshake_ms_ = 10000;
  std::map<core::Seat, std::unique_ptr<UciBot>> bots_;
  std::unique_ptr<UciBot> hinter_;
  std::map<core::Seat, std::string> failed_;  // seat -> what went wrong, this game
  bool hint_failed_ = false;
};

}  // namespace tabula::uci

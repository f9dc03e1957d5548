// bot_driver.h — bots at the kiosk (issue 33 items 2-3): when to search, when
// a search is stale, and the session input a finished search makes.
//
// KioskGame calls poll() on every tick: a finished job whose turn still
// stands becomes an Intent (the bot's move announced; a hint or a blunder
// warning said as advice), which KioskGame feeds and journals like any
// other input. A job whose turn has passed (a takeback, a new game, a
// resignation, a move) is cancelled. After a human's move the blunder check
// runs first (when on), then the next bot's search. Hints are the arbiter's
// to allow (off in rated games; the kiosk's --hints and the arbiter menu).
#pragma once

#include <optional>
#include <string>

#include "session/bot_seats.h"
#include "session/session.h"
#include "ui/bot_worker.h"

namespace tabula::ui {

struct BotOptions {
  session::BotSeats seats;
  bool hints = false;          // the Hint button works (teaching)
  bool blunder_check = false;  // warn a human mover who lost much
  // A bot's time per move; 0: its level's movetime (engine::level_movetime_us).
  std::int64_t top_level_budget_us = 0;
  bool synchronous = false;    // screenshots: each poll waits for the search
  // Session 30: Stockfish's program (a chess seat "stockfish:1500" runs it,
  // uci/table_bots.h) and whether hints in chess come from it (installed).
  std::string stockfish = uci::kDebianStockfish;
  bool stockfish_hints = false;
  // A Stockfish seat's time per move; 0: uci::kStockfishMovetimeMs.
  std::int64_t stockfish_movetime_ms = 0;
};

class BotDriver {
 public:
  explicit BotDriver(BotOptions options) : options_(std::move(options)), worker_(options_.stockfish) {}

  std::optional<session::Intent> poll(const session::Session& s, session::Millis now);
  // The Hint button: "" when started, else why not.
  std::string ask_hint(const session::Session& s);
  bool thinking() const;
  const BotOptions& options() const { return options_; }
  void set_hints(bool on) { options_.hints = on; }

 private:
  BotOptions options_;
  BotWorker worker_;
  std::optional<session::TurnKey> job_key_;
  std::size_t moves_seen_ = static_cast<std::size_t>(-1);
  std::optional<BotJob> blunder_;  // waiting to run
  // A bot's move whose warning (Stockfish failed) was said first: announced
  // at the next poll if its turn still stands.
  std::optional<session::Intent> announce_;
  session::TurnKey announce_key_;
  bool ended_ = false;  // the game's end was told to the worker (Stockfish ended)
};

}  // namespace tabula::ui

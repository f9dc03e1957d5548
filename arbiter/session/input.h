// input.h — everything that can change a session, as plain values.
//
// Section index: BoardSnapshot, Tick, IntentKind, Intent, Input, time_of,
// describe.
//
// The session is events in, rulings out (STYLE rule 16). Its inputs are
// values with no pointers, handles or clocks, so that the journal (issue 7)
// can store them and replaying the same inputs gives the same outputs:
//   - SquareEvent (inference/physical_board.h): one reed changed;
//   - BoardSnapshot: the full reed state (the board daemon's resync);
//   - Tick: time has passed (the session acts at its own deadlines, so how
//     often ticks come does not change what it says);
//   - Intent: a person asked for something (the kiosk, the hub, the CLI).
// Every field is a number, an enum, a core value type or a string.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "core/geometry.h"
#include "core/types.h"
#include "inference/physical_board.h"

namespace tabula::session {

using inference::Millis;
using inference::SquareEvent;

// Every reed's state at once (cells, as SquareEvent::square).
struct BoardSnapshot {
  Millis time{0};
  core::SquareSet cells;
  friend bool operator==(const BoardSnapshot&, const BoardSnapshot&) = default;
};

struct Tick {
  Millis time{0};
  friend bool operator==(const Tick&, const Tick&) = default;
};

enum class IntentKind : std::uint8_t {
  kAnswer,          // the kiosk answers request `request` with option `option`
  kChoosePiece,     // answer the open promotion/placement question with `piece`
  kChooseMove,      // answer the open "which move?" question with `move`
  kChooseOption,    // answer the open stage question with the option named `text`
  kTakeback,        // the arbiter takes back the last `count` moves (a resignation, flag,
                    // draw or adjudication counts as one); `count` 0 and `seat`: back to
                    // that seat's last move, past everything since (session_takeback.cpp)
  kResign,          // `seat` resigns
  kTimeout,         // `seat` lost on time (the kiosk's clock saw the flag fall)
  kAgreeDraw,       // the players agree a draw
  kClaimDraw,       // the seat to move claims a draw (FIDE 9.2, 9.3)
  kConfirmSetup,    // the arbiter confirms the board; `force`: even if sensors disagree
  kVerifyBoard,     // the arbiter asks to check the whole board against the game
  kSensorFault,     // the arbiter declares the sensor of `square` faulty (not compared)
  kSensorRepaired,  // ... and repaired
  kPauseClock,      // the arbiter stops the clock (a dispute, a break)
  kResumeClock,     // ... and starts it again
  kSetClock,        // the arbiter sets `seat`'s remaining time to `count` ms
  kAdjudicate,      // the arbiter ends the game: `force` a draw, else `seat` wins
                    // (kNoSeat: the standing as it is, e.g. by the ledger)
  kSetPosition,     // the arbiter sets the game to the FEN/FEN4 in `text`; the
                    // table then sets the board to it
  kBotMove,         // issue 33: the bot of `seat` plays `move` (`text`: its engine and
                    // level); announced, and only that move is accepted until it stands
  kAdvice,          // issue 33: a hint or a blunder warning for `seat` (`text`), with
                    // `move` to draw as an arrow (none for a warning without one)
  kBotFallback,     // s31-fallback: `seat`'s Stockfish failed (`option`: BotFallbackReason,
                    // `text`: what the table hears) and Tabula's engine at level `count`
                    // plays it until the game ends; kStockfishAgain: Stockfish plays it again
};
const char* to_string(IntentKind k);

// s31-fallback: why a Stockfish seat is played by Tabula's engine (a
// kBotFallback intent's `option`). Journaled as numbers: add at the end only.
enum class BotFallbackReason : std::uint8_t {
  kNotRunnable,     // not installed, not executable, could not be started
  kNoHandshake,     // no uciok / readyok, or it ended before answering
  kNoMove,          // no bestmove within its time (sent stop, then ended)
  kEnded,           // it ended (crashed) while thinking, or its input closed
  kOverlong,        // it wrote a line longer than the limit
  kBadMove,         // it answered a move not legal here, or garbage
  kStockfishAgain,  // the arbiter's switch at a resume: Stockfish plays the seat again
};
inline constexpr int kBotFallbackReasons = 7;
const char* to_string(BotFallbackReason r);

struct Intent {
  Millis time{0};
  IntentKind kind = IntentKind::kAnswer;
  std::uint32_t request = 0;              // kAnswer
  int option = 0;                         // kAnswer
  core::PieceKind piece = core::kNoKind;  // kChoosePiece
  core::Move move;                        // kChooseMove
  std::string text;                       // kChooseOption; kSetPosition
  int count = 0;                          // kTakeback (0: to `seat`'s last move); kSetClock (ms)
  core::Seat seat = core::kNoSeat;        // kResign, kTimeout, kSetClock, kAdjudicate, kTakeback
  core::Square square = core::kNoSquare;  // kSensorFault, kSensorRepaired
  bool force = false;                     // kConfirmSetup; kAdjudicate: a draw

  friend bool operator==(const Intent&, const Intent&) = default;
};

using Input = std::variant<SquareEvent, BoardSnapshot, Tick, Intent>;

Millis time_of(const Input& in);

// The latest time an input can have: ten years of one game in milliseconds.
// A journal or trace past it was edited or damaged (and every deadline after
// it would overflow); the readers refuse it.
inline constexpr Millis kMaxInputTime{10LL * 366 * 24 * 3600 * 1000};
// One line for logs and tests: "1400 e4 down", "5300 intent resign seat 1".
std::string describe(const Input& in, const core::Geometry& g);

}  // namespace tabula::session

// ChessClock: the kiosk's game clock for 2 to 4 seats, with time injected.
//
// The clock never reads a system clock: every call takes `now`, a
// steady_clock time point the caller supplies (the main loop passes the real
// time, tests pass whatever they like), so it is exact and replayable. It
// knows nothing of rules: the session tells it which seat moves next
// (switch_to), and the clock reports a flag fall as an Intent (poll), which
// the session judges (loss on time, or 002's random mover).
//
// Timing modes, applied when the running seat's turn ends:
//   kSuddenDeath   nothing is added
//   kIncrement     Fischer: `bonus` is added after every move
//   kBronstein     the time spent on the move is given back, up to `bonus`
//   kSimpleDelay   US delay: the first `bonus` of every turn is not charged
//
// States and transitions:
//
//   state     event                       next      effect
//   kIdle     start(seat, now)            kRunning  seat's turn starts at now
//   kRunning  switch_to(next, now)        kRunning  mover charged and paid its bonus;
//                                                   next's turn starts at now
//   kRunning  pause(now)                  kPaused   running seat charged up to now
//   kPaused   resume(now)                 kRunning  the same turn goes on
//   kPaused   switch_to(next, now)        kRunning  as from kRunning (a move was made)
//   kRunning  poll(now) at zero           kRunning  FlagFell once for that seat; its
//                                                   time stays at zero, no bonus
//   any       retire(seat)                same      seat's time frozen; never flags
//
// A seat that has flagged keeps running at zero until the session switches
// away from it; the clock never decides who is out.
//
// Not thread-safe; owned by whoever drives the frame loop.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "ui/intent.h"
#include "ui/view_model.h"

namespace tabula::ui {

enum class TimingMode { kSuddenDeath, kIncrement, kBronstein, kSimpleDelay };

struct TimeControl {
  std::chrono::milliseconds initial{std::chrono::minutes(15)};
  std::chrono::milliseconds bonus{0};  // increment or delay, per `mode`
  TimingMode mode = TimingMode::kSuddenDeath;
};

/// "15 min", "15 min + 10 s", "5 min, Bronstein 3 s", "5 min, delay 5 s".
std::string describe(const TimeControl& control);

/// Clock face text: "1:05:09", "14:59", "0:20", and tenths under ten
/// seconds: "9.4". Never negative.
std::string format_clock(std::chrono::milliseconds remaining);

class ChessClock {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  enum class State { kIdle, kRunning, kPaused };

  /// Precondition: kMinSeats <= seat_count <= kMaxSeats.
  ChessClock(TimeControl control, int seat_count);

  State state() const { return state_; }
  std::optional<SeatIndex> running() const;
  const TimeControl& control() const { return control_; }

  void start(SeatIndex first, TimePoint now);
  /// An accepted move ends the running seat's turn; `next` starts thinking.
  void switch_to(SeatIndex next, TimePoint now);
  void pause(TimePoint now);
  void resume(TimePoint now);
  /// The seat is out of the game: its time is frozen and never flags.
  void retire(SeatIndex seat);
  /// Sets a seat's remaining time (an arbiter correction); clears its flag.
  void set_remaining(SeatIndex seat, std::chrono::milliseconds remaining, TimePoint now);

  std::chrono::milliseconds remaining(SeatIndex seat, TimePoint now) const;
  /// kSimpleDelay: grace left in the running turn; zero otherwise.
  std::chrono::milliseconds delay_left(TimePoint now) const;
  bool flagged(SeatIndex seat) const;

  /// FlagFell the first time the running seat's time reaches zero (or a
  /// flag seen by switch_to), nullopt otherwise. Call every frame.
  std::optional<Intent> poll(TimePoint now);

  /// The ClockView part of a KioskView at `now`.
  ClockView view(TimePoint now) const;

 private:
  struct SeatClock {
    std::chrono::milliseconds remaining{0};  // as of the start of its current turn
    bool flagged = false;
    bool flag_reported = false;
    bool retired = false;
  };

  /// Time spent in the current turn up to `now` (pauses excluded).
  std::chrono::milliseconds spent(TimePoint now) const;
  std::chrono::milliseconds charge(std::chrono::milliseconds spent) const;
  bool valid(SeatIndex seat) const;

  TimeControl control_;
  std::vector<SeatClock> seats_;
  State state_ = State::kIdle;
  SeatIndex running_{};
  TimePoint turn_started_{};
  std::chrono::milliseconds spent_before_pause_{0};
};

}  // namespace tabula::ui

// clock.h — the game clock for 2 to 4 seats, owned by the session.
//
// Section index: TimingMode, TimeControl, describe, format_clock, GameClock.
//
// The board is the clock (issue 6): the session switches it when it accepts
// a move, at the moment the board first showed that move (not when the move
// settled), and a flag fall is one of the session's own deadlines, judged by
// the rules as a loss on time (or 002's random mover). Time is the session's
// time (Millis since the session began), so the clock is exact, replayable,
// journaled with the inputs, and comes back the same after a resume.
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
//   kPaused   resume(seat, now)           kRunning  seat's turn goes on (a new turn
//                                                   when seat is not the one paused)
//   kRunning  amend_switch(at)            kRunning  the last switch_to moved later to `at`
//   kPaused   amend_switch(at)            kPaused   ... to `at` or the pause, if earlier
//   kRunning  flag(now) at zero           kRunning  the seat is flagged; time stays 0
//   any       stop(now)                   kStopped  the game is over; times frozen
//   any       set_retired(seat, true)     same      seat's time frozen; never flags
//   kStopped  resume(seat, now)           kRunning  (a takeback after the end)
//
// The clock never decides who is out: the session asks flag_time() for its
// deadline and hands the flag to the rules.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tabula::session {

using ClockMillis = std::chrono::milliseconds;

enum class TimingMode : std::uint8_t { kSuddenDeath, kIncrement, kBronstein, kSimpleDelay };
const char* to_string(TimingMode m);

struct TimeControl {
  ClockMillis initial{std::chrono::minutes(15)};
  ClockMillis bonus{0};  // increment or delay, per `mode`
  TimingMode mode = TimingMode::kSuddenDeath;
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// "15 min", "15 min + 10 s", "5 min, Bronstein 3 s", "5 min, delay 5 s".
std::string describe(const TimeControl& control);
// Parses what a person types: "15+10" (minutes + increment seconds),
// "5d3" (delay), "5b3" (Bronstein), "90" (sudden death), "0.5+1". Returns
// nullopt on anything else; `error` then names the fault.
std::optional<TimeControl> parse_time_control(const std::string& text, std::string& error);
// Clock face text: "1:05:09", "14:59", "0:20", and tenths under ten
// seconds: "9.4". Never negative.
std::string format_clock(ClockMillis remaining);

class GameClock {
 public:
  enum class State : std::uint8_t { kIdle, kRunning, kPaused, kStopped };

  GameClock(TimeControl control, int seat_count);

  State state() const { return state_; }
  const TimeControl& control() const { return control_; }
  int seat_count() const { return static_cast<int>(seats_.size()); }
  // The seat whose time runs (or ran, when paused); nullopt when idle.
  std::optional<int> running() const;

  void start(int first, ClockMillis now);
  // An accepted move ends the running seat's turn; `next` starts thinking.
  void switch_to(int next, ClockMillis now);
  void pause(ClockMillis now);
  void resume(int seat, ClockMillis now);
  void stop(ClockMillis now);
  // The seat is out of the game (or back in, after a takeback): its time is
  // frozen and never flags.
  void set_retired(int seat, bool retired, ClockMillis now);
  // Sets a seat's remaining time (an arbiter's correction); clears its flag.
  void set_remaining(int seat, ClockMillis remaining, ClockMillis now);
  // The last switch_to() came too early: the move it ended was withdrawn and
  // the mover's real move was set down at `at` (FIDE 4.7; session.cpp,
  // on_withdrawal). The mover is charged (and paid his bonus) for his turn
  // up to `at`, and the next seat's turn starts at `at`, exactly as if
  // switch_to(next, at) had been called instead. Paused since that switch
  // (the arbiter stopped the clock while the mover's hand was still on the
  // piece, session 14): the mover is charged up to the pause, or to `at` if
  // earlier, and the next seat's turn starts when the clock is started
  // again (what ran of it before the pause, after `at`, stays charged).
  // Only while the next seat's turn still runs or stands paused since that
  // switch (a resume, a flag, a correction ends it), and only when the
  // mover's time lasts that long; false, changing nothing, otherwise.
  bool amend_switch(ClockMillis at);

  ClockMillis remaining(int seat, ClockMillis now) const;
  // kSimpleDelay: grace left in the running turn; zero otherwise.
  ClockMillis delay_left(ClockMillis now) const;
  bool flagged(int seat) const;
  bool retired(int seat) const;
  // When the running seat's time reaches zero, if it is running and not
  // flagged yet.
  std::optional<ClockMillis> flag_time() const;
  // Marks the running seat flagged if its time is up at `now`; returns it.
  std::optional<int> flag(ClockMillis now);

  friend bool operator==(const GameClock&, const GameClock&) = default;

 private:
  struct SeatClock {
    ClockMillis remaining{0};  // as of the start of its current turn
    bool flagged = false;
    bool retired = false;
    friend bool operator==(const SeatClock&, const SeatClock&) = default;
  };
  ClockMillis spent(ClockMillis now) const;  // in the current turn, pauses excluded
  ClockMillis charge(ClockMillis spent) const;
  void end_turn(ClockMillis now);
  bool valid(int seat) const;

  // The last switch_to(), while amend_switch() may still move it.
  struct LastSwitch {
    int mover = 0;
    SeatClock mover_before;  // the mover's clock before that turn was charged
    ClockMillis used{0};     // the mover's time in that turn, pauses excluded
    ClockMillis at{0};
    std::optional<ClockMillis> paused;  // pause() since the switch: when
    friend bool operator==(const LastSwitch&, const LastSwitch&) = default;
  };

  TimeControl control_;
  std::vector<SeatClock> seats_;
  std::optional<LastSwitch> last_switch_;
  State state_ = State::kIdle;
  int running_ = 0;
  ClockMillis turn_started_{0};
  ClockMillis spent_before_pause_{0};
};

}  // namespace tabula::session

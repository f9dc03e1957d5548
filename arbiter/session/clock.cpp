// GameClock (state table in the header).
#include "session/clock.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tabula::session {
namespace {

std::string duration_words(ClockMillis duration) {
  const long long ms = duration.count();
  if (ms % 60000 == 0) return std::to_string(ms / 60000) + " min";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

// A non-negative decimal number of `unit` ms; nullopt if `s` is not one.
std::optional<ClockMillis> amount(const std::string& s, double unit) {
  if (s.empty() || s.size() > 12) return std::nullopt;
  int dots = 0;
  for (char c : s) {
    if (c == '.') {
      ++dots;
    } else if (c < '0' || c > '9') {
      return std::nullopt;
    }
  }
  if (dots > 1 || s == ".") return std::nullopt;
  double v = std::strtod(s.c_str(), nullptr);
  return ClockMillis{static_cast<long long>(std::llround(v * unit))};
}

}  // namespace

const char* to_string(TimingMode m) {
  switch (m) {
    case TimingMode::kSuddenDeath:
      return "sudden death";
    case TimingMode::kIncrement:
      return "increment";
    case TimingMode::kBronstein:
      return "Bronstein delay";
    case TimingMode::kSimpleDelay:
      return "simple delay";
  }
  return "?";
}

std::string describe(const TimeControl& control) {
  const std::string base = duration_words(control.initial);
  switch (control.mode) {
    case TimingMode::kSuddenDeath:
      return base;
    case TimingMode::kIncrement:
      return base + " + " + duration_words(control.bonus);
    case TimingMode::kBronstein:
      return base + ", Bronstein " + duration_words(control.bonus);
    case TimingMode::kSimpleDelay:
      return base + ", delay " + duration_words(control.bonus);
  }
  return base;
}

std::optional<TimeControl> parse_time_control(const std::string& text, std::string& error) {
  TimeControl tc;
  std::size_t sep = text.find_first_of("+db");
  std::string base = text.substr(0, sep);
  std::optional<ClockMillis> initial = amount(base, 60000.0);
  if (!initial || *initial <= ClockMillis{0}) {
    error = "time control \"" + text +
            "\": expected minutes, then +SECONDS (increment), dSECONDS (delay) or bSECONDS "
            "(Bronstein), e.g. 15+10, 5d3, 90";
    return std::nullopt;
  }
  tc.initial = *initial;
  if (sep == std::string::npos) return tc;
  std::optional<ClockMillis> bonus = amount(text.substr(sep + 1), 1000.0);
  if (!bonus) {
    error = "time control \"" + text + "\": \"" + text.substr(sep + 1) +
            "\" after '" + text[sep] + "' is not a number of seconds";
    return std::nullopt;
  }
  tc.bonus = *bonus;
  tc.mode = text[sep] == '+'   ? TimingMode::kIncrement
            : text[sep] == 'd' ? TimingMode::kSimpleDelay
                               : TimingMode::kBronstein;
  return tc;
}

std::string format_clock(ClockMillis remaining) {
  const long long ms = std::max<long long>(0, remaining.count());
  char text[32];
  if (ms < 10000) {
    // Tenths, rounded down: a clock never shows more time than there is.
    std::snprintf(text, sizeof text, "%lld.%lld", ms / 1000, (ms % 1000) / 100);
    return text;
  }
  // Whole seconds, rounded up, so "0:10" is shown until tenths take over.
  const long long seconds = (ms + 999) / 1000;
  if (seconds >= 3600) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", seconds / 3600, (seconds / 60) % 60,
                  seconds % 60);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", seconds / 60, seconds % 60);
  }
  return text;
}

GameClock::GameClock(TimeControl control, int seat_count)
    : control_(control), seats_(static_cast<std::size_t>(std::clamp(seat_count, 1, 4))) {
  for (SeatClock& seat : seats_) seat.remaining = control_.initial;
}

bool GameClock::valid(int seat) const {
  return seat >= 0 && seat < static_cast<int>(seats_.size());
}

std::optional<int> GameClock::running() const {
  if (state_ == State::kIdle) return std::nullopt;
  return running_;
}

ClockMillis GameClock::spent(ClockMillis now) const {
  if (state_ != State::kRunning) return spent_before_pause_;
  return spent_before_pause_ + std::max(ClockMillis{0}, now - turn_started_);
}

ClockMillis GameClock::charge(ClockMillis spent_in_turn) const {
  if (control_.mode == TimingMode::kSimpleDelay) {
    return std::max(ClockMillis{0}, spent_in_turn - control_.bonus);
  }
  return spent_in_turn;
}

void GameClock::start(int first, ClockMillis now) {
  if (state_ != State::kIdle || !valid(first)) return;
  last_switch_ = LastSwitch{-1, {}, ClockMillis{0}, now};  // no mover charged: amend moves the start
  state_ = State::kRunning;
  running_ = first;
  turn_started_ = now;
  spent_before_pause_ = ClockMillis{0};
}

void GameClock::end_turn(ClockMillis now) {
  SeatClock& mover = seats_[static_cast<std::size_t>(running_)];
  if (mover.retired) return;
  const ClockMillis used = spent(now);
  mover.remaining -= charge(used);
  if (mover.remaining < ClockMillis{0}) {
    mover.remaining = ClockMillis{0};
    mover.flagged = true;
  } else if (!mover.flagged) {
    if (control_.mode == TimingMode::kIncrement) mover.remaining += control_.bonus;
    if (control_.mode == TimingMode::kBronstein) mover.remaining += std::min(used, control_.bonus);
  }
}

void GameClock::switch_to(int next, ClockMillis now) {
  if (state_ == State::kIdle || state_ == State::kStopped || !valid(next)) return;
  const LastSwitch before{running_, seats_[static_cast<std::size_t>(running_)], spent(now), now};
  end_turn(now);
  last_switch_ = before;
  running_ = next;
  turn_started_ = now;
  spent_before_pause_ = ClockMillis{0};
  state_ = State::kRunning;  // a move made while paused restarts the clock
}

bool GameClock::amend_switch(ClockMillis at) {
  if (!last_switch_ || at < last_switch_->at) return false;
  const LastSwitch last = *last_switch_;
  const bool paused = state_ == State::kPaused;
  if (!(state_ == State::kRunning && !last.paused) && !(paused && last.paused)) return false;
  // The mover's turn ends at his real move, or where the arbiter stopped
  // the clock before it; what the next seat's turn ran before the pause
  // after that moment stays its own.
  const ClockMillis end = last.paused ? std::min(at, *last.paused) : at;
  const ClockMillis next_spent = last.paused ? *last.paused - end : ClockMillis{0};
  if (last.mover < 0) {  // the clocks started with the withdrawn move (ClockStart::kFirstMove)
    turn_started_ = at;
    spent_before_pause_ = next_spent;
    last_switch_->at = end;
    return true;
  }
  const ClockMillis used = last.used + (end - last.at);
  if (!last.mover_before.retired && !last.mover_before.flagged && charge(used) > last.mover_before.remaining)
    return false;  // his flag fell before his real move: not amended (the session's limit, clock.h)
  // end_turn() as switch_to(next, end) would have run it.
  const int next = running_;
  seats_[static_cast<std::size_t>(last.mover)] = last.mover_before;
  running_ = last.mover;
  state_ = State::kRunning;
  turn_started_ = end - used;
  spent_before_pause_ = ClockMillis{0};
  end_turn(end);
  running_ = next;
  turn_started_ = end;
  spent_before_pause_ = next_spent;
  if (paused) state_ = State::kPaused;
  last_switch_ = LastSwitch{last.mover, last.mover_before, used, end, last.paused};
  return true;
}

void GameClock::pause(ClockMillis now) {
  if (state_ != State::kRunning) return;
  // A move withdrawn while paused still moves the last switch (amend_switch).
  if (last_switch_ && !last_switch_->paused) {
    last_switch_->paused = now;
  } else {
    last_switch_.reset();
  }
  spent_before_pause_ = spent(now);
  state_ = State::kPaused;
}

void GameClock::resume(int seat, ClockMillis now) {
  if (!valid(seat)) return;
  last_switch_.reset();
  if (state_ == State::kIdle) return start(seat, now);
  if (state_ != State::kPaused && state_ != State::kStopped) return;
  if (seat != running_) {
    // The turn changed while paused (a takeback): the paused turn is charged
    // without a bonus and the new seat's turn starts now.
    SeatClock& was = seats_[static_cast<std::size_t>(running_)];
    if (!was.retired) was.remaining = std::max(ClockMillis{0}, was.remaining - charge(spent_before_pause_));
    running_ = seat;
    spent_before_pause_ = ClockMillis{0};
  }
  turn_started_ = now;
  state_ = State::kRunning;
}

void GameClock::stop(ClockMillis now) {
  last_switch_.reset();
  if (state_ == State::kIdle || state_ == State::kStopped) {
    state_ = State::kStopped;
    return;
  }
  SeatClock& mover = seats_[static_cast<std::size_t>(running_)];
  if (!mover.retired) {
    mover.remaining = std::max(ClockMillis{0}, mover.remaining - charge(spent(now)));
  }
  spent_before_pause_ = ClockMillis{0};
  state_ = State::kStopped;
}

void GameClock::set_retired(int seat, bool retired, ClockMillis now) {
  if (!valid(seat)) return;
  SeatClock& c = seats_[static_cast<std::size_t>(seat)];
  if (c.retired == retired) return;
  last_switch_.reset();
  if (retired && state_ != State::kIdle && seat == running_) {
    // Leaving in the middle of a turn: the time used so far is charged.
    c.remaining = std::max(ClockMillis{0}, c.remaining - charge(spent(now)));
    spent_before_pause_ = ClockMillis{0};
    turn_started_ = now;
  }
  c.retired = retired;
}

void GameClock::set_remaining(int seat, ClockMillis remaining_time, ClockMillis now) {
  if (!valid(seat)) return;
  last_switch_.reset();
  SeatClock& clock = seats_[static_cast<std::size_t>(seat)];
  clock.remaining = std::max(ClockMillis{0}, remaining_time);
  clock.flagged = false;
  if (state_ != State::kIdle && seat == running_) {
    turn_started_ = now;  // the new figure counts from now
    spent_before_pause_ = ClockMillis{0};
  }
}

ClockMillis GameClock::remaining(int seat, ClockMillis now) const {
  if (!valid(seat)) return ClockMillis{0};
  const SeatClock& clock = seats_[static_cast<std::size_t>(seat)];
  if (state_ == State::kIdle || state_ == State::kStopped || seat != running_ || clock.retired)
    return clock.remaining;
  return std::max(ClockMillis{0}, clock.remaining - charge(spent(now)));
}

ClockMillis GameClock::delay_left(ClockMillis now) const {
  if (control_.mode != TimingMode::kSimpleDelay || state_ == State::kIdle ||
      state_ == State::kStopped)
    return ClockMillis{0};
  return std::max(ClockMillis{0}, control_.bonus - spent(now));
}

bool GameClock::flagged(int seat) const {
  return valid(seat) && seats_[static_cast<std::size_t>(seat)].flagged;
}

bool GameClock::retired(int seat) const {
  return valid(seat) && seats_[static_cast<std::size_t>(seat)].retired;
}

std::optional<ClockMillis> GameClock::flag_time() const {
  if (state_ != State::kRunning) return std::nullopt;
  const SeatClock& c = seats_[static_cast<std::size_t>(running_)];
  if (c.retired || c.flagged) return std::nullopt;
  ClockMillis grace = control_.mode == TimingMode::kSimpleDelay ? control_.bonus : ClockMillis{0};
  return turn_started_ - spent_before_pause_ + c.remaining + grace;
}

std::optional<int> GameClock::flag(ClockMillis now) {
  std::optional<ClockMillis> t = flag_time();
  if (!t || *t > now) return std::nullopt;
  last_switch_.reset();
  SeatClock& c = seats_[static_cast<std::size_t>(running_)];
  c.flagged = true;
  c.remaining = ClockMillis{0};
  return running_;
}

}  // namespace tabula::session

// ChessClock (state table in the header).
#include "ui/clock.h"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace tabula::ui {
namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

std::string duration_words(milliseconds duration) {
  const long long ms = duration.count();
  if (ms % 60000 == 0) return std::to_string(ms / 60000) + " min";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

}  // namespace

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

std::string format_clock(milliseconds remaining) {
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

ChessClock::ChessClock(TimeControl control, int seat_count)
    : control_(control),
      seats_(static_cast<std::size_t>(std::clamp(seat_count, kMinSeats, kMaxSeats))) {
  assert(seat_count >= kMinSeats && seat_count <= kMaxSeats);
  for (SeatClock& seat : seats_) seat.remaining = control_.initial;
}

bool ChessClock::valid(SeatIndex seat) const {
  return seat.value >= 0 && seat.value < static_cast<int>(seats_.size());
}

std::optional<SeatIndex> ChessClock::running() const {
  if (state_ == State::kIdle) return std::nullopt;
  return running_;
}

milliseconds ChessClock::spent(TimePoint now) const {
  if (state_ != State::kRunning) return spent_before_pause_;
  return spent_before_pause_ +
         std::max(milliseconds{0}, duration_cast<milliseconds>(now - turn_started_));
}

milliseconds ChessClock::charge(milliseconds spent_in_turn) const {
  if (control_.mode == TimingMode::kSimpleDelay) {
    return std::max(milliseconds{0}, spent_in_turn - control_.bonus);
  }
  return spent_in_turn;
}

void ChessClock::start(SeatIndex first, TimePoint now) {
  if (state_ != State::kIdle || !valid(first)) return;
  state_ = State::kRunning;
  running_ = first;
  turn_started_ = now;
  spent_before_pause_ = milliseconds{0};
}

void ChessClock::switch_to(SeatIndex next, TimePoint now) {
  if (state_ == State::kIdle || !valid(next)) return;
  SeatClock& mover = seats_[static_cast<std::size_t>(running_.value)];
  if (!mover.retired) {
    const milliseconds used = spent(now);
    mover.remaining -= charge(used);
    if (mover.remaining <= milliseconds{0}) {
      mover.remaining = milliseconds{0};
      mover.flagged = true;  // reported by the next poll() if not yet
    } else if (!mover.flagged) {
      if (control_.mode == TimingMode::kIncrement) mover.remaining += control_.bonus;
      if (control_.mode == TimingMode::kBronstein)
        mover.remaining += std::min(used, control_.bonus);
    }
  }
  running_ = next;
  turn_started_ = now;
  spent_before_pause_ = milliseconds{0};
  // A move made while paused restarts the clock: the next seat is thinking.
  state_ = State::kRunning;
}

void ChessClock::pause(TimePoint now) {
  if (state_ != State::kRunning) return;
  spent_before_pause_ = spent(now);
  state_ = State::kPaused;
}

void ChessClock::resume(TimePoint now) {
  if (state_ != State::kPaused) return;
  turn_started_ = now;
  state_ = State::kRunning;
}

void ChessClock::retire(SeatIndex seat) {
  if (valid(seat)) seats_[static_cast<std::size_t>(seat.value)].retired = true;
}

void ChessClock::set_remaining(SeatIndex seat, milliseconds remaining_time, TimePoint now) {
  if (!valid(seat)) return;
  SeatClock& clock = seats_[static_cast<std::size_t>(seat.value)];
  clock.remaining = std::max(milliseconds{0}, remaining_time);
  clock.flagged = false;
  clock.flag_reported = false;
  if (state_ != State::kIdle && seat == running_) {
    // The new figure counts from now.
    turn_started_ = now;
    spent_before_pause_ = milliseconds{0};
  }
}

milliseconds ChessClock::remaining(SeatIndex seat, TimePoint now) const {
  if (!valid(seat)) return milliseconds{0};
  const SeatClock& clock = seats_[static_cast<std::size_t>(seat.value)];
  if (state_ == State::kIdle || seat != running_ || clock.retired) return clock.remaining;
  return std::max(milliseconds{0}, clock.remaining - charge(spent(now)));
}

milliseconds ChessClock::delay_left(TimePoint now) const {
  if (control_.mode != TimingMode::kSimpleDelay || state_ == State::kIdle) return milliseconds{0};
  return std::max(milliseconds{0}, control_.bonus - spent(now));
}

bool ChessClock::flagged(SeatIndex seat) const {
  return valid(seat) && seats_[static_cast<std::size_t>(seat.value)].flagged;
}

std::optional<Intent> ChessClock::poll(TimePoint now) {
  if (state_ == State::kRunning) {
    SeatClock& clock = seats_[static_cast<std::size_t>(running_.value)];
    if (!clock.retired && !clock.flagged && remaining(running_, now) == milliseconds{0}) {
      clock.flagged = true;
    }
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    SeatClock& clock = seats_[i];
    if (clock.flagged && !clock.flag_reported) {
      clock.flag_reported = true;
      return Intent{FlagFell{SeatIndex{static_cast<int>(i)}}};
    }
  }
  return std::nullopt;
}

ClockView ChessClock::view(TimePoint now) const {
  ClockView view;
  view.enabled = true;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    view.remaining.push_back(remaining(SeatIndex{static_cast<int>(i)}, now));
  }
  if (state_ == State::kRunning) view.running = running_;
  view.delay_left = delay_left(now);
  view.control_text = describe(control_);
  return view;
}

}  // namespace tabula::ui

// session_clock.cpp — the Session's game clock: the flag's deadline, a flag
// falling, the clock kept in step with the game, and the clock's intents.
#include "session/session_moves.h"

namespace tabula::session {

using core::Seat;
using core::SquareSet;

// ---- the clock ----------------------------------------------------------------------

std::optional<Millis> Session::flag_deadline() const {
  if (!clock_ || phase_ != Phase::kPlay) return std::nullopt;
  std::optional<Millis> f = clock_->flag_time();
  if (!f) return std::nullopt;
  // A move the board showed in time stands: it commits when it settles and
  // stops the clock at the moment it was shown.
  if (std::optional<Millis> shown = tracker_.tentative_shown(); shown && *shown <= *f)
    return std::nullopt;
  if (tracker_.state() == inference::TrackerState::kAwaitingChoice) return std::nullopt;
  // Session 14: the move that started this turn may still be withdrawn (its
  // mover's hand still on the piece: tracker.h, "A piece moved on at once");
  // if it is, this seat's time had not begun (FIDE 4.7, 6.9): its flag waits
  // until that is known, at most the settle time after the hand's last touch.
  if (std::optional<Millis> open = tracker_.withdrawal_open_until(); open && *open > *f) return open;
  return f;
}

void Session::on_flag(Output& out) {
  std::optional<int> i = clock_->flag(now_);
  if (!i) return;
  Seat s = core::seat_at(*i);
  Ruling r;
  r.kind = RulingKind::kClock;
  r.severity = core::Severity::kWarning;
  r.text = game().seat_name(s) + "'s flag has fallen (" + describe(clock_->control()) + ")";
  add(r, out);
  SquareSet shown = tracker_.expected();
  std::vector<core::Ruling> rs = match_.game().timeout(s);
  if (rs.empty()) return;
  add_game_rulings(rs, out);
  close_questions(out);
  after_game_change(shown, inference::Rebase::kKeepEvidence, out);
}

// FIDE 6.10.1: every indication of the clock is conclusive; FIDE 6.9 and
// the variant sheets: a seat loses on time when its flag falls, at zero.
// When the session keeps the clock, that clock decides, and it flags the
// seat itself (on_flag) when its time is up; an arbiter's flag of a seat
// whose clock still shows time is refused. Without a session clock (an
// external clock by the board) the arbiter's declaration stands. A journal
// replays the same way: an older build's journal whose flag fell with time
// on the session's clock resumes with the game going on (tests/journal
// resume_test.cpp, Resume.AnOlderFlagWithTimeOnTheClockIsRefusedOnResume).
std::optional<std::string> Session::unfounded_flag(core::Seat seat) const {
  const int i = core::index_of(seat);
  if (!clock_ || !game().plays(seat) || clock_->retired(i)) return std::nullopt;
  const Millis left = clock_->remaining(i, now_);
  if (left <= Millis{0}) return std::nullopt;
  // The face shows tenths rounded down ("0.0" with 80 ms left): the
  // milliseconds say why that is no flag.
  return game().seat_name(seat) + "'s clock shows " + format_clock(left) +
         (left < Millis{1000} ? " (" + std::to_string(left.count()) + " ms left)" : std::string()) +
         ": no flag (FIDE 6.10.1: the session's clock decides; it flags a seat itself at zero)";
}

void Session::sync_clock(Millis at) {
  if (!clock_) return;
  const core::Game& g = game();
  for (int i = 0; i < g.rules().seat_count(); ++i) {
    Seat s = core::seat_at(i);
    // Out of the game, or a random mover whose moves the table plays (002 rule 7).
    clock_->set_retired(i, !g.plays(s) || random_mover(g, s), at);
  }
  if (phase_ == Phase::kOver || g.outcome().over) return clock_->stop(at);
  // Issue 33: a bot's clock stops when its move is announced; the next
  // seat's starts when the move stands on the board (accept()).
  if (phase_ != Phase::kPlay || clock_held_ || bot_request(g) != nullptr) return clock_->pause(at);
  int next = core::index_of(g.to_move());
  switch (clock_->state()) {
    case GameClock::State::kIdle:
      // kFirstMove: idle until the first move (accept() starts it); a game
      // that already has moves starts at once.
      if (settings_.clock_start == ClockStart::kSetup || !moves_.empty()) clock_->start(next, at);
      return;
    case GameClock::State::kRunning:
      if (clock_->running() != next) clock_->switch_to(next, at);
      return;
    default:
      return clock_->resume(next, at);
  }
}

void Session::clock_intent(const Intent& in, Output& out) {
  if (!clock_) return refuse("this game has no clock", out);
  Ruling r;
  r.kind = RulingKind::kClock;
  switch (in.kind) {
    case IntentKind::kPauseClock:
      if (clock_held_) return refuse("the clock is already stopped", out);
      clock_held_ = true;
      clock_->pause(now_);
      r.text = "the arbiter stops the clock";
      break;
    case IntentKind::kResumeClock:
      if (!clock_held_) return refuse("the clock is not stopped", out);
      clock_held_ = false;
      sync_clock(now_);
      r.text = "the arbiter starts the clock again";
      break;
    default: {
      int i = core::index_of(in.seat);
      if (in.seat == core::kNoSeat || i >= game().rules().seat_count())
        return refuse("set the clock of which seat?", out);
      if (in.count < 0) return refuse("a clock cannot be set below zero", out);
      clock_->set_remaining(i, Millis{in.count}, now_);
      r.severity = core::Severity::kWarning;
      r.text = "the arbiter sets " + game().seat_name(in.seat) + "'s clock to " +
               format_clock(Millis{in.count});
      break;
    }
  }
  add(r, out);
}

}  // namespace tabula::session

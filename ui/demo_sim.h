// DemoSim: a UI-ONLY stand-in for the session, behind `tabula-kiosk --sim`,
// until the real session exists. It is not game logic and knows no rule: a
// click lifts the piece on a square, the next click puts it down somewhere
// (capturing whatever stood there), turns pass to the next live seat in
// move-list order, and the game clock (session/clock.h) runs. Every lift and put-down
// is reported as a sensor trace line, so the kiosk can feed a replay later:
//
//   <ms> <square> <up|down>     ms since the sim started, square as "e4"
//
// A slide (right or shift click on the destination) also reports the magnet
// passing over each square between origin and destination on a straight or
// diagonal line ("down" then "up" on each), as a reed grid would see it.
//
// Owns its KioskView (copied from a demo) and clock. Not thread-safe.
//
//   state     event                          next      trace
//   kEmpty    click on a piece               kHolding  "<ms> sq up"
//   kEmpty    click on an empty square       kEmpty    -
//   kHolding  click on the origin            kEmpty    "<ms> sq down"
//   kHolding  click elsewhere                kEmpty    ["<ms> to up"] [slide path] "<ms> to down"
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "session/clock.h"
#include "ui/intent.h"
#include "ui/view_model.h"

namespace tabula::ui {

class DemoSim {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;

  /// `start` must pass validate(). The clock starts for start.to_move.
  DemoSim(KioskView start, session::TimeControl control, TimePoint now);

  const KioskView& view() const { return view_; }
  bool holding() const { return hand_.has_value(); }

  /// Applies one intent from the kiosk; returns the trace lines it made.
  std::vector<std::string> apply(const Intent& intent, TimePoint now);

  /// Advances the clock into the view; returns a flag fall, if one happened
  /// (the caller logs it and feeds it back through apply()).
  std::optional<Intent> tick(TimePoint now);

 private:
  struct Hand {
    Cell from;
    PieceView piece;
  };

  std::string stamp(TimePoint now, Cell cell, const char* edge) const;
  session::ClockMillis ms(TimePoint now) const;
  std::vector<std::string> click(const SquareClicked& click, TimePoint now);
  void record_move(const Hand& hand, Cell to, bool capture);
  std::optional<SeatIndex> next_seat(SeatIndex after) const;
  void rule(Severity severity, std::string text);
  std::string seat_name(SeatIndex seat) const;
  SeatView* seat_at(SeatIndex seat);

  KioskView view_;
  session::GameClock clock_;
  TimePoint started_;
  std::optional<Hand> hand_;
};

}  // namespace tabula::ui

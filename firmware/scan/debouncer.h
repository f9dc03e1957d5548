// Per-square debouncing by time integration. Pure: readings and time come in
// as values, changes come out; no clock, no I/O.
//
// Each square has an integrator i in [0, T], T = the debounce time. Every
// update adds the elapsed time dt to i while the square reads occupied and
// subtracts it while it reads empty, so a reading must hold for about T
// (summed over the noise) before the debounced state follows. dt is capped at
// T/3 so that after a stalled loop a single sample still cannot flip a square.
//
//   state      reading   integrator            condition   next       emits
//   ---------  --------  --------------------  ----------  ---------  --------------
//   Unknown    occupied  i = min(T, i + dt)    i == T      Occupied   nothing (settle)
//   Unknown    empty     i = max(0, i - dt)    i == 0      Empty      nothing (settle)
//   Empty      occupied  i = min(T, i + dt)    i == T      Occupied   change: down
//   Empty      empty     i = max(0, i - dt)    -           Empty      -
//   Occupied   empty     i = max(0, i - dt)    i == 0      Empty      change: up
//   Occupied   occupied  i = min(T, i + dt)    -           Occupied   -
//   any        reset()   i = T/2               -           Unknown    -
//
// A new debouncer starts every square Unknown at T/2, so the first settle
// takes T/2 and produces no change: the daemon reports the settled board as a
// snapshot instead of a burst of events. A change carries the time of the
// update that confirmed it (the reading began about T earlier).
//
// Thread-safety: none; one owner. Invariant: 0 <= i <= T for every square.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "scan/board_profile.h"

namespace tabula::firmware {

enum class SquareState : std::uint8_t { kUnknown, kEmpty, kOccupied };

struct SquareChange {
  SquareIndex square{};
  bool occupied = false;
  Micros time{0};
  friend bool operator==(const SquareChange&, const SquareChange&) = default;
};

class Debouncer {
 public:
  Debouncer(std::size_t squares, Micros debounce);

  // Feeds one scan: occupied[i] != 0 when square i reads occupied now. `now`
  // must not go backwards (an earlier time counts as no time passed).
  // Appends confirmed changes to `changes`; settles are not changes.
  void update(std::span<const std::uint8_t> occupied, Micros now,
              std::vector<SquareChange>& changes);

  // Forgets every square (after the chip came back): all Unknown again.
  void reset();

  SquareState state(SquareIndex s) const { return states_[to_size(s)]; }
  // True once no square is Unknown.
  bool settled() const { return unknown_ == 0; }
  std::size_t size() const { return states_.size(); }
  Micros debounce() const { return debounce_; }

 private:
  Micros debounce_;
  Micros max_step_;
  std::vector<std::int64_t> integrator_us_;
  std::vector<SquareState> states_;
  std::size_t unknown_ = 0;
  bool started_ = false;
  Micros last_{0};
};

}  // namespace tabula::firmware

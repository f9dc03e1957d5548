#include "scan/debouncer.h"

#include <algorithm>
#include <cassert>

namespace tabula::firmware {

Debouncer::Debouncer(std::size_t squares, Micros debounce)
    : debounce_(std::max(debounce, Micros(1))),
      max_step_(std::max(debounce_ / 3, Micros(1))),
      integrator_us_(squares),
      states_(squares) {
  reset();
}

void Debouncer::reset() {
  std::fill(integrator_us_.begin(), integrator_us_.end(), debounce_.count() / 2);
  std::fill(states_.begin(), states_.end(), SquareState::kUnknown);
  unknown_ = states_.size();
  started_ = false;
}

void Debouncer::update(std::span<const std::uint8_t> occupied, Micros now,
                       std::vector<SquareChange>& changes) {
  assert(occupied.size() == states_.size());
  // The first update after construction or reset only starts the clock.
  const Micros dt = started_ ? std::clamp(now - last_, Micros(0), max_step_) : Micros(0);
  started_ = true;
  last_ = std::max(last_, now);
  const std::int64_t step = dt.count();
  const std::int64_t top = debounce_.count();

  for (std::size_t i = 0; i < states_.size(); ++i) {
    std::int64_t& integ = integrator_us_[i];
    SquareState& state = states_[i];
    if (occupied[i]) {
      integ = std::min(top, integ + step);
      if (integ == top && state != SquareState::kOccupied) {
        if (state == SquareState::kUnknown) {
          --unknown_;
        } else {
          changes.push_back({static_cast<SquareIndex>(i), true, now});
        }
        state = SquareState::kOccupied;
      }
    } else {
      integ = std::max<std::int64_t>(0, integ - step);
      if (integ == 0 && state != SquareState::kEmpty) {
        if (state == SquareState::kUnknown) {
          --unknown_;
        } else {
          changes.push_back({static_cast<SquareIndex>(i), false, now});
        }
        state = SquareState::kEmpty;
      }
    }
  }
}

}  // namespace tabula::firmware

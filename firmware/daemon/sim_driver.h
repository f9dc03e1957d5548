// Replays a sensor trace (trace/trace.h) into a FakeMatrix: the sim backend.
// The board starts empty; events at time 0 lay out the position, which the
// daemon reports as its first settled snapshot, not as events.
//
// A `down` puts a magnet over the square's first reed; an `up` lifts the
// magnets off all its reeds (a merged corner square has four). Time is
// injected: advance(now) applies every event up to now.
//
// Ownership: borrows the profile and the FakeMatrix. Not thread-safe.
#pragma once

#include <vector>

#include "scan/board_profile.h"
#include "scan/fake_matrix.h"
#include "trace/trace.h"

namespace tabula::firmware {

class SimDriver {
 public:
  // Every trace line that cannot happen on this board: an unknown square, a
  // piece arriving on an occupied square or leaving an empty one.
  static std::vector<trace::TraceError> check(const BoardProfile& profile,
                                              const std::vector<trace::TraceEvent>& events,
                                              const std::string& file);

  // `events` must have passed check().
  SimDriver(const BoardProfile& profile, FakeMatrix& fake, std::vector<trace::TraceEvent> events);

  void advance(Micros now);
  bool finished() const { return next_ == events_.size(); }
  Micros last_event_time() const;
  std::size_t applied() const { return next_; }

 private:
  const BoardProfile& profile_;
  FakeMatrix& fake_;
  std::vector<trace::TraceEvent> events_;
  std::vector<std::vector<SensorIndex>> square_sensors_;
  std::size_t next_ = 0;
};

}  // namespace tabula::firmware

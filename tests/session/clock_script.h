// clock_script.h — the settings of the tests of when a move was made
// (soak_misreads_test, bounce_runs_test), and a script of reed events played
// on a Table, with the session clock's switch read as each move is accepted.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "table.h"

namespace tabula::testing {

// The settings these tests run a Table with: commit_at_once on or off, and
// (WithClock::kYes) a session clock of the default time control, whose
// switches clock_switches reads.
enum class WithClock : bool { kNo, kYes };
inline session::SessionSettings table_settings(bool at_once, WithClock clock = WithClock::kNo) {
  session::SessionSettings s;
  s.tracker.commit_at_once = at_once;
  if (clock == WithClock::kYes) s.time_control = session::TimeControl{};
  return s;
}

// Plays `script` on `t` and returns, for each move accepted, when the
// session's clock switched (when the clock holds the move made), read from
// the clock as each move is accepted. The script is reed events, each
// `SQUARE up|down GAP_MS` (the gap since the event before), a `*` after the
// gap marking a move's landing (its piece set down: the reed's first flip
// down; FIDE 4.7, the move is made then), whose times go to `landings`.
inline std::vector<long> clock_switches(Table& t, const std::string& script,
                                        std::vector<long>& landings) {
  std::vector<long> switches;
  std::vector<long> frozen;  // each seat's time left when its turn last ended
  auto read = [&]() {
    const auto& clock = t.session().clock();
    if (!clock || !clock->running()) return;
    if (frozen.empty()) frozen.assign(static_cast<std::size_t>(clock->seat_count()), -1);
    while (switches.size() < t.session().moves().size()) {
      const int r = *clock->running();
      const session::ClockMillis now{t.now()};
      const long left = clock->remaining(r, now).count();
      const long before = frozen[static_cast<std::size_t>(r)] < 0
                              ? clock->control().initial.count()
                              : frozen[static_cast<std::size_t>(r)];
      switches.push_back(t.now() - (before - left));
      for (int q = 0; q < clock->seat_count(); ++q) {
        if (q != r) frozen[static_cast<std::size_t>(q)] = clock->remaining(q, now).count();
      }
    }
  };
  std::istringstream in(script);
  std::string square;
  std::string flip;
  std::string gap;
  while (in >> square >> flip >> gap) {
    const bool landing = gap.back() == '*';
    if (landing) gap.pop_back();
    if (flip == "down") {
      t.down(square, std::stol(gap));
    } else if (flip == "up") {
      t.up(square, std::stol(gap));
    } else {
      ADD_FAILURE() << "the script's '" << square << " " << flip << "' is neither up nor down";
    }
    if (landing) landings.push_back(t.now());
    read();
  }
  EXPECT_TRUE(in.eof()) << "the script was not read to its end";
  t.wait(2500);
  read();
  return switches;
}

}  // namespace tabula::testing

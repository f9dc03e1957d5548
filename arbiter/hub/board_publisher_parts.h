// board_publisher_parts.h — what board_publisher.cpp (start and stop, the
// shell side) and board_publisher_worker.cpp (the worker) share: the
// publisher's bounds and two helpers. Private to those two files.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "hub/board_publisher.h"

namespace tabula::hub::publisher_parts {

using SteadyClock = std::chrono::steady_clock;
inline constexpr std::size_t kMaxHubs = 8;      // hubs an event has: the arbiter's screen, the recorder, a spare
inline constexpr std::size_t kMaxActions = 64;  // verified actions waiting for the shell
// Refused actions recorded one by one per window; the rest are counted.
inline constexpr int kRefusalsRecorded = 5;
inline constexpr std::chrono::seconds kRefusalWindow{10};
inline constexpr std::chrono::milliseconds kStateHoldoff{1000};  // a requested state at most once a second
// Session 24: items waiting for a held outbox, at most (then an input's
// items are refused, as any outbox failure was before); written in
// transactions of at most kWriteBatch.
inline constexpr std::size_t kMaxUnwritten = 10000;
inline constexpr std::size_t kWriteBatch = 256;
// The replay guard is written on the worker's thread before an action is
// carried out: it may wait SQLite's usual busy timeout (no frame waits on it).
inline constexpr std::chrono::milliseconds kGuardWait{2000};

inline void apply_clocks(wire::BoardState& st, const std::optional<ClockReading>& clocks, bool paused) {
  st.set_clocks_known(clocks.has_value());
  st.set_clock_running(clocks ? clocks->running : -1);
  for (int i = 0; i < st.seats_size(); ++i) {
    const auto u = static_cast<std::size_t>(i);
    st.mutable_seats(i)->set_clock_ms(clocks && u < clocks->remaining.size() ? clocks->remaining[u].count() : 0);
  }
  st.set_paused(paused);
}

// The payload of `m` on `topic`, signed with the board's key when it has one.
template <class Message>
std::string seal(Message m, const std::string& topic, const std::optional<BoardKey>& key) {
  if (key) sign_message(m, topic, *key);
  return encode(m);
}

}  // namespace tabula::hub::publisher_parts

// stream_log.h — the frames every spectator's stream is sent, each encoded
// once (issue 34's bench: 1000 streams each built their own batch from every
// board): the web service's feed appends each change of a view (a board's
// patch or whole frame, a board gone, the status) as one server-sent event;
// a stream remembers the number of the last frame it wrote and is next sent
// every frame after it, in order, so it sees every change the feed saw.
//
// Bounded: at most `max_frames` frames and `max_bytes` bytes are held (the
// oldest dropped). A stream whose next frame was dropped (it fell that far
// behind) cannot be caught up: since() says so and the stream is sent the
// whole current state instead (as a new spectator is).
//
// Not thread-safe: the web service reads and appends under its lock.
#pragma once

#include <cstdint>
#include <cstddef>
#include <deque>
#include <string>

namespace tabula::hub::web {

class StreamLog {
 public:
  explicit StreamLog(std::size_t max_frames = 4096, std::size_t max_bytes = 256 * 1024);

  // Appends one frame; returns its number (1, 2, ...).
  std::uint64_t append(std::string frame);
  // The number of the newest frame (0: none yet).
  std::uint64_t last() const { return last_; }
  // Appends to `out` every frame numbered after `seen`, oldest first. False
  // (nothing appended) when a frame after `seen` was already dropped, or
  // those frames are more than `most` bytes (the caller then sends the
  // whole state: smaller, and the newest).
  bool since(std::uint64_t seen, std::string& out, std::size_t most = SIZE_MAX) const;

 private:
  std::deque<std::string> frames_;  // numbered last_ - size + 1 ... last_
  std::size_t bytes_ = 0;
  std::size_t max_frames_;
  std::size_t max_bytes_;
  std::uint64_t last_ = 0;
};

}  // namespace tabula::hub::web

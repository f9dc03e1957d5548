// Where the daemon's frames go: a Unix socket with any number of clients
// (FrameServer) or a stream such as stdout (StreamSink). Both are driven by
// the daemon's single poll loop and never block it: every fd is non-blocking
// and every client's queue is bounded.
#pragma once

#include <poll.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tabula_proto/board.pb.h"

namespace tabula::firmware {

using ClientId = std::uint64_t;

struct SinkEvent {
  enum class Kind { kConnected, kRequest, kDisconnected };
  Kind kind = Kind::kConnected;
  ClientId client = 0;
  board::Request request;  // kRequest
  std::string reason;      // kDisconnected: why, for the log
};

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // Queues a frame for every client; sets Frame::sequence per client.
  virtual void broadcast(board::Frame& frame) = 0;
  virtual void send(ClientId client, board::Frame& frame) = 0;
  // Sends a last frame if it fits, then closes the client.
  virtual void close_client(ClientId client, board::Frame* last_words, std::string reason) = 0;
  // Appends the fds to poll; dispatch() then reads the same entries back.
  virtual void prepare(std::vector<pollfd>& fds) = 0;
  virtual void dispatch(std::span<const pollfd> fds, std::vector<SinkEvent>& events) = 0;
  virtual std::size_t client_count() const = 0;
  // The sink cannot go on (stdout closed); the daemon stops.
  virtual bool broken() const { return false; }
  virtual std::string broken_reason() const { return {}; }
  // Broken because the reader went away (a clean end), not because it stalled.
  virtual bool broken_by_peer() const { return false; }
  // At shutdown: write what is queued, waiting at most `timeout_ms` in all.
  virtual void drain(int timeout_ms) = 0;
};

}  // namespace tabula::firmware

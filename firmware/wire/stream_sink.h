// Writes frames to one stream, normally stdout: binary length-delimited
// frames, or with `text` one line per frame (wire/frame_text.h). The stream is
// the single client (id 1), connected from the start.
//
// A pipe or socket is switched to non-blocking (and back on destruction), so
// a stalled reader cannot stop the scanner: past max_queued_bytes the sink is
// broken() and the daemon stops with a message. A file or terminal is
// written directly. Does not own the fd. Not thread-safe.
#pragma once

#include <string>

#include "wire/frame_sink.h"

namespace tabula::firmware {

class StreamSink final : public FrameSink {
 public:
  StreamSink(int fd, bool text, std::size_t max_queued_bytes = 1024 * 1024);
  ~StreamSink() override;
  StreamSink(const StreamSink&) = delete;
  StreamSink& operator=(const StreamSink&) = delete;

  void broadcast(board::Frame& frame) override;
  void send(ClientId client, board::Frame& frame) override;
  void close_client(ClientId, board::Frame*, std::string) override {}
  void prepare(std::vector<pollfd>& fds) override;
  void dispatch(std::span<const pollfd> fds, std::vector<SinkEvent>& events) override;
  std::size_t client_count() const override { return broken_ ? 0 : 1; }
  bool broken() const override { return broken_; }
  std::string broken_reason() const override { return reason_; }
  bool broken_by_peer() const override { return by_peer_; }
  void drain(int timeout_ms) override;

 private:
  void flush();

  int fd_;
  bool text_;
  std::size_t max_queued_;
  int saved_flags_ = -1;
  bool announced_ = false;
  bool broken_ = false;
  bool by_peer_ = false;
  std::string reason_;
  std::string out_;
  std::size_t out_start_ = 0;
  std::uint64_t sequence_ = 0;
  std::size_t my_fd_ = 0;
  bool polled_ = false;
};

}  // namespace tabula::firmware

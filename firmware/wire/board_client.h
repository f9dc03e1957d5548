// BoardClient: the client end of tabula-boardd's socket, for a program with
// its own loop (the kiosk). Connects to the daemon's Unix socket, decodes the
// Frames it publishes and sends Requests (a snapshot, an expectation).
//
// Nothing here blocks: the socket is non-blocking, read() takes what the
// kernel has and returns, and requests that do not fit in the socket at once
// wait in a bounded queue that every later call tries to flush (poll fd() for
// POLLOUT while wants_write()).
//
// Life of a connection:
//
//   state   event                                   status of the call        next
//   open    bytes that decode to frames             ok, frames appended       open
//   open    a frame whose sequence is not last+1    kInvalid "... jumped ..."  open (frames kept)
//   open    end of file                             kPeerClosed               closed
//   open    bytes that are no frame                 kInvalid "frame N: ..."   closed
//   open    a read or write error, queue overflow   that error                closed
//   closed  any call                                the status that closed it closed
//
// A closed client stays closed: the caller drops it and connects again. The
// frames decoded before the end or the corruption are still handed out by
// the read() that reports it. The sequence check follows proto/board.proto:
// per connection, from 1, no gaps.
//
// Owns its socket (UniqueFd). Not thread-safe: one loop drives it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tabula_proto/board.pb.h"
#include "wire/frame_codec.h"
#include "wire/io_status.h"
#include "wire/unique_fd.h"

namespace tabula::firmware {

class BoardClient {
 public:
  // Requests waiting for the socket beyond this are an error: the daemon has
  // stopped reading (a request is some tens of bytes, an expectation < 1 KiB).
  static constexpr std::size_t kMaxQueuedBytes = 64 * 1024;

  // Connects without blocking. Failures name `path` and say what to check:
  //   kNotFound         no such socket, or a socket nobody listens on (the
  //                     daemon is not running)
  //   kPermissionDenied the socket (or its directory) is not ours to open
  //   kInvalid          the path is empty, too long, or not a socket
  //   kWouldBlock       the daemon's accept queue is full; try again
  static IoStatus connect(const std::string& path, std::unique_ptr<BoardClient>& out);

  BoardClient(const BoardClient&) = delete;
  BoardClient& operator=(const BoardClient&) = delete;

  // The socket, for poll(): POLLIN always, POLLOUT while wants_write().
  int fd() const { return fd_.get(); }
  const std::string& path() const { return path_; }
  bool closed() const { return !closed_status_.is_ok(); }
  bool wants_write() const { return out_start_ < out_.size(); }

  // Appends every whole frame that has arrived to `out` (see the table above
  // for what the status says). Also flushes queued requests.
  IoStatus read(std::vector<board::Frame>& out);

  // Queue a request and send what the socket takes now.
  IoStatus request_snapshot();
  // Every other square is expected empty. Names are the daemon's square names.
  IoStatus send_expectation(const std::vector<std::string>& occupied_squares);
  // Sends queued request bytes (read() does this too).
  IoStatus flush();

  // Frames decoded on this connection so far.
  std::uint64_t frames_received() const { return decoder_.frames(); }

 private:
  BoardClient(std::string path, UniqueFd fd) : path_(std::move(path)), fd_(std::move(fd)) {}
  IoStatus send_request(board::Request& request);
  IoStatus close_with(IoStatus status);

  std::string path_;
  UniqueFd fd_;
  FrameDecoder decoder_;
  std::uint64_t last_sequence_ = 0;
  std::string out_;  // unsent request bytes from out_start_
  std::size_t out_start_ = 0;
  IoStatus closed_status_;  // not ok once closed
};

}  // namespace tabula::firmware

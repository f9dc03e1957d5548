// A test client for the daemon's socket: connects, reads without blocking,
// decodes frames. Every wait is bounded.
#pragma once

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "tabula_proto/board.pb.h"
#include "wire/frame_codec.h"
#include "wire/unique_fd.h"

namespace tabula::firmware::testing {

class SocketClient {
 public:
  bool connect_to(const std::string& path) {
    fd_.reset(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.data(), path.size());
    return ::connect(fd_.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  }
  // Reads what is there (waiting at most `wait_ms` for the first byte).
  // Returns false once the peer has closed.
  bool pump(int wait_ms = 0) {
    pollfd p{fd_.get(), POLLIN, 0};
    if (::poll(&p, 1, wait_ms) <= 0) return true;
    char buf[8192];
    for (;;) {
      const ssize_t n = ::recv(fd_.get(), buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) {
        decoder_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
        continue;
      }
      if (n == 0) closed_ = true;
      break;
    }
    board::Frame f;
    while (decoder_.next(f) == DecodeResult::kFrame) frames.push_back(f);
    return !closed_;
  }
  // Pumps until `pred()` or the deadline.
  template <class Pred>
  bool wait_for(Pred pred, int timeout_ms = 5000) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (!pred()) {
      if (std::chrono::steady_clock::now() > end) return false;
      if (!pump(10) && !pred()) return false;
    }
    return true;
  }
  bool send_raw(const std::string& bytes) {
    return ::send(fd_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }
  bool send(const board::Request& r) {
    std::string bytes;
    append_frame(r, bytes);
    return send_raw(bytes);
  }
  bool closed() const { return closed_; }
  const FrameDecoder& decoder() const { return decoder_; }
  int fd() const { return fd_.get(); }

  std::vector<board::Frame> frames;

 private:
  UniqueFd fd_;
  FrameDecoder decoder_;
  bool closed_ = false;
};

}  // namespace tabula::firmware::testing

#include "wire/stream_sink.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include "wire/frame_codec.h"
#include "wire/frame_text.h"
#include "wire/io_status.h"

namespace tabula::firmware {

StreamSink::StreamSink(int fd, bool text, std::size_t max_queued_bytes)
    : fd_(fd), text_(text), max_queued_(max_queued_bytes) {
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) {
    saved_flags_ = ::fcntl(fd_, F_GETFL);
    if (saved_flags_ >= 0) ::fcntl(fd_, F_SETFL, saved_flags_ | O_NONBLOCK);
  }
}

StreamSink::~StreamSink() {
  if (saved_flags_ >= 0) ::fcntl(fd_, F_SETFL, saved_flags_);
}

void StreamSink::send(ClientId, board::Frame& frame) {
  broadcast(frame);
}

void StreamSink::broadcast(board::Frame& frame) {
  if (broken_) return;
  frame.set_sequence(++sequence_);
  const std::size_t before = out_.size();
  if (text_) {
    out_ += frame_to_text(frame);
    out_ += '\n';
  } else {
    append_frame(frame, out_);
  }
  if (out_.size() - out_start_ > max_queued_) {
    out_.resize(before);
    broken_ = true;
    reason_ = "the reader of the output stalled with " + std::to_string(before - out_start_) +
              " bytes unread";
    return;
  }
  flush();
}

void StreamSink::flush() {
  while (out_start_ < out_.size()) {
    const ssize_t n = ::write(fd_, out_.data() + out_start_, out_.size() - out_start_);
    if (n > 0) {
      out_start_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const IoStatus st = io_status_from_errno(n < 0 ? errno : EPIPE, "write output");
    if (st.code() == IoError::kWouldBlock) break;
    broken_ = true;
    by_peer_ = st.code() == IoError::kPeerClosed;
    reason_ = st.message();
    return;
  }
  if (out_start_ == out_.size()) {
    out_.clear();
    out_start_ = 0;
  } else if (out_start_ > 64 * 1024) {
    out_.erase(0, out_start_);
    out_start_ = 0;
  }
}

void StreamSink::prepare(std::vector<pollfd>& fds) {
  polled_ = !broken_ && out_.size() > out_start_;
  if (!polled_) return;
  my_fd_ = fds.size();
  fds.push_back({fd_, POLLOUT, 0});
}

void StreamSink::dispatch(std::span<const pollfd> fds, std::vector<SinkEvent>& events) {
  if (!announced_) {
    announced_ = true;
    events.push_back({SinkEvent::Kind::kConnected, 1, {}, {}});
  }
  if (polled_ && my_fd_ < fds.size() && fds[my_fd_].revents != 0) {
    if (fds[my_fd_].revents & (POLLERR | POLLHUP)) {
      broken_ = true;
      by_peer_ = true;
      reason_ = "the reader of the output went away";
    } else {
      flush();
    }
  }
  polled_ = false;
}

void StreamSink::drain(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!broken_ && out_.size() > out_start_) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return;
    pollfd p{fd_, POLLOUT, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return;
    flush();
  }
}

}  // namespace tabula::firmware

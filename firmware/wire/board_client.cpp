#include "wire/board_client.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

namespace tabula::firmware {
namespace {

constexpr std::size_t kClientReadChunk = 8192;
// One read() hands back at most this much, so a flood cannot hold the
// caller's loop; the rest waits in the kernel for the next call.
constexpr std::size_t kMaxReadPerCall = 256 * 1024;

// What a failed connect() means for a person at the kiosk. ENOENT and
// ECONNREFUSED both mean "no daemon here" (no socket file, or a stale one).
IoStatus connect_failure(int err, const std::string& path) {
  switch (err) {
    case ENOENT:
    case ENOTDIR:
      return {IoError::kNotFound,
              "no board daemon socket at " + path + " (is tabula-boardd running?)"};
    case ECONNREFUSED: {
      struct stat st {};
      if (::stat(path.c_str(), &st) == 0 && !S_ISSOCK(st.st_mode))
        return {IoError::kInvalid, path + " is not a socket; is it the board daemon's path?"};
      return {IoError::kNotFound, "the board daemon is not running: nobody listens on " + path};
    }
    case EACCES:
    case EPERM:
      return {IoError::kPermissionDenied,
              "permission denied opening the board daemon's socket " + path +
                  " (the socket is mode 0660: the kiosk's user must be in its group)"};
    case EAGAIN:
      return {IoError::kWouldBlock,
              "the board daemon at " + path + " is not accepting connections yet (queue full)"};
    default:
      return io_status_from_errno(err, "connect to the board daemon at " + path);
  }
}

}  // namespace

IoStatus BoardClient::connect(const std::string& path, std::unique_ptr<BoardClient>& out) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof addr.sun_path)
    return {IoError::kInvalid, "board daemon socket path '" + path + "' must be 1.." +
                                   std::to_string(sizeof addr.sun_path - 1) + " bytes"};
  std::copy(path.begin(), path.end(), addr.sun_path);
  UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd.valid()) return io_status_from_errno(errno, "create a socket for " + path);
  // A Unix stream connect completes at once or fails; it is never in progress.
  int rc;
  do {
    rc = ::connect(fd.get(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) return connect_failure(errno, path);
  out.reset(new BoardClient(path, std::move(fd)));
  return IoStatus::ok();
}

IoStatus BoardClient::close_with(IoStatus status) {
  fd_.reset();
  out_.clear();
  out_start_ = 0;
  closed_status_ = status;
  return status;
}

IoStatus BoardClient::read(std::vector<board::Frame>& out) {
  if (closed()) return closed_status_;
  if (IoStatus st = flush(); !st.is_ok() && st.code() != IoError::kWouldBlock) return st;

  // 1. Take what the kernel has.
  bool end_of_file = false;
  IoStatus read_error;
  char buf[kClientReadChunk];
  std::size_t taken = 0;
  while (taken < kMaxReadPerCall) {
    const ssize_t n = ::recv(fd_.get(), buf, sizeof buf, MSG_DONTWAIT);
    if (n > 0) {
      decoder_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
      taken += static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0) {
      end_of_file = true;
      break;
    }
    if (errno == EINTR) continue;
    read_error = io_status_from_errno(errno, "read from the board daemon at " + path_);
    if (read_error.code() == IoError::kWouldBlock) read_error = IoStatus::ok();
    break;
  }

  // 2. Hand out whole frames, checking the sequence.
  IoStatus gap;
  board::Frame frame;
  for (;;) {
    const DecodeResult r = decoder_.next(frame);
    if (r == DecodeResult::kNeedMore) break;
    if (r == DecodeResult::kCorrupt)
      return close_with({IoError::kInvalid, "the board daemon at " + path_ +
                                                " sent a corrupt stream: " + decoder_.error()});
    const std::uint64_t expected = last_sequence_ + 1;
    if (frame.sequence() != expected && gap.is_ok()) {
      const std::string received = std::to_string(decoder_.frames());
      if (frame.sequence() > expected) {
        const std::uint64_t lost = frame.sequence() - expected;
        gap = {IoError::kInvalid,
               "frame " + received + " from the board daemon at " + path_ + " has sequence " +
                   std::to_string(frame.sequence()) + ", expected " + std::to_string(expected) +
                   ": " + std::to_string(lost) + (lost == 1 ? " frame" : " frames") + " lost"};
      } else {
        gap = {IoError::kInvalid, "frame " + received + " from the board daemon at " + path_ +
                                      " has sequence " + std::to_string(frame.sequence()) +
                                      ", expected " + std::to_string(expected) +
                                      ": the sequence went backwards"};
      }
    }
    last_sequence_ = frame.sequence();
    out.push_back(std::move(frame));
    frame.Clear();
  }

  // 3. Then the end, if it came.
  if (end_of_file) {
    std::string message = "the board daemon closed the connection (" + path_ + ")";
    if (decoder_.buffered() > 0)
      message += " in the middle of frame " + std::to_string(decoder_.frames() + 1) + " (" +
                 std::to_string(decoder_.buffered()) + " bytes of it arrived)";
    return close_with({IoError::kPeerClosed, std::move(message)});
  }
  if (!read_error.is_ok()) return close_with(read_error);
  return gap;
}

IoStatus BoardClient::flush() {
  if (closed()) return closed_status_;
  while (out_start_ < out_.size()) {
    const ssize_t n = ::send(fd_.get(), out_.data() + out_start_, out_.size() - out_start_,
                             MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      out_start_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const IoStatus st =
        io_status_from_errno(n < 0 ? errno : EPIPE, "write to the board daemon at " + path_);
    if (st.code() == IoError::kWouldBlock) return st;
    if (st.code() == IoError::kPeerClosed)
      return close_with(
          {IoError::kPeerClosed, "the board daemon closed the connection (" + path_ + ")"});
    return close_with(st);
  }
  out_.clear();
  out_start_ = 0;
  return IoStatus::ok();
}

IoStatus BoardClient::send_request(board::Request& request) {
  if (closed()) return closed_status_;
  request.set_protocol_version(board::PROTOCOL_VERSION_CURRENT);
  std::string bytes;
  append_frame(request, bytes);
  const std::size_t unsent = out_.size() - out_start_;
  if (unsent + bytes.size() > kMaxQueuedBytes)
    return close_with(
        {IoError::kIoError, "the board daemon at " + path_ + " left " + std::to_string(unsent) +
                                " bytes of requests unread; giving up the connection"});
  out_ += bytes;
  const IoStatus st = flush();
  return st.code() == IoError::kWouldBlock ? IoStatus::ok() : st;  // queued, sent later
}

IoStatus BoardClient::request_snapshot() {
  board::Request request;
  request.mutable_snapshot();
  return send_request(request);
}

IoStatus BoardClient::send_expectation(const std::vector<std::string>& occupied_squares) {
  board::Request request;
  auto* expectation = request.mutable_expectation();  // set even when nothing is occupied
  for (const std::string& name : occupied_squares) expectation->add_occupied_squares(name);
  return send_request(request);
}

}  // namespace tabula::firmware

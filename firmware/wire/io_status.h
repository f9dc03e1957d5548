// The typed result of socket and file operations in the daemon. errno becomes
// an IoError in exactly one place, io_status_from_errno().
#pragma once

#include <string>
#include <string_view>

namespace tabula::firmware {

enum class IoError {
  kOk,
  kWouldBlock,        // EAGAIN/EWOULDBLOCK: try again when poll says so
  kPeerClosed,        // EPIPE/ECONNRESET, or end of file
  kAddressInUse,      // EADDRINUSE: another daemon owns the socket path
  kPermissionDenied,  // EACCES/EPERM
  kNotFound,          // ENOENT: the socket's directory does not exist
  kInvalid,           // bad argument, path too long, corrupt frame
  kIoError,           // anything else
};

class [[nodiscard]] IoStatus {
 public:
  IoStatus() = default;
  IoStatus(IoError code, std::string message) : code_(code), message_(std::move(message)) {}
  static IoStatus ok() { return {}; }
  bool is_ok() const { return code_ == IoError::kOk; }
  IoError code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  IoError code_ = IoError::kOk;
  std::string message_;
};

// The one errno -> IoError mapping; `context` says what was attempted.
IoStatus io_status_from_errno(int err, std::string_view context);

}  // namespace tabula::firmware

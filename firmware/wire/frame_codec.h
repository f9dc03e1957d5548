// Length-delimited protobuf frames (varint length, then the message bytes):
// the framing of the daemon's socket and of --stdout, in both directions.
//
// FrameDecoder takes bytes as they arrive from a non-blocking socket and hands
// out whole messages. A frame longer than kMaxFrameBytes, a malformed length
// or bytes that do not parse are corrupt: the decoder stops and says which
// frame (counting from 1) and why. Not thread-safe.
#pragma once

#include <google/protobuf/message_lite.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tabula::firmware {

inline constexpr std::size_t kMaxFrameBytes = 64 * 1024;

// Appends one delimited frame to `out`.
void append_frame(const google::protobuf::MessageLite& message, std::string& out);

enum class DecodeResult { kFrame, kNeedMore, kCorrupt };

class FrameDecoder {
 public:
  // Appends received bytes.
  void feed(std::string_view bytes);
  // Takes the next whole frame into `message`. After kCorrupt, error() says
  // why and every later call returns kCorrupt.
  DecodeResult next(google::protobuf::MessageLite& message);
  const std::string& error() const { return error_; }
  std::size_t buffered() const { return buffer_.size() - start_; }
  std::uint64_t frames() const { return frames_; }

 private:
  std::string buffer_;
  std::size_t start_ = 0;
  std::uint64_t frames_ = 0;
  std::string error_;
};

}  // namespace tabula::firmware

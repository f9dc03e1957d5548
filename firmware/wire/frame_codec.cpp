#include "wire/frame_codec.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/delimited_message_util.h>

namespace tabula::firmware {

void append_frame(const google::protobuf::MessageLite& message, std::string& out) {
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::util::SerializeDelimitedToZeroCopyStream(message, &stream);
}

void FrameDecoder::feed(std::string_view bytes) {
  if (!error_.empty()) return;
  // Compact once the consumed prefix dominates, so the buffer stays bounded
  // by one frame plus what the socket delivered.
  if (start_ > 0 && start_ >= buffer_.size() / 2) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  buffer_.append(bytes);
}

DecodeResult FrameDecoder::next(google::protobuf::MessageLite& message) {
  if (!error_.empty()) return DecodeResult::kCorrupt;
  const auto* data = reinterpret_cast<const std::uint8_t*>(buffer_.data() + start_);
  const std::size_t available = buffer_.size() - start_;
  if (available == 0) return DecodeResult::kNeedMore;

  // The length prefix is at most 5 bytes; with fewer buffered and no
  // terminating byte yet, wait for more.
  std::size_t prefix = 0;
  while (prefix < available && prefix < 5 && (data[prefix] & 0x80)) ++prefix;
  if (prefix == 5 || (prefix == available && available < 5)) {
    if (prefix == 5) {
      error_ = "frame " + std::to_string(frames_ + 1) + ": malformed length prefix";
      return DecodeResult::kCorrupt;
    }
    return DecodeResult::kNeedMore;
  }
  google::protobuf::io::CodedInputStream in(data,
                                            static_cast<int>(std::min<std::size_t>(available, 8)));
  std::uint32_t length = 0;
  if (!in.ReadVarint32(&length)) {
    error_ = "frame " + std::to_string(frames_ + 1) + ": malformed length prefix";
    return DecodeResult::kCorrupt;
  }
  const auto header = static_cast<std::size_t>(in.CurrentPosition());
  if (length > kMaxFrameBytes) {
    error_ = "frame " + std::to_string(frames_ + 1) + ": length " + std::to_string(length) +
             " exceeds the " + std::to_string(kMaxFrameBytes) + "-byte limit";
    return DecodeResult::kCorrupt;
  }
  if (available < header + length) return DecodeResult::kNeedMore;
  if (!message.ParseFromArray(data + header, static_cast<int>(length))) {
    error_ = "frame " + std::to_string(frames_ + 1) + ": " + std::to_string(length) +
             " bytes that are not a valid " + message.GetTypeName();
    return DecodeResult::kCorrupt;
  }
  start_ += header + length;
  ++frames_;
  if (start_ == buffer_.size()) {
    buffer_.clear();
    start_ = 0;
  }
  return DecodeResult::kFrame;
}

}  // namespace tabula::firmware

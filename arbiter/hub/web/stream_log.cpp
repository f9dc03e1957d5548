#include "hub/web/stream_log.h"

namespace tabula::hub::web {

StreamLog::StreamLog(std::size_t max_frames, std::size_t max_bytes)
    : max_frames_(max_frames < 1 ? 1 : max_frames), max_bytes_(max_bytes) {}

std::uint64_t StreamLog::append(std::string frame) {
  bytes_ += frame.size();
  frames_.push_back(std::move(frame));
  ++last_;
  while (frames_.size() > 1 && (frames_.size() > max_frames_ || bytes_ > max_bytes_)) {
    bytes_ -= frames_.front().size();
    frames_.pop_front();
  }
  return last_;
}

bool StreamLog::since(std::uint64_t seen, std::string& out, std::size_t most) const {
  if (seen >= last_) return true;
  const std::uint64_t oldest = last_ - frames_.size() + 1;
  if (seen + 1 < oldest) return false;
  std::size_t bytes = 0;
  for (std::uint64_t n = seen + 1; n <= last_; ++n) bytes += frames_[n - oldest].size();
  if (bytes > most) return false;
  for (std::uint64_t n = seen + 1; n <= last_; ++n) out += frames_[n - oldest];
  return true;
}

}  // namespace tabula::hub::web

// speech_queue.cpp — newest-important-first (speech_queue.h).
#include "voice/speech_queue.h"

#include <algorithm>

namespace tabula::voice {

const char* to_string(Priority p) {
  switch (p) {
    case Priority::kLow:
      return "low";
    case Priority::kNormal:
      return "normal";
    case Priority::kUrgent:
      return "urgent";
    case Priority::kAsked:
      return "asked";
  }
  return "?";
}

bool SpeechQueue::push(std::vector<Utterance> batch, std::optional<Priority> speaking) {
  if (batch.empty()) return false;
  Priority top = Priority::kLow;
  for (const Utterance& u : batch) top = std::max(top, u.priority);
  // Older utterances are stale; urgent ones survive a batch with nothing
  // urgent in it (an answer to a query drops them too: it was asked for now).
  std::deque<Utterance> kept;
  if (top < Priority::kUrgent) {
    for (Utterance& u : pending_) {
      if (u.priority == Priority::kUrgent) kept.push_back(std::move(u));
    }
  }
  pending_ = std::move(kept);
  for (Utterance& u : batch) pending_.push_back(std::move(u));
  while (pending_.size() > kMaxPending) pending_.pop_front();
  return speaking && top >= *speaking;
}

std::optional<Utterance> SpeechQueue::pop() {
  if (pending_.empty()) return std::nullopt;
  Utterance u = std::move(pending_.front());
  pending_.pop_front();
  return u;
}

}  // namespace tabula::voice

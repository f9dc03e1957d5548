// speech_queue.h — what the voice says next: utterances, their priority and
// the newest-important-first policy (issue 33 item 4).
//
// The session speaks in batches: everything one input made it say (a move,
// the check it gives, the points, whose turn it is), in the session's order,
// which is the story's order and is kept. A new batch makes every older
// utterance still waiting stale (the table has moved on) and they are
// dropped, except urgent ones (an illegal move, a mate, a flag) when the new
// batch holds nothing urgent: they are said first. The utterance being
// spoken is interrupted when the new batch holds something at least as
// important; otherwise it ends and the new batch follows. An answer to a
// query (kAsked) is a batch of its own and interrupts anything.
//
//   speaking   new batch's top priority      speaking       pending
//   none       any                           -              urgent of old, then batch
//   p          >= p                          interrupted    urgent of old, then batch
//   p          <  p                          goes on        urgent of old, then batch
//
// Pure: no threads, no clocks (time arrives on the utterance). Not
// thread-safe; the Speaker (speaker.h) owns one under its mutex.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace tabula::voice {

enum class Priority : std::uint8_t {
  kLow,     // a sensor note, a setting confirmed
  kNormal,  // a move, whose turn it is, a question for the table
  kUrgent,  // an illegal move and what to do, a mate, an elimination, a flag, the game's end
  kAsked,   // the answer to a query (clocks, last move, pieces)
};
const char* to_string(Priority p);

struct Utterance {
  std::string text;
  Priority priority = Priority::kNormal;
  // When the ruling was made (the latency bench measures from it).
  std::chrono::steady_clock::time_point made{};
};

class SpeechQueue {
 public:
  static constexpr std::size_t kMaxPending = 16;

  /// Queues a batch (see the table above). Returns true when the utterance
  /// being spoken (of priority `speaking`) must stop.
  bool push(std::vector<Utterance> batch, std::optional<Priority> speaking);
  /// The next utterance to say, if any.
  std::optional<Utterance> pop();
  /// Drops everything waiting (mute).
  void clear() { pending_.clear(); }
  std::size_t size() const { return pending_.size(); }
  const std::deque<Utterance>& pending() const { return pending_; }

 private:
  std::deque<Utterance> pending_;
};

}  // namespace tabula::voice

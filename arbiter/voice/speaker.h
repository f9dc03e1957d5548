// speaker.h — the voice's shell: a queue, one worker thread and a speaking
// backend (issue 33 item 4). The kiosk's frame loop and the session never
// wait for speech: say() takes a mutex for a moment and returns.
//
// The worker takes the next utterance (speech_queue.h: newest-important-
// first), asks the backend to speak it and passes it a cancel flag that
// say() raises when a newer batch supersedes what is being spoken (and
// mute raises at once). The backend reports when the first audio of an
// utterance reached the output (the latency bench measures ruling -> first
// audio), and a problem (no sound card, no voice data): the first problem
// is kept for the kiosk to show once (take_problem()); later ones are not
// repeated.
//
// Thread-safety: every public member may be called from any thread; the
// backend is used only on the worker thread (libespeak-ng is not
// thread-safe). The destructor cancels what is spoken and joins.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "voice/speech_queue.h"

namespace tabula::voice {

/// Something that speaks. Called on the Speaker's worker thread only.
class SpeechBackend {
 public:
  virtual ~SpeechBackend() = default;
  /// Prepares the output once, on the worker thread, before anything is
  /// said (opens the voice, probes the sound device). "" or the problem.
  /// Called when the voice is on (at start, or once turned on) or when
  /// something is first to be said (a query answered while muted); never
  /// while the voice stays off (s30-table: `--voice off` probed the card).
  virtual std::string open() { return {}; }
  /// Speaks `text` at `volume_percent` (0-100), returning when it is said,
  /// or early once `cancel` is true. Calls `started` when the first audio
  /// reaches the output (at most once). Returns "" or the problem.
  virtual std::string speak(const std::string& text, int volume_percent, const std::atomic<bool>& cancel,
                            const std::function<void()>& started) = 0;
};

/// The volume of a query's answer while the table's voice is muted by a
/// volume of 0 (FIDE Laws, Appendix D: a visually impaired player who asks
/// is answered; muting silences the table's announcements, not the answers
/// a player asked for on purpose). docs/VOICE.md.
inline constexpr int kAskedVolumePercent = 60;

/// Mute and volume (arbiter menu, kiosk options, voice_settings.h).
struct SpeakerSettings {
  bool on = true;
  int volume_percent = 80;  // 0-100
  friend bool operator==(const SpeakerSettings&, const SpeakerSettings&) = default;
};

class Speaker {
 public:
  using Settings = SpeakerSettings;
  /// One spoken utterance, for the bench: from its ruling to its first audio.
  struct Timing {
    std::chrono::steady_clock::duration to_audio{};
    Priority priority = Priority::kNormal;
  };

  explicit Speaker(std::unique_ptr<SpeechBackend> backend, Settings settings = {});
  ~Speaker();
  Speaker(const Speaker&) = delete;
  Speaker& operator=(const Speaker&) = delete;

  /// Queues a batch (dropped while muted, except a query's answer: a batch
  /// all of Priority::kAsked is said even then, at kAskedVolumePercent when
  /// the volume is 0); may interrupt what is spoken.
  void say(std::vector<Utterance> batch);
  void set(Settings settings);
  Settings settings() const;
  /// The first problem the backend met, once ("" afterwards and before).
  std::string take_problem();
  /// Nothing waiting and nothing being said.
  bool idle() const;
  /// Blocks until idle or `timeout` passed (tests, the bench; never the kiosk).
  bool wait_idle(std::chrono::milliseconds timeout) const;
  /// Utterances spoken so far (begun: their first audio reached the output).
  std::vector<Timing> timings() const;
  /// Utterances the backend was asked to speak, in order (tests).
  std::vector<std::string> spoken() const;

 private:
  void run();

  std::unique_ptr<SpeechBackend> backend_;
  mutable std::mutex mutex_;
  mutable std::condition_variable wake_;
  mutable std::condition_variable done_;
  SpeechQueue queue_;
  Settings settings_;
  std::optional<Priority> speaking_;
  std::atomic<bool> cancel_{false};
  bool stop_ = false;
  bool problem_reported_ = false;
  std::string problem_;
  std::vector<Timing> timings_;
  std::vector<std::string> spoken_;
  std::thread worker_;  // last: started after every member above
};

}  // namespace tabula::voice

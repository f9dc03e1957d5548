// espeak_backend.h — the voice the kiosk uses: espeak-ng's PCM
// (espeak_voice.h) streamed into aplay (audio_player.h) block by block, so
// the table hears the first words while the rest is being synthesized.
//
// No sound card: open() probes the device once (aplay opens it and exits)
// and says why it failed; the Speaker shows that once. While there is no
// device nothing is synthesized, and the device is probed again at most
// every kReprobe, quietly (a USB speaker plugged in later is used).
//
// Runs on the Speaker's worker thread only (speaker.h).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "voice/audio_player.h"
#include "voice/espeak_voice.h"
#include "voice/speaker.h"

namespace tabula::voice {

struct EspeakOptions {
  std::string voice = "en";  // espeak-ng's voice name
  std::string device;        // aplay -D ("" = ALSA's default; "null" = discard)
};

class EspeakBackend : public SpeechBackend {
 public:
  static constexpr std::chrono::seconds kReprobe{30};

  explicit EspeakBackend(EspeakOptions options) : options_(std::move(options)) {}
  std::string open() override;
  std::string speak(const std::string& text, int volume_percent, const std::atomic<bool>& cancel,
                    const std::function<void()>& started) override;

 private:
  EspeakOptions options_;
  std::unique_ptr<EspeakVoice> voice_;
  std::optional<AudioPlayer> player_;
  std::string voice_error_;
  std::string device_problem_;
  std::chrono::steady_clock::time_point probed_{};
};

}  // namespace tabula::voice

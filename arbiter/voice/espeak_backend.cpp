// espeak_backend.cpp — espeak-ng into aplay (espeak_backend.h).
#include "voice/espeak_backend.h"

namespace tabula::voice {

std::string EspeakBackend::open() {
  voice_ = EspeakVoice::open(options_.voice, voice_error_);
  if (!voice_) return "no voice: " + voice_error_;
  player_.emplace(options_.device, voice_->sample_rate());
  probed_ = std::chrono::steady_clock::now();
  device_problem_ = player_->probe();
  if (!device_problem_.empty()) {
    const std::string device = options_.device.empty() ? "ALSA's default device" : "ALSA device " + options_.device;
    return "no sound output on " + device + " (" + device_problem_ + "); the kiosk goes on without a voice";
  }
  return {};
}

std::string EspeakBackend::speak(const std::string& text, int volume_percent, const std::atomic<bool>& cancel,
                                 const std::function<void()>& started) {
  if (!voice_) return "no voice: " + voice_error_;
  if (!device_problem_.empty()) {
    const auto now = std::chrono::steady_clock::now();
    if (now - probed_ < kReprobe) return device_problem_;
    probed_ = now;
    device_problem_ = player_->probe();
    if (!device_problem_.empty()) return device_problem_;
  }
  std::string problem = player_->start();
  if (!problem.empty()) return problem;
  bool first = true;
  const std::string error = voice_->synthesize(text, volume_percent, [&](std::span<const std::int16_t> block) {
    if (cancel) return false;
    problem = player_->write(block);
    if (!problem.empty()) return false;
    if (first) {
      first = false;
      started();
    }
    return true;
  });
  if (!problem.empty()) {
    device_problem_ = problem;
    probed_ = std::chrono::steady_clock::now();
    return problem;
  }
  if (cancel) {
    player_->stop();
    return error;
  }
  // The player plays what it holds; an interruption stops it.
  player_->finish();
  while (!player_->drained(std::chrono::milliseconds(20), problem)) {
    if (cancel) {
      player_->stop();
      return error;
    }
  }
  if (!problem.empty()) {
    device_problem_ = problem;
    probed_ = std::chrono::steady_clock::now();
    return problem;
  }
  return error;
}

}  // namespace tabula::voice

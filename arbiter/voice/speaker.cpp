// speaker.cpp — the queue's worker thread (speaker.h).
#include "voice/speaker.h"

#include <algorithm>

namespace tabula::voice {

Speaker::Speaker(std::unique_ptr<SpeechBackend> backend, Settings settings)
    : backend_(std::move(backend)), settings_(settings), worker_([this] { run(); }) {}

Speaker::~Speaker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    queue_.clear();
    cancel_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void Speaker::say(std::vector<Utterance> batch) {
  {
    std::lock_guard lock(mutex_);
    const bool asked = !batch.empty() && std::all_of(batch.begin(), batch.end(), [](const Utterance& u) {
      return u.priority == Priority::kAsked;
    });
    if ((!settings_.on || settings_.volume_percent <= 0) && !asked) return;
    if (queue_.push(std::move(batch), speaking_)) cancel_ = true;
  }
  wake_.notify_all();
}

void Speaker::set(Settings settings) {
  settings.volume_percent = std::clamp(settings.volume_percent, 0, 100);
  {
    std::lock_guard lock(mutex_);
    settings_ = settings;
    if (!settings.on || settings.volume_percent == 0) {  // mute: silence now
      queue_.clear();
      if (speaking_) cancel_ = true;
    }
  }
  wake_.notify_all();  // turned on: the worker opens the backend
}

Speaker::Settings Speaker::settings() const {
  std::lock_guard lock(mutex_);
  return settings_;
}

std::string Speaker::take_problem() {
  std::lock_guard lock(mutex_);
  if (problem_.empty() || problem_reported_) return {};
  problem_reported_ = true;
  return problem_;
}

bool Speaker::idle() const {
  std::lock_guard lock(mutex_);
  return queue_.size() == 0 && !speaking_;
}

bool Speaker::wait_idle(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [this] { return queue_.size() == 0 && !speaking_; });
}

std::vector<Speaker::Timing> Speaker::timings() const {
  std::lock_guard lock(mutex_);
  return timings_;
}

std::vector<std::string> Speaker::spoken() const {
  std::lock_guard lock(mutex_);
  return spoken_;
}

void Speaker::run() {
  std::string problem;
  bool opened = false;
  std::unique_lock lock(mutex_);
  for (;;) {
    // s30-table: the backend is opened (the sound card probed) once the
    // voice is on or something is to be said, never while it is off
    // (`--voice off` probed the card at start).
    wake_.wait(lock, [&] { return stop_ || queue_.size() > 0 || (!opened && settings_.on); });
    if (stop_) break;
    if (!opened) {
      opened = true;
      lock.unlock();
      problem = backend_->open();
      lock.lock();
      if (!problem.empty() && problem_.empty()) problem_ = problem;
      continue;
    }
    std::optional<Utterance> next = queue_.pop();
    if (!next) continue;
    speaking_ = next->priority;
    cancel_ = false;
    const bool muted = !settings_.on || settings_.volume_percent <= 0;  // only an answer is left to say
    const int volume = muted ? (settings_.volume_percent > 0 ? settings_.volume_percent : kAskedVolumePercent)
                             : settings_.volume_percent;
    spoken_.push_back(next->text);
    lock.unlock();
    bool started_once = false;
    const auto made = next->made;
    const Priority priority = next->priority;
    std::optional<std::chrono::steady_clock::duration> to_audio;
    problem = backend_->speak(next->text, volume, cancel_, [&] {
      if (started_once) return;
      started_once = true;
      to_audio = std::chrono::steady_clock::now() - made;
    });
    lock.lock();
    if (to_audio) timings_.push_back({*to_audio, priority});
    if (!problem.empty() && problem_.empty()) problem_ = problem;
    speaking_.reset();
    if (queue_.size() == 0) done_.notify_all();
  }
  speaking_.reset();
  done_.notify_all();
}

}  // namespace tabula::voice

// kiosk_voice.cpp — the voice in the kiosk's loop (kiosk_voice.h).
#include "ui/kiosk_voice.h"

#include <chrono>
#include <cstdio>

#include "voice/announcements.h"
#include "voice/espeak_backend.h"
#include "voice/position_report.h"
#include "voice/spoken_text.h"
#include "voice/voice_settings.h"

namespace tabula::ui {

KioskVoice::KioskVoice(const KioskOptions& options, std::unique_ptr<voice::SpeechBackend> backend)
    : KioskVoice(options, false) {
  speaker_ = std::make_unique<voice::Speaker>(std::move(backend), settings_);
}

KioskVoice::KioskVoice(const KioskOptions& options, bool speak) {
  if (options.setup_dir) {
    state_dir_ = *options.setup_dir;
    const voice::LoadedVoiceSettings loaded = voice::load_voice_settings(state_dir_);
    settings_ = loaded.settings;
    if (!loaded.problem.empty()) {
      std::fprintf(stderr, "tabula-kiosk: voice: %s\n", loaded.problem.c_str());
      pending_notice_ = "voice: " + loaded.problem;
    }
  }
  if (options.voice) settings_.on = *options.voice;
  if (options.volume) settings_.volume_percent = *options.volume;
  const std::string device = options.audio_device.empty() ? "ALSA's default device" : "ALSA device " + options.audio_device;
  status_ = "espeak-ng through " + device;
  if (!speak) return;
  speaker_ = std::make_unique<voice::Speaker>(
      std::make_unique<voice::EspeakBackend>(voice::EspeakOptions{"en", options.audio_device}), settings_);
}

KioskVoice::~KioskVoice() = default;

void KioskVoice::report(KioskGame* game, const std::string& line) {
  if (game) {
    game->add_notice(line);
  } else {
    pending_notice_ = line;
  }
}

void KioskVoice::update(KioskGame* game, ArbiterMenu& menu, session::Millis kiosk_now) {
  VoicePanel& panel = menu.voice();
  if (game && !pending_notice_.empty()) {
    game->add_notice(pending_notice_);
    pending_notice_.clear();
  }
  if (speaker_) {
    if (const std::string problem = speaker_->take_problem(); !problem.empty()) {
      std::fprintf(stderr, "tabula-kiosk: voice: %s\n", problem.c_str());
      status_ = problem;
      report(game, "voice: " + problem);
    }
  }
  panel.set_status(status_);

  // The menu changed the settings: apply, save, and say so.
  if (!(panel.settings() == settings_)) {
    const bool was_on = settings_.on;
    settings_ = panel.settings();
    if (speaker_) {
      speaker_->set(settings_);
      if (settings_.on) {
        const std::string text = was_on ? "Volume " + std::to_string(settings_.volume_percent) + " percent" : "Voice on";
        speaker_->say({{text, voice::Priority::kAsked, std::chrono::steady_clock::now()}});
      }
    }
    if (!state_dir_.empty()) {
      if (const std::string why = voice::save_voice_settings(state_dir_, settings_); !why.empty()) {
        std::fprintf(stderr, "tabula-kiosk: voice: %s\n", why.c_str());
        report(game, "voice: the setting is not saved: " + why);
      }
    }
  } else {
    panel.set_settings(settings_);
  }

  if (!game) {
    panel.take_query();
    return;
  }
  const session::Output said = game->take_said();
  const auto now = std::chrono::steady_clock::now();
  const session::Session& session = game->session();
  if (!(said.rulings.empty() && said.opened.empty() && said.moves.empty())) {
    std::vector<voice::Utterance> batch = voice::announcements(said, session.game(), now, game->options().players);
    if (!batch.empty()) {
      // Kept while muted too: "Say again" once the voice is back on.
      last_said_.clear();
      for (const voice::Utterance& u : batch) last_said_.push_back(u.text);
      if (speaker_) speaker_->say(std::move(batch));
    }
  }
  if (const auto q = panel.take_query(); q && q->what == voice::Query::kAgain) {
    say_again(game);
  } else if (q) {
    const core::Seat seat = q->seat >= 0 ? core::seat_at(q->seat) : core::kNoSeat;
    const std::string text = voice::query_text(session, q->what, seat, game->session_time(kiosk_now));
    std::fprintf(stderr, "tabula-kiosk: voice: %s: %s\n", voice::to_string(q->what), text.c_str());
    if (speaker_) {
      speaker_->say({{voice::spoken_text(text, voice::PieceNames::of(session.game().rules())), voice::Priority::kAsked,
                      now}});
    }
  }
}

void KioskVoice::say_again(KioskGame* game) {
  std::string texts;
  for (const std::string& t : last_said_) texts += (texts.empty() ? "" : " / ") + t;
  if (last_said_.empty()) {
    report(game, "Say again: nothing has been said yet");
    return;
  }
  if (!settings_.on || settings_.volume_percent <= 0) {
    // The ruling is on the screen; the voice the arbiter turned off stays off.
    report(game, "Say again: the voice is off (the arbiter menu's Voice page turns it on)");
    return;
  }
  std::fprintf(stderr, "tabula-kiosk: voice: again: %s\n", texts.c_str());
  if (!speaker_) return;
  // Asked on purpose: it interrupts whatever is being said (speech_queue.h).
  std::vector<voice::Utterance> batch;
  const auto now = std::chrono::steady_clock::now();
  for (const std::string& t : last_said_) batch.push_back({t, voice::Priority::kAsked, now});
  speaker_->say(std::move(batch));
}

}  // namespace tabula::ui

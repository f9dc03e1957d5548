// espeak_voice.cpp — libespeak-ng in memory (espeak_voice.h). The only file
// that sees <espeak-ng/speak_lib.h>.
#include "voice/espeak_voice.h"

#include <espeak-ng/speak_lib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>

#include "core/quote.h"
#include "core/utf8_text.h"

namespace tabula::voice {

namespace {

// libespeak-ng 1.51 (Debian 12) cannot be opened again once closed:
// espeak_Initialize starts its command thread (fifo.c, even in synchronous
// mode), espeak_Terminate stops it by setting my_terminate_is_required, and
// the thread leaves with my_command_is_running still true (its loop never
// ran). The next espeak_Initialize starts a new thread but keeps that flag,
// so the next espeak_Terminate's fifo_stop waits for a stop acknowledgement
// the idle thread never sends: the second close hangs for ever. Fixed in
// espeak-ng 1.52 (commit 820b85ed: no thread in synchronous mode). So the
// library is initialized once per process and never terminated: a voice
// opened after another was closed reuses it; only one voice is open at a
// time (the callback and the voice are process-wide).
std::atomic<bool> g_open{false};
int g_rate = 0;  // espeak_Initialize's sample rate, once it succeeded (guarded by g_open)

// What the callback writes to; passed through espeak_Synth's user_data.
struct Sink {
  const EspeakVoice::Block* block = nullptr;
  bool stopped = false;
};

int on_samples(short* wav, int count, espeak_EVENT* events) {
  Sink* sink = events ? static_cast<Sink*>(events->user_data) : nullptr;
  if (!sink || sink->stopped) return 1;
  if (wav && count > 0) {
    if (!(*sink->block)(std::span<const std::int16_t>(wav, static_cast<std::size_t>(count)))) {
      sink->stopped = true;
      return 1;  // abort the synthesis
    }
  }
  return 0;
}

}  // namespace

std::unique_ptr<EspeakVoice> EspeakVoice::open(const std::string& voice, std::string& error) {
  if (g_open.exchange(true)) {
    error = "espeak-ng is already open in this process (one voice at a time: close the other EspeakVoice first)";
    return nullptr;
  }
  // Synchronous: espeak_Synth returns when done and hands the samples over
  // in blocks of 60 ms (the first audio is ready after one block). Once per
  // process (see g_open).
  if (g_rate <= 0) {
    const int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 60, nullptr, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
      g_open = false;
      error = "espeak-ng could not start (is the espeak-ng-data package installed?)";
      return nullptr;
    }
    g_rate = rate;
  }
  if (espeak_SetVoiceByName(voice.c_str()) != EE_OK) {
    g_open = false;
    error = "espeak-ng has no voice '" + voice + "'";
    return nullptr;
  }
  espeak_SetSynthCallback(on_samples);
  std::unique_ptr<EspeakVoice> v(new EspeakVoice());
  v->rate_ = g_rate;
  return v;
}

EspeakVoice::~EspeakVoice() {
  // No espeak_Terminate (see g_open): the library stays for the next voice.
  g_open = false;
}

std::string synthesizer_text(std::string_view text) {
  // espeak-ng reads Ctrl-A (\x01) as the start of an embedded command
  // ("\x01" "0A": amplitude 0, the rest silent) and stops at a NUL: every
  // C0 control character, DEL and C1 control (U+0080..U+009F) is a space.
  std::string out;
  out.reserve(std::min(text.size(), kMaxSpokenBytes));
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      out += ' ';
      ++i;
    } else {
      out += c < 0x20 || c == 0x7F ? ' ' : static_cast<char>(c);
    }
  }
  // A text longer than any ruling is cut at a word (a quoted journal or
  // engine text could otherwise be spoken for hours), else between two
  // characters (core::utf8_prefix: never half a character, a stray byte is one).
  if (out.size() > kMaxSpokenBytes) {
    const std::size_t cut = out.rfind(' ', kMaxSpokenBytes);
    out.resize(cut == std::string::npos || cut < kMaxSpokenBytes / 2 ? core::utf8_prefix(out, kMaxSpokenBytes).size()
                                                                      : cut);
  }
  return out;
}

std::string EspeakVoice::synthesize(const std::string& text, int volume_percent, const Block& block) {
  espeak_SetParameter(espeakVOLUME, std::clamp(volume_percent, 0, 100), 0);
  Sink sink{&block, false};
  const std::string said = synthesizer_text(text);
  const espeak_ERROR e = espeak_Synth(said.c_str(), said.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr,
                                     &sink);
  if (e != EE_OK && !sink.stopped) {
    return "espeak-ng could not say " + core::quote_input(said) + " (error " + std::to_string(e) + ")";
  }
  return {};
}

std::vector<std::int16_t> EspeakVoice::render(const std::string& text, int volume_percent, std::string& error) {
  std::vector<std::int16_t> pcm;
  error = synthesize(text, volume_percent, [&](std::span<const std::int16_t> s) {
    pcm.insert(pcm.end(), s.begin(), s.end());
    return true;
  });
  return pcm;
}

std::string write_wav(const std::string& path, std::span<const std::int16_t> samples, int sample_rate) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return path + ": cannot write: " + std::strerror(errno);
  auto u32 = [&](std::uint32_t v) {
    const unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                                static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
    std::fwrite(b, 1, 4, f);
  };
  auto u16 = [&](std::uint16_t v) {
    const unsigned char b[2] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8)};
    std::fwrite(b, 1, 2, f);
  };
  const auto data = static_cast<std::uint32_t>(samples.size() * 2);
  std::fwrite("RIFF", 1, 4, f);
  u32(36 + data);
  std::fwrite("WAVEfmt ", 1, 8, f);
  u32(16);
  u16(1);  // PCM
  u16(1);  // mono
  u32(static_cast<std::uint32_t>(sample_rate));
  u32(static_cast<std::uint32_t>(sample_rate) * 2);
  u16(2);
  u16(16);
  std::fwrite("data", 1, 4, f);
  u32(data);
  for (std::int16_t s : samples) u16(static_cast<std::uint16_t>(s));  // little-endian
  const bool ok = std::ferror(f) == 0;
  if (std::fclose(f) != 0 || !ok) return path + ": write failed";
  return {};
}

}  // namespace tabula::voice

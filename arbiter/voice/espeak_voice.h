// espeak_voice.h — the synthesizer: Debian's libespeak-ng, in memory
// (docs/VOICE.md says why espeak-ng and why the library). Text in, 16-bit
// mono PCM out, in blocks as it is made, so the first block can be played
// while the rest is still being synthesized; a block's callback may stop it.
//
// libespeak-ng keeps its state in globals: one EspeakVoice per process, used
// from one thread (the Speaker's worker, or a command's main thread). open()
// refuses a second one. The library is closed when the object goes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::voice {

class EspeakVoice {
 public:
  /// A block of samples; return false to stop the synthesis.
  using Block = std::function<bool(std::span<const std::int16_t>)>;

  /// Opens the library (voice `voice`, e.g. "en"); null with `error` set
  /// when the voice data is missing or another EspeakVoice is open.
  static std::unique_ptr<EspeakVoice> open(const std::string& voice, std::string& error);
  ~EspeakVoice();
  EspeakVoice(const EspeakVoice&) = delete;
  EspeakVoice& operator=(const EspeakVoice&) = delete;

  /// Samples per second of the PCM (22050 for espeak-ng's voices).
  int sample_rate() const { return rate_; }
  /// Synthesizes `text` at `volume_percent` (0-100: espeak-ng's 0 to its
  /// normal full volume), calling `block` for each block. "" or the error.
  std::string synthesize(const std::string& text, int volume_percent, const Block& block);
  /// The whole PCM of `text` (tests, WAV files).
  std::vector<std::int16_t> render(const std::string& text, int volume_percent, std::string& error);

 private:
  EspeakVoice() = default;
  int rate_ = 22050;
};

/// The longest text said at once: about a minute of speech (a ruling says a
/// few hundred bytes).
inline constexpr std::size_t kMaxSpokenBytes = 1000;
/// What espeak-ng is given for `text`: control characters as spaces (they
/// are commands to it), at most kMaxSpokenBytes, cut at a word.
std::string synthesizer_text(std::string_view text);

/// Writes 16-bit mono PCM as a WAV file; "" or the error naming the file.
std::string write_wav(const std::string& path, std::span<const std::int16_t> samples, int sample_rate);

}  // namespace tabula::voice

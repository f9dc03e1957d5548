// The voice attacked (session 12): what reaches espeak-ng is text to say,
// never commands to it. Texts come from rulings, which can quote what a
// journal, the arbiter or an engine wrote.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "voice/espeak_voice.h"

namespace tabula::voice {
namespace {

double rms(const std::vector<std::int16_t>& pcm, std::size_t from, std::size_t to) {
  double sum = 0;
  for (std::size_t i = from; i < to && i < pcm.size(); ++i) sum += static_cast<double>(pcm[i]) * pcm[i];
  return to > from ? std::sqrt(sum / static_cast<double>(to - from)) : 0.0;
}

// One voice for the suite: libespeak-ng 1.51 hangs in espeak_Terminate when
// it is opened a second time in a process (the kiosk opens it once).
class VoiceAttack : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string error;
    voice_ = EspeakVoice::open("en", error).release();
    if (!voice_) std::fprintf(stderr, "espeak-ng: %s\n", error.c_str());
  }
  static void TearDownTestSuite() {
    delete voice_;
    voice_ = nullptr;
  }
  static EspeakVoice* voice_;
};
EspeakVoice* VoiceAttack::voice_ = nullptr;

// Before: espeak-ng read Ctrl-A (\x01) as the start of an embedded command:
// "\x01" "0A" set the amplitude to 0 and the rest of the ruling was silent.
TEST_F(VoiceAttack, ControlCharactersAreNotCommandsToTheSynthesizer) {
  EspeakVoice* v = voice_;
  ASSERT_TRUE(v);
  std::string error;
  const auto plain = v->render("rook a one to a eight, check", 100, error);
  ASSERT_TRUE(error.empty()) << error;
  const auto hostile = v->render("rook a one \x01" "0A to a eight, check", 100, error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_GT(plain.size(), 1000u);
  // The second half of the hostile text is as loud as the plain one's.
  const std::size_t n = hostile.size();
  EXPECT_GT(rms(hostile, n / 2, n), 0.3 * rms(plain, plain.size() / 2, plain.size()));
  // Nor does a NUL cut the text short.
  const auto nul = v->render(std::string("rook a one\0 to a eight, check", 29), 100, error);
  EXPECT_GT(nul.size(), plain.size() / 2);
}

// SSML and phoneme brackets are read as text (no tags, no [[phonemes]]);
// a text longer than anything a ruling says is cut, not spoken for minutes.
TEST_F(VoiceAttack, MarkupIsTextAndAnEndlessTextIsCut) {
  EspeakVoice* v = voice_;
  ASSERT_TRUE(v);
  std::string error;
  const auto ssml =
      v->render("<speak><prosody volume=\"silent\">rook a one to a eight</prosody></speak>", 100, error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_GT(rms(ssml, 0, ssml.size()), 100.0);
  std::string endless;
  while (endless.size() < 200000) endless += "the arbiter says ";
  const auto pcm = v->render(endless, 100, error);
  EXPECT_LT(static_cast<double>(pcm.size()) / v->sample_rate(), 120.0) << "seconds of speech";
}

}  // namespace
}  // namespace tabula::voice

namespace tabula::voice {
namespace {

TEST(SynthesizerText, ControlsAreSpacesAndALongTextIsCutAtAWordInWholeCharacters) {
  EXPECT_EQ(synthesizer_text(std::string("a\x01" "0A\x7f\x1b[2J\0b\xc2\x85" "c", 14)), "a 0A  [2J b c");
  EXPECT_EQ(synthesizer_text("Cem \xc3\xa7 \xe2\x99\x9e"), "Cem \xc3\xa7 \xe2\x99\x9e");  // UTF-8 kept
  std::string words;
  while (words.size() < 5000) words += "\xc3\xa7\xc3\xa7\xc3\xa7 ";
  const std::string cut = synthesizer_text(words);
  EXPECT_LE(cut.size(), kMaxSpokenBytes);
  EXPECT_GT(cut.size(), kMaxSpokenBytes - 10);
  EXPECT_EQ(cut.back(), '\xa7');  // ends with a whole word
  std::string one_word(5000, 'x');
  one_word.replace(999, 2, "\xc3\xa7");  // a two-byte character across the limit
  EXPECT_EQ(synthesizer_text(one_word), std::string(999, 'x'));
}

}  // namespace
}  // namespace tabula::voice

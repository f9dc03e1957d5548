// The voice attacked (session 12): what reaches espeak-ng is text to say,
// never commands to it. Texts come from rulings, which can quote what a
// journal, the arbiter or an engine wrote.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "voice/espeak_voice.h"

namespace tabula::voice {
namespace {

double rms(const std::vector<std::int16_t>& pcm, std::size_t from, std::size_t to) {
  double sum = 0;
  for (std::size_t i = from; i < to && i < pcm.size(); ++i) sum += static_cast<double>(pcm[i]) * pcm[i];
  return to > from ? std::sqrt(sum / static_cast<double>(to - from)) : 0.0;
}

// One voice for the suite (it loads the voice data once); a voice opened
// again after one was closed is EspeakVoiceLife's test below.
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

// Session 13: libespeak-ng 1.51 hung in espeak_Terminate the second time a
// process closed a voice (its command thread left a stale "running" flag
// behind at the first close; espeak_voice.cpp says how). The library is now
// initialized once and kept: voices open and close as often as asked. A
// second voice while one is open is refused in words. An alarm turns a hang
// back into a failure (SIGALRM ends the test program) instead of a stuck CI.
TEST(EspeakVoiceLife, AVoiceOpensAgainAfterOneWasClosedAndASecondOpenOneIsRefusedInWords) {
  alarm(60);
  for (int round = 0; round < 3; ++round) {
    std::string error;
    std::unique_ptr<EspeakVoice> v = EspeakVoice::open("en", error);
    ASSERT_TRUE(v) << "round " << round << ": " << error;
    std::string second_error;
    EXPECT_FALSE(EspeakVoice::open("en", second_error));
    EXPECT_EQ(second_error,
              "espeak-ng is already open in this process (one voice at a time: close the other EspeakVoice first)");
    const auto pcm = v->render("rook a one to a eight", 100, error);
    EXPECT_TRUE(error.empty()) << error;
    EXPECT_GT(pcm.size(), 1000u) << "round " << round;
  }  // each round's voice closes here: before, the second close never returned
  // A voice espeak-ng does not have is refused, and the next open still works.
  std::string error;
  EXPECT_FALSE(EspeakVoice::open("no-such-voice-xx", error));
  EXPECT_EQ(error, "espeak-ng has no voice 'no-such-voice-xx'");
  EXPECT_TRUE(EspeakVoice::open("en", error)) << error;
  alarm(0);
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
  // Session 13: the cut is core::utf8_prefix. A character that ends at the
  // limit is kept whole (before, the cut dropped it with its last byte).
  std::string ends_at_limit(5000, 'x');
  ends_at_limit.replace(998, 2, "\xc3\xa7");
  EXPECT_EQ(synthesizer_text(ends_at_limit), std::string(998, 'x') + "\xc3\xa7");
  std::string three(5000, 'x');
  three.replace(997, 3, "\xe6\x9d\x8e");  // a three-byte character ending at the limit
  EXPECT_EQ(synthesizer_text(three), std::string(997, 'x') + "\xe6\x9d\x8e");
}

}  // namespace
}  // namespace tabula::voice

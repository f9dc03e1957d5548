// The Speaker (voice/speaker.h) over a scripted backend: say() never waits
// for speech, a newer batch interrupts, mute silences at once, a problem is
// reported once.
#include "voice/speaker.h"

#include <gtest/gtest.h>

#include <thread>

namespace tabula::voice {
namespace {

using namespace std::chrono_literals;

// Speaks by waiting: each utterance "lasts" `length` unless cancelled.
class SlowBackend : public SpeechBackend {
 public:
  SlowBackend(std::chrono::milliseconds length, std::string problem = "")
      : length_(length), problem_(std::move(problem)) {}
  std::string open() override { return problem_; }
  std::string speak(const std::string& text, int, const std::atomic<bool>& cancel,
                    const std::function<void()>& started) override {
    started();
    const auto until = std::chrono::steady_clock::now() + length_;
    while (std::chrono::steady_clock::now() < until) {
      if (cancel) {
        std::lock_guard lock(*mutex_);
        interrupted_->push_back(text);
        return problem_;
      }
      std::this_thread::sleep_for(1ms);
    }
    return problem_;
  }
  std::shared_ptr<std::mutex> mutex_ = std::make_shared<std::mutex>();
  std::shared_ptr<std::vector<std::string>> interrupted_ = std::make_shared<std::vector<std::string>>();

 private:
  std::chrono::milliseconds length_;
  std::string problem_;
};

Utterance said(const std::string& text, Priority p = Priority::kNormal) {
  return {text, p, std::chrono::steady_clock::now()};
}

// Speaks until the test opens the gate (or it is cancelled).
class GateBackend : public SpeechBackend {
 public:
  std::string speak(const std::string&, int, const std::atomic<bool>& cancel,
                    const std::function<void()>& started) override {
    started();
    while (!*gate_ && !cancel) std::this_thread::sleep_for(1ms);
    return {};
  }
  std::shared_ptr<std::atomic<bool>> gate_ = std::make_shared<std::atomic<bool>>(false);
};

TEST(Speaker, SayReturnsWhileSpeechIsStillGoingOn) {
  auto backend = std::make_unique<GateBackend>();
  auto gate = backend->gate_;
  Speaker speaker(std::move(backend));
  speaker.say({said("Red's pawn on e2 to e4"), said("Blue to move")});
  while (speaker.spoken().empty()) std::this_thread::sleep_for(1ms);
  // The worker is inside speak() and stays there until the gate opens: were
  // say() to wait for speech, this line would never be reached.
  speaker.say({said("Blue's pawn on b7 to c7", Priority::kLow)});
  EXPECT_FALSE(speaker.idle());
  *gate = true;
  ASSERT_TRUE(speaker.wait_idle(10s));
  EXPECT_EQ(speaker.spoken(), (std::vector<std::string>{"Red's pawn on e2 to e4", "Blue's pawn on b7 to c7"}));
}

TEST(Speaker, ANewerMoveInterruptsTheStaleOne) {
  auto backend = std::make_unique<SlowBackend>(1000ms);
  auto interrupted = backend->interrupted_;
  auto mutex = backend->mutex_;
  Speaker speaker(std::move(backend));
  speaker.say({said("Red's pawn on e2 to e4"), said("Blue to move")});
  while (speaker.spoken().empty()) std::this_thread::sleep_for(1ms);
  speaker.say({said("that move is not legal here", Priority::kUrgent)});
  // The urgent one interrupts; "Blue to move" was stale and is never said.
  ASSERT_TRUE(speaker.wait_idle(10s));
  EXPECT_EQ(speaker.spoken(), (std::vector<std::string>{"Red's pawn on e2 to e4", "that move is not legal here"}));
  std::lock_guard lock(*mutex);
  EXPECT_EQ(*interrupted, (std::vector<std::string>{"Red's pawn on e2 to e4"}));
}

TEST(Speaker, MuteSilencesAtOnceAndDropsWhatComes) {
  // Each utterance lasts 30 s unless cut: idle within 10 s is the cut (s22:
  // was 3 s and 2 s, a bound a loaded machine need not keep).
  auto backend = std::make_unique<SlowBackend>(30000ms);
  auto interrupted = backend->interrupted_;
  Speaker speaker(std::move(backend));
  speaker.say({said("Red's pawn on e2 to e4"), said("Blue to move")});
  while (speaker.spoken().empty()) std::this_thread::sleep_for(1ms);
  speaker.set({false, 80});
  ASSERT_TRUE(speaker.wait_idle(10s));
  speaker.say({said("Blue's pawn on b7 to c7")});
  EXPECT_TRUE(speaker.idle());
  EXPECT_EQ(speaker.spoken().size(), 1u);
  speaker.set({true, 150});
  EXPECT_EQ(speaker.settings().volume_percent, 100);  // clamped
}

// Records what it was asked to say and at what volume.
class VolumeBackend : public SpeechBackend {
 public:
  std::string speak(const std::string& text, int volume, const std::atomic<bool>&,
                    const std::function<void()>& started) override {
    started();
    std::lock_guard lock(*mutex_);
    said_->push_back(text + " @" + std::to_string(volume));
    return {};
  }
  std::shared_ptr<std::mutex> mutex_ = std::make_shared<std::mutex>();
  std::shared_ptr<std::vector<std::string>> said_ = std::make_shared<std::vector<std::string>>();
};

TEST(Speaker, AQueryAskedWhileMutedIsStillAnswered) {
  // FIDE Appendix D: a player who asks is answered; mute silences the table's
  // announcements only (docs/VOICE.md).
  auto backend = std::make_unique<VolumeBackend>();
  auto heard = backend->said_;
  auto lock = backend->mutex_;
  Speaker speaker(std::move(backend), {false, 70});
  speaker.say({said("Red's pawn on e2 to e4"), said("Blue to move")});
  speaker.say({said("Red 9 minutes 58 seconds", Priority::kAsked)});
  ASSERT_TRUE(speaker.wait_idle(10s));
  speaker.set({true, 0});  // muted by the volume: the answer at kAskedVolumePercent
  speaker.say({said("Blue to move")});
  speaker.say({said("Blue: king h14", Priority::kAsked)});
  ASSERT_TRUE(speaker.wait_idle(10s));
  std::lock_guard guard(*lock);
  EXPECT_EQ(*heard, (std::vector<std::string>{"Red 9 minutes 58 seconds @70", "Blue: king h14 @60"}));
}

TEST(Speaker, AProblemIsReportedOnceNotPerUtterance) {
  auto backend = std::make_unique<SlowBackend>(1ms, "no sound output (aplay: no soundcards found)");
  Speaker speaker(std::move(backend));
  for (int i = 0; i < 3; ++i) {
    speaker.say({said("Blue to move")});
    ASSERT_TRUE(speaker.wait_idle(10s));
  }
  EXPECT_EQ(speaker.take_problem(), "no sound output (aplay: no soundcards found)");
  EXPECT_EQ(speaker.take_problem(), "");
}

TEST(Speaker, TimesFromTheRulingToTheFirstAudio) {
  Speaker speaker(std::make_unique<SlowBackend>(1ms));
  Utterance late = said("Red to move");
  late.made -= 100ms;  // made 100 ms ago
  speaker.say({late});
  ASSERT_TRUE(speaker.wait_idle(10s));
  ASSERT_EQ(speaker.timings().size(), 1u);
  EXPECT_GE(speaker.timings()[0].to_audio, 100ms);
}

// Counts open() (the sound card's probe, EspeakBackend::open).
class OpenCountBackend : public SpeechBackend {
 public:
  std::string open() override {
    ++*opens_;
    return {};
  }
  std::string speak(const std::string&, int, const std::atomic<bool>&, const std::function<void()>& started) override {
    started();
    return {};
  }
  std::shared_ptr<std::atomic<int>> opens_ = std::make_shared<std::atomic<int>>(0);
};

TEST(Speaker, AVoiceOffNeverProbesTheSoundCard) {
  // s30-table: `tabula-kiosk --voice off` probed the card at start (aplay
  // opened it): the worker opened the backend before anything else.
  auto backend = std::make_unique<OpenCountBackend>();
  auto opens = backend->opens_;
  {
    Speaker speaker(std::move(backend), {false, 80});
    speaker.say({said("Blue to move")});  // dropped: the voice is off
    ASSERT_TRUE(speaker.wait_idle(10s));
  }  // the destructor joins the worker
  EXPECT_EQ(*opens, 0);
}

TEST(Speaker, TheBackendIsOpenedOnceWhenTurnedOnOrAsked) {
  auto backend = std::make_unique<OpenCountBackend>();
  auto opens = backend->opens_;
  Speaker speaker(std::move(backend), {false, 80});
  speaker.say({said("Blue: king h14", Priority::kAsked)});  // an answer is said while muted
  ASSERT_TRUE(speaker.wait_idle(10s));
  EXPECT_EQ(*opens, 1);
  EXPECT_EQ(speaker.spoken(), std::vector<std::string>{"Blue: king h14"});
  speaker.set({true, 80});
  speaker.say({said("Blue to move")});
  ASSERT_TRUE(speaker.wait_idle(10s));
  EXPECT_EQ(*opens, 1);

  auto on = std::make_unique<OpenCountBackend>();
  auto on_opens = on->opens_;
  Speaker started_on(std::move(on), {true, 80});
  // The voice on: the card is probed at start, before anything is said.
  for (int i = 0; i < 1000 && *on_opens == 0; ++i) std::this_thread::sleep_for(1ms);
  EXPECT_EQ(*on_opens, 1);
}

}  // namespace
}  // namespace tabula::voice

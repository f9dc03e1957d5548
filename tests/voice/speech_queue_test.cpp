// Newest-important-first (voice/speech_queue.h): the table of its header.
#include "voice/speech_queue.h"

#include <gtest/gtest.h>

namespace tabula::voice {
namespace {

Utterance u(const std::string& text, Priority p = Priority::kNormal) { return {text, p, {}}; }

std::vector<std::string> pending_texts(const SpeechQueue& q) {
  std::vector<std::string> out;
  for (const Utterance& x : q.pending()) out.push_back(x.text);
  return out;
}

TEST(SpeechQueue, ABatchKeepsTheSessionsOrder) {
  SpeechQueue q;
  EXPECT_FALSE(q.push({u("Red's queen on d1 to h5"), u("Blue is checkmated", Priority::kUrgent), u("Red +20")},
                      std::nullopt));
  EXPECT_EQ(pending_texts(q), (std::vector<std::string>{"Red's queen on d1 to h5", "Blue is checkmated", "Red +20"}));
  EXPECT_EQ(q.pop()->text, "Red's queen on d1 to h5");
  EXPECT_EQ(q.size(), 2u);
}

TEST(SpeechQueue, ANewBatchDropsStaleNormalSpeech) {
  SpeechQueue q;
  q.push({u("Red's pawn on e2 to e4"), u("Blue to move")}, std::nullopt);
  q.push({u("Blue's pawn on b7 to c7"), u("Yellow to move")}, std::nullopt);
  EXPECT_EQ(pending_texts(q), (std::vector<std::string>{"Blue's pawn on b7 to c7", "Yellow to move"}));
}

TEST(SpeechQueue, UrgentSpeechSurvivesANormalBatchAndGoesFirst) {
  SpeechQueue q;
  q.push({u("Red's king on h1 to h2"), u("Red's flag fell", Priority::kUrgent)}, std::nullopt);
  q.push({u("Blue to move")}, std::nullopt);
  EXPECT_EQ(pending_texts(q), (std::vector<std::string>{"Red's flag fell", "Blue to move"}));
  // An urgent batch replaces older urgent speech (the table has moved on).
  q.push({u("that move is not legal here", Priority::kUrgent)}, std::nullopt);
  EXPECT_EQ(pending_texts(q), (std::vector<std::string>{"that move is not legal here"}));
}

TEST(SpeechQueue, InterruptsOnlyForSomethingAsImportant) {
  SpeechQueue q;
  EXPECT_TRUE(q.push({u("Blue to move")}, Priority::kNormal));
  EXPECT_FALSE(q.push({u("Yellow to move")}, Priority::kUrgent));  // an illegal move's fix goes on
  EXPECT_TRUE(q.push({u("Green is checkmated", Priority::kUrgent)}, Priority::kUrgent));
  EXPECT_FALSE(q.push({u("a noisy reed on e4", Priority::kLow)}, Priority::kNormal));
  EXPECT_TRUE(q.push({u("Red 5 minutes", Priority::kAsked)}, Priority::kUrgent));  // asked: at once
  EXPECT_EQ(pending_texts(q), (std::vector<std::string>{"Red 5 minutes"}));
  EXPECT_FALSE(q.push({}, Priority::kLow));  // nothing said: nothing stops
}

TEST(SpeechQueue, NeverHoldsMoreThanItsBound) {
  SpeechQueue q;
  std::vector<Utterance> many;
  for (int i = 0; i < 40; ++i) many.push_back(u("line " + std::to_string(i)));
  q.push(std::move(many), std::nullopt);
  EXPECT_EQ(q.size(), SpeechQueue::kMaxPending);
  EXPECT_EQ(q.pending().back().text, "line 39");  // the newest kept
}

}  // namespace
}  // namespace tabula::voice

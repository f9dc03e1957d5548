// What the table hears after one input (voice/announcements.h): the
// session's own texts, in order, made speakable, then whose turn it is.
#include "voice/announcements.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/notation.h"
#include "variants/variant_loader.h"

namespace tabula::voice {
namespace {

session::Ruling game_ruling(const core::Ruling& g) {
  session::Ruling r;
  r.kind = session::RulingKind::kGame;
  r.severity = g.severity;
  r.text = g.text;
  r.game = g;
  return r;
}

std::vector<std::string> texts(const std::vector<Utterance>& us) {
  std::vector<std::string> out;
  for (const Utterance& x : us) out.push_back(x.text);
  return out;
}

class Announcements : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = variants::load_id("chess");
    ASSERT_TRUE(loaded.ok()) << loaded.error_text();
    rules_ = loaded.rules;
  }
  core::Game from(const std::string& fen) { return core::Game(rules_, *core::parse_fen(*rules_, fen)); }
  session::Output play(core::Game& g, const std::string& coordinate) {
    core::Move m;
    EXPECT_TRUE(core::parse_coordinate(g.position(), coordinate, m)) << coordinate;
    session::Output out;
    for (const core::Ruling& r : g.play(m)) out.rulings.push_back(game_ruling(r));
    out.moves.emplace_back();
    return out;
  }
  std::shared_ptr<const core::RuleSet> rules_;
};

TEST_F(Announcements, AMoveThenWhoseTurn) {
  core::Game g = from(rules_->start_fen);
  const auto said = announcements(play(g, "g1f3"), g);
  EXPECT_EQ(texts(said), (std::vector<std::string>{"White's knight on g1 to f3", "Black to move"}));
  EXPECT_EQ(said[0].priority, Priority::kNormal);
}

TEST_F(Announcements, ACheckAndAMateAreSaidAndTheMateIsUrgent) {
  // Fool's mate: 1. f3 e5 2. g4 Qh4#.
  core::Game g = from(rules_->start_fen);
  play(g, "f2f3");
  play(g, "e7e5");
  play(g, "g2g4");
  const auto said = announcements(play(g, "d8h4"), g);
  ASSERT_GE(said.size(), 2u);
  EXPECT_EQ(said[0].text, "Black's queen on d8 to h4");
  bool mate = false;
  for (const Utterance& u : said) {
    if (u.text.find("checkmated") != std::string::npos) {
      mate = true;
      EXPECT_EQ(u.priority, Priority::kUrgent);
    }
    EXPECT_NE(u.text, "White to move");  // the game is over: nobody's turn
  }
  EXPECT_TRUE(mate);
}

TEST_F(Announcements, SessionRulingsAndQuestionsAreSaidWithTheirOwnWords) {
  core::Game g = from(rules_->start_fen);
  session::Output out;
  session::Ruling illegal;
  illegal.kind = session::RulingKind::kIllegalMove;
  illegal.severity = core::Severity::kIllegal;
  illegal.text = "Qd1-h5 is not legal here: put the queen back on d1";
  out.rulings.push_back(illegal);
  session::Ruling bot;  // a ruling a later feature adds (the bot's move): said as it is
  bot.kind = session::RulingKind::kOperator;
  bot.text = "Black's bot plays Nb8-c6: move it for Black";
  out.rulings.push_back(bot);
  session::Request promotion;
  promotion.prompt = "Which piece does the pawn on e8 become?";
  out.opened.push_back(promotion);
  const auto said = announcements(out, g);
  EXPECT_EQ(texts(said), (std::vector<std::string>{"queen d1 to h5 is not legal here: put the queen back on d1",
                                                   "Black's bot plays knight b8 to c6: move it for Black",
                                                   "Which piece does the pawn on e8 become?"}));
  EXPECT_EQ(said[0].priority, Priority::kUrgent);
  EXPECT_EQ(said[1].priority, Priority::kNormal);
}

TEST_F(Announcements, AnIllegalMoveIsFollowedByWhatToDoEachStepOnce) {
  core::Game g = from(rules_->start_fen);
  session::Output out;
  session::Ruling illegal;
  illegal.kind = session::RulingKind::kIllegalMove;
  illegal.severity = core::Severity::kIllegal;
  illegal.text = "White's pawn cannot go from e2 to e5";
  inference::Fix back;
  back.text = "move White's pawn from e5 back to e2";
  inference::Fix silent;  // no words of its own: nothing extra said
  illegal.fixes = {back, back, silent};
  out.rulings.push_back(illegal);
  const auto said = announcements(out, g);
  EXPECT_EQ(texts(said), (std::vector<std::string>{"White's pawn cannot go from e2 to e5",
                                                   "Board: move White's pawn from e5 back to e2"}));
  EXPECT_EQ(said[1].priority, Priority::kUrgent);
}

TEST_F(Announcements, AFlagAndASensorNoteAreRanked) {
  session::Ruling flag;
  flag.kind = session::RulingKind::kClock;
  flag.text = "White's flag fell";
  session::Ruling reed;
  reed.kind = session::RulingKind::kSensor;
  reed.text = "a noisy reed on e4";
  EXPECT_EQ(priority_of(flag), Priority::kUrgent);
  EXPECT_EQ(priority_of(reed), Priority::kLow);
}

}  // namespace
}  // namespace tabula::voice

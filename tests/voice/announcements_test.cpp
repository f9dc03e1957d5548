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

// s17-club: a hint is said in the screen's words (session/hint_words.h);
// castling and promotion were "castles short", "e7 to e8, promotes to queen".
session::Output hint(const std::string& text, const core::Position& pos, const std::string& from, const std::string& to) {
  session::Ruling r;
  r.kind = session::RulingKind::kAdvice;
  r.text = text;
  r.squares = {pos.rules().geometry.parse(from), pos.rules().geometry.parse(to)};
  session::Output out;
  out.rulings.push_back(r);
  return out;
}

TEST_F(Announcements, AHintToCastleSaysWhereTheKingAndTheRookGo) {
  core::Game g = from("r3k2r/pppq1ppp/2n2n2/2bpp3/2BPP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
  EXPECT_EQ(texts(announcements(hint("Hint for White: O-O", g.position(), "e1", "g1"), g)),
            (std::vector<std::string>{"Hint for White: castle king side: king e1 to g1, rook h1 to f1"}));
  EXPECT_EQ(texts(announcements(hint("Hint for White: O-O-O", g.position(), "e1", "c1"), g)),
            (std::vector<std::string>{"Hint for White: castle queen side: king e1 to c1, rook a1 to d1"}));
  play(g, "a2a3");
  EXPECT_EQ(texts(announcements(hint("Hint for Black: O-O", g.position(), "e8", "g8"), g)),
            (std::vector<std::string>{"Hint for Black: castle king side: king e8 to g8, rook h8 to f8"}));
}

TEST_F(Announcements, AHintToPromoteSaysWhichPieceThePawnBecomes) {
  core::Game g = from("1n5k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(texts(announcements(hint("Hint for White: e7-e8=Q", g.position(), "e7", "e8"), g)),
            (std::vector<std::string>{"Hint for White: move the pawn from e7 to e8 and make it a queen"}));
  EXPECT_EQ(texts(announcements(hint("Hint for White: e7-e8=N", g.position(), "e7", "e8"), g)),
            (std::vector<std::string>{"Hint for White: move the pawn from e7 to e8 and make it a knight"}));
  EXPECT_EQ(texts(announcements(hint("Hint for White: Ke1-d2", g.position(), "e1", "d2"), g)),
            (std::vector<std::string>{"Hint for White: move the king from e1 to d2"}));
}

TEST_F(Announcements, AHintThatNoLongerFitsTheBoardIsSaidAsItsNotation) {
  // Its piece moved (or another seat is to move): the words would be wrong.
  core::Game g = from("1n5k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(texts(announcements(hint("Hint for White: Ke2-d2", g.position(), "e2", "d2"), g)),
            (std::vector<std::string>{"Hint for White: king e2 to d2"}));
  core::Game black = from("1n5k/4P3/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(texts(announcements(hint("Hint for White: Ke1-d2", black.position(), "e1", "d2"), black)),
            (std::vector<std::string>{"Hint for White: king e1 to d2"}));
}

}  // namespace
}  // namespace tabula::voice

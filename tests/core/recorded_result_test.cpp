// A two-player record's result and Termination tag are how the game ended
// (issue 31 item 8): replay applies every kind — resignation, time,
// agreement, a claim, an adjudication — and says which; the PGN Tabula
// writes for each reads back to the same end. Item 10: a claim names both
// rules when both can be claimed.
#include <gtest/gtest.h>

#include <functional>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "test_rules.h"

namespace tabula::core {
namespace {

class RecordedResult : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = testing::shipped("chess");
    ASSERT_TRUE(rules_);
    auto pos = parse_fen(*rules_, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_TRUE(pos.ok());
    start_ = *pos;
  }
  void play(Game& g, const std::vector<std::string>& sans) {
    for (const std::string& t : sans) {
      Move m;
      std::string why;
      ASSERT_TRUE(parse_move(g.position(), t, m, why)) << t << ": " << why;
      g.play(m);
    }
  }
  ReplayResult replay_text(const std::string& text) {
    auto records = parse_pgn(text);
    EXPECT_TRUE(records.ok());
    return replay(rules_, start_, {}, records->front());
  }
  std::shared_ptr<const RuleSet> rules_;
  Position start_{Position(*testing::shipped("chess"))};
};

TEST_F(RecordedResult, EveryKindOfEndRoundTripsThroughExportAndImport) {
  struct Case {
    const char* name;
    std::vector<std::string> moves;
    std::function<void(Game&)> end;
    const char* result;
    const char* reason;
  };
  const std::vector<std::string> opening{"e4", "e5", "Nf3"};
  const std::vector<std::string> knights{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
  std::vector<Case> cases{
      {"white resigns", opening, [](Game& g) { g.resign(seat_at(0)); }, "0-1", "resignation"},
      {"black resigns", opening, [](Game& g) { g.resign(seat_at(1)); }, "1-0", "resignation"},
      {"black loses on time", opening, [](Game& g) { g.timeout(seat_at(1)); }, "1-0", "time"},
      {"agreement", opening, [](Game& g) { g.agree_draw(); }, "1/2-1/2", "agreement"},
      {"threefold claimed", knights, [](Game& g) { g.claim_draw(); }, "1/2-1/2", "threefold repetition"},
      {"adjudicated win", opening, [](Game& g) { g.adjudicate(false, seat_at(1)); }, "0-1",
       "adjudicated by the arbiter"},
      {"adjudicated draw", opening, [](Game& g) { g.adjudicate(true, kNoSeat); }, "1/2-1/2",
       "adjudicated by the arbiter"},
  };
  for (const Case& c : cases) {
    Game g(rules_, start_);
    play(g, c.moves);
    c.end(g);
    ASSERT_TRUE(g.outcome().over) << c.name;
    std::string text = write_pgn(g, {{"Event", "round trip"}});
    EXPECT_NE(text.find(std::string("[Result \"") + c.result + "\"]"), std::string::npos) << c.name << "\n" << text;
    ReplayResult back = replay_text(text);
    ASSERT_TRUE(back.ok) << c.name << ": " << back.error << "\n" << text;
    const Outcome& o = back.game->outcome();
    EXPECT_TRUE(o.over) << c.name << "\n" << text;
    EXPECT_EQ(o.draw, g.outcome().draw) << c.name;
    EXPECT_EQ(o.reason, c.reason) << c.name;
    if (!o.draw) {
      EXPECT_EQ(o.ranking.front(), g.outcome().ranking.front()) << c.name;
    }
    EXPECT_EQ(write_pgn(*back.game, {{"Event", "round trip"}}), text) << c.name;
  }
}

TEST_F(RecordedResult, OtherSitesWordsForTheEndAreRead) {
  // chess.com's and lichess's Termination sentences, and none at all.
  struct Case {
    const char* tags;
    const char* result;
    const char* reason;
  };
  for (const Case& c : std::vector<Case>{
           {"[Termination \"Game drawn by agreement\"]", "1/2-1/2", "agreement"},
           {"", "1/2-1/2", "agreement"},
           {"[Termination \"Normal\"]", "1/2-1/2", "agreement"},
           {"[Termination \"Time forfeit\"]", "1-0", "time"},
           {"[Termination \"Player2 won on time\"]", "1-0", "time"},
           {"[Termination \"Player1 won by resignation\"]", "0-1", "resignation"},
           {"[Termination \"Normal\"]", "1-0", "resignation"},
       }) {
    ReplayResult r = replay_text(std::string(c.tags) + "\n\n1. e4 e5 2. Nf3 " + c.result + "\n");
    ASSERT_TRUE(r.ok) << c.tags << ": " << r.error;
    EXPECT_TRUE(r.game->outcome().over) << c.tags;
    EXPECT_EQ(r.game->outcome().reason, c.reason) << c.tags;
    ASSERT_FALSE(r.steps.empty());
    EXPECT_EQ(r.steps.back().token.rfind(std::string("(") + c.result + ", ", 0), 0u) << r.steps.back().token;
  }
  ReplayResult rep = replay_text(
      "[Termination \"Game drawn by repetition\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n");
  ASSERT_TRUE(rep.ok) << rep.error;
  EXPECT_EQ(rep.game->outcome().reason, "threefold repetition");
  EXPECT_EQ(rep.steps.back().token, "(1/2-1/2, a draw claimed (\"Game drawn by repetition\"))");
}

TEST_F(RecordedResult, AnEndTheArbiterCannotConfirmIsRefusedAndSaysWhy) {
  ReplayResult r = replay_text("[Termination \"Game drawn by repetition\"]\n\n1. e4 e5 2. Nf3 1/2-1/2\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("the arbiter refuses it: no draw can be claimed now"), std::string::npos) << r.error;
  r = replay_text("[Termination \"Game drawn by stalemate\"]\n\n1. e4 e5 2. Nf3 1/2-1/2\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("the arbiter finds the game still on"), std::string::npos) << r.error;
  EXPECT_EQ(r.game->moves().size(), 3u) << "the moves read stand";
  r = replay_text("1. e4 e5 2. Nf3 *\n");
  EXPECT_TRUE(r.ok) << r.error;
  EXPECT_FALSE(r.game->outcome().over) << "an unfinished game stays unfinished";
}

// ---- item 10 ----

TEST_F(RecordedResult, BothClaimsAreNamedWhenBothCanBeClaimed) {
  // Issue 31 item 10: 96 plies without capture or pawn move, then the rook
  // and the king shuffle: after 8 more plies the fifty-move rule (104) and
  // the threefold repetition (the start position a third time) are both
  // open. The ruling named only the fifty-move rule.
  auto pos = parse_fen(*rules_, "4k3/8/8/8/8/8/8/R3K3 w - - 96 60");
  ASSERT_TRUE(pos.ok());
  Game g(rules_, *pos);
  play(g, {"Ra2", "Ke7", "Ra1", "Ke8", "Ra2", "Ke7", "Ra1", "Ke8"});
  EXPECT_EQ(g.claimable_draw(), "fifty-move rule and threefold repetition");
  auto rs = g.claim_draw();
  ASSERT_TRUE(g.outcome().over);
  EXPECT_EQ(g.outcome().reason, "fifty-move rule and threefold repetition");
}

}  // namespace
}  // namespace tabula::core

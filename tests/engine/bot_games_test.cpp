// Every variant's bot plays only legal moves: short bot games of every
// shipped variant, each move checked by the game layer before it is played
// (Game::is_legal) and by its ruling after. Bounded by depth and nodes, not
// time. The long run (10,000 bot moves per variant) is `tabula match`
// outside CI (docs/ENGINE.md). The sanitizer pass plays about a third of
// each game's plies (sanitizer_size.h): every variant, level and search family
// still runs the search, its tables and the game layer under the sanitizers.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/match.h"
#include "core/test_rules.h"
#include "engine/levels.h"
#include "engine/search.h"
#include "sanitizer_size.h"
#include "variants/variant_loader.h"

namespace tabula::engine {
namespace {

struct Played {
  int moves = 0;
  bool finished = false;
};

// A shipped variant's match (its stages after it) from its start.
core::Match shipped_match(const std::string& id) {
  std::vector<std::shared_ptr<const core::RuleSet>> stages{testing::shipped(id)};
  while (!stages.back()->next_stage.empty()) stages.push_back(testing::shipped(stages.back()->next_stage.front().variant));
  const core::RuleSet& rules = *stages.front();
  auto pos = rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen) : core::parse_fen(rules, rules.start_fen);
  EXPECT_TRUE(pos.ok()) << id;
  return core::Match(stages, *pos);
}

// One game of `plies` plies at most, every seat at `level`.
Played play(const std::string& id, int level, int plies, std::uint64_t seed, Family family = Family::kAuto) {
  core::Match match = shipped_match(id);
  Engine engine(1);
  Played out;
  while (match.state() != core::Match::State::kFinished && out.moves < plies) {
    if (match.state() == core::Match::State::kChoosing) {
      auto options = match.options();
      EXPECT_FALSE(match.choose(options.front()).has_value()) << id;
      match.setup_confirmed();
      continue;
    }
    LevelSettings s = level_settings(level, 0, seed + static_cast<std::uint64_t>(out.moves));
    s.options.family = family;
    s.limits.max_nodes = 3000;
    SearchResult r = engine.search(match.game(), s.limits, s.options);
    if (!r.best) {
      ADD_FAILURE() << id << ": no move at ply " << out.moves << " in a game not over";
      break;
    }
    EXPECT_TRUE(match.game().is_legal(*r.best)) << id << " ply " << out.moves;
    auto rulings = match.play(*r.best);
    EXPECT_TRUE(rulings.empty() || rulings.front().kind != core::RulingKind::kIllegalMove) << id << " ply " << out.moves;
    EXPECT_EQ(match.game().position().consistency_problem(), "") << id;
    ++out.moves;
  }
  out.finished = match.state() == core::Match::State::kFinished;
  return out;
}

class BotGames : public ::testing::TestWithParam<std::string> {};

TEST_P(BotGames, TheBeginnerPlaysOnlyLegalMoves) {
  Played p = play(GetParam(), 1, testing::sanitizer_size(40, 12), 7);
  EXPECT_GT(p.moves, 0);
}

TEST_P(BotGames, TheSearchingBotPlaysOnlyLegalMoves) {
  Played p = play(GetParam(), 5, testing::sanitizer_size(12, 4), 11);
  EXPECT_GT(p.moves, 0);
}

TEST_P(BotGames, MaxNPlaysOnlyLegalMoves) {
  Played p = play(GetParam(), 4, testing::sanitizer_size(8, 3), 13, Family::kMaxN);
  EXPECT_GT(p.moves, 0);
}

// Best-reply search moves opponents out of turn (GameAdapter::push_turn);
// where the variant does not allow that it plays paranoid.
TEST_P(BotGames, BestReplyPlaysOnlyLegalMoves) {
  Played p = play(GetParam(), 4, testing::sanitizer_size(8, 3), 17, Family::kBestReply);
  EXPECT_GT(p.moves, 0);
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, BotGames,
                         ::testing::Values("chess", "chesscom-ffa", "chesscom-teams", "four-kingdoms", "chess-four",
                                           "allies-vassals", "bipartite", "bipartite-stage2", "corners-short",
                                           "corners-long", "corners-mini"),
                         [](const auto& param_info) {
                           std::string n = param_info.param;
                           for (char& c : n) c = c == '-' ? '_' : c;
                           return n;
                         });

// Time pressure (session 18): level 8 under a budget of 10 ms, which ends
// every search long before level 8's node bound (session 20), on a clock the
// test owns (each reading is a millisecond later than
// the one before, as a machine that gives the search a millisecond between
// its looks at the clock), one short game per family of variants: every move
// legal, and every search stops at its first look at the clock after the
// budget (the search looks every 256 nodes), so no
// search goes 256 nodes past the tenth reading. No wall time in any
// assertion: the load of the machine cannot decide it.
TEST(BotGames, UnderTimePressureEverySearchStopsAtItsBudget) {
  constexpr std::int64_t kBudgetUs = 10000, kStepUs = 1000;
  constexpr std::uint64_t kMostNodes = 256 * (kBudgetUs / kStepUs);
  for (const char* id : {"chess", "chesscom-ffa", "allies-vassals", "corners-short", "bipartite"}) {
    core::Match match = shipped_match(id);
    Engine engine(1);
    const int plies = testing::sanitizer_size(12, 4);
    for (int ply = 0; ply < plies && match.state() != core::Match::State::kFinished; ++ply) {
      if (match.state() == core::Match::State::kChoosing) {
        ASSERT_FALSE(match.choose(match.options().front()).has_value()) << id;
        match.setup_confirmed();
        continue;
      }
      LevelSettings s = level_settings(kMaxLevel, kBudgetUs, 5 + static_cast<std::uint64_t>(ply));
      ASSERT_GT(s.limits.max_nodes, kMostNodes) << "the budget, not level 8's node bound, ends these searches";
      std::int64_t now = 0;
      s.limits.elapsed_us = [&now] { return now += kStepUs; };
      SearchResult r = engine.search(match.game(), s.limits, s.options);
      ASSERT_TRUE(r.best) << id << " ply " << ply;
      EXPECT_TRUE(match.game().is_legal(*r.best)) << id << " ply " << ply;
      EXPECT_LE(r.nodes, kMostNodes) << id << " ply " << ply << ": searched on past its budget";
      EXPECT_LE(now, kBudgetUs + kStepUs) << id << " ply " << ply << ": the clock read again after the budget";
      auto rulings = match.play(*r.best);
      EXPECT_TRUE(rulings.empty() || rulings.front().kind != core::RulingKind::kIllegalMove) << id << " ply " << ply;
    }
  }
}

TEST(BotGames, EveryShippedVariantIsCovered) {
  EXPECT_EQ(variants::list_ids().size(), 11U);
}

}  // namespace
}  // namespace tabula::engine

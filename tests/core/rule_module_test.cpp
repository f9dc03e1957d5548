// The data chooses the sheets' modules (issue 30 item 1): the same rules
// without a module's entry in `modules` play without that sheet's rules.
// Here 001's teams (module_teams.cpp) and 002's points (module_points.cpp).
#include <gtest/gtest.h>

#include <memory>

#include "core/fen4.h"
#include "core/game.h"
#include "variants/variant_loader.h"

namespace tabula {
namespace {

// The shipped variant's rules, and the same rules with no module listed.
std::pair<std::shared_ptr<const core::RuleSet>, std::shared_ptr<const core::RuleSet>> with_and_without(
    const std::string& id) {
  auto loaded = variants::load_id(id);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  auto bare = std::make_shared<core::RuleSet>(*loaded.rules);
  bare->modules.clear();
  return {loaded.rules, bare};
}

core::Game start(const std::shared_ptr<const core::RuleSet>& rules) {
  auto pos = core::parse_fen4(*rules, rules->start_fen);
  EXPECT_TRUE(pos.ok());
  return core::Game(rules, *pos);
}

TEST(RuleModules, TheTeamsModuleMakesTheDatasTeams) {
  auto [rules, bare] = with_and_without("chess-four");
  ASSERT_EQ(rules->modules, std::vector<core::RuleModule>{core::RuleModule::kTeams});
  core::Game teams = start(rules);
  core::Game none = start(bare);
  // 001 rules 1, 4: White and Yellow (light) play together against Black
  // and Dark Brown; teammates never capture each other.
  const core::Seat white = rules->turn_order[0];
  const core::Seat black = rules->turn_order[1];
  const core::Seat yellow = rules->turn_order[2];
  EXPECT_TRUE(teams.teammates(white, yellow));
  EXPECT_FALSE(teams.teammates(white, black));
  EXPECT_FALSE(teams.position().may_capture(white, yellow));
  EXPECT_TRUE(teams.position().may_capture(white, black));
  // Without the module the data's teams are not played.
  EXPECT_FALSE(none.teammates(white, yellow));
  EXPECT_TRUE(none.position().may_capture(white, yellow));
}

TEST(RuleModules, ThePointsModulePaysTheLedgerAndNothingIsPaidWithoutIt) {
  auto [rules, bare] = with_and_without("four-kingdoms");
  ASSERT_EQ(rules->modules, std::vector<core::RuleModule>{core::RuleModule::kPoints});
  core::Game points = start(rules);
  core::Game none = start(bare);
  // The same random game on both until a live player's piece is taken.
  for (std::uint64_t seed = 1; seed < 400 && !points.outcome().over; ++seed) {
    auto m = points.random_move(seed);
    ASSERT_TRUE(m.has_value());
    const core::Seat mover = points.to_move();
    const core::Piece taken = points.position().at(m->to);
    const bool live_capture = m->kind == core::MoveKind::kNormal && !taken.empty() &&
                              points.status(taken.seat) == core::SeatStatus::kLive;
    const int before = points.points(mover);
    ASSERT_TRUE(none.is_legal(*m));  // legality is not the module's
    points.play(*m);
    none.play(*m);
    EXPECT_EQ(none.points(mover), 0);
    if (live_capture) {
      // 002 rule 3: the piece's value (rule 5: a promoted one, its pawn's).
      const core::PieceDef& def = rules->piece(taken.kind);
      EXPECT_EQ(points.points(mover) - before, taken.promoted ? def.promoted_value : def.value);
      return;
    }
  }
  FAIL() << "no capture in the random game";
}

}  // namespace
}  // namespace tabula

// Position::checks_after_plain (core/position.h, issue 30 item 3): which
// kings a plain move leaves attacked, from the board alone, as 000's mate
// rule asks it of a checked player's replies. Checked against make() and
// in_check (the path every other caller takes) on positions of seeded
// random play in every shipped variant.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/position.h"
#include "sanitizer_size.h"
#include "test_rules.h"

namespace tabula {
namespace {

using core::Move;
using core::MoveList;
using core::Position;

TEST(ChecksAfterPlain, AnswersAsMakeAndInCheckDoForEveryPlainMove) {
  int plain = 0;
  int checking = 0;
  // 2 games a start; 1 in the sanitizer pass (sanitizer_size.h), the same floors.
  testing::soak_variants(testing::sanitizer_size(2, 1), 60, 41, 43, [&](const core::Game& game, const std::string& where) {
    Position pos = game.position();
    const int seats = pos.rules().seat_count();
    const auto all = static_cast<std::uint8_t>((1U << seats) - 1U);
    MoveList legal;
    pos.generate_legal(legal);
    for (const Move& m : legal) {
      if (!pos.plain_move(m)) continue;
      const std::uint64_t key = pos.hash();
      const std::uint8_t probed = pos.checks_after_plain(m, all);
      EXPECT_EQ(pos.hash(), key) << where << ": the probe leaves the position as it was";
      pos.make(m);
      std::uint8_t made = 0;
      for (int i = 0; i < seats; ++i)
        if (pos.in_check(core::seat_at(i))) made = static_cast<std::uint8_t>(made | (1U << i));
      pos.unmake();
      ASSERT_EQ(probed, made) << where << ": move " << core::index_of(m.from) << "-" << core::index_of(m.to);
      // Only the seats asked about are answered.
      const auto one = static_cast<std::uint8_t>(1U << (plain % seats));
      EXPECT_EQ(pos.checks_after_plain(m, one), made & one) << where;
      ++plain;
      checking += made != 0 ? 1 : 0;
    }
    EXPECT_TRUE(pos.consistency_problem().empty()) << where;
  });
  EXPECT_GT(plain, 10000);
  EXPECT_GT(checking, 100);
}

}  // namespace
}  // namespace tabula

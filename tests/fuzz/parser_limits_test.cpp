// What fuzzing and the attacks of issue 28 found in the parsers, kept as
// regression tests; and every fuzz target takes its own seeds.
#include <gtest/gtest.h>

#include <string>

#include "core/pgn.h"
#include "fuzz_targets.h"
#include "mutator.h"

namespace tabula::fuzz {
namespace {

// Issue 28 item 9: "99999999999." was signed overflow in move_number()
// (UBSan), and Release printed "1215752191. White Nf3".
TEST(ParserLimits, AnOverlongPgnMoveNumberIsAClearErrorWithItsPlace) {
  auto r = core::parse_pgn("1. e4 e5 99999999999. Nf3 *");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("move number '99999999999.' is too large (at most 99999)"), std::string::npos)
      << r.error().message;
  EXPECT_EQ(r.error().line, 1);
  EXPECT_EQ(r.error().column, 10);
}

TEST(ParserLimits, TheLargestMoveNumberStillReads) {
  auto r = core::parse_pgn("99999. e4 *");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->front().moves.size(), 1u);
  EXPECT_EQ(r->front().moves[0].round, 99999);
  EXPECT_FALSE(core::parse_pgn("100000. e4 *").ok());
  // Many digits of leading zeros are still the number.
  auto z = core::parse_pgn("000000000000000000007. e4 *");
  ASSERT_TRUE(z.ok());
  EXPECT_EQ(z->front().moves[0].round, 7);
}

TEST(FuzzTargets, EveryParserHasATarget) {
  std::vector<std::string> names;
  for (const FuzzTarget& t : fuzz_targets()) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"fen", "fen4", "pgn", "pgn4", "variant", "profile", "setup", "trace",
                                             "event", "hub_payload", "board_frame", "notation", "trf", "serial_line",
                                             "serial_dgt", "signed", "rounds", "board_keys"}));
}

TEST(Mutator, IsDeterministicForASeedAndChangesItsInput) {
  Mutator a(7), b(7);
  std::string seed = "1. e4 e5 2. Nf3 Nc6 *";
  int changed = 0;
  for (int i = 0; i < 50; ++i) {
    std::string x = a.mutate(seed, {seed});
    EXPECT_EQ(x, b.mutate(seed, {seed}));
    changed += x != seed;
  }
  EXPECT_GT(changed, 40);
}

}  // namespace
}  // namespace tabula::fuzz

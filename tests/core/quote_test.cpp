// Hostile input quoted into a refusal (s11-attack's findings in the core):
// the message names what is wrong, but a 100 KB FEN is not echoed whole and a
// NUL, an escape or a lone UTF-8 byte of a move is shown as \xNN, never raw.
#include "core/quote.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "test_rules.h"
#include "variants/variant_loader.h"

namespace tabula::core {
namespace {

bool has_control_or_high_byte(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u >= 0x7f;
  });
}

TEST(Quote, ShowsEveryByteThatIsNotPrintableAsciiInHex) {
  EXPECT_EQ(quote_input("e4"), "\"e4\"");
  EXPECT_EQ(quote_input(std::string("e4\0", 3)), "\"e4\\x00\"");
  EXPECT_EQ(quote_input("a\x1b[2Jb"), "\"a\\x1b[2Jb\"");
  EXPECT_EQ(quote_input("\xc3"), "\"\\xc3\"");
  EXPECT_EQ(quote_input("say \"hi\" \\"), "\"say \\x22hi\\x22 \\x5c\"");
  EXPECT_EQ(printable_input(std::string("e4\0", 3)), "e4\\x00");
}

TEST(Quote, CutsLongTextAndSaysHowLongItWas) {
  EXPECT_EQ(quote_input(std::string(100, 'A'), 10), "\"AAAAAAAAAA\"... (100 bytes)");
  EXPECT_EQ(quote_input(std::string(10, 'A'), 10), "\"AAAAAAAAAA\"");
  EXPECT_EQ(printable_input(std::string(12, 'B'), 10), "BBBBBBBBBB...");
  // A character cut in the middle is still shown byte by byte.
  EXPECT_EQ(quote_input("ab\xc3\xa9", 3), "\"ab\\xc3\"... (4 bytes)");
}

TEST(Quote, AHugeFenIsRefusedWithAShortMessage) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  std::string huge;
  for (int i = 0; i < 10000; ++i) huge += "rnbqkbnr/";
  auto r = parse_fen(*rules, huge);
  ASSERT_FALSE(r.ok());
  const std::string m = r.error().message;
  EXPECT_LT(m.size(), 300u) << m.substr(0, 300);
  EXPECT_NE(m.find("(90000 bytes)"), std::string::npos) << m;
  auto esc = parse_fen(*rules, "8/8/8/8/8/8/8/8 \x1b[31mw");
  ASSERT_FALSE(esc.ok());
  EXPECT_FALSE(has_control_or_high_byte(esc.error().message)) << esc.error().message;
}

TEST(Quote, AHostileFen4CellIsQuotedSafely) {
  auto loaded = variants::load_id("chesscom-ffa", "4PC");
  ASSERT_TRUE(loaded.ok());
  std::string fen4 = loaded.rules->start_fen;
  const std::string cell = "r" + std::string(5000, '\x07');
  fen4.replace(fen4.rfind('-') + 1, 3, cell);  // the board's first cell
  auto r = parse_fen4(*loaded.rules, fen4);
  ASSERT_FALSE(r.ok());
  const std::string m = r.error().message;
  EXPECT_FALSE(has_control_or_high_byte(m)) << m.substr(0, 200);
  EXPECT_LT(m.size(), 400u);
}

TEST(Quote, AMoveWithANulOrALoneUtf8ByteIsRefusedWithoutTheRawBytes) {
  auto rules = testing::shipped("chess");
  ASSERT_TRUE(rules);
  auto start = parse_fen(*rules, rules->start_fen);
  ASSERT_TRUE(start.ok());
  for (const std::string& bad : {std::string("e4\0", 3), std::string("e4\xc3"), std::string("e4\x1b[2J")}) {
    auto records = parse_pgn("[Event \"x\"]\n\n1. " + bad + " e5 *\n");
    ASSERT_TRUE(records.ok()) << records.error().message;
    ASSERT_FALSE(records->empty());
    ReplayResult r = replay(rules, *start, {}, records->front());
    ASSERT_FALSE(r.ok) << "a move with a stray byte was accepted";
    EXPECT_NE(r.error.find("round 1"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("e4\\x"), std::string::npos) << r.error;
    EXPECT_FALSE(has_control_or_high_byte(r.error)) << r.error;
  }
}

}  // namespace
}  // namespace tabula::core

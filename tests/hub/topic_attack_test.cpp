// The hub's topic names attacked (session 12): a board or event id with MQTT
// wildcards, a slash, NUL, a terminal escape, or a megabyte long. Each is
// refused, and the refusal quotes it printable and short.
#include <gtest/gtest.h>

#include "hub/topics.h"

namespace tabula::hub {
namespace {

bool printable_line(const std::string& s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
  }
  return true;
}

// Before: the refusal quoted the name raw and whole: a 1 MB board id made a
// 1 MB message, an escape reached the terminal as it was.
TEST(TopicAttack, AHostileNameIsRefusedAndQuotedPrintableAndShort) {
  using namespace std::string_literals;
  for (const std::string& name : {"t1+"s, "#"s, "a/b"s, "t\0x"s, "t\x1b[2J"s, "\xff\xfe"s, "t 1"s,
                                  std::string(1 << 20, 'a'), std::string(100, 'a') + "\n\x1b[31mX"}) {
    const std::string why = check_name("board", name);
    EXPECT_FALSE(why.empty()) << name.size();
    EXPECT_TRUE(printable_line(why)) << why;
    EXPECT_LT(why.size(), 200u) << why;
    EXPECT_EQ(why.rfind("board name '", 0), 0u) << why;
    EXPECT_FALSE(parse_topic("tabula/club/" + name + "/state")) << why;
    EXPECT_FALSE(parse_topic("tabula/" + name + "/t1/state")) << why;
  }
  EXPECT_NE(check_name("board", "t\0x"s).find("contains '\\x00'"), std::string::npos) << check_name("board", "t\0x"s);
  EXPECT_NE(check_name("board", std::string(1 << 20, 'a')).find("longer than 64 characters (1048576)"), std::string::npos);
}

// A topic with more or fewer levels, or an empty level, is not the hub's.
TEST(TopicAttack, TopicsOutsideTheTreeAreNotParsed) {
  for (const char* t : {"tabula/club/t1/state/x", "tabula/club/state", "tabula//t1/state", "tabula/club//state",
                        "tabula/club/t1/", "/tabula/club/t1/state", "tabula/club/t1/State", "tabula/club/+/state",
                        "tabula/#", "Tabula/club/t1/state"}) {
    EXPECT_FALSE(parse_topic(t)) << t;
  }
  ASSERT_TRUE(parse_topic("tabula/club/t1/state"));
  EXPECT_EQ(parse_topic("tabula/club/t1/state")->board, "t1");
}

}  // namespace
}  // namespace tabula::hub

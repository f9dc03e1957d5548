#include "trace/trace.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "test_files.h"

namespace tabula::trace {
namespace {

TEST(Trace, ParsesEventsCommentsAndBlankLines) {
  const TraceParse p = parse_trace(
      "# setup\n"
      "0 e2 down\n"
      "\n"
      "  850\tn14 up   # a comment after the fields\n"
      "850 a1 down\r\n",
      "t.trace");
  ASSERT_TRUE(p.ok()) << p.errors.front().to_string();
  ASSERT_EQ(p.events.size(), 3u);
  EXPECT_EQ(p.events[0], (TraceEvent{std::chrono::milliseconds(0), "e2", Motion::kDown, 2}));
  EXPECT_EQ(p.events[1], (TraceEvent{std::chrono::milliseconds(850), "n14", Motion::kUp, 4}));
  EXPECT_EQ(p.events[2].line, 5);
  EXPECT_EQ(p.events[2].time, std::chrono::milliseconds(850));  // equal times are fine
}

TEST(Trace, ReportsEveryBadLineWithFileAndLine) {
  const TraceParse p = parse_trace(
      "10 e2 up\n"
      "abc e4 down\n"     // bad time
      "-5 e4 down\n"      // negative
      "12.5 e4 down\n"    // fraction
      "20 e4 sideways\n"  // unknown token
      "5 e4 down\n"       // backwards
      "30 E4 down\n"      // uppercase square
      "40 e4\n"           // missing field
      "99999999999999999999 e4 up\n",
      "game.trace");
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(p.events.empty()) << "a trace with errors yields no events";
  ASSERT_EQ(p.errors.size(), 8u);
  EXPECT_EQ(p.errors[0].to_string(),
            "game.trace:2: bad time 'abc': expected a non-negative whole number of milliseconds");
  EXPECT_EQ(p.errors[1].line, 3);
  EXPECT_EQ(p.errors[2].line, 4);
  EXPECT_EQ(p.errors[3].to_string(),
            "game.trace:5: unknown token 'sideways': expected 'up' or 'down'");
  EXPECT_EQ(p.errors[4].to_string(),
            "game.trace:6: time goes backwards: 5 ms after 10 ms at line 1");
  EXPECT_EQ(p.errors[5].to_string(),
            "game.trace:7: bad square 'E4': expected a lowercase name such as a1 or n14");
  EXPECT_EQ(p.errors[6].to_string(),
            "game.trace:8: expected '<milliseconds> <square> <up|down>', found 2 field(s)");
  EXPECT_EQ(p.errors[7].to_string(), "game.trace:9: bad time '99999999999999999999': too large");
}

TEST(Trace, RejectsMalformedSquareNames) {
  for (const char* bad : {"e0", "e", "4", "e04", "e4x", "abc1"}) {
    const TraceParse p = parse_trace(std::string("1 ") + bad + " up\n");
    EXPECT_FALSE(p.ok()) << bad;
  }
}

TEST(Trace, FormatsEventsAsTraceLines) {
  const TraceEvent ev{std::chrono::milliseconds(850), "e4", Motion::kDown, 0};
  EXPECT_EQ(format_event(ev), "850 e4 down");
  const TraceParse p = parse_trace(format_event(ev));
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.events[0].square, "e4");
}

TEST(Trace, MissingFileIsOneError) {
  const TraceParse p = read_trace_file("/nonexistent/dir/x.trace");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].to_string(), "/nonexistent/dir/x.trace:0: cannot open trace file");
}

TEST(Trace, ADirectoryIsOneErrorNamingIt) {
  const TraceParse p = read_trace_file("/");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].to_string(), "/:0: is a directory, not a file");
}

// Session 11's attacker pass: /dev/zero as a trace was read for ever (one
// endless line; the daemon's --trace, `tabula infer` and `play --trace`
// hung, memory growing). More than max_bytes is one error, unread.
// Before: a time up to 9223372036854775807 ms was read; played, it was
// journaled, and the journal (which refuses an input past ten years) could
// not be resumed. The trace says so at its line.
TEST(Trace, ATimePastTenYearsIsRefusedAtItsLine) {
  TraceParse p = parse_trace("100 e2 up\n9223372036854775000 e4 down\n", "t.trace");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].line, 2);
  EXPECT_NE(p.errors[0].to_string().find("past ten years"), std::string::npos) << p.errors[0].to_string();
  EXPECT_TRUE(parse_trace("315576000000 e2 up\n", "t.trace").ok());  // ten years of 365.25 days
}

TEST(Trace, AnEndlessOrOversizedFileIsOneErrorNotAHang) {
  TraceParse p = read_trace_file("/dev/zero", 4096);
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].to_string(), "/dev/zero:0: more than 4096 bytes; not a trace Tabula reads");
  const tabula::testing::TempDir tmp("trace");
  const std::string big = tmp.file("trace_big.trace");
  {
    std::ofstream f(big);
    for (int i = 0; i < 500; ++i) f << i << " e2 up\n";
  }
  p = read_trace_file(big, 4096);
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].line, 0);
  EXPECT_TRUE(read_trace_file(big).ok());  // the default limit is far above a real game's trace
  std::remove(big.c_str());
}

}  // namespace
}  // namespace tabula::trace

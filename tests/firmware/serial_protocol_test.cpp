// The serial boards' stream decoders (firmware/serial): the Tabula line
// protocol and the DGT e-board's messages, fed good and broken streams. Every
// broken stream must give a message that names what is wrong and where, and
// keep what was already reported.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "serial/dgt_protocol.h"
#include "serial/line_protocol.h"

namespace tabula::firmware::serial {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Kind = BoardReport::Kind;

DecodeOutput feed(StreamDecoder& d, const std::string& bytes) {
  DecodeOutput out;
  d.feed(bytes, out);
  return out;
}

// ---- the line protocol ---------------------------------------------------------------

TEST(LineProtocol, ChecksumIsTheXorOfTheBodyInTwoHexDigits) {
  // Worked by hand: 'F' 0x46 ^ '?' 0x3F = 0x79; "+ 10 e4": 2B^20^31^30^20^65^34 = 0x7B.
  EXPECT_EQ(checked_line("F?"), "F?*79\n");
  EXPECT_EQ(line_checksum("+ 10 e4"), "7B");
}

TEST(LineProtocol, ReadsEveryKindOfLineAcrossSplitReads) {
  LineDecoder d;
  const std::string stream = checked_line("H 0 tabula-serial-board 1 TBL1") +
                             checked_line("F 12 a1 b1 e2") + checked_line("- 340 e2") +
                             checked_line("+ 700 e4") + checked_line("E 800 chain 2 reads all ones");
  DecodeOutput out;
  // Byte by byte: a line may arrive in any number of reads.
  for (char c : stream) d.feed(std::span<const char>(&c, 1), out);
  ASSERT_TRUE(out.problems.empty()) << out.problems.front();
  ASSERT_EQ(out.reports.size(), 5u);
  EXPECT_EQ(out.reports[0].kind, Kind::kHello);
  EXPECT_EQ(out.reports[0].text, "tabula-serial-board 1 TBL1");
  EXPECT_EQ(out.reports[1].kind, Kind::kWholeBoard);
  EXPECT_THAT(out.reports[1].occupied, ElementsAre("a1", "b1", "e2"));
  EXPECT_EQ(out.reports[1].device_ms, 12u);
  EXPECT_EQ(out.reports[2].kind, Kind::kChange);
  EXPECT_EQ(out.reports[2].square, "e2");
  EXPECT_FALSE(out.reports[2].occupied_now);
  EXPECT_TRUE(out.reports[3].occupied_now);
  EXPECT_EQ(out.reports[3].device_ms, 700u);
  EXPECT_EQ(out.reports[4].kind, Kind::kDeviceError);
  EXPECT_EQ(out.reports[4].text, "chain 2 reads all ones");
}

TEST(LineProtocol, AnEmptyBoardIsAWholeBoardWithNoSquaresAndCrLfIsAccepted) {
  LineDecoder d;
  DecodeOutput out = feed(d, "F 5*" + line_checksum("F 5") + "\r\n");
  ASSERT_TRUE(out.problems.empty());
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_TRUE(out.reports[0].occupied.empty());
}

TEST(LineProtocol, AWrongChecksumNamesTheLineBothSumsAndDropsOnlyThatLine) {
  LineDecoder d;
  DecodeOutput out = feed(d, checked_line("+ 10 e4") + "- 20 e4*00\n" + checked_line("- 30 d2"));
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0], "line 2: checksum *00, but the line's bytes give *7E: '- 20 e4*00'");
  ASSERT_EQ(out.reports.size(), 2u);
  EXPECT_EQ(out.reports[0].square, "e4");
  EXPECT_EQ(out.reports[1].square, "d2");
}

TEST(LineProtocol, GarbageAndNoiseAreRefusedWithTheirPlace) {
  LineDecoder d;
  DecodeOutput out = feed(d, std::string("+ 1\x07 e4*11\n") + "hello world\n" + checked_line("Q 5 x") +
                                 checked_line("+ soon e4") + checked_line("+ 5 e4 e5") +
                                 checked_line("F 6 e4 zz9") + checked_line("F 7 e4 e4"));
  ASSERT_EQ(out.problems.size(), 7u);
  EXPECT_EQ(out.problems[0],
            "line 1: byte 0x07 at column 4 is not printable ASCII (noise, or a wrong baud rate): "
            "'+ 1\\x07 e4*11'");
  EXPECT_EQ(out.problems[1], "line 2: no checksum '*XX' at the end: 'hello world'");
  EXPECT_THAT(out.problems[2], HasSubstr("line 3: unknown line kind 'Q' (expected H, F, +, - or E)"));
  EXPECT_THAT(out.problems[3], HasSubstr("line 4: '+' needs the device's time in ms"));
  EXPECT_THAT(out.problems[4], HasSubstr("line 5: '+' needs one square name after the time"));
  EXPECT_THAT(out.problems[5], HasSubstr("line 6: 'zz9' is not a square name"));
  EXPECT_THAT(out.problems[6], HasSubstr("line 7: square e4 is listed twice"));
  EXPECT_TRUE(out.reports.empty());
}

TEST(LineProtocol, ACutLineIsReportedOnAPauseAndTheNextLineReadsCleanly) {
  LineDecoder d;
  DecodeOutput out = feed(d, checked_line("+ 10 e4") + "- 20 e");
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_TRUE(d.partial());
  d.pause(out);
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0],
            "line 2: cut off: 6 bytes and no end of line '- 20 e' (the device stopped mid-line)");
  EXPECT_FALSE(d.partial());
  DecodeOutput next = feed(d, checked_line("- 30 e4"));
  ASSERT_TRUE(next.problems.empty());
  ASSERT_EQ(next.reports.size(), 1u);
  EXPECT_EQ(next.reports[0].where, "line 3");
}

TEST(LineProtocol, AnOverlongLineIsDroppedWholeWithoutGrowingTheBuffer) {
  LineDecoder d;
  DecodeOutput out = feed(d, std::string(100000, 'x') + "\n" + checked_line("+ 1 a1"));
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_THAT(out.problems[0], HasSubstr("line 1: longer than 600 bytes, not a board line"));
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].square, "a1");
}

TEST(LineProtocol, TimeGoingBackIsAProblemButAWrapOrARestartIsNot) {
  LineDecoder d;
  DecodeOutput out = feed(d, checked_line("+ 500 e4") + checked_line("- 400 e4"));
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0],
            "line 2: time 400 ms is before the previous line's 500 ms (lines out of order, or a "
            "restart without 'H')");
  EXPECT_EQ(out.reports.size(), 2u);  // the order of arrival stands
  DecodeOutput wrap = feed(d, checked_line("+ 4294967000 e4") + checked_line("- 100 e4"));
  EXPECT_TRUE(wrap.problems.empty()) << wrap.problems.front();
  DecodeOutput restart = feed(d, checked_line("H 0 restarted") + checked_line("F 3 e4"));
  EXPECT_TRUE(restart.problems.empty()) << restart.problems.front();
}

// ---- the DGT protocol ------------------------------------------------------------------

// The start position as DGT codes, a8 first: r n b q k b n r / p x8 / ... / R N B Q K B N R.
void start_codes(unsigned char (&codes)[64]) {
  const unsigned char back_black[8] = {8, 9, 10, 12, 11, 10, 9, 8};
  const unsigned char back_white[8] = {2, 3, 4, 6, 5, 4, 3, 2};
  for (int i = 0; i < 64; ++i) codes[i] = 0;
  for (int f = 0; f < 8; ++f) {
    codes[f] = back_black[f];
    codes[8 + f] = 7;
    codes[48 + f] = 1;
    codes[56 + f] = back_white[f];
  }
}

TEST(DgtProtocol, SquareIndexZeroIsA8AndSixtyThreeIsH1) {
  EXPECT_EQ(dgt::square_name(0), "a8");
  EXPECT_EQ(dgt::square_name(7), "h8");
  EXPECT_EQ(dgt::square_name(8), "a7");
  EXPECT_EQ(dgt::square_name(52), "e2");
  EXPECT_EQ(dgt::square_name(63), "h1");
}

TEST(DgtProtocol, StartsWithResetBoardRequestAndUpdateMode) {
  DgtDecoder d;
  EXPECT_EQ(d.start_bytes(), std::string("\x40\x42\x44"));
  EXPECT_EQ(d.whole_board_request(), std::string("\x42"));
}

TEST(DgtProtocol, ABoardDumpIsTheOccupiedSquaresAndFieldUpdatesAreChanges) {
  unsigned char codes[64];
  start_codes(codes);
  DgtDecoder d;
  // A version message (0x93, 5 bytes) first: skipped, it carries no squares.
  const std::string version{static_cast<char>(0x93), 0, 5, 1, 7};
  DecodeOutput out = feed(d, version + dgt::board_dump(codes) + dgt::field_update(52, 0) +
                                 dgt::field_update(36, 1));
  ASSERT_TRUE(out.problems.empty()) << out.problems.front();
  ASSERT_EQ(out.reports.size(), 3u);
  EXPECT_EQ(out.reports[0].kind, Kind::kWholeBoard);
  EXPECT_EQ(out.reports[0].occupied.size(), 32u);
  EXPECT_EQ(out.reports[0].occupied.front(), "a8");
  EXPECT_EQ(out.reports[0].occupied.back(), "h1");
  EXPECT_EQ(out.reports[1].square, "e2");
  EXPECT_FALSE(out.reports[1].occupied_now);
  EXPECT_EQ(out.reports[2].square, "e4");
  EXPECT_TRUE(out.reports[2].occupied_now);
}

TEST(DgtProtocol, ALengthSplitOverTwoSevenBitBytesIsRead) {
  // A trademark-like message of 131 bytes: length bytes 0x01 0x03 (1 << 7 | 3).
  std::string longer{static_cast<char>(0x92), 1, 3};
  longer += std::string(128, 'a');
  DgtDecoder d;
  DecodeOutput out = feed(d, longer + dgt::field_update(0, 0));
  ASSERT_TRUE(out.problems.empty()) << out.problems.front();
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].square, "a8");
}

TEST(DgtProtocol, BrokenStreamsAreNamedWithTheirByteOffset) {
  unsigned char codes[64];
  start_codes(codes);
  DgtDecoder d;
  // Garbage (bit 7 clear where a message begins), then a dump cut by a new
  // header after 10 payload bytes, then the update that cut it (kept).
  std::string cut = dgt::board_dump(codes).substr(0, 13);
  DecodeOutput out = feed(d, "xyz" + cut + dgt::field_update(52, 0));
  ASSERT_EQ(out.problems.size(), 2u);
  EXPECT_EQ(out.problems[0],
            "byte 0: 3 stray byte(s) from 0x78 where a message must begin (a byte with bit 7 set): "
            "noise, or a wrong baud rate (DGT boards talk at 9600)");
  EXPECT_EQ(out.problems[1],
            "byte 3: board dump 0x86 cut off after 13 of 67 bytes (0x8E began a new message)");
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].square, "e2");

  // A wrong length (its remaining bytes are skipped with it, not called
  // stray), a square beyond h1, a piece code beyond 0x0F.
  const std::string wrong_length{static_cast<char>(0x8E), 0, 6, 1, 1, 1};
  DecodeOutput bad = feed(d, wrong_length + dgt::field_update(64, 1) + dgt::field_update(3, 0x1F));
  ASSERT_EQ(bad.problems.size(), 3u) << bad.problems.front();
  EXPECT_EQ(bad.problems[0],
            "byte 21: field update 0x8E says it is 6 bytes long; it is always 5 (a corrupted header)");
  EXPECT_THAT(bad.problems[1], HasSubstr("field update names square 64; squares are 0 (a8) .. 63 (h1)"));
  EXPECT_THAT(bad.problems[2], HasSubstr("gives square d8 piece code 0x1F; codes are 0x00..0x0F"));
  EXPECT_TRUE(bad.reports.empty());
}

TEST(DgtProtocol, AFrameStillHalfReceivedAtAPauseWasCut) {
  unsigned char codes[64];
  start_codes(codes);
  DgtDecoder d;
  DecodeOutput out = feed(d, dgt::board_dump(codes).substr(0, 40));
  EXPECT_TRUE(out.reports.empty());
  EXPECT_TRUE(d.partial());
  d.pause(out);
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0],
            "byte 0: board dump 0x86 cut off after 40 of 67 bytes (the board stopped mid-message)");
  DecodeOutput next = feed(d, dgt::board_dump(codes));
  ASSERT_EQ(next.reports.size(), 1u);
  EXPECT_EQ(next.reports[0].occupied.size(), 32u);
}

}  // namespace
}  // namespace tabula::firmware::serial

#include "wire/frame_codec.h"

#include <gtest/gtest.h>

#include "tabula_proto/board.pb.h"

namespace tabula::firmware {
namespace {

board::Frame event(const std::string& square, std::uint64_t t) {
  board::Frame f;
  f.set_sequence(t);
  f.mutable_square_event()->set_square(square);
  f.mutable_square_event()->set_occupied(true);
  f.mutable_square_event()->set_timestamp_ms(t);
  return f;
}

TEST(FrameCodec, RoundTripsFramesFedOneByteAtATime) {
  std::string bytes;
  for (int i = 0; i < 50; ++i) append_frame(event("e" + std::to_string(i % 8 + 1), i), bytes);
  FrameDecoder decoder;
  board::Frame out;
  int got = 0;
  for (char c : bytes) {
    decoder.feed(std::string_view(&c, 1));
    while (decoder.next(out) == DecodeResult::kFrame) {
      EXPECT_EQ(out.square_event().timestamp_ms(), static_cast<std::uint64_t>(got));
      ++got;
    }
  }
  EXPECT_EQ(got, 50);
  EXPECT_EQ(decoder.buffered(), 0u);
}

TEST(FrameCodec, OversizedLengthIsCorruptWithAReason) {
  FrameDecoder decoder;
  // varint 1,000,000
  decoder.feed(std::string("\xC0\x84\x3D", 3));
  board::Frame out;
  EXPECT_EQ(decoder.next(out), DecodeResult::kCorrupt);
  EXPECT_EQ(decoder.error(), "frame 1: length 1000000 exceeds the 65536-byte limit");
  EXPECT_EQ(decoder.next(out), DecodeResult::kCorrupt) << "stays corrupt";
}

TEST(FrameCodec, MalformedLengthPrefixIsCorrupt) {
  FrameDecoder decoder;
  decoder.feed(std::string(6, '\xFF'));
  board::Frame out;
  EXPECT_EQ(decoder.next(out), DecodeResult::kCorrupt);
  EXPECT_EQ(decoder.error(), "frame 1: malformed length prefix");
}

TEST(FrameCodec, BytesThatAreNotAMessageAreCorruptAndNamed) {
  std::string bytes;
  append_frame(event("a1", 1), bytes);
  bytes += '\x03';
  bytes += std::string("\x0A\x05\x01", 3);  // field 1, length 5, but only 1 byte: truncated
  FrameDecoder decoder;
  decoder.feed(bytes);
  board::Frame out;
  EXPECT_EQ(decoder.next(out), DecodeResult::kFrame);
  EXPECT_EQ(decoder.next(out), DecodeResult::kCorrupt);
  EXPECT_EQ(decoder.error(), "frame 2: 3 bytes that are not a valid tabula.board.Frame");
}

TEST(FrameCodec, PartialFrameWaitsForMore) {
  std::string bytes;
  append_frame(event("h8", 7), bytes);
  FrameDecoder decoder;
  decoder.feed(std::string_view(bytes).substr(0, bytes.size() - 1));
  board::Frame out;
  EXPECT_EQ(decoder.next(out), DecodeResult::kNeedMore);
  decoder.feed(std::string_view(bytes).substr(bytes.size() - 1));
  EXPECT_EQ(decoder.next(out), DecodeResult::kFrame);
  EXPECT_EQ(out.square_event().square(), "h8");
}

}  // namespace
}  // namespace tabula::firmware

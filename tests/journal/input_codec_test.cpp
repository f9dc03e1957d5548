// Session inputs survive the trip to a journal row and back, exactly.
#include "journal/input_codec.h"

#include <gtest/gtest.h>

namespace tabula::journal {
namespace {

using session::Millis;

session::Input round_trip(const session::Input& in) {
  EncodedInput e = encode(in);
  auto back = decode(static_cast<std::int64_t>(e.kind), e.time_ms, e.payload);
  EXPECT_TRUE(back.has_value()) << e.payload;
  if (!back) return session::Input{session::Tick{}};
  return *back;
}

TEST(InputCodec, SquareEventRoundTrips) {
  session::Input in = session::SquareEvent{Millis{1234}, core::make_square(4, 3), true};
  EXPECT_EQ(round_trip(in), in);
  EXPECT_EQ(encode(in).kind, InputKind::kEvent);
}

TEST(InputCodec, SnapshotRoundTripsEveryCell) {
  session::BoardSnapshot s;
  s.time = Millis{7};
  for (int c : {0, 17, 100, 255}) s.cells.set(static_cast<std::size_t>(c));
  EXPECT_EQ(round_trip(session::Input{s}), session::Input{s});
  session::BoardSnapshot empty;
  EXPECT_EQ(round_trip(session::Input{empty}), session::Input{empty});
}

TEST(InputCodec, TickRoundTrips) {
  session::Input in = session::Tick{Millis{99999}};
  EXPECT_EQ(round_trip(in), in);
}

TEST(InputCodec, IntentRoundTripsEveryFieldAndTextWithSpaces) {
  session::Intent i;
  i.time = Millis{5300};
  i.kind = session::IntentKind::kChooseOption;
  i.request = 12;
  i.option = 3;
  i.piece = static_cast<core::PieceKind>(4);
  i.move = core::Move{core::make_square(1, 1), core::make_square(1, 3), core::MoveKind::kNormal,
                      static_cast<core::PieceKind>(2), 1};
  i.text = "orthogonal power piece  (two spaces)";
  i.count = 2;
  i.seat = core::seat_at(3);
  i.square = core::make_square(13, 13);
  i.force = true;
  EXPECT_EQ(round_trip(session::Input{i}), session::Input{i});
}

TEST(InputCodec, RefusesRowsItCannotRead) {
  EXPECT_FALSE(decode(0, 10, "12").has_value());        // missing occupancy
  EXPECT_FALSE(decode(0, 10, "12 2").has_value());      // occupancy not 0/1
  EXPECT_FALSE(decode(0, 10, "99999 1").has_value());   // off the mailbox
  EXPECT_FALSE(decode(0, -1, "12 1").has_value());      // negative time
  EXPECT_FALSE(decode(2, 10, "x").has_value());         // a tick has no payload
  EXPECT_FALSE(decode(3, 10, "1 2 3").has_value());     // intent too short
  EXPECT_FALSE(decode(3, 10, "99 0 0 0 0 0 0 0 0 0 0 0 0 ").has_value());  // unknown intent kind
  EXPECT_FALSE(decode(9, 10, "").has_value());          // unknown input kind
  EXPECT_FALSE(decode(1, 10, "3 four").has_value());
}

// An intent's squares, seat, piece and move kind index the session's boards:
// a row edited out of range is refused (before: seat 200 resigned and the
// core wrote past its arrays). The values the shells write all read.
TEST(InputCodec, IntentFieldsOutOfRangeAreRefusedAndTheShellsValuesRead) {
  // kind request option piece from to mkind promo castle count seat square force
  for (const char* bad : {"5 0 0 0 0 0 0 0 0 0 200 0 0 ", "11 0 0 0 0 0 0 0 0 0 0 60000 0 ",
                          "11 0 0 0 0 0 0 0 0 0 0 -1 0 ", "18 0 0 0 250 70000 0 0 0 0 0 0 0 x",
                          "18 0 0 0 -1 0 0 0 0 0 0 0 0 x", "1 0 0 99 0 0 0 0 0 0 0 0 0 ",
                          "18 0 0 0 0 0 9 0 0 0 0 0 0 x", "18 0 0 0 0 0 0 0 300 0 0 0 0 x",
                          "15 0 0 0 0 0 0 0 0 9999999999 0 0 0 ", "9 0 0 0 0 0 0 0 0 0 0 0 2 ",
                          "0 -1 0 0 0 0 0 0 0 0 0 0 0 "}) {
    EXPECT_FALSE(decode(3, 10, bad).has_value()) << bad;
  }
  for (const char* good : {"5 0 0 255 65535 65535 0 255 0 0 255 65535 0 ", "0 4294967295 -1 0 0 0 0 0 0 0 0 0 0 ",
                           "15 0 0 0 0 0 0 0 0 2147483647 1 0 0 ", "4 0 0 0 0 0 5 0 255 -2147483648 3 0 1 x y"}) {
    EXPECT_TRUE(decode(3, 10, good).has_value()) << good;
  }
  EXPECT_FALSE(decode(2, session::kMaxInputTime.count() + 1, "").has_value());
  EXPECT_TRUE(decode(2, session::kMaxInputTime.count(), "").has_value());
}

}  // namespace
}  // namespace tabula::journal

// The hub's model: each item once, in order; gaps named; alerts raised once.
#include <gtest/gtest.h>

#include "hub/codec.h"
#include "hub/hub_model.h"

namespace tabula::hub {
namespace {

wire::StreamItem item(std::uint64_t seq, const std::string& board = "t1", const std::string& game = "g1") {
  wire::StreamItem it;
  it.set_version(wire::PAYLOAD_VERSION_CURRENT);
  it.set_event("club");
  it.set_board(board);
  it.set_game_id(game);
  it.set_seq(seq);
  it.set_wall_ms(1000);
  it.mutable_move()->set_text("e2-e4");
  it.mutable_move()->set_number(static_cast<int>(seq));
  return it;
}

wire::StreamItem ruling(std::uint64_t seq, const std::string& kind, const std::string& severity, const std::string& text) {
  wire::StreamItem it = item(seq);
  it.mutable_ruling()->set_kind(kind);
  it.mutable_ruling()->set_severity(severity);
  it.mutable_ruling()->set_text(text);
  return it;
}

wire::BoardState state(bool over = false) {
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event("club");
  st.set_board("t1");
  st.set_game_id("g1");
  st.set_tracker(wire::TRACKER_STATE_IN_SYNC);
  for (const char* n : {"White", "Black"}) {
    wire::Seat* s = st.add_seats();
    s->set_name(n);
    s->set_status(wire::SEAT_STATUS_LIVE);
  }
  st.set_over(over);
  return st;
}

std::vector<AlertKind> kinds(const HubModel& m) {
  std::vector<AlertKind> k;
  for (const Alert& a : m.alerts()) k.push_back(a.kind);
  return k;
}

TEST(HubModel, AppliesEachItemOnceWhateverTheRedeliveries) {
  HubModel m("club");
  for (std::uint64_t s : {1, 2, 1, 3, 2, 3, 4}) m.on_message("tabula/club/t1/stream", encode(item(s)), 2000);
  const BoardEntry* b = m.board("t1");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->items, 4u);
  EXPECT_EQ(b->duplicates, 3u);
  EXPECT_EQ(b->applied_seq, 4u);
  ASSERT_EQ(b->recent.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(b->recent[i].seq(), i + 1);
  EXPECT_TRUE(m.alerts().empty());
  EXPECT_EQ(m.move_latencies_ms(), (std::vector<std::int64_t>{1000, 1000, 1000, 1000}));
}

void stream(HubModel& m, std::uint64_t seq, std::int64_t now, const std::string& game = "g1") {
  m.on_message("tabula/club/t1/stream", encode(item(seq, "t1", game)), now);
}

TEST(HubModel, HoldsItemsAheadOfAHoleAndAsksTheBoardForIt) {
  HubModel m("club");
  for (std::uint64_t s : {1, 2, 5, 6}) stream(m, s, 0);
  const BoardEntry* b = m.board("t1");
  EXPECT_EQ(b->applied_seq, 2u);  // 5 and 6 wait for 3 and 4
  EXPECT_EQ(b->head, 6u);
  EXPECT_EQ(b->early.size(), 2u);
  EXPECT_FALSE(b->caught_up());
  // First an ack at once (a new board), then, after the grace without
  // progress, a request from 3 on, repeated after 1 s, then 2 s.
  std::vector<wire::HubAck> a = m.due_acks(0);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].applied_seq(), 2u);
  EXPECT_FALSE(a[0].resend());
  EXPECT_EQ(a[0].game_id(), "g1");
  EXPECT_EQ(a[0].board(), "t1");
  EXPECT_TRUE(m.due_acks(999).empty());
  a = m.due_acks(1000);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_TRUE(a[0].resend());
  EXPECT_EQ(a[0].applied_seq(), 2u);
  EXPECT_TRUE(m.due_acks(1999).empty());
  ASSERT_EQ(m.due_acks(2000).size(), 1u);
  EXPECT_TRUE(m.due_acks(3999).empty());
  ASSERT_EQ(m.due_acks(4000).size(), 1u);
  EXPECT_EQ(b->requests, 3u);
  // The board answers (some twice): applied in order, each once.
  for (std::uint64_t s : {3, 4, 5, 3, 6, 7}) stream(m, s, 4100);
  EXPECT_EQ(b->applied_seq, 7u);
  EXPECT_EQ(b->items, 7u);
  EXPECT_EQ(b->duplicates, 3u);
  EXPECT_TRUE(b->early.empty());
  ASSERT_EQ(b->recent.size(), 7u);
  for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(b->recent[i].seq(), i + 1);
  std::uint64_t d = kDigestStart;
  for (std::uint64_t s = 1; s <= 7; ++s) d = digest_step(d, encode(item(s)));
  EXPECT_EQ(b->digest, d);
  EXPECT_TRUE(m.alerts().empty());
  a = m.due_acks(5100);  // progress: an ack, no request
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].applied_seq(), 7u);
  EXPECT_FALSE(a[0].resend());
  EXPECT_TRUE(m.due_acks(6000).empty());
  EXPECT_EQ(m.due_acks(10100).size(), 1u);  // the keepalive
}

TEST(HubModel, ALateHubAsksForTheWholeStreamAndTellsTheStateItHolds) {
  HubModel m("club");
  wire::BoardState st = state();
  st.set_through_seq(5);
  st.set_wall_ms(700);
  m.on_message("tabula/club/t1/state", encode(st), 0);  // retained, before any item
  const BoardEntry* b = m.board("t1");
  EXPECT_EQ(b->head, 5u);
  EXPECT_EQ(b->applied_seq, 0u);
  m.due_acks(0);
  std::vector<wire::HubAck> a = m.due_acks(1000);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_TRUE(a[0].resend());
  EXPECT_EQ(a[0].applied_seq(), 0u);  // from seq 1
  EXPECT_EQ(a[0].state_seq(), 5u);
  EXPECT_EQ(a[0].state_wall_ms(), 700);
  for (std::uint64_t s = 1; s <= 5; ++s) stream(m, s, 1100);
  EXPECT_TRUE(b->caught_up());
}

TEST(HubModel, AfterAReconnectEveryBoardIsAskedAtOnce) {
  HubModel m("club");
  for (std::uint64_t s : {1, 3}) stream(m, s, 0);
  m.due_acks(0);
  m.on_connected(100);
  std::vector<wire::HubAck> a = m.due_acks(100);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_TRUE(a[0].resend());
}

TEST(HubModel, SkipsAHoleTheBoardNeverFillsAndNamesIt) {
  DeliveryTiming t;
  t.give_up_ms = 10000;
  HubModel m("club", t);
  for (std::uint64_t s : {1, 4}) stream(m, s, 0);
  for (std::int64_t now = 0; now < 10000; now += 500) m.due_acks(now);
  EXPECT_TRUE(m.alerts().empty());
  m.due_acks(10000);
  ASSERT_EQ(kinds(m), std::vector<AlertKind>{AlertKind::kGap});
  EXPECT_EQ(m.alerts()[0].text, "board t1: stream items 2..3 never came, though asked for; skipped");
  EXPECT_EQ(m.board("t1")->missing, 2u);
  EXPECT_EQ(m.board("t1")->applied_seq, 4u);
  stream(m, 2, 10100);  // too late: not applied out of order
  EXPECT_EQ(m.board("t1")->items, 2u);
}

TEST(HubModel, IgnoresAStaleStateAndStartsAnewForANewGame) {
  HubModel m("club");
  wire::BoardState st = state();
  st.set_through_seq(5);
  st.set_wall_ms(200);
  st.set_moves(4);
  m.on_message("tabula/club/t1/state", encode(st), 0);
  wire::BoardState stale = st;
  stale.set_through_seq(3);
  stale.set_moves(2);
  m.on_message("tabula/club/t1/state", encode(stale), 0);  // an old retained copy
  EXPECT_EQ(m.board("t1")->state->moves(), 4);
  st.set_wall_ms(300);  // the same items, a later clock: taken
  st.set_moves(5);
  m.on_message("tabula/club/t1/state", encode(st), 0);
  EXPECT_EQ(m.board("t1")->state->moves(), 5);
  for (std::uint64_t s = 1; s <= 5; ++s) stream(m, s, 0);
  stream(m, 1, 0, "g2");  // the next game (a new journal) starts again at 1
  EXPECT_EQ(m.board("t1")->game, "g2");
  EXPECT_EQ(m.board("t1")->applied_seq, 1u);
  EXPECT_EQ(m.board("t1")->items, 6u);
  stream(m, 6, 0, "g1");  // late, of the old game
  m.on_message("tabula/club/t1/state", encode(st), 0);
  EXPECT_EQ(m.board("t1")->items, 6u);
  EXPECT_EQ(m.board("t1")->head, 1u);
  EXPECT_TRUE(m.alerts().empty());
}

TEST(HubModel, KeepsABoundedNumberOfItemsAhead) {
  DeliveryTiming t;
  t.early_max = 4;
  HubModel m("club", t);
  stream(m, 1, 0);
  for (std::uint64_t s = 3; s <= 10; ++s) stream(m, s, 0);
  EXPECT_EQ(m.board("t1")->early.size(), 4u);
  EXPECT_EQ(m.board("t1")->early_dropped, 4u);
  for (std::uint64_t s = 2; s <= 10; ++s) stream(m, s, 0);  // the board sends again from 2
  EXPECT_EQ(m.board("t1")->applied_seq, 10u);
  EXPECT_EQ(m.board("t1")->items, 10u);
}

TEST(HubModel, RaisesAlertsForDisputesSyncFlagsEndsAndSilence) {
  HubModel m("club");
  m.on_message("tabula/club/t1/stream", encode(ruling(1, "illegal-move", "illegal", "the knight cannot go to e5")), 0);
  m.on_message("tabula/club/t1/stream", encode(ruling(2, "out-of-sync", "warning", "the board differs on e4")), 0);
  m.on_message("tabula/club/t1/stream", encode(ruling(3, "timeout", "info", "White lost on time")), 0);
  m.on_message("tabula/club/t1/stream", encode(ruling(4, "check", "info", "check")), 0);
  wire::BoardState st = state();
  st.set_tracker(wire::TRACKER_STATE_OUT_OF_SYNC);
  m.on_message("tabula/club/t1/state", encode(st), 0);
  m.on_message("tabula/club/t1/state", encode(st), 0);  // still out of sync: no second alert
  st = state(true);
  st.set_result_reason("checkmate");
  st.mutable_seats(1)->set_status(wire::SEAT_STATUS_FLAGGED);
  m.on_message("tabula/club/t1/state", encode(st), 0);
  m.on_message("tabula/club/t1/state", encode(st), 0);  // the same finished game again
  m.on_message("tabula/club/t1/online", encode(make_presence(true, 0)), 0);
  m.on_message("tabula/club/t1/online", encode(make_presence(false, 0)), 0);
  EXPECT_EQ(kinds(m), (std::vector<AlertKind>{AlertKind::kIllegalMove, AlertKind::kOutOfSync, AlertKind::kFlag,
                                               AlertKind::kOutOfSync, AlertKind::kFlag, AlertKind::kFinished,
                                               AlertKind::kOffline}));
  EXPECT_EQ(m.alerts()[0].text, "board t1: the knight cannot go to e5");
  EXPECT_EQ(m.alerts()[5].text, "board t1: game over (checkmate)");
  std::vector<FinishedGame> f = m.take_finished();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(m.take_finished().empty());
  EXPECT_EQ(m.open_alerts(), 7u);
  m.acknowledge(m.alerts()[0].id);
  EXPECT_EQ(m.open_alerts(), 6u);
}

TEST(HubModel, ABadPayloadIsAnAlertAndChangesNothing) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(state()), 0);
  wire::BoardState future = state();
  future.set_version(2);
  future.set_moves(99);
  m.on_message("tabula/club/t1/state", encode(future), 0);
  m.on_message("tabula/club/t1/stream", "garbage", 0);
  ASSERT_EQ(kinds(m), (std::vector<AlertKind>{AlertKind::kBadPayload, AlertKind::kBadPayload}));
  EXPECT_NE(m.alerts()[0].text.find("version 2, this build reads version 1"), std::string::npos) << m.alerts()[0].text;
  EXPECT_EQ(m.board("t1")->state->moves(), 0);
  m.on_message("tabula/other/t1/state", encode(state()), 0);  // another event: not ours
  m.on_message("elsewhere/x", "y", 0);
  EXPECT_EQ(m.boards().size(), 1u);
  EXPECT_EQ(m.alerts().size(), 2u);
}

}  // namespace
}  // namespace tabula::hub

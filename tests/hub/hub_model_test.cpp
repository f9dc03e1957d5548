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

TEST(HubModel, NamesMissingItemsAndStartsAnewForANewGame) {
  HubModel m("club");
  m.on_message("tabula/club/t1/stream", encode(item(5)), 0);  // a hub joining mid-game: no alert
  m.on_message("tabula/club/t1/stream", encode(item(6)), 0);
  m.on_message("tabula/club/t1/stream", encode(item(9)), 0);
  ASSERT_EQ(kinds(m), std::vector<AlertKind>{AlertKind::kGap});
  EXPECT_EQ(m.alerts()[0].text, "board t1: stream items 7..8 never arrived");
  EXPECT_EQ(m.board("t1")->missing, 2u);
  m.on_message("tabula/club/t1/stream", encode(item(1, "t1", "g2")), 0);  // the next game, a new journal
  EXPECT_EQ(m.board("t1")->applied_seq, 1u);
  EXPECT_EQ(m.board("t1")->items, 4u);
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

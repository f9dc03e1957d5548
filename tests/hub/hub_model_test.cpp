// The hub's model: each item once, in order; gaps named; alerts raised once.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <map>

#include "../journal/journal_fixture.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/tournament.h"
#include "wire_builders.h"

namespace tabula::hub {
namespace {

// The shared builders (wire_builders.h), under this file's names.
wire::StreamItem item(std::uint64_t seq, const std::string& board = "t1", const std::string& game = "g1") {
  return testing::move_item(seq, board, game);
}

wire::StreamItem ruling(std::uint64_t seq, const std::string& kind, const std::string& severity, const std::string& text) {
  return testing::ruling_item(seq, kind, severity, text);
}

wire::BoardState state(bool over = false) {
  wire::BoardState st = testing::two_seat_state();
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

// Session 18: every board raised "out of sync" while its pieces were being
// set up (the session verifies the layout: the tracker says mismatch until
// it stands), and again while put back after a takeback or cleared after the
// game. Only a board in play is out of sync with its game.
TEST(HubModel, OutOfSyncIsAnAlertOnlyWhileTheGameIsPlayed) {
  HubModel m("club");
  const auto send = [&m](wire::Phase phase, wire::TrackerState tracker) {
    wire::BoardState st = state();
    st.set_phase(phase);
    st.set_tracker(tracker);
    m.on_message("tabula/club/t1/state", encode(st), 0);
  };
  using K = std::vector<AlertKind>;
  send(wire::PHASE_SETUP, wire::TRACKER_STATE_OUT_OF_SYNC);  // the pieces being set up
  send(wire::PHASE_SETUP, wire::TRACKER_STATE_OUT_OF_SYNC);
  EXPECT_EQ(kinds(m), K{}) << "a board being set up";
  send(wire::PHASE_PLAY, wire::TRACKER_STATE_IN_SYNC);
  send(wire::PHASE_PLAY, wire::TRACKER_STATE_OUT_OF_SYNC);
  send(wire::PHASE_PLAY, wire::TRACKER_STATE_OUT_OF_SYNC);
  EXPECT_EQ(kinds(m), K{AlertKind::kOutOfSync}) << "a board in play, once";
  send(wire::PHASE_RESTORE, wire::TRACKER_STATE_OUT_OF_SYNC);  // a takeback: the kiosk shows how to put it back
  EXPECT_EQ(kinds(m), K{AlertKind::kOutOfSync}) << "a board being put back";
  send(wire::PHASE_PLAY, wire::TRACKER_STATE_IN_SYNC);
  send(wire::PHASE_CHOOSING, wire::TRACKER_STATE_OUT_OF_SYNC);  // 004's stage choice is play
  EXPECT_EQ(kinds(m), (K{AlertKind::kOutOfSync, AlertKind::kOutOfSync}));
  send(wire::PHASE_OVER, wire::TRACKER_STATE_IN_SYNC);
  send(wire::PHASE_OVER, wire::TRACKER_STATE_OUT_OF_SYNC);  // the pieces cleared after the game
  EXPECT_EQ(kinds(m), (K{AlertKind::kOutOfSync, AlertKind::kOutOfSync})) << "a finished board being cleared";
  send(wire::PHASE_UNSPECIFIED, wire::TRACKER_STATE_OUT_OF_SYNC);  // an older board names no phase
  EXPECT_EQ(kinds(m), (K{AlertKind::kOutOfSync, AlertKind::kOutOfSync, AlertKind::kOutOfSync}));
}

TEST(HubModel, ABadPayloadIsAnAlertAndChangesNothing) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(state()), 0);
  wire::BoardState future = state();
  future.set_version(2);
  future.set_moves(99);
  m.on_message("tabula/club/t1/state", encode(future), 0);
  m.acknowledge(m.alerts().at(0).id);  // one open bad-payload alert per board at a time
  m.on_message("tabula/club/t1/stream", "garbage", 0);
  ASSERT_EQ(kinds(m), (std::vector<AlertKind>{AlertKind::kBadPayload, AlertKind::kBadPayload}));
  EXPECT_NE(m.alerts()[0].text.find("version 2, this build reads version 1"), std::string::npos) << m.alerts()[0].text;
  EXPECT_EQ(m.board("t1")->state->moves(), 0);
  m.on_message("tabula/other/t1/state", encode(state()), 0);  // another event: not ours
  m.on_message("elsewhere/x", "y", 0);
  EXPECT_EQ(m.boards().size(), 1u);
  EXPECT_EQ(m.alerts().size(), 2u);
}

// ---- board signatures (issue 28 item 1) -----------------------------------------

BoardKey key_of(const std::string& board, char fill) {
  std::string error;
  auto k = board_key_from_seed(board, std::string(kBoardSeedBytes, fill), error);
  EXPECT_TRUE(k) << error;
  return *k;
}

// A hub with t1 and t2 enrolled.
struct SignedEvent {
  BoardKey t1 = key_of("t1", 'a');
  BoardKey t2 = key_of("t2", 'b');
  BoardKey mallory = key_of("t1", 'm');  // a key of her own, named after t1
  HubModel m{"club"};
  SignedEvent() {
    BoardKeyRing ring;
    ring.enrol("t1", t1.public_key);
    ring.enrol("t2", t2.public_key);
    m.require_signatures(ring);
  }
  template <class Message>
  static std::string sealed(Message msg, const std::string& topic, const BoardKey& k) {
    sign_message(msg, topic, k);
    return encode(msg);
  }
  std::size_t forged_alerts() const {
    std::size_t n = 0;
    for (const Alert& a : m.alerts()) n += a.kind == AlertKind::kForged ? 1 : 0;
    return n;
  }
};

TEST(HubModel, AStateForgedByAnotherLoginIsRefusedAndNeverReachesTheRecord) {
  SignedEvent e;
  e.m.on_message("tabula/club/t1/state", e.sealed(state(), "tabula/club/t1/state", e.t1), 0);
  ASSERT_TRUE(e.m.board("t1")->state);
  EXPECT_TRUE(e.m.alerts().empty());
  // "mallory wins": over, with the board's own game id; unsigned, then signed
  // by a key of her own, then by board t2's (a board's login is not t1's).
  wire::BoardState forged = state(/*over=*/true);
  forged.set_result_reason("checkmate");
  forged.set_through_seq(40);
  forged.mutable_seats(0)->set_player("mallory");
  e.m.on_message("tabula/club/t1/state", encode(forged), 1);
  e.m.on_message("tabula/club/t1/state", e.sealed(forged, "tabula/club/t1/state", e.mallory), 2);
  e.m.on_message("tabula/club/t1/state", e.sealed(forged, "tabula/club/t1/state", e.t2), 3);
  const BoardEntry* b = e.m.board("t1");
  EXPECT_FALSE(b->state->over());
  EXPECT_EQ(b->state->through_seq(), 0u);
  EXPECT_EQ(b->refused_signatures, 3u);
  EXPECT_TRUE(e.m.take_finished().empty());
  // One alert for the three (raised again only once acknowledged), naming why.
  ASSERT_EQ(e.forged_alerts(), 1u);
  EXPECT_NE(e.m.alerts()[0].text.find("unsigned"), std::string::npos) << e.m.alerts()[0].text;
  e.m.acknowledge(e.m.alerts()[0].id);
  e.m.on_message("tabula/club/t1/state", e.sealed(forged, "tabula/club/t1/state", e.mallory), 4);
  ASSERT_EQ(e.forged_alerts(), 2u);
  EXPECT_NE(e.m.alerts()[1].text.find("not signed by board t1's enrolled key"), std::string::npos)
      << e.m.alerts()[1].text;
  // The board's own over state still counts.
  wire::BoardState real = state(true);
  real.set_result_reason("checkmate");
  e.m.on_message("tabula/club/t1/state", e.sealed(real, "tabula/club/t1/state", e.t1), 5);
  EXPECT_EQ(e.m.take_finished().size(), 1u);
}

TEST(HubModel, AMadeUpGameIdDoesNotFreezeTheBoard) {
  SignedEvent e;
  e.m.on_message("tabula/club/t1/stream", e.sealed(item(1), "tabula/club/t1/stream", e.t1), 0);
  wire::BoardState made_up = state();
  made_up.set_game_id("99999999 t1");
  e.m.on_message("tabula/club/t1/state", encode(made_up), 1);
  EXPECT_EQ(e.m.board("t1")->game, "g1");  // still the board's own game
  wire::BoardState own = state();
  own.set_through_seq(2);
  e.m.on_message("tabula/club/t1/state", e.sealed(own, "tabula/club/t1/state", e.t1), 2);
  e.m.on_message("tabula/club/t1/stream", e.sealed(item(2), "tabula/club/t1/stream", e.t1), 3);
  const BoardEntry* b = e.m.board("t1");
  EXPECT_EQ(b->applied_seq, 2u);
  EXPECT_TRUE(b->caught_up());
  EXPECT_EQ(e.forged_alerts(), 1u);
}

TEST(HubModel, StreamItemsAheadOfTheBoardAreRefusedAndTheBoardsOwnApplied) {
  SignedEvent e;
  e.m.on_message("tabula/club/t1/stream", e.sealed(item(1), "tabula/club/t1/stream", e.t1), 0);
  // Five items "ahead" of the board: unsigned, and signed by board t2.
  for (std::uint64_t s = 2; s <= 6; ++s) {
    wire::StreamItem forged = ruling(s, "checkmate", "info", "mallory wins");
    e.m.on_message("tabula/club/t1/stream", encode(forged), 1);
    e.m.on_message("tabula/club/t1/stream", e.sealed(forged, "tabula/club/t1/stream", e.t2), 1);
  }
  const BoardEntry* b = e.m.board("t1");
  EXPECT_EQ(b->head, 1u);
  EXPECT_TRUE(b->early.empty());
  EXPECT_EQ(b->refused_signatures, 10u);
  for (std::uint64_t s = 2; s <= 6; ++s) {
    e.m.on_message("tabula/club/t1/stream", e.sealed(item(s), "tabula/club/t1/stream", e.t1), 2);
  }
  EXPECT_EQ(b->applied_seq, 6u);
  EXPECT_EQ(b->duplicates, 0u);  // the board's own were not taken for duplicates
  for (const wire::StreamItem& it : b->recent) EXPECT_TRUE(it.has_move());
  EXPECT_EQ(e.forged_alerts(), 1u);
}

TEST(HubModel, AReplayedOldSignedItemIsOnlyADuplicateAndNeverCountsOnAnotherTopic) {
  SignedEvent e;
  std::vector<std::string> sent;
  for (std::uint64_t s = 1; s <= 3; ++s) {
    sent.push_back(e.sealed(item(s), "tabula/club/t1/stream", e.t1));
    e.m.on_message("tabula/club/t1/stream", sent.back(), 0);
  }
  const std::uint64_t digest = e.m.board("t1")->digest;
  e.m.on_message("tabula/club/t1/stream", sent[1], 1);  // captured and sent again
  const BoardEntry* b = e.m.board("t1");
  EXPECT_EQ(b->duplicates, 1u);
  EXPECT_EQ(b->items, 3u);
  EXPECT_EQ(b->digest, digest);
  EXPECT_EQ(e.forged_alerts(), 0u);
  // A board's signed offline presence (it names no board) replayed on board
  // t2's topic: refused, the signature covers the topic.
  e.m.on_message("tabula/club/t2/online", SignedEvent::sealed(make_presence(true, 1), "tabula/club/t2/online", e.t2), 2);
  e.m.on_message("tabula/club/t2/online", SignedEvent::sealed(make_presence(false, 2), "tabula/club/t1/online", e.t1), 2);
  EXPECT_EQ(e.m.board("t2")->online, std::optional<bool>(true));
  EXPECT_EQ(e.m.board("t2")->refused_signatures, 1u);
  // An old signed state of the game (through_seq 1 after one of 3) is stale:
  // ignored, and the newest put back.
  wire::BoardState newer = state();
  newer.set_through_seq(3);
  newer.set_wall_ms(300);
  wire::BoardState older = state();
  older.set_through_seq(1);
  older.set_wall_ms(100);
  e.m.on_message("tabula/club/t1/state", e.sealed(newer, "tabula/club/t1/state", e.t1), 3);
  e.m.on_message("tabula/club/t1/state", e.sealed(older, "tabula/club/t1/state", e.t1), 4);
  EXPECT_EQ(e.m.board("t1")->state->through_seq(), 3u);
  EXPECT_EQ(e.m.board("t1")->stale_states, 1u);
  // The repair re-sends the board's own signed state: still the board's signature.
  auto repairs = e.m.take_repairs();
  ASSERT_EQ(repairs.size(), 1u);
  std::string error;
  auto back = decode_state(repairs[0].second, repairs[0].first, error);
  ASSERT_TRUE(back) << error;
  BoardKeyRing ring;
  ring.enrol("t1", e.t1.public_key);
  EXPECT_EQ(check_signature(*back, repairs[0].first, "t1", ring), "");
}

TEST(HubModel, AKeyEnrolledForTheWrongBoardRefusesThatBoard) {
  BoardKey t1 = key_of("t1", 'a');
  BoardKey t2 = key_of("t2", 'b');
  HubModel m("club");
  BoardKeyRing ring;
  ring.enrol("t1", t2.public_key);  // the enrolment file's line for t1 carries t2's key
  m.require_signatures(ring);
  m.on_message("tabula/club/t1/state", SignedEvent::sealed(state(), "tabula/club/t1/state", t1), 0);
  EXPECT_FALSE(m.board("t1")->state);
  ASSERT_EQ(m.alerts().size(), 1u);
  EXPECT_EQ(m.alerts()[0].kind, AlertKind::kForged);
  EXPECT_NE(m.alerts()[0].text.find("not signed by board t1's enrolled key"), std::string::npos) << m.alerts()[0].text;
}

TEST(HubModel, ABoardNotEnrolledGetsNoEntryAndOneAlertAtATime) {
  SignedEvent e;
  BoardKey t9 = key_of("t9", 'z');
  for (int i = 0; i < 100; ++i) {
    const std::string board = "x" + std::to_string(i);
    wire::BoardState st = state();
    st.set_board(board);
    e.m.on_message("tabula/club/" + board + "/state", SignedEvent::sealed(st, "tabula/club/" + board + "/state", t9), i);
  }
  EXPECT_TRUE(e.m.boards().empty());
  EXPECT_EQ(e.m.unenrolled_payloads(), 100u);
  ASSERT_EQ(e.m.alerts().size(), 1u);
  EXPECT_NE(e.m.alerts()[0].text.find("board x0 is not enrolled"), std::string::npos) << e.m.alerts()[0].text;
  e.m.acknowledge(e.m.alerts()[0].id);
  e.m.on_message("tabula/club/x1/online", encode(make_presence(true, 1)), 200);
  EXPECT_EQ(e.m.alerts().size(), 2u);
}

TEST(HubModel, AnUnsignedOfflinePresenceIsRefused) {
  SignedEvent e;
  e.m.on_message("tabula/club/t1/online", SignedEvent::sealed(make_presence(true, 1), "tabula/club/t1/online", e.t1), 0);
  e.m.on_message("tabula/club/t1/online", encode(make_presence(false, 2)), 1);
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(true));
  // The board's own last will (signed when it connected) counts.
  e.m.on_message("tabula/club/t1/online", SignedEvent::sealed(make_presence(false, 0), "tabula/club/t1/online", e.t1), 2);
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(false));
  EXPECT_EQ(kinds(e.m), (std::vector<AlertKind>{AlertKind::kForged, AlertKind::kOffline}));
}

// Issue 28's leftover: the board's own signed "offline" (its last will, or
// its clean stop) captured and published again after the board came back
// online. Its sequence is older than the "online" taken since: refused,
// counted, alerted; the board stays online. The same "online" said again
// (a SyncRequest) is harmless; a newer will is believed.
TEST(HubModel, AReplayedSignedOfflinePresenceIsRefusedAsOlder) {
  SignedEvent e;
  const std::string topic = "tabula/club/t1/online";
  const std::string online1 = SignedEvent::sealed(make_presence(true, 1, 100), topic, e.t1);
  const std::string will1 = SignedEvent::sealed(make_presence(false, 0, 101), topic, e.t1);
  const std::string online2 = SignedEvent::sealed(make_presence(true, 5, 102), topic, e.t1);
  const std::string will2 = SignedEvent::sealed(make_presence(false, 0, 103), topic, e.t1);
  e.m.on_message(topic, online1, 0);
  e.m.on_message(topic, will1, 1);  // the link dropped: the broker's will
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(false));
  e.m.on_message(topic, online2, 2);  // back
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(true));
  e.m.on_message(topic, will1, 3);  // the attack: the captured will again
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(true)) << "a replayed offline shows the board offline";
  e.m.on_message(topic, online1, 3);  // an older online: refused too
  EXPECT_EQ(e.m.board("t1")->stale_presences, 2u);
  EXPECT_EQ(e.m.board("t1")->refused_signatures, 0u) << "the signatures are good: refused for the sequence";
  ASSERT_EQ(kinds(e.m), (std::vector<AlertKind>{AlertKind::kOffline, AlertKind::kForged}));
  EXPECT_NE(e.m.alerts().back().text.find("replayed presence"), std::string::npos) << e.m.alerts().back().text;
  e.m.on_message(topic, online2, 4);  // the board re-says online (SyncRequest)
  EXPECT_EQ(e.m.board("t1")->stale_presences, 2u);
  e.m.on_message(topic, will2, 5);  // the board really goes
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(false));
  e.m.on_message(topic, online2, 6);  // and the old online cannot bring it back
  EXPECT_EQ(e.m.board("t1")->online, std::optional<bool>(false));
}

TEST(HubModel, WithoutEnrolledKeysEveryPayloadIsBelievedAsRead) {
  // The open mode (docs/HUB.md "Board signatures"): no keys, no checks.
  HubModel m("club");
  EXPECT_FALSE(m.signatures_required());
  wire::BoardState forged = state(true);
  m.on_message("tabula/club/t1/state", encode(forged), 0);
  EXPECT_EQ(m.take_finished().size(), 1u);
  EXPECT_EQ(m.board("t1")->refused_signatures, 0u);
}

// Session 26: an action whose answer never comes (the board off, stopped,
// or crashed while its answer waited in memory) was never heard of again at
// the hub. After answer_wait_ms (30 s) it is an alert of this hub's; an answer
// after that closes it; an answer in time raises nothing.
wire::StreamItem reply(std::uint64_t seq, std::uint64_t action_id, bool accepted, const std::string& board = "t1") {
  wire::StreamItem it = item(seq, board);
  it.clear_move();
  it.mutable_reply()->set_action_id(action_id);
  it.mutable_reply()->set_accepted(accepted);
  it.mutable_reply()->set_text(accepted ? "pause" : "pause: not carried out: ...");
  return it;
}

TEST(HubModel, AnActionUnansweredForThirtySecondsIsAnAlertClosedByALateAnswer) {
  HubModel m("club");
  wire::Action pause;
  pause.set_board("t1");
  pause.set_kind(wire::ACTION_KIND_PAUSE);
  pause.set_id(7);
  m.action_sent(pause, 1000);
  wire::Action takeback = pause;
  takeback.set_kind(wire::ACTION_KIND_TAKEBACK);
  takeback.set_count(1);
  takeback.set_id(8);
  m.action_sent(takeback, 1000);
  EXPECT_EQ(m.awaited_actions(), 2u);
  // The takeback is answered in time: nothing to say.
  m.on_message("tabula/club/t1/stream", encode(reply(1, 8, true)), 5000);
  // Another board's answer naming the pause's id answers nothing.
  m.on_message("tabula/club/t2/stream", encode(reply(1, 7, true, "t2")), 6000);
  EXPECT_EQ(m.awaited_actions(), 1u);
  m.check_awaited_actions(1000 + 29999);
  EXPECT_TRUE(m.alerts().empty());
  m.check_awaited_actions(1000 + 30000);
  m.check_awaited_actions(1000 + 60000);  // once
  ASSERT_EQ(kinds(m), std::vector<AlertKind>{AlertKind::kActionUnanswered});
  const Alert& a = m.alerts().front();
  EXPECT_EQ(a.board, "t1");
  EXPECT_EQ(a.key, "");  // this hub's own: the other hubs sent nothing
  EXPECT_EQ(a.text,
            "board t1: pause: no answer in 30 s, so it is not known to be carried out (the board may be off, "
            "stopped, or have lost the answer in a crash; it takes an action at most 120 s after it was sent): "
            "look at the table");
  EXPECT_FALSE(a.acknowledged);
  EXPECT_EQ(m.open_alerts(), 1u);
  // The answer comes late (the board was restarted): the alert closes itself.
  m.on_message("tabula/club/t1/stream", encode(reply(2, 7, false)), 70000);
  EXPECT_EQ(m.awaited_actions(), 0u);
  EXPECT_EQ(m.open_alerts(), 1u);  // the refusal's own alert
  EXPECT_TRUE(m.alerts().front().acknowledged);
  EXPECT_EQ(m.alerts().front().cleared, "answered later: not carried out");
  EXPECT_EQ(m.alerts().back().kind, AlertKind::kActionRefused);
  EXPECT_STREQ(to_string(AlertKind::kActionUnanswered), "action unanswered");
  EXPECT_EQ(tone(AlertKind::kActionUnanswered), AlertTone::kAlarm);

  // A bounded wait list: the oldest let go.
  for (std::uint64_t id = 100; id < 100 + HubModel::kMaxAwaitedActions + 5; ++id) {
    pause.set_id(id);
    m.action_sent(pause, 80000);
  }
  EXPECT_EQ(m.awaited_actions(), HubModel::kMaxAwaitedActions);
}

// Session 27: the awaited actions lived in the hub's memory only; a hub
// restarted before the board answered raised no "action unanswered" and
// took the late answer for nothing. With keep_awaited() each change is
// queued for the tournament record, and a model started again from the
// record's rows (restore_awaited) awaits them as before: the alert at the
// first sending's time plus the wait, closed by the late answer, never
// raised again once acknowledged. Expected rows written out by hand.
TEST(HubModel, AwaitedActionsKeptInTheRecordOutliveARestart) {
  journal::testing::ScratchDir dir;
  TournamentRecord record;
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  auto kept = [&](const std::string& event, const std::string& hub) {
    std::vector<AwaitedAction> rows;
    EXPECT_TRUE(record.awaited_actions(event, hub, HubModel::kMaxAwaitedActions, rows).ok());
    std::vector<std::string> out;
    for (const AwaitedAction& a : rows) {
      out.push_back(std::to_string(a.id) + " " + a.board + " " + a.what + " " + std::to_string(a.sent_wall_ms) +
                    (a.acknowledged ? " acknowledged" : ""));
    }
    return out;
  };
  auto write = [&](HubModel& m, const std::string& hub = "hub-a") {
    ASSERT_TRUE(record.keep_awaited("club", hub, m.take_awaited_changes()).ok());
  };
  wire::Action pause;
  pause.set_board("t1");
  pause.set_kind(wire::ACTION_KIND_PAUSE);
  pause.set_id(7);
  wire::Action takeback = pause;
  takeback.set_kind(wire::ACTION_KIND_TAKEBACK);
  takeback.set_count(1);
  takeback.set_id(8);
  {
    HubModel before("club");
    before.action_sent(pause, 1000);
    EXPECT_TRUE(before.take_awaited_changes().empty()) << "nothing queued without keep_awaited()";
    before.keep_awaited();
    before.action_sent(pause, 1000);
    before.action_sent(takeback, 2000);
    write(before);
    EXPECT_EQ(kept("club", "hub-a"), (std::vector<std::string>{"7 t1 pause 1000", "8 t1 takeback 1 2000"}));
    before.on_message("tabula/club/t1/stream", encode(reply(1, 8, true)), 5000);  // answered in time
    write(before);
    // Another hub's and another event's awaited actions are theirs.
    HubModel other("club");
    other.keep_awaited();
    wire::Action draw = pause;
    draw.set_id(9);
    other.action_sent(draw, 3000);
    write(other, "hub-b");
  }  // the hub stops before the pause is answered
  EXPECT_EQ(kept("club", "hub-a"), std::vector<std::string>{"7 t1 pause 1000"});
  EXPECT_EQ(kept("club", "hub-b"), std::vector<std::string>{"9 t1 pause 3000"});
  EXPECT_TRUE(kept("other", "hub-a").empty());

  HubModel after("club");  // started again: what the record kept
  after.keep_awaited();
  std::vector<AwaitedAction> rows;
  ASSERT_TRUE(record.awaited_actions("club", "hub-a", HubModel::kMaxAwaitedActions, rows).ok());
  for (const AwaitedAction& a : rows) after.restore_awaited(a);
  EXPECT_EQ(after.awaited_actions(), 1u);
  EXPECT_TRUE(after.take_awaited_changes().empty()) << "a restored action is not written again";
  after.check_awaited_actions(1000 + 29999);
  EXPECT_TRUE(after.alerts().empty()) << "30 s from its first sending, not from the restart";
  after.check_awaited_actions(1000 + 30000);
  ASSERT_EQ(kinds(after), std::vector<AlertKind>{AlertKind::kActionUnanswered});
  EXPECT_EQ(after.alerts().front().text.rfind("board t1: pause: no answer in 30 s, so it is not known", 0), 0u);
  after.acknowledge(after.alerts().front().id);
  write(after);
  EXPECT_EQ(kept("club", "hub-a"), std::vector<std::string>{"7 t1 pause 1000 acknowledged"});

  HubModel third("club");  // acknowledged: awaited, not alerted again
  third.keep_awaited();
  ASSERT_TRUE(record.awaited_actions("club", "hub-a", HubModel::kMaxAwaitedActions, rows).ok());
  for (const AwaitedAction& a : rows) third.restore_awaited(a);
  third.check_awaited_actions(100000);
  EXPECT_TRUE(third.alerts().empty());
  // Another board naming the id answers nothing; the board's late answer is taken.
  third.on_message("tabula/club/t2/stream", encode(reply(1, 7, true, "t2")), 100500);
  EXPECT_EQ(third.awaited_actions(), 1u);
  third.on_message("tabula/club/t1/stream", encode(reply(1, 7, false)), 101000);
  EXPECT_EQ(third.awaited_actions(), 0u);
  write(third);
  EXPECT_TRUE(kept("club", "hub-a").empty());
  EXPECT_EQ(kept("club", "hub-b"), std::vector<std::string>{"9 t1 pause 3000"});

  // Bounded as in memory: the oldest let go, in the model and the record alike.
  HubModel many("club");
  many.keep_awaited();
  for (std::uint64_t id = 100; id < 100 + HubModel::kMaxAwaitedActions + 4; ++id) {
    pause.set_id(id);
    many.action_sent(pause, static_cast<std::int64_t>(id));
  }
  write(many);
  std::vector<std::string> bounded = kept("club", "hub-a");
  ASSERT_EQ(bounded.size(), HubModel::kMaxAwaitedActions);
  EXPECT_EQ(bounded.front(), "104 t1 pause 104");
  ASSERT_TRUE(record.awaited_actions("club", "hub-a", 10, rows).ok());
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows.front().id, 100 + HubModel::kMaxAwaitedActions + 4 - 10);
  EXPECT_EQ(kept("club", "hub-a").size(), 10u) << "the record keeps the bound it is read with";

  // A record of an older build (no awaited_actions table) is given it when opened.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, "DROP TABLE awaited_actions", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  record = TournamentRecord();
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  EXPECT_TRUE(kept("club", "hub-a").empty());
}

// Session 28: a hub started after a board went offline showed the board's
// "Stream (newest first)" empty: no board answers its resend. The record
// keeps each board's newest items of its newest game (at most kRecent); a
// restarted hub shows them until the board sends its stream again, and
// never for a newer game than theirs. Delivery does not read them.
TEST(HubModel, ABoardsStreamKeptInTheRecordIsShownUntilTheBoardSendsItAgain) {
  journal::testing::ScratchDir dir;
  TournamentRecord record;
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  auto write = [&](HubModel& m) {
    std::vector<std::pair<std::string, wire::StreamItem>> rows;
    for (AppliedItem& a : m.take_applied_items()) rows.emplace_back(a.board, std::move(a.item));
    ASSERT_TRUE(record.keep_stream("club", rows, HubModel::kRecent).ok());
  };
  auto read = [&](std::size_t& unread) {
    std::map<std::string, std::vector<wire::StreamItem>> kept;
    EXPECT_TRUE(record.kept_streams("club", HubModel::kRecent, HubModel::kMaxBoards, kept, unread).ok());
    return kept;
  };
  auto seqs = [](const auto& items) {
    std::vector<std::uint64_t> out;
    for (const wire::StreamItem& it : items) out.push_back(it.seq());
    return out;
  };
  std::vector<std::uint64_t> last_50;
  for (std::uint64_t s = 11; s <= 60; ++s) last_50.push_back(s);
  {
    HubModel before("club");
    stream(before, 1, 1000);
    EXPECT_TRUE(before.take_applied_items().empty()) << "nothing queued without keep_streams()";
    before.keep_streams();
    for (std::uint64_t s = 2; s <= 60; ++s) {
      stream(before, s, 1000);
      if (s % 7 == 0) write(before);  // the client writes in batches
    }
    wire::StreamItem t2 = ruling(1, "illegal-move", "illegal", "Nb1-b3 is no knight move");
    t2.set_board("t2");
    before.on_message("tabula/club/t2/stream", encode(t2), 1000);
    write(before);
  }
  std::size_t unread = 9;
  std::map<std::string, std::vector<wire::StreamItem>> kept = read(unread);
  EXPECT_EQ(unread, 0u);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(seqs(kept["t1"]), last_50) << "the newest 50 of 60";
  ASSERT_EQ(kept["t2"].size(), 1u);
  EXPECT_EQ(kept["t2"][0].ruling().text(), "Nb1-b3 is no knight move");

  // Started again: the board's retained state and its offline presence come,
  // no item (the board answers no resend).
  HubModel after("club");
  after.keep_streams();
  for (auto& [board, items] : kept) after.restore_stream(board, items);
  after.on_message("tabula/club/t1/state", encode(state()), 2000);
  after.on_message("tabula/club/t1/online", encode(make_presence(false, 0)), 2000);
  const BoardEntry* b = after.board("t1");
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->stream_from_record());
  EXPECT_TRUE(b->recent.empty());
  EXPECT_EQ(seqs(b->shown_stream()), last_50);
  EXPECT_EQ(b->applied_seq, 0u) << "delivery is as it was: the hub still asks the board from seq 1";
  EXPECT_TRUE(after.take_applied_items().empty()) << "what was restored is not written again";
  // The board comes back and sends its stream: what it sends is shown.
  stream(after, 1, 3000);
  EXPECT_FALSE(b->stream_from_record());
  EXPECT_EQ(seqs(b->shown_stream()), std::vector<std::uint64_t>{1});
  EXPECT_TRUE(b->kept.empty());

  // A board whose state is of a newer game than the kept items: not shown.
  HubModel newer("club");
  for (auto& [board, items] : kept) newer.restore_stream(board, items);
  wire::BoardState g2 = state();
  g2.set_game_id("g2");
  newer.on_message("tabula/club/t1/state", encode(g2), 2000);
  EXPECT_FALSE(newer.board("t1")->stream_from_record());
  EXPECT_TRUE(newer.board("t1")->shown_stream().empty());

  // A newer game's items replace the older game's in the record.
  {
    HubModel m("club");
    m.keep_streams();
    for (std::uint64_t s = 1; s <= 3; ++s) stream(m, s, 4000, "g2");
    write(m);
  }
  kept = read(unread);
  EXPECT_EQ(seqs(kept["t1"]), (std::vector<std::uint64_t>{1, 2, 3}));
  EXPECT_EQ(kept["t1"][0].game_id(), "g2");

  // Hostile rows (the record is a file): a row that is no item is left out
  // and counted; a kept text is shown safely, as a board's is.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db,
                           "INSERT INTO board_streams VALUES('club','t1','g2',4,'zz');"
                           "INSERT INTO board_streams VALUES('club','t1','g2',5,'0a03');",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  kept = read(unread);
  EXPECT_EQ(unread, 2u);
  EXPECT_EQ(seqs(kept["t1"]), (std::vector<std::uint64_t>{1, 2, 3}));
  wire::StreamItem bell = ruling(1, "illegal-move", "illegal", "a\x07<b>");
  bell.set_board("t3");
  HubModel shown("club");
  shown.restore_stream("t3", {bell});
  shown.on_message("tabula/club/t3/online", encode(make_presence(false, 0)), 5000);
  ASSERT_TRUE(shown.board("t3"));
  EXPECT_EQ(shown.board("t3")->shown_stream().at(0).ruling().text(), "a<U+0007><b>");

  // A record of an older build (no board_streams table) is given it when opened.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(dir.file("hub.db").c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, "DROP TABLE board_streams", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  record = TournamentRecord();
  ASSERT_TRUE(TournamentRecord::open(dir.file("hub.db"), record).ok());
  EXPECT_TRUE(read(unread).empty());
}

}  // namespace
}  // namespace tabula::hub

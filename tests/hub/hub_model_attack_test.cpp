// The hub's model under hostile MQTT payloads (session 11's attacker pass):
// a flood of garbage on a board's topic, a payload naming another board with
// hostile names, and payloads far larger than any Tabula publishes. What the
// hub shows (its alerts) stays bounded and printable; the boards' views are
// unchanged.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "hub/board_signature.h"
#include "hub/codec.h"
#include "hub/hub_model.h"
#include "wire_builders.h"

namespace tabula::hub {
namespace {

// The shared builders (wire_builders.h), under this file's names.
wire::BoardState t1_state() {
  wire::BoardState st = testing::bare_state();
  st.set_moves(3);
  return st;
}

wire::StreamItem t1_item(std::uint64_t seq) {
  wire::StreamItem it = testing::move_item(seq);
  it.clear_wall_ms();
  it.mutable_move()->clear_number();
  return it;
}

bool printable(const std::string& s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
  }
  return true;
}

std::size_t open_of(const HubModel& m, AlertKind k) {
  std::size_t n = 0;
  for (const Alert& a : m.alerts()) n += a.kind == k && !a.acknowledged ? 1 : 0;
  return n;
}

// Before: every garbage payload was an alert of its own (10,000 here), on the
// hub's screen one under another; an attacker on an enrolled board's topic
// buried the real alerts. Now one open alert per board counts them.
TEST(HubModelAttack, AGarbageFloodIsOneOpenAlertThatCountsIt) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  for (int i = 0; i < 10000; ++i) m.on_message("tabula/club/t1/stream", "garbage " + std::to_string(i), i);
  ASSERT_EQ(m.alerts().size(), 1u);
  EXPECT_EQ(m.alerts()[0].kind, AlertKind::kBadPayload);
  EXPECT_EQ(m.board("t1")->bad_payloads, 10000u);
  EXPECT_EQ(m.board("t1")->state->moves(), 3);
  // Once the arbiter has seen it, the next one is an alert again, with the count.
  m.acknowledge(m.alerts()[0].id);
  m.on_message("tabula/club/t1/state", "more garbage", 20000);
  ASSERT_EQ(m.alerts().size(), 2u);
  EXPECT_NE(m.alerts()[1].text.find("10001 bad payloads from this board so far"), std::string::npos)
      << m.alerts()[1].text;
  EXPECT_EQ(open_of(m, AlertKind::kBadPayload), 1u);
}

// A payload on t1's topic naming another board and event, with names of
// 64 KiB holding newlines and escapes: before, the alert quoted them whole.
TEST(HubModelAttack, APayloadNamingAnotherBoardIsQuotedShortAndPrintable) {
  HubModel m("club");
  wire::BoardState st = t1_state();
  st.set_board("t2\n[ALERT] board t3 resigned\x1b[2J" + std::string(64 << 10, 'x'));
  st.set_event(std::string("club\r\n", 6));
  m.on_message("tabula/club/t1/state", encode(st), 0);
  ASSERT_EQ(m.alerts().size(), 1u);
  const std::string& text = m.alerts()[0].text;
  EXPECT_LT(text.size(), 400u) << text.substr(0, 400);
  EXPECT_TRUE(printable(text)) << text.substr(0, 400);
  EXPECT_NE(text.find("not this topic's"), std::string::npos) << text.substr(0, 400);
  EXPECT_EQ(m.board("t2"), nullptr);
  EXPECT_FALSE(m.board("t1")->state.has_value());
}

// Nothing Tabula publishes is near a megabyte (a state with a long game's
// record and PGN is some kilobytes). Before, a well-formed 2 MiB item ahead
// of a hole was kept, and 256 of them per board: half a gigabyte held.
TEST(HubModelAttack, APayloadOverTheLimitIsRefusedUnread) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  wire::StreamItem big = t1_item(5);
  big.mutable_move()->set_text(std::string(2 << 20, 'e'));
  const std::string payload = encode(big);
  m.on_message("tabula/club/t1/stream", payload, 1);
  ASSERT_EQ(m.alerts().size(), 1u);
  EXPECT_NE(m.alerts()[0].text.find(std::to_string(payload.size()) + " bytes, more than the " +
                                    std::to_string(kMaxPayloadBytes) + " a payload takes; not read"),
            std::string::npos)
      << m.alerts()[0].text;
  EXPECT_TRUE(m.board("t1")->early.empty());
  EXPECT_EQ(m.board("t1")->head, 0u);
  // An item of ordinary size is still taken.
  m.on_message("tabula/club/t1/stream", encode(t1_item(1)), 2);
  EXPECT_EQ(m.board("t1")->applied_seq, 1u);
}

// Session 29, the attacker's pass: a state within the payload limit held
// any number of seats (30,000 named ones are 362 KB; 90,000 fit in 1 MiB).
// A finished one reached the tournament record, whose checks are pairwise
// (a player on two seats, Elo, the standings): 18 s to record it, 5 s at
// each standings read after. A state of more seats (or places) than a game
// has (core::kMaxSeats) is now a bad payload, and the board's view is
// unchanged.
TEST(HubModelAttack, AStateOfMoreSeatsThanAGameHasIsRefused) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  for (const int seats : {5, 30000}) {
    wire::BoardState st = t1_state();
    st.set_game_id("g2");
    st.set_over(true);
    for (int i = 0; i < seats; ++i) {
      wire::Seat* seat = st.add_seats();
      seat->set_player("p" + std::to_string(i));
      st.add_ranking(i);
    }
    m.on_message("tabula/club/t1/state", encode(st), seats);
    EXPECT_EQ(m.board("t1")->state->game_id(), "g1") << seats << " seats";
  }
  EXPECT_EQ(m.board("t1")->bad_payloads, 2u);
  EXPECT_TRUE(m.take_finished().empty()) << "a game of 30,000 seats would reach the record";
  ASSERT_FALSE(m.alerts().empty());
  EXPECT_NE(m.alerts()[0].text.find("a state of 5 seats and 5 places: a game has at most 4 seats; it is ignored"),
            std::string::npos)
      << m.alerts()[0].text;
  // Four seats, four places: taken.
  wire::BoardState four = t1_state();
  four.set_game_id("g3");
  for (int i = 0; i < 4; ++i) {
    four.add_seats()->set_player("p" + std::to_string(i));
    four.add_ranking(i);
  }
  m.on_message("tabula/club/t1/state", encode(four), 40000);
  EXPECT_EQ(m.board("t1")->state->game_id(), "g3");
}

// Session 29: a state's other texts were kept whole (names and the site
// were cut since s17 and s28): a state of 850 KB with 150 KB texts made the
// board's JSON on the web page 401 KB, held once per change inside the
// public delay (4,096 changes a board). The last move and the record's
// moves are now cut at 64 characters, the reason and the board's words at
// 400, as the items' texts are; a game id or position far longer than any
// board writes is refused.
TEST(HubModelAttack, AStatesTextsAreCutAndAnOverlongGameIdOrPositionIsRefused) {
  HubModel m("club");
  const std::string big(150000, 'x');
  wire::BoardState st = t1_state();
  st.set_last_move(big);
  st.add_record("e2-e4");
  st.add_record(big);
  st.set_result_reason(big);
  st.set_not_recording(big);
  st.set_takes_no_actions(big);
  m.on_message("tabula/club/t1/state", encode(st), 0);
  ASSERT_TRUE(m.board("t1")->state);
  const wire::BoardState& held = *m.board("t1")->state;
  EXPECT_EQ(held.last_move(), std::string(64, 'x') + "...");
  ASSERT_EQ(held.record_size(), 2);
  EXPECT_EQ(held.record(0), "e2-e4");
  EXPECT_EQ(held.record(1), std::string(64, 'x') + "...");
  for (const std::string& text : {held.result_reason(), held.not_recording(), held.takes_no_actions()})
    EXPECT_EQ(text, std::string(400, 'x') + "...");
  for (int which = 0; which < 3; ++which) {
    wire::BoardState bad = t1_state();
    bad.set_game_id("g9");
    if (which == 0) bad.set_game_id("g" + big.substr(0, 300));
    if (which == 1) bad.set_position(big.substr(0, 9000));
    if (which == 2) bad.set_start_position(big.substr(0, 9000));
    m.on_message("tabula/club/t1/state", encode(bad), 1 + which);
    EXPECT_EQ(m.board("t1")->state->game_id(), "g1") << which;
  }
  EXPECT_EQ(m.board("t1")->bad_payloads, 3u);
  std::string said;
  for (const Alert& a : m.alerts()) said += a.kind == AlertKind::kBadPayload ? a.text : "";
  EXPECT_NE(said.find("a state whose game id is 301 bytes and position 0 bytes: at most 256 and 8192; it is ignored"),
            std::string::npos)
      << said;
}

// A state or item without a game id (no board publishes one: the id is the
// journal's creation time and the board) started "a new game" at each
// message, so one item sent again was applied again, each time: not exactly
// once. It is now a bad payload, and the board's view is unchanged.
TEST(HubModelAttack, AnItemOrStateWithoutAGameIdIsRefused) {
  HubModel m("club");
  wire::StreamItem it = t1_item(1);
  it.set_game_id("");
  for (int i = 0; i < 3; ++i) m.on_message("tabula/club/t1/stream", encode(it), i);
  wire::BoardState st = t1_state();
  st.set_game_id("");
  m.on_message("tabula/club/t1/state", encode(st), 3);
  EXPECT_EQ(m.board("t1")->items, 0u);
  EXPECT_FALSE(m.board("t1")->state.has_value());
  EXPECT_EQ(m.board("t1")->bad_payloads, 4u);
  ASSERT_FALSE(m.alerts().empty());
  EXPECT_NE(m.alerts()[0].text.find("without a game id"), std::string::npos) << m.alerts()[0].text;
}

// Session 14: on an open broker (no board keys) every made-up board name
// became a board entry and an alert of its own: 20,000 names, 20,000 boards
// on the hub's screen and page, and memory without bound.
TEST(HubModelAttack, MadeUpBoardNamesPastTheBoundAreCountedNotFollowed) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  for (int i = 0; i < 20000; ++i) m.on_message("tabula/club/x" + std::to_string(i) + "/stream", "garbage", i);
  EXPECT_EQ(m.boards().size(), HubModel::kMaxBoards);
  EXPECT_EQ(m.past_bound_payloads(), 20000u - (HubModel::kMaxBoards - 1));
  EXPECT_LE(m.alerts().size(), HubModel::kMaxBoards + 1);
  EXPECT_NE(m.alerts().back().text.find("was not read: the hub follows at most 1000 boards"), std::string::npos)
      << m.alerts().back().text;
  // The boards it follows are followed as before.
  wire::BoardState st = t1_state();
  st.set_moves(4);
  m.on_message("tabula/club/t1/state", encode(st), 30000);
  EXPECT_EQ(m.board("t1")->state->moves(), 4);
  // An empty payload (a retained state cleared by hand) is no alert.
  const std::size_t alerts = m.alerts().size();
  m.acknowledge(m.alerts().back().id);
  m.on_message("tabula/club/y1/state", "", 30001);
  EXPECT_EQ(m.alerts().size(), alerts);
}

// Session 17: a board's own words reach the arbiter's alerts (an "illegal"
// ruling's text, a reply's, a seat's name, a game's result reason). Before,
// each item with an "illegal" ruling was an alert of its own holding the
// text whole and raw: 100 items of 60 KB with an escape and a right-to-left
// override gave 100 alerts of 60 KB each, shown as sent on the hall screen
// and the arbiter's page (items of a megabyte, before the 64 KiB bound on
// items: 10,000 of them were 10 GB).
TEST(HubModelAttack, ABoardsTextsInAlertsAreShownSafelyCutAndAtMostTwentyOpen) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  const std::string hostile = "\x1b[2J\xe2\x80\xae" + std::string(60000, 'x');
  for (std::uint64_t seq = 1; seq <= 100; ++seq) {
    wire::StreamItem it = t1_item(seq);
    it.clear_move();
    it.mutable_ruling()->set_severity("illegal");
    it.mutable_ruling()->set_text(hostile);
    m.on_message("tabula/club/t1/stream", encode(it), static_cast<std::int64_t>(seq));
  }
  EXPECT_EQ(m.board("t1")->applied_seq, 100u);  // every item is applied as before
  ASSERT_EQ(m.alerts().size(), HubModel::kMaxOpenAlertsPerBoard);
  for (const Alert& a : m.alerts()) {
    EXPECT_EQ(a.text.find('\x1b'), std::string::npos);
    EXPECT_EQ(a.text.find("\xe2\x80\xae"), std::string::npos);
    EXPECT_NE(a.text.find("<U+001B>[2J<U+202E>xxx"), std::string::npos) << a.text.substr(0, 200);
    EXPECT_LE(a.text.size(), 1000u);
    EXPECT_EQ(a.text.substr(a.text.size() - 3), "...");
  }
  const Alert& held = m.alerts().back();
  EXPECT_EQ(held.kind, AlertKind::kHeldBack);
  EXPECT_EQ(held.held_back, 81u);
  EXPECT_EQ(held.text.rfind("board t1: 81 more alerts while 19 of this board are open, not listed", 0), 0u)
      << held.text.substr(0, 200);
  EXPECT_NE(held.text.find("the last (illegal move): board t1: <U+001B>"), std::string::npos);
  // The arbiter acknowledges two listed ones and the held one: the next is
  // listed again, the one after is held again.
  m.acknowledge(m.alerts()[0].id);
  m.acknowledge(held.id);
  for (std::uint64_t seq = 101; seq <= 102; ++seq) {
    wire::StreamItem it = t1_item(seq);
    it.mutable_ruling()->set_severity("illegal");
    it.mutable_ruling()->set_text("Red's move a1-a9 is illegal");
    m.on_message("tabula/club/t1/stream", encode(it), 200);
  }
  ASSERT_EQ(m.alerts().size(), HubModel::kMaxOpenAlertsPerBoard + 2);
  EXPECT_EQ(m.alerts()[HubModel::kMaxOpenAlertsPerBoard].kind, AlertKind::kIllegalMove);
  EXPECT_EQ(m.alerts()[HubModel::kMaxOpenAlertsPerBoard].text, "board t1: Red's move a1-a9 is illegal");
  EXPECT_EQ(m.alerts().back().kind, AlertKind::kHeldBack);
  EXPECT_EQ(m.alerts().back().held_back, 1u);
  // Another board's alerts are its own: t2's first alert is listed.
  wire::BoardState st2 = t1_state();
  st2.set_board("t2");
  st2.add_seats()->set_name("Red\x1b]0;owned\x07");
  st2.mutable_seats(0)->set_status(wire::SEAT_STATUS_FLAGGED);
  m.on_message("tabula/club/t2/state", encode(st2), 300);
  ASSERT_EQ(m.alerts().back().kind, AlertKind::kFlag);
  EXPECT_EQ(m.alerts().back().text, "board t2: Red<U+001B>]0;owned<U+0007>'s flag fell");
}

// A move's record time of INT64_MIN: the latency (hub clock minus it)
// overflowed, undefined behaviour (UBSan in the sanitizer pass) and a sample
// of garbage. A record time more than a day from the hub's clock is no sample.
TEST(HubModelAttack, AMovesRecordTimeFarFromTheHubsClockIsNoLatencySample) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  wire::StreamItem first = t1_item(1);
  first.set_wall_ms(std::numeric_limits<std::int64_t>::min());
  m.on_message("tabula/club/t1/stream", encode(first), 1000);
  wire::StreamItem second = t1_item(2);
  second.set_wall_ms(1000 - 40);
  m.on_message("tabula/club/t1/stream", encode(second), 1000);
  EXPECT_EQ(m.board("t1")->applied_seq, 2u);
  EXPECT_EQ(m.move_latencies_ms(), std::vector<std::int64_t>{40});
}

// Session 17: the hub keeps up to 256 items per board ahead of a hole (and
// its last 50): items of a megabyte each (a ruling's text) held a quarter of
// a gigabyte per board, a thousand boards on an open broker 256 GB. A stream
// item is a move, a ruling or a reply, a few hundred bytes: over 64 KiB it is
// refused unread (a bad payload, counted), under it kept as before.
TEST(HubModelAttack, AStreamItemOverSixtyFourKiBIsRefusedUnread) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  wire::StreamItem big = t1_item(2);  // ahead of the hole at 1
  big.mutable_ruling()->set_text(std::string(70000, 'x'));
  const std::string payload = encode(big);
  m.on_message("tabula/club/t1/stream", payload, 1);
  EXPECT_EQ(m.board("t1")->early.size(), 0u);
  EXPECT_EQ(m.board("t1")->bad_payloads, 1u);
  ASSERT_EQ(m.alerts().size(), 1u);
  EXPECT_EQ(m.alerts()[0].text, "tabula/club/t1/stream: a stream item of " + std::to_string(payload.size()) +
                                    " bytes, more than the 65536 an item takes (a move, a ruling or a reply is a few "
                                    "hundred); not read");
  big.mutable_ruling()->set_text(std::string(60000, 'x'));
  m.on_message("tabula/club/t1/stream", encode(big), 2);
  EXPECT_EQ(m.board("t1")->early.size(), 1u);
}

// Session 17: a ruling's or a reply's text as the hall screen and the web
// page show it (the board's recent items). Before, a ruling "<U+202E>sniw boB"
// was kept as sent, and the page showed it reversed ("Bob wins"); an escape or
// a line break likewise. Now shown safely, at most 400 characters; the
// severity that raises alerts is read as before.
TEST(HubModelAttack, AnItemsTextsAreKeptShownSafely) {
  HubModel m("club");
  m.on_message("tabula/club/t1/state", encode(t1_state()), 0);
  wire::StreamItem ruling = t1_item(1);
  ruling.mutable_ruling()->set_severity("illegal");
  ruling.mutable_ruling()->set_text("\xe2\x80\xaesniw boB\n\x1b[2J" + std::string(1000, 'x'));
  m.on_message("tabula/club/t1/stream", encode(ruling), 1);
  wire::StreamItem reply = t1_item(2);
  reply.mutable_reply()->set_accepted(true);
  reply.mutable_reply()->set_text("paused\x1b]0;owned\x07");
  m.on_message("tabula/club/t1/stream", encode(reply), 2);
  wire::StreamItem move = t1_item(3);
  m.on_message("tabula/club/t1/stream", encode(move), 3);
  const BoardEntry* b = m.board("t1");
  ASSERT_EQ(b->recent.size(), 3u);
  EXPECT_EQ(b->recent[0].ruling().text(), "<U+202E>sniw boB<U+000A><U+001B>[2J" + std::string(386, 'x') + "...");
  EXPECT_EQ(b->recent[0].ruling().severity(), "illegal");
  EXPECT_EQ(b->recent[1].reply().text(), "paused<U+001B>]0;owned<U+0007>");
  EXPECT_EQ(b->recent[2].move().text(), "e2-e4");
  ASSERT_EQ(m.alerts().size(), 1u);
  EXPECT_EQ(m.alerts()[0].kind, AlertKind::kIllegalMove);
}

}  // namespace
}  // namespace tabula::hub

// Session 19: an alert acknowledged on one hub (the hall screen) is
// acknowledged on every hub of the event (the web page): by key, signed with
// the arbiter key, idempotent, kept when not raised yet, read back after a
// restart; forged, oversized, copied and unreadable sets refused and said.
#include <gtest/gtest.h>

#include <algorithm>

#include "hub/action_auth.h"
#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/topics.h"

namespace tabula::hub {
namespace {

ArbiterKey arbiter_key(char fill = 'k') {
  ArbiterKey k;
  k.secret = std::string(32, fill);
  return k;
}

// A payload of board `board`'s game (every one names them alike).
template <class Message>
Message of_game(const std::string& board) {
  Message m;
  m.set_version(wire::PAYLOAD_VERSION_CURRENT);
  m.set_event("club");
  m.set_board(board);
  m.set_game_id("1700 " + board);
  return m;
}

wire::StreamItem illegal(std::uint64_t seq, const std::string& board = "t1") {
  auto it = of_game<wire::StreamItem>(board);
  it.set_seq(seq);
  it.set_wall_ms(1000);
  it.mutable_ruling()->set_kind("illegal-move");
  it.mutable_ruling()->set_severity("illegal");
  it.mutable_ruling()->set_text("the knight cannot go to e5 (" + std::to_string(seq) + ")");
  return it;
}

wire::StreamItem move(std::uint64_t seq, const std::string& board = "t1") {
  wire::StreamItem it = illegal(seq, board);
  it.mutable_move()->set_text("e2-e4");
  return it;
}

wire::BoardState over(const std::string& board = "t1", std::uint64_t through = 2) {
  auto st = of_game<wire::BoardState>(board);
  st.set_through_seq(through);
  st.set_tracker(wire::TRACKER_STATE_IN_SYNC);
  st.set_over(true);
  st.set_result_reason("checkmate");
  return st;
}

// What both hubs read of board t1: an illegal move (item 1), a move (2), the
// game over.
void feed(HubModel& m) {
  m.on_message("tabula/club/t1/stream", encode(illegal(1)), 10);
  m.on_message("tabula/club/t1/stream", encode(move(2)), 10);
  m.on_message("tabula/club/t1/state", encode(over()), 10);
}

const Alert* find_kind(const HubModel& m, AlertKind k) {
  for (const Alert& a : m.alerts()) {
    if (a.kind == k) return &a;
  }
  return nullptr;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

struct Hubs {
  HubModel screen{"club"};
  HubModel web{"club"};
  Hubs() {
    screen.share_acknowledgements("tabula-hub-club", arbiter_key());
    web.share_acknowledgements("tabula-web-club", arbiter_key());
  }
};

TEST(SharedAlertAcks, TheTopicIsAHubsOwnAndNoBoardTopic) {
  EXPECT_EQ(alert_acks_topic("club", "tabula-hub-club"), "tabula/club/hub/tabula-hub-club/alert-acks");
  EXPECT_EQ(alert_acks_filter("club"), "tabula/club/hub/+/alert-acks");
  std::optional<AlertAcksTopic> t = parse_alert_acks_topic("tabula/club/hub/tabula-web-club/alert-acks");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->event, "club");
  EXPECT_EQ(t->hub, "tabula-web-club");
  EXPECT_FALSE(parse_topic("tabula/club/hub/tabula-web-club/alert-acks"));  // never a board's
  EXPECT_FALSE(parse_alert_acks_topic("tabula/club/hub/state"));
  EXPECT_FALSE(parse_alert_acks_topic("tabula/club/t1/alert-acks"));
  EXPECT_FALSE(parse_alert_acks_topic("tabula/club/hub/a+b/alert-acks"));
  EXPECT_FALSE(parse_alert_acks_topic("tabula/club/hub/a/b/alert-acks"));
  EXPECT_FALSE(parse_alert_acks_topic("tabula/club/hub//alert-acks"));
  EXPECT_FALSE(parse_alert_acks_topic("other/club/hub/h/alert-acks"));
}

TEST(SharedAlertAcks, AnAlertAcknowledgedOnOneHubIsAcknowledgedOnTheOtherByItsKeyNotItsNumber) {
  Hubs h;
  // The web page's hub saw a bad payload first: its alert numbers differ.
  h.web.on_message("tabula/club/t9/state", "garbage", 5);
  feed(h.screen);
  feed(h.web);
  const Alert* on_screen = find_kind(h.screen, AlertKind::kIllegalMove);
  const Alert* on_web = find_kind(h.web, AlertKind::kIllegalMove);
  ASSERT_TRUE(on_screen && on_web);
  EXPECT_NE(on_screen->id, on_web->id);
  EXPECT_EQ(on_screen->key, "t1/1700 t1/item/1");
  EXPECT_EQ(on_web->key, on_screen->key);
  EXPECT_EQ(find_kind(h.web, AlertKind::kFinished)->key, "t1/1700 t1/finished");
  EXPECT_EQ(find_kind(h.web, AlertKind::kBadPayload)->key, "");  // this hub's own
  EXPECT_EQ(h.web.open_alerts(), 3u);

  EXPECT_FALSE(h.screen.take_shared_acks(20));  // nothing acknowledged yet
  h.screen.acknowledge(on_screen->id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);
  EXPECT_EQ(shared->first, "tabula/club/hub/tabula-hub-club/alert-acks");
  EXPECT_FALSE(h.screen.take_shared_acks(21));  // once per change

  h.web.on_message(shared->first, shared->second, 30);
  EXPECT_TRUE(on_web->acknowledged);
  EXPECT_EQ(on_web->acknowledged_by, "tabula-hub-club");
  EXPECT_EQ(h.web.open_alerts(), 2u);  // the game over and the bad payload stay open
  EXPECT_FALSE(find_kind(h.web, AlertKind::kFinished)->acknowledged);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: hub tabula-hub-club acknowledged 1 alert open here (#2)\n");
  // Applying someone else's acknowledgement is not this hub's own: it does
  // not publish it again (no echo between hubs).
  EXPECT_FALSE(h.web.take_shared_acks(31));

  // Replayed (the broker's redelivery, an attacker's copy): nothing changes, nothing said.
  h.web.on_message(shared->first, shared->second, 40);
  EXPECT_EQ(h.web.open_alerts(), 2u);
  EXPECT_TRUE(h.web.take_log().empty());

  // The other way: the page acknowledges the game over; the hall screen follows.
  h.web.acknowledge(find_kind(h.web, AlertKind::kFinished)->id);
  auto back = h.web.take_shared_acks(50);
  ASSERT_TRUE(back);
  h.screen.on_message(back->first, back->second, 60);
  EXPECT_EQ(h.screen.open_alerts(), 0u);
  EXPECT_EQ(find_kind(h.screen, AlertKind::kFinished)->acknowledged_by, "tabula-web-club");
  EXPECT_EQ(find_kind(h.screen, AlertKind::kIllegalMove)->acknowledged_by, "");
}

TEST(SharedAlertAcks, AnAlertNotRaisedYetIsKeptAndComesUpAcknowledged) {
  Hubs h;
  feed(h.screen);
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kIllegalMove)->id);
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kFinished)->id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);
  // The web page's hub has not read board t1 yet.
  h.web.on_message(shared->first, shared->second, 30);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: hub tabula-hub-club acknowledged 2 alerts this hub has "
            "not raised (yet), kept to come up acknowledged (t1/1700 t1/item/1, ...)\n");
  feed(h.web);
  ASSERT_EQ(h.web.alerts().size(), 2u);
  EXPECT_EQ(h.web.open_alerts(), 0u);
  for (const Alert& a : h.web.alerts()) EXPECT_EQ(a.acknowledged_by, "tabula-hub-club") << a.text;
  // Another alert of the same board (item 3) is new: open.
  h.web.on_message("tabula/club/t1/stream", encode(illegal(3)), 40);
  EXPECT_EQ(h.web.open_alerts(), 1u);
}

TEST(SharedAlertAcks, AHubThatRestartsReadsItsOwnAndTheOthersBackAndPublishesTheUnion) {
  Hubs h;
  feed(h.screen);
  feed(h.web);
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kIllegalMove)->id);
  auto screen_set = h.screen.take_shared_acks(20);
  h.web.acknowledge(find_kind(h.web, AlertKind::kFinished)->id);
  auto web_set = h.web.take_shared_acks(20);
  ASSERT_TRUE(screen_set && web_set);

  // The hall screen restarts: an empty model, the broker's retained sets
  // (its own and the page's) arrive with its subscription, then the boards'
  // streams again from seq 1.
  HubModel restarted("club");
  restarted.share_acknowledgements("tabula-hub-club", arbiter_key());
  restarted.on_message(screen_set->first, screen_set->second, 100);
  EXPECT_EQ(joined(restarted.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: this hub's own set, as the broker kept it, acknowledged 1 "
            "alert this hub has not raised (yet), kept to come up acknowledged (t1/1700 t1/item/1)\n");
  restarted.on_message(web_set->first, web_set->second, 100);
  EXPECT_FALSE(restarted.take_shared_acks(100));  // its own set is the broker's already
  feed(restarted);
  EXPECT_EQ(restarted.open_alerts(), 0u);
  EXPECT_EQ(find_kind(restarted, AlertKind::kIllegalMove)->acknowledged_by, "");
  EXPECT_EQ(find_kind(restarted, AlertKind::kFinished)->acknowledged_by, "tabula-web-club");

  // Its next acknowledgement publishes what it had before the restart too.
  restarted.on_message("tabula/club/t1/stream", encode(illegal(3)), 110);
  restarted.acknowledge(restarted.alerts().back().id);
  auto next = restarted.take_shared_acks(120);
  ASSERT_TRUE(next);
  std::string error;
  const ArbiterKey k = arbiter_key();
  std::optional<wire::AlertAcks> read = check_alert_acks(next->second, next->first, &k, error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(std::vector<std::string>(read->keys().begin(), read->keys().end()),
            (std::vector<std::string>{"t1/1700 t1/item/1", "t1/1700 t1/item/3"}));

  // Acknowledged here before its own retained set came back: the union goes out.
  HubModel early("club");
  early.share_acknowledgements("tabula-hub-club", arbiter_key());
  early.on_message("tabula/club/t2/stream", encode(illegal(1, "t2")), 100);
  early.acknowledge(early.alerts().back().id);
  ASSERT_TRUE(early.take_shared_acks(100));  // {t2's} over the broker's {t1's}: not the last word
  early.on_message(screen_set->first, screen_set->second, 101);
  auto healed = early.take_shared_acks(102);
  ASSERT_TRUE(healed);
  read = check_alert_acks(healed->second, healed->first, &k, error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(std::vector<std::string>(read->keys().begin(), read->keys().end()),
            (std::vector<std::string>{"t1/1700 t1/item/1", "t2/1700 t2/item/1"}));  // the broker's older one first
}

TEST(SharedAlertAcks, ForgedCopiedOversizedAndUnreadableSetsAreRefusedAndSaid) {
  Hubs h;
  feed(h.screen);
  feed(h.web);
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kIllegalMove)->id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);

  // Signed with another key (a player who guessed the format, not the key).
  HubModel forger("club");
  forger.share_acknowledgements("tabula-hub-club", arbiter_key('x'));
  feed(forger);
  forger.acknowledge(find_kind(forger, AlertKind::kFinished)->id);
  forger.acknowledge(find_kind(forger, AlertKind::kIllegalMove)->id);
  auto forged = forger.take_shared_acks(20);
  ASSERT_TRUE(forged);
  h.web.on_message(forged->first, forged->second, 1000);
  EXPECT_EQ(h.web.open_alerts(), 2u);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: not signed with this hub's arbiter key for this "
            "topic (key \"arbiter\"); nothing acknowledged\n");
  // A flood of them: counted, one line per 10 s.
  for (int i = 0; i < 500; ++i) h.web.on_message(forged->first, forged->second, 2000 + i);
  EXPECT_TRUE(h.web.take_log().empty());
  h.web.on_message(forged->first, forged->second, 11000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: not signed with this hub's arbiter key for this "
            "topic (key \"arbiter\"); nothing acknowledged (500 more refused on this topic since the last line)\n");
  EXPECT_EQ(h.web.refused_alert_acks(), 502u);

  // The screen's genuine set copied onto another hub's topic: the signature
  // covers the topic.
  const std::string copied = alert_acks_topic("club", "tabula-spare-club");
  h.web.on_message(copied, shared->second, 20000);
  EXPECT_EQ(h.web.open_alerts(), 2u);
  EXPECT_NE(joined(h.web.take_log()).find("refused: not signed with this hub's arbiter key for this topic"),
            std::string::npos);
  // ...or onto another event's, read by that event's hub.
  HubModel other("other");
  other.share_acknowledgements("tabula-web-other", arbiter_key());
  other.on_message(alert_acks_topic("other", "tabula-hub-club"), shared->second, 20000);
  EXPECT_EQ(other.refused_alert_acks(), 1u);
  // ...and a hub ignores another event's topic.
  h.web.on_message(alert_acks_topic("other", "tabula-hub-club"), shared->second, 20000);
  EXPECT_EQ(h.web.refused_alert_acks(), 503u);

  // Oversized: refused unread.
  h.web.on_message(shared->first, std::string(kMaxAlertAcksBytes + 1, 'a'), 30000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused unread: 524289 bytes, more than the 524288 a set of "
            "acknowledged alerts takes; nothing acknowledged\n");
  // Not a set at all, and another version.
  h.web.on_message(shared->first, "\xff\xff\xff", 40000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: the payload is not a SignedAlertAcks; nothing "
            "acknowledged\n");
  wire::SignedAlertAcks v7;
  v7.ParseFromString(shared->second);
  v7.set_version(7);
  h.web.on_message(shared->first, v7.SerializeAsString(), 50000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: payload version 7, this build reads version 1; "
            "nothing acknowledged\n");
  EXPECT_EQ(h.web.open_alerts(), 2u);

  // A genuine set naming another hub inside than its topic, and one of too many keys.
  const ArbiterKey k = arbiter_key();
  wire::AlertAcks a;
  a.set_version(wire::PAYLOAD_VERSION_CURRENT);
  a.set_event("club");
  a.set_hub("tabula-web-club");
  a.add_keys("t1/1700 t1/item/1");
  h.web.on_message(shared->first, sign_alert_acks(a, shared->first, k), 60000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: the set is of hub \"tabula-web-club\" of event "
            "\"club\" (version 1), not this topic's; nothing acknowledged\n");
  a.set_hub("tabula-hub-club");
  for (std::size_t i = 0; i < kMaxSharedAlertKeys; ++i) a.add_keys("t1/1700 t1/item/" + std::to_string(i + 10));
  h.web.on_message(shared->first, sign_alert_acks(a, shared->first, k), 70000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: refused: 4097 acknowledged alerts, at most 4096 are "
            "shared; nothing acknowledged\n");
  EXPECT_EQ(h.web.open_alerts(), 2u);

  // Keys of a hostile length in a genuine set: skipped, the others applied.
  wire::AlertAcks odd;
  odd.set_version(wire::PAYLOAD_VERSION_CURRENT);
  odd.set_event("club");
  odd.set_hub("tabula-hub-club");
  odd.add_keys(std::string(5000, 'k'));
  odd.add_keys("");
  odd.add_keys("t1/1700 t1/item/1");
  h.web.on_message(shared->first, sign_alert_acks(odd, shared->first, k), 80000);
  EXPECT_EQ(joined(h.web.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: hub tabula-hub-club acknowledged 1 alert open here (#1); "
            "2 key(s) empty or over 256 bytes skipped\n");
  EXPECT_EQ(h.web.open_alerts(), 1u);
}

TEST(SharedAlertAcks, AHubWithoutTheArbiterKeyNeitherSharesNorBelieves) {
  Hubs h;
  HubModel keyless("club");
  keyless.share_acknowledgements("tabula-spare-club", std::nullopt);
  feed(h.screen);
  feed(keyless);
  keyless.acknowledge(find_kind(keyless, AlertKind::kFinished)->id);
  EXPECT_FALSE(keyless.take_shared_acks(10));
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kIllegalMove)->id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);
  keyless.on_message(shared->first, shared->second, 30);
  EXPECT_FALSE(find_kind(keyless, AlertKind::kIllegalMove)->acknowledged);
  EXPECT_EQ(joined(keyless.take_log()),
            "tabula/club/hub/tabula-hub-club/alert-acks: not applied: this hub has no arbiter key (--arbiter-key "
            "FILE), so it cannot check hub tabula-hub-club's acknowledgements\n");
}

TEST(SharedAlertAcks, ASignedSetNeverPassesAsAnAction) {
  // The same key signs actions: a set published on a board's action topic
  // must not be read as one (the HMAC is over a domain and the topic).
  Hubs h;
  feed(h.screen);
  h.screen.acknowledge(find_kind(h.screen, AlertKind::kIllegalMove)->id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);
  wire::SignedAlertAcks s;
  ASSERT_TRUE(s.ParseFromString(shared->second));
  wire::SignedAction as_action;
  as_action.set_version(wire::PAYLOAD_VERSION_CURRENT);
  as_action.set_action(s.acks());
  as_action.set_hmac_sha256(s.hmac_sha256());
  ActionGate gate("club", "t1", arbiter_key());
  ActionGate::Verdict v = gate.check(as_action.SerializeAsString(), 20);
  EXPECT_FALSE(v.action);
  EXPECT_EQ(v.error, "refused an action: its signature is not the arbiter's (key \"\")");
}

TEST(SharedAlertAcks, TheOtherSharedAlertsAreKeyedByWhatTheBoardSent) {
  Hubs h;
  // Offline by the presence's sequence; a flag and out of sync by the state.
  for (HubModel* m : {&h.screen, &h.web}) {
    m->on_message("tabula/club/t1/online", encode(make_presence(true, 5, 41)), 10);
    m->on_message("tabula/club/t1/online", encode(make_presence(false, 6, 42)), 10);
    wire::BoardState st = over();
    st.set_over(false);
    st.set_phase(wire::PHASE_PLAY);
    st.set_tracker(wire::TRACKER_STATE_OUT_OF_SYNC);
    st.add_seats()->set_name("White");
    st.add_seats()->set_status(wire::SEAT_STATUS_FLAGGED);
    m->on_message("tabula/club/t1/state", encode(st), 10);
  }
  std::vector<std::string> keys;
  for (const Alert& a : h.screen.alerts()) keys.push_back(a.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"t1/offline/s42", "t1/1700 t1/out-of-sync/2", "t1/1700 t1/flag/1"}));
  for (const Alert& a : h.screen.alerts()) h.screen.acknowledge(a.id);
  auto shared = h.screen.take_shared_acks(20);
  ASSERT_TRUE(shared);
  h.web.on_message(shared->first, shared->second, 30);
  EXPECT_EQ(h.web.open_alerts(), 0u);
}

// Session 20: the hall screen's hub sees board t1 go out of sync (state
// through 2) and the arbiter acknowledges it there; the web page's hub,
// started later, first sees the board at a later state of the same spell
// (through 5: a warning and a refused action's reply came since). It named
// the alert "out-of-sync/5", so the shared acknowledgement ("/2") did not
// match and the alert stayed open there. Both now name it by the spell's
// first state, which the board carries in every state of the spell.
TEST(SharedAlertAcks, AnOutOfSyncSpellIsNamedAlikeByAHubThatStartedDuringIt) {
  auto out = [](std::uint64_t through, std::uint64_t since) {
    wire::BoardState st = over();
    st.set_over(false);
    st.set_phase(wire::PHASE_PLAY);
    st.set_through_seq(through);
    st.set_tracker(wire::TRACKER_STATE_OUT_OF_SYNC);
    st.set_out_of_sync_since_seq(since);
    return st;
  };
  HubModel screen{"club"};
  screen.share_acknowledgements("tabula-hub-club", arbiter_key());
  screen.on_message("tabula/club/t1/state", encode(out(2, 2)), 10);
  screen.on_message("tabula/club/t1/state", encode(out(5, 2)), 20);
  ASSERT_EQ(screen.alerts().size(), 1u) << "one spell, one alert";
  EXPECT_EQ(screen.alerts()[0].key, "t1/1700 t1/out-of-sync/2");
  screen.acknowledge(screen.alerts()[0].id);
  auto shared = screen.take_shared_acks(30);
  ASSERT_TRUE(shared);

  HubModel late{"club"};  // started after the spell began: the retained state is the later one
  late.share_acknowledgements("tabula-web-club", arbiter_key());
  late.on_message(shared->first, shared->second, 40);
  late.on_message("tabula/club/t1/state", encode(out(5, 2)), 50);
  ASSERT_EQ(late.alerts().size(), 1u);
  EXPECT_EQ(late.alerts()[0].key, "t1/1700 t1/out-of-sync/2");
  EXPECT_TRUE(late.alerts()[0].acknowledged) << "acknowledged on the hall screen's hub";
  EXPECT_EQ(late.alerts()[0].acknowledged_by, "tabula-hub-club");
  EXPECT_EQ(late.open_alerts(), 0u);

  // A board of before session 20 (no field), and a field that cannot be
  // (after its own state): named by the state at hand, as before.
  HubModel old_board{"club"};
  old_board.on_message("tabula/club/t1/state", encode(out(5, 0)), 10);
  EXPECT_EQ(old_board.alerts().at(0).key, "t1/1700 t1/out-of-sync/5");
  HubModel bad_field{"club"};
  bad_field.on_message("tabula/club/t1/state", encode(out(5, 9)), 10);
  EXPECT_EQ(bad_field.alerts().at(0).key, "t1/1700 t1/out-of-sync/5");
}

// The board's side: the spell's first through_seq, carried while the
// tracker stays out of sync, new after it was back in sync or in another game.
TEST(SharedAlertAcks, TheBoardCarriesTheSpellsFirstStateWhileItStaysOutOfSync) {
  auto state = [](std::uint64_t through, wire::TrackerState t, const std::string& game = "1700 t1") {
    wire::BoardState st = over();
    st.set_game_id(game);
    st.set_through_seq(through);
    st.set_tracker(t);
    return st;
  };
  wire::BoardState a = state(2, wire::TRACKER_STATE_OUT_OF_SYNC);
  carry_out_of_sync(nullptr, a);
  EXPECT_EQ(a.out_of_sync_since_seq(), 2u);
  wire::BoardState b = state(5, wire::TRACKER_STATE_OUT_OF_SYNC);
  carry_out_of_sync(&a, b);
  EXPECT_EQ(b.out_of_sync_since_seq(), 2u);
  wire::BoardState c = state(6, wire::TRACKER_STATE_IN_SYNC);
  c.set_out_of_sync_since_seq(2);
  carry_out_of_sync(&b, c);
  EXPECT_EQ(c.out_of_sync_since_seq(), 0u);
  wire::BoardState d = state(7, wire::TRACKER_STATE_OUT_OF_SYNC);
  carry_out_of_sync(&c, d);
  EXPECT_EQ(d.out_of_sync_since_seq(), 7u) << "a new spell";
  wire::BoardState e = state(1, wire::TRACKER_STATE_OUT_OF_SYNC, "1800 t1");
  carry_out_of_sync(&d, e);
  EXPECT_EQ(e.out_of_sync_since_seq(), 1u) << "another game";
  wire::BoardState f = state(0, wire::TRACKER_STATE_OUT_OF_SYNC, "1900 t1");
  carry_out_of_sync(nullptr, f);
  EXPECT_EQ(f.out_of_sync_since_seq(), 1u) << "never 0 while out of sync (0 says: no field)";
}

}  // namespace
}  // namespace tabula::hub

// hub_model.h — the arbiter's view of an event: every board's latest state,
// its stream applied exactly once and in order, the alerts that need the
// arbiter, and what this hub owes each board: acknowledgements and requests
// for what it lacks (issue 19).
//
// Section index: AlertKind, Alert, DeliveryTiming, BoardEntry, FinishedGame,
// HubModel.
//
// Messages and the hub's wall clock in; acknowledgements out (due_acks()).
// Pure: no I/O, no clock, no MQTT, so every rule below is unit-tested.
//
// Exactly once, in order, nothing missing: a board's stream items carry seq
// 1, 2, 3... per game (a new journal starts again at 1; game ids order by
// the journal's creation time, so the newest game is the board's current
// one). The model applies item applied_seq + 1 and nothing else; an item
// further on waits in a bounded buffer (DeliveryTiming::early_max, beyond
// that it is dropped and comes again), anything at or below applied_seq is a
// duplicate and dropped. The head, the last seq known to exist, comes from
// the state's through_seq and from items seen ahead. Per board:
//
//   applied == head            --> in step: an ack when applied moved (at most
//                                  every ack_every_ms), a keepalive every keepalive_ms
//   applied <  head, progress  --> waiting (items on their way)
//   applied <  head, no progress for grace_ms
//                              --> an ack with resend = true (the board sends
//                                  again from applied + 1); repeated after 1, 2, 4 s
//   no progress for give_up_ms with items waiting ahead
//                              --> the hole is skipped and named (kGap): a
//                                  board that does not answer (an older build)
//
// A hub that starts late asks every board for its stream from seq 1. A
// state older than the one held (a stale retained copy from a broker's
// snapshot) is ignored.
//
// Alerts (raised once per cause, kept until acknowledged):
//   kIllegalMove  a ruling with severity "illegal" (a dispute at the table)
//   kOutOfSync    the state's tracker turned OUT_OF_SYNC in play (not while set up,
//                 put back or cleared: its phase), or an out-of-sync ruling
//   kFlag         a "timeout" ruling or a seat's status turned FLAGGED
//   kFinished     the state turned over (the game goes to the tournament record)
//   kOffline      the board's presence turned offline (last will or goodbye)
//   kActionRefused a board refused an arbiter action (the reply says why)
//   kGap          stream items that did not come though asked for (give_up_ms)
//   kBadPayload   a payload refused by the decoder (the text says why; over
//                 codec.h's kMaxPayloadBytes it is not read); counted per
//                 board (bad_payloads), one open alert per board at a time
//   kForged       a payload refused by the signature check (issue 28 item 1):
//                 unsigned, signed by another key than the board's, or of a
//                 board not enrolled; counted per board, raised again only
//                 after the last one was acknowledged
//   kHeldBack     a board with kMaxOpenAlertsPerBoard - 1 alerts open: the
//                 ones after are counted in this one (with the last one's
//                 text), not listed, until it is acknowledged (session 17)
//   kNotRecording the state's not_recording turned non-empty: the board's
//                 journal cannot be written (session 21; once per spell, not
//                 per state; also said in take_log())
//   kRecordsAgain the state's not_recording turned empty again (the board, or
//                 its next game, journals again; also said in take_log())
//   kTwoSeats     a state names one player on two seats: the tournament
//                 record will refuse the game (tournament.h; once per game)
//   kRecordFailed the hub's tournament record could not take a finished game
//                 (record_failed(), from the hub client: a write error); once per
//                 game, closed by itself when the game is recorded (session 22)
//   kActionUnanswered an action this hub sent had no answer from its board
//                 within answer_wait_ms (session 26: the board off, stopped,
//                 or crashed while its answer waited in memory); this hub's
//                 own (no key); closed by itself when the answer comes
//
// Tone (session 22): every kind is bad news for the arbiter but kRecordsAgain,
// an all-clear; the hall screen and the arbiter's page draw it calm, not in
// the alarms' red (tone()).
//
// Records tried again (session 22): a finished game the record could not take
// waits here (at most kMaxWaitingRecords, oldest first) and is tried again,
// every waiting game in one go, since the record is one file: due_records()
// gives them when the back-off is over (1, 2, 4 ... 60 s after the last
// failure) or at once after any game was recorded (the record takes writes
// again). recorded() closes the game's alert (Alert::cleared says so) and
// says it in take_log(). The record keeps each game once (by event and game
// id), so a game recorded and then tried again is not recorded twice.
//
// Every alert's text is shown safely and cut (core::shown_text, at most
// kMaxAlertChars characters): it quotes what boards send (ruling and reply
// texts, seat names, result reasons).
//
// Signatures (board_signature.h): with board keys enrolled (require_signatures)
// every state, stream item and presence must carry its board's signature
// for its topic, else it is refused before it touches the board's view.
// Without keys (the default, an open mode) payloads are believed as read,
// as they were before issue 28: signatures_required() says which.
//
// Open mode, bounded (session 14): at most kMaxBoards boards get an entry;
// a payload on a board name past them (names an attacker makes up on an
// open broker: each made an entry and an alert, without bound) is counted
// (unknown_payloads) under one alert at a time, like a board not enrolled.
//
// Acknowledged once, on any hub (session 19): an alert raised from what a
// board sent has a key every hub derives alike (Alert::key: the board, its
// game and stream seq, or its state's transition, or its presence's
// sequence). With share_acknowledgements() the model publishes the keys
// acknowledged here (take_shared_acks(): retained, signed with the arbiter
// key, action_auth.h) and applies the other hubs' (on_message on
// alert_acks_topic): idempotent by key; a key not raised here (yet) is kept
// (at most kMaxKeptAlertKeys) and its alert comes up acknowledged, e.g. the
// alerts of a stream replayed after this hub restarted. Alerts of what this
// hub alone saw (bad or forged payloads, items lost at this hub, alerts held
// back) have no key and are acknowledged on this hub only. What it did, and
// each refusal, is said in take_log().
//
// Not thread-safe: the hub client guards it with its own lock.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "hub/action_auth.h"
#include "hub/awaited_action.h"
#include "hub/board_signature.h"
#include "hub/kept_alert.h"
#include "tabula_proto/hub.pb.h"

namespace tabula::hub {

enum class AlertKind {
  kIllegalMove, kOutOfSync, kFlag, kFinished, kOffline, kActionRefused, kGap, kBadPayload, kForged, kHeldBack,
  kNotRecording, kRecordsAgain, kTwoSeats, kRecordFailed, kActionUnanswered
};
const char* to_string(AlertKind k);
// Session 22: how an alert is drawn. kAllClear is news that a trouble ended
// (kRecordsAgain): a calm colour of its own, never the alarms' red.
enum class AlertTone { kAlarm, kAllClear };
AlertTone tone(AlertKind k);
const char* to_string(AlertTone t);  // "alarm", "all-clear" (the web page's CSS class)

struct Alert {
  std::uint64_t id = 0;  // 1, 2, 3... in the order raised
  AlertKind kind = AlertKind::kBadPayload;
  std::string board;
  std::string text;
  std::int64_t wall_ms = 0;  // the hub's clock when raised
  bool acknowledged = false;
  std::uint64_t held_back = 0;  // kHeldBack: how many alerts it stands for
  // Session 19: the alert's name on every hub ("t1/<game>/item/12"; "" when it
  // is this hub's own, below), and the hub whose acknowledgement closed it
  // ("" this one).
  std::string key;
  std::string acknowledged_by;
  // Session 22: closed by itself, not by the arbiter, and how ("recorded at
  // attempt 3"): acknowledged is true too. "" otherwise.
  std::string cleared;
  // Session 29: raised before this hub (re)started and kept in the
  // tournament record (HubModel::restore_alerts); wall_ms is when it was
  // first raised.
  bool from_record = false;
};
// Session 29: the kind an alert's words name (to_string(AlertKind)), for
// what the tournament record kept; nullopt for words no kind has.
std::optional<AlertKind> alert_kind_of(std::string_view words);

// How the hub paces its acknowledgements and requests (milliseconds of the
// hub's clock).
struct DeliveryTiming {
  std::int64_t ack_every_ms = 1000;    // a progress ack at most this often per board
  std::int64_t keepalive_ms = 5000;    // an ack at least this often (the board waits for live hubs)
  std::int64_t grace_ms = 1000;        // behind this long without progress: ask again
  std::int64_t backoff_max_ms = 4000;  // repeated requests 1, 2, 4, 4... s apart
  std::int64_t give_up_ms = 60000;     // a hole unfilled this long is skipped and named
  std::size_t early_max = 256;         // items kept ahead of a hole, per board
  std::int64_t answer_wait_ms = 30000; // session 26: an action unanswered this long is an alert
};

struct BoardEntry {
  std::string board;
  std::optional<wire::BoardState> state;
  std::optional<bool> online;
  std::string game;                        // the current game's id ("" none yet)
  std::uint64_t applied_seq = 0;           // items 1..applied_seq of the current game applied, in order
  std::uint64_t head = 0;                  // the last seq known to exist in the current game
  std::uint64_t digest = 0;                // digest_step over the applied payloads (codec.h)
  std::deque<wire::StreamItem> recent;     // the latest items, oldest first (at most kRecent)
  std::uint64_t items = 0;                 // applied, over all games
  std::uint64_t duplicates = 0;            // dropped as already applied (or of an older game)
  std::uint64_t missing = 0;               // seqs skipped after give_up_ms (never came)
  std::uint64_t requests = 0;              // resend requests sent to the board
  std::uint64_t early_dropped = 0;         // items dropped because the buffer ahead was full
  std::uint64_t stale_states = 0;          // states older than the one held (a broker's stale snapshot)
  std::uint64_t refused_signatures = 0;    // payloads refused: unsigned or not signed by this board's key
  std::uint64_t bad_payloads = 0;          // payloads the decoder refused (one open kBadPayload alert at a time)
  std::uint64_t presence_seq = 0;          // the newest presence taken (Presence.sequence)
  std::uint64_t stale_presences = 0;       // presences refused as older than that (a replay, issue 28)
  std::int64_t last_heard_wall_ms = 0;
  std::int64_t last_applied_wall_ms = 0;   // when the view of this board last changed (item or state)
  bool not_recording = false;              // the last state applied said its journal cannot be written
  std::string two_seats_game;              // the game whose one-player-two-seats alert is raised ("" none)
  // Session 28: the board's latest items as the tournament record kept them
  // (HubModel::restore_stream, one game's, oldest first): a hub started after
  // the board went offline has none of its items (no board answers the
  // resend) and shows these until it applies one; emptied by the first item
  // applied. Delivery (applied_seq, alerts) never reads them.
  std::deque<wire::StreamItem> kept;
  // The stream to show: `recent`, or `kept` while nothing is applied and
  // the kept items are of the state's game (stream_from_record()).
  const std::deque<wire::StreamItem>& shown_stream() const { return stream_from_record() ? kept : recent; }
  bool stream_from_record() const;
  // The stream and state are complete as far as the board has said.
  bool caught_up() const;

  // Delivery bookkeeping (HubModel only).
  std::map<std::uint64_t, std::pair<wire::StreamItem, std::string>> early;  // seq -> item, payload
  std::int64_t progress_ms = 0;      // applied_seq last moved (or the game started)
  std::int64_t next_request_ms = 0;
  std::int64_t backoff_ms = 0;
  std::int64_t ack_sent_ms = -1;
  std::uint64_t acked_seq = 0;       // applied_seq in the last ack sent
  bool ack_now = true;               // an ack is due at once (new board, reconnect)
  bool stall_alerted = false;
};

// Session 28: an item applied, for the tournament record (take_applied_items()).
struct AppliedItem {
  std::string board;
  wire::StreamItem item;
};

struct FinishedGame {
  std::string board;
  wire::BoardState state;  // over
};

class HubModel {
 public:
  static constexpr std::size_t kRecent = 50;
  // The most alerts a board has open at once (the last of them kHeldBack),
  // and the longest an alert's text is, in characters.
  static constexpr std::size_t kMaxOpenAlertsPerBoard = 20;
  static constexpr std::size_t kMaxAlertChars = 400;

  explicit HubModel(std::string event, DeliveryTiming timing = {}) : event_(std::move(event)), timing_(timing) {}

  // Boards sign what they publish: from now on only payloads signed by the
  // board's enrolled key are believed (the others are refused, counted and
  // alerted on).
  void require_signatures(BoardKeyRing ring) { ring_ = std::move(ring); }
  bool signatures_required() const { return ring_.has_value(); }
  // Payloads for boards that are not enrolled (no entry is made for them).
  std::uint64_t unenrolled_payloads() const { return unenrolled_payloads_; }

  // One MQTT message. Topics of other events or outside the tree are ignored.
  void on_message(std::string_view topic, std::string_view payload, std::int64_t now_wall_ms);

  // Session 20: a message the MQTT client refused unread, over its topic's
  // limit (codec.h payload_limit; `text` says it): a board's counts as its
  // bad payload (the one open alert), an alert-acks set as refused.
  void on_oversized(std::string_view topic, const std::string& text, std::int64_t now_wall_ms);
  std::uint64_t oversized_payloads() const { return oversized_payloads_; }

  const std::string& event() const { return event_; }
  const std::map<std::string, BoardEntry>& boards() const { return boards_; }
  // The most boards an event holds (a hall's largest is a few hundred).
  static constexpr std::size_t kMaxBoards = 1000;
  // Payloads on board names past kMaxBoards, not read.
  std::uint64_t past_bound_payloads() const { return past_bound_payloads_; }
  const BoardEntry* board(const std::string& name) const;
  const std::vector<Alert>& alerts() const { return alerts_; }
  std::size_t open_alerts() const;
  void acknowledge(std::uint64_t alert_id);
  // Session 21: the tournament record could not take `game` (`text` names
  // the file and why): an alert of this hub's own (no key), raised at the
  // game's first failure only. Session 22: the game waits to be tried again
  // (due_records()); a failed attempt of a waiting game doubles the back-off.
  static constexpr std::size_t kMaxWaitingRecords = 1000;
  static constexpr std::int64_t kRecordRetryFirstMs = 1000;
  static constexpr std::int64_t kRecordRetryMaxMs = 60000;
  void record_failed(const FinishedGame& game, const std::string& text, std::int64_t now_wall_ms);
  // The record took `game` (or had it already): a waiting game's alert is
  // closed, and every other waiting game is due at once.
  void recorded(const FinishedGame& game, std::int64_t now_wall_ms);
  // The waiting games to try now, oldest first (copies: each waits until
  // recorded()); none while the back-off lasts.
  std::vector<FinishedGame> due_records(std::int64_t now_wall_ms) const;
  std::size_t waiting_records() const { return waiting_records_.size(); }
  // Session 19: share acknowledgements as hub `hub_id`; without `key` (no
  // --arbiter-key) nothing is published and no other hub's set is believed
  // (said once per hub in take_log()).
  static constexpr std::size_t kMaxKeptAlertKeys = 16384;   // acknowledged keys remembered
  static constexpr std::size_t kMaxAlertKeyBytes = 256;     // a longer key is not shared
  void share_acknowledgements(std::string hub_id, std::optional<ArbiterKey> key);
  // The signed set of keys acknowledged here (topic, payload; publish it
  // retained) when it changed since the last call or on_connected().
  std::optional<std::pair<std::string, std::string>> take_shared_acks(std::int64_t now_wall_ms);
  // Lines for the hub's log: what other hubs' acknowledgements did here, and
  // every refusal (forged, oversized, unreadable: at most one line per hub
  // per 10 s, the rest counted).
  std::vector<std::string> take_log() { return std::exchange(log_, {}); }
  std::uint64_t refused_alert_acks() const { return refused_alert_acks_; }
  // Session 26: an action this hub sent (HubClient::send) is awaited. No
  // answer from its board (an ActionReply naming its id) within
  // DeliveryTiming::answer_wait_ms raises kActionUnanswered, saying that
  // nothing is known to be carried out; an answer after that closes the
  // alert ("answered later"). A board takes an action only within
  // ActionGate's kFreshness (2 min) of its sending. At most
  // kMaxAwaitedActions, the oldest let go.
  static constexpr std::size_t kMaxAwaitedActions = 256;
  void action_sent(const wire::Action& a, std::int64_t now_wall_ms);
  // Raises the alerts of actions unanswered past answer_wait_ms (each
  // once). Call it every few hundred ms (the hub client does).
  void check_awaited_actions(std::int64_t now_wall_ms);
  std::size_t awaited_actions() const { return awaited_.size(); }
  // Session 27: awaited actions kept over a restart (the hub client keeps
  // them in the tournament record). With keep_awaited() on, every change
  // (sent, answered, its alert acknowledged, let go) is queued for
  // take_awaited_changes(), which the client writes to the record before it
  // publishes the actions sent; restore_awaited() puts back what a hub of
  // the same id awaited before its restart, with its own sending time (its
  // alert comes answer_wait_ms after that; none when it was acknowledged).
  void keep_awaited() { keep_awaited_ = true; }
  void restore_awaited(const AwaitedAction& a);
  std::vector<AwaitedChange> take_awaited_changes() { return std::exchange(awaited_changes_, {}); }
  // Session 28: each board's stream kept over a restart (the hub client
  // keeps the latest kRecent items of each board's game in the tournament
  // record). With keep_streams() on, every item applied is queued for
  // take_applied_items() (at most kMaxAppliedQueued, the oldest dropped);
  // restore_stream() gives a board the items a hub kept before (its newest
  // game's, oldest first; at most kRecent, for at most kMaxBoards boards),
  // shown until the board sends its stream again (BoardEntry::kept). Texts
  // are shown safely, as when they first arrived.
  static constexpr std::size_t kMaxAppliedQueued = 16384;
  void keep_streams() { keep_streams_ = true; }
  void restore_stream(const std::string& board, std::vector<wire::StreamItem> items);
  std::vector<AppliedItem> take_applied_items() { return std::exchange(applied_, {}); }
  // Session 29: the alerts raised from what boards sent, kept over a
  // restart (an offline board does not send its stream again, so its
  // items' alerts were never raised again). With keep_alerts() on, every
  // alert with a key that is raised or acknowledged (here, or by another
  // hub's set) is queued whole for take_alert_changes() (at most
  // kMaxAppliedQueued, the oldest dropped), which the hub client writes to
  // the tournament record. restore_alerts() puts back what the record kept
  // (oldest first): an open one is raised again with its first time (and
  // the per-board bound), an acknowledged one comes up in the History and
  // its key is remembered as acknowledged; the first raise of a restored
  // key afterwards (the board sending its stream again) is the restored
  // alert, not a second one. A restored key already raised here is not
  // raised twice: the record's acknowledgement is applied to it. Kinds the
  // model does not know, and keys over kMaxAlertKeyBytes, are left out
  // (counted in the return value). Alerts without a key are not kept.
  static constexpr std::size_t kMaxKeptAlerts = 4096;
  void keep_alerts() { keep_alerts_ = true; }
  std::size_t restore_alerts(const std::vector<KeptAlert>& kept);
  std::vector<KeptAlert> take_alert_changes() { return std::exchange(alert_changes_, {}); }
  // Games that ended since the last call (each game once: by game id).
  std::vector<FinishedGame> take_finished();
  // States to publish again, retained, on their board's state topic (topic,
  // payload): a state older than the one held arrived, so the broker holds a
  // stale retained copy (its snapshot predates the board's last state and
  // the board may be gone). The hub puts the newest back (issue 28 item 5).
  std::vector<std::pair<std::string, std::string>> take_repairs();
  // The acknowledgements due now (event, board, game, applied, resend,
  // state held; the client adds the hub id and its clock), one per board at
  // most, and the holes given up on. Call it every few hundred ms.
  std::vector<wire::HubAck> due_acks(std::int64_t now_wall_ms);
  // The hub (re)connected: every board is acknowledged at once and asked for
  // what it lacks without waiting for the back-off.
  void on_connected(std::int64_t now_wall_ms);
  // A measurement (tabula-hub-sim): from now on, note the latest hub time at
  // which an item recorded at a board before `since_wall_ms` was applied, so
  // backlog_done_ms() - since is how long the backlog of a fault took to
  // arrive (0: nothing of it came after).
  void probe_backlog(std::int64_t since_wall_ms) {
    probe_since_ = since_wall_ms;
    probe_done_ = 0;
  }
  std::int64_t backlog_done_ms() const { return probe_done_; }
  // Latency samples of move items: hub clock minus the board's record time
  // (the first 100000).
  const std::vector<std::int64_t>& move_latencies_ms() const { return latencies_; }

 private:
  // The board's entry, made on its first payload (with the stream the record kept for it).
  BoardEntry& entry(const std::string& name);
  void apply_item(BoardEntry& b, wire::StreamItem item, std::string_view payload, std::int64_t now);
  void apply_next(BoardEntry& b, wire::StreamItem item, std::string_view payload, std::int64_t now);
  void drain_early(BoardEntry& b, std::int64_t now);
  void start_game(BoardEntry& b, const std::string& game, std::int64_t now);
  void apply_state(BoardEntry& b, wire::BoardState st, std::int64_t now);
  void bad_payload(BoardEntry& b, const std::string& error, std::int64_t now);
  void answered(const std::string& board, const wire::ActionReply& reply);  // an awaited action's answer came
  std::uint64_t oversized_payloads_ = 0;
  std::map<std::string, std::string> repairs_;  // board -> its newest state's payload
  void raise(AlertKind kind, const std::string& board, std::string text, std::int64_t now, std::string key = {});
  void raise_now(AlertKind kind, const std::string& board, std::string text, std::int64_t now, std::string key = {});
  // Session 19: the shared acknowledgements.
  void on_alert_acks(std::string_view topic, std::string_view payload, std::int64_t now);
  void remember_acked(const std::string& key, const std::string& hub);
  void say(std::string line) {
    if (log_.size() < 256) log_.push_back(std::move(line));
  }
  std::string hub_id_;
  std::optional<ArbiterKey> share_key_;
  bool sharing_ = false;
  std::map<std::string, std::string> acked_keys_;  // key -> the hub that acknowledged it ("" this one)
  std::deque<std::string> acked_order_;            // oldest first, for the bound
  std::deque<std::string> own_keys_;               // acknowledged here, oldest first (at most kMaxSharedAlertKeys)
  bool own_dirty_ = false;
  std::vector<std::string> log_;
  std::uint64_t refused_alert_acks_ = 0;
  std::map<std::string, std::pair<std::int64_t, std::uint64_t>> refusal_said_;  // topic -> last line's time, refusals since
  // With signatures required: true when `m` is signed by its board; else the
  // refusal is counted and alerted on.
  template <class Message>
  bool signed_by_board(const Message& m, std::string_view topic, BoardEntry& b, std::int64_t now);
  void refuse_forged(BoardEntry& b, std::string_view topic, const std::string& why, std::int64_t now);
  std::optional<BoardKeyRing> ring_;
  std::uint64_t unenrolled_payloads_ = 0;
  std::uint64_t past_bound_payloads_ = 0;
  std::uint64_t past_bound_alert_ = 0;  // the last "too many boards" alert's id (0 none)
  std::uint64_t unenrolled_alert_ = 0;  // the last "not enrolled" alert's id (0 none)

  std::string event_;
  DeliveryTiming timing_;
  std::map<std::string, BoardEntry> boards_;
  std::vector<Alert> alerts_;
  std::vector<FinishedGame> finished_;
  struct WaitingRecord {
    FinishedGame game;
    int attempts = 1;
    std::uint64_t alert_id = 0;  // its "game not recorded" alert (0: held back)
  };
  std::deque<WaitingRecord> waiting_records_;  // oldest first
  std::int64_t record_retry_ms_ = 0;           // the next attempt, hub clock
  std::int64_t record_backoff_ms_ = kRecordRetryFirstMs;
  std::map<std::string, bool> finished_ids_;  // game ids already reported
  struct Awaited {
    AwaitedAction action;
    std::uint64_t alert_id = 0;  // its kActionUnanswered alert, once raised (0: not yet, or held back)
    bool alerted = false;
  };
  std::map<std::uint64_t, Awaited> awaited_;  // by action id (the client's ids grow)
  bool keep_awaited_ = false;
  std::vector<AwaitedChange> awaited_changes_;  // since take_awaited_changes() (only with keep_awaited_)
  void awaited_changed(AwaitedChange::Kind kind, const AwaitedAction& a) {
    if (keep_awaited_) awaited_changes_.push_back({kind, a});
  }
  bool keep_alerts_ = false;
  bool restoring_ = false;                      // restore_alerts() under way: nothing queued
  std::vector<KeptAlert> alert_changes_;        // since take_alert_changes() (keep_alerts_)
  std::set<std::string> restored_keys_;         // restored, not raised again yet
  void alert_changed(const Alert& a);
  bool keep_streams_ = false;
  std::vector<AppliedItem> applied_;                                // since take_applied_items() (keep_streams_)
  std::map<std::string, std::deque<wire::StreamItem>> kept_streams_;  // restored, for boards not heard yet
  std::vector<std::int64_t> latencies_;
  std::int64_t probe_since_ = 0;
  std::int64_t probe_done_ = 0;
};

}  // namespace tabula::hub

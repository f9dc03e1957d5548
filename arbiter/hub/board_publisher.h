// board_publisher.h — one board's side of the hub: its retained state, its
// stream of moves and rulings through the journal's outbox, and what comes
// back: the arbiter's actions and every hub's acknowledgements.
//
// Guarantees (docs/HUB.md):
//   - every stream item is numbered seq 1, 2, 3... without gaps for the life
//     of the journal and written to the outbox (in the journal's file,
//     fsync'ed) before on_recorded() returns, unless another connection
//     holds the file past PublisherConfig::write_wait (session 24): then the
//     items wait in memory, in order, with every item after them, and the
//     worker writes them as soon as the file is free (each try waits at most
//     write_wait); nothing is sent before it is written. A crash while they
//     wait loses them from memory only: they are the outbox's tail, which
//     catch_up() rebuilds from the journal (action replies excepted);
//   - the worker sends items oldest first, QoS 1, at most `window` in flight
//     (bounded: a backlog of thousands goes out window by window, and the
//     shell's thread never waits for it);
//   - end to end (issue 19): the broker's PUBACK only moves the send cursor.
//     Each hub acknowledges on .../ack (HubAck: its id, the game, how far it
//     has applied the stream, and whether it lacks items); the board keeps
//     each hub's watermark and goes back to the oldest item a hub lacks (on
//     the hub's request, when a hub is behind and the board has sent nothing
//     for a while, and after every reconnect). So an item the broker
//     acknowledged and then lost in a crash is sent again, and one hub's
//     acknowledgement never hides another's loss;
//   - the retained state follows the items it covers (through_seq: always the
//     last item numbered) and is sent again after every reconnect, when a hub
//     asks every board (SyncRequest), and when a hub's ack shows an older
//     state; a crash between the journal's commit and the outbox's is
//     repaired by catch_up() from the journal;
//   - presence: online (retained) on connect and on a SyncRequest, offline as
//     the broker-held last will, and offline on a clean stop.
//
// Threads: start() spawns one worker thread that owns the MQTT client and its
// own outbox connection. on_recorded(), catch_up(), set_clocks(),
// set_paused(), set_not_recording(), set_bots(), reply(), take_actions(), flush() and status() may be called
// from one other thread (the shell's); the object is internally locked, and
// the worker holds the lock only briefly (never across network or disk waits
// of its own), so the shell's calls return at the speed of the journal's disk.
// Session 24: the shell's outbox connection is used under a second lock,
// write_mutex_, which the shell only tries: while the worker writes, the
// shell's items join the queue it is writing.
// Destruction stops the worker (publishing "offline") and joins it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "hub/action_auth.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "hub/mqtt_client.h"
#include "journal/outbox.h"

namespace tabula::hub {

// The board's game for the round as the board accepted it (issue 35): what
// the kiosk's setup shows, and the round its state carries.
struct SeatAssignment {
  std::uint32_t round = 0;
  std::string section;
  std::uint32_t table = 0;
  std::string variant;
  std::vector<std::string> players;  // seat order
  std::string text;                  // one line for the screen
};
// Checks a payload of tabula/<event>/<board>/assignment: the assignment, or
// nullopt and why not. The shell gives it (event::assignment_check():
// signed with the event's arbiter key, this board, no older round).
using AssignmentCheck = std::function<std::optional<SeatAssignment>(std::string_view payload, std::string& error)>;

struct PublisherConfig {
  BoardInfo info;                  // event, board, journal header
  BrokerConfig broker;
  std::string journal_path;        // the outbox lives in this journal's file
  std::optional<ArbiterKey> key;   // without it every action is refused
  // The board's own key (issue 28): every state, stream item and presence is
  // signed with it (outbox rows are stored signed). Without it they go out
  // unsigned, and a hub with enrolled keys refuses them.
  std::optional<BoardKey> board_key;
  // Set: the board subscribes to its seat assignment (retained: a board
  // switched on late still gets it) and checks each with it; a refusal is
  // answered on the stream like a refused action (the hub alerts).
  AssignmentCheck check_assignment;
  // Session 26: "" when the shell carries the arbiter's actions out
  // (take_actions()); else why it never does, and every verified action is
  // answered at once, by the worker, "<action>: not carried out: <why>"
  // (the hub alerts; nothing waits for a shell that never asks). The
  // replay guard is still recorded. `tabula play` gives it (play_commands.cpp).
  std::string no_actions_why;
  std::size_t window = 16;         // QoS 1 items in flight at once
  // Session 24: how long an outbox write waits for another connection's
  // lock (SQLite's busy timeout) before its items wait in memory and are
  // tried again (by the worker). The kiosk gives its frame's journal wait
  // (KioskGame::kJournalWait, 50 ms): an outside connection grabbing the
  // file after the journal's commit stalled that frame 2 s.
  std::chrono::milliseconds write_wait{2000};
  std::chrono::milliseconds hub_alive{15000};   // a hub unheard for longer is not waited for
  std::chrono::milliseconds resend_holdoff{1000};  // no second go-back to the same place within this
  std::chrono::milliseconds quiet_resend{2000};    // a hub behind while nothing was sent for this long: go back
};

// One hub as the board knows it from its acknowledgements.
struct HubProgress {
  std::string hub;               // the hub's id
  std::int64_t applied_seq = 0;  // of this board's game
  std::int64_t heard_ms_ago = 0;
  bool live = false;             // heard within PublisherConfig::hub_alive
};

struct PublisherStatus {
  bool connected = false;
  std::string last_error;           // "" when all is well
  std::int64_t last_seq = 0;        // the last item numbered
  std::int64_t unacked = 0;         // items the broker has not acknowledged yet
  std::int64_t unwritten = 0;       // session 24: items numbered, waiting for the outbox (held)
  std::string unwritten_why;        // session 25: the outbox's words for why they wait ("" when none do)
  std::int64_t in_flight = 0;       // items sent, PUBACK awaited (at most the window)
  std::vector<HubProgress> hubs;    // every hub heard from, most recent first
  std::uint64_t states_sent = 0;
  std::uint64_t resends = 0;        // times the board went back for a hub
  std::uint64_t refused_actions = 0;  // every refusal, recorded one by one or counted
  std::uint64_t refused_assignments = 0;
  std::uint64_t bad_messages = 0;   // acknowledgements or requests refused by the decoder
  std::string last_bad_message;
  // Session 20: messages refused unread over their topic's limit (codec.h
  // payload_limit: an action over 4096 bytes, an assignment over 1 MiB);
  // each also counts as a bad message, the first one's words kept here.
  std::uint64_t oversized = 0;
  std::string first_oversized;
};
// "3 of 143 items not yet at the broker; hub tabula-hub-club has 140"; with
// items waiting for a held outbox it begins "2 of 145 items wait to be
// written to the outbox (<why>); ", and a problem ends it ("; last error: ...").
std::string describe(const PublisherStatus& s);
// Session 25: the shell's line for an arbiter while items wait ("" when none
// do): "2 results wait to be written to the journal's hub outbox (<why>) and
// are sent, in order, once it is written", or "5 results wait to be sent to
// the hub: not connected to the broker (<why>); ..." (the why cut at 160
// characters, shown safely). Items the broker has not acknowledged while it
// is connected are the normal flow: the shell says them only when they last.
std::string waiting_line(const PublisherStatus& s);

class BoardPublisher {
 public:
  // Opens the outbox and starts the worker. The broker need not be up: the
  // worker keeps trying. nullptr and `error` when the journal or the names
  // are unusable.
  static std::unique_ptr<BoardPublisher> start(PublisherConfig config, std::string& error);
  ~BoardPublisher();
  BoardPublisher(const BoardPublisher&) = delete;
  BoardPublisher& operator=(const BoardPublisher&) = delete;

  // After Journal::record() committed input `input_seq` and its output:
  // numbers and stores the items, and makes a new state from `s`. false and
  // `error` (naming the journal) when the outbox could not be written; the
  // journal's record stands, and catch_up() at the next start repairs it.
  bool on_recorded(std::int64_t input_seq, const session::Output& out, const session::Session& s,
                   std::string& error);
  // After resuming a journal: stores the items of every journaled input the
  // outbox does not hold yet (from the journal's moves and rulings), and the
  // state of the resumed session.
  bool catch_up(const journal::JournalContents& contents, const session::Session& s, std::string& error);
  // The table clock and the arbiter's pause, carried by the next state.
  void set_clocks(std::optional<ClockReading> clocks);
  void set_paused(bool paused);
  // Session 20: the shell's journal could not be written (`why`, as the
  // journal said it) or is written again (""). Carried by every state from
  // now on (BoardState.not_recording), and a state goes out at once: the
  // state is sent from memory, so it reaches the hubs though the outbox,
  // in the same file, cannot be written either.
  void set_not_recording(std::string why);
  // The arbiter changed who plays (the journal's new `bots` text): the state
  // is made again from `s` with each bot's seat marked (Seat.bot).
  void set_bots(const std::string& bots, const session::Session& s);
  // Arbiter actions that passed the ActionGate, oldest first. The shell
  // carries them out and answers each with reply().
  std::vector<wire::Action> take_actions();
  // Session 25: before the journal records input `input_seq` that carries
  // action `action_id` out, its answer is made due, durably (at most
  // write_wait: false and `error` when the outbox cannot take it now; the
  // shell then waits with the action). reply() sends it. A crash between
  // the journal's record and the reply's is answered at the next start
  // (catch_up): this reply when the journal holds input `input_seq` as an
  // intent, else that the action was not carried out; once. Every action
  // taken has a due answer from the moment it is accepted ("not carried
  // out", written with the replay guard), so one the shell never reached
  // is answered too.
  bool reply_due(std::uint64_t action_id, bool accepted, const std::string& text, std::int64_t input_seq,
                 std::string& error);
  // The action's answer on the stream (its due answer, if any, is dropped
  // with it).
  bool reply(std::uint64_t action_id, bool accepted, const std::string& text, std::string& error);
  // Waits until the broker acknowledged every item, the latest state is
  // out, at least `min_hubs` hubs are live, and every live hub has applied
  // every item; false on timeout.
  bool flush(std::chrono::milliseconds timeout, std::size_t min_hubs = 0);
  PublisherStatus status() const;
  // Session 26: a number that changes whenever what waiting_line() reads
  // of the status (unwritten, unwritten_why, unacked, connected,
  // last_error) changed since the last call, and only then: a shell that
  // shows the line each frame rebuilds it only when this moved (status()
  // copies every hub's progress and the strings). Compared under the lock,
  // without allocating. Never 0.
  std::uint64_t waiting_version() const;
  // The last seat assignment accepted (nullopt: none yet). The state's
  // round is its round while the game's players are its players.
  std::optional<SeatAssignment> assignment() const;

 private:
  explicit BoardPublisher(PublisherConfig config);
  // Numbers the items and puts them behind the ones waiting to be written
  // (with mutex_ held); false and `error` when kMaxUnwritten already wait.
  bool enqueue(std::vector<wire::StreamItem> items, std::int64_t input_seq, std::string& error,
               std::uint64_t answers = 0);
  // Session 25: the answers the last run left due (read by start(), sent by catch_up()).
  void answer_dues(const journal::JournalContents& contents, std::string& error);  // with mutex_ held
  // Writes what waits, oldest first, through writer_; the shell's call
  // returns at once when the worker is writing (it takes these too). false
  // and `error` on a failure other than a held file (they stay queued).
  bool write_unwritten(bool worker, std::string& error);
  void set_state(const session::Session& s);
  void wake();
  void run();
  void publish_pending(MqttClient& client, journal::Outbox& outbox);
  void on_action(const MqttMessage& m);
  // A refusal's reply, or only counted when too many came at once (with mutex_ held).
  void record_refusal(std::uint64_t action_id, const std::string& why);
  void flush_refusals(bool force);  // with mutex_ held
  void append_refusal(std::uint64_t action_id, const std::string& why);
  // The stream item answering an action (a reply or a refusal), of this board's game.
  wire::StreamItem reply_item(std::uint64_t action_id, bool accepted, const std::string& text) const;
  void on_ack(const MqttMessage& m);
  void on_assignment(const MqttMessage& m);
  void apply_round();  // with mutex_ held
  void on_sync(const MqttMessage& m);
  void go_back(std::int64_t first_seq, bool forced);
  void flush_acks(journal::Outbox& outbox);
  bool hubs_have_all() const;  // with mutex_ held

  const PublisherConfig config_;
  // The durable connection every outbox write goes through (items, replies,
  // the action guard), from either thread, only under write_mutex_. Lock
  // order: write_mutex_, then mutex_.
  std::timed_mutex write_mutex_;
  journal::Outbox writer_;
  bool write_failed_ = false;  // under write_mutex_: the last write failed (not held): check what it stored

  mutable std::mutex mutex_;  // guards everything below
  std::optional<std::string> bots_;  // set_bots(): who plays now, over config_.info.header.bots
  std::condition_variable changed_;
  std::int64_t last_seq_ = 0;        // the last item numbered (written or waiting)
  std::deque<journal::OutboxItem> unwritten_;  // numbered, not yet in the outbox, oldest first
  std::vector<journal::DueReply> restart_dues_;  // due at start (the last run's), answered by catch_up()
  bool held_said_ = false;           // status_.last_error says they wait
  std::optional<wire::BoardState> state_;  // latest, not yet published when state_dirty_
  std::optional<wire::BoardState> sent_state_;  // the last state published
  bool state_dirty_ = false;
  std::optional<ClockReading> clocks_;
  bool paused_ = false;
  std::string not_recording_;  // set_not_recording()
  std::deque<wire::Action> actions_;
  std::optional<SeatAssignment> assignment_;
  PublisherStatus status_;
  // waiting_version(): the fields it compares, as last seen, and the number.
  mutable PublisherStatus waiting_seen_;
  mutable std::uint64_t waiting_version_ = 1;  // never 0: a caller's "not read yet"
  bool stop_ = false;
  struct HubMark {
    std::int64_t applied = 0;
    std::chrono::steady_clock::time_point heard;
  };
  std::map<std::string, HubMark> hubs_;  // at most kMaxHubs, the least recently heard evicted
  std::chrono::steady_clock::time_point state_sent_at_{};
  bool state_wanted_ = false;  // a hub asked for the state; sent once the hold-off has passed
  bool presence_due_ = false;

  // Worker-only state.
  ActionGate gate_;
  std::map<int, std::int64_t> in_flight_;  // mid -> seq
  std::vector<std::int64_t> acked_;        // acknowledged, not yet written to the outbox
  std::int64_t sent_through_ = 0;          // the send cursor: items up to here are handed over since the connect
  std::chrono::steady_clock::time_point last_send_{};  // when an item was last handed over
  std::int64_t last_back_to_ = 0;                      // the last go-back's first seq, and when
  std::chrono::steady_clock::time_point last_back_at_{};
  // Refusals (issue 28 item 4): at most kRefusalsRecorded replies per
  // kRefusalWindow; the rest are counted and said in one reply after it.
  std::chrono::steady_clock::time_point refusal_window_{};
  int refusals_recorded_ = 0;
  std::uint64_t refusals_counted_ = 0;
  std::string last_refusal_;

  int wake_fd_ = -1;
  std::thread worker_;
};

// An authenticated arbiter action as the session intent it asks for (pause
// and resume the clock, take back, adjudicate), at session time `now`;
// nullopt for an action kind this board does not know.
std::optional<session::Intent> session_intent(const wire::Action& a, int seat_count, session::Millis now);

// What a person gives on a command line to publish a board: the broker
// address ("HOST[:PORT]", "mqtts://HOST"), its CA file (TLS), user and a file
// holding the password, the arbiter's key file. Fills `config.broker` and
// `config.key`; false with the reason in `error`.
struct BrokerOptions {
  std::string broker;
  std::string ca_file;
  std::string user;
  std::string password_file;
  std::string key_file;
  std::string board_key_file;  // the board's own signing key (tabula board-key)
};
bool configure(const BrokerOptions& options, PublisherConfig& config, std::string& error);

// The outbox's items name (and are signed for) the event, board and game
// they were first published under, and are sent again byte for byte. A
// journal resumed under other names, or copied from another board, would
// send them where every hub refuses them ("names board t1, not this
// topic's"), and its new items after them would wait at the hubs for the
// ones that never come, until "items lost" (session 13). "" when the outbox
// is empty or its items are `info`'s; else why not, naming both. Reads the
// journal only. `tabula play` refuses such a start; a shell that must come
// up (the kiosk) may show it instead.
std::string outbox_names_problem(const std::string& journal_path, const BoardInfo& info);

}  // namespace tabula::hub

// kiosk_game.h — the kiosk's game: a real session::Session, journaled, fed
// by the clickable virtual board (`--variant`) or by the board daemon (`--board`).
//
// A clickable virtual board emits exactly the sensor events a real board
// would; every input (square events, board snapshots, the session's own
// deadlines as ticks, operator intents) goes through feed(): the session
// handles it, the journal (issue 7) commits the input with what it made the
// session say, and only then is the screen rebuilt, so nothing shown is ever
// lost by a power cut. No rules here: the hand only knows which squares hold
// a magnet.
//
//   state     event                              events sent            next
//   empty     click an occupied square           <sq> up                holding
//   empty     click an empty square              -                      empty
//   holding   click the square it came from      <sq> down              empty
//   holding   click an empty square              <sq> down              empty
//   holding   click an occupied square           <sq> up, <sq> down     empty  (a capture)
//   holding   slide-click anywhere               -  (piece taken off)   empty  (en passant victim, removals)
//
// Time: the caller passes the kiosk's time (ms since it started); session
// time is that plus an offset fixed at creation, so a resumed game goes on
// from the journal's last input time (the time the power was off is nobody's
// clock time; the arbiter can set a clock). While a clock runs, tick()
// journals an instant every kClockInstant: a power cut gives back at most
// that much of the thinking time (the choice of issue 27 item 5: charge the
// time up to the last journaled instant; the restart says so on screen).
//
// Journal: with `journal` set, an existing file is resumed (the same
// position, clocks, ledger, relations and open questions; a foreign or
// damaged file is refused and left as it is) and a missing one is created.
// A new game from the arbiter menu first renames the current journal to
// "<stem>-<n>.db" (kept for `tabula archive`), then starts FILE afresh.
//
// A frame does not wait on the journal (session 23): its writes wait at
// most kJournalWait for another connection's lock (SQLite's busy timeout, 2 s
// before: enough for this kiosk's own hub outbox, whose writes on the
// publisher's thread take a moment). An input the journal refuses because
// another connection holds the file's write lock (a backup, `sqlite3` by
// hand) is not taken yet:
// it waits, with every input after it, in order, and each frame (tick())
// tries them again; the screen stays on what is journaled, and once they
// have waited kHeldSaid the headline says so. They are taken and shown as
// soon as the journal is written. A new game or a resume waits for them.
// Not thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "hub/board_publisher.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "session/session.h"
#include "ui/bot_driver.h"
#include "ui/intent.h"
#include "ui/view_model.h"

namespace tabula::ui {

struct KioskGameOptions {
  std::string variant;
  std::optional<std::string> journal;  // FILE: resumed when it exists, else created
  std::optional<session::TimeControl> time_control;
  std::vector<std::string> players;  // seat order; journaled for the export's tags
  // The virtual board: the start position stands on it at once (--sim). Off
  // for a real board, whose sensors report what stands on it.
  bool virtual_board = true;
  // Publish the game to the hub (issue 11): broker, arbiter key, and the
  // event and board names in `info` (its header is filled in here). Needs
  // `journal`: the outbox lives in the journal's file.
  std::optional<hub::PublisherConfig> publish;
  // The appliance's way (scripts/run.sh, --set-aside VARIANT): a damaged
  // journal is renamed to "<stem>.damaged-<n>.db" and one of another variant
  // than `variant` to "<stem>-<n>.db", and a new game starts (of `variant`,
  // else of `fallback_variant`), saying so; without it such a journal is
  // refused and left as it is.
  bool set_aside = false;
  std::string fallback_variant = "chesscom-ffa";
  // Issue 33: bot seats ("Blue=3,Green=greedy"; journaled: a resume keeps
  // the journal's when this is empty), the Hint button (teaching; off in a
  // rated game) and the blunder check after a human's move.
  std::string bots;
  bool hints = false;
  bool blunder_check = false;
  bool bots_wait = false;  // screenshots: a search finishes within the frame
  // Session 30: Stockfish's program for chess seats and hints (docs/BOTS.md).
  std::string stockfish = "/usr/games/stockfish";
  bool stockfish_again = false;  // s31-fallback: --stockfish-after-resume again (docs/BOTS.md)
};

/// "games/club.db" -> "games/club-1.db", the first name not taken: where a
/// game's journal is kept when another game starts in its place.
std::string journal_archive_name(const std::string& path);
/// Renames a journal and its SQLite side files (-wal, -shm) that exist;
/// the journal's own rename's error, if any. The journal must be closed.
std::error_code move_journal(const std::string& from, const std::string& to);

class KioskGame {
 public:
  static constexpr session::Millis kClockInstant{1000};
  // How long a journal write waits for another connection's lock: once a
  // frame at most (the inputs after a refused one wait behind it).
  static constexpr session::Millis kJournalWait{50};
  // Inputs waiting for a held journal are said on screen after this long
  // (kiosk time; SQLite's busy timeout, which each write once waited).
  static constexpr session::Millis kHeldSaid{2000};
  // At most this many inputs wait; the next ones are not taken (as inputs
  // the journal cannot write for any other reason), and the headline says so.
  static constexpr std::size_t kMaxUnwritten = 10000;
  // A header row (who plays, the hints switch: the arbiter's menu) waits
  // this long for a lock held a moment, then is refused and said.
  static constexpr session::Millis kHeaderWait{250};
  // Session 25: results waiting for the hub (its outbox held, the broker
  // away) are said under the headline once they have waited this long, and
  // that they are gone for kHubGoneShown after.
  static constexpr session::Millis kHubSaid{2000};
  static constexpr session::Millis kHubGoneShown{10000};

  // Loads the variant (and its later stages), resumes or creates the
  // journal, and sets the start up on the virtual board. On failure returns
  // null and says why in `error` (naming the file for a journal problem).
  static std::unique_ptr<KioskGame> create(const KioskGameOptions& options, session::Millis now,
                                            std::string& error);
  static std::unique_ptr<KioskGame> create(const std::string& variant, std::string& error) {
    return create(KioskGameOptions{variant, std::nullopt, std::nullopt, {}, true}, session::Millis{0},
                  error);
  }

  // What the screen shows at kiosk time `now` (clocks run between inputs).
  const KioskView& view(session::Millis now);
  const KioskView& view() { return view(last_now_); }
  // Applies one kiosk intent; returns the sensor trace lines it made. A new
  // game or a resume replaces this object's session (see `replaced`).
  std::vector<std::string> apply(const Intent& intent, session::Millis now);
  // Sensor inputs from the board daemon (`--board`), in kiosk time.
  void feed_board(const session::Input& in, session::Millis now);
  // Lets time pass: the session acts at its deadlines (a move settles, a
  // question times out, a flag falls).
  void tick(session::Millis now);

  const session::Session& session() const { return *session_; }
  // The session said something (or the game changed) since view() last
  // rebuilt the screen: the kiosk draws a frame.
  bool dirty() const { return dirty_; }
  const KioskGameOptions& options() const { return options_; }
  // The game came from the journal file that was there (not a new game, nor
  // one started because that file was set aside), however few its moves.
  bool resumed() const { return resumed_; }
  /// The seat assignment the board's publisher accepted (issue 35), if any.
  std::optional<hub::SeatAssignment> assignment() const {
    return publisher_ ? publisher_->assignment() : std::nullopt;
  }
  // Inputs waiting for the journal (held by another connection), in order:
  // not yet taken nor shown (session 23).
  std::size_t unwritten() const { return unwritten_.size(); }
  // The last journal problem ("" when none): shown on screen, the game goes on.
  const std::string& journal_error() const { return journal_error_; }
  // Accepted moves since the last call (the kiosk sends the daemon an
  // expectation after each, and the hub publishes them).
  std::vector<session::AcceptedMove> take_accepted();
  // Everything the session said since the last call, journaled (the voice
  // speaks it: arbiter/voice/announcements.h).
  session::Output take_said();
  session::Millis session_time(session::Millis now) const { return now + offset_; }
  // A line from outside the session (the board daemon's status, a sensor
  // fault): shown among the rulings as a kiosk warning, not journaled. The
  // last five are kept.
  void add_notice(std::string line);
  // What the table must hear once about the journal (its -wal file missing
  // or damaged, Journal::wal_warning(); a journal set aside): shown as a
  // dialog with what to do until acknowledged, then kept among the notices.
  void add_journal_notice(std::string title, std::string text);

 private:
  KioskGame() = default;
  bool start(const KioskGameOptions& options, session::Millis now, std::string& error);
  bool start_aside(KioskGameOptions options, session::Millis now, const std::string& keep, const std::string& why,
                   std::string& error);
  session::Output feed(const session::Input& in);
  enum class Taken { kYes, kHeld, kRefused };
  // One input handled and journaled; kHeld: the journal's lock is held by
  // another connection (the session is left as journaled), kRefused: any
  // other write failure (not taken, said).
  Taken take(const session::Input& in, session::Output& out);
  // The inputs that waited for the journal, written in order while it takes them.
  void write_unwritten(session::Millis now);
  // A new game or a resume would drop the inputs waiting: refused, said.
  bool unwritten_refuse(const std::string& what);
  std::string send(core::Square q, bool occupied, session::Millis now);
  // The hub (ui/kiosk_game_hub.cpp).
  bool start_publishing(const journal::JournalContents& contents, std::string& error);
  void apply_hub_actions();
  // Session 25: the publisher's waiting results, as view_.hub (tick()).
  void watch_hub(session::Millis now);
  // Session 25: the hub action carried out last, answered once its input is journaled (or refused).
  void answer_hub_action();
  void new_game(const NewGame& game, session::Millis now);
  // Issue 33 (ui/kiosk_game_bots.cpp).
  bool start_bots(const std::string& text, std::string& error);
  void resume_stockfish(const journal::Resumed& r);  // s31-fallback (kiosk_game_bots.cpp)
  void stockfish_chosen_again(const std::string& before);
  void poll_bots(session::Millis now);
  void set_advice(const SetAdvice& advice);
  void set_bots(const SetBots& change);
  // Session 21: a header row (advice, bots) the journal could not write: the
  // change is not made, and the failure is reported as a failed input's is
  // (the headline, the hubs' "not recording") until the journal is written again.
  void header_write_failed(const journal::JournalStatus& st, const std::string& what);
  journal::JournalStatus write_header(const std::function<journal::JournalStatus()>& write);
  void ask_hint();
  void restart(KioskGameOptions options, session::Millis now);

  KioskGameOptions options_;
  std::vector<std::shared_ptr<const core::RuleSet>> stages_;
  std::unique_ptr<session::Session> session_;
  std::optional<journal::Journal> journal_;
  std::unique_ptr<hub::BoardPublisher> publisher_;
  std::unique_ptr<BotDriver> bots_;  // issue 33: none without bot seats or hints
  bool stockfish_steps_ = false;  // session 30: chess, and options_.stockfish can be run
  std::string journal_error_;
  std::vector<std::string> notices_;
  std::string assignment_shown_;  // the last seat assignment said at the table
  std::optional<RulingView> hub_line_;             // view_.hub
  // Session 25: hub actions taken from the publisher, carried out in order
  // (not while inputs wait for the journal), at most kMaxHubActions.
  static constexpr std::size_t kMaxHubActions = 64;
  std::deque<hub::wire::Action> hub_actions_;
  struct HubAnswer {
    std::uint64_t action_id = 0;
    std::string text;
    std::int64_t input_seq = 0;  // the journal input that carries it out
  };
  std::optional<HubAnswer> hub_answer_;
  std::optional<session::Millis> hub_wait_since_;  // kiosk time results began to wait for the hub
  bool hub_said_ = false;                          // hub_line_ says they wait
  session::Millis hub_gone_at_{0};                 // when the ones said were gone
  std::uint64_t hub_waiting_version_ = 0;          // publisher's waiting_version() of hub_waiting_ (0: none yet)
  std::string hub_waiting_;                        // hub::waiting_line() as of that version
  std::vector<VariantChoice> variants_;  // what "new game" offers: every variant file
  std::vector<std::uint32_t> acknowledged_;  // instructions the table has seen (random moves)
  // A draw offer waiting for the other players' answer (the kiosk's own
  // dialog; the session hears of it only when it is accepted).
  struct JournalNotice {
    std::string title;
    std::string text;
  };
  std::vector<JournalNotice> journal_notices_;  // the first is the dialog
  std::uint32_t notice_id_ = 0x40000000U;       // its dialog id (the session's ids are small)
  std::optional<SeatIndex> draw_offer_;
  std::uint32_t draw_offer_id_ = 0;
  session::Millis offset_{0};
  session::Millis last_now_{0};
  core::SquareSet physical_;
  std::optional<core::Square> hand_;
  std::vector<session::AcceptedMove> accepted_;
  session::Output said_;
  std::optional<session::Snapshot> snapshot_;
  KioskView view_;
  bool dirty_ = true;
  bool resumed_ = false;
  bool fed_ = true;  // the last feed() was journaled, waits for the journal, or needed none
  bool write_failed_ = false;  // journal_error_ is a failed write
  std::deque<session::Input> unwritten_;  // session 23: waiting for a held journal, in order
  session::Millis unwritten_since_{0};    // kiosk time the first of them began to wait
  bool held_said_ = false;                // the headline says they wait
  std::string held_message_;              // the journal's words for the last write refused as held
};

}  // namespace tabula::ui

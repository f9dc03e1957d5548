// session.h — one game at the table: sensor events and operator intents in;
// rulings, requests and a snapshot out.
//
// Section index: RandomMoves, SessionSettings, Session.
//
// The Session is the single owner of game state (ARCHITECTURE-SKETCH): a
// core::Match (the Game, and 004's stages), the Tracker (physical board and
// move inference), the open requests and the ruling history. Everything that
// changes it is an Input (input.h); everything it says is an Output
// (output.h). No threads, clocks or I/O: time comes in on every input.
//
// Time: inputs must come in time order. Before handling an input at time t,
// the session first acts at each of its own deadlines up to t (a move
// settling, a promotion default), exactly at the deadline; a Tick only moves
// time on. So the outputs do not depend on how often ticks come, and
// replaying the same inputs gives the same outputs (the journal of issue 7
// relies on this).
//
// Phases (snapshot.h): kSetup (the start, or 004's stage two, is being set
// up; verified by the sensors, or confirmed by the arbiter) -> kPlay -> ...
// -> kOver. A takeback, or the arbiter's "verify board", goes to kRestore
// until the board is back. 004: a stage won -> kChoosing (the winner's power
// piece) -> kSetup (stage two) -> kPlay.
//
// Requests: promotion / placement / which-move questions (answered by the
// kiosk; a promotion or placement defaults to the variant's first choice
// after `promotion_timeout`, or at once when the next move begins -- a touch
// away from the promotion square -- so play never waits for it; the arbiter
// may change the piece afterwards by choosing one with no question open), the power piece (004), the random move to play
// for a random mover (002 rule 7; by default only that move is accepted),
// pieces the rules removed (003 rule 3; closed when the sensors see them
// gone), and the board to set up or restore.
//
// Invariants: the tracker's baseline is always the current game position;
// at most one question (promotion, placement, which move, power piece) is
// open. Not thread-safe; copyable (a copy is an independent session).
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/match.h"
#include "inference/tracker.h"
#include "session/clock.h"
#include "session/input.h"
#include "session/output.h"
#include "session/snapshot.h"

namespace tabula::session {

// 002 rule 7: what the table may play for a random mover.
enum class RandomMoves : std::uint8_t {
  kRequireRequested,  // only the move the session drew and asked for
  kAcceptAnyLegal,    // any legal move (replaying records made elsewhere)
};

// When the game clock starts (issue 27 item 5).
enum class ClockStart : std::uint8_t {
  kFirstMove,  // as clubs do: when the board shows the first move; the next seat's time runs
  kSetup,      // FIDE's way: the arbiter starts the first mover's clock when the setup is verified
};

struct SessionSettings {
  inference::TrackerSettings tracker;
  Millis promotion_timeout{30000};  // then the variant's first choice (RULINGS: a setting)
  RandomMoves random_moves = RandomMoves::kRequireRequested;
  std::uint64_t random_seed = 0;    // draws the random movers' moves
  std::size_t recent_rulings = 20;  // how many the snapshot carries
  std::optional<TimeControl> time_control;  // the game clock; none: untimed
  ClockStart clock_start = ClockStart::kFirstMove;
};

class Session {
 public:
  // `stages` as core::Match takes them (one RuleSet unless 004); `start` is
  // the first stage's start position. The session starts in kSetup.
  Session(std::vector<std::shared_ptr<const core::RuleSet>> stages, const core::Position& start,
          SessionSettings settings = {});

  // ---- inputs ----
  Output handle(const Input& in);
  Output on_event(const SquareEvent& e) { return handle(Input{e}); }
  Output on_snapshot(const BoardSnapshot& s) { return handle(Input{s}); }
  Output tick(Millis now) { return handle(Input{Tick{now}}); }
  Output intent(const Intent& i) { return handle(Input{i}); }
  // When the session next acts on its own, if ever (drivers tick then);
  // never before now(): a deadline already passed is due now (s31-takeback:
  // after a takeback the board's check was due at its last change plus the
  // report time, long past, and `tabula play --trace` journaled a tick that
  // went back in time: the journal would not resume).
  std::optional<Millis> next_deadline() const;

  // ---- queries ----
  Snapshot snapshot() const;
  Phase phase() const { return phase_; }
  const core::Game& game() const { return match_.game(); }
  const core::Match& match() const { return match_; }
  const inference::Tracker& tracker() const { return tracker_; }
  const std::vector<Request>& requests() const { return requests_; }
  // Every move accepted, in order, as the journal holds them: also those
  // taken back since, or withdrawn (FIDE 4.7). The game's moves as they
  // stand are standing_moves().
  const std::vector<AcceptedMove>& moves() const { return moves_; }
  // The accepted moves that stand now, in order, across 004's stages: the
  // game's moves as the record shows them (s31-takeback: the counts said to
  // the table are of these, not of moves()).
  std::vector<AcceptedMove> standing_moves() const;
  std::size_t standing_count() const { return standing_.size(); }
  // Whether moves()[i] still stands (not taken back or withdrawn).
  bool stands(std::size_t i) const;
  const std::vector<Ruling>& history() const { return history_; }
  Millis now() const { return now_; }
  const std::optional<GameClock>& clock() const { return clock_; }
  bool clock_held() const { return clock_held_; }
  const SessionSettings& settings() const { return settings_; }

 private:
  class Moves;  // the MoveSource over the match, with 002's random-move rule

  void advance_to(Millis t, Output& out);
  void handle_event(const SquareEvent& e, Output& out);
  void handle_intent(const Intent& in, Output& out);
  void process(inference::TrackerUpdate up, Output& out);
  void on_commit(const inference::Commit& c, Output& out);
  void on_withdrawal(const inference::Withdrawal& w, Output& out);
  void accept(const core::Move& m, Output& out, std::optional<Millis> made = std::nullopt);
  std::string chains_prompt(const inference::Commit& c, const std::string& labels) const;
  void after_game_change(const core::SquareSet& shown, inference::Rebase how, Output& out);
  void enter_setup(Phase phase, const core::Position& layout, const std::string& prompt,
                   Output& out);
  void on_verified(bool forced, Output& out);
  void answer(Request req, int option, Output& out);
  // Issue 31 item 11: a promotion never holds the table up.
  void default_open_choice_on_next_move(const SquareEvent& e, Output& out);
  void change_last_promotion(core::PieceKind piece, Output& out);
  void open_request(Request r, Output& out);
  void close_requests(RequestKind kind, Output& out);
  void close_questions(Output& out);
  void request_random_move(Output& out);
  void add(Ruling r, Output& out);
  void add_game_rulings(const std::vector<core::Ruling>& rs, Output& out, int move_index = -1);
  void refuse(const std::string& text, Output& out);
  void settle_before_operator(Output& out);
  std::optional<core::Move> random_move_for(const core::Game& g) const;
  bool random_mover(const core::Game& g, core::Seat s) const;
  bool question_open() const;
  // ---- the clock (clock.h): the board is the clock ----
  std::optional<Millis> flag_deadline() const;
  void on_flag(Output& out);
  // Why an arbiter's flag of `seat` is refused (its clock shows time), if it is.
  std::optional<std::string> unfounded_flag(core::Seat seat) const;
  void sync_clock(Millis at);
  void leave_or_end(const std::vector<core::Ruling>& rs, Output& out);
  void set_position(const Intent& in, Output& out);
  // ---- takebacks (session_takeback.cpp) ----
  void take_back(const Intent& in, Output& out);
  void trim_standing();
  void adjudicate(const Intent& in, Output& out);
  void clock_intent(const Intent& in, Output& out);
  // ---- issue 33: bots (session_bot.cpp) ----
 public:
  // The open announcement of a bot's move for the seat to move in `g`, if any.
  const Request* bot_request(const core::Game& g) const;

 private:
  std::string bot_why_not(const Request& bot, const core::Game& g, core::Square from, core::Square to,
                          const std::string& rules_why) const;
  void announce_bot_move(const Intent& in, Output& out);
  void advise(const Intent& in, Output& out);
  void resume_after_bot_move(Millis at);

  // ---- s31-fallback: a Stockfish seat played by Tabula's engine (session_bot.cpp) ----
 public:
  // One kBotFallback intent as the session took it: the seat's engine changed
  // before the game's move `from_move` (its index in game().moves()).
  struct BotEngineChange {
    core::Seat seat = core::kNoSeat;
    BotFallbackReason reason = BotFallbackReason::kNotRunnable;
    int level = 0;       // Tabula's level that plays the seat (kStockfishAgain: 0)
    std::string text;    // what the table heard
    std::size_t from_move = 0;
  };
  // Every change this game, in order (journaled inputs: a resume has them all).
  const std::vector<BotEngineChange>& bot_engine_changes() const { return bot_changes_; }
  // The seat's last change when it left Stockfish for Tabula's engine; nullptr
  // when the seat plays as its bot seat says (no fallback, or Stockfish again).
  const BotEngineChange* bot_fallback(core::Seat seat) const;
  // A bot's announced move as the game took it: game().moves()[index] in
  // stage `stage`, announced with `engine` (the kBotMove intent's text,
  // "Tabula level 8", "Stockfish 1500"), after `changes` of the changes
  // above. Moves taken back leave theirs behind: a mark holds while the
  // game's move at `index` is still `move` (journal::bot_comments).
  struct BotMoveMark {
    int stage = 0;
    std::size_t index = 0;
    core::Move move;
    core::Seat seat = core::kNoSeat;
    std::string engine;
    std::size_t changes = 0;
  };
  const std::vector<BotMoveMark>& bot_move_marks() const { return bot_marks_; }

 private:
  void change_bot_engine(const Intent& in, Output& out);
  void mark_bot_move();
  std::vector<BotEngineChange> bot_changes_;
  std::vector<BotMoveMark> bot_marks_;
  std::string announced_engine_;  // the open announcement's intent text

  SessionSettings settings_;
  std::vector<std::shared_ptr<const core::RuleSet>> stages_;
  core::Match match_;
  inference::Tracker tracker_;
  Phase phase_ = Phase::kSetup;
  Millis now_{0};
  std::vector<Request> requests_;
  std::uint32_t next_request_ = 1;
  std::vector<AcceptedMove> moves_;
  // Indices into moves_ of the moves that stand, in order: those of the
  // current stage are exactly the Game's moves (trim_standing()).
  std::vector<std::size_t> standing_;
  std::vector<Ruling> history_;
  bool opening_said_ = false;
  std::optional<GameClock> clock_;
  bool clock_held_ = false;  // paused by the arbiter
  Millis question_made_{0};  // when the board showed the move an open question is about
  // Session 19: a which-move question of several chains of plies in flight:
  // when each option's move landed (its clock time), and the questions
  // withdrawn because the board changed (id, why), for a late answer.
  std::vector<std::pair<core::Move, Millis>> question_made_each_;
  std::vector<std::pair<std::uint32_t, std::string>> withdrawn_questions_;
  // A move withdrawn (on_withdrawal): the clock already runs for the seat
  // after it; the move read instead leaves it so (accept()).
  bool keep_clock_ = false;
  // The last accepted move switched (or started) the clock: only that switch
  // may be moved when the move is withdrawn (a move accepted while the
  // arbiter held the clock switched nothing).
  bool clock_switched_ = false;
};

}  // namespace tabula::session

// tracker.h — from lifts and placements to moves (issue 5).
//
// Section index: TrackerSettings, TrackerMode, TrackerState, Wait,
// ChoiceKind, Commit, MismatchKind, Mismatch, TrackerUpdate, Tracker.
//
// The Tracker keeps the physical occupancy beside the committed position and,
// on every sensor change, matches the squares touched since the last accepted
// move against the footprint of every legal move (footprint.h, evidence.h).
// It commits a move once the board shows exactly one legal move's result and
// has been quiet for as long as that move needs (at once when nothing else
// can be under way; see "When a matched move commits"); it never commits a
// slide that brushed a square, an adjustment (lift and put back), or a piece
// held in the air.
//
// A fast reply: when the board no longer shows the tentative move T but does
// show T followed by one legal move M of the next player (judged only on the
// touches after T was last seen), T is committed at once and M becomes the new
// tentative move — the reply is neither lost nor merged into T. At the settle
// time, a board that shows T plus someone else's unfinished or wrong action
// also commits T first, so the reply is judged from the position after T.
//
// State machine (mode kTrack; "settled" = no sensor change for the quiet
// time the tentative move T needs: see "When a matched move commits" below;
// a board showing no move is judged after `settle`):
//
//   state           | input                              | next            | output
//   ----------------+------------------------------------+-----------------+--------------------
//   kInSync         | change, board shows move(s)        | kMatched        | (T := the match)
//   kInSync         | change, anything else              | kMoving         |
//   kMoving         | change, board equals the position  | kInSync         | evidence cleared
//   kMoving         | change, board shows move(s)        | kMatched        | (T := the match)
//   kMoving         | change, board shows T then reply M | kMoving         | Commit T (session
//                   |                                    |                 |   rebases; M is T)
//   kMoving         | settled, T stands, other seat acts | kMoving         | Commit T
//   kMoving         | settled, on the way to a move      | kMoving         | (pending; after
//                   |   (a piece in the air)             |                 |   hold_warning:
//                   |                                    |                 |   kHeldTooLong)
//   kMoving         | settled, a waypoint's move and a   | kMoving         | (pending until
//                   |   longer one both fit, the next    |                 |   the capturer
//                   |   seat's capturer resting on the   |                 |   lands)
//                   |   longer one's landing or in the   |                 |
//                   |   air (capturer_resting_on)        |                 |
//   kMoving         | settled, a piece resting on the    | kMoving         | (judged once it
//                   |   path of a legal move of its own  |                 |   has rested as
//                   |   (the rest square no legal move)  |                 |   long as kSlide)
//   kMoving         | settled, the touches one chain of  | kMoving         | Commit its first
//                   |   plies in flight (chain_reading)  |                 |   move (session 18)
//   kMoving         | settled, anything else             | kMismatch       | Mismatch (illegal
//                   |                                    |                 |   move or out of
//                   |                                    |                 |   sync, with fixes)
//   kMatched        | change                             | (as kMoving)    |
//   kMatched        | settled, one move                  | kMoving         | Commit (session
//                   |                                    |                 |   rebases)
//   kMatched        | settled, choices (promotion,       | kAwaitingChoice | Commit with options
//                   |   placement kind, ambiguity)       |                 |
//   kAwaitingChoice | change                             | kAwaitingChoice | (logged for later)
//   kAwaitingChoice | rebase (the session played one)    | (re-evaluated)  |
//   kMismatch       | change, board equals the position  | kInSync         | back_in_order
//   kMoving,        | change, board equals the position, | kInSync         | back_in_order
//   kMatched        |   a mismatch ruled since the last  |                 |   (session 29:
//                   |   commit (ruling_open_)            |                 |   a long hold)
//   kMismatch       | change, board shows move(s)        | kMatched        |
//   kMismatch       | change, anything else              | kMismatch       | fixes refreshed
//   kMismatch       | settled in a new wrong state       | kMismatch       | Mismatch again
//   any             | burst (many squares at once)       | (same)          | kBurst; no new move
//                   |                                    |                 |   is matched until
//                   |                                    |                 |   the board is back
//                   |                                    |                 |   in order
//   any             | three pieces off, one of each of   | (same)          | (none: three hands,
//                   | three seats in turn (three_hands)  |                 |   session 17)
//
// When a matched move commits (issue 18, `commit_at_once`; `Wait`). FIDE 4.7:
// a move is made when the hand releases the piece; the board sees only the
// reed, so a move commits at the placement when the board's state can only
// be that one legal move, and waits where the hands may still be under way.
// Every hand of the trace generator (trace_generator.h) is a row:
//
//   the board shows ...                          | wait      | why
//   ---------------------------------------------+-----------+-----------------------------------
//   a step, leap or capture onto a square no     | kNone:    | one legal move; nothing else in
//     longer legal move of the piece passes over |  bounce   |   the air (shows_result: the board
//     (Nf3, exd5, Rxa8, Kf2; captures with the   |  window   |   differs exactly on its squares);
//     victim or the mover lifted first; en       |  (10 ms)  |   the quiet wait lets a reed's
//     passant in any order; castling once both   |           |   flicker (a flip and a flip back
//     pieces stand, any order; a placement of    |           |   within it) come back first
//     one kind)                                  |           |
//   a square a longer legal move of the same     | kSlide:   | a slide brushing the square on its
//     piece from the same origin passes over     |  slide_   |   way (each brush a short down and
//     (e2-e3 with e2-e4 legal; Ra1-a3 with a4    |  rest     |   up), or a hand resting on the way
//     legal; the first square a slide brushes)   |  (1500 ms;|   (0.3-0.9 s on real boards, issue
//                                                |  sliding  |   27); `sliding` off: settle_slide
//                                                |  off: 250)|   (250 ms), a sliding hand only
//   a move that is the first half of another     | kPrefix:  | the rook of a rook-first castling,
//     (footprint `prefix`)                       |  settle_  |   the king stepping over its
//                                                |  prefix   |   castling square (king first with
//                                                |  (1500 ms)|   a slide)
//   a promotion                                  | kSettle   | the promoted piece is swapped in on
//                                                |  (500 ms) |   the square; which piece, if asked
//   several moves alike; a promotion's or a      | kSettle   | a choice is pending: the kiosk asks
//     placement's kinds                          |           |   after it settles
//   a move with a square not compared (a masked  | kSettle   | part of the move is unseen
//     sensor, a removal not yet done), a stray   |           |
//     piece, the first reading after a burst;    |           |
//     a capture whose square was refilled at the |           |
//     end of a run of bounces (session 28:       |           |
//     kept_refilled_bouncing: a chattering reed) |           |
//   a move taking on a capture's square that a   | kSettle:  | session 29 (chattered_): the other
//     chattering reed's refill alone showed      |  settle_  |   reading has its piece still in
//     captured, committed before it rested the   |  prefix   |   the air (the capturer landed after
//     settle time (kept_shown_by_run)            |  (1500 ms)|   the victim's lift)
//   commit_at_once off                           | kSettle   | the behaviour before issue 18
//   a move proven by a reply seen whole after it | kNone     | as a fast reply (either mode)
//
// kSlide and kPrefix end early when the seat to move after T lifts a piece
// that no longer move of T's piece could capture while T's squares stand:
// the mover's hand is off the board (a lift the slide could still capture
// on may be the mover taking the victim: it waits; so does a lift while the
// mover holds another piece of his own, the king of a rook-first castling).
//
// Not moves, so never committed at once: an adjustment (lift and put back:
// the board returns to the position), a piece in the air, a slide's brushed
// square (kSlide above), the half-done castling or en passant (no legal
// move's footprint). After a move is committed, its mover straightening the
// piece (a lift of its square within `settle` of the commit; a reed's flip
// within the bounce window is never one) is no touch out of turn, nor is a
// lift of another of its pieces then (its hand, withdrawing, knocked one and
// sets it straight: session 12); moving it on to another square is: the
// move was made (FIDE 4.7), and the board is ruled out of order after
// `settle` with the fixes to put it back.
//
// A piece moved on at once (session 13, `Withdrawal`): a move M committed at
// once whose piece its mover lifts again within `settle` of setting it down
// (the hand never let go: a piece bouncing onto another square on its way,
// then slid on), when the board then shows another legal move L of the same
// piece from the position before M, every touch since M's commit on M's
// landing or L's squares until the board showed L (no other hand began
// before L's piece stood; one begun after it answered L, and keeps its
// touches: session 29), and L's squares stay so for the bounce window (a
// reed's flicker aside): M was not made yet. The update carries M withdrawn and L as a
// commit (L's clock time: when its piece was set down); the session takes M
// back and plays L (one withdrawal a move). With commit_at_once off, M waits
// the settle time and L is read without it; a piece left longer than that, or
// moved on after another hand began, is ruled as above.
//
// A capture landed late (session 31, `landed_late`): a capture C committed
// before it rested the settle time on its square's refill ending a run of
// bounces (chattered_: perhaps a reed chattering under the capturer in the
// air, its victim never gone), the next seat's reply M read as taking on
// that square (the victim lifted and the square filled again), and then
// M's piece, its origin empty, set down on another square of its own legal
// moves, empty in the position after C, where no piece of the seat after
// M, lifted and not back, could have gone in the game after M (then M may
// stand and that seat have moved: the judgement's chains read it): M's
// piece was in the air all along, and the lift and fill of C's square were
// C's victim lifted and C's capturer landing. Those touches (with the
// squares C's piece passed over until then) are C's, not the next seat's;
// C was made at that fill (FIDE 4.7), which the next commit carries
// (`Commit::before_made`) for the clock. Corners soak seed 347 with bounce runs: Rl3xNj3 shown by j3's
// chatter, j3 lifted, White's j1 rook lifted, Pink's rook landing on j3,
// Grey lifting a8, White's rook set on i1: Rj1-i1 with Grey in the air
// (was: ruled out of sync); chess 409's hands: Na3xb5 timed at b5's
// landing, not the chatter's fill, when the bishop lands on d7.
//
// Mode kVerify (setup, stage change, after a takeback): the board is compared
// with a given layout; fixes are always current; `verified` is reported once:
//
//   state (kVerify)        | input                                | output
//   -----------------------+--------------------------------------+----------------------------
//   board != layout        | change                               | (fixes refreshed)
//   board != layout        | quiet for setup_report, a new board  | Mismatch kNotSetUp: what
//                          |                                      |   differs and what to do
//   board == layout        | quiet for the settle time            | verified
//   board == layout (once) | change before the settle time        | verified, `from_layout`:
//                          |                                      |   the touches since the board
//                          |                                      |   showed the layout are kept
//
// So a first move begun before the setup settled is read as the first move
// (issue 21): the session rebases with Rebase::kAfterLayout. Mode kObserve
// (game over): sensors only.
//
// Ownership: the Tracker owns the physical board and the evidence; the
// session owns the game and passes a MoveSource into every call, and calls
// rebase() after every change of the game. The Geometry must outlive the
// Tracker. Time is a value passed in; nothing here reads a clock.
// Not thread-safe. Deterministic: the same calls give the same updates.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "inference/evidence.h"
#include "inference/fix_plan.h"
#include "inference/footprint.h"
#include "inference/move_source.h"
#include "inference/physical_board.h"
#include "inference/sensor_health.h"

namespace tabula::inference {

struct TrackerSettings {
  Millis settle{500};          // quiet time before a wrong board is judged, or a move committed
                               // that may still change (Wait::kSettle)
  Millis settle_prefix{1500};  // ... when the move may be the first half of castling (rook first)
  // Issue 18: a move the board can only be read one way (Wait::kNone, the
  // table above) is committed once no reed can still flicker back
  // (health.bounce_window), not after `settle`. Off: every move waits `settle`.
  bool commit_at_once = true;
  // commit_at_once: a move whose square a slide of the same piece could pass
  // over on the way to another legal move waits this long: a sliding hand
  // leaves a square within a fraction of it (docs/INFERENCE.md, "Settling").
  Millis settle_slide{250};
  // Issue 27 item 10, a hand that rests on the way (a pawn going e2-e4 stood
  // on e3 for 0.3-0.9 s on real DGT recordings). FIDE 4.7: the move is made
  // when the hand releases the piece, which a reed cannot see. On (the
  // default, PicoChess's "sliding" reading): a piece standing where a longer
  // legal move of the same piece passes over is still under way until it has
  // rested there for `slide_rest` or the next seat begins; the board showing
  // the longer move meanwhile is that move. Off: a rest of `settle_slide` is
  // taken as the release, and going on is ruled (put it back) as a touch in
  // the next seat's turn. Either way the move commits at its own landing time
  // (the clock), and a ruled board is put right by following the guidance.
  bool sliding = true;
  Millis slide_rest{1500};
  Millis hold_warning{10000};  // a piece off its square this long, board quiet: reported
  Millis setup_report{2000};   // kVerify: a board set up part-way and quiet this long: reported
  HealthSettings health;
};

enum class TrackerMode : std::uint8_t { kTrack, kVerify, kObserve };
enum class TrackerState : std::uint8_t { kInSync, kMoving, kMatched, kAwaitingChoice, kMismatch };
const char* to_string(TrackerState s);

// Why a move the board shows is not committed yet (the table "When a
// matched move commits" above).
enum class Wait : std::uint8_t {
  kNone,    // final: committed once quiet for the bounce window
  kSlide,   // a waypoint of a longer move of the same piece: settle_slide
  kPrefix,  // the first half of another move (castling): settle_prefix
  kSettle,  // a choice, several readings, unseen squares, a burst, or commit_at_once off: settle
};
const char* to_string(Wait w);

enum class ChoiceKind : std::uint8_t {
  kNone,
  kPromotion,  // which piece the pawn becomes
  kPlacement,  // which piece is placed (003 rule 5)
  kWhichMove,  // the board shows two legal moves' results alike
};

// Session 19: one chain of plies in flight read from the touches
// (tracker_chains.cpp), named in a which-move question.
struct ChainLine {
  std::vector<core::Move> moves;          // the plies landed, in order
  core::Square in_air = core::kNoSquare;  // the origin of a last ply still in the air
  // Session 21: the square of a victim lifted for a last ply under way (the
  // capturer still standing).
  core::Square lifted = core::kNoSquare;
};

struct Commit {
  std::vector<core::Move> options;  // one move, or those to choose among
  ChoiceKind choice = ChoiceKind::kNone;
  Millis time{0};
  Millis made{0};  // when the board first showed the move (it settled at `time`)
  // Session 19: the options are the first moves of several chains of plies
  // in flight ("Which chain", below): when each landed (the clock's move
  // time; parallel to `options`), and the chains that fit the touches.
  std::vector<Millis> option_made;
  std::vector<ChainLine> lines;
  // Session 31: the move committed before this one was made later than the
  // clock holds, at this time: its capture landed late ("A capture landed
  // late", above). The session moves that move's clock switch here
  // (GameClock::amend_switch) before it switches for this one.
  std::optional<Millis> before_made;
};

enum class MismatchKind : std::uint8_t {
  kIllegalMove,  // one piece was moved somewhere the rules refuse
  kLifted,       // a piece that may not move is off its square
  kOutOfSync,    // anything else: squares to fix
  kNotSetUp,     // kVerify: the board does not show the layout yet (info; what differs)
};

struct Mismatch {
  MismatchKind kind = MismatchKind::kOutOfSync;
  core::Severity severity = core::Severity::kIllegal;
  std::string text;  // the reason and what to do
  std::optional<Attempt> attempt;
  std::vector<Fix> fixes;
  Millis time{0};
};

// Session 13: a move committed at once whose piece its mover's hand took on
// at once (it bounced onto another legal square; the hand, still on it, slid
// it on): the move was not made yet, and the board now shows `instead` from
// the position before `withdrawn` (see "A piece moved on at once" below).
struct Withdrawal {
  core::Move withdrawn;
  Commit instead;  // options as a commit's (one move, or a promotion's choices)
};

struct TrackerUpdate {
  std::optional<Commit> commit;
  std::optional<Withdrawal> withdrawal;  // the session takes `withdrawn` back, then commits `instead`
  std::optional<Mismatch> mismatch;
  bool back_in_order = false;  // a ruled mismatch has been fixed
  bool verified = false;       // kVerify: the board showed the layout (settled, or play began)
  // Session 19: the open which-move question of several chains no longer
  // fits the board (it changed and settled): why. Nothing was committed; the
  // touches are read again from the position.
  std::optional<std::string> withdrawn_question;
  std::vector<Observation> observations;

  void merge(TrackerUpdate other);
};

enum class Rebase : std::uint8_t {
  kAfterCommit,   // the committed move's touches are dropped, later ones kept
  kKeepEvidence,  // the game changed without a move (a resignation)
  kFresh,         // start over (a takeback)
  kAfterLayout,   // a verified setup: touches after the board last showed the layout are kept
};

class Tracker {
 public:
  explicit Tracker(const core::Geometry& geometry, TrackerSettings settings = {});

  // ---- baselines ----
  // Track moves from src.game(). Re-evaluates the kept evidence.
  TrackerUpdate rebase(const MoveSource& src, Rebase how);
  // Compare the board with `layout` (set-up, stage change, after a takeback).
  void verify(const core::Position& layout);
  // Follow the sensors only (the game is over).
  void observe();
  // The reeds now belong to another shape (004's stage change).
  void set_geometry(const core::Geometry& geometry);
  // Squares the rules changed without a hand move (a removal, 003 rule 3):
  // not compared until they show the position's state. Call before rebase().
  void expect_change(const core::SquareSet& squares);
  // A sensor the arbiter declared faulty: its square is not compared.
  void set_masked(core::Square square, bool masked);

  // ---- inputs ----
  TrackerUpdate on_event(const SquareEvent& e, const MoveSource* src);
  TrackerUpdate on_tick(Millis now, const MoveSource* src);
  // An operator acts (a resignation, a takeback): a move the board shows is
  // taken as made now, without waiting for the settle time.
  TrackerUpdate settle_now(const MoveSource* src);
  // When on_tick next has something to do, if ever.
  std::optional<Millis> next_deadline() const;

  // The chains of plies in flight (tracker_chains.cpp) are searched up to
  // this many positions played; past it the board is ruled, nobody accused.
  static constexpr int kMaxChainSteps = 400;

  // ---- queries ----
  TrackerMode mode() const { return mode_; }
  TrackerState state() const { return state_; }
  const PhysicalBoard& board() const { return board_; }
  const core::SquareSet& expected() const { return expected_; }
  core::SquareSet ignored() const { return masked_ | awaiting_; }
  const core::SquareSet& awaiting() const { return awaiting_; }
  const core::SquareSet& masked() const { return masked_; }
  // Squares that differ from the expected occupancy (lifted pieces, moved pieces).
  core::SquareSet differences() const { return (board_.occupied() ^ expected_) & ~ignored(); }
  // What to do now (kMismatch and kVerify; empty otherwise).
  const std::vector<Fix>& fixes() const { return fixes_; }
  // The move the board shows, waiting to settle (first option).
  std::optional<core::Move> tentative() const;
  // When the board first showed the tentative move, if there is one.
  std::optional<Millis> tentative_shown() const {
    return tentative_ ? std::optional<Millis>(tentative_->shown) : std::nullopt;
  }
  // Why the tentative move waits (kNone: it commits at once), if there is one.
  std::optional<Wait> tentative_wait() const {
    return tentative_ ? std::optional<Wait>(tentative_->wait) : std::nullopt;
  }
  const TrackerSettings& settings() const { return settings_; }
  // The last move committed at once may still be withdrawn ("A piece moved
  // on at once"): until when at least (its mover's first touch may come up
  // to `settle` after it landed; his hand back on it, `settle` after the
  // last change). Nullopt once another hand began or the time is past use.
  std::optional<Millis> withdrawal_open_until() const;
  // Session 19: an open which-move question of several chains, and the
  // squares that changed since it was asked (an answer then is refused).
  bool chain_question_open() const {
    return state_ == TrackerState::kAwaitingChoice && !chain_choices_.empty();
  }
  core::SquareSet changed_since_asked() const {
    return chain_question_open() ? (asked_board_ ^ board_.occupied()) & ~ignored() : core::SquareSet{};
  }

 private:
  struct Tentative {
    std::vector<std::size_t> groups;  // indices into groups_; more than one: ambiguous
    std::uint64_t seq = 0;            // the touch after which the board showed it
    Millis shown{0};                  // when the board first showed it (the clock's move time)
    Wait wait = Wait::kSettle;
    std::optional<Millis> left;  // when the board first stopped showing it
    // Squares of the next seat's reply begun before the board showed it
    // (overlapping_reading): their touches belong to the reply.
    core::SquareSet carry;
    // Session 24: shown again by a later touch of its squares, the touch
    // after which it was shown before and its carry then; restored when
    // that later touch turns out to be a reed's flicker (undo_flicker_reshow).
    std::optional<std::uint64_t> seq_before;
    core::SquareSet carry_before;
    // Session 25: shown again by the flip back of its landing's bouncing
    // reed, when the piece was set down (the clock's move time; `shown` is
    // the flip back). Nullopt: `shown` is that time.
    std::optional<Millis> landed;
  };
  // The game one tentative move further, for fast replies.
  struct After {
    std::optional<core::Game> game;
    std::vector<CandidateGroup> groups;
    core::SquareSet expected;
    core::SquareSet ignored;
    core::SquareSet targets;
  };

  void evaluate(const MoveSource* src, TrackerUpdate& up);
  void take_tentative(Tentative t, TrackerUpdate& up);
  void judge(const MoveSource* src, TrackerUpdate& up);
  void check_touch(core::Square q, const MoveSource* src, TrackerUpdate& up);
  void clear_evidence();
  // A piece moved on at once: the move of `withdrawable_` it makes instead
  // (an index into its `others`), if the board shows one.
  std::optional<std::size_t> moved_on() const;
  Withdrawal withdraw(std::size_t other);
  bool touched_since(std::uint64_t seq, const core::SquareSet& squares) const;
  bool lifted_before(core::Square a, core::Square b) const;
  bool shown_by_flicker() const;
  bool next_flips_back(const Touch& b) const;
  bool may_flip_back() const;
  bool may_still_flip_back(const core::SquareSet& squares) const;
  void reshow_after_flicker();
  void undo_flicker_reshow();
  bool landing_bounced() const;
  bool kept_refilled_bouncing(const Footprint& f) const;
  core::SquareSet kept_shown_by_run(const Footprint& f, std::uint64_t shown) const;
  std::optional<Touch> landed_late(const After* a) const;
  void take_late_landing(const Touch& fill);
  std::optional<Millis> landing_run(std::size_t group) const;
  void drop_impossible_after_tentative(std::vector<std::size_t>& matches) const;
  bool filled_before_it_left(std::size_t t, std::size_t m, const core::SquareSet& squares) const;
  bool stands_on_tentative_landing(std::size_t m) const;
  std::vector<std::size_t> completed_last(const std::vector<std::size_t>& matches) const;
  // `settled`: the board showed it, unchanged, for as long as it waits.
  Commit commit_tentative(bool settled = false);
  Wait wait_for(const std::vector<std::size_t>& matches, std::size_t readings,
                bool after_burst, bool proven = false) const;
  bool waypoint(const CandidateGroup& g) const;
  Millis quiet_needed() const;
  Millis slide_wait() const;
  Millis judge_quiet() const;
  bool resting_on_a_path(const Evidence& ev) const;
  bool other_seat_acting(const MoveSource* src) const;
  bool next_seat_began(const MoveSource* src);
  const After* after(const MoveSource* src);
  After after_of(const CandidateGroup& t, const MoveSource& src) const;
  // `before` with t's move played through the game's rules: the game, the
  // occupancy it expects and its candidate groups (none: t is illegal there
  // or ends the game). after_of and the chains of plies in flight read it.
  static After played(const core::Game& before, const CandidateGroup& t, const MoveSource& src);
  // A move M read with the next seat's reply under way; `proven`: that reply
  // is seen whole (perhaps with the seat after it already lifting).
  struct Overlap {
    std::size_t group = 0;
    bool proven = false;
    // Proven by a reply that took on M's landing square after M's piece
    // landed there: that landing (the touches after it are the reply's).
    std::uint64_t landed_seq = 0;
    Millis landed_at{0};
    // The squares of the reply seen whole, outside M's: their touches are
    // the reply's (a victim lifted and its square refilled by the capturer).
    core::SquareSet reply;
  };
  // `went_on`: a waypoint left; the same piece's reading must pass over it.
  // `two_readings`: set when a reading was refused because the piece on
  // its landing may be the next seat's capturer resting on its way to the
  // waypoint left (capturer_resting_on).
  std::optional<Overlap> overlapping_reading(const MoveSource* src, const Evidence& ev,
                                             std::optional<std::size_t> went_on,
                                             bool& two_readings) const;
  const Touch* landed_again(const core::SquareSet& squares) const;
  // `r`, a reply taking on the landing of groups_[t] (a waypoint), is a
  // piece set beside it whose own move the board shows instead
  // (capturer_resting_on's pair, judged by the hands; `pos` the committed
  // position, where r's piece stands).
  bool went_on_beside(std::size_t t, const CandidateGroup& r, const core::Position& pos) const;
  // The piece on `from` (of `pos`), lifted to take on the waypoint `w_to`,
  // may be the one set down on `landing` beside it: a knight, or another
  // piece but a pawn when the hands' timing says the waypoint's piece did
  // not go on (session 17).
  // The three squares of a burst (`now_lifted` the lift just seen, not yet
  // in the log) are three seats' hands in turn order (session 17).
  bool three_hands(const std::vector<core::Square>& off, core::Square now_lifted,
                   const MoveSource* src) const;
  bool set_beside_waypoint(core::Square from, core::Square w_to, core::Square landing,
                           const core::Position& pos) const;
  // Session 18: the board read as several plies in flight (tracker_chains.cpp):
  // the first of them, when every chain of plies the touches allow begins
  // with it; `several` when chains begin with different moves.
  struct ChainReading {
    std::size_t group = 0;         // the mover's move, an index into groups_
    std::uint64_t landed_seq = 0;  // its landing (the touches after it are the later plies')
    Millis landed_at{0};
    core::SquareSet carry;  // the later plies' squares touched before it landed
    std::size_t plies = 0;  // the longest chain read
    // Session 19: the later plies landed, as every chain read has them: each
    // is made when it landed (FIDE 4.7), not when it is read after the first.
    std::vector<std::pair<core::Move, Millis>> later;
  };
  // `undo`, with `several`: the fixes that put the board back before every
  // chain alike (empty when they differ, or a ply captured).
  // Session 19: a first move of several chains, as the table may answer it.
  struct ChainChoice {
    core::Move move;
    std::uint64_t landed_seq = 0;  // its landing (the commit's touch when chosen)
    Millis landed_at{0};
    core::SquareSet carry;  // the later plies' squares touched before it landed
    std::vector<std::pair<core::Move, Millis>> later;  // as ChainReading's
  };
  // What chain_reading found besides one reading.
  struct ChainsFound {
    bool several = false;  // chains begin with different moves (or land at different times)
    bool gave_up = false;  // the search stopped at kMaxChainSteps positions played
    int steps = 0;         // positions played
    // With `several`: the fixes that put the board back before every chain
    // alike (empty when they differ, or a ply captured); the first moves to
    // ask about (empty when one first move landed at two times), the chains.
    std::vector<Fix> undo;
    std::vector<ChainChoice> choices;
    std::vector<ChainLine> lines;
  };
  std::optional<ChainReading> chain_reading(const MoveSource& src, ChainsFound& found) const;
  // The which-move question of several chains: asked (judge), withdrawn when
  // the board no longer shows what it showed then (on_tick).
  Commit ask_which_chain(ChainsFound& found);
  void withdraw_chain_question(const MoveSource* src, TrackerUpdate& up);
  // `fill` came before the first lift of `origin` in the touches kept.
  bool filled_before_lift(core::Square origin, const Touch& fill) const;
  // `rests`: squares filled where a rest on its path would be (none: the landing only).
  bool landed_before_it_left(const CandidateGroup& g, const core::SquareSet& rests = {}) const;
  bool capturer_resting_on(std::size_t m, std::size_t waypoint, const core::SquareSet& rest,
                           const MoveSource& src) const;
  bool whole_with_later_lifts(const CandidateGroup& r, const After& a,
                              const TouchSummary& touches) const;
  bool whole_with_a_later_move(const CandidateGroup& r, const After& a, const TouchSummary& touches,
                               const MoveSource& src) const;
  Mismatch describe_mismatch(const MoveSource* src, const Evidence& ev) const;
  Mismatch describe_setup() const;
  void refresh_fixes(const MoveSource* src);
  FollowContext follow_context(const core::Position& pos) const {
    return {&pos, settings_.health.bounce_window};
  }

  TrackerSettings settings_;
  PhysicalBoard board_;
  SensorHealth health_;
  TrackerMode mode_ = TrackerMode::kObserve;
  TrackerState state_ = TrackerState::kInSync;

  // The baseline.
  std::optional<core::Position> layout_;  // kVerify
  core::SquareSet expected_;
  std::vector<CandidateGroup> groups_;
  core::SquareSet targets_;
  core::Seat mover_ = core::kNoSeat;
  core::SquareSet masked_;
  core::SquareSet awaiting_;

  // The evidence.
  TouchLog log_;
  TouchSummary summary_;
  std::uint64_t seq_ = 0;
  Millis now_{0};
  Millis last_change_{0};
  std::optional<Tentative> tentative_;
  std::optional<Tentative> previous_;  // the move shown before tentative_ replaced it
  std::uint64_t commit_seq_ = 0;
  core::SquareSet commit_carry_;  // touches kept past commit_seq_ (Tentative::carry)
  std::optional<After> after_;
  core::Move after_key_;
  // The squares the last move committed at once filled: until `placed_until_`
  // a touch there is its mover straightening the piece, not a touch out of turn.
  core::SquareSet placed_;
  Millis placed_until_{0};
  bool regrip_ = false;  // its mover lifted that piece again within the time
  // Session 29: the kept squares of the move last committed when the fill
  // that showed its capture there ended a run of bounces (kept_shown_by_run:
  // perhaps a chattering reed, its piece never gone) and it was committed
  // before the board had rested the settle time: a move taking on them rests
  // on a landing unseen, and waits the settle time too (wait_for).
  core::SquareSet chattered_;
  core::Move chattered_move_;  // that move (its piece's path: take_late_landing)
  // Session 31: the move last committed landed late, at this time
  // (landed_late): carried by the next commit (Commit::before_made).
  std::optional<Millis> late_made_;
  // The last move committed at once, while its piece may still be moved on
  // (moved_on): what the board showed before it and the other moves of its
  // piece then. Set by commit_tentative, kept by Rebase::kAfterCommit only.
  struct Withdrawable {
    core::Move move;
    core::Seat seat = core::kNoSeat;
    Millis landed{0};             // when the board showed it
    std::uint64_t seq = 0;        // the commit's touch
    core::SquareSet expected;     // the occupancy before it
    core::SquareSet landing;      // the squares its piece filled
    core::SquareSet ignored;      // the squares not compared then
    std::vector<CandidateGroup> others;  // the piece's other moves from before it
  };
  std::optional<Withdrawable> withdrawable_;
  bool withdraw_due_ = false;  // the board shows one since the last change: due after the bounce window
  // The seat whose move that was: until `placed_until_` a lift of one of its
  // own pieces is its hand leaving the board (a piece knocked and set
  // straight), not a touch out of turn.
  core::Seat placed_seat_ = core::kNoSeat;
  // The board showed T followed by a reply only since a flip that may be a
  // reed's flicker (its flip back not yet come): T commits once no reed can
  // flicker back (on_tick after the bounce window), if the reply still shows.
  bool reply_due_ = false;
  // Session 27: the board showed a move M with the next seat's reply seen
  // whole (overlapping_reading, `proven`) only while a reed of theirs may
  // still flip back (may_still_flip_back): it is read again once no reed can
  // (on_tick after the bounce window), if the board still shows it.
  bool proof_due_ = false;
  // The board fits both a waypoint's move with the next seat's capturer
  // resting on its way to take there, and the longer move with that
  // capturer in the air (capturer_resting_on): nothing is committed, not
  // even at the settle time (judge: pending), until the hands tell.
  bool two_readings_ = false;
  // When each square's occupancy last flipped (bounce: check_touch), and the
  // flip before the one being handled.
  std::array<Millis, core::kMaxSquares> last_flip_ = [] {
    std::array<Millis, core::kMaxSquares> a;
    a.fill(Millis{-1000000});
    return a;
  }();
  Millis previous_flip_{-1000000};
  // Each square's flip before its last one (may_flip_back).
  std::array<Millis, core::kMaxSquares> flip_before_ = [] {
    std::array<Millis, core::kMaxSquares> a;
    a.fill(Millis{-1000000});
    return a;
  }();

  // Judgement.
  bool judged_ = false;
  // The board (as it stood since this change) shows a piece resting on the
  // path of a legal move: judged after slide_wait(), not settle.
  std::optional<Millis> resting_since_;
  bool pending_ = false;
  bool hold_warned_ = false;
  bool verified_ = false;
  std::optional<std::uint64_t> layout_seq_;  // kVerify: the touch after which the board last
                                             // showed the layout
  bool disturbed_ = false;
  std::optional<Attempt> ruled_attempt_;
  std::optional<core::SquareSet> ruled_board_;
  // A mismatch has been ruled and the board not put right since (no commit,
  // no rebase): its put-back is said (back_in_order) whatever state the hands
  // took the tracker through meanwhile (session 29: a piece held past the
  // settle time on its way back is judged pending, kMoving, not kMismatch).
  bool ruling_open_ = false;
  std::vector<Fix> fixes_;
  core::SquareSet warned_touch_;
  bool swapped_said_ = false;  // the swap on this board has been ruled
  // Session 19: the first moves of the chains the open which-move question
  // asks about, and the board when it was asked.
  std::vector<ChainChoice> chain_choices_;
  core::SquareSet asked_board_;
  // The later plies of the chain committed first (ChainReading::later): a
  // commit of the next one is timed at its landing (commit_tentative).
  std::vector<std::pair<core::Move, Millis>> chain_later_;
};

}  // namespace tabula::inference

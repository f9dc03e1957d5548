// trace_generator.h — any recorded game becomes a sensor test (issue 5, part 4).
//
// Section index: Action, actions_from_record, GeneratorSettings,
// ScriptedMove, Script, generate_script.
//
// A game record (PGN or PGN4, read by core::parse_pgn and replayed by
// core::replay) is turned into what hands and reeds would produce at a real
// table, with the variety that makes inference hard, all drawn from one seed:
//   - the setup at time 0 (the board daemon's sim convention: the board
//     starts empty, events at 0 ms lay out the position);
//   - captures with the victim or the mover lifted first; en passant in any
//     order; castling king first, rook first or both lifted (what a move does
//     to the squares comes from the game, which plays it: issue 31 item 12);
//   - slides: a sliding piece brushes the empty squares on its way (a down
//     and an up on each: the reed closed 20-160 ms while the magnet passes,
//     then open 5-60 ms before the next square's, a hand sliding a piece at
//     0.15-1 m/s over 40-57 mm squares);
//   - adjustments: an own piece lifted and put back before the move, the moved
//     piece straightened after it;
//   - hesitations: a piece held in the air for longer than the settle time;
//   - fast replies: the next player starts before the settle time has passed;
//   - real hands (issue 27 item 11, measured on DGT recordings): a piece in
//     the air 220-900 ms from lift to landing (median about 560 ms); the next
//     player's lift within 270 ms of the last landing, before it or after it
//     (overlapping); a capturer held in the air 0.4-0.9 s while the victim is
//     removed; a slide resting 0.3-0.9 s on its path; castling mostly king
//     first;
//   - bounce: a reed flickering for a few milliseconds as a piece lands or leaves;
//     with session 29's settings (off by default), runs of 2-5 bounce pairs,
//     chatters of 4-20 flips, and a victim's reed chattering under the
//     capturer in the air (a stream of their own, like the habits);
//   - session 12's hand habits (their own chances, drawn from a stream of
//     their own so that a script without them is the one it was before):
//     a piece that bounces onto an empty neighbour of its landing and is
//     slid back onto it; a neighbour knocked by the withdrawing hand and set
//     straight (on its square, or back from a neighbour it was knocked
//     onto); a capture pushing the victim off its square (the reed opens
//     20-120 ms, no lift of its own); castling with one hand (king and rook
//     lifted 5-60 ms apart, either first, and set down 20-120 ms apart,
//     either first); three seats' hands in a row (after an overlapping move
//     the next one overlaps too);
//   - a promotion's piece swapped in, and the choice answered on the kiosk;
//   - resignations and time losses as operator intents; pieces the rules
//     remove, lifted after the move.
// Timing keeps the rules of a real table that inference relies on: within a
// move, a board showing some legal move's result never rests as long as the
// settle time, except a rest on the path (shorter than slide_rest); a piece
// in the air may. Pure: no I/O, no clock; the same
// record and settings give the same script.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/pgn.h"
#include "core/result.h"
#include "core/rule_set.h"
#include "session/input.h"

namespace tabula::session {

// What happened at the table, in order: a move, or a seat leaving.
struct Action {
  enum class Kind : std::uint8_t { kMove, kResign, kTimeout };
  Kind kind = Kind::kMove;
  core::Move move;
  core::Seat seat = core::kNoSeat;
  // A bot's move (issue 33): the hands make it once the kiosk announces it,
  // after the move before is read: never a fast reply, never overlapping.
  bool announced = false;
};

// Replays `record` from `start` (core::replay) and lists its moves and the
// resignations and time losses the arbiter applied. An Error names the round,
// seat and token that was refused.
core::Result<std::vector<Action>> actions_from_record(
    std::shared_ptr<const core::RuleSet> rules, const core::Position& start,
    const std::array<int, core::kMaxSeats>& points, const core::PgnRecord& record);

// Chances are in percent, per move.
struct GeneratorSettings {
  std::uint64_t seed = 1;
  Millis settle{500};  // the settle time of the session that reads the script
  int slide = 40;
  int adjust = 15;
  int hesitate = 15;
  int fast_reply = 20;
  int bounce = 20;
  int victim_first = 50;
  int swap_promoted = 70;
  // Issue 27 item 11, habits measured on real DGT recordings, used with
  // `real_hands` (the default: every soak, `tabula trace` and `tabula
  // bench-latency`; off gives the tidy hands the soaks were first written
  // with, `--real-hands off`):
  bool real_hands = true;
  int overlap = 35;        // the next player lifts within 270 ms of the last landing, either side
  int rest = 30;           // a slide rests 0.3-0.9 s on one square of its path
  int castle_king_first = 60;  // of castlings (the rest rook first or both lifted, alike)
  // Session 12's hand habits (with `real_hands`), in percent:
  int bounce_aside = 6;       // of landings: on an empty neighbour first, then slid on
  int knock = 6;              // of moves: a neighbour of the landing knocked, set straight
  int push_capture = 30;      // of captures with the mover lifted first: the victim pushed off
  int one_hand_castle = 40;   // of castlings: king and rook in one hand
  int three_in_a_row = 50;    // of moves after an overlapping one: overlapping too
  // Session 29's reeds (off by default, so every script is the one it was;
  // `inference_soak --bounce-runs`): a reed closing or opening bounces for
  // 0.5-1 ms, chatters on a shock or a magnet passing (reed makers'
  // glossaries), so over the 1-5 ms of a run the 1 ms events show several
  // flips. Drawn from a stream of their own, in percent:
  int bounce_run = 0;      // of reed events: 2-5 bounce pairs in 1-5 ms, not one pair
  int chatter = 0;         // of reed events: 4-20 flips in 1-5 ms (in pairs: it ends as it went)
  int victim_chatter = 0;  // of captures with the mover lifted first: the victim's reed
                           // chatters (4-20 flips, its piece never leaves) as the capturer flies
  // When the first move's first touch comes (issue 21: a table that starts
  // before the setup settles); none: the settle time plus 300-900 ms.
  std::optional<Millis> first_move_at;
};

struct ScriptedMove {
  core::Move move;
  core::Seat seat = core::kNoSeat;
  std::string text;  // long algebraic, as `tabula infer` prints it
  Millis done{0};    // the last sensor event of the move
  // The placement that completes the move: the first reed edge of its last
  // hand step (before the reed's bounce and any straightening after it).
  // Issue 18's latency is measured from here.
  Millis placed{0};
};

// What the script contains, to show a test exercised the hard cases.
struct ScriptStats {
  int fast_replies = 0;  // moves begun before the previous one settled
  int victim_first = 0;  // captures with the captured piece lifted first
  int mover_first = 0;   // captures with the capturing piece lifted first
  int castle_king_first = 0;
  int castle_rook_first = 0;
  int castle_both_lifted = 0;
  int en_passant = 0;
  int slides = 0;            // moves that brushed squares on the way
  int hesitations = 0;       // pieces held in the air past the settle time
  int adjustments = 0;       // pieces lifted and put back on their square
  int bounces = 0;           // reed events that flickered
  int bounce_runs = 0;       // ... of them in a run of 2-5 pairs (session 29)
  int chatters = 0;          // ... of them chattering 4-20 flips (session 29)
  int victim_chatters = 0;   // victims' reeds chattering under a capturer in the air
  int choices_answered = 0;  // promotion (or placement) choices given on the kiosk
  int operator_actions = 0;  // resignations and time losses
  int overlaps = 0;          // moves whose first lift came before the previous landing
  int rests = 0;             // slides that rested 0.3-0.9 s on the way
  int bounced_aside = 0;     // pieces that landed on a neighbour first
  int knocks = 0;            // neighbours knocked and set straight
  int knocked_aside = 0;     // ... of them knocked onto a neighbour first
  int push_captures = 0;     // victims pushed off by the capturer
  int one_hand_castles = 0;  // castlings with king and rook in one hand
  int chained = 0;           // overlapping moves right after an overlapping one
};

struct Script {
  std::vector<Input> inputs;       // in time order
  std::vector<std::string> notes;  // one per input: a comment for the trace ("" for none)
  std::vector<ScriptedMove> moves;
  ScriptStats stats;
};

core::Result<Script> generate_script(std::shared_ptr<const core::RuleSet> rules,
                                     const core::Position& start,
                                     const std::vector<Action>& actions,
                                     const GeneratorSettings& settings);

}  // namespace tabula::session

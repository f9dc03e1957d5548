// rule_set.h — a variant's rules as an immutable value.
//
// Section index: PieceDef, SeatDef, Castling, Pawns, Promotion, Draws,
// Checks and mates, Elimination, Ledger, Relations, Stages, RuleSet.
//
// A RuleSet is built once from a variant data file by the loader (outside the
// pure core) and then shared read-only by every Position and Game of that
// variant (STYLE rules 13-15: one definition path, rules grouped into
// sub-structs, strategies as enums). It is designed against every sheet in
// RULINGS.md: 2 to 4 seats, teams and changing relations, eliminations,
// points and token ledgers, stages, corner squares and holes.
//
// Invariants (checked by validate()): at least two seats; every seat in the
// turn order exactly once; every PieceKind index < pieces.size(); castling
// squares on the board; at most one royal kind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/betza.h"
#include "core/geometry.h"
#include "core/move_tables.h"
#include "core/types.h"

namespace tabula::core {

// ---- PieceDef ---------------------------------------------------------------
struct PieceDef {
  std::string name;      // "knight"
  char letter = '?';     // FEN letter, uppercase ('N')
  char move_letter = 0;  // its letter in a move's text, 0 = letter (chess.com: 'D' moves as 'Q')
  std::string betza;     // movement, see betza.h
  bool royal = false;    // the king: checks, mates and king capture concern it
  bool pawn = false;     // double step, en passant and promotion apply to it
  int value = 0;         // points for capturing it (002 rule 3)
  int promoted_value = 0;  // points for capturing it when promoted (002 rule 5)
  std::vector<Pattern> patterns;  // compiled from betza
  char text_letter() const { return move_letter ? move_letter : letter; }
};

// ---- SeatDef ----------------------------------------------------------------
struct SeatDef {
  std::string name;        // "White", "Red"
  char letter = '?';       // side-to-move letter in FEN ('w') or FEN4 ('R')
  Facing facing = Facing::kNorth;   // where his pawns go
  SquareSet promotion_zone;         // where his pawns promote
  SquareSet double_step_zone;       // where his pawns may double-step from
  SquareSet home;                   // his home rows (004 stage one target, 000)
  SquareSet pawn_barred;            // 000: his pawns never enter these (but attack them)
  std::optional<std::uint32_t> colour;  // 0xRRGGBB on the screens; none: by name (no rule reads it)
};

// ---- Castling ---------------------------------------------------------------
// One way to castle for one seat. The king goes king_from -> king_to, the rook
// rook_from -> rook_to. Conditions (RULINGS "Shared"): neither has moved,
// every square between them and their destinations is empty, and the king is
// not attacked on king_from, on any square it crosses, nor on king_to.
struct CastlingRule {
  Seat seat = kNoSeat;
  bool king_side = true;   // "O-O" (K in FEN) or "O-O-O" (Q)
  Square king_from = kNoSquare;
  Square king_to = kNoSquare;
  Square rook_from = kNoSquare;
  Square rook_to = kNoSquare;
};

// ---- Pawns ------------------------------------------------------------------
enum class EnPassantWindow : std::uint8_t {
  kOff,                    // 002 rule 2, 004 stage two rule 4
  kNextMoverOnly,          // FIDE: only the very next player may capture
  kUntilOwnerMovesAgain,   // four-player: any opponent until the pawn's owner moves
};
enum class EnPassantBetween : std::uint8_t {
  kAnyOpponent,
  kFacingSeatsOnly,  // 001 rule 11: only between directly opposite seats
};
struct PawnRules {
  int double_step = 2;  // squares of the initial step; 1 = no double step
  EnPassantWindow en_passant = EnPassantWindow::kNextMoverOnly;
  EnPassantBetween en_passant_between = EnPassantBetween::kAnyOpponent;
};

// ---- Promotion --------------------------------------------------------------
enum class PromotionEdge : std::uint8_t {
  kOwnZone,          // the seat's promotion_zone, always
  kHostileEdgeOnly,  // 003 rule 4: only where the edge belongs to an opponent
};
struct Promotion {
  std::vector<PieceKind> choices;  // first is the default
  bool mandatory = true;
  PromotionEdge edge = PromotionEdge::kOwnZone;
};

// ---- Draws ------------------------------------------------------------------
// FIDE 9.2/9.3: a draw may be claimed after 50 moves without capture or pawn
// move, or on a threefold repetition; 9.6: it is automatic after 75 moves or
// a fivefold repetition. Zero switches a rule off.
// A whole round of passes: nobody can move any more (house rule, 001 silent).
enum class NoMoveRound : std::uint8_t {
  kDraw,     // the game is drawn
  kArbiter,  // the game stops; the arbiter adjudicates
};
struct DrawRules {
  NoMoveRound no_move_round = NoMoveRound::kDraw;
  int fifty_move_plies = 0;       // claimable (100 in chess)
  int repetitions = 0;            // claimable (3 in chess)
  int automatic_move_plies = 0;   // automatic (150 in chess)
  int automatic_repetitions = 0;  // automatic (5 in chess)
  // How an automatic rule ends the game: a draw, or the standing by the
  // ledger (003 house rule; a tie at the top is a draw).
  bool automatic_by_standing = false;
  bool insufficient_material = false;
  // chess.com FFA: the move rule counts live players' plies only (a walking
  // king's move neither resets nor advances it; taking a dead piece does not
  // reset it).
  bool move_rule_live_plies_only = false;
  // chess.com FFA (issue 31 item 1): two live players left and one of them
  // with a bare king is insufficient material.
  bool insufficient_material_last_two_bare_king = false;
  // chess.com's repetition count by date (issue 31 item 7): games played up
  // to `until` (YYYY-MM-DD, inclusive) used `automatic_repetitions`.
  struct RepetitionEra {
    std::string until;
    int automatic_repetitions = 0;
  };
  std::vector<RepetitionEra> repetition_eras;  // oldest first
};

// ---- Checks and mates -------------------------------------------------------
enum class MateTiming : std::uint8_t {
  kStartOfTurn,     // 001 rule 10, chess.com Teams, 003
  kAfterEveryMove,  // 002 rule 4, chess.com FFA
};
enum class StalemateRule : std::uint8_t {
  kDraw,              // chess
  kEliminateWithPoints,  // 002 rule 9: he gets points and leaves
  kPass,              // 001 judgement call, 004 stage one
  kPlacement,         // 003 rule 5: he places a new piece
};
enum class MultipleMates : std::uint8_t {
  kSimultaneous,  // 002 rule 4 house rule: all mates of one move at once
  kInTurnOrder,   // one at a time; an elimination may lift the next mate
};
enum class MateCredit : std::uint8_t {
  kLatestChecker,  // the last mover if he checks, else the checker who moved most recently
  kNextChecker,    // the last mover if he checks, else the first checker after the victim
};
struct CheckRules {
  MateTiming mate_timing = MateTiming::kStartOfTurn;
  bool king_capture = false;  // 002: a king left attacked can be taken
  // chess.com FFA, 002 (issue 15 item 7): a seat without its king (it was
  // captured) gives no check; its owner is out at once.
  bool king_capture_lifts_attacks = false;
  MultipleMates multiple_mates = MultipleMates::kSimultaneous;
  MateCredit mate_credit = MateCredit::kLatestChecker;
  StalemateRule stalemate = StalemateRule::kDraw;
  bool bare_king = false;     // 004 stage two rule 6
};

// ---- Elimination ------------------------------------------------------------
enum class EliminationPolicy : std::uint8_t {
  kDeadObstacles,  // 002 rule 6: pieces stay, never move, give no check
  kFrozenCapturableByOpponents,  // 001 rule 8
  kRemoved,        // 003 rule 3, 000 long game
  kRandomMover,    // 002 rule 7: on resignation or timeout
  kDeadKingWalking,  // chess.com: pieces dead, the king moves on (randomly)
};
struct Elimination {
  EliminationPolicy on_mate = EliminationPolicy::kDeadObstacles;
  EliminationPolicy on_stalemate = EliminationPolicy::kDeadObstacles;
  EliminationPolicy on_resign = EliminationPolicy::kDeadObstacles;
  EliminationPolicy on_timeout = EliminationPolicy::kDeadObstacles;
  // chess.com DeadKingWalking (issue 17 item 1): the walking king may take
  // its own dead pieces (for nothing), and such a capture is an escape.
  bool walking_king_takes_own_pieces = false;
  bool frozen_king_capturable = false;  // 001 rule 8 house rule
  // chess.com (issue 31 item 4): resigning at one's own turn ends the turn.
  bool resign_in_turn_passes_turn = false;
};

// ---- Ledger -----------------------------------------------------------------
enum class LedgerKind : std::uint8_t { kNone, kPoints, kTokens };
// How an amount goes to the players still live.
enum class PointsShare : std::uint8_t { kNobody, kSplit, kEach, kSplitRoundedUp };
struct Ledger {
  LedgerKind kind = LedgerKind::kNone;
  int mate_points = 0;        // 002 rule 4
  int stalemate_points = 0;   // 002 rule 9
  int survivor_bonus_per_king = 0;  // 002 rule 8
  int tokens_per_seat = 0;    // 003 rule 1
  // 003 rule 3, judgement call: false = removed when he has no token to pay;
  // true = also when paying leaves him none.
  bool removed_when_no_tokens_left = false;
  // chess.com FFA: checking two / three kings at once.
  int double_check_bonus = 0;
  int double_check_bonus_queen = 0;
  int triple_check_bonus = 0;
  int triple_check_bonus_queen = 0;
  std::vector<PieceKind> reduced_check_bonus_kinds;  // "with a queen" (chess.com FFA)
  // chess.com FFA: checks on walking (resigned, flagged) kings do not count
  // toward the double/triple check bonuses.
  bool check_bonus_live_kings_only = false;
  // chess.com FFA draws (issue 17 item 4): points to each live player.
  int draw_points = 0;                        // move rule, repetition
  int insufficient_material_draw_points = 0;  // insufficient material
  // A walking king's mate_points when it leaves without being taken or
  // mated: stuck at its turn (item 5), or standing at a draw (item 4).
  PointsShare stuck_walking_king_share = PointsShare::kNobody;
  PointsShare draw_walking_king_share = PointsShare::kNobody;
  // chess.com FFA (issue 31 item 3): the reduced bonus when any checking
  // piece is one of reduced_check_bonus_kinds, not only the moved one.
  bool queen_check_bonus_any_checker = false;
  // chess.com FFA (issue 31 item 1): a leaving player whose leaving draws
  // the game is paid the draw's points too.
  bool draw_pays_leaving_player = false;
  std::vector<Seat> tie_break;  // first wins a tie (002 rule 11)
};

// ---- Relations --------------------------------------------------------------
enum class RelationsKind : std::uint8_t {
  kEveryoneAgainstEveryone,
  kFixedTeams,     // 001
  kAlliesVassals,  // 003: allies at the start, vassals after mates
};
// 003 rule 3 house rules (proto/variant.proto documents them).
enum class RemovalExposure : std::uint8_t { kNewOpponentOnly, kAnyAttacker };
enum class RemovalOrder : std::uint8_t { kSimultaneous, kInSeatOrder };
struct Relations {
  RelationsKind kind = RelationsKind::kEveryoneAgainstEveryone;
  std::vector<std::vector<Seat>> teams;  // for kFixedTeams / initial allies
  RemovalExposure removal_exposure = RemovalExposure::kNewOpponentOnly;
  RemovalOrder removal_order = RemovalOrder::kSimultaneous;
};

// ---- Game end ---------------------------------------------------------------
enum class GameEnd : std::uint8_t {
  kFirstMate,         // chess, 000 short game
  kOneSideLeft,       // 001: a whole team mated; 002: one player left
  kSuzerainOnly,      // 003: everyone is the winner's vassal
  kFillOpponentHome,  // 004 stage one: all of one's pieces in the enemy home rows
};

// ---- Rule modules (issue 30 item 1) ------------------------------------------
// A sheet's special rules, played by a module Game calls at fixed points
// (core/rule_module.h). The variant's data lists them (`modules:`).
enum class RuleModule : std::uint8_t {
  kCorners,    // 000: corner squares, only the target mated, the two-player phase
  kRelations,  // 003: allies, vassals, tokens, placements, waiting pawns
  kStages,     // 004: the bare king, the messengers' race
  kChessCom,   // chess.com four-player: the walking king and its points
  kTeams,      // 001: teams (capture bans, a side wins or loses together)
  kPoints,     // 002: points (captures, mates, stalemates, survivors, bonuses, draws)
};
inline constexpr std::size_t kRuleModuleCount = 6;

// ---- Stages -----------------------------------------------------------------
// 004: the winner of a stage picks an option that selects the next stage's
// named start.
struct StageChoice {
  Seat winner = kNoSeat;
  std::string option;
  std::string start;
};
struct NextStage {
  std::string variant;  // id of the next stage's variant file
  std::string name;
  std::vector<StageChoice> choices;
};

// ---- Corner squares (000) ------------------------------------------------------
// Sheet 000, as read in RULINGS.md. Every rule of the sheet is a switch here
// (the sheet hides one false rule); proto/variant.proto documents each one.
struct TwoPlayerRules {
  bool enabled = false;
  SquareSet area;  // the chess playing area (000 long: the 64 central squares)
  bool enter_area_warning = false;
  bool stay_in_area = false;
  bool exit_corner_onto_area = false;
  bool corner_queens_revert = false;
  bool no_check_until_inside = false;
  bool adjacent_survivors_switch = false;
  bool corner_king_mated_when_stuck = false;
  StalemateRule stalemate = StalemateRule::kDraw;
  // Compiled by RuleSet::compile(): the playable squares off the area, in
  // square order (every piece stands on a playable square; the long game's
  // "as soon as possible" duty asks after every move of the phase whether a
  // seat's pieces are all on the area: Modules::Corners::all_in_area).
  std::vector<Square> off_area;
};
// 000: what "the first round of moves" of the edge-pawn truce is.
enum class TruceRound : std::uint8_t {
  kUntilEverySeatMoved,  // until every seat still playing has had his first turn
  kOwnFirstTurn,         // each seat's own first turn
};
struct CornerRules {
  bool enabled = false;
  std::array<Square, kMaxSeats> own{kNoSquare, kNoSquare, kNoSquare, kNoSquare};  // anchors
  PieceKind bishop = kNoKind;
  PieceKind queen = kNoKind;
  bool only_target_may_be_mated = false;
  bool turn_to_checked_player = false;
  bool check_credited_to_mover = false;
  bool edge_pawn_truce = false;
  TruceRound truce_round = TruceRound::kUntilEverySeatMoved;
  bool king_enters_own_corner = false;
  bool bishops_become_queens = false;
  bool immune_in_corner = false;
  bool must_leave_when_queens_lost = false;
  bool may_leave_corner_at_will = false;
  bool resignation_wins_for_attacker = false;
  TwoPlayerRules two_player;
  // Compiled by RuleSet::compile(), for the module's test at every move of
  // a search (Modules::Corners::before_make, at_most_two_live; issue 30
  // item 3: the seat count is a vector's size): whether the variant has
  // more than two seats, and 0x80 in the status byte of each of its seats
  // (the statuses as one word, Position::word_of).
  bool many_seats = false;
  std::uint32_t seat_status_bits = 0;
};

// The bot's evaluation switches from the variant's data (engine/evaluation.*);
// no rule of the game reads them.
struct BotEvaluation {
  bool opening_terms = true;  // centre-file pawns, developed minor pieces
};

// ---- RuleSet ----------------------------------------------------------------
struct RuleSet {
  std::string id;
  std::string name;
  std::string sheet;  // the rule sheet it implements, e.g. "002"
  Geometry geometry;
  std::vector<PieceDef> pieces;
  std::vector<SeatDef> seats;
  std::vector<Seat> turn_order;
  std::vector<CastlingRule> castling;
  PawnRules pawns;
  Promotion promotion;
  DrawRules draws;
  CheckRules checks;
  Elimination elimination;
  Ledger ledger;
  Relations relations;
  GameEnd game_end = GameEnd::kFirstMate;
  std::string start_fen;
  std::string start_name;  // which named start array start_fen is, if any
  std::vector<std::string> start_names;  // every named start of the variant
  std::string untagged_record_start;     // start of a record without a start tag
  std::vector<std::pair<std::string, std::string>> named_starts;  // name, FEN
  std::vector<NextStage> next_stage;     // at most one (004)
  CornerRules corners;                   // 000
  BotEvaluation evaluation;              // the bot's, not the game's
  std::vector<RuleModule> modules;        // the sheets' modules the game plays (no repeats)
  // Notation: "fen" (two seats, case = seat) or "fen4" (chess.com layout).
  bool four_player_notation = false;

  MoveTables tables;  // compiled by compile()

  int seat_count() const { return static_cast<int>(seats.size()); }
  const PieceDef& piece(PieceKind k) const { return pieces[index_of(k)]; }
  PieceKind kind_by_letter(char upper) const;
  PieceKind royal_kind() const;

  // Checks the invariants above and compiles the move tables. The loader
  // calls this once; afterwards the RuleSet is immutable.
  std::optional<Error> compile();
};

}  // namespace tabula::core

// The kiosk's contract with its game-state source: KioskView, one complete
// snapshot of everything the screen shows.
//
// The kiosk is immediate-mode (STYLE.md 18): every frame it draws from the
// latest KioskView and returns Intents (ui/intent.h). It keeps no game state of
// its own, so whatever produces a KioskView (the session adapter, the demo
// snapshots, a test) fully decides what is on screen. Plain standard-library
// structs only: no imgui here (tests/ui/header_hygiene_test.cpp checks it).
//
// Coordinates follow RULINGS.md "Square names": files from the left of the
// south seat (file 0 = a), ranks from the south edge (rank 0 = rank 1), for
// every variant and every orientation. The screen rotation is a drawing
// concern (ui/board_geometry.h); nothing in a KioskView is rotated.
//
// Section index:
//   [basics]   Cell, SeatIndex, Rgb, Edge, cell_name()
//   [board]    CellKind, CellShade, CellView, BoardView, board builders
//   [pieces]   PieceGlyph, PieceLife, PieceView
//   [seats]    SeatStatus, LedgerKind, SeatView
//   [marks]    LastMove, CheckView, FixAction, FixSquare, TeachingView
//   [rulings]  Severity, RulingView
//   [moves]    MoveRound, MoveListView
//   [clocks]   ClockView
//   [dialogs]  DialogKind, DialogOption, DialogView
//   [view]     VariantChoice, KioskView, validate()
#pragma once

#include <chrono>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::ui {

// ---------------------------------------------------------------- [basics]

inline constexpr int kMaxBoardSide = 16;
inline constexpr int kMinSeats = 2;
inline constexpr int kMaxSeats = 4;

/// One sensor cell of the board grid. file 0 is the a-file (leftmost as seen
/// from the south seat), rank 0 is rank 1 (the south edge).
struct Cell {
  int file = 0;
  int rank = 0;
  friend constexpr auto operator<=>(const Cell&, const Cell&) = default;
};

/// "a1".."p16". Precondition: 0 <= file, rank < kMaxBoardSide.
std::string cell_name(Cell cell);
/// Inverse of cell_name(); nullopt for anything that is not a square name.
std::optional<Cell> parse_cell_name(std::string_view name);

/// Index into KioskView::seats. A distinct type so it never mixes with cells,
/// counts or option indices.
struct SeatIndex {
  int value = 0;
  friend constexpr auto operator<=>(const SeatIndex&, const SeatIndex&) = default;
};

struct Rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  friend constexpr bool operator==(const Rgb&, const Rgb&) = default;
};

/// The board edge a seat sits at.
enum class Edge { kSouth, kWest, kNorth, kEast };
std::string_view edge_name(Edge edge);

// ----------------------------------------------------------------- [board]

enum class CellKind {
  kPlayable,  // an ordinary square
  kHole,      // no square: nothing stands on it, nothing is drawn
  kMerged,    // one cell of a block that is a single logical square
};

enum class CellShade { kLight, kDark };

struct CellView {
  CellKind kind = CellKind::kPlayable;
  CellShade shade = CellShade::kLight;
  /// kMerged only: the south-west cell of the block. The block (every cell
  /// with the same anchor, a filled rectangle) is one logical square, named and
  /// clicked as its anchor; its piece, if any, is stored at the anchor.
  Cell merge_anchor{};
};

/// The board's shape. Invariant (checked by validate()): 1 <= width, height
/// <= kMaxBoardSide and cells.size() == width * height, row-major from a1:
/// index = rank * width + file.
struct BoardView {
  int width = 0;
  int height = 0;
  std::vector<CellView> cells;

  bool contains(Cell cell) const {
    return cell.file >= 0 && cell.rank >= 0 && cell.file < width && cell.rank < height;
  }
  std::size_t index(Cell cell) const {
    return static_cast<std::size_t>(cell.rank * width + cell.file);
  }
  const CellView& at(Cell cell) const { return cells[index(cell)]; }
  CellView& at(Cell cell) { return cells[index(cell)]; }
  /// The logical square a cell belongs to: itself, its merge anchor, or
  /// nullopt for a hole or a cell off the board.
  std::optional<Cell> logical_square(Cell cell) const;
};

/// A width x height board of playable squares, a1 dark (FIDE colouring).
BoardView make_rect_board(int width, int height);
/// Turns the four corner blocks of `size` x `size` cells into holes (the
/// cross boards: 12x12 with size 2, 14x14 with size 3).
void cut_corners(BoardView& board, int size);
/// Turns the four corner blocks of `size` x `size` cells into merged squares.
void merge_corners(BoardView& board, int size);

// ---------------------------------------------------------------- [pieces]

/// What is drawn, not how it moves: the rules live in arbiter/.
enum class PieceGlyph {
  kKing,
  kQueen,
  kRook,
  kBishop,
  kKnight,
  kPawn,
  kMessenger,  // Bipartite M
  kCaptain,    // Bipartite C
  kGuard,      // Bipartite G
  kSoldier,    // Bipartite S
  kSwordsman,  // Bipartite D
  kPowerB3,    // Bipartite diagonal power piece
  kPowerR3,    // Bipartite orthogonal power piece
};
/// "K", "Q", "R", "B", "N", "P", "M", "C", "G", "S", "D", "B3", "R3".
std::string_view piece_letter(PieceGlyph glyph);
/// Inverse of piece_letter(), case-insensitive.
std::optional<PieceGlyph> parse_piece_letter(std::string_view letter);
/// "king", ..., "swordsman", "B3 power piece".
std::string_view piece_name(PieceGlyph glyph);

enum class PieceLife {
  kLive,
  kDead,    // owner mated or out: stays on the board, drawn grey (002 rule 6)
  kFrozen,  // cannot move for now (e.g. a mated Chess Four seat), drawn greyed
};

struct PieceView {
  PieceGlyph glyph = PieceGlyph::kPawn;
  SeatIndex seat{};
  PieceLife life = PieceLife::kLive;
  bool promoted = false;  // drawn with a small mark (002 rule 5 scores it 1)
  friend bool operator==(const PieceView&, const PieceView&) = default;
};

// ----------------------------------------------------------------- [seats]

// kWon, kDrawn, kLost: a seat still in play when the game ended (s30-table:
// it said "playing" after the end); the others say how the seat went out.
enum class SeatStatus { kLive, kMated, kStalemated, kResigned, kFlagged, kRemoved, kWon, kDrawn, kLost };
std::string_view seat_status_name(SeatStatus status);
/// Out of the game, drawn greyed: every status but playing, won and drawn.
bool seat_out(SeatStatus status);

/// What SeatView::score counts; kNone hides the column.
enum class LedgerKind { kNone, kPoints, kTokens };

struct SeatView {
  std::string name;  // "Red", "White", "Dark Brown"
  Rgb colour;        // piece fill and edge strip
  Edge edge = Edge::kSouth;
  SeatStatus status = SeatStatus::kLive;
  int score = 0;         // points or tokens, per KioskView::ledger
  std::string relation;  // free text: "team Light", "vassal of Red", "random mover"
  std::string player;    // who sits there (--players), "" when not given
  int place = 0;         // kLost in a ranked game of more than two seats: 2 (2nd), ...; else 0
};
/// The seat's status in words: seat_status_name(), or "2nd place" for a
/// seat ranked at the end of a game of more than two seats.
std::string seat_status_words(const SeatView& seat);

// ----------------------------------------------------------------- [marks]

struct LastMove {
  Cell from;
  Cell to;
};

/// Issue 33: an arrow over the board: a bot's announced move (`hint` false),
/// or the hint for the seat to move; drawn in `seat`'s colour.
struct ArrowView {
  Cell from;
  Cell to;
  SeatIndex seat;
  bool hint = false;
};

/// One king in check. A four-player position may hold several.
struct CheckView {
  Cell king;
  std::vector<Cell> checkers;
  std::string text;  // "Blue is in check from the Red queen on d7"
};

enum class FixAction {
  kPutPiece,     // a piece must be put on this square
  kRemovePiece,  // the piece on this square must be lifted off
};

/// A square where the physical board disagrees with the game: the kiosk
/// guides the hands until the list is empty. For kPutPiece, `piece` is the
/// piece that belongs there (drawn as a ghost and named: issue 18, "put a
/// piece on j2" must say which piece); nullopt only when the source does not
/// know it. `text` is the source's own step for this square ("move Black's
/// pawn from d4 back to d7"), "" when it has none; a step that covers two
/// squares (a move back) is on both and said once.
struct FixSquare {
  Cell cell;
  FixAction action = FixAction::kPutPiece;
  std::optional<PieceView> piece;
  std::string text;
};

/// Teaching mode: while a piece is lifted, where it may go.
struct TeachingView {
  std::optional<Cell> lifted_from;
  std::vector<Cell> destinations;
};

// --------------------------------------------------------------- [rulings]

/// RULINGS.md "Shared by all variants": every ruling has one of these.
enum class Severity {
  kIllegal,  // the move is refused; the board must be put back
  kWarning,  // the move stands; the arbiter is told
  kInfo,
};
std::string_view severity_name(Severity severity);

struct RulingView {
  Severity severity = Severity::kInfo;
  std::string text;
  // The card's title; empty: the severity's ("ILLEGAL MOVE", "WARNING",
  // "RULING"). A journal that cannot be written is no illegal move (s22).
  std::string label = {};
};

// ----------------------------------------------------------------- [moves]

/// One round of the move list: plies[i] is the move of MoveListView::columns[i]
/// ("" when that seat did not move in the round: skipped, out, not yet).
struct MoveRound {
  int number = 1;
  std::vector<std::string> plies;
};

struct MoveListView {
  std::vector<SeatIndex> columns;  // turn order
  std::vector<MoveRound> rounds;   // oldest first
};

// ---------------------------------------------------------------- [clocks]

struct ClockView {
  bool enabled = false;
  std::vector<std::chrono::milliseconds> remaining;  // per seat, same order as seats
  std::optional<SeatIndex> running;
  /// Simple (US) delay: grace left in the running seat's turn before its
  /// time starts to count. Zero otherwise.
  std::chrono::milliseconds delay_left{0};
  std::string control_text;  // "15 min + 10 s", "5 min, Bronstein 3 s"
};

/// How long until a running clock's face (or its delay) shows another
/// figure (session::format_clock: whole seconds, tenths under 10 s);
/// nullopt when no clock runs. The kiosk draws a frame then, and not before.
std::optional<std::chrono::milliseconds> until_face_changes(const ClockView& clocks);

// --------------------------------------------------------------- [dialogs]

/// A question the session asks the table. The kiosk shows it as a modal popup
/// and answers with DialogAnswered{id, option index}.
enum class DialogKind {
  kPromotion,           // promotion choice
  kPowerPiece,          // Bipartite: B3 or R3
  kStalematePlacement,  // 003: the piece type to place
  kRandomMove,          // 002 rule 7: the random mover's move to play
  kResignation,         // confirm a resignation
  kDrawOffer,           // accept or decline a draw offer
  kNotice,              // the kiosk tells the table something once (a journal problem): acknowledged
};
std::string_view dialog_kind_name(DialogKind kind);

struct DialogOption {
  std::string label;
  std::optional<PieceGlyph> glyph;  // drawn as an icon on the button
};

struct DialogView {
  std::uint32_t id = 0;  // echoed in the answer, so a stale answer is detectable
  DialogKind kind = DialogKind::kPromotion;
  SeatIndex seat{};  // who is asked
  std::string title;
  std::string prompt;
  std::vector<DialogOption> options;  // at least one
};

// ------------------------------------------------------------------ [view]

/// A variant the arbiter may start from the menu.
struct VariantChoice {
  std::string id;  // "four-kingdoms"
  std::string name;
};

/// Everything the kiosk shows. A value: copying it is the snapshot.
/// Invariants are those of validate(); the renderer asserts nothing about
/// them and skips what it cannot draw, so a bad snapshot never crashes it.
struct KioskView {
  std::string title;     // "Four Kingdoms"
  std::string variant_id;  // "four-kingdoms": the game on the board (the menu's New game starts from it)
  std::string subtitle;  // "Round 12" or "Setup"
  // The draw the seat to move may claim ("threefold repetition"), or "":
  // the players' screen then offers "Claim a draw...".
  std::string claimable_draw;
  // A finished game's result: "1/2-1/2", "1-0 White wins" or the ranking
  // with points, and how it ended; "" while it goes on.
  std::string result;
  BoardView board;
  /// The game's position: what should stand on the board (same indexing as
  /// board.cells). Where the physical board differs, `fixes` says so.
  std::vector<std::optional<PieceView>> pieces;
  std::vector<SeatView> seats;  // 2..4
  LedgerKind ledger = LedgerKind::kNone;
  SeatIndex orientation{};  // whose edge is drawn at the bottom
  std::optional<SeatIndex> to_move;
  std::optional<LastMove> last_move;
  /// The move the board shows that the arbiter has not ruled on yet (a
  /// correction within the settle time may still change it): drawn with its
  /// result on the board, outlined, and "not yet ruled" in the banner; it
  /// becomes `last_move` when it stands. Where it came from: `from` == `to`
  /// for a piece put on the board (003's placement).
  std::optional<LastMove> tentative;
  std::vector<ArrowView> arrows;  // issue 33: bots' moves to make, a hint
  bool hints = false;             // issue 33: the Hint button is offered
  bool blunder_check = false;     // issue 33: the blunder check warns after a person's move
  std::string bots;               // issue 33: who is a bot, as --bots ("Blue=3"); "" people only
  bool stockfish_steps = false;   // session 30: a seat's steps offer Stockfish (chess, installed)
  std::vector<CheckView> checks;
  std::vector<FixSquare> fixes;
  TeachingView teaching;
  std::optional<RulingView> ruling;        // the current ruling, shown large
  // The rulings made by the same input before `ruling`, oldest first (a mate:
  // "Green is checkmated by Blue's move", "Blue +20 (checkmates Green)"
  // before "Green is out; ..."): the headline shows them with it (issue 27
  // item 6: at 800x480, where there is no history, they were not shown).
  std::vector<RulingView> ruling_also;
  std::vector<RulingView> ruling_history;  // oldest first, excludes `ruling` and `ruling_also`
  // Session 25: what waits for the hub (a board that publishes): results
  // its outbox cannot take yet, or the broker has not had (kWarning), and
  // for a while once they are gone (kInfo); drawn under the headline, so a
  // short screen (800x480, no history) shows it too. Empty: nothing to say.
  std::optional<RulingView> hub;
  MoveListView moves;
  ClockView clocks;
  std::optional<DialogView> dialog;
  std::vector<VariantChoice> variants;  // for the arbiter's "new game"

  const std::optional<PieceView>& piece_at(Cell cell) const { return pieces[board.index(cell)]; }
  std::optional<PieceView>& piece_at(Cell cell) { return pieces[board.index(cell)]; }
  const SeatView* seat(SeatIndex index) const {
    return index.value >= 0 && index.value < static_cast<int>(seats.size())
               ? &seats[static_cast<std::size_t>(index.value)]
               : nullptr;
  }
};

/// Every broken invariant of `view`, one readable line each ("piece on c1
/// names seat 5 of 4"); empty when the snapshot is consistent.
std::vector<std::string> validate(const KioskView& view);

}  // namespace tabula::ui

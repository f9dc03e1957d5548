// board.h — the rule oracles' own board: a plain mailbox of cells, written
// from the seed sheets and RULINGS.md alone (issue 15), sharing no code with
// the rules core it checks.
//
// Section index: Man, Board, Seats' edges, Moves, Attacks, Oracle (the
// interface every sheet's oracle implements), make_oracle, FEN4.
//
// A Board is files x ranks cells; a cell is absent (the cut corners of 001,
// 002 and 003), a plain square, or one cell of a merged corner square (000):
// the four cells of a corner square are one square, stored and named at its
// anchor (the lowest-rank, then lowest-file cell, RULINGS 000 / VARIANTS.md).
// Square names are RULINGS' "a1" (file letter from the south seat's left,
// rank number from the south edge). Clarity over speed: moves are generated
// with plain loops and every legality test copies the board and scans every
// attack. Not thread-safe; values only.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tabula::oracle {

// ---- Man: what stands on a square --------------------------------------------
// kind is 'K' 'Q' 'R' 'B' 'N' 'P', or 0 for an empty square.
struct Man {
  char kind = 0;
  int seat = -1;
  bool promoted = false;      // 002 rule 5: a promoted queen scores 1; 000: a reverted corner queen
  bool corner_queen = false;  // 000: a bishop made a queen in the corner square
  bool moved = false;         // castling: kings and rooks that have moved
  bool edge_pawn = false;     // 000: one of the two pawns at the ends of a seat's pawn row
  bool empty() const { return kind == 0; }
};

// ---- Board ----------------------------------------------------------------------
class Board {
 public:
  Board() = default;
  Board(int files, int ranks);

  int files() const { return shape_->files; }
  int ranks() const { return shape_->ranks; }
  int square(int file, int rank) const;  // -1 when absent or off the board
  int file_of(int sq) const { return sq % shape_->files; }
  int rank_of(int sq) const { return sq / shape_->files; }
  std::string name(int sq) const;            // "e4"; a corner square by its anchor
  int parse(const std::string& text) const;  // -1 when not a square

  void cut(int file, int rank);  // the cell does not exist
  // Makes the cells one corner square owned by `owner` (000); returns its square.
  int merge(const std::vector<std::pair<int, int>>& cells, int owner);
  bool is_corner(int sq) const;
  int corner_owner(int sq) const;
  const std::vector<int>& corners() const { return shape_->corner_squares; }
  // The plain squares next to a square (8 directions; for a corner square,
  // next to any of its cells), excluding corner squares.
  std::vector<int> neighbours(int sq) const;

  // The last move's double step, open to the very next mover (003, 000);
  // apply() keeps it, so a board copied for a legality test carries it.
  struct EnPassant {
    int seat = -1;    // whose pawn double-stepped; -1 when none
    int target = -1;  // the square it crossed
    int victim = -1;  // where it stands
  };
  EnPassant ep;

  Man& at(int sq) { return men_[sq]; }
  const Man& at(int sq) const { return men_[sq]; }
  void put(const std::string& sq, char kind, int seat);
  // Every square (a corner square once, by its anchor), in index order.
  const std::vector<int>& squares() const { return shape_->squares; }
  int king_of(int seat) const;  // -1 when he has none

 private:
  // The board's shape, shared by its copies (a legality test copies only the men).
  struct Shape {
    int files = 0, ranks = 0;
    std::vector<int> cell;   // per cell: its square (anchor) or -1
    std::vector<int> owner;  // per square: corner owner seat, -1 for a plain square
    std::vector<int> corner_squares;
    std::vector<int> squares;
  };
  Shape& shape();  // for the setup: a shape of its own
  void index_squares();
  std::shared_ptr<Shape> shape_ = std::make_shared<Shape>();
  std::vector<Man> men_;
};

// ---- Seats' edges ------------------------------------------------------------------
// The edge a seat sits at. Seen from his chair, his left is: south seat west,
// north seat east, east seat south, west seat north.
enum class Edge { kSouth, kEast, kNorth, kWest };
// The square `row` rows in from the seat's edge (1 = the outermost row) and
// `col` cells from his own left (1 = the leftmost cell of the board).
int seat_square(const Board& b, Edge e, int row, int col);
// 1 for the seat's outermost row, 2 for the next, ...
int relative_rank(const Board& b, Edge e, int sq);
// 1 for the file at the seat's own left.
int relative_file(const Board& b, Edge e, int sq);
// Pawn direction of a seat at this edge: toward the opposite edge.
void forward_of(Edge e, int& file_step, int& rank_step);
// Sets up a seat: `back` (e.g. "RNBQKBNR", from his own left) on his
// outermost row starting `offset` cells from his left, pawns in front.
void setup_seat(Board& b, int seat, Edge e, int offset, const std::string& back);

// ---- Moves ------------------------------------------------------------------------
struct OMove {
  int seat = -1;  // the mover
  int from = -1, to = -1;
  char promotion = 0;  // the kind the pawn becomes
  char placed = 0;     // 003 rule 5: a placement of this kind on `to`
  bool pass = false;   // 001 judgement call: a player with no move passes
  bool castle = false;
  int rook_from = -1, rook_to = -1;
  bool en_passant = false;
  int ep_victim = -1;  // the square of the pawn taken en passant
  bool double_step = false;
};
// "e2-e4", "e7-e8=Q", "Q@h5", "pass"; a castle as the king's two-square move.
std::string move_text(const Board& b, const OMove& m);

// How one seat's men move on this board. Filled by each sheet's oracle.
struct SeatGeometry {
  int forward_file = 0, forward_rank = 1;        // where his pawns go
  std::function<bool(int sq)> double_step_from;  // pawn start squares
  std::function<bool(int sq)> promotes_on;       // promotion squares
  std::function<bool(int sq)> pawn_may_enter;    // 000: barred files
};

// Plays a move on the board: captures, castling rook, en passant victim,
// promotion, placement. Returns the man captured (empty when none).
Man apply(Board& b, const OMove& m);

// ---- Attacks ----------------------------------------------------------------------
// Whether the man on `from` attacks square `target` (a pawn diagonally
// forward). Corner squares block every line and cannot be attacked; a king
// inside a corner square attacks nothing (RULINGS 000).
bool attacks(const Board& b, int from, int target, const std::vector<SeatGeometry>& geo);
// Whether any man for which `counts` is true attacks `target`.
bool attacked_by(const Board& b, int target, const std::vector<SeatGeometry>& geo,
                 const std::function<bool(const Man&)>& counts);

// What a sheet says about moving, beyond how each piece moves.
struct MoveRules {
  std::vector<SeatGeometry> geo;  // per seat
  // Whether `mover` may take `victim` (teams, dead pieces, allies).
  std::function<bool(const Man& mover, const Man& victim)> may_capture;
  std::vector<char> promotion_choices{'Q'};
  // 003 rule 4: whether this seat's pawn promotes now on its last rank
  // (null: always); a pawn that may not stays a pawn there.
  std::function<bool(int seat, int sq)> promotion_open;
  // 000: whether `seat`'s king may step into the corner square `corner`.
  std::function<bool(const Board& b, int seat, int corner)> may_enter_corner;
  // En passant: the victim's square when `seat` may capture onto `target`
  // en passant now, else -1 (null: no en passant).
  std::function<int(const Board& b, int seat, int target)> ep_victim;
};

// Pseudo-legal moves of one man: geometry only, no king safety. Castling is
// added by the caller (it needs the variant's attack rules).
void man_moves(const Board& b, int from, const MoveRules& rules, std::vector<OMove>& out);

// The castling moves of `seat` under RULINGS "Shared": king two squares
// toward a rook on the same line, neither moved, between empty, the king not
// attacked on its square, the square it crosses or lands on.
void castling_moves(const Board& b, int seat, const std::function<bool(int sq)>& attacked,
                    std::vector<OMove>& out);

// Every pseudo-legal move of a seat: his men's moves and his castling
// (`attacked` says which squares his king may not stand on or cross).
std::vector<OMove> seat_moves(const Board& b, int seat, const MoveRules& rules,
                              const std::function<bool(int sq)>& attacked);
// The move of `list` written `text`; false when none.
bool find_move(const Board& b, const std::vector<OMove>& list, const std::string& text, OMove& out);
std::set<std::string> move_texts(const Board& b, const std::vector<OMove>& list);

// A square board of `size` cells a side with `cut` x `cut` corners absent (001, 002, 003).
Board cross_board(int size, int cut);
// A seat's pawns: forward from his edge, the double step from relative rank
// `double_rank`, promotion on relative rank `promotion_rank`.
SeatGeometry pawn_geometry(const Board& b, Edge e, int double_rank, int promotion_rank);

// ---- Oracle -------------------------------------------------------------------------
enum class Status { kLive, kMated, kStalemated, kRemoved, kResigned };
const char* status_name(Status s);

struct SeatSummary {
  std::string name;
  Status status = Status::kLive;
  int points = 0;        // 002 points, 003 tokens
  std::string suzerain;  // 003: "" when free
  std::string ally;      // 003: his ally, "" when none
};

struct Summary {
  std::string to_move;  // seat name; "" when the game is over
  std::vector<SeatSummary> seats;
  bool over = false;
  // Who may head the ranking: one seat, or a team's seats (001); empty
  // for a draw or while the game goes on.
  std::set<std::string> winners;
  // What the oracle noticed that a report or a known-disagreement rule may
  // need (not compared).
  std::vector<std::string> notes;
};

// A FEN4 (arbiter/core/fen4.h documents the format; read here on its own):
// `seat_letters` are the seats' letters in the oracle's seat order, lower
// case ("rbyg"). Fills the men (every man marked as moved: no castling), the
// seat to move, the seats out ("dead") and the points. False on bad text.
struct Fen4 {
  int to_move = 0;
  std::vector<bool> out;
  std::vector<int> points;
};
bool read_fen4(const std::string& text, const std::string& seat_letters, Board& b, Fen4& f);

// A position for the repetition count: every man (with the flags that
// change his moves), the seat to move and an open en passant square.
std::string position_key(const Board& b, int to_move);

// The common part of a four-seat summary: the seat to move (none once the
// game is over) and each seat's name and status.
Summary seats_summary(const char* const names[4], const Status status[4], int to_move, bool over);

class Oracle {
 public:
  virtual ~Oracle() = default;
  // Moves of the seat to move, as move_text strings.
  virtual std::set<std::string> legal_moves() const = 0;
  // Plays a legal move given as text; false (nothing changed) when it is not legal.
  virtual bool play(const std::string& move) = 0;
  virtual Summary summary() const = 0;
  // The seat named resigns (002 rule 7); false when the sheet's oracle does
  // not model resignation or the seat cannot resign now.
  virtual bool resign(const std::string& /*seat*/) { return false; }
  // Sets up a FEN4 position (seats out: as mated); false when this oracle
  // does not read positions or the text is bad.
  virtual bool load(const std::string& /*fen4*/) { return false; }
  // Why the seat to move may not play `move` (a reason in words, "" when he
  // may), for a mismatch report and to recognise a listed disagreement.
  virtual std::string refusal(const std::string& move) const {
    return legal_moves().count(move) ? "" : "refused";
  }
  // What kind of move a legal `move` is ("en passant", "castle", "" for
  // an ordinary move), to recognise a listed disagreement.
  virtual std::string move_kind(const std::string& /*move*/) const { return ""; }
  // The board as text, for a mismatch report.
  virtual std::string describe() const = 0;
  // The name of the square a cell (0-based file, rank) belongs to: a corner
  // square's cells all name its anchor.
  virtual std::string square_name(int file, int rank) const = 0;
};

// The oracle for a variant id ("four-kingdoms", "chess-four", "allies-vassals",
// "corners-short", "corners-long", "corners-mini"), at its start; null for others.
std::unique_ptr<Oracle> make_oracle(const std::string& variant);

std::string board_text(const Board& b, const std::vector<std::string>& seat_letters);

}  // namespace tabula::oracle

// types.h — the vocabulary of the rules core.
//
// Section index: Square, Seat, PieceKind, Piece, Move, MoveList, SquareSet.
//
// Every domain value is its own type (STYLE rule 6): a Square is never a bare
// int. Squares index a 16x16 mailbox, index = rank * 16 + file, so that every
// board up to 16x16 (RULINGS: "rectangular grids up to 16x16") shares one
// layout; which squares exist is the Geometry's business.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>

namespace tabula::core {

inline constexpr int kMaxFiles = 16;
inline constexpr int kMaxRanks = 16;
inline constexpr int kMaxSquares = kMaxFiles * kMaxRanks;
inline constexpr int kMaxSeats = 4;
inline constexpr int kMaxPieceKinds = 16;

// A cell of the 16x16 mailbox. kNoSquare marks "none".
enum class Square : std::uint16_t {};
inline constexpr Square kNoSquare = static_cast<Square>(0xFFFF);

constexpr Square make_square(int file, int rank) {
  return static_cast<Square>(rank * kMaxFiles + file);
}
constexpr int index_of(Square s) { return static_cast<int>(s); }
constexpr int file_of(Square s) { return static_cast<int>(s) % kMaxFiles; }
constexpr int rank_of(Square s) { return static_cast<int>(s) / kMaxFiles; }
constexpr bool is_valid(Square s) { return static_cast<int>(s) < kMaxSquares; }

// A seat at the table, 0..kMaxSeats-1, in the order the variant file lists
// them (not necessarily the turn order).
enum class Seat : std::uint8_t {};
inline constexpr Seat kNoSeat = static_cast<Seat>(0xFF);
constexpr int index_of(Seat s) { return static_cast<int>(s); }
constexpr Seat seat_at(int i) { return static_cast<Seat>(i); }

// A piece kind as defined by the variant file, 0..kMaxPieceKinds-1.
enum class PieceKind : std::uint8_t {};
inline constexpr PieceKind kNoKind = static_cast<PieceKind>(0xFF);
constexpr int index_of(PieceKind k) { return static_cast<int>(k); }
constexpr PieceKind kind_at(int i) { return static_cast<PieceKind>(i); }

// What stands on a square. An empty square has kind == kNoKind.
struct Piece {
  PieceKind kind = kNoKind;
  Seat seat = kNoSeat;
  // Promoted pieces can be worth less (002 rule 5: a promoted queen scores 1).
  bool promoted = false;

  constexpr bool empty() const { return kind == kNoKind; }
  friend constexpr bool operator==(const Piece&, const Piece&) = default;
};
inline constexpr Piece kEmpty{};

// How a move changes the board beyond "from goes to to".
enum class MoveKind : std::uint8_t {
  kNormal,      // a step, slide or leap, with or without capture
  kDoubleStep,  // a pawn's double step, opening en passant
  kEnPassant,   // captures the pawn that double-stepped past `to`
  kCastle,      // king from->to; the rook moves as the castling rule says
  kPlacement,   // 003 rule 5: a new piece appears on `to` (from is kNoSquare)
  kPass,        // a player with no move passes (001 judgement call, 004 stage one)
};

// A move. `promotion` is the kind the moving piece becomes (kNoKind: none).
// `castle` indexes the RuleSet's castling rules for kCastle; `placed` is the
// kind placed for kPlacement.
struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  MoveKind kind = MoveKind::kNormal;
  PieceKind promotion = kNoKind;
  std::uint8_t castle = 0;

  friend constexpr bool operator==(const Move&, const Move&) = default;
};

// A fixed-capacity list: no allocation in move generation. 4-player positions
// stay far below this; generation asserts on overflow (a bug, not input).
// The slots are left uninitialised (only [0, size()) is ever read): a list is
// built at every node of a search, and filling 8 KB each time cost a tenth of
// perft (issue 20).
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 1024;

  MoveList() {}  // NOLINT: moves_ deliberately uninitialised, see above
  MoveList(const MoveList& o) : size_(o.size_) { std::copy(o.begin(), o.end(), moves_); }
  MoveList& operator=(const MoveList& o) {
    size_ = o.size_;
    std::copy(o.begin(), o.end(), moves_);
    return *this;
  }

  void push(const Move& m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  void truncate(std::size_t n) { size_ = n; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }

 private:
  std::size_t size_ = 0;
  union {
    Move moves_[kCapacity];
  };
};

// A set of squares of the 16x16 mailbox.
using SquareSet = std::bitset<kMaxSquares>;

// The direction a seat faces: where its pawns go. South seats face north.
enum class Facing : std::uint8_t { kNorth, kEast, kSouth, kWest };

// A seat's forward and right unit vectors on the board, (file, rank) deltas.
struct Frame {
  int forward_file, forward_rank;
  int right_file, right_rank;
};
constexpr Frame frame_of(Facing f) {
  switch (f) {
    case Facing::kNorth: return {0, 1, 1, 0};    // south seat: right is east
    case Facing::kEast: return {1, 0, 0, -1};    // west seat: right is south
    case Facing::kSouth: return {0, -1, -1, 0};  // north seat: right is west
    case Facing::kWest: return {-1, 0, 0, 1};    // east seat: right is north
  }
  return {0, 1, 1, 0};
}

}  // namespace tabula::core

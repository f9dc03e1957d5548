// corners.h — the state of a corner-square game (sheet 000) that legality
// depends on, beside the Position: the edge pawns of the first round, who has
// had his first turn, and the queens each king's bishops became in his corner
// square.
//
// The Game owns one CornerState and advances it with every move
// (core/corners.cpp). Legality looks ahead with copies of it: whether a
// check leaves a non-target without a legal reply is judged with the state
// as it would be after the move (RULINGS 000: "a move that would checkmate
// any other king is illegal"). A plain value of fixed size: copied into a
// search's frames without a heap allocation (issue 30 item 2).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/check_lines.h"
#include "core/types.h"

namespace tabula::core {

// The squares of one seat's corner queens: a set of squares, walked in
// square order by a range-for. Fixed size, no heap.
class CornerQueens {
 public:
  bool empty() const { return set_.none(); }
  std::size_t size() const { return set_.count(); }
  bool contains(Square q) const { return q != kNoSquare && set_[index_of(q)]; }
  void insert(Square q) { set_.set(index_of(q)); }
  void erase(Square q) { set_.reset(index_of(q)); }
  void clear() { set_.reset(); }
  // A queen that moved from `from` stands on `to` now.
  void move(Square from, Square to) {
    if (!contains(from)) return;
    erase(from);
    insert(to);
  }

  class Iterator {
   public:
    Iterator(const SquareSet* set, int i) : set_(set), i_(i) { skip(); }
    Square operator*() const { return static_cast<Square>(i_); }
    Iterator& operator++() {
      ++i_;
      skip();
      return *this;
    }
    bool operator!=(const Iterator& o) const { return i_ != o.i_; }

   private:
    void skip() {
      while (i_ < kMaxSquares && !(*set_)[static_cast<std::size_t>(i_)]) ++i_;
    }
    const SquareSet* set_;
    int i_;
  };
  Iterator begin() const { return {&set_, 0}; }
  Iterator end() const { return {&set_, kMaxSquares}; }
  bool operator==(const CornerQueens&) const = default;

 private:
  SquareSet set_;
};

struct CornerState {
  // 000 short game: "Edge pawns may not capture edge pawns on the first round
  // of moves": the edge pawns, where they stand now (they keep the name when
  // they move during the first round).
  SquareSet edge_pawns;
  // Seats (one bit per seat index) that have had their first turn, a move or
  // a pass; what ends the first round (corners.truce_round).
  std::uint8_t had_turn = 0;
  // The queens each seat's bishops became in his corner square, where they
  // stand now; whether his king went in; how many of those queens reverted to
  // bishops in the long game's two-player phase (reverted queens were not
  // captured: "If two Queens are captured").
  std::array<CornerQueens, kMaxSeats> queens;
  std::array<bool, kMaxSeats> entered{};
  std::array<std::uint8_t, kMaxSeats> reverted{};

  // Whether a seat's king ever entered his corner square: queens[s] is empty
  // unless entered[s] (queens are made only there; entered is never unset),
  // so a false answer spares the queens' scans (issue 30 item 3).
  // (The four flags as one word: one test, not four; issue 30 item 3.)
  bool any_entered() const {
    static_assert(kMaxSeats == 4 && sizeof(entered) == sizeof(std::uint32_t));
    return std::bit_cast<std::uint32_t>(entered) != 0;
  }
  bool had_turn_of(Seat s) const { return (had_turn >> index_of(s)) & 1U; }
  void note_turn(Seat s) { had_turn = static_cast<std::uint8_t>(had_turn | (1U << index_of(s))); }
  bool operator==(const CornerState&) const = default;
  // A search's copy and compare (Game::make/unmake, the mate test's stamp:
  // core/game.h, ModuleFrame): where no king entered his corner square on
  // either side, both sides' queens are empty (above), so neither copies
  // nor compares their four sets, 128 of the state's 176 bytes (issue 30
  // item 3). The same value as `*this = o`, the same answer as ==.
  void copy_from(const CornerState& o) {
    // Every member is named here and in same_as; one added that grows the
    // state fails this check until it is copied and compared there too.
    static_assert(sizeof(CornerState) == 176, "copy and compare the new member of CornerState here");
    if ((std::bit_cast<std::uint32_t>(entered) | std::bit_cast<std::uint32_t>(o.entered)) != 0) [[unlikely]] {
      *this = o;
      return;
    }
    edge_pawns = o.edge_pawns;
    had_turn = o.had_turn;
    reverted = o.reverted;  // (entered: none on either side)
  }
  bool same_as(const CornerState& o) const {
    if ((std::bit_cast<std::uint32_t>(entered) | std::bit_cast<std::uint32_t>(o.entered)) != 0) [[unlikely]]
      return *this == o;
    // (reverted as one word: std::array's == called memcmp for its 4 bytes.)
    static_assert(sizeof(reverted) == sizeof(std::uint32_t));
    return had_turn == o.had_turn && edge_pawns == o.edge_pawns &&
           std::bit_cast<std::uint32_t>(reverted) == std::bit_cast<std::uint32_t>(o.reverted);
  }
};

// What the rules ask of every move of one node (the side to move, the
// corner state, how deep the mate rule looks), found once per node
// (Modules::Corners::Node).
struct CornerNode {
  Seat mover = kNoSeat;
  Square king = kNoSquare;
  bool truce = false;           // the edge pawns' truce holds for the mover
  bool must_leave = false;      // his king must leave the corner square now
  bool stay_in_corner = false;  // his king may not leave it (house rule)
  bool mate_rule = false;       // the mate rule is judged at this depth
  int depth = 0;
  Seat target = kNoSeat;             // the mover's target, where the mate rule is judged
  const SeatLines* lines = nullptr;  // the non-targets' lines (may be none)
};

// What Modules::Corners::node_of reads of a Game and its corner state at a
// node, the rules aside, while no king has entered his corner square (then
// no duty to leave is owed, and nothing else of the corner queens is read):
// found in one place (Modules::Corners::node_key), from which node_of finds
// its Node (node_from) and which the memo of found nodes compares
// (CornerNodeMemo), so that what node_of reads is what the memo's key holds
// (issue 30 item 3; session 19's review: the memo's key restated node_of's
// inputs by hand). Beside the mover and the depth (the memo's slot), one
// word, compared at once (session 21: the key as a struct was ~60
// instructions of a memo's ~150 to build and compare).
struct CornerNodeKey {
  Seat mover = kNoSeat;  // the side to move
  int depth = -1;        // how many replies deep the look is (the mate rule's depth)
  // Bits 0-15: his king's square; 16-47: every seat's status, a byte each
  // in seat order (Game::plays: the target, the truce's round, the mate
  // rule's seats); 48-55: the first round's turns (the truce); 56: the long
  // game's two-player phase; 57: whether edge pawns remain (the truce).
  // All ones: no key (no status is 0xFF).
  std::uint64_t word = ~std::uint64_t{0};
  Square king() const { return static_cast<Square>(word & 0xFFFFU); }
  std::uint8_t had_turn() const { return static_cast<std::uint8_t>(word >> 48); }
  bool two_player() const { return ((word >> 56) & 1U) != 0; }
  bool edge_pawns() const { return ((word >> 57) & 1U) != 0; }
  bool operator==(const CornerNodeKey&) const = default;
};

// A node found from its key, and the mate rule's seats for the side to
// move. The Game keeps one per seat and depth (0: the filter's node, 1 and
// 2: the reply proofs'), found again only when the key's word changed
// (Modules::Corners::memo_node; the slot is the mover's and the depth's).
struct CornerNodeMemo {
  std::uint64_t word = ~std::uint64_t{0};  // CornerNodeKey::word; all ones: none found
  CornerNode node;          // (lines: none)
  std::uint8_t others = 0;  // mate_rule_seats for the side to move where mate_rule, else 0
};
inline constexpr int kCornerNodeDepths = 3;

// 000's filter, in a search: the non-targets' lines of one node (SeatLines),
// with what the node was (the Position's ply, the game's moves, square
// edits and eliminations so far), kept for the node one move below when
// nothing but that move came between (core/corners.cpp, non_target_lines;
// issue 30 item 3).
struct CornerLines {
  SeatLines lines;
  int ply = -1;
  std::size_t moves = 0, edits = 0, eliminated = 0;
  // For the check report after a move from this node (Modules::Corners::
  // unattacked_after): the Game's board version then, and the built seats
  // whose lines answer for every other seat's pieces (-1: not found yet).
  std::uint64_t version = 0;
  int answer_all = -1;
  // Whether `below` is a node reached from this one by one move of the
  // Position, nothing else changed (no pass, edit or elimination).
  bool one_move_above(const CornerLines& below) const {
    return ply + 1 == below.ply && moves + 1 == below.moves && edits == below.edits &&
           eliminated == below.eliminated;
  }
};

// A reply 000's proofs remember (Game::reply_, the checked seat's last
// two), as the MoveTables give it: the piece's kind and frame, the squares
// of the ray before its `to` (all empty for the move to be made) and the
// ray step's flags at `to` (Modules::Corners::reply_allowed; issue 30 item
// 3: Position::pseudo_legal, a walk of the piece's every ray, was ~190
// instructions of each remembered reply's ~780 at corners-mini d7). Static
// geometry, named by what it is the geometry of (from, to, kind, frame):
// none for a king entering or passing a corner square, a pawn's step into
// his promotion zone or onto a barred square, a ray too long to hold.
struct ReplyPath {
  Square from = kNoSquare, to = kNoSquare;
  PieceKind kind = kNoKind;
  Seat frame = kNoSeat;
  std::uint8_t flags = 0;  // RayStep::flags at `to`
  std::uint8_t count = 0;  // squares in `before`
  std::array<Square, 13> before{};
};

// 000's reply proofs' first candidate for a checked seat: the reply last
// proven for him after the same checking move (the move looked at:
// Modules::Corners::corner_reply_exists), with its path. Sibling nodes of
// a search play the same checks again: keyed by the check, the first
// candidate ends ~93 % of the proofs at corners-mini d7, the seat's latest
// reply alone (Game::reply_) 82 % (issue 30 item 3: each failed candidate
// ~500 instructions). A candidate only: proven again by the full rules.
// A slot per hash of the check's two squares (`after`: reply_after_key; 0
// none), read only while it names them.
struct ReplyAfter {
  std::uint32_t after = 0;
  Move reply{};
  ReplyPath path;
};
inline constexpr std::size_t kReplyAfterSlots = 64;
inline std::uint32_t reply_after_key(const Move& m) {
  return static_cast<std::uint32_t>(index_of(m.from)) | static_cast<std::uint32_t>(index_of(m.to)) << 16;
}
inline std::size_t reply_after_slot(std::uint32_t key) {
  return (key * 0x9E3779B1U) >> (32 - std::countr_zero(kReplyAfterSlots));
}

// Every seat's ReplyAfter slots (12 KB), their memory left unwritten until
// a proof first asks for a slot (then all are set empty at once:
// CornerLinesCache::after_slot): a Game built or copied writes none of it,
// as most never prove a 000 reply (the engine's BRS builds a Game at each
// turn it pushes, GameAdapter::push_turn; zero-filled there twice, the
// table was ~10 % of a chess.com FFA search's instructions: issue 30 item 3).
class ReplyAfterTable {
 public:
  ReplyAfterTable() {}  // (slots_ not written: see above)
  ReplyAfterTable(const ReplyAfterTable&) = delete;
  ReplyAfterTable& operator=(const ReplyAfterTable&) = delete;
  ~ReplyAfterTable() {}
  // Seat index `seat`'s slot for `key` (reply_after_key), once filled.
  ReplyAfter& slot(std::size_t seat, std::uint32_t key) { return slots_.at[seat][reply_after_slot(key)]; }
  // Every slot empty.
  [[gnu::cold, gnu::noinline]] void fill() { std::construct_at(&slots_.at); }

 private:
  using Slots = std::array<std::array<ReplyAfter, kReplyAfterSlots>, kMaxSeats>;
  union Storage {
    Storage() {}  // (no member constructed: fill())
    ~Storage() {}
    Slots at;  // (trivially destructible)
  } slots_;
  static_assert(std::is_trivially_destructible_v<Slots>);
};

// One CornerLines per search depth (index: Game::made()), in the Game: a
// cache, so a copy of the Game starts without it. Each on the heap, made
// as the search first reaches its depth: growing the list moves none of
// them, as a node's lines refer to those of the nodes above it
// (SeatLines::keep), which are found again only once the search is back at
// their depth (000's filter runs at every node a search makes).
// With them, the kings' tries without the squares no kind that can stand on
// this Game's board attacks from (found at the first node: core/corners.cpp,
// non_target_lines), for the walks (CheckLines::build).
struct CornerLinesCache {
  std::vector<std::unique_ptr<CornerLines>> at;
  StandingTries tries;
  bool tries_known = false;
  bool some_dropped = false;  // (else the MoveTables' own tries are walked)
  // Whether reply_after was filled since the cache was made or assigned
  // (beside tries_known, read by the same proofs: no cache line of its own,
  // issue 30 item 3, D1 misses at corners-mini d6).
  bool reply_after_ready = false;
  // Beside Game::reply_ (the same seat and place; a path names its move, so
  // one that no longer matches is not read), and a third remembered reply
  // (the one a walk's new reply last pushed out of Game::reply_) with its
  // path: the proofs' (corners_proof.cpp).
  std::array<std::array<ReplyPath, 3>, kMaxSeats> reply_paths{};
  std::array<Move, kMaxSeats> reply_third{};
  ReplyAfterTable reply_after;
  // Seat index `seat`'s ReplyAfter slot for `key` (reply_after_key), the
  // table set empty first where no proof asked since the cache was made or
  // assigned.
  ReplyAfter& after_slot(std::size_t seat, std::uint32_t key) {
    if (!reply_after_ready) [[unlikely]] {
      reply_after.fill();
      reply_after_ready = true;
    }
    return reply_after.slot(seat, key);
  }
  CornerLinesCache() {}  // (user-provided: a value-initialised cache writes no ReplyAfterTable either)
  CornerLinesCache(const CornerLinesCache&) {}
  CornerLinesCache& operator=(const CornerLinesCache&) {
    at.clear();
    tries_known = false;
    reply_paths = {};  // (another Game's tables)
    reply_third = {};
    reply_after_ready = false;  // (reply_after: written again on first use)
    return *this;
  }
};

}  // namespace tabula::core

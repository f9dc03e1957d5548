// move_tables.h — piece patterns compiled to per-square rays, once per seat.
//
// For every (piece kind, seat, square) the tables hold the rays the piece can
// travel from that square, already rotated into the seat's frame and cut at
// the board's edge, absent cells and holes. Attack detection uses the reverse
// tables: for a target square, the rays along which an attacker of that kind
// and seat would have to stand.
//
// A ray is a list of steps walked in order until one is blocked:
//   kPass  - must be empty to go on (the middle of a lame leap); never a target
//   kMove  - may be entered when empty
//   kCapture - may be entered by capturing
// A rider's ray lists every square out to its range; a leaper's ray has one
// landing step. A merged square is one square at its anchor: only kinds built
// with enters_merged step into it (move only), and out of it from any cell.
//
// Immutable after build(); owned by the RuleSet; safe to read from any thread.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/betza.h"
#include "core/geometry.h"
#include "core/types.h"

namespace tabula::core {

enum StepFlag : std::uint8_t { kStepPass = 0, kStepMove = 1, kStepCapture = 2 };

struct RayStep {
  Square square;
  std::uint8_t flags;
};

// A ray's place in the shared step array.
struct RayRef {
  std::uint32_t first;
  std::uint32_t count;
};

// One square of a target's attack trie (see MoveTables::attack_trie). The
// reverse rays of every kind and seat that end on the target are merged by
// their squares: rays that begin with the same squares share those nodes.
// Nodes are in depth-first order; `end` is the index one past the node's
// subtree, so a walk that meets an occupied square skips everything behind
// it in one jump (the piece blocks every ray through its square).
struct AttackNode {
  Square square;
  // kinds[s] bit k: a piece of kind k whose moves are those of seat s
  // attacks the target from this square when every square before it on the
  // path is empty (a landing step of one of its reverse capture rays).
  std::array<std::uint16_t, kMaxSeats> kinds;
  std::uint32_t end;
};

class MoveTables {
 public:
  using Ray = std::span<const RayStep>;

  // kinds[k] are the patterns of piece kind k; facings[s] the facing of seat s;
  // enters_merged[k] lets kind k step into and out of merged squares (000's
  // kings and their corner squares); other kinds treat them as absent.
  void build(const Geometry& geometry, const std::vector<std::vector<Pattern>>& kinds,
             const std::vector<Facing>& facings, const std::vector<bool>& enters_merged = {});

  // The forward rays of a piece of `kind` owned by `seat` standing on `from`.
  std::span<const RayRef> moves(PieceKind kind, Seat seat, Square from) const;
  // Every square the forward rays of `kind` for `seat` from `from` step on,
  // blocking ignored: a superset of the squares its moves land on (not a
  // pawn's double step, which Position adds). A piece whose reach misses a
  // set of squares has no move landing in it (Position::generate_legal's
  // evasions; issue 30 item 3).
  const SquareSet& move_reach(PieceKind kind, Seat seat, Square from) const {
    return move_reach_[slot(kind, seat, from)];
  }
  // The reverse capture rays ending on `target`.
  std::span<const RayRef> attacks(PieceKind kind, Seat seat, Square target) const;
  Ray ray(const RayRef& r) const { return {steps_.data() + r.first, r.count}; }
  // True when a kind attacks the same way for every seat (all but pawn-like
  // pieces), so one reverse lookup serves every attacking seat.
  bool symmetric(PieceKind kind) const { return symmetric_[index_of(kind)]; }
  int seat_count() const { return seats_; }
  // Every reverse capture ray of every kind and seat ending on `target`,
  // merged into one trie (issue 20: one walk answers "is this square
  // attacked" for all kinds and seats at once, instead of one walk per kind).
  std::span<const AttackNode> attack_trie(Square target) const {
    const Slot& s = trie_slots_[index_of(target)];
    return {trie_.data() + s.first, s.count};
  }
  // Every square of `target`'s attack trie: the only squares whose pieces
  // the walk looks at, so a board changed elsewhere leaves the answer of
  // "is `target` attacked" as it was (issue 30 item 3: Game::report_checks
  // tests again only the kings a move's squares can reach).
  const SquareSet& attack_reach(Square target) const { return trie_reach_[index_of(target)]; }

 private:
  struct Slot {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  std::size_t slot(PieceKind k, Seat s, Square q) const {
    return (static_cast<std::size_t>(index_of(k)) * seats_ + index_of(s)) * kMaxSquares +
           index_of(q);
  }

  int seats_ = 0;
  std::vector<RayStep> steps_;
  std::vector<RayRef> move_rays_;
  std::vector<RayRef> attack_rays_;
  std::vector<Slot> move_slots_;
  std::vector<SquareSet> move_reach_;  // per slot: the squares of its move rays
  std::vector<Slot> attack_slots_;
  std::vector<bool> symmetric_;
  std::vector<AttackNode> trie_;  // node.end is relative to its target's first node
  std::vector<Slot> trie_slots_;  // per target square
  std::vector<SquareSet> trie_reach_;  // per target square
  void build_attack_tries(const Geometry& g, std::size_t kinds);
};

}  // namespace tabula::core

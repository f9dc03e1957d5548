#include "core/dead_position.h"

#include <array>
#include <span>

namespace tabula::core {

namespace {

struct Board {
  const RuleSet& rules;
  const Position& pos;

  Square at(int file, int rank) const {
    const Geometry& g = rules.geometry;
    if (file < 0 || rank < 0 || file >= g.width() || rank >= g.height()) return kNoSquare;
    Square q = make_square(file, rank);
    return g.playable(q) ? q : kNoSquare;
  }
  // The square `steps` ahead of q for seat s (and `side` to its right).
  Square ahead(Square q, Seat s, int steps, int side = 0) const {
    Frame f = frame_of(rules.seats[index_of(s)].facing);
    return at(file_of(q) + steps * f.forward_file + side * f.right_file,
              rank_of(q) + steps * f.forward_rank + side * f.right_rank);
  }
  bool pawn_of(Square q, Seat s) const {
    Piece p = pos.at(q);
    return q != kNoSquare && !p.empty() && p.seat == s && rules.piece(p.kind).pawn;
  }
};

}  // namespace

bool dead_by_blocked_pawns(const Position& pos) {
  const RuleSet& rules = pos.rules();
  if (rules.seat_count() != 2) return false;
  const Board b{rules, pos};
  const Seat seats[2] = {seat_at(0), seat_at(1)};
  for (Seat s : seats)
    if (pos.en_passant(s).open()) return false;  // a capture may be open now

  // (1) Only orthodox kings and pawns.
  // (Fixed arrays, no allocation: Game runs this after pawn moves and
  // captures, in search too.)
  std::array<Square, kMaxSquares> pawn_at{};
  std::size_t pawn_count = 0;
  for (int i = 0; i < kMaxSquares; ++i) {
    Square q = static_cast<Square>(i);
    Piece p = pos.at(q);
    if (p.empty()) continue;
    const PieceDef& d = rules.piece(p.kind);
    if (d.royal && d.betza == "K") continue;
    if (!d.pawn || d.betza != "fmWfcF") return false;
    pawn_at[pawn_count++] = q;
  }
  const auto pawns = std::span<const Square>(pawn_at.data(), pawn_count);
  for (Seat s : seats)
    if (pos.king_square(s) == kNoSquare) return false;

  // (2) Every pawn frozen: an enemy pawn in front, or an own frozen pawn
  // (a fixpoint, so chains of own pawns behind a blocked one count).
  std::array<bool, kMaxSquares> frozen{};
  for (bool changed = true; changed;) {
    changed = false;
    for (Square q : pawns) {
      if (frozen[index_of(q)]) continue;
      Seat s = pos.at(q).seat;
      Square front = b.ahead(q, s, 1);
      if (front == kNoSquare) continue;  // on the last rank: not a case we prove
      Piece f = pos.at(front);
      bool enemy_pawn = !f.empty() && f.seat != s && rules.piece(f.kind).pawn;
      bool own_frozen = b.pawn_of(front, s) && frozen[index_of(front)];
      if (enemy_pawn || own_frozen) {
        frozen[index_of(q)] = true;
        changed = true;
      }
    }
  }
  for (Square q : pawns)
    if (!frozen[index_of(q)]) return false;

  // Squares each seat's pawns attack (the other king may never stand there).
  std::array<std::array<bool, kMaxSquares>, 2> attacked{};
  for (Square q : pawns) {
    Seat s = pos.at(q).seat;
    for (int side : {-1, 1}) {
      Square t = b.ahead(q, s, 1, side);
      if (t == kNoSquare) continue;
      attacked[index_of(s)][index_of(t)] = true;
      // (3) A pawn capture open now.
      Piece v = pos.at(t);
      if (!v.empty() && v.seat != s && rules.piece(v.kind).pawn) return false;
    }
  }

  // (4) Each king's reach: squares no enemy pawn attacks and no own pawn
  // holds; reaching an enemy pawn's square means it can be captured.
  for (Seat s : seats) {
    const auto& enemy_attacks = attacked[1 - index_of(s)];
    std::array<bool, kMaxSquares> seen{};
    std::array<Square, kMaxSquares> todo{};  // each square is pushed once (seen)
    std::size_t top = 0;
    todo[top++] = pos.king_square(s);
    seen[index_of(todo[0])] = true;
    while (top > 0) {
      Square q = todo[--top];
      for (int df = -1; df <= 1; ++df) {
        for (int dr = -1; dr <= 1; ++dr) {
          Square t = b.at(file_of(q) + df, rank_of(q) + dr);
          if (t == kNoSquare || seen[index_of(t)] || enemy_attacks[index_of(t)]) continue;
          seen[index_of(t)] = true;
          Piece p = pos.at(t);
          if (!p.empty() && p.seat == s && rules.piece(p.kind).pawn) continue;  // own pawn: a wall
          if (!p.empty() && p.seat != s && rules.piece(p.kind).pawn) return false;  // can take it
          todo[top++] = t;
        }
      }
    }
  }
  return true;
}

}  // namespace tabula::core

// guard_lines.h — whether a move of the side to move may expose the king of
// a seat he guards (003 rules 2 and 3: an ally, the suzerain, the
// suzerain's ally, a fellow vassal), from the pins found once per node
// (issue 30 item 3).
//
// The question is Position::king_attacked_after(m, s) for every legal move
// of the mover; making each move to ask it cost more than generating it.
// A guarded seat's king can be attacked only by his enemies, and the mover
// is none of them (a guardian may not capture the one he guards: 003 rule
// 2). A normal move or a double step (a promotion, a king's move and the
// capture of a king too) empties `from`, fills `to` with a piece of the
// mover, and changes no other square but the mover's own (Position::make;
// 000's corner bishops becoming queens are his): filling a square closes
// paths, and the mover's pieces attack nothing of the guarded seat's;
// taking a king only takes its owner's attacks away
// (checks.king_capture_lifts_attacks). So such a move exposes the king
// only by emptying a square that pins: the first occupied
// square of a path from the king, holding one of the mover's pieces, with
// an enemy attacker the next piece on a path through it. This is
// Position::king_safety's "blocker" for another seat's king; the argument
// is the one at the top of legality.cpp (a piece attacks along a path whose
// squares before it are all empty). Every other move (en passant empties a
// third square, castling four, a placement is rare), and every move from a
// pinning square, is made by the caller.
//
// Unlike CheckLines (the 000 filter's lines, which also prove the checks
// the mover's own pieces give), no square the paths reach is kept: the
// mover gives no check here. A mover who is one of the seat's enemies
// (no shipped variant: never in 003) is answered by making every move.
//
// A value type; build() for each node. Not thread-safe; cheap to copy.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace tabula::core {

class GuardLines {
 public:
  // The pins on seat s's king in pos, s not the side to move.
  void build(const Position& pos, Seat s);

  // s's king is attacked now (the walk stopped there: pinned() is not
  // complete).
  bool attacked() const { return attacked_; }
  // Nothing can attack s's king (none, no enemy, immune in his corner): no
  // move of the mover exposes it.
  bool safe() const { return safe_; }
  // Nothing proven: every move must be made (the mover is s's enemy).
  bool make_all() const { return make_all_; }
  // The squares whose emptying may expose the king: the mover's pieces
  // pinned to it.
  const SquareSet& pinned() const { return pinned_; }

  // Whether m changes the board on its two squares only but for the
  // mover's own pieces, as above (a normal move or a double step).
  static bool two_squares(const Move& m) {
    static_assert(static_cast<int>(MoveKind::kNormal) == 0 && static_cast<int>(MoveKind::kDoubleStep) == 1);
    return static_cast<std::uint8_t>(m.kind) <= static_cast<std::uint8_t>(MoveKind::kDoubleStep);
  }
  // Whether m, a legal move of the side to move in the position build()
  // saw, is proven to leave s's king unattacked (s neither attacked nor
  // safe): else make it to know.
  bool proven(const Move& m) const {
    return !make_all_ && two_squares(m) && !pinned_[index_of(m.from)];
  }

 private:
  bool safe_ = false;
  bool attacked_ = false;
  bool make_all_ = false;
  SquareSet pinned_;
};

}  // namespace tabula::core

// attack_walk.h — the pieces of one kind of one seat that attack a square,
// walked along the move tables' attack rays (the walk Position::attackers
// makes for each kind and seat, and the one chess.com's double-check queen
// bonus asks of a search's make without a list: issue 30 item 2).
#pragma once

#include "core/position.h"

namespace tabula::core {

// Calls `on(square)` for each piece of `kind` of seat `s` that attacks
// `target` (the first piece met on each ray, a dead army's pieces left out
// but its king); stops as soon as `on` returns true. Returns whether it did.
template <class On>
bool walk_attackers(const Position& pos, const RuleSet& rules, Square target, Seat s, PieceKind kind, On&& on) {
  const MoveTables& t = rules.tables;
  for (const RayRef& r : t.attacks(kind, pos.frame_seat(s), target)) {
    for (const RayStep& st : t.ray(r)) {
      const Piece& p = pos.at(st.square);
      if (p.empty()) continue;
      if (st.flags != kStepPass && p.kind == kind && p.seat == s && (p.kind == rules.royal_kind() || !pos.king_only(s)) &&
          on(st.square))
        return true;
      break;
    }
  }
  return false;
}

}  // namespace tabula::core

// guard_lines.cpp — see guard_lines.h.
#include "core/guard_lines.h"

#include <cstdint>
#include <span>

namespace tabula::core {

namespace {

// Whether p, standing on node's square, attacks the trie's king when every
// square before it on the path is empty (Position::attacks_from).
bool attacks(const Position& pos, const AttackNode& node, const Piece& p, std::uint8_t enemies) {
  return ((enemies >> index_of(p.seat)) & 1U) &&
         ((node.kinds[index_of(pos.frame_seat(p.seat))] >> index_of(p.kind)) & 1U) &&
         (p.kind == pos.royal_kind() || !pos.king_only(p.seat));
}

// Whether a piece of `enemies` attacks the king along a path of the nodes
// [first, last), the paths through one square, were that square empty.
bool attacked_beyond(const Position& pos, std::span<const AttackNode> trie, std::uint32_t first,
                     std::uint32_t last, std::uint8_t enemies) {
  for (std::uint32_t i = first; i < last;) {
    const AttackNode& node = trie[i];
    const Piece p = pos.at(node.square);
    if (p.empty()) {
      ++i;
      continue;
    }
    if (attacks(pos, node, p, enemies)) return true;
    i = node.end;  // the piece blocks every path through its square
  }
  return false;
}

}  // namespace

void GuardLines::build(const Position& pos, Seat s) {
  const RuleSet& rules = pos.rules();
  safe_ = false;
  attacked_ = false;
  make_all_ = false;
  pinned_.reset();
  const Square k = pos.king_square(s);
  const std::uint8_t enemies = pos.attackers_of(s);
  // 000 short game: a king in his own corner square is immune from check
  // (Position::king_exposed); another seat's move does not move him.
  if (k == kNoSquare || enemies == 0 ||
      (rules.corners.enabled && rules.corners.immune_in_corner && k == rules.corners.own[index_of(s)])) {
    safe_ = true;
    return;
  }
  const Seat mover = pos.to_move();
  auto trie = rules.tables.attack_trie(k);
  const auto size = static_cast<std::uint32_t>(trie.size());
  for (std::uint32_t i = 0; i < size;) {
    const AttackNode& node = trie[i];
    const Piece p = pos.at(node.square);
    if (p.empty()) {
      ++i;
      continue;
    }
    if (attacks(pos, node, p, enemies)) {
      attacked_ = true;
      return;
    }
    // The first piece on these paths: the mover's pins it if an enemy
    // attacker stands next behind it.
    if (p.seat == mover && attacked_beyond(pos, trie, i + 1, node.end, enemies)) pinned_.set(index_of(node.square));
    i = node.end;
  }
  // The mover's own pieces could attack this king: nothing above proves it.
  make_all_ = ((enemies >> index_of(mover)) & 1U) != 0;
}

}  // namespace tabula::core

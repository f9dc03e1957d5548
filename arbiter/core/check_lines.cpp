// check_lines.cpp — see check_lines.h.
#include "core/check_lines.h"

namespace tabula::core {

void CheckLines::build(const Position& pos, Seat s, std::uint8_t enemies, std::uint16_t* kinds,
                       const StandingTries* standing) {
  const RuleSet& rules = pos.rules();
  royal_ = pos.royal_kind();
  safe_ = false;
  attacked_ = false;
  make_all_ = false;
  seen_.reset();
  reached_.reset();
  Square k = pos.king_square(s);
  king_ = k;
  enemies_ = enemies;
  // 000 short game: "Kings may enter their own coloured corner square and
  // become immune from check or checkmate" (Position::king_exposed); a plain
  // move of another seat does not move this king.
  if (k == kNoSquare || enemies_ == 0 ||
      (rules.corners.enabled && rules.corners.immune_in_corner &&
       k == rules.corners.own[index_of(s)])) {
    safe_ = true;
    return;
  }
  const PieceKind royal = royal_;
  // The union's kinds: those of the side to move's pieces, when he may
  // capture this king (a non-royal piece of a king-only seat attacks nothing:
  // leaving it in is only cautious).
  const Seat mover = pos.to_move();
  if (!((enemies_ >> index_of(mover)) & 1U)) kinds = nullptr;
  const std::size_t mover_frame = static_cast<std::size_t>(index_of(pos.frame_seat(mover)));
  const std::span<const AttackNode> walk = standing ? standing->trie(k) : rules.tables.attack_trie(k);
  const AttackNode* trie = walk.data();
  const auto size = static_cast<std::uint32_t>(walk.size());
  for (std::uint32_t i = 0; i < size;) {
    const AttackNode& node = trie[i];
    const std::size_t q = index_of(node.square);
    const std::uint64_t bit = std::uint64_t{1} << (q & 63U);
    std::uint64_t& reached = reached_.w[q >> 6];
    if (!(reached & bit)) {
      reached |= bit;
      reach_[q] = node.kinds;
    } else {
      // (A square on two paths: the merged corner squares' cells.)
      for (int f = 0; f < kMaxSeats; ++f)
        reach_[q][f] = static_cast<std::uint16_t>(reach_[q][f] | node.kinds[f]);
    }
    if (kinds) kinds[q] = static_cast<std::uint16_t>(kinds[q] | node.kinds[mover_frame]);
    const Piece p = pos.at(node.square);
    if (p.empty()) {
      ++i;
      continue;
    }
    const int ps = index_of(p.seat);
    if (((enemies_ >> ps) & 1U) &&
        ((node.kinds[index_of(pos.frame_seat(p.seat))] >> index_of(p.kind)) & 1U) &&
        (p.kind == royal || !pos.king_only(p.seat))) {
      attacked_ = true;
      make_all_ = true;
      return;
    }
    // Emptying the square opens the paths that go on behind it: none where
    // the node is a leaf of the trie (a knight's square, the last square of
    // a ray at the board's edge), and then moving the piece away is proven
    // like any other move (issue 30 item 3: at corners-mini d6, 2,748 of
    // the 23,129 looks 000's filter took at the position after a move).
    if (node.end > i + 1) seen_.w[q >> 6] |= bit;
    i = node.end;  // the piece blocks every path through its square
  }
}

void StandingTries::build(const MoveTables& tables, std::uint16_t may_stand) {
  nodes_.clear();
  std::vector<std::uint32_t> before;  // kept nodes before each node of a trie (once per Game)
  for (int q = 0; q < kMaxSquares; ++q) {
    const std::span<const AttackNode> trie = tables.attack_trie(static_cast<Square>(q));
    Slot& slot = slots_[static_cast<std::size_t>(q)];
    slot.first = static_cast<std::uint32_t>(nodes_.size());
    before.assign(trie.size() + 1, 0);
    for (std::size_t i = 0; i < trie.size(); ++i) {
      const AttackNode& node = trie[i];
      static_assert(kMaxSeats == 4);
      const bool dropped = node.end == i + 1 &&
                           ((node.kinds[0] | node.kinds[1] | node.kinds[2] | node.kinds[3]) & may_stand) == 0;
      before[i + 1] = before[i] + (dropped ? 0U : 1U);
      if (!dropped) nodes_.push_back(node);
    }
    // Only leaves go: a kept node's subtree is its old one less the leaves
    // dropped in it, so its end is the count of kept nodes before the old.
    for (std::uint32_t i = slot.first; i < nodes_.size(); ++i) nodes_[i].end = before[nodes_[i].end];
    slot.count = static_cast<std::uint32_t>(nodes_.size()) - slot.first;
  }
}

void SeatLines::keep(const Position& pos, Seat s, const SeatLines& from) {
  const CheckLines& o = from.lines(s);  // (the lines `from` refers to, where it kept them too)
  kept_[static_cast<std::size_t>(index_of(s))] = &o;
  // build()'s kinds: those of the side to move's frame on every square the
  // walk reached, when he may capture this king.
  const Seat mover = pos.to_move();
  if (!o.safe_ && ((o.enemies_ >> index_of(mover)) & 1U)) {
    const auto frame = static_cast<std::size_t>(index_of(pos.frame_seat(mover)));
    o.reached_.each([&](std::size_t at) { kinds_[at] = static_cast<std::uint16_t>(kinds_[at] | o.reach_[at][frame]); });
  }
  note(s);
}

Square SeatLines::en_passant_victim(const Position& pos, const Move& m, const Piece& p) {
  if (m.promotion != kNoKind || p.empty() || !pos.at(m.to).empty()) return kNoSquare;
  for (int c = 0; c < kMaxSeats; ++c)
    if (pos.en_passant(seat_at(c)).target == m.to) return pos.en_passant(seat_at(c)).victim;
  return kNoSquare;
}

std::uint8_t SeatLines::each_seat(const Position& pos, const Move& m) const {
  const Piece p = pos.at(m.from);
  const bool plain = CheckLines::two_squares(pos, m, p);
  // An en passant capture changes three squares: `from` and the victim's
  // emptied, `to` filled. Where the victim's square is no seen square
  // (emptying it opens no path), it is judged as a plain move: only the
  // pawn on `to` can attack, or a path through `from` open (after_plain).
  // Issue 30 item 3: at corners-mini d7, 21,846 of the moves 000's filter
  // made to see whom they check were these, and all but 18 checked nobody.
  // The victim's square as Position::make finds it (the first entry whose
  // target is `to`).
  const Square victim = !plain && m.kind == MoveKind::kEnPassant ? en_passant_victim(pos, m, p) : kNoSquare;
  std::uint8_t seats = 0;
  for (int i = 0; i < kMaxSeats; ++i) {
    if (!((built_ >> i) & 1U)) continue;
    const CheckLines& l = lines(seat_at(i));
    if (l.safe_) continue;
    const bool by_lines = plain || (is_valid(victim) && !l.seen_.test(static_cast<std::size_t>(index_of(victim))));
    if (l.make_all_ || !by_lines || l.after_plain(pos, m, p) != CheckLines::Answer::kNo)
      seats = static_cast<std::uint8_t>(seats | (1U << i));
  }
  return seats;
}

}  // namespace tabula::core

// check_lines.cpp — see check_lines.h.
#include "core/check_lines.h"

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace tabula::core {

void CheckLines::build(const Position& pos, Seat s, std::uint8_t enemies, const StandingTries* standing) {
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
  if (standing != nullptr) {
    walk(pos, standing->lines(k));
  } else {
    walk(pos, rules.tables.attack_trie(k));
  }
}

// build()'s walk, one loop for both tries: a LineNode carries its word, bit
// and flags found before (StandingTries), an AttackNode's are found here.
template <class Node>
[[gnu::always_inline]] inline void CheckLines::walk_in(const Position& pos, std::span<const Node> walk) {
  constexpr bool kLines = std::is_same_v<Node, LineNode>;
  const PieceKind royal = royal_;
  const Node* trie = walk.data();
  if constexpr (kLines) {
    lines_ = trie;
    trie_ = nullptr;
  } else {
    trie_ = trie;
    lines_ = nullptr;
  }
  kinds_ = reinterpret_cast<const unsigned char*>(trie) + offsetof(Node, kinds);
  stride_ = sizeof(Node);
  const auto size = static_cast<std::uint32_t>(walk.size());
  for (std::uint32_t i = 0; i < size;) {
    const Node& node = trie[i];
    // (A trie's squares are the board's, below kMaxSquares: the byte says
    // so to the compiler, and pos.at() tests nothing.)
    const std::size_t q = static_cast<std::uint8_t>(index_of(node.square));
    std::uint64_t bit = 0;
    std::size_t word = 0;
    if constexpr (kLines) {
      bit = node.bit;
      word = node.word;
    } else {
      bit = std::uint64_t{1} << (q & 63U);
      word = q >> 6;
    }
    std::uint64_t& reached = reached_.w[word];
    bool twice = true;  // (a LineNode says whether its square is on two paths)
    if constexpr (kLines) twice = (node.flags & LineNode::kTwice) != 0;
    if (!twice || !(reached & bit)) [[likely]] {
      reached |= bit;
      node_[q] = static_cast<std::uint16_t>(i);
    } else {
      node_[q] = kTwoPaths;  // (a square on two paths: the merged corner squares' cells)
    }
    const Piece p = pos.at(static_cast<Square>(q));
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
    bool leaf = false;
    if constexpr (kLines) {
      leaf = (node.flags & LineNode::kLeaf) != 0;
    } else {
      leaf = node.end <= i + 1;
    }
    if (!leaf) seen_.w[word] |= bit;
    i = node.end;  // the piece blocks every path through its square
  }
}

void CheckLines::walk(const Position& pos, std::span<const AttackNode> walk) { walk_in(pos, walk); }

inline void CheckLines::walk(const Position& pos, std::span<const LineNode> walk) { walk_in(pos, walk); }

template <class Node>
inline CheckLines::Answer CheckLines::discovered_in(const Node* trie, const Position& pos, const Move& m,
                                                    const Piece& p) const {
  const std::uint16_t at = node_[static_cast<std::size_t>(index_of(m.from))];
  if (at == kTwoPaths) return Answer::kMake;
  const std::uint32_t end = trie[at].end;
  const auto to = static_cast<std::size_t>(index_of(m.to));
  if (reached_.test(to)) {
    // `to` in front of `from` (an ancestor of its node: every path through
    // `from` passes it): the moved piece shuts them again.
    const std::uint16_t t = node_[to];
    if (t == kTwoPaths) return Answer::kMake;
    if (t < at && trie[t].end > at) return lands(pos, m, p);
  }
  const PieceKind royal = royal_;
  for (std::uint32_t i = at + 1U; i < end;) {
    const Node& node = trie[i];
    if (node.square == m.to) return Answer::kMake;
    const Piece q = pos.at(node.square);
    if (q.empty()) {
      ++i;
      continue;
    }
    if (((enemies_ >> index_of(q.seat)) & 1U) &&
        ((node.kinds[index_of(pos.frame_seat(q.seat))] >> index_of(q.kind)) & 1U) &&
        (q.kind == royal || !pos.king_only(q.seat)))
      return Answer::kYes;
    i = node.end;  // (a square behind it is on no opened path)
  }
  return lands(pos, m, p);
}

CheckLines::Answer CheckLines::discovered(const Position& pos, const Move& m, const Piece& p) const {
  return lines_ != nullptr ? discovered_in(lines_, pos, m, p) : discovered_in(trie_, pos, m, p);
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
  // The same nodes as CheckLines::build walks them (LineNode).
  lines_.assign(nodes_.size(), LineNode{});
  for (const Slot& slot : slots_) {
    std::array<std::uint8_t, kMaxSquares> count{};  // nodes of this trie on each square
    for (std::uint32_t i = 0; i < slot.count; ++i) {
      std::uint8_t& c = count[static_cast<std::size_t>(index_of(nodes_[slot.first + i].square))];
      c = static_cast<std::uint8_t>(c < 2 ? c + 1 : 2);
    }
    for (std::uint32_t i = 0; i < slot.count; ++i) {
      const AttackNode& node = nodes_[slot.first + i];
      LineNode& line = lines_[slot.first + i];
      const auto q = static_cast<std::size_t>(index_of(node.square));
      line.bit = std::uint64_t{1} << (q & 63U);
      line.kinds = node.kinds;
      line.end = node.end;
      line.square = node.square;
      line.word = static_cast<std::uint8_t>(q >> 6);
      line.flags = static_cast<std::uint8_t>((node.end == i + 1 ? LineNode::kLeaf : 0) |
                                             (count[q] > 1 ? LineNode::kTwice : 0));
    }
  }
}

bool SeatLines::quiet_near(const Position& pos, const Move& m) const {
  // SeatLines::quiet for a move far() does not prove: a plain move that
  // leaves no seen square, takes no king and is no king's step into his
  // corner square, whose kind attacks none of the kings (that the side to
  // move may attack) from where it lands. (A non-royal piece of a king-only
  // seat attacks nothing: its kinds are asked all the same, only cautious.)
  if (static_cast<unsigned>(m.kind) > 1U || m.promotion != kNoKind ||
      seen_.test(static_cast<std::size_t>(index_of(m.from))))
    return false;
  const Piece p = pos.at(m.from);
  if (p.empty() || pos.at(m.to).kind == royal_ || (p.kind == royal_ && m.to == corner_)) return false;
  const auto to = static_cast<std::size_t>(index_of(m.to));
  for (unsigned left = built_; left != 0; left &= left - 1U) {
    const CheckLines& l = *at_[static_cast<std::size_t>(std::countr_zero(left))];
    if (!l.safe_ && ((l.enemies_ >> index_of(mover_)) & 1U) && l.reached_.test(to) &&
        (l.node_[to] == CheckLines::kTwoPaths ||
         ((l.kinds_at(to, mover_frame_) >> index_of(p.kind)) & 1U)))
      return false;
  }
  return true;
}

Square SeatLines::en_passant_victim(const Position& pos, const Move& m, const Piece& p) {
  if (m.promotion != kNoKind || p.empty() || !pos.at(m.to).empty()) return kNoSquare;
  for (int c = 0; c < kMaxSeats; ++c)
    if (pos.en_passant(seat_at(c)).target == m.to) return pos.en_passant(seat_at(c)).victim;
  return kNoSquare;
}

std::uint8_t SeatLines::each_seat_made(const Position& pos, const Move& m) const {
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
  for (unsigned left = built_; left != 0; left &= left - 1U) {
    const int i = std::countr_zero(left);
    const CheckLines& l = *at_[static_cast<std::size_t>(i)];
    if (l.safe_) continue;
    // (An en passant capture from a seen square is made: the victim's
    // square may be on a path behind it, which discovered() would read.)
    const bool by_lines =
        plain || (is_valid(victim) && !l.seen_.test(static_cast<std::size_t>(index_of(victim))) &&
                  !l.seen_.test(static_cast<std::size_t>(index_of(m.from))));
    if (l.make_all_ || !by_lines || l.after_plain(pos, m, p) != CheckLines::Answer::kNo)
      seats = static_cast<std::uint8_t>(seats | (1U << i));
  }
  return seats;
}

}  // namespace tabula::core

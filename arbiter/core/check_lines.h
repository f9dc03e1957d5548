// check_lines.h — whether a move of the side to move leaves another seat's
// king attacked, proved from lines found once per node (issue 30 item 3).
//
// The game layer asks this of every legal move: 000's "only the target may
// be checkmated" (does the move check a non-target?; 003's "no move may
// expose a protected king" has its own lines, guard_lines.h). Making every
// move to ask it cost more than the move generation itself. CheckLines walks the king's attack trie once (as
// Position::king_safety does for the mover's own king) and answers for a
// plain move without making it; what it cannot prove it says so, and the
// caller makes the move as before. The answer is the one Position::in_check
// gives after Position::make, by the argument at the top of legality.cpp: a
// piece attacks along a path whose squares before it are all empty, and a
// plain move empties only `from` and fills only `to`.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "core/position.h"

namespace tabula::core {

class StandingTries;  // below

// A node of a king's attack trie as CheckLines::build walks it (StandingTries
// keeps them beside its AttackNodes, the same trie): the square's word and
// bit in a SquareWords, and whether the node is a leaf or its square is on
// another path of the trie too, found once per Game, not at every node of
// every walk (issue 30 item 3, session 27: the shifts and the two tests
// were ~6 of the ~30 instructions of each node a walk visits).
struct LineNode {
  std::uint64_t bit = 0;  // 1 << (square % 64)
  std::array<std::uint16_t, kMaxSeats> kinds{};  // AttackNode::kinds
  std::uint32_t end = 0;                         // AttackNode::end
  Square square = kNoSquare;
  std::uint8_t word = 0;  // square / 64
  std::uint8_t flags = 0;
  static constexpr std::uint8_t kLeaf = 1;   // end is the next node: nothing behind its square
  static constexpr std::uint8_t kTwice = 2;  // its square is another node's of the trie too
};

// 256 squares as four 64-bit words: the walk sets them and the per-move
// test reads them a word at a time, and a kept seat's squares are visited
// by their bits (SeatLines::keep; issue 30 item 3, session 19).
struct SquareWords {
  static_assert(kMaxSquares == 256);
  std::array<std::uint64_t, 4> w{};
  bool test(std::size_t q) const { return ((w[q >> 6] >> (q & 63U)) & 1U) != 0; }
  void reset() { w = {}; }
  // Two 16-byte ORs (GCC's vector extension: SSE2 on amd64, NEON on
  // arm64): 000's filter takes two seats' lines into its unions at every
  // node (SeatLines::note; session 23: the loop of four words was ~21
  // instructions an OR). Read and written in place through a type that
  // may alias the words, unaligned (session 25: copies into local arrays,
  // as memcpy made them, were kept on the stack in non_target_lines, ~20
  // instructions more a seat).
  SquareWords& operator|=(const SquareWords& o) {
    using Half = std::uint64_t __attribute__((vector_size(16), aligned(8), may_alias));
    static_assert(sizeof w == 2 * sizeof(Half));
    auto* a = reinterpret_cast<Half*>(w.data());
    const auto* b = reinterpret_cast<const Half*>(o.w.data());
    a[0] |= b[0];
    a[1] |= b[1];
    return *this;
  }
  // Calls f(index) for every square set, in increasing order.
  template <class F>
  void each(F f) const {
    for (std::size_t i = 0; i < w.size(); ++i)
      for (std::uint64_t b = w[i]; b != 0; b &= b - 1U)
        f(i * 64U + static_cast<std::size_t>(std::countr_zero(b)));
  }
  SquareSet as_set() const {
    SquareSet out;
    each([&](std::size_t q) { out.set(q); });
    return out;
  }
};

// What CheckLines::build() finds beside the reached squares' nodes (node_).
struct CheckLinesHead {
  bool safe_ = false;      // nothing can attack the king (none, immune, no enemy)
  bool attacked_ = false;  // in check now
  bool make_all_ = false;  // nothing proved: make every move
  std::uint8_t enemies_ = 0;
  PieceKind royal_ = kNoKind;
  Square king_ = kNoSquare;
  SquareWords seen_;     // the first occupied square of a path that goes on behind it: moving it may open the path
  SquareWords reached_;  // squares a path reaches with every square before them empty
};

class CheckLines : private CheckLinesHead {
 public:
  enum class Answer { kNo, kYes, kMake };  // kMake: make the move to know

  // The lines to seat s's king in pos; s is not the side to move.
  void build(const Position& pos, Seat s) { build(pos, s, pos.attackers_of(s), nullptr); }
  // build() with `enemies`, pos.attackers_of(s), found by the caller (000's
  // filter asks it once per seat and node, for still_after or this), and
  // the kings' tries to walk: `standing` (StandingTries, below) or, with
  // nullptr, the MoveTables' own.
  void build(const Position& pos, Seat s, std::uint8_t enemies, const StandingTries* standing);
  // Whether s's king is attacked after m, a legal move of pos's side to move
  // (pos as it was at build()).
  Answer after(const Position& pos, const Move& m) const {
    if (safe_) return Answer::kNo;  // no move of another seat changes that
    if (make_all_) return Answer::kMake;
    const Piece p = pos.at(m.from);
    return two_squares(pos, m, p) ? after_plain(pos, m, p) : Answer::kMake;
  }
  // Whether m changes the board on its two squares only, p its piece: then
  // after_plain answers. En passant, castling, placements, promotions, a
  // king entering his corner square (000: his bishops turn into queens,
  // Position::converts) and the capture of a king (who attacks may change)
  // are made. A king's other moves are plain: the king whose lines these
  // are does not move, and who may attack him does not change.
  static bool two_squares(const Position& pos, const Move& m, const Piece& p) {
    return (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) &&
           m.promotion == kNoKind && !p.empty() && pos.at(m.to).kind != pos.royal_kind() &&
           !(p.kind == pos.royal_kind() && pos.converts(m));
  }
  // after() for such a move (neither safe_ nor make_all_).
  Answer after_plain(const Position& pos, const Move& m, const Piece& p) const {
    // Emptying a square no path reaches first opens nothing; one that does
    // is looked behind (discovered).
    if (seen_.test(static_cast<std::size_t>(index_of(m.from)))) return discovered(pos, m, p);
    return lands(pos, m, p);
  }
  // after_plain's answer for the moved piece where it lands alone (`from`
  // opening nothing).
  Answer lands(const Position& pos, const Move& m, const Piece& p) const {
    const std::size_t to = index_of(m.to);
    if (!reached_.test(to)) return Answer::kNo;
    if (!((enemies_ >> index_of(p.seat)) & 1U)) return Answer::kNo;
    if (node_[to] == kTwoPaths) [[unlikely]]
      return Answer::kMake;
    bool attacks = ((kinds_at(to, index_of(pos.frame_seat(p.seat))) >> index_of(p.kind)) & 1U) &&
                   (p.kind == royal_ || !pos.king_only(p.seat));
    return attacks ? Answer::kYes : Answer::kNo;
  }
  // after_plain for a move from a seen square (a piece first on paths that
  // go on behind it): the paths through `from` are walked on from it as
  // build() walks them (session 24: at corners-mini d7 these were made,
  // for 000's mate rule a look at the position after the move, most of
  // them opening no line). A piece first on one of them that attacks the
  // king from there attacks him once `from` is empty: kYes. Where none
  // does, or the move lands in front of `from` on its paths (they stay
  // shut), only the moved piece may: lands(). Made (kMake): `to` on one of
  // them behind `from` before its first piece (the move lands on the
  // opened line, or takes the piece that would attack along it), or `from`
  // or `to` on two paths (the merged corner squares' cells).
  [[gnu::noinline]] Answer discovered(const Position& pos, const Move& m, const Piece& p) const;
  // Whether s's king is attacked now (then every move is kMake).
  bool attacked() const { return attacked_; }
  // Whether these lines, built in the position before `m` (a move of the
  // side to move there), are what build() finds after it, pos being the
  // position after m with nothing else changed: m changed the board on its
  // two squares only (a normal move or a double step; not a king entering
  // his corner square, whose bishops turn) and neither square is one a path
  // reached, the king is where it was and the same seats may attack him.
  // build() reads nothing else (issue 30 item 3: 000's filter keeps a
  // non-target's lines from the node before, SeatLines::keep).
  bool still_after(const Position& pos, const Move& m, Seat s) const {
    return still_after(pos, m, s, pos.attackers_of(s));
  }
  // still_after() with `enemies`, pos.attackers_of(s), found by the caller.
  bool still_after(const Position& pos, const Move& m, Seat s, std::uint8_t enemies) const {
    if (m.kind != MoveKind::kNormal && m.kind != MoveKind::kDoubleStep) return false;
    if (!is_valid(m.from) || !is_valid(m.to) || reached_.test(static_cast<std::size_t>(index_of(m.from))) ||
        reached_.test(static_cast<std::size_t>(index_of(m.to))))
      return false;
    if (pos.king_square(s) != king_ || enemies != enemies_) return false;
    const Piece& moved = pos.at(m.to);
    return moved.kind != royal_ || !pos.rules().geometry.merged(m.to);
  }
  // What after() reads, for a caller that tests a move against several
  // kings' lines at once (tests; SeatLines keeps a union of its own).
  bool safe() const { return safe_; }
  bool make_all() const { return make_all_; }
  std::uint8_t enemies() const { return enemies_; }
  SquareSet seen() const { return seen_.as_set(); }
  SquareSet reached() const { return reached_.as_set(); }

 private:
  friend class SeatLines;
  // build()'s walk of a trie of AttackNodes (the MoveTables' own) or of
  // LineNodes (StandingTries': 000's filter's, inline in build).
  [[gnu::noinline]] void walk(const Position& pos, std::span<const AttackNode> trie);
  [[gnu::always_inline]] inline void walk(const Position& pos, std::span<const LineNode> trie);
  // The walk of either trie (check_lines.cpp): one loop for both.
  template <class Node>
  [[gnu::always_inline]] inline void walk_in(const Position& pos, std::span<const Node> trie);
  // discovered() in either trie (check_lines.cpp, inline there).
  template <class Node>
  [[gnu::always_inline]] inline Answer discovered_in(const Node* trie, const Position& pos, const Move& m,
                                                     const Piece& p) const;
  // The kinds that attack the king from reached square q when their moves
  // are seat f's: its node's (AttackNode::kinds), read in the trie walked
  // (valid where reached_[q] and q is on one path: node_[q] != kTwoPaths).
  // (Session 28: a copy per square, reach_[q], was written at every node a
  // walk visited, 2 KB of each CheckLines' 2.6 KB: the lines of a search's
  // depths outgrew the D1 cache, and build() made ~35 % of the run's D1
  // write misses at corners-mini d7; the per-square kinds are read at ~1 in
  // 10 of the walks' squares.)
  std::uint16_t kinds_at(std::size_t q, int f) const {
    std::uint16_t k = 0;
    std::memcpy(&k,
                kinds_ + std::size_t{node_[q]} * stride_ +
                    sizeof(std::uint16_t) * static_cast<std::size_t>(f),
                sizeof k);
    return k;
  }
  // The trie build() walked (one of the two), and node_[q] for each reached
  // square q the index of its node there (kTwoPaths: on two paths; then the
  // moved piece's landing is made, kMake: the merged corner squares' cells),
  // valid where reached_[q] (discovered, kinds_at). kinds_: the first
  // node's kinds, nodes stride_ bytes apart.
  const AttackNode* trie_ = nullptr;
  const LineNode* lines_ = nullptr;
  const unsigned char* kinds_ = nullptr;
  std::size_t stride_ = 0;
  static constexpr std::uint16_t kTwoPaths = 0xFFFF;
  std::array<std::uint16_t, kMaxSquares> node_;
};

// The kings' attack tries (MoveTables::attack_trie) without the squares at
// the end of their paths (the trie's leaves: a knight's square) from which
// no kind that can stand on the board attacks: a walk of such a trie finds
// the lines a walk of the whole trie finds but for those squares, which no
// piece can attack from and none stands behind, so that no move's answer
// changes (issue 30 item 3, session 19: corners-mini has no knights, and a
// non-target king's knight squares were ~4 of the ~10 squares each walk
// visited). Built once for a Game's kinds (corners.h, CornerLinesCache).
class StandingTries {
 public:
  // `may_stand`: a bit per piece kind, every kind that can stand on the
  // board.
  void build(const MoveTables& tables, std::uint16_t may_stand);
  std::span<const AttackNode> trie(Square k) const {
    const Slot& s = slots_[static_cast<std::size_t>(index_of(k))];
    return {nodes_.data() + s.first, s.count};
  }
  // The same trie as CheckLines::build walks it.
  std::span<const LineNode> lines(Square k) const {
    const Slot& s = slots_[static_cast<std::size_t>(index_of(k))];
    return {lines_.data() + s.first, s.count};
  }

 private:
  struct Slot {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  std::vector<AttackNode> nodes_;  // node.end is relative to its king square's first node
  std::vector<LineNode> lines_;    // nodes_ as LineNodes, index for index
  std::array<Slot, kMaxSquares> slots_{};
};

// The lines to several seats' kings at once, built for the seats in `built`
// (one bit per seat index), with the union of their squares: a plain move of
// the side to move that leaves no seen square and lands on no square a path
// to one of those kings reaches (nor on a king, nor his king on his corner
// square) checks none of them, whatever the seats (two bit tests instead of
// one walk per seat). The other moves are asked of each seat (each_seat).
class SeatLines {
 public:
  std::uint8_t built() const { return built_; }
  // No seat's lines, for a node of pos (its side to move); `standing`: the
  // tries add() walks (CheckLines::build). `next`: seats (a bit per seat
  // index) whose lines the caller adds or keeps next, every one of them
  // (their kings' squares: note()).
  void clear(const Position& pos, const StandingTries* standing = nullptr, std::uint8_t next = 0) {
    built_ = 0;
    standing_ = standing;
    seen_.reset();
    near_.reset();
    royal_ = pos.royal_kind();
    mover_ = pos.to_move();
    mover_frame_ = static_cast<std::uint8_t>(index_of(pos.frame_seat(mover_)));
    // A move that takes a king changes who may attack (never proven by the
    // lines): the other seats' kings' squares are near. (Position: a seat's
    // royal piece stands on king_square(s).) A seat in `next` is left to
    // note(): his lines prove nothing where another seat's piece attacks
    // his king now (make_all_), so once they are found no move of the side
    // to move takes his king but where they say safe_ (session 28: 000's
    // filter's non-targets are in `next`, and only the target's king is
    // set here, one pass instead of four).
    // (Every seat index: a seat the rules do not have has no king,
    // kNoSquare. `& 31`: no side to move, kNoSeat, leaves out no seat.)
    static_assert(kMaxSeats == 4);
    const unsigned mover_bit = 1U << (static_cast<unsigned>(index_of(mover_)) & 31U);
    for (unsigned left = 0xFU & ~(next | mover_bit); left != 0; left &= left - 1U) {
      const Square k = pos.king_square(seat_at(std::countr_zero(left)));
      if (is_valid(k)) set(near_, k);
    }
    // 000 short game: "When a King enters his corner square, both of his
    // Bishops become Queens instantly" (Position::converts): the side to
    // move's corner square is near (his king's step onto it is never
    // quiet; quiet_near asks the kind).
    corner_ = kNoSquare;
    if (pos.king_move_converts() && royal_ != kNoKind) {
      const Square corner = pos.rules().corners.own[static_cast<std::size_t>(index_of(mover_))];
      if (is_valid(corner)) {
        corner_ = corner;
        set(near_, corner);
      }
    }
  }
  void add(const Position& pos, Seat s) { add(pos, s, pos.attackers_of(s)); }
  // add() with `enemies`, pos.attackers_of(s), found by the caller.
  void add(const Position& pos, Seat s, std::uint8_t enemies) {
    CheckLines& l = seat_[index_of(s)];
    l.build(pos, s, enemies, standing_);
    take(s, &l);
  }
  // add() with lines built before (`from`: another SeatLines' seat s, that
  // CheckLines::still_after proved unchanged): referred to, not copied
  // (session 21: the copy was ~75 instructions of a keep's ~185). They
  // read nothing of the side to move (session 23: the kinds he attacks
  // with are read from them per move, each_seat). `from`'s lines of s
  // (those it holds or refers to) must outlive this SeatLines' use of them
  // and stay unchanged meanwhile: 000's filter keeps the lines of the node
  // above, one per search depth in the Game, which are found again only
  // once the search is back at that depth (core/corners.h,
  // CornerLinesCache).
  void keep(Seat s, const SeatLines& from) { take(s, &from.lines(s)); }
  // keep() where `from` is not nullptr, else add(): one call site of
  // note(), whose ORs 000's filter inlines (issue 30 item 3, session 30:
  // keep and add each inlined a copy, ~30 instructions run at every node).
  void keep_or_add(const Position& pos, Seat s, std::uint8_t enemies, const SeatLines* from) {
    const CheckLines* l = nullptr;
    if (from != nullptr) {
      l = &from->lines(s);
    } else {
      CheckLines& own = seat_[index_of(s)];
      own.build(pos, s, enemies, standing_);
      l = &own;
    }
    take(s, l);
  }
  // Seat s's lines (s built).
  const CheckLines& lines(Seat s) const { return *at_[static_cast<std::size_t>(index_of(s))]; }
  // The seats (one bit per seat index) whose kings m, a move of the side to
  // move as it was at add(), may leave attacked (kYes or kMake): no other
  // built seat's king is attacked after m. Beside after()'s answers, an en
  // passant capture whose victim's square no path reaches first is proven
  // too (each_seat).
  std::uint8_t may_check_seats(const Position& pos, const Move& m) const {
    if (built_ == 0 || far(m)) return 0;
    return each_seat(pos, m);
  }
  // The one test over the union (000's filter asks it of every move of a
  // node, issue 30 item 3): true when m, a move of the side to move, is a
  // normal move or a double step without promotion that leaves no seen
  // square and lands on no near one (a square a path to one of the kings
  // reaches, where the side to move may attack him; a king's; his own
  // corner square): then it checks none of them, and each_seat would say
  // so (its piece attacks from no square it reaches; a king's step into
  // his corner square, whose bishops turn, lands on a near square). False
  // is "ask each_seat". (One seat's lines that prove nothing, make_all_,
  // make every square seen.)
  bool far(const Move& m) const {
    static_assert(static_cast<unsigned>(MoveKind::kNormal) == 0 &&
                  static_cast<unsigned>(MoveKind::kDoubleStep) == 1);
    return static_cast<unsigned>(m.kind) <= 1U && m.promotion == kNoKind &&
           !seen_.test(static_cast<std::size_t>(index_of(m.from))) &&
           !near_.test(static_cast<std::size_t>(index_of(m.to)));
  }
  // Whether m is a plain move (two squares change) that leaves no seen
  // square, of a kind that attacks none of the kings from where it lands,
  // takes no king and is no king's step into his corner square: far(), or
  // the kinds asked where it lands (each_seat then answers 0; tests).
  bool quiet(const Position& pos, const Move& m) const { return far(m) || quiet_near(pos, m); }
  bool quiet_near(const Position& pos, const Move& m) const;
  // may_check_seats asked of each seat's lines, for a move far() does not
  // prove: a plain move (two squares change) here, in line (000's filter
  // asks it of ~12 % of a node's moves at corners-mini d6), the others out
  // of line (each_seat_made, check_lines.cpp).
  std::uint8_t each_seat(const Position& pos, const Move& m) const {
    std::uint8_t sure = 0;
    return each_seat(pos, m, sure);
  }
  // each_seat() with the seats whose kings m surely leaves attacked apart
  // (`sure`, a subset of the answer: after() says kYes, the move's piece
  // attacks him from where it lands), so that a caller need not look again
  // at whether they are in check (000's mate rule: mates_non_target; issue
  // 30 item 3, session 24: at corners-mini d6 ~2 in 5 of the kings it
  // looked at were these). The others of the answer are "make it to know".
  std::uint8_t each_seat(const Position& pos, const Move& m, std::uint8_t& sure) const {
    sure = 0;
    if (static_cast<unsigned>(m.kind) <= 1U && m.promotion == kNoKind) {
      // CheckLines::two_squares, for a move of the side to move: his king's
      // step into his corner square is no plain move (corner_).
      const Piece p = pos.at(m.from);
      if (!p.empty() && pos.at(m.to).kind != royal_ && !(p.kind == royal_ && m.to == corner_)) {
        std::uint8_t seats = 0;
        for (unsigned left = built_; left != 0; left &= left - 1U) {
          const int i = std::countr_zero(left);
          const CheckLines& l = *at_[static_cast<std::size_t>(i)];
          if (l.safe_) continue;
          const CheckLines::Answer a = l.make_all_ ? CheckLines::Answer::kMake : l.after_plain(pos, m, p);
          if (a != CheckLines::Answer::kNo) seats = static_cast<std::uint8_t>(seats | (1U << i));
          if (a == CheckLines::Answer::kYes) sure = static_cast<std::uint8_t>(sure | (1U << i));
        }
        return seats;
      }
    }
    return each_seat_made(pos, m);
  }
  // each_seat for a move that changes more than its two squares (en
  // passant, a promotion, a king taken, his king entering his corner
  // square): rare, cold.
  [[gnu::cold]] std::uint8_t each_seat_made(const Position& pos, const Move& m) const;
  // Whether m may leave one of those kings attacked.
  bool may_check(const Position& pos, const Move& m) const { return may_check_seats(pos, m) != 0; }
  // The square of the pawn en passant capture m (of the side to move, p its
  // piece) takes, as Position::make finds it (the first entry whose target
  // is m.to), or kNoSquare (each_seat's rare case: out of line, cold).
  [[gnu::cold]] static Square en_passant_victim(const Position& pos, const Move& m, const Piece& p);

 private:
  static void set(SquareWords& w, Square q) {
    const auto i = static_cast<std::size_t>(index_of(q));
    w.w[i >> 6] |= std::uint64_t{1} << (i & 63U);
  }
  // Seat s's lines `l` are found now (add, keep): the union takes them in.
  void take(Seat s, const CheckLines* l) {
    at_[static_cast<std::size_t>(index_of(s))] = l;
    note(s);
  }
  void note(Seat s) {
    const CheckLines& l = lines(s);
    built_ = static_cast<std::uint8_t>(built_ | (1U << index_of(s)));
    if (l.make_all_) {
      seen_.w.fill(~std::uint64_t{0});
    } else if (l.safe_) [[unlikely]] {
      // (A king immune in his corner square, or none: near, as clear()
      // makes a king whose lines are not found.)
      if (is_valid(l.king_) && s != mover_) set(near_, l.king_);
    } else {
      seen_ |= l.seen_;
      // Where the side to move may attack the king, the squares a path
      // reaches (his piece landing there may attack along it).
      if ((l.enemies_ >> index_of(mover_)) & 1U) near_ |= l.reached_;
    }
  }

  std::array<CheckLines, kMaxSeats> seat_;
  // Each built seat's lines: seat_'s own (add) or another SeatLines' (keep).
  std::array<const CheckLines*, kMaxSeats> at_{};
  std::uint8_t built_ = 0;
  const StandingTries* standing_ = nullptr;
  // The seen squares of every seat's lines (all squares where one seat's
  // lines prove nothing), and the near ones (far()).
  SquareWords seen_;
  SquareWords near_;
  PieceKind royal_ = kNoKind;
  Seat mover_ = kNoSeat;
  std::uint8_t mover_frame_ = 0;
  Square corner_ = kNoSquare;  // the side to move's corner square, where his king's step converts
};

}  // namespace tabula::core

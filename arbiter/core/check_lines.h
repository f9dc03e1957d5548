// check_lines.h — whether a move of the side to move leaves another seat's
// king attacked, proved from lines found once per node (issue 30 item 3).
//
// The game layer asks this of every legal move: 000's "only the target may
// be checkmated" (does the move check a non-target?), 003's "no move may
// expose a protected king". Making every move to ask it cost more than the
// move generation itself. CheckLines walks the king's attack trie once (as
// Position::king_safety does for the mover's own king) and answers for a
// plain move without making it; what it cannot prove it says so, and the
// caller makes the move as before. The answer is the one Position::in_check
// gives after Position::make, by the argument at the top of legality.cpp: a
// piece attacks along a path whose squares before it are all empty, and a
// plain move empties only `from` and fills only `to`.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"

namespace tabula::core {

class CheckLines {
 public:
  enum class Answer { kNo, kYes, kMake };  // kMake: make the move to know

  // The lines to seat s's king in pos; s is not the side to move. With
  // `kinds`, the kinds of the side to move that attack the king from each
  // square a path reaches are added to kinds[square] (SeatLines' union).
  void build(const Position& pos, Seat s, std::uint16_t* kinds = nullptr);
  // Whether s's king is attacked after m, a legal move of pos's side to move
  // (pos as it was at build()).
  Answer after(const Position& pos, const Move& m) const {
    if (safe_) return Answer::kNo;  // no move of another seat changes that
    if (make_all_) return Answer::kMake;
    // Plain moves only: en passant, castling, placements, promotions, a
    // king's move (000: a king entering his corner turns bishops into
    // queens) and the capture of a king (who attacks may change) are made.
    if ((m.kind != MoveKind::kNormal && m.kind != MoveKind::kDoubleStep) ||
        m.promotion != kNoKind) {
      return Answer::kMake;
    }
    Piece p = pos.at(m.from);
    if (p.empty() || p.kind == royal_ || pos.at(m.to).kind == royal_) return Answer::kMake;
    // Emptying a square no path reaches first opens nothing.
    if (seen_[index_of(m.from)]) return Answer::kMake;
    const std::size_t to = index_of(m.to);
    if (!reached_[to]) return Answer::kNo;
    bool attacks = ((enemies_ >> index_of(p.seat)) & 1U) &&
                   ((reach_[to][index_of(pos.frame_seat(p.seat))] >> index_of(p.kind)) & 1U) &&
                   !pos.king_only(p.seat);  // p is not royal
    return attacks ? Answer::kYes : Answer::kNo;
  }
  // Whether s's king is attacked now (then every move is kMake).
  bool attacked() const { return attacked_; }
  // What after() reads, for a caller that tests a move against several
  // kings' lines at once (003's relation filter: the union of them).
  bool safe() const { return safe_; }
  bool make_all() const { return make_all_; }
  std::uint8_t enemies() const { return enemies_; }
  const SquareSet& seen() const { return seen_; }
  const SquareSet& reached() const { return reached_; }

 private:
  friend class SeatLines;
  bool safe_ = false;      // nothing can attack the king (none, immune, no enemy)
  bool attacked_ = false;  // in check now
  bool make_all_ = false;  // nothing proved: make every move
  std::uint8_t enemies_ = 0;
  PieceKind royal_ = kNoKind;
  SquareSet seen_;     // the first occupied square of a path: moving it may open the path
  SquareSet reached_;  // squares a path reaches with every square before them empty
  // reach_[q][f]: kinds that attack the king from q when their moves are
  // seat f's (valid where reached_[q]).
  std::array<std::array<std::uint16_t, kMaxSeats>, kMaxSquares> reach_;
};

// The lines to several seats' kings at once, built for the seats in `built`
// (one bit per seat index), with the union of their squares: a plain move of
// the side to move that leaves no seen square and lands where its kind
// attacks none of those kings checks none of them, whatever the seats (one
// test instead of one per seat).
class SeatLines {
 public:
  std::uint8_t built() const { return built_; }
  void clear() {
    built_ = 0;
    make_all_ = false;
    seen_.reset();
    kinds_.fill(0);
  }
  void add(const Position& pos, Seat s) {
    CheckLines& l = seat_[index_of(s)];
    l.build(pos, s, kinds_.data());
    built_ = static_cast<std::uint8_t>(built_ | (1U << index_of(s)));
    make_all_ = make_all_ || l.make_all_;
    seen_ |= l.seen_;
    royal_ = l.royal_;
  }
  // The seats (one bit per seat index) whose kings m, a move of the side to
  // move as it was at add(), may leave attacked (kYes or kMake): no other
  // built seat's king is attacked after m.
  std::uint8_t may_check_seats(const Position& pos, const Move& m) const {
    if (built_ == 0) return 0;
    if (!make_all_ && (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDoubleStep) &&
        m.promotion == kNoKind && !seen_[index_of(m.from)]) {
      Piece p = pos.at(m.from);
      if (!p.empty() && p.kind != royal_ && pos.at(m.to).kind != royal_ &&
          !((kinds_[static_cast<std::size_t>(index_of(m.to))] >> index_of(p.kind)) & 1U)) {
        return 0;
      }
    }
    std::uint8_t seats = 0;
    for (int i = 0; i < kMaxSeats; ++i)
      if (((built_ >> i) & 1U) &&
          seat_[static_cast<std::size_t>(i)].after(pos, m) != CheckLines::Answer::kNo)
        seats = static_cast<std::uint8_t>(seats | (1U << i));
    return seats;
  }
  // Whether m may leave one of those kings attacked.
  bool may_check(const Position& pos, const Move& m) const { return may_check_seats(pos, m) != 0; }

 private:
  std::array<CheckLines, kMaxSeats> seat_;
  std::uint8_t built_ = 0;
  bool make_all_ = false;
  SquareSet seen_;
  // kinds_[q]: the side to move's kinds that attack one of the kings from q
  // along a path open now.
  std::array<std::uint16_t, kMaxSquares> kinds_{};
  PieceKind royal_ = kNoKind;
};

}  // namespace tabula::core

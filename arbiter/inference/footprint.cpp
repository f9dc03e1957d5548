#include "inference/footprint.h"

#include <cstdlib>
#include <numeric>

namespace tabula::inference {

using core::Move;
using core::MoveKind;
using core::Square;

namespace {

void flip(core::SquareSet& set, Square s) {
  if (s != core::kNoSquare) set.flip(core::index_of(s));
}

// The square of the pawn an en passant capture to `to` takes.
Square en_passant_victim(const core::Position& pos, Square to) {
  for (int s = 0; s < pos.rules().seat_count(); ++s) {
    const core::EnPassantEntry& e = pos.en_passant(core::seat_at(s));
    if (e.target == to) return e.victim;
  }
  return core::kNoSquare;
}

}  // namespace

Footprint footprint_of(const core::Position& before, const Move& m) {
  Footprint f;
  switch (m.kind) {
    case MoveKind::kPass:
      return f;
    case MoveKind::kPlacement:
      // 003 rule 5: a new piece appears on an empty square.
      f.changed.set(core::index_of(m.to));
      return f;
    case MoveKind::kCastle: {
      const core::CastlingRule& c = before.rules().castling[m.castle];
      f.origin = c.king_from;
      // Squares emptied and filled; a square both left and entered keeps its
      // occupancy but changes piece (e.g. the king lands where the rook stood).
      core::SquareSet left;
      core::SquareSet entered;
      left.set(core::index_of(c.king_from));
      left.set(core::index_of(c.rook_from));
      entered.set(core::index_of(c.king_to));
      entered.set(core::index_of(c.rook_to));
      f.changed = left ^ entered;
      f.kept = left & entered;
      // A piece that does not move (king_from == king_to) needs no touch.
      if (c.king_from == c.king_to) f.kept.reset(core::index_of(c.king_from));
      if (c.rook_from == c.rook_to) f.kept.reset(core::index_of(c.rook_from));
      return f;
    }
    case MoveKind::kEnPassant:
      f.origin = m.from;
      flip(f.changed, m.from);
      flip(f.changed, m.to);
      flip(f.changed, en_passant_victim(before, m.to));
      return f;
    case MoveKind::kNormal:
    case MoveKind::kDoubleStep:
      f.origin = m.from;
      f.changed.set(core::index_of(m.from));
      if (before.at(m.to).empty()) {
        f.changed.set(core::index_of(m.to));
      } else {
        f.kept.set(core::index_of(m.to));  // a capture: lifted and refilled
      }
      return f;
  }
  return f;
}

std::vector<CandidateGroup> candidate_groups(const core::Position& pos,
                                             const core::MoveList& moves) {
  std::vector<CandidateGroup> groups;
  for (const Move& m : moves) {
    if (m.kind == MoveKind::kPass) continue;
    Footprint f = footprint_of(pos, m);
    bool joined = false;
    for (CandidateGroup& g : groups) {
      // Only a promotion's or a placement's choices share a footprint with
      // the same from/to; different moves with equal footprints stay apart
      // so that an ambiguity is asked as such.
      if (g.footprint == f && g.moves.front().from == m.from && g.moves.front().to == m.to &&
          g.moves.front().kind == m.kind) {
        g.moves.push_back(m);
        joined = true;
        break;
      }
    }
    if (!joined) groups.push_back(CandidateGroup{{m}, f, false});
  }
  // A group can only be strictly within a group that changes more squares;
  // those are few (castling, en passant), so compare against them only.
  std::vector<std::size_t> wide;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (groups[i].footprint.changed.count() >= 3) wide.push_back(i);
  }
  for (CandidateGroup& g : groups) {
    const core::SquareSet& gc = g.footprint.changed;
    for (std::size_t i : wide) {
      const Footprint& o = groups[i].footprint;
      bool strictly_within = (gc & ~o.changed).none() && gc != o.changed;
      bool kept_within = (g.footprint.kept & ~o.kept).none();
      if (strictly_within && kept_within) {
        g.prefix = true;
        break;
      }
    }
  }
  return groups;
}

core::SquareSet capture_targets(const std::vector<CandidateGroup>& groups,
                                const core::SquareSet& expected) {
  core::SquareSet out;
  for (const CandidateGroup& g : groups) {
    out |= g.footprint.kept;
    core::SquareSet emptied = g.footprint.changed & expected;
    if (g.footprint.origin != core::kNoSquare) emptied.reset(core::index_of(g.footprint.origin));
    const Move& m = g.moves.front();
    if (m.kind == MoveKind::kEnPassant) out |= emptied;
  }
  return out;
}

// `d` lies strictly between `o` and `e` on one line of equal steps (a rank,
// a file, a diagonal, or a rider's leap repeated).
bool lies_between(Square o, Square d, Square e) {
  int ef = core::file_of(e) - core::file_of(o);
  int er = core::rank_of(e) - core::rank_of(o);
  int n = std::gcd(std::abs(ef), std::abs(er));
  if (n < 2) return false;
  int sf = ef / n;
  int sr = er / n;
  int df = core::file_of(d) - core::file_of(o);
  int dr = core::rank_of(d) - core::rank_of(o);
  int k = sf != 0 ? df / sf : dr / sr;
  return k > 0 && k < n && df == k * sf && dr == k * sr;
}

namespace {

// `beside` a king's step from `to` (and not `to`); every square valid.
bool a_step_beside(core::Square from, core::Square to, core::Square beside) {
  return core::is_valid(from) && core::is_valid(to) && core::is_valid(beside) && beside != to &&
         std::abs(core::file_of(beside) - core::file_of(to)) <= 1 &&
         std::abs(core::rank_of(beside) - core::rank_of(to)) <= 1;
}

}  // namespace

bool knight_beside(core::Square from, core::Square to, core::Square beside) {
  // A knight's jump from `from` to `to`, and `beside` a king's step from `to`.
  if (!a_step_beside(from, to, beside)) return false;
  const int df = std::abs(core::file_of(to) - core::file_of(from));
  const int dr = std::abs(core::rank_of(to) - core::rank_of(from));
  return df * dr == 2;
}

bool set_beside(core::Square from, core::Square to, core::Square beside) {
  return a_step_beside(from, to, beside) && beside != from && !lies_between(from, beside, to);
}

}  // namespace tabula::inference

#include "core/move_tables.h"

namespace tabula::core {
namespace {

// Local (x right, y forward) to board (file, rank) delta for a seat.
void rotate(const Frame& fr, Offset o, int& df, int& dr) {
  df = o.x * fr.right_file + o.y * fr.forward_file;
  dr = o.x * fr.right_rank + o.y * fr.forward_rank;
}

// Walks one pattern from `from` and appends its steps; returns the count.
// Merged squares (000's corner squares) are entered only by a kind that
// `enters_merged`, and only by a single step: the step lands on the merged
// square's anchor, move only (a king enters and leaves his corner square only
// through a free square, RULINGS 000). For every other kind, and for every
// slide, a merged cell is like an absent one.
std::uint32_t trace_ray(const Geometry& g, const Frame& fr, const std::vector<Offset>& legs,
                        int range, std::uint8_t land_flags, Square from, bool enters_merged,
                        std::vector<RayStep>& out) {
  std::uint32_t count = 0;
  int f = file_of(from);
  int r = rank_of(from);
  int repeats = range == 0 ? kMaxFiles + kMaxRanks : range;
  for (int rep = 0; rep < repeats; ++rep) {
    for (std::size_t leg = 0; leg < legs.size(); ++leg) {
      int df = 0;
      int dr = 0;
      rotate(fr, legs[leg], df, dr);
      f += df;
      r += dr;
      bool last = leg + 1 == legs.size();
      if (!g.contains(f, r)) return count;
      Square cell = make_square(f, r);
      if (g.merged(cell)) {
        Square anchor = g.anchor(cell);
        bool step_in = enters_merged && legs.size() == 1 && range == 1 && anchor != g.anchor(from) &&
                       (land_flags & kStepMove);
        if (step_in) {
          out.push_back({anchor, std::uint8_t{kStepMove}});
          ++count;
        }
        return count;
      }
      // A leaper jumps over absent cells; riders and lame paths stop.
      if (!g.playable(cell)) return count;
      out.push_back({cell, last ? land_flags : std::uint8_t{kStepPass}});
      ++count;
    }
  }
  return count;
}

}  // namespace

void MoveTables::build(const Geometry& g, const std::vector<std::vector<Pattern>>& kinds,
                       const std::vector<Facing>& facings, const std::vector<bool>& enters_merged) {
  seats_ = static_cast<int>(facings.size());
  std::size_t slots = kinds.size() * seats_ * kMaxSquares;
  steps_.clear();
  move_rays_.clear();
  attack_rays_.clear();
  move_slots_.assign(slots, {});
  move_reach_.assign(slots, {});
  attack_slots_.assign(slots, {});
  symmetric_.assign(kinds.size(), true);

  for (std::size_t k = 0; k < kinds.size(); ++k) {
    for (int s = 0; s < seats_; ++s) {
      Frame fr = frame_of(facings[s]);
      for (int q = 0; q < kMaxSquares; ++q) {
        Square sq = static_cast<Square>(q);
        if (!g.playable(sq)) continue;
        Slot& ms = move_slots_[slot(kind_at(k), seat_at(s), sq)];
        ms.first = static_cast<std::uint32_t>(move_rays_.size());
        bool enters = k < enters_merged.size() && enters_merged[k];
        if (!g.merged(sq)) {
          SquareSet merged_seen;  // a corner square is entered by one move, whichever cell
          for (const Pattern& p : kinds[k]) {
            std::uint8_t flags = (p.can_move ? kStepMove : 0) | (p.can_capture ? kStepCapture : 0);
            auto first = static_cast<std::uint32_t>(steps_.size());
            std::uint32_t n = trace_ray(g, fr, p.legs, p.range, flags, sq, enters, steps_);
            bool repeat = enters && n == 1 && g.merged(steps_.back().square) &&
                          merged_seen[index_of(steps_.back().square)];
            if (n > 0 && !repeat && (steps_.back().flags != kStepPass)) {
              if (enters && n == 1 && g.merged(steps_.back().square)) merged_seen.set(index_of(steps_.back().square));
              move_rays_.push_back({first, n});
            } else {
              steps_.resize(first);
            }
          }
        } else if (enters) {
          // 000: a king leaves a corner square by one step from any of its
          // cells to a free square; each destination once.
          SquareSet seen;
          for (Square cell : g.cells_of(sq)) {
            for (const Pattern& p : kinds[k]) {
              if (p.legs.size() != 1 || p.range != 1 || !p.can_move) continue;
              auto first = static_cast<std::uint32_t>(steps_.size());
              std::uint32_t n = trace_ray(g, fr, p.legs, 1, kStepMove, cell, false, steps_);
              if (n == 1 && g.anchor(steps_.back().square) != sq && !seen[index_of(steps_.back().square)]) {
                seen.set(index_of(steps_.back().square));
                move_rays_.push_back({first, n});
              } else {
                steps_.resize(first);
              }
            }
          }
        }
        ms.count = static_cast<std::uint32_t>(move_rays_.size()) - ms.first;
        SquareSet& reach = move_reach_[slot(kind_at(k), seat_at(s), sq)];
        for (std::uint32_t r = ms.first; r < ms.first + ms.count; ++r)
          for (const RayStep& st : ray(move_rays_[r])) reach.set(index_of(st.square));

        // Reverse capture rays: legs reversed and negated, capture flag only.
        Slot& as = attack_slots_[slot(kind_at(k), seat_at(s), sq)];
        as.first = static_cast<std::uint32_t>(attack_rays_.size());
        for (const Pattern& p : kinds[k]) {
          if (!p.can_capture) continue;
          std::vector<Offset> back(p.legs.rbegin(), p.legs.rend());
          for (Offset& o : back) o = {-o.x, -o.y};
          auto first = static_cast<std::uint32_t>(steps_.size());
          // Nothing attacks a merged square, and nothing in one attacks out.
          if (g.merged(sq)) break;
          std::uint32_t n = trace_ray(g, fr, back, p.range, kStepCapture, sq, false, steps_);
          if (n > 0 && steps_.back().flags != kStepPass) attack_rays_.push_back({first, n});
          else steps_.resize(first);
        }
        as.count = static_cast<std::uint32_t>(attack_rays_.size()) - as.first;
      }
    }
  }

  build_attack_tries(g, kinds.size());

  // A kind is symmetric when every seat's reverse rays hit the same squares.
  for (std::size_t k = 0; k < kinds.size() && seats_ > 1; ++k) {
    for (int q = 0; q < kMaxSquares && symmetric_[k]; ++q) {
      Square sq = static_cast<Square>(q);
      if (!g.playable(sq)) continue;
      SquareSet first_seat;
      for (const RayRef& r : attacks(kind_at(k), seat_at(0), sq))
        for (const RayStep& st : ray(r)) first_seat.set(index_of(st.square));
      for (int s = 1; s < seats_ && symmetric_[k]; ++s) {
        SquareSet other;
        for (const RayRef& r : attacks(kind_at(k), seat_at(s), sq))
          for (const RayStep& st : ray(r)) other.set(index_of(st.square));
        if (other != first_seat) symmetric_[k] = false;
      }
    }
  }
}

void MoveTables::build_attack_tries(const Geometry& g, std::size_t kinds) {
  trie_.clear();
  trie_slots_.assign(kMaxSquares, {});
  trie_reach_.assign(kMaxSquares, {});
  struct Building {
    Square square;
    std::array<std::uint16_t, kMaxSeats> kinds{};
    std::vector<std::size_t> children;
  };
  for (int q = 0; q < kMaxSquares; ++q) {
    Square target = static_cast<Square>(q);
    if (!g.playable(target)) continue;
    std::vector<Building> nodes(1);  // nodes[0]: the target itself (not emitted)
    for (std::size_t k = 0; k < kinds; ++k) {
      for (int s = 0; s < seats_; ++s) {
        for (const RayRef& r : attacks(kind_at(static_cast<int>(k)), seat_at(s), target)) {
          std::size_t at = 0;
          for (const RayStep& st : ray(r)) {
            std::size_t next = 0;
            for (std::size_t c : nodes[at].children) {
              if (nodes[c].square == st.square) next = c;
            }
            if (next == 0) {
              next = nodes.size();
              nodes[at].children.push_back(next);
              nodes.push_back({st.square, {}, {}});
            }
            if (st.flags != kStepPass) nodes[next].kinds[s] |= static_cast<std::uint16_t>(1U << k);
            at = next;
          }
        }
      }
    }
    // Depth-first order, each node's end one past its subtree.
    Slot& slot = trie_slots_[q];
    slot.first = static_cast<std::uint32_t>(trie_.size());
    auto emit = [&](auto& self, std::size_t n) -> void {
      std::size_t me = trie_.size();
      trie_.push_back({nodes[n].square, nodes[n].kinds, 0});
      for (std::size_t c : nodes[n].children) self(self, c);
      trie_[me].end = static_cast<std::uint32_t>(trie_.size() - slot.first);
    };
    for (std::size_t c : nodes[0].children) emit(emit, c);
    slot.count = static_cast<std::uint32_t>(trie_.size()) - slot.first;
    for (std::uint32_t i = slot.first; i < trie_.size(); ++i) trie_reach_[q].set(index_of(trie_[i].square));
  }
}

std::span<const RayRef> MoveTables::moves(PieceKind kind, Seat seat, Square from) const {
  const Slot& s = move_slots_[slot(kind, seat, from)];
  return {move_rays_.data() + s.first, s.count};
}

std::span<const RayRef> MoveTables::attacks(PieceKind kind, Seat seat, Square target) const {
  const Slot& s = attack_slots_[slot(kind, seat, target)];
  return {attack_rays_.data() + s.first, s.count};
}

}  // namespace tabula::core

// module_stages.cpp — sheet 004 (Bipartite) as a rule module
// (core/rule_module.h): the messengers' race of stage one and the bare
// king of stage two. The pieces, the holes and the stages' boards are data
// (arbiter/variants/bipartite*.txtpb).
#include <array>

#include "core/game.h"

namespace tabula::core {

class Modules::Stages final : public Modules::Module {
 public:
  const char* sheet() const override { return "004"; }
  std::uint32_t hot() const override { return hot_hooks_of<Stages>(); }

  // 004 stage two rule 6: the bared king cannot reply at all, so cannot
  // bare back.
  Turn no_move(Game& g, Seat s, int& /*passes*/, std::vector<Ruling>& out) const override {
    if (g.bare_pending_ == kNoSeat || g.bare_pending_ == s) return Turn::kNotMine;
    g.finish(false, EndReason::Kind::kBareKing, out, g.bare_pending_);
    return Turn::kStop;
  }

  // House rule (004 is silent): when the messengers jam, the stage goes to
  // whoever has more pieces in the opponent's home rows; on a tie to the
  // second mover, against the first move's edge.
  std::optional<Seat> jammed_winner(const Game& g) const override {
    if (g.rules_->game_end != GameEnd::kFillOpponentHome) return std::nullopt;
    Seat best = g.rules_->turn_order.back();
    int best_count = -1;
    for (auto it = g.rules_->turn_order.rbegin(); it != g.rules_->turn_order.rend(); ++it) {
      const int inside = in_opponents_home(g, *it, nullptr);
      if (inside > best_count) {
        best_count = inside;
        best = *it;
      }
    }
    return best;
  }

  // 004 stage one rules 1 and 7: the first to get all his pieces into the
  // opponent's home rows wins the stage.
  bool check_end(Game& g, std::size_t live, EndReason::Kind reason, std::vector<Ruling>& out) const override {
    if (g.rules_->game_end != GameEnd::kFillOpponentHome) return false;
    // One pass over the board's grid (not the 16x16 mailbox), stopping once
    // every seat has a piece outside (issue 30 item 3: this runs after every
    // move).
    const RuleSet& rules = *g.rules_;
    const int n = rules.seat_count();
    std::array<const SquareSet*, kMaxSeats> target_home{};
    for (int i = 0; i < n; ++i) target_home[i] = &rules.seats[index_of(g.pos_.next_active_after(seat_at(i)))].home;
    std::array<int, kMaxSeats> pieces{};
    std::array<bool, kMaxSeats> outside{};
    int seats_outside = 0;
    // Rows from both edges inward (0, h-1, 1, h-2, ...): each seat's pieces
    // outside start near one edge, so both are usually found in a few rows.
    const int h = rules.geometry.height();
    for (int k = 0; k < h && seats_outside < n; ++k) {
      const int r = k % 2 == 0 ? k / 2 : h - 1 - k / 2;
      for (int f = 0; f < rules.geometry.width(); ++f) {
        const Square q = make_square(f, r);
        const Piece p = g.pos_.at(q);
        if (p.empty()) continue;
        const int i = index_of(p.seat);
        ++pieces[i];
        if (!outside[i] && !(*target_home[i])[index_of(q)]) {
          outside[i] = true;
          ++seats_outside;
        }
      }
    }
    for (Seat s : rules.turn_order) {
      const int i = index_of(s);
      if (pieces[i] > 0 && !outside[i]) {
        g.finish(false, EndReason::Kind::kOpponentHome, out, s);
        return true;
      }
    }
    if (live <= 1 && !g.eliminated_.empty()) g.finish(false, reason, out);
    return true;
  }

  // 004 stage two rule 6: capturing every enemy piece but the king wins,
  // unless the opponent bares your king with his very next move: a draw.
  void after_move(Game& g, Seat mover, const MoveNotes& /*notes*/, std::vector<Ruling>& out) const override {
    if (!g.rules_->checks.bare_king || g.rules_->seat_count() != 2 || g.outcome_.over) return;
    Seat other = g.pos_.next_active_after(mover);
    if (g.bare_pending_ == other) {
      g.bare_pending_ = kNoSeat;
      if (g.bare(other)) {
        g.finish(true, {EndReason::Kind::kBaredBack, 0, mover}, out);
      } else {
        g.finish(false, EndReason::Kind::kBareKing, out, other);
      }
      return;
    }
    if (g.bare(other) && !g.bare(mover)) {
      g.bare_pending_ = mover;
      Ruling r;
      r.kind = RulingKind::kDraw;
      r.severity = Severity::kWarning;
      r.seat = other;
      r.by = mover;
      if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
        r.text = g.seat_name(other) + "'s king is bare: " + g.seat_name(mover) + " wins unless " +
                 g.seat_name(other) + " bares " + g.seat_name(mover) + "'s king with the very next move";
      }
      out.push_back(r);
    }
  }

 private:
  // How many of s's pieces stand in the home rows of the seat he plays
  // against (and, into `mine`, how many he has).
  static int in_opponents_home(const Game& g, Seat s, int* mine) {
    Seat other = g.pos_.next_active_after(s);
    const SquareSet& home = g.rules_->seats[index_of(other)].home;
    int inside = 0;
    for (int i = 0; i < kMaxSquares; ++i) {
      Piece p = g.pos_.at(static_cast<Square>(i));
      if (p.empty() || p.seat != s) continue;
      if (mine) ++*mine;
      if (home[i]) ++inside;
    }
    return inside;
  }
};

const Modules::Module& Modules::stages() {
  static const Stages module;
  return module;
}

}  // namespace tabula::core

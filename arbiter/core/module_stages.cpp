// module_stages.cpp — sheet 004 (Bipartite) as a rule module
// (core/rule_module.h): the messengers' race of stage one and the bare
// king of stage two. The pieces, the holes and the stages' boards are data
// (arbiter/variants/bipartite*.txtpb).
#include <array>
#include <cstdint>
#include <vector>

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
    if (nothing_finished(g)) return true;
    // One pass over the board's grid (not the 16x16 mailbox), stopping once
    // every seat has a piece outside (issue 30 item 3: this runs after every
    // move).
    const RuleSet& rules = *g.rules_;
    const int n = rules.seat_count();
    const std::array<Seat, kMaxSeats> opponent = opponents(g);
    std::array<const SquareSet*, kMaxSeats> target_home{};
    for (int i = 0; i < n; ++i) target_home[i] = &rules.seats[index_of(opponent[i])].home;
    // One bit per seat index: seats with a piece, seats with one outside.
    std::uint8_t pieces = 0;
    std::uint8_t outside = 0;
    const auto all = static_cast<std::uint8_t>((1U << n) - 1U);
    // The squares the last moves landed on first (two rounds of the seats):
    // a piece still there and outside the home rows its seat races for
    // shows that seat has not finished. Each is read on the board as it
    // stands now, so a square emptied or taken since says nothing (issue 30
    // item 3: most moves leave both seats so, and the board is not scanned).
    const std::vector<Move>& moves = g.moves_;
    for (std::size_t j = moves.size(), k = 0; j > 0 && k < 2U * static_cast<std::size_t>(n) && outside != all; --j, ++k) {
      const Square q = moves[j - 1].to;
      if (!is_valid(q)) continue;
      const Piece p = g.pos_.at(q);
      if (!p.empty() && !(*target_home[index_of(p.seat)])[index_of(q)])
        outside = static_cast<std::uint8_t>(outside | (1U << index_of(p.seat)));
    }
    // Rows from both edges inward (0, h-1, 1, h-2, ...): each seat's pieces
    // outside start near one edge, so both are usually found in a few rows.
    const int h = rules.geometry.height();
    const int w = rules.geometry.width();
    for (int k = 0; k < h && outside != all; ++k) {
      const int r = k % 2 == 0 ? k / 2 : h - 1 - k / 2;
      for (int f = 0; f < w; ++f) {
        const Square q = make_square(f, r);
        const Piece p = g.pos_.at(q);
        if (p.empty()) continue;
        const int i = index_of(p.seat);
        const auto bit = static_cast<std::uint8_t>(1U << i);
        pieces |= bit;
        if ((outside & bit) == 0 && !(*target_home[i])[index_of(q)]) outside |= bit;
      }
    }
    for (Seat s : rules.turn_order) {
      const auto bit = static_cast<std::uint8_t>(1U << index_of(s));
      if ((pieces & bit) != 0 && (outside & bit) == 0) {
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
    // Without a capture neither seat's pieces changed but for the piece
    // moved (no piece appears in 004 and a promotion keeps its square), so
    // the test below gives what it gave after the mover's previous move; had
    // it been true then, the pending bare would have ended the game on the
    // opponent's move since (issue 30 item 3: bare() scans the board). Once
    // the mover has a previous move in this game (two alternating seats),
    // and no bare pending.
    if (g.bare_pending_ == kNoSeat && g.moves_.size() >= 3 && g.pos_.last_captured().empty()) return;
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
  // 004 stage one: whether the last move is proven to finish no seat
  // without the scan (issue 30 item 3: check_end runs after every move). A
  // seat finishes only by a change of his pieces or of those of the seat he
  // races against, the board unchanged since the check after the move
  // before (which found nobody finished, or the game would be over). So the
  // last move, when no seat has left (no pieces removed, the same seats
  // racing the same homes), not the first of the game, a plain move or a
  // double step that captured nothing: the other seats' pieces stand as
  // they stood then, and the mover has a piece outside if it landed
  // outside the home rows he races for.
  static bool nothing_finished(const Game& g) {
    if (!g.eliminated_.empty() || g.moves_.size() < 2) return false;
    const Move& last = g.moves_.back();
    if (last.kind != MoveKind::kNormal && last.kind != MoveKind::kDoubleStep) return false;
    if (!g.pos_.last_captured().empty()) return false;
    const Piece p = g.pos_.at(last.to);
    if (p.empty()) return false;
    // The seat he races against (Position::next_active_after, without its
    // walk when two seats play).
    const std::vector<Seat>& order = g.rules_->turn_order;
    Seat other = kNoSeat;
    if (order.size() == 2) {
      other = order[0] == p.seat ? order[1] : order[0];
      if (!g.pos_.active(other)) return false;
    } else {
      other = g.pos_.next_active_after(p.seat);
    }
    return !g.rules_->seats[index_of(other)].home[index_of(last.to)];
  }

  // The seat each seat plays against, by seat index: the next active one in
  // the turn order (Position::next_active_after), for every seat in one pass.
  static std::array<Seat, kMaxSeats> opponents(const Game& g) {
    const std::vector<Seat>& order = g.rules_->turn_order;
    const std::size_t m = order.size();
    std::array<Seat, kMaxSeats> out{};
    for (std::size_t j = 0; j < m; ++j) {
      Seat next = order[j];  // (no other seat active: himself)
      for (std::size_t d = 1; d <= m; ++d) {
        const Seat c = order[j + d < m ? j + d : j + d - m];
        if (g.pos_.active(c)) {
          next = c;
          break;
        }
      }
      out[static_cast<std::size_t>(index_of(order[j]))] = next;
    }
    return out;
  }

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

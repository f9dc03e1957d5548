// module_chesscom.cpp — chess.com's four-player rules as a rule module
// (core/rule_module.h): the walking king (DeadKingWalking) and what its
// points are worth. chess.com's bonuses (double and triple checks, the
// queen's reduced bonus, the live-kings-only count) and its draws (the
// move rule, repetitions by date, insufficient material with walking
// kings) are switches of the shared ledger and draw rules in the variant's
// data (chesscom-ffa.txtpb, docs/VARIANTS.md); sources in issues 17 and 31.
#include <array>

#include "core/game.h"

namespace tabula::core {

class Modules::ChessCom final : public Modules::Module {
 public:
  const char* sheet() const override { return "chess.com"; }
  std::uint32_t hot() const override { return hot_hooks_of<ChessCom>(); }

  // chess.com FFA (issue 17 item 5): a walking king with no legal move at
  // its turn is taken off, and its 20 go to the live players as the
  // variant shares them.
  Turn no_move(Game& g, Seat s, int& /*passes*/, std::vector<Ruling>& out) const override {
    if (!walking(g, s)) return Turn::kNotMine;
    Ruling r;
    r.kind = RulingKind::kStalemate;
    r.seat = s;
    if (!g.quiet_) {  // (a search writes no words: issue 30 item 2)
      r.squares = {g.pos_.king_square(s)};
      r.text = g.seat_name(s) + "'s walking king has no legal move and is removed";
    }
    out.push_back(r);
    g.note_stalemate(s);
    g.edit_square(g.pos_.king_square(s), kEmpty);
    g.pos_.set_king_only(s, false);
    g.status_[index_of(s)] = SeatStatus::kStalemated;
    g.pos_.set_status(s, SeatStatus::kStalemated);
    g.pos_.set_active(s, false);
    share_points(g, g.rules_->ledger.mate_points, g.rules_->ledger.stuck_walking_king_share,
                 g.quiet_ ? std::string() : g.seat_name(s) + "'s walking king is removed", out);
    g.check_game_end(out);
    if (!g.outcome_.over) g.advance_turn_after(s);
    return Turn::kAgain;
  }

  // chess.com FFA (issue 17 item 4): at a draw a walking king still standing
  // is worth its 20 to whom the variant says (draw_walking_king_share);
  // issue 31 item 1: not the king of the player whose leaving drew the game.
  void on_draw(Game& g, Seat leaver, std::vector<Ruling>& out) const override {
    for (Seat s : g.rules_->turn_order) {
      if (walking(g, s) && s != leaver) {
        share_points(g, g.rules_->ledger.mate_points, g.rules_->ledger.draw_walking_king_share,
                     g.quiet_ ? std::string() : g.seat_name(s) + "'s king still stands at the draw", out);
      }
    }
  }

 private:
  // `amount` shared among the live players as the variant says (the
  // ledger's add_points pays each).
  static void share_points(Game& g, int amount, PointsShare share, const std::string& why, std::vector<Ruling>& out) {
    std::array<Seat, kMaxSeats> live{};
    int n = 0;
    for (Seat s : g.rules_->turn_order)
      if (g.status(s) == SeatStatus::kLive) live[static_cast<std::size_t>(n++)] = s;
    if (n == 0 || share == PointsShare::kNobody) return;
    // chess.com FFA (issue 31 item 2): 20 split three ways pays 7 each.
    const int each = share == PointsShare::kEach            ? amount
                     : share == PointsShare::kSplitRoundedUp ? (amount + n - 1) / n
                                                             : amount / n;
    for (int i = 0; i < n; ++i) add_points(g, live[static_cast<std::size_t>(i)], each, why, out);
  }

  // A walking king (DeadKingWalking) on the board: the seat left, his army
  // is dead, his king moves on.
  static bool walking(const Game& g, Seat s) {
    return g.random_mover(s) && g.pos_.king_only(s) && g.pos_.king_square(s) != kNoSquare;
  }
};

const Modules::Module& Modules::chesscom() {
  static const ChessCom module;
  return module;
}

}  // namespace tabula::core

// module_points.cpp — sheet 002 (Four Kingdoms) points as a rule module
// (core/rule_module.h): what captures, mates, stalemates and the last
// player standing are worth, and the points chess.com's four-player
// variant adds (double and triple checks, draws). The values are the
// variant's ledger (arbiter/variants/four-kingdoms.txtpb, chesscom-ffa.txtpb);
// the standing by points (002 rule 11) is the game's (Game::finish). A
// random mover (002 rule 7) is the elimination policy the data chooses.
#include <string>

#include "core/game.h"

namespace tabula::core {

void Modules::add_points(Game& g, Seat s, int amount, const std::string& why, std::vector<Ruling>& out) {
  if (g.rules_->ledger.kind != LedgerKind::kPoints || amount == 0 || s == kNoSeat) return;
  // 002 rule 10: a resigned or flagged player's points are frozen.
  if (g.frozen_[index_of(s)]) return;
  g.points_[index_of(s)] += amount;
  Ruling r;
  r.kind = RulingKind::kPoints;
  r.seat = s;
  r.amount = amount;
  if (!g.quiet_) r.text = g.seat_name(s) + " +" + std::to_string(amount) + " (" + why + ")";
  out.push_back(r);
}

class Modules::Points final : public Modules::Module {
 public:
  const char* sheet() const override { return "002"; }
  std::uint32_t hot() const override { return hot_hooks_of<Points>(); }

  void score_capture(Game& g, Seat mover, Piece captured, std::vector<Ruling>& out) const override {
    const PieceDef& def = g.rules_->piece(captured.kind);
    const Seat victim = captured.seat;
    // 002 rule 3, and rule 5: a promoted queen is worth its pawn's 1.
    const int value = captured.promoted ? def.promoted_value : def.value;
    if (g.status(victim) == SeatStatus::kLive) {
      add_points(g, mover, value, g.quiet_ ? std::string() : "captures " + g.seat_name(victim) + "'s " + def.name, out);
    } else if (g.random_mover(victim) && def.royal) {
      // 002 rule 7: a random mover's pieces score nothing, but his king still does.
      add_points(g, mover, value, g.quiet_ ? std::string() : "captures " + g.seat_name(victim) + "'s king", out);
    }
    // 002 rule 6: dead pieces score nothing.
  }

  // chess.com FFA (issue 17 item 3): checking two or three kings with one
  // move pays a bonus, less with a queen (issue 31 item 3).
  void score_checks(Game& g, Seat mover, int kings, bool queen, std::vector<Ruling>& out) const override {
    const Ledger& l = g.rules_->ledger;
    const int bonus = kings == 2 ? (queen ? l.double_check_bonus_queen : l.double_check_bonus)
                                 : (queen ? l.triple_check_bonus_queen : l.triple_check_bonus);
    add_points(g, mover, bonus, g.quiet_ ? std::string() : std::to_string(kings) + " kings in check", out);
  }

  // 002 rule 4: "The player who checkmates gets 20 points"; rule 7: a
  // random mover's king is still worth its 20.
  void score_mate(Game& g, Seat victim, Seat by, std::vector<Ruling>& out) const override {
    add_points(g, by, g.rules_->ledger.mate_points, g.quiet_ ? std::string() : "checkmates " + g.seat_name(victim),
               out);
  }

  // 002 rule 9: "If a player is stalemated, he gets 20 points".
  void score_stalemate(Game& g, Seat s, std::vector<Ruling>& out) const override {
    add_points(g, s, g.rules_->ledger.stalemate_points, g.quiet_ ? std::string() : "stalemated", out);
  }

  // 002 rule 8: the player left alone after resignations or flags gets +20
  // for every king still on the board not mated or captured.
  void score_last_standing(Game& g, Seat survivor, std::vector<Ruling>& out) const override {
    const int per_king = g.rules_->ledger.survivor_bonus_per_king;
    if (per_king <= 0) return;
    int kings = 0;
    for (int s = 0; s < g.rules_->seat_count(); ++s) {
      if (seat_at(s) == survivor || g.king_fallen_[s]) continue;
      const SeatStatus st = g.status_[s];
      if ((st == SeatStatus::kResigned || st == SeatStatus::kFlagged) && g.pos_.king_square(seat_at(s)) != kNoSquare) {
        ++kings;
      }
    }
    add_points(g, survivor, kings * per_king,
               g.quiet_ ? std::string()
                        : "last player left, " + std::to_string(kings) + (kings == 1 ? " king" : " kings") + " standing",
               out);
  }

  // chess.com FFA (issue 17 item 4): a draw pays each live player (+10 for
  // the move rule and repetitions). Issue 31 item 1: the player whose
  // leaving drew the game is paid as one still in.
  void score_draw(Game& g, const EndReason& why, int points, Seat leaver,
                  std::vector<Ruling>& out) const override {
    // (The words only for the session: a search's game end allocates nothing.)
    const std::string reason = g.quiet_ ? std::string() : g.reason_words(why);
    for (Seat s : g.rules_->turn_order) {
      if (g.status(s) == SeatStatus::kLive) add_points(g, s, points, g.quiet_ ? std::string() : "draw: " + reason, out);
      if (s == leaver) {
        g.frozen_[index_of(s)] = false;
        add_points(g, s, points, g.quiet_ ? std::string() : "draw: " + reason + ", as his leaving drew the game", out);
        g.frozen_[index_of(s)] = true;
      }
    }
  }
};

const Modules::Module& Modules::points() {
  static const Points module;
  return module;
}

}  // namespace tabula::core

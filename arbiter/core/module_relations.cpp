// module_relations.cpp — sheet 003's relations and tokens as a rule module
// (core/rule_module.h): where Game meets allies, suzerains and vassals. The
// rules themselves are in core/game_relations.cpp and core/vassalage.h.
#include "core/game.h"

namespace tabula::core {

class Modules::Relations final : public Modules::Module {
 public:
  const char* sheet() const override { return "003"; }
  std::uint32_t hot() const override { return hot_hooks_of<Relations>(); }

  void setup(Game& g) const override {
    const RuleSet& rules = *g.rules_;
    // 003 rule 2: White + Blue and Black + Red start as allies.
    for (const auto& team : rules.relations.teams)
      if (team.size() == 2) g.vassalage_.ally(team[0], team[1]);
    // A start with seats out (a FEN4's dead field, as the arbiter's "set
    // position" writes): in 003 a player out of the game is a removed one,
    // and his alliance ends with him (rule 2).
    for (int s = 0; s < rules.seat_count(); ++s) {
      if (g.status_[s] == SeatStatus::kLive) continue;
      g.status_[s] = SeatStatus::kRemoved;
      g.pos_.set_status(seat_at(s), SeatStatus::kRemoved);
    }
    for (int s = 0; s < rules.seat_count(); ++s)
      if (g.status_[s] == SeatStatus::kRemoved) g.vassalage_.leave(seat_at(s), g.in_game(), g.names());
    // 003 rule 4: whose edge each seat's last rank is.
    for (int s = 0; s < rules.seat_count(); ++s)
      for (int t = 0; t < rules.seat_count(); ++t)
        if (t != s && (rules.seats[s].promotion_zone & rules.seats[t].home).any()) g.edge_owner_[s] = seat_at(t);
    // 003 rule 4: the pawns already waiting on their last rank (a set
    // position); refresh_relations adds each seat promotion is barred to.
    g.waiting_pawns_ = 0;
    for (int s = 0; s < rules.seat_count(); ++s)
      for (int q = 0; q < kMaxSquares; ++q) {
        const Piece p = g.pos_.at(static_cast<Square>(q));
        if (rules.seats[s].promotion_zone[q] && !p.empty() && p.seat == seat_at(s) && rules.piece(p.kind).pawn)
          g.waiting_pawns_ = static_cast<std::uint8_t>(g.waiting_pawns_ | (1U << s));
      }
    g.refresh_relations();
    // The start may already be the end: one suzerain rules every seat in.
    g.check_game_end(g.opening_);
  }

  // 003 rules 2 and 3: no move may expose a protected king.
  void filter_legal(const Game& g, MoveList& list) const override { g.filter_by_relations(list); }
  // 003 rule 5: a vassal's placement must end his suzerain's check.
  void filter_placements(const Game& g, MoveList& list) const override { g.vassal_duty(list); }
  bool needs_whole_list() const override { return true; }
  std::string refusal(const Game& g, const Move& m) const override { return g.relation_violation(m); }

  // 003 rule 4: waiting pawns promote "at the end of the next move", so
  // before the checks that move gives are announced.
  void before_checks(Game& g, Seat mover, std::vector<Ruling>& out) const override {
    g.promote_waiting(mover, out);
  }

  // 003 rule 3: the mated player pays and becomes a vassal (or is removed);
  // then his turn is looked at again with the new relations.
  bool mated_at_turn_start(Game& g, Seat victim, Seat by, std::vector<Ruling>& out) const override {
    g.relation_mate(victim, by, out);
    g.check_game_end(out);
    if (!g.outcome_.over && !g.plays(g.pos_.to_move())) g.advance_turn_after(victim);
    return true;
  }

  // 003: the game ends when every remaining player is one player's vassal;
  // the winner is decided by tokens.
  bool check_end(Game& g, std::size_t /*live*/, const char* /*reason*/,
                 std::vector<Ruling>& out) const override {
    if (g.rules_->game_end != GameEnd::kSuzerainOnly) return false;
    // A sole suzerain is the one seat in the game with no suzerain: two
    // such seats and nobody rules them all (this runs after every move).
    int free_seats = 0;
    const int n = g.rules_->seat_count();
    for (int s = 0; s < n; ++s)
      if (g.status_[s] != SeatStatus::kRemoved && g.vassalage_.suzerain_of(seat_at(s)) == kNoSeat) ++free_seats;
    if (free_seats != 1) return true;
    Seat head = g.vassalage_.sole_suzerain(g.in_game(), g.rules_->seat_count());
    if (head != kNoSeat) {
      g.tie_winner_ = head;
      g.finish(false, g.seat_name(head) + " rules every remaining player", out);
    }
    return true;
  }

  // 003: a player who leaves takes his pieces off; relations follow.
  bool on_leave(Game& g, Seat s, bool resigned, std::vector<Ruling>& out) const override {
    g.remove_seat(s, resigned ? "he resigned" : "his time ran out", out);
    return true;
  }
};

const Modules::Module& Modules::relations() {
  static const Relations module;
  return module;
}

}  // namespace tabula::core

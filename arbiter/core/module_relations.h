// module_relations.h — sheet 003's relations and tokens (Allies and
// Vassals) as a rule module (core/rule_module.h), private to the core: the
// module's hooks and the rules behind them, as static helpers that play
// with the Game's state (issue 30 item 1: Game names no sheet; its header
// declares none of these). All in module_relations.cpp.
//
// The state the rules depend on stays in the Game, so that make/unmake and
// the Game's copy keep it: the relations (core/vassalage.h), the tokens
// (the ledger's points), whose edge each seat promotes on and which seats
// may have a pawn waiting there, the suzerain who wins ties.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tabula::core {

class Modules::Relations final : public Modules::Module {
 public:
  const char* sheet() const override { return "003"; }
  std::uint32_t hot() const override { return hot_hooks_of<Relations>(); }

  // ---- the hooks
  void setup(Game& g) const override;
  // 003 rules 2 and 3: no move may expose a protected king.
  void filter_legal(const Game& g, MoveList& list) const override { filter_by_relations(g, list); }
  // 003 rule 5: the stalemated player places a piece (and a vassal's
  // placement must end his suzerain's check).
  void stalemate_moves(const Game& g, MoveList& list) const override;
  bool needs_whole_list() const override { return true; }
  std::string refusal(const Game& g, const Move& m) const override { return relation_violation(g, m); }
  std::string placement_refusal(const Game& g, const Move& m) const override { return placement_violation(g, m); }
  // 003 rule 4: waiting pawns promote "at the end of the next move", so
  // before the checks that move gives are announced.
  void before_checks(Game& g, Seat mover, std::vector<Ruling>& out) const override { promote_waiting(g, mover, out); }
  bool mated_at_turn_start(Game& g, Seat victim, Seat by, std::vector<Ruling>& out) const override;
  bool check_end(Game& g, std::size_t live, EndReason::Kind reason, std::vector<Ruling>& out) const override;
  bool on_leave(Game& g, Seat s, bool resigned, std::vector<Ruling>& out) const override;
  // Whether a move leaves a protected king attacked: one make() at a time
  // (Position::king_attacked_after).
  int look_plies() const override { return 1; }

  // ---- the rules
  // Why a seat's pieces are removed (the words only when a ruling asks:
  // issue 30 item 2): he left, he was mated with no tokens, his king is
  // attacked once `other`'s pieces are gone, or by `other`, a new opponent.
  struct Removal {
    enum class Why : std::uint8_t { kResigned, kTimeRanOut, kMatedNoTokens, kExposedByRemoval, kNewOpponent } why;
    Seat seat;
    Seat other = kNoSeat;
  };
  struct Removals {
    std::array<Removal, kMaxSeats> at{};
    std::size_t n = 0;
    void push(Removal r) { at[n++] = r; }
    const Removal* begin() const { return at.data(); }
    const Removal* end() const { return at.data() + n; }
  };
  using Friendship = std::array<std::array<bool, kMaxSeats>, kMaxSeats>;

  static void refresh_relations(Game& g);
  static void filter_by_relations(const Game& g, MoveList& list);
  static void vassal_duty(const Game& g, MoveList& list);
  static void add_placements(const Game& g, MoveList& list);
  static std::string placement_violation(const Game& g, const Move& m);
  static std::string relation_violation(const Game& g, const Move& m);
  static void relation_mate(Game& g, Seat victim, Seat mater, std::vector<Ruling>& out);
  static void remove_seat(Game& g, Removal r, std::vector<Ruling>& out, int depth = 0);
  static void remove_seats(Game& g, const Removals& seats, std::vector<Ruling>& out, int depth);
  static std::string removal_words(const Game& g, const Removal& r);
  static void check_new_opponents(Game& g, const Friendship& before, std::vector<Ruling>& out, int depth);
  static Friendship friendship(const Game& g);
  static void promote_waiting(Game& g, Seat mover, std::vector<Ruling>& out);
  // The rulings of a change of relations (words only outside a search).
  static void relation_rulings(Game& g, const Vassalage::Changes& changes, std::vector<Ruling>& out);
};

}  // namespace tabula::core

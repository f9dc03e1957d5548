// vassalage.h — allies, suzerains and vassals (sheet 003), as state.
//
// Who is whose ally and whose vassal, and how that changes on a mate, a
// removal, or the end of the last opponent. The Game asks it who may capture
// whom and whose king a player must not expose, and applies what it says.
//
// Reading (RULINGS 003, judgement calls marked):
//  - At the start White + Blue and Black + Red are allies (rule 2).
//  - A mated player with tokens becomes the mater's vassal, and the ally of
//    the mater's ally and of the mater's other vassals (rule 3).
//  - Judgement call: friendship is by bloc. A bloc is a suzerain (a player
//    with no suzerain) with his vassals; two blocs whose heads are allied are
//    friends. So the vassals of two allies are friends too.
//  - A vassal is freed when his suzerain is mated or when he gains a vassal of
//    his own; a freed vassal has no allies (rule 3).
//  - An alliance ends when one of its two is mated, or when no opponent of
//    the alliance is left in the game (rule 2).
//  - No player may expose the king of his ally, his suzerain, his suzerain's
//    ally or a fellow vassal (rules 2 and 3) — his own vassals he may. His
//    ally's vassal is his ally too (rule 3), so him he may not expose.
//
// Invariants: suzerain chains have length at most one (a vassal who gains a
// vassal is freed); alliances are symmetric. Not thread-safe; a value.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace tabula::core {

class Vassalage {
 public:
  Vassalage() { ally_.fill(kNoSeat), suzerain_.fill(kNoSeat); }

  void ally(Seat a, Seat b);
  Seat ally_of(Seat s) const { return ally_[index_of(s)]; }
  Seat suzerain_of(Seat s) const { return suzerain_[index_of(s)]; }
  Seat head(Seat s) const;  // the bloc's suzerain (s itself when free)

  bool friends(Seat a, Seat b) const;
  // Whether a may not expose b's king.
  bool protects(Seat a, Seat b) const;

  // What a change of relations did, as codes (issue 30 item 2: a search's
  // mate writes no sentence and allocates nothing); words() says each.
  struct Change {
    enum class Kind : std::uint8_t {
      kAllianceEnds,      // a and b: one of them was mated or left
      kAllianceSpent,     // a and b: no opponent is left
      kFreedByMate,       // a is freed: b, the suzerain, is mated
      kFreedByLeave,      // a is freed: b has left the game
      kFreedByGain,       // a gains a vassal and is freed from b
      kBecomesVassal,     // a becomes b's vassal
    } kind;
    Seat a;
    Seat b;
  };
  struct Changes {
    std::array<Change, 3 * kMaxSeats> at{};
    std::size_t n = 0;
    void push(Change c) { at[n++] = c; }
    const Change* begin() const { return at.data(); }
    const Change* end() const { return at.data() + n; }
  };
  static std::string words(const Change& c, const std::array<std::string, kMaxSeats>& names);

  // `victim` is mated by `mater` and stays in the game as his vassal.
  // `in_game[s]`: whether seat s is still in the game.
  Changes vassalize(Seat victim, Seat mater, const std::array<bool, kMaxSeats>& in_game);
  // A seat leaves the game: its alliance ends and its vassals are freed.
  Changes leave(Seat s, const std::array<bool, kMaxSeats>& in_game);
  // The same, as sentences.
  std::vector<std::string> vassalize(Seat victim, Seat mater, const std::array<bool, kMaxSeats>& in_game,
                                     const std::array<std::string, kMaxSeats>& names);
  std::vector<std::string> leave(Seat s, const std::array<bool, kMaxSeats>& in_game,
                                 const std::array<std::string, kMaxSeats>& names);
  // Whether one seat heads every seat still in the game (003: the end).
  Seat sole_suzerain(const std::array<bool, kMaxSeats>& in_game, int seats) const;

 private:
  void end_spent_alliances(const std::array<bool, kMaxSeats>& in_game, Changes& out);

  std::array<Seat, kMaxSeats> ally_;
  std::array<Seat, kMaxSeats> suzerain_;
};

// (Inline: the relation filter asks it of every seat at every node, issue 30.)
inline bool Vassalage::protects(Seat a, Seat b) const {
  if (a == b) return false;
  Seat sa = suzerain_[index_of(a)];
  if (ally_[index_of(a)] == b) return true;             // his ally
  // 003 rule 3: the vassal becomes "the ally of the suzerain's ally", so he
  // is a's ally when his suzerain is (rule 2: not to be exposed).
  Seat sb = suzerain_[index_of(b)];
  if (sb != kNoSeat && ally_[index_of(a)] == sb) return true;
  if (sa == kNoSeat) return false;
  return sa == b ||                                     // his suzerain
         ally_[index_of(sa)] == b ||                    // the suzerain's ally
         suzerain_[index_of(b)] == sa;                  // a fellow vassal
}

}  // namespace tabula::core

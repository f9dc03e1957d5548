// winners.cpp — the seats that win together (winners.h).
#include "session/winners.h"

#include <algorithm>

namespace tabula::session {

std::vector<core::Seat> winning_side(const core::RuleSet& rules, core::Seat first) {
  const int i = core::index_of(first);
  if (first == core::kNoSeat || i < 0 || i >= rules.seat_count()) return {};
  std::vector<bool> won(static_cast<std::size_t>(rules.seat_count()), false);
  won[static_cast<std::size_t>(i)] = true;
  // Only fixed teams win together (001 Chess Four, chess.com Teams: "the
  // team wins"). 003's first alliances do not: "the winner is whoever holds
  // most tokens" (RULINGS 003; by the end every other remaining player is
  // his vassal), one seat, as the game-over ruling names him.
  if (rules.relations.kind == core::RelationsKind::kFixedTeams) {
    for (const std::vector<core::Seat>& team : rules.relations.teams) {
      if (std::find(team.begin(), team.end(), first) == team.end()) continue;
      for (core::Seat m : team) {
        const int k = core::index_of(m);
        if (k >= 0 && k < rules.seat_count()) won[static_cast<std::size_t>(k)] = true;
      }
    }
  }
  std::vector<core::Seat> out;
  for (int s = 0; s < rules.seat_count(); ++s)
    if (won[static_cast<std::size_t>(s)]) out.push_back(core::seat_at(s));
  return out;
}

}  // namespace tabula::session

// module_teams.cpp — sheet 001 (Chess Four) teams as a rule module
// (core/rule_module.h): the teams the data names (relations.team) never
// capture or check each other, and a team wins or loses together. Game
// plays the sides the module sets (the game's end when one side is left,
// the winner's teammates next in the ranking); the frozen pieces of a
// mated player are the elimination policy the data chooses
// (ELIMINATION_POLICY_FROZEN_CAPTURABLE_BY_OPPONENTS). Variants:
// chess-four (001), chesscom-teams, and allies-vassals for its first
// alliances (003 rule 2, which module_relations.cpp then plays).
#include <algorithm>

#include "core/game.h"

namespace tabula::core {

class Modules::Teams final : public Modules::Module {
 public:
  const char* sheet() const override { return "001"; }
  std::uint32_t hot() const override { return hot_hooks_of<Teams>(); }

  // 001 rules 1 and 4: light against dark; teammates never capture or
  // check each other. (003 rule 2: allies likewise, at the start.)
  void setup(Game& g) const override {
    const RuleSet& rules = *g.rules_;
    if (rules.relations.kind == RelationsKind::kEveryoneAgainstEveryone) return;
    for (std::size_t t = 0; t < rules.relations.teams.size(); ++t) {
      for (Seat s : rules.relations.teams[t]) g.team_[index_of(s)] = static_cast<int>(t);
    }
    for (int a = 0; a < rules.seat_count(); ++a) {
      for (int b = 0; b < rules.seat_count(); ++b) {
        if (g.teammates(seat_at(a), seat_at(b))) g.pos_.set_may_capture(seat_at(a), seat_at(b), false);
      }
    }
  }

  // chess.com Teams: the side of the first player out (mated, resigned,
  // flagged) loses; the winner is the next seat in turn order of the other
  // side (issue 31 item 5: Yellow resigned, Blue and Green won).
  Seat first_mate_winner(const Game& g) const override {
    if (g.rules_->relations.kind != RelationsKind::kFixedTeams || g.eliminated_.empty()) return kNoSeat;
    const Seat out_first = g.eliminated_.front();
    const auto& order = g.rules_->turn_order;
    const int n = static_cast<int>(order.size());
    for (int k = 1; k < n; ++k) {
      Seat c = order[static_cast<std::size_t>((g.pos_.order_index(out_first) + k) % n)];
      if (!g.teammates(c, out_first)) return c;
    }
    return kNoSeat;
  }

  // 001: a team wins together; the ruling names every member (issue 18: it
  // named one player).
  std::string winner_words(const Game& g, Seat first) const override {
    if (g.rules_->relations.kind != RelationsKind::kFixedTeams) return {};
    std::string team;
    for (const std::vector<Seat>& members : g.rules_->relations.teams) {
      if (std::find(members.begin(), members.end(), first) == members.end() || members.size() < 2) continue;
      for (std::size_t i = 0; i < members.size(); ++i) {
        team += (i == 0 ? "" : i + 1 == members.size() ? " and " : ", ") + g.seat_name(members[i]);
      }
    }
    return team.empty() ? std::string() : "the team of " + team + " wins";
  }
};

const Modules::Module& Modules::teams() {
  static const Teams module;
  return module;
}

}  // namespace tabula::core

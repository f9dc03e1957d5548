#include "core/rule_module.h"

#include "core/game.h"

namespace tabula::core {

Modules::List Modules::chosen(const RuleSet& rules) {
  List list;
  for (RuleModule id : rules.modules) {
    if (list.n == list.at.size()) break;  // the loader refuses repeats
    switch (id) {
      case RuleModule::kCorners: list.at[list.n++] = &corners(); break;
      case RuleModule::kRelations: list.at[list.n++] = &relations(); break;
      case RuleModule::kStages: list.at[list.n++] = &stages(); break;
      case RuleModule::kChessCom: list.at[list.n++] = &chesscom(); break;
      case RuleModule::kTeams: list.at[list.n++] = &teams(); break;
      case RuleModule::kPoints: list.at[list.n++] = &points(); break;
    }
  }
  return list;
}

Modules::Hooks Modules::hot_lists(const List& chosen) {
  Hooks hooks;
  for (std::size_t h = 0; h < hooks.at.size(); ++h)
    for (const Module* mod : chosen)
      if (mod->hot() & hot_bit(static_cast<Hot>(h))) hooks.at[h].at[hooks.at[h].n++] = mod;
  return hooks;
}

}  // namespace tabula::core

// hub_view.h — a board's retained state (hub.proto BoardState) as the
// kiosk's KioskView, so the hub draws every board with the kiosk's own board
// drawing. Pure (no ImGui): the state's FEN/FEN4 is read against the stage's
// rules into a session::Snapshot, and ui::view_of() does the rest.
//
// RulesCache loads each variant once (variants::load_id) and remembers the
// ones it could not load. Not thread-safe (the hub's UI thread owns it).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/rule_set.h"
#include "tabula_proto/hub.pb.h"
#include "ui/view_model.h"

namespace tabula::ui {

class RulesCache {
 public:
  // nullptr and `error` when the variant cannot be loaded.
  std::shared_ptr<const core::RuleSet> get(const std::string& id, std::string& error);

 private:
  std::map<std::string, std::shared_ptr<const core::RuleSet>> rules_;
  std::map<std::string, std::string> errors_;
};

// The board of `state` as the kiosk would draw it; nullopt and `error` when
// its variant is unknown here or its position does not read.
std::optional<KioskView> hub_view_of(const hub::wire::BoardState& state, RulesCache& rules, std::string& error);

}  // namespace tabula::ui

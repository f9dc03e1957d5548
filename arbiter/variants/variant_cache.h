// variant_cache.h — shipped variants loaded once each, for the readers of
// many boards' states (the hub screen, the browser service): a state names
// its variant by id, and loading a variant file per state would be wasted.
// Remembers the ids it could not load, with the reason: at most
// kMaxRememberedErrors of them, the oldest forgotten first (session 14: a
// hostile hub or board naming a new variant in every state grew the map
// without bound; a forgotten id is only looked up again).
//
// Not thread-safe: one owner (the hub screen's UI thread; the web service's
// worker under its lock).
#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <string>

#include "core/rule_set.h"

namespace tabula::variants {

class VariantCache {
 public:
  // nullptr and `error` ("variant ID: file:line:column: ...") when the
  // variant cannot be loaded.
  std::shared_ptr<const core::RuleSet> get(const std::string& id, std::string& error);
  // How many failed ids are remembered now (for tests).
  std::size_t errors_remembered() const { return errors_.size(); }

  static constexpr std::size_t kMaxRememberedErrors = 64;
  static constexpr std::size_t kMaxIdBytes = 64;

 private:
  // Only variants that load, so at most the shipped ones.
  std::map<std::string, std::shared_ptr<const core::RuleSet>> rules_;
  std::map<std::string, std::string> errors_;
  std::deque<std::string> error_order_;  // oldest first
};

}  // namespace tabula::variants

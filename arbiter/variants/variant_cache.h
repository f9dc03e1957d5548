// variant_cache.h — shipped variants loaded once each, for the readers of
// many boards' states (the hub screen, the browser service): a state names
// its variant by id, and loading a variant file per state would be wasted.
// Remembers the ids it could not load, with the reason.
//
// Not thread-safe: one owner (the hub screen's UI thread; the web service's
// worker under its lock).
#pragma once

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

 private:
  std::map<std::string, std::shared_ptr<const core::RuleSet>> rules_;
  std::map<std::string, std::string> errors_;
};

}  // namespace tabula::variants

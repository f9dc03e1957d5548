#include "variants/variant_cache.h"

#include "variants/variant_loader.h"

namespace tabula::variants {

std::shared_ptr<const core::RuleSet> VariantCache::get(const std::string& id, std::string& error) {
  if (auto it = rules_.find(id); it != rules_.end()) return it->second;
  if (auto it = errors_.find(id); it != errors_.end()) {
    error = it->second;
    return nullptr;
  }
  // No shipped id is this long: one from a hostile state is neither loaded
  // nor remembered, and not echoed whole.
  if (id.size() > kMaxIdBytes) {
    error = "variant id of " + std::to_string(id.size()) + " bytes: no variant has so long an id";
    return nullptr;
  }
  LoadResult r = load_id(id);
  if (!r.ok()) {
    error = "variant " + id + ": " + r.error_text();
    if (errors_.size() >= kMaxRememberedErrors) {
      errors_.erase(error_order_.front());
      error_order_.pop_front();
    }
    errors_[id] = error;
    error_order_.push_back(id);
    return nullptr;
  }
  rules_[id] = r.rules;
  return r.rules;
}

}  // namespace tabula::variants

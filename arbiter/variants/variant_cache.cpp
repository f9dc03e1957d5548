#include "variants/variant_cache.h"

#include "variants/variant_loader.h"

namespace tabula::variants {

std::shared_ptr<const core::RuleSet> VariantCache::get(const std::string& id, std::string& error) {
  if (auto it = rules_.find(id); it != rules_.end()) return it->second;
  if (auto it = errors_.find(id); it != errors_.end()) {
    error = it->second;
    return nullptr;
  }
  LoadResult r = load_id(id);
  if (!r.ok()) {
    error = "variant " + id + ": " + r.error_text();
    errors_[id] = error;
    return nullptr;
  }
  rules_[id] = r.rules;
  return r.rules;
}

}  // namespace tabula::variants

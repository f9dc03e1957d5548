// session_options.h — what `tabula infer` and `tabula play` both read from
// their command lines: the session's settings and the variant's stages.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/options.h"
#include "core/rule_set.h"
#include "session/session.h"

namespace tabula::cli {

// --settle-ms, --settle-slide-ms, --commit-at-once on|off,
// --promotion-timeout-ms, --seed, --random-moves requested|any
// and --clock TC into `settings` (defaults where absent). False after saying
// what is wrong on `err` (usage: exit 2).
bool read_session_settings(const Options& o, session::SessionSettings& settings, std::ostream& err);

// The variant and its later stages (004); empty after saying why on `err`.
std::vector<std::shared_ptr<const core::RuleSet>> load_stages(const std::string& id, const std::string& start,
                                                              std::ostream& err);

}  // namespace tabula::cli

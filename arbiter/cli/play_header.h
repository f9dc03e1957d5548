// play_header.h — a new journal's header from `tabula play`'s command line
// (the trace mode and the typed mode with bots share it).
#pragma once

#include <ostream>
#include <string>

#include "cli/options.h"
#include "core/rule_set.h"
#include "journal/journal.h"

namespace tabula::cli {

// Variant, start, --fen/--fen4, settings, --event, --site, --players
// (typed play; s30-table); false after saying why on `err`.
bool new_journal_header(const Options& o, const core::RuleSet& rules, const std::string& variant,
                        const std::string& start_name, const session::SessionSettings& settings,
                        journal::JournalHeader& h, std::ostream& err);

}  // namespace tabula::cli

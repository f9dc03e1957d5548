// resume_check.h — `tabula play` resuming a journal: the options that would
// set up a new game must agree with the game the journal holds.
#pragma once

#include <ostream>
#include <string>

#include "cli/options.h"
#include "core/rule_set.h"
#include "journal/journal.h"

namespace tabula::cli {

// A resumed game keeps what its journal recorded when it began: variant,
// start, position, clock, the tracker's timings, random moves and seed,
// event, site and bot seats. An arbiter restarting a board after a power
// cut runs the same command again, so an option that says the same as the
// journal is accepted; one that says something else would be silently
// ignored (the clock of a game in progress is not changed by retyping a
// command), so it is refused instead, naming the option, both values and
// the journal, which is left as it is. Options the journal does not record
// (the broker, the trace, --movetime-ms) are not compared.
//
// 0 when every given option agrees (`rules`: the journal's first stage, to
// read --bots); 1 after one line per disagreement on `err` ("tabula: FILE:
// --clock says 5 min + 3 s, but the journal's game is played with 15 min +
// 10 s; ..."); 2 after saying that an option's value is not one (usage).
int resume_options_agree(const Options& o, const journal::JournalHeader& h, const core::RuleSet& rules,
                         const std::string& path, std::ostream& err);

}  // namespace tabula::cli

// event_hub_commands.h — the two `tabula event` forms that talk to the hub
// (internal to tabula::event_cli; event_commands.cpp parses the options and
// writes the event file back):
//   collect --record R   results from the boards' finished games in the hub's record
//   publish ...          each table of the open round to its board, signed, retained
#pragma once

#include <ostream>
#include <string>

#include "cli/options.h"
#include "event/event.h"

namespace tabula::cli {

// Results from the hub's record: a finished game on a table's board with the
// table's players in its seats, not yet taken by another table. 0, or 1 with
// the record's problem said on `err`.
int collect_event_results(event::Event& e, const std::string& record_path, std::ostream& out, std::ostream& err);

// Each table of the open round to its board, signed with --arbiter-key,
// retained, QoS 1; waits (10 s at most) for the broker to take them all.
// 0 done, 1 a problem (named), 2 bad usage.
int publish_event_round(const event::Event& e, const event::Section& s, const Options& o, std::ostream& out,
                        std::ostream& err);

}  // namespace tabula::cli

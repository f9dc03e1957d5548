// resume.h — a session rebuilt from its journal, and the state to compare.
//
// Resuming is constructing a fresh Session from the journal's header (the
// caller loads the variant's stages) and re-feeding every stored input in
// order; the Session is deterministic (session.h), so position, clocks,
// ledger, relations and open requests come back exactly. The accepted moves
// the replay produces are checked against the journal's stored moves: a
// difference (a journal written by other rules) is an error, not a guess.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "journal/journal.h"
#include "session/session.h"

namespace tabula::journal {

struct Resumed {
  std::optional<session::Session> session;  // set when ok
  std::string error;                        // "journal.db: ..." when not
  std::size_t inputs = 0;
  session::Millis last_input_time{0};
};

Resumed resume(const JournalContents& contents, const std::string& path,
               const std::vector<std::shared_ptr<const core::RuleSet>>& stages);

// The start position of the header, read against the first stage's rules.
std::optional<core::Position> start_position(const JournalHeader& h, const core::RuleSet& rules, std::string& error);

// Everything that must match after a resume, one fact per line: phase, stage,
// position (FEN/FEN4 with points), statuses, relations, outcome, the accepted
// moves, the open requests, the session time.
std::string state_summary(const session::Session& s);

}  // namespace tabula::journal

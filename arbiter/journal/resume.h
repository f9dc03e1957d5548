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
  // Session 14: the rulings the replay gives, as record() stores them. They,
  // not the journal's rulings rows, are what the archive shows and the hub's
  // catch-up publishes: the moves are checked, a ruling's wording may change
  // between versions (an old journal still resumes), and an edited row must
  // not reach the hub or the page as the arbiter's word.
  std::vector<StoredRuling> rulings;
  // "" when the stored rulings are the derived ones; else the first
  // difference, said as a warning.
  std::string rulings_warning;
  // s31-fallback: each Stockfish seat the resume keeps on Tabula's engine
  // (its Stockfish failed before: a kBotFallback input), in words the shell
  // says once: "Tabula level 8 plays Black for Stockfish 1500 until this
  // game ends, as before the restart (<what the table heard then>)".
  std::vector<std::string> fallback_notes;
  // "" unless a fallback input names a seat that is not a Stockfish seat of
  // the header's bots (an edited journal): said as a warning, not used.
  std::string fallback_warning;
};

// The stored ruling of one session ruling (what record() writes).
StoredRuling stored_ruling(std::int64_t input_seq, const session::Ruling& r);

Resumed resume(const JournalContents& contents, const std::string& path,
               const std::vector<std::shared_ptr<const core::RuleSet>>& stages);

// `contents` with its rulings replaced by the replay's (`r.rulings`): what
// the archive shows and the hub's catch-up publishes.
JournalContents with_derived_rulings(JournalContents contents, const Resumed& r);

// The start position of the header, read against the first stage's rules.
std::optional<core::Position> start_position(const JournalHeader& h, const core::RuleSet& rules, std::string& error);

// Everything that must match after a resume, one fact per line: phase, stage,
// position (FEN/FEN4 with points), statuses, relations, outcome, the accepted
// moves (how many stand; each taken back or withdrawn marked), the open
// requests, the session time.
std::string state_summary(const session::Session& s);

}  // namespace tabula::journal

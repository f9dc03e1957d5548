// event_store.h — events kept in the hub's tournament record (the SQLite file
// of hub::TournamentRecord, application id "TBHT"): one row per event, its
// file text (event_file.h), written in one transaction. A thin layer: the
// record's identity checks are TournamentRecord::open()'s. Not thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "event/event.h"
#include "event/standings.h"
#include "journal/database.h"
#include "journal/journal_status.h"

namespace tabula::event {

class EventStore {
 public:
  static journal::JournalStatus open(const std::string& record_path, EventStore& out);
  // Session 30: whether the record at `record_path` holds `e`'s text as it
  // is now, read only (nothing written: `tabula event collect` that took no
  // new result wrote the same text again, and the record's bytes changed).
  // False when it does not, or when the record cannot be read (the write
  // that follows then says why).
  static bool holds(const std::string& record_path, const Event& e);

  journal::JournalStatus save(const Event& e);
  // nullopt with `status` good when the record has no such event.
  std::optional<Event> load(const std::string& name, journal::JournalStatus& status, std::vector<std::string>& errors);
  journal::JournalStatus names(std::vector<std::string>& out);

 private:
  journal::Database db_;
};

// The standings of every section of `event` kept in the record at `path`
// (read-only, for the hub screen), one table per section; empty when the
// record has no such event or cannot be read now.
std::vector<StandingsTable> standings_in_record(const std::string& path, const std::string& event);
// The same, and `status` says why the record could not be read (held by
// another connection past SQLite's busy timeout, an I/O error, no such
// file, not a tournament record, an event text that does not read): the
// caller can keep what it read before (session 24: the hall screen reads
// it on a worker thread and keeps its last good read). Good and empty: the
// record has no such event.
std::vector<StandingsTable> standings_in_record(const std::string& path, const std::string& event,
                                                journal::JournalStatus& status);

}  // namespace tabula::event

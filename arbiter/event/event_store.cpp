#include "event/event_store.h"

#include "event/event_file.h"
#include "event/standings.h"
#include "hub/tournament.h"
#include "journal/journal.h"

namespace tabula::event {

using journal::JournalStatus;
using journal::Statement;

JournalStatus EventStore::open(const std::string& record_path, EventStore& out) {
  {
    hub::TournamentRecord record;  // creates the record or refuses a foreign file
    JournalStatus s = hub::TournamentRecord::open(record_path, record);
    if (!s.ok()) return s;
  }
  EventStore store;
  JournalStatus s = store.db_.open(record_path, journal::Database::Mode::kCreate, "tournament record");
  if (!s.ok()) return s;
  s = store.db_.exec("PRAGMA synchronous = FULL; CREATE TABLE IF NOT EXISTS event_files(name TEXT PRIMARY KEY,"
                     " text TEXT NOT NULL)",
                     "setting up the event table");
  if (!s.ok()) return s;
  out = std::move(store);
  return s;
}

bool EventStore::holds(const std::string& record_path, const Event& e) {
  {
    hub::TournamentRecord record;  // the record's identity, read only
    if (!hub::TournamentRecord::open(record_path, record, hub::RecordOpen::kReadOnly).ok()) return false;
  }
  journal::Database db;
  if (!db.open(record_path, journal::Database::Mode::kReadOnly, "tournament record").ok()) return false;
  db.set_busy_timeout(hub::kReadOnlyBusyMs);
  JournalStatus s;
  auto st = db.prepare("SELECT text FROM event_files WHERE name = ?1", s);  // no table: not held
  if (!st || !st->bind(1, e.name).ok() || st->step() != Statement::Step::kRow) return false;
  return st->column_text(0) == to_text(e);
}

JournalStatus EventStore::save(const Event& e) {
  JournalStatus s;
  auto st = db_.prepare("INSERT INTO event_files(name, text) VALUES(?1, ?2)"
                        " ON CONFLICT(name) DO UPDATE SET text = excluded.text",
                        s);
  if (!st) return s;
  if (!(s = st->bind(1, e.name)).ok() || !(s = st->bind(2, to_text(e))).ok()) return s;
  return st->step() == Statement::Step::kError ? st->status() : JournalStatus::good();
}

std::optional<Event> EventStore::load(const std::string& name, JournalStatus& status, std::vector<std::string>& errors) {
  auto st = db_.prepare("SELECT text FROM event_files WHERE name = ?1", status);
  if (!st) return std::nullopt;
  if (!(status = st->bind(1, name)).ok()) return std::nullopt;
  const Statement::Step step = st->step();
  if (step == Statement::Step::kError) {
    status = st->status();
    return std::nullopt;
  }
  if (step != Statement::Step::kRow) return std::nullopt;
  return from_text(st->column_text(0), db_.path() + " (event " + name + ")", errors);
}

JournalStatus EventStore::names(std::vector<std::string>& out) {
  JournalStatus s;
  auto st = db_.prepare("SELECT name FROM event_files ORDER BY name", s);
  if (!st) return s;
  for (;;) {
    const Statement::Step step = st->step();
    if (step == Statement::Step::kError) return st->status();
    if (step != Statement::Step::kRow) break;
    out.push_back(st->column_text(0));
  }
  return JournalStatus::good();
}

std::vector<StandingsTable> standings_in_record(const std::string& path, const std::string& event) {
  JournalStatus ignored;
  return standings_in_record(path, event, ignored);
}

std::vector<StandingsTable> standings_in_record(const std::string& path, const std::string& event,
                                                JournalStatus& status) {
  std::vector<StandingsTable> out;
  if (std::string why = hub::missing_record(path); !why.empty()) {
    status = JournalStatus::fail(journal::JournalError::kCannotOpen, why);
    return out;
  }
  journal::Database db;
  status = db.open(path, journal::Database::Mode::kReadOnly, "tournament record");
  if (!status.ok()) return out;
  auto app = db.query_int("PRAGMA application_id", status);
  if (!status.ok()) return out;
  if (app.value_or(0) != hub::kTournamentApplicationId) {
    status = JournalStatus::fail(journal::JournalError::kForeign,
                                 path + (app.value_or(0) == journal::kApplicationId
                                             ? ": a board's game journal, not a tournament record"
                                             : ": not a tournament record"));
    return out;
  }
  // A record no event was ever kept in has no event table: nothing to show.
  auto tables =
      db.query_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'event_files'", status);
  if (!status.ok() || tables.value_or(0) == 0) return out;
  auto st = db.prepare("SELECT text FROM event_files WHERE name = ?1", status);
  if (!st) return out;
  if (status = st->bind(1, event); !status.ok()) return out;
  const Statement::Step step = st->step();
  if (step == Statement::Step::kError) {
    status = st->status();
    return out;
  }
  if (step != Statement::Step::kRow) return out;
  std::vector<std::string> errors;
  auto e = from_text(st->column_text(0), path, errors);
  if (!e) {
    status = JournalStatus::fail(journal::JournalError::kCorrupt,
                                 path + ": event " + event + " does not read" +
                                     (errors.empty() ? std::string() : " (" + errors.front() + ")"));
    return out;
  }
  for (const Section& section : e->sections) out.push_back(standings_table(*e, section));
  return out;
}

}  // namespace tabula::event

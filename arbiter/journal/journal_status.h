// journal_status.h — what went wrong with a journal file, as a value.
//
// Every SQLite result code and every check of ours (not SQLite, another
// application's database, a newer schema) becomes a JournalStatus in ONE
// place: sqlite_status() here. Messages name the file and say what is wrong
// in words a person can act on. No exception leaves the journal library.
#pragma once

#include <string>
#include <utility>

struct sqlite3;

namespace tabula::journal {

enum class JournalError {
  kNone,
  kCannotOpen,   // missing directory, permissions
  kNotSqlite,    // the file is not an SQLite database at all
  kForeign,      // an SQLite database of another application
  kVersion,      // a Tabula journal of a schema this build does not know
  kCorrupt,      // truncated or damaged
  kMismatch,     // a good journal of another game (variant, start, settings)
  kBusy,         // another process holds the journal
  kIo,           // disk full, I/O error
  kInternal,     // a bug: misuse of the SQLite API
};
const char* to_string(JournalError e);

struct JournalStatus {
  JournalError error = JournalError::kNone;
  std::string message;  // "journal.db: not a Tabula journal (...)"
  // Session 23: SQLite said BUSY or LOCKED: another connection holds the
  // file's write lock now, and the same write may succeed once it lets go
  // (not so for a second writer of one game, nor the writer lock's kBusy).
  bool held = false;

  bool ok() const { return error == JournalError::kNone; }
  static JournalStatus good() { return {}; }
  static JournalStatus fail(JournalError e, std::string message) {
    JournalStatus s;
    s.error = e;
    s.message = std::move(message);
    return s;
  }
};

// The one mapping from an SQLite result code to a status: "`path`: while
// `doing`: <sqlite's message>". `db` may be null. `what` is what the file
// is, in the words that need it ("another process holds the <what>"): a
// journal, or (session 26) the hub's tournament record.
JournalStatus sqlite_status(int rc, sqlite3* db, const std::string& path, const std::string& doing,
                            const std::string& what = "journal");

}  // namespace tabula::journal

#include "journal/journal_status.h"

#include <sqlite3.h>

#include <cstring>

namespace tabula::journal {

const char* to_string(JournalError e) {
  switch (e) {
    case JournalError::kNone: return "ok";
    case JournalError::kCannotOpen: return "cannot-open";
    case JournalError::kNotSqlite: return "not-sqlite";
    case JournalError::kForeign: return "foreign";
    case JournalError::kVersion: return "version";
    case JournalError::kCorrupt: return "corrupt";
    case JournalError::kMismatch: return "mismatch";
    case JournalError::kBusy: return "busy";
    case JournalError::kIo: return "io";
    case JournalError::kInternal: return "internal";
  }
  return "?";
}

namespace {

// The system's error of the file whose call failed, as SQLite's unix VFS
// keeps it (SQLITE_FCNTL_LAST_ERRNO): the WAL (or rollback journal) first,
// where a write of the journal fails, then the database file; 0 none.
// Session 21: sqlite3_system_errno() said 0 after a failed write of the WAL
// (SQLite 3.40 reads errno after its own clean-up), so "disk I/O error" came
// without the system's words (EFBIG, EIO, EROFS).
int file_errno(sqlite3* db) {
  sqlite3_file* journal = nullptr;
  int e = 0;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal) == SQLITE_OK && journal != nullptr &&
      journal->pMethods != nullptr && journal->pMethods->xFileControl(journal, SQLITE_FCNTL_LAST_ERRNO, &e) == SQLITE_OK &&
      e != 0) {
    return e;
  }
  e = 0;
  return sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &e) == SQLITE_OK ? e : 0;
}

}  // namespace

JournalStatus sqlite_status(int rc, sqlite3* db, const std::string& path, const std::string& doing,
                            const std::string& what) {
  int primary = rc & 0xFF;
  if (primary == SQLITE_OK || primary == SQLITE_ROW || primary == SQLITE_DONE) return JournalStatus::good();
  std::string detail = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  // SQLite's message may quote a damaged file's own bytes (a corrupted
  // schema's names): no control byte or broken UTF-8 reaches a terminal or
  // the journal; each non-ASCII or control byte shows as '?'.
  for (char& c : detail) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  }
  // What the system said (a full disk, a read-only file system, no
  // permission): SQLite's own words are generic ("disk I/O error").
  if (db != nullptr && (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN ||
                        primary == SQLITE_READONLY || primary == SQLITE_PERM)) {
    int e = sqlite3_system_errno(db);
    if (e == 0) e = file_errno(db);
    if (e != 0) detail += ": " + std::string(std::strerror(e));
  }
  std::string prefix = path + ": while " + doing + ": ";
  switch (primary) {
    case SQLITE_NOTADB:
      return JournalStatus::fail(JournalError::kNotSqlite, prefix + "not an SQLite database, so not a " + what + " (" + detail + ")");
    case SQLITE_CORRUPT:
      return JournalStatus::fail(JournalError::kCorrupt,
                                 prefix + "the " + what + " is damaged or truncated (" + detail + "); it is left as it is");
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_AUTH:
      return JournalStatus::fail(JournalError::kCannotOpen,
                                 prefix + "cannot open or write the " + what + " (" + detail + ")");
    case SQLITE_BUSY:
    case SQLITE_LOCKED: {
      JournalStatus s =
          JournalStatus::fail(JournalError::kBusy, prefix + "another process holds the " + what + " (" + detail + ")");
      s.held = true;
      return s;
    }
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_NOLFS:
      return JournalStatus::fail(JournalError::kIo, prefix + "I/O error (" + detail + ")");
    default:
      return JournalStatus::fail(JournalError::kInternal, prefix + detail + " (SQLite code " + std::to_string(rc) + ")");
  }
}

}  // namespace tabula::journal

// database.h — RAII owners of an SQLite connection and a prepared statement.
//
// Database owns one sqlite3* and closes it in its destructor; Statement owns
// one sqlite3_stmt* and finalizes it. Both are move-only. Every call returns
// a JournalStatus made by sqlite_status() (journal_status.h); nothing throws.
// Not thread-safe: one connection per thread (the journal is single-threaded).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "journal/journal_status.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tabula::journal {

class Statement {
 public:
  Statement() = default;
  Statement(Statement&& o) noexcept;
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  // Binding is 1-based, as in SQLite.
  JournalStatus bind(int i, std::int64_t v);
  JournalStatus bind(int i, std::string_view v);
  // kRow: a row is ready; kDone: finished; kError: see status().
  enum class Step { kRow, kDone, kError };
  Step step();
  JournalStatus reset();
  std::int64_t column_int(int i) const;
  std::string column_text(int i) const;
  const JournalStatus& status() const { return status_; }

 private:
  friend class Database;
  Statement(sqlite3_stmt* s, sqlite3* db, std::string path, std::string what)
      : stmt_(s), db_(db), path_(std::move(path)), what_(std::move(what)) {}
  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
  std::string path_;
  std::string what_;
  JournalStatus status_;
};

class Database {
 public:
  // kImmutable: read only, from a medium nobody writes (a read-only mount, a
  // write-protected card): no locks and no -shm beside the file, which
  // SQLite could not make there (SQLite's immutable=1).
  enum class Mode { kReadOnly, kReadWrite, kCreate, kImmutable };

  Database() = default;
  Database(Database&& o) noexcept;
  Database& operator=(Database&& o) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  // `what` names the file in messages (session 26: "tournament record" for
  // the hub's record, which said "another process holds the journal").
  JournalStatus open(const std::string& path, Mode mode, std::string what = "journal");
  void close();
  bool is_open() const { return db_ != nullptr; }
  // How long a statement waits for another connection's lock before it is
  // refused with kBusy (SQLite's busy timeout; 2000 ms from open()). 0: never
  // waits (session 23: the kiosk's frame thread sets 50 ms).
  void set_busy_timeout(int ms);
  const std::string& path() const { return path_; }

  // Runs one or more statements with no result rows.
  JournalStatus exec(const std::string& sql, const std::string& doing);
  // Prepares one statement; on failure `status` says why.
  std::optional<Statement> prepare(const std::string& sql, JournalStatus& status);
  // The first column of the first row of a one-value query.
  std::optional<std::int64_t> query_int(const std::string& sql, JournalStatus& status);
  std::optional<std::string> query_text(const std::string& sql, JournalStatus& status);

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  std::string what_ = "journal";
};

}  // namespace tabula::journal

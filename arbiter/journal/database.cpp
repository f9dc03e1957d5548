#include "journal/database.h"

#include <sqlite3.h>

#include <cstdio>
#include <utility>

namespace tabula::journal {

// ---- Statement ----------------------------------------------------------------

Statement::Statement(Statement&& o) noexcept
    : stmt_(std::exchange(o.stmt_, nullptr)),
      db_(o.db_),
      path_(std::move(o.path_)),
      what_(std::move(o.what_)),
      status_(std::move(o.status_)) {}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    if (stmt_ != nullptr) sqlite3_finalize(stmt_);
    stmt_ = std::exchange(o.stmt_, nullptr);
    db_ = o.db_;
    path_ = std::move(o.path_);
    what_ = std::move(o.what_);
    status_ = std::move(o.status_);
  }
  return *this;
}

Statement::~Statement() {
  if (stmt_ != nullptr) sqlite3_finalize(stmt_);
}

JournalStatus Statement::bind(int i, std::int64_t v) {
  return sqlite_status(sqlite3_bind_int64(stmt_, i, v), db_, path_, "binding a value", what_);
}

JournalStatus Statement::bind(int i, std::string_view v) {
  return sqlite_status(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT), db_,
                       path_, "binding a value", what_);
}

Statement::Step Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return Step::kRow;
  if (rc == SQLITE_DONE) return Step::kDone;
  status_ = sqlite_status(rc, db_, path_, "reading or writing a row", what_);
  return Step::kError;
}

JournalStatus Statement::reset() {
  sqlite3_reset(stmt_);
  return sqlite_status(sqlite3_clear_bindings(stmt_), db_, path_, "resetting a statement", what_);
}

std::int64_t Statement::column_int(int i) const { return sqlite3_column_int64(stmt_, i); }

std::string Statement::column_text(int i) const {
  const unsigned char* t = sqlite3_column_text(stmt_, i);
  int n = sqlite3_column_bytes(stmt_, i);
  return t == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(t), static_cast<std::size_t>(n));
}

// ---- Database -----------------------------------------------------------------

Database::Database(Database&& o) noexcept
    : db_(std::exchange(o.db_, nullptr)), path_(std::move(o.path_)), what_(std::move(o.what_)) {}

Database& Database::operator=(Database&& o) noexcept {
  if (this != &o) {
    close();
    db_ = std::exchange(o.db_, nullptr);
    path_ = std::move(o.path_);
    what_ = std::move(o.what_);
  }
  return *this;
}

Database::~Database() { close(); }

void Database::close() {
  if (db_ != nullptr) sqlite3_close_v2(db_);
  db_ = nullptr;
}

JournalStatus Database::open(const std::string& path, Mode mode, std::string what) {
  close();
  path_ = path;
  what_ = std::move(what);
  int flags = mode == Mode::kReadOnly    ? SQLITE_OPEN_READONLY
              : mode == Mode::kReadWrite ? SQLITE_OPEN_READWRITE
              : mode == Mode::kImmutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                                         : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  std::string name = path;
  if (mode == Mode::kImmutable) {
    // A URI: '%', '?' and '#' of the path are escaped.
    name = "file:";
    for (char c : path) {
      if (c == '%' || c == '?' || c == '#') {
        char hex[4];
        std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
        name += hex;
      } else {
        name += c;
      }
    }
    name += "?immutable=1";
  }
  int rc = sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    JournalStatus s = sqlite_status(rc, db_, path, "opening", what_);
    close();
    return s;
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, 2000);
  return JournalStatus::good();
}

void Database::set_busy_timeout(int ms) {
  if (db_ != nullptr) sqlite3_busy_timeout(db_, ms);
}

JournalStatus Database::exec(const std::string& sql, const std::string& doing) {
  return sqlite_status(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr), db_, path_, doing, what_);
}

std::optional<Statement> Database::prepare(const std::string& sql, JournalStatus& status) {
  sqlite3_stmt* s = nullptr;
  int rc = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &s, nullptr);
  status = sqlite_status(rc, db_, path_, "preparing \"" + sql.substr(0, 40) + "\"", what_);
  if (!status.ok()) {
    if (s != nullptr) sqlite3_finalize(s);
    return std::nullopt;
  }
  return Statement(s, db_, path_, what_);
}

std::optional<std::int64_t> Database::query_int(const std::string& sql, JournalStatus& status) {
  auto st = prepare(sql, status);
  if (!st) return std::nullopt;
  Statement::Step r = st->step();
  if (r == Statement::Step::kError) {
    status = st->status();
    return std::nullopt;
  }
  if (r == Statement::Step::kDone) return std::nullopt;
  return st->column_int(0);
}

std::optional<std::string> Database::query_text(const std::string& sql, JournalStatus& status) {
  auto st = prepare(sql, status);
  if (!st) return std::nullopt;
  Statement::Step r = st->step();
  if (r == Statement::Step::kError) {
    status = st->status();
    return std::nullopt;
  }
  if (r == Statement::Step::kDone) return std::nullopt;
  return st->column_text(0);
}

}  // namespace tabula::journal

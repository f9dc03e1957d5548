#include "journal/journal.h"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <tuple>

#include "core/player_name.h"
#include "core/quote.h"
#include "core/ruling.h"
#include "journal/input_codec.h"
#include "journal/journal_files.h"
#include "journal/journal_header.h"
#include "journal/wal_check.h"

// Section index: time, schema, Journal. The header's rows are journal_header.cpp's,
// the checks of the files before SQLite reads them journal_files.cpp's.

namespace tabula::journal {

namespace fs = std::filesystem;

std::string utc_timestamp() {
  const auto now = std::chrono::system_clock::now();  // one reading for the seconds and the milliseconds
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y.%m.%d %H:%M:%S", &tm);
  // Milliseconds: the hub names a game by its journal's creation time and
  // its board (hub::game_id), so two games of one board started within a
  // second must not share a name. Text order is still time order, and an
  // older "...:SS" sorts before any "...:SS.mmm" of the same second.
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  char out[40];
  std::snprintf(out, sizeof out, "%s.%03d", buf, static_cast<int>(ms));
  return out;
}

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

namespace {

// ---- schema ------------------------------------------------------------------------------

const char* const kSchema = R"(
CREATE TABLE header(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE inputs(seq INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, kind INTEGER NOT NULL,
                    payload TEXT NOT NULL, wall_ms INTEGER NOT NULL);
CREATE TABLE moves(id INTEGER PRIMARY KEY, input_seq INTEGER NOT NULL REFERENCES inputs(seq),
                   time_ms INTEGER NOT NULL, stage INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL);
CREATE TABLE rulings(id INTEGER PRIMARY KEY, input_seq INTEGER NOT NULL REFERENCES inputs(seq),
                     time_ms INTEGER NOT NULL, kind TEXT NOT NULL, severity TEXT NOT NULL, text TEXT NOT NULL);
)";

// An input a build before session 31 would misread (journal.h kVersion2): a
// Stockfish fallback, or a takeback to a seat's last move (count 0).
bool needs_version_2(const session::Input& in) {
  const auto* intent = std::get_if<session::Intent>(&in);
  if (intent == nullptr) return false;
  return intent->kind == session::IntentKind::kBotFallback ||
         (intent->kind == session::IntentKind::kTakeback && intent->count == 0);
}

}  // namespace

// ---- Journal ----------------------------------------------------------------------------

struct Journal::Prepared {
  Statement begin;
  Statement commit;
  Statement rollback;
  Statement input;
  Statement move;
  Statement ruling;
};

Journal::Journal() = default;
Journal::Journal(Journal&&) noexcept = default;
// Not member by member: that would hand the old journal's lock back before
// its database is closed (the kiosk closes a journal this way before it
// renames it). The old journal is destroyed whole, in order, first.
Journal& Journal::operator=(Journal&& o) noexcept {
  if (this != &o) {
    std::destroy_at(this);
    std::construct_at(this, std::move(o));
  }
  return *this;
}
Journal::~Journal() {
  // A clean close: the file says nobody writes it any more, so a missing
  // -wal is no loss (SQLite checkpoints and removes it as the last
  // connection closes).
  if (prepared_ && marked_) {
    prepared_.reset();
    if (!tied_) tie_wal();
    db_.exec("INSERT OR REPLACE INTO header(key, value) VALUES('writer_open', '0')", "closing the journal");
  }
}

std::string wal_tie_value(const std::string& id) {
  static std::atomic<std::uint64_t> count{0};
  return id + " " + std::to_string(wall_clock_ms()) + "." + std::to_string(++count);
}

// A new WAL generation (after open, after a checkpoint) says whose it is
// before anything else is written into it. The value changes each time (a
// row rewritten with the same bytes may leave its page out of the -wal).
JournalStatus Journal::tie_wal() {
  if (id_.empty()) return JournalStatus::good();  // a journal made before session 14: nothing to tie to
  JournalStatus s = write_wal_tie(db_, id_);
  if (s.ok()) tied_ = true;
  return s;
}

JournalStatus write_wal_tie(Database& db, const std::string& id) {
  JournalStatus s;
  auto st = db.prepare("INSERT OR REPLACE INTO header(key, value) VALUES('wal_of', ?1)", s);
  if (!st) return s;
  st->bind(1, wal_tie_value(id));
  if (st->step() == Statement::Step::kError) return st->status();
  return s;
}

JournalStatus Journal::set_advice(bool hints, bool blunder_check) {
  if (!prepared_) return JournalStatus::fail(JournalError::kInternal, path() + ": the journal is open for reading only");
  if (!tied_) {
    if (JournalStatus t = tie_wal(); !t.ok()) return t;
  }
  JournalStatus s = db_.exec(std::string("INSERT OR REPLACE INTO header(key, value) VALUES('hints', '") +
                                 (hints ? "on" : "off") + "'), ('blunder_check', '" + (blunder_check ? "on" : "off") +
                                 "')",
                             "writing the arbiter's hints switch");
  if (!s.ok()) return s;
  header_.hints = hints;
  header_.blunder_check = blunder_check;
  return s;
}

JournalStatus Journal::set_bots(const std::string& bots) {
  if (!prepared_) return JournalStatus::fail(JournalError::kInternal, path() + ": the journal is open for reading only");
  if (!tied_) {
    if (JournalStatus t = tie_wal(); !t.ok()) return t;
  }
  JournalStatus s;
  auto st = db_.prepare("INSERT OR REPLACE INTO header(key, value) VALUES('bots', ?1)", s);
  if (!st) return s;
  st->bind(1, bots);
  if (st->step() == Statement::Step::kError) return st->status();
  header_.bots = bots;
  return s;
}

bool Journal::checkpoint() {
  if (!prepared_) return false;
  since_checkpoint_ = 0;
  // The marker first: once checkpointed, the file itself says how many
  // inputs it holds and that a -wal may hold more.
  JournalStatus s = db_.exec("INSERT OR REPLACE INTO header(key, value) VALUES('writer_open', '1'),"
                             " ('checkpointed_inputs', '" + std::to_string(next_seq_ - 1) + "')",
                             "marking the checkpoint");
  if (!s.ok()) return false;
  marked_ = true;
  auto busy = db_.query_int("PRAGMA wal_checkpoint(TRUNCATE)", s);
  tied_ = false;  // the next write may begin a new WAL generation
  return s.ok() && busy.value_or(1) == 0;
}

namespace {

// The disk's free bytes where `path` is (statvfs; the largest value when
// it cannot say), or what a test set.
std::int64_t disk_free_bytes(const std::string& path) {
  struct statvfs v {};
  if (::statvfs(path.c_str(), &v) != 0) return std::numeric_limits<std::int64_t>::max();
  return static_cast<std::int64_t>(v.f_bavail) * static_cast<std::int64_t>(v.f_frsize);
}
FreeBytesProbe g_free_bytes = disk_free_bytes;

// 64 random bits as 16 hex digits: which journal a -wal belongs to.
std::string new_journal_id() {
  std::random_device rd;
  const std::uint64_t v = (std::uint64_t{rd()} << 32) ^ rd() ^ static_cast<std::uint64_t>(wall_clock_ms());
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

JournalStatus Journal::create(const std::string& path, const JournalHeader& header, Journal& out) {
  std::error_code ec;
  if (std::string why = header_names_problem(header); !why.empty()) {
    return JournalStatus::fail(JournalError::kCannotOpen,
                               path + ": the new journal is not made, nothing was written: " + why);
  }
  if (fs::exists(path, ec)) {
    return JournalStatus::fail(JournalError::kCannotOpen, path + ": exists already; a journal is never overwritten");
  }
  // The lock before the file: of two programs making one journal at once,
  // the second waits for nothing and is refused here (before, both made
  // FILE.creating and the later rename replaced the earlier journal).
  WriterLock lock;
  if (JournalStatus s = WriterLock::acquire(path, lock); !s.ok()) return s;
  if (fs::exists(path, ec)) {
    return JournalStatus::fail(JournalError::kCannotOpen, path + ": exists already; a journal is never overwritten");
  }
  // A -wal left where the new journal goes (its journal moved away without
  // it) would be read by SQLite as the new journal's first pages.
  // (An empty one holds nothing: SQLite starts it again.)
  if (const fs::file_status st = fs::symlink_status(path + "-wal", ec);
      fs::exists(st) && (!fs::is_regular_file(st) || fs::file_size(path + "-wal", ec) > 0)) {
    return JournalStatus::fail(JournalError::kCannotOpen,
                               path + ": " + path + "-wal is there without its journal (another game's inputs "
                                      "not yet in its file?); a new journal is not made beside it: move it back "
                                      "beside its journal, or away; it is left as it is");
  }
  const std::string tmp = path + ".creating";
  auto remove_tmp = [&] {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(tmp + suffix, ec);
  };
  remove_tmp();
  // A new journal that cannot be made whole (a full disk, an I/O error)
  // leaves nothing behind: no FILE, no temporary files.
  auto failed = [&](JournalStatus s) {
    remove_tmp();
    return JournalStatus::fail(s.error, path + ": the new journal cannot be made, nothing was written (" + s.message +
                                            ")");
  };
  {
    Database db;
    JournalStatus s = db.open(tmp, Database::Mode::kCreate);
    if (!s.ok()) return failed(s);
    s = db.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
                    "; PRAGMA user_version = " + std::to_string(kSchemaVersion) +
                    "; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;",
                "setting up the journal");
    if (!s.ok()) return failed(s);
    s = db.exec(std::string("BEGIN;") + kSchema, "creating the tables");
    if (!s.ok()) return failed(s);
    auto ins = db.prepare("INSERT INTO header(key, value) VALUES(?1, ?2)", s);
    if (!ins) return failed(s);
    auto rows_to_write = header_rows(header);
    rows_to_write["journal_id"] = new_journal_id();
    for (const auto& [k, v] : rows_to_write) {
      ins->bind(1, k);
      ins->bind(2, v);
      if (ins->step() == Statement::Step::kError) return failed(ins->status());
      ins->reset();
    }
    ins.reset();
    s = db.exec("COMMIT", "writing the header");
    if (!s.ok()) return failed(s);
    // The tables are in the -wal: moved into the file here, checked. The
    // checkpoint SQLite makes as the connection closes says nothing when it
    // fails (a full disk), and the file alone is what is renamed.
    auto busy = db.query_int("PRAGMA wal_checkpoint(TRUNCATE)", s);
    if (!s.ok()) return failed(s);
    if (busy.value_or(1) != 0) {
      return failed(JournalStatus::fail(JournalError::kBusy, tmp + ": its -wal could not be moved into the file"));
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    remove_tmp();
    return JournalStatus::fail(JournalError::kIo, path + ": cannot move the new journal into place: " + why);
  }
  sync_directory(path);
  return open_locked(path, Access::kAppend, std::move(lock), out);
}

JournalStatus Journal::open(const std::string& path, Access access, Journal& out) {
  return open_locked(path, access, WriterLock(), out);
}

JournalStatus Journal::open_locked(const std::string& path, Access access, WriterLock lock, Journal& out) {
  JournalStatus s = check_file(path);
  if (!s.ok()) return s;
  // Appending writes the file and, beside it, its -wal and -shm: said plainly
  // before SQLite says "unable to open database file" of a file it can read.
  if (access == Access::kAppend) {
    const fs::path dir = fs::absolute(path).parent_path();
    if (::access(path.c_str(), W_OK) != 0 || ::access(dir.c_str(), W_OK) != 0) {
      return JournalStatus::fail(JournalError::kCannotOpen,
                                 path + ": cannot be written here (" + std::strerror(errno) +
                                     "); a game goes on only where its journal can be written: copy the file to "
                                     "a writable place; it is left as it is");
    }
    // One writer: the lock before anything is read, so what is read (the
    // last input's number) is what this writer goes on from.
    if (!lock.held()) {
      s = WriterLock::acquire(path, lock);
      if (!s.ok()) return s;
    }
  }
  s = check_siblings(path);
  if (!s.ok()) return s;
  const WalCheck wal = check_wal(sqlite_base(path) + "-wal");
  Journal j;
  j.lock_ = std::move(lock);
  bool immutable = false;
  {
    Database ro;
    s = ro.open(path, Database::Mode::kReadOnly);
    if (!s.ok()) return s;
    auto app = ro.query_int("PRAGMA application_id", s);
    // A journal on a read-only medium (a read-only mount, a write-protected
    // card): SQLite cannot make the -shm it wants beside a WAL journal, so
    // the usual read fails. With no -wal there, nobody writes the file: it
    // is read as immutable. (An append is refused as before: it would write.)
    if (s.error == JournalError::kCannotOpen && access == Access::kRead && !wal.exists) {
      s = ro.open(path, Database::Mode::kImmutable);
      if (!s.ok()) return s;
      app = ro.query_int("PRAGMA application_id", s);
      immutable = s.ok();
    }
    if (!s.ok()) return s;
    if (!app || *app != kApplicationId) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "application_id 0x%llx, a Tabula journal has 0x%llx",
                    static_cast<unsigned long long>(app.value_or(0)), static_cast<unsigned long long>(kApplicationId));
      return JournalStatus::fail(JournalError::kForeign, path + ": an SQLite database of another application, not a "
                                                                "Tabula journal (" + std::string(buf) +
                                                             "); it is left as it is");
    }
    auto version = ro.query_int("PRAGMA user_version", s);
    if (!s.ok()) return s;
    if (!version || *version < kSchemaVersion || *version > kVersion2) {
      return JournalStatus::fail(JournalError::kVersion,
                                 path + ": journal schema version " + std::to_string(version.value_or(0)) +
                                     ", this build reads versions " + std::to_string(kSchemaVersion) + " and " +
                                     std::to_string(kVersion2) + "; it is left as it is");
    }
    j.version_ = *version;
    auto check = ro.query_text("PRAGMA quick_check", s);
    if (!s.ok()) return s;
    if (!check || *check != "ok") {
      // SQLite's report runs over lines ("*** in database main ***\nPage 2:
      // ..."): one line here, printable.
      std::string report = check.value_or("?");
      for (char& c : report) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = ' ';
      }
      return JournalStatus::fail(JournalError::kCorrupt, path + ": the journal is damaged (" + report.substr(0, 300) +
                                                             "); it is left as it is");
    }
    // Session 16, the attacker's round: a crafted journal runs SQL of its
    // own through its schema. A view named `header` (or `inputs`...) with a
    // recursive CTE read without end at open (`tabula archive`, `tabula
    // play`, the kiosk's resume hung at 100% CPU); a trigger on `inputs` ran
    // at every record (one that deleted the rows lost the game as it was
    // played). A journal has tables and their indexes only: a view or a
    // trigger is refused by name before any row is read.
    auto planted = ro.prepare("SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', 'index') LIMIT 1", s);
    if (!planted) return s;
    if (const Statement::Step pst = planted->step(); pst == Statement::Step::kRow) {
      return JournalStatus::fail(JournalError::kCorrupt,
                                 path + ": the journal holds a " + planted->column_text(0) + " " +
                                     core::quote_input(planted->column_text(1)) +
                                     " (a Tabula journal has tables only: a view or a trigger would run SQL of "
                                     "its own when the journal is read or written); it is left as it is");
    } else if (pst == Statement::Step::kError) {
      return planted->status();
    }
    auto rows = ro.prepare("SELECT key, value FROM header", s);
    if (!rows) return s;
    std::map<std::string, std::string> m;
    Statement::Step st;
    while ((st = rows->step()) == Statement::Step::kRow) m[rows->column_text(0)] = rows->column_text(1);
    if (st == Statement::Step::kError) return rows->status();
    // The -wal must be this journal's (session 14): its id as the file alone
    // holds it, against the ids read through the -wal. A -wal of another
    // journal brings that journal's header page with it (every generation
    // begins with wal_of, tie_wal()).
    if (wal.exists && wal.valid_frames > 0) {
      s = check_wal_owner(path, m);
      if (!s.ok()) return s;
    }
    j.id_ = m["journal_id"];
    s = read_header(path, m, j.header_);
    if (!s.ok()) return s;
    auto last = ro.query_int("SELECT COALESCE(MAX(seq), 0) FROM inputs", s);
    if (!s.ok()) return s;
    j.next_seq_ = last.value_or(0) + 1;
    const std::string held = std::to_string(j.next_seq_ - 1) + " inputs";
    const std::string at_checkpoint = m.count("checkpointed_inputs") != 0 ? m["checkpointed_inputs"] : "0";
    if (wal.damaged) {
      j.wal_warning_ = path + ": its -wal file is damaged (" + wal.why + "); the journal holds " + held + " (" +
                       at_checkpoint + " at its last checkpoint), what the -wal held after the damage is lost";
    } else if (!wal.exists && m["writer_open"] == "1") {
      j.wal_warning_ = path + ": its -wal file is missing though the journal was being written (copied without it, "
                       "or lost); the journal holds the " + held + " up to its last checkpoint, anything recorded "
                       "after that is not in this file";
    }
  }
  s = j.db_.open(path, access == Access::kAppend ? Database::Mode::kReadWrite
                      : immutable                ? Database::Mode::kImmutable
                                                 : Database::Mode::kReadOnly);
  if (!s.ok()) return s;
  if (access == Access::kAppend) {
    s = j.db_.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", "setting WAL mode");
    if (!s.ok()) return s;

    s = j.prepare_writes();
    if (!s.ok()) return s;
    // The first record() checkpoints and marks the file as being written;
    // a journal only opened (then refused by the shell) is left as it is.
    j.since_checkpoint_ = kCheckpointEvery - 1;
  }
  out = std::move(j);
  return JournalStatus::good();
}

JournalStatus Journal::prepare_writes() {
  auto p = std::make_unique<Prepared>();
  JournalStatus s;
  auto prep = [&](Statement& into, const char* sql) {
    if (!s.ok()) return;
    auto st = db_.prepare(sql, s);
    if (st) into = std::move(*st);
  };
  prep(p->begin, "BEGIN IMMEDIATE");
  prep(p->commit, "COMMIT");
  prep(p->rollback, "ROLLBACK");
  prep(p->input, "INSERT INTO inputs(seq, time_ms, kind, payload, wall_ms) VALUES(?1, ?2, ?3, ?4, ?5)");
  prep(p->move, "INSERT INTO moves(input_seq, time_ms, stage, seat, text) VALUES(?1, ?2, ?3, ?4, ?5)");
  prep(p->ruling, "INSERT INTO rulings(input_seq, time_ms, kind, severity, text) VALUES(?1, ?2, ?3, ?4, ?5)");
  if (s.ok()) prepared_ = std::move(p);
  return s;
}

JournalStatus Journal::record(const session::Input& in, const session::Output& out, std::int64_t wall_ms) {
  if (!prepared_) {
    return JournalStatus::fail(JournalError::kInternal, path() + ": the journal is open for reading only");
  }
  JournalStatus s = record_once(in, out, wall_ms);
  // Session 19: a full disk (or another I/O refusal) with inputs in the
  // -wal: emptied into the file, the -wal gives its room back and the
  // input is tried once more; if it fails again it is refused as before
  // and nothing recorded is touched.
  if (s.error == JournalError::kIo) {
    JournalStatus q;
    const auto busy = db_.query_int("PRAGMA wal_checkpoint(TRUNCATE)", q);
    tied_ = false;  // the next write begins a new WAL generation
    if (q.ok() && busy.value_or(1) == 0) s = record_once(in, out, wall_ms);
  }
  return s;
}

JournalStatus Journal::record_once(const session::Input& in, const session::Output& out, std::int64_t wall_ms) {
  Prepared& p = *prepared_;
  auto run = [](Statement& st) -> JournalStatus {
    Statement::Step r = st.step();
    JournalStatus s = r == Statement::Step::kError ? st.status() : JournalStatus::good();
    st.reset();
    return s;
  };
  JournalStatus s = run(p.begin);
  if (!s.ok()) return s;
  // In the same transaction: a new WAL generation says whose it is first.
  if (!tied_) s = tie_wal();
  const std::int64_t seq = next_seq_;
  EncodedInput e = encode(in);
  p.input.bind(1, seq);
  p.input.bind(2, e.time_ms);
  p.input.bind(3, static_cast<std::int64_t>(e.kind));
  p.input.bind(4, e.payload);
  p.input.bind(5, wall_ms);
  if (s.ok()) s = run(p.input);
  // The first input a build before session 31 would misread makes the file
  // version 2 (journal.h).
  const bool raise = version_ < kVersion2 && needs_version_2(in);
  if (s.ok() && raise) {
    s = db_.exec("PRAGMA user_version = " + std::to_string(kVersion2), "marking the journal version 2");
  }
  for (std::size_t i = 0; s.ok() && i < out.moves.size(); ++i) {
    const session::AcceptedMove& m = out.moves[i];
    p.move.bind(1, seq);
    p.move.bind(2, m.time.count());
    p.move.bind(3, m.stage);
    p.move.bind(4, core::index_of(m.seat));
    p.move.bind(5, m.text);
    s = run(p.move);
  }
  for (std::size_t i = 0; s.ok() && i < out.rulings.size(); ++i) {
    const session::Ruling& r = out.rulings[i];
    p.ruling.bind(1, seq);
    p.ruling.bind(2, r.time.count());
    p.ruling.bind(3, std::string_view(r.game ? core::to_string(r.game->kind) : session::to_string(r.kind)));
    p.ruling.bind(4, std::string_view(core::to_string(r.severity)));
    p.ruling.bind(5, r.text);
    s = run(p.ruling);
  }
  if (s.ok()) s = run(p.commit);
  if (s.ok() && raise) version_ = kVersion2;
  if (!s.ok()) {
    run(p.rollback);
    tied_ = false;  // the tie, if this transaction wrote it, is rolled back too
    // Two writers on one journal (two kiosks, a kiosk and `tabula play`):
    // the other took this input's number. Said as such, not as SQLite's
    // "UNIQUE constraint failed".
    JournalStatus q;
    const auto last = db_.query_int("SELECT COALESCE(MAX(seq), 0) FROM inputs", q);
    if (q.ok() && last && *last >= seq) {
      return JournalStatus::fail(JournalError::kBusy,
                                 path() + ": another program has written to this journal since it was opened "
                                          "(it holds input " + std::to_string(*last) +
                                     "): one game has one writer; this input is not recorded");
    }
    return s;
  }
  ++next_seq_;
  // Safe points: a finished game, and a bound (issue 28 item 8).
  bool over = false;
  for (const session::Ruling& r : out.rulings) over = over || (r.game && r.game->kind == core::RulingKind::kGameOver);
  // Session 19: a disk nearly full. Each input is written to the -wal
  // first, which was emptied into the file only every kCheckpointEvery
  // inputs and takes several pages an input: on a card with 120 KB free
  // `tabula play` stopped after 13 inputs ("database or disk is full")
  // though the file itself grew a few KB a hundred inputs. Below
  // kLowDiskBytes free, the -wal is emptied after every input (a few ms
  // more an input), so the game goes on while the file can grow.
  if (over || ++since_checkpoint_ >= kCheckpointEvery || g_free_bytes(path()) < kLowDiskBytes) checkpoint();
  return s;
}

void set_free_bytes_probe(FreeBytesProbe probe) { g_free_bytes = probe ? probe : disk_free_bytes; }

JournalStatus Journal::durability(std::string& journal_mode, std::int64_t& synchronous) {
  JournalStatus s;
  journal_mode = db_.query_text("PRAGMA journal_mode", s).value_or("");
  if (!s.ok()) return s;
  synchronous = db_.query_int("PRAGMA synchronous", s).value_or(-1);
  return s;
}

JournalStatus Journal::load(JournalContents& out) {
  out = JournalContents{};
  out.header = header_;
  JournalStatus s;
  auto in = db_.prepare("SELECT seq, kind, time_ms, payload FROM inputs ORDER BY seq", s);
  if (!in) return s;
  Statement::Step st;
  std::int64_t last_seq = 0, last_time = 0;
  while ((st = in->step()) == Statement::Step::kRow) {
    const std::int64_t seq = in->column_int(0), time = in->column_int(2);
    const std::string where = path() + ": input " + std::to_string(seq);
    const std::string kept = ": the journal was edited or damaged; it is left as it is";
    // The shell records inputs as time goes: never back, never past any game.
    if (time < 0 || time > session::kMaxInputTime.count()) {
      return JournalStatus::fail(JournalError::kCorrupt, where + " is at " + std::to_string(time) +
                                                             " ms, outside any game (0 to " +
                                                             std::to_string(session::kMaxInputTime.count()) + ")" +
                                                             kept);
    }
    if (last_seq != 0 && time < last_time) {
      return JournalStatus::fail(JournalError::kCorrupt, where + " is at " + std::to_string(time) + " ms, before input " +
                                                             std::to_string(last_seq) + " at " +
                                                             std::to_string(last_time) + " ms" + kept);
    }
    last_seq = seq;
    last_time = time;
    std::string why;
    auto v = decode(in->column_int(1), time, in->column_text(3), why);
    if (!v) {
      return JournalStatus::fail(JournalError::kCorrupt, where + " cannot be read (kind " +
                                                             std::to_string(in->column_int(1)) + ", " + why + ")" +
                                                             kept);
    }
    out.inputs.push_back(*v);
    out.input_seqs.push_back(seq);
  }
  if (st == Statement::Step::kError) return in->status();
  auto mv = db_.prepare("SELECT input_seq, time_ms, stage, seat, text FROM moves ORDER BY id", s);
  if (!mv) return s;
  while ((st = mv->step()) == Statement::Step::kRow) {
    out.moves.push_back({mv->column_int(0), mv->column_int(1), static_cast<int>(mv->column_int(2)),
                         static_cast<int>(mv->column_int(3)), mv->column_text(4)});
  }
  if (st == Statement::Step::kError) return mv->status();
  auto ru = db_.prepare("SELECT input_seq, time_ms, kind, severity, text FROM rulings ORDER BY id", s);
  if (!ru) return s;
  while ((st = ru->step()) == Statement::Step::kRow) {
    out.rulings.push_back(
        {ru->column_int(0), ru->column_int(1), ru->column_text(2), ru->column_text(3), ru->column_text(4)});
  }
  if (st == Statement::Step::kError) return ru->status();
  return JournalStatus::good();
}

}  // namespace tabula::journal

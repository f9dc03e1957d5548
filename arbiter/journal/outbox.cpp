#include "journal/outbox.h"

#include "journal/journal.h"

namespace tabula::journal {

namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string to_hex(const std::string& bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

bool from_hex(const std::string& hex, std::string& out) {
  if (hex.size() % 2 != 0) return false;
  out.clear();
  out.reserve(hex.size() / 2);
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = nibble(hex[i]);
    int lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

JournalStatus run(Statement& st) {
  Statement::Step r = st.step();
  JournalStatus s = r == Statement::Step::kError ? st.status() : JournalStatus::good();
  st.reset();
  return s;
}

// A due answer's four columns, in hub_reply_due's order (?1 to ?4).
void bind_due(Statement& st, const DueReply& due) {
  st.bind(1, static_cast<std::int64_t>(due.action_id));
  st.bind(2, due.input_seq);
  st.bind(3, std::string_view(to_hex(due.reply)));
  st.bind(4, std::string_view(due.what));
}

}  // namespace

JournalStatus Outbox::open(const std::string& path, Outbox& out, bool durable) {
  Outbox o;
  JournalStatus s = o.db_.open(path, Database::Mode::kReadWrite);
  if (!s.ok()) return s;
  auto app = o.db_.query_int("PRAGMA application_id", s);
  if (!s.ok()) return s;
  if (!app || *app != kApplicationId) {
    return JournalStatus::fail(JournalError::kForeign,
                               path + ": not a Tabula journal, so it holds no hub outbox; it is left as it is");
  }
  s = o.db_.exec(std::string("PRAGMA journal_mode = WAL; PRAGMA synchronous = ") + (durable ? "FULL;" : "NORMAL;"),
                 "opening the hub outbox");
  if (!s.ok()) return s;
  o.id_ = o.db_.query_text("SELECT value FROM header WHERE key = 'journal_id'", s).value_or("");
  if (!s.ok()) return s;
  const auto tables = o.db_.query_int(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('hub_outbox', 'hub_action_guard',"
      " 'hub_reply_due')",
      s);
  if (!s.ok()) return s;
  if (tables.value_or(0) != 3) {
    s = o.write([&] {
      return o.db_.exec(
          "CREATE TABLE IF NOT EXISTS hub_outbox(seq INTEGER PRIMARY KEY, input_seq INTEGER NOT NULL,"
          " payload TEXT NOT NULL, acked INTEGER NOT NULL DEFAULT 0);"
          "CREATE TABLE IF NOT EXISTS hub_action_guard(one INTEGER PRIMARY KEY CHECK(one = 1),"
          " last_action_id INTEGER NOT NULL);"
          "CREATE TABLE IF NOT EXISTS hub_reply_due(action_id INTEGER PRIMARY KEY, input_seq INTEGER NOT NULL,"
          " reply TEXT NOT NULL, what TEXT NOT NULL);",
          "creating the hub outbox");
    });
    if (!s.ok()) return s;
  }
  out = std::move(o);
  return JournalStatus::good();
}

// Every write batch of the outbox begins with the journal's wal_of row
// (journal.h, write_wal_tie): the journal's own connection ties only the
// WAL generations it begins, and a generation the outbox begins (its write
// the first after a checkpoint) would otherwise carry no id, so another
// game's outbox-only -wal beside this journal would not be told apart
// (docs/JOURNAL.md). One header page more per batch. A journal made before
// journal ids has nothing to tie to.
template <typename Body>
JournalStatus Outbox::write(Body&& body) {
  JournalStatus s = db_.exec("BEGIN IMMEDIATE", "starting an outbox write");
  if (!s.ok()) return s;
  if (!id_.empty()) s = write_wal_tie(db_, id_);
  if (s.ok()) s = body();
  if (s.ok()) s = db_.exec("COMMIT", "writing the hub outbox");
  if (!s.ok()) db_.exec("ROLLBACK", "rolling back an outbox write");
  return s;
}

JournalStatus Outbox::first_item(const std::string& path, std::optional<OutboxItem>& out) {
  out.reset();
  Database db;
  JournalStatus s = db.open(path, Database::Mode::kReadOnly);
  if (!s.ok()) return s;
  const auto tables = db.query_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'hub_outbox'", s);
  if (!s.ok() || tables.value_or(0) == 0) return s;
  auto q = db.prepare("SELECT seq, input_seq, payload FROM hub_outbox ORDER BY seq LIMIT 1", s);
  if (!q) return s;
  const Statement::Step st = q->step();
  if (st == Statement::Step::kError) return q->status();
  if (st == Statement::Step::kDone) return s;
  OutboxItem it;
  it.seq = q->column_int(0);
  it.input_seq = q->column_int(1);
  if (!from_hex(q->column_text(2), it.payload)) {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": hub outbox item " + std::to_string(it.seq) +
                                                           " is damaged (not hex); it is left as it is");
  }
  out = std::move(it);
  return s;
}

JournalStatus Outbox::last(std::int64_t& seq, std::int64_t& input_seq) {
  JournalStatus s;
  seq = db_.query_int("SELECT IFNULL(MAX(seq), 0) FROM hub_outbox", s).value_or(0);
  if (!s.ok()) return s;
  input_seq = db_.query_int("SELECT IFNULL(MAX(input_seq), 0) FROM hub_outbox", s).value_or(0);
  return s;
}

JournalStatus Outbox::append(const std::vector<OutboxItem>& items) {
  if (items.empty()) return JournalStatus::good();
  return write([&] {
    JournalStatus s;
    std::int64_t last_seq = db_.query_int("SELECT IFNULL(MAX(seq), 0) FROM hub_outbox", s).value_or(0);
    if (!s.ok()) return s;
    auto ins = db_.prepare("INSERT INTO hub_outbox(seq, input_seq, payload) VALUES(?1, ?2, ?3)", s);
    if (!ins) return s;
    for (const OutboxItem& it : items) {
      if (it.seq != ++last_seq) {
        return JournalStatus::fail(JournalError::kInternal,
                                   db_.path() + ": outbox item " + std::to_string(it.seq) + " does not follow " +
                                       std::to_string(last_seq - 1) + " (a bug in the publisher)");
      }
      ins->bind(1, it.seq);
      ins->bind(2, it.input_seq);
      ins->bind(3, std::string_view(to_hex(it.payload)));
      s = run(*ins);
      if (!s.ok()) return s;
      if (it.answers != 0) {  // the answer and the end of its due row: one transaction (exactly once)
        auto del = db_.prepare("DELETE FROM hub_reply_due WHERE action_id = ?1", s);
        if (!del) return s;
        del->bind(1, static_cast<std::int64_t>(it.answers));
        s = run(*del);
        if (!s.ok()) return s;
      }
    }
    return s;
  });
}

JournalStatus Outbox::pending(std::int64_t after_seq, std::size_t limit, std::vector<OutboxItem>& out) {
  return select("SELECT seq, input_seq, payload FROM hub_outbox WHERE acked = 0 AND seq > ?1 ORDER BY seq LIMIT ?2",
                after_seq, limit, out);
}

JournalStatus Outbox::range(std::int64_t first_seq, std::size_t limit, std::vector<OutboxItem>& out) {
  return select("SELECT seq, input_seq, payload FROM hub_outbox WHERE seq >= ?1 ORDER BY seq LIMIT ?2", first_seq,
                limit, out);
}

JournalStatus Outbox::select(const char* sql, std::int64_t seq, std::size_t limit, std::vector<OutboxItem>& out) {
  out.clear();
  JournalStatus s;
  auto q = db_.prepare(sql, s);
  if (!q) return s;
  q->bind(1, seq);
  q->bind(2, static_cast<std::int64_t>(limit));
  Statement::Step st;
  while ((st = q->step()) == Statement::Step::kRow) {
    OutboxItem it;
    it.seq = q->column_int(0);
    it.input_seq = q->column_int(1);
    if (!from_hex(q->column_text(2), it.payload)) {
      return JournalStatus::fail(JournalError::kCorrupt,
                                 db_.path() + ": hub outbox item " + std::to_string(it.seq) + " is damaged (not hex)");
    }
    out.push_back(std::move(it));
  }
  if (st == Statement::Step::kError) return q->status();
  return JournalStatus::good();
}

JournalStatus Outbox::mark_acked(std::int64_t seq) { return mark_acked(std::vector<std::int64_t>{seq}); }

JournalStatus Outbox::mark_acked(const std::vector<std::int64_t>& seqs) {
  if (seqs.empty()) return JournalStatus::good();
  return write([&] {
    JournalStatus s;
    auto q = db_.prepare("UPDATE hub_outbox SET acked = 1 WHERE seq = ?1", s);
    if (!q) return s;
    for (std::int64_t seq : seqs) {
      q->bind(1, seq);
      s = run(*q);
      if (!s.ok()) return s;
    }
    return s;
  });
}

JournalStatus Outbox::acked_through(std::int64_t& seq) {
  JournalStatus s;
  seq = db_.query_int(
               "SELECT IFNULL((SELECT MIN(seq) FROM hub_outbox WHERE acked = 0) - 1,"
               " (SELECT IFNULL(MAX(seq), 0) FROM hub_outbox))",
               s)
            .value_or(0);
  return s;
}

JournalStatus Outbox::unacked_count(std::int64_t& n) {
  JournalStatus s;
  n = db_.query_int("SELECT COUNT(*) FROM hub_outbox WHERE acked = 0", s).value_or(0);
  return s;
}

JournalStatus Outbox::last_action_id(std::uint64_t& id) {
  JournalStatus s;
  id = static_cast<std::uint64_t>(
      db_.query_int("SELECT IFNULL((SELECT last_action_id FROM hub_action_guard WHERE one = 1), 0)", s).value_or(0));
  return s;
}

JournalStatus Outbox::set_last_action_id(std::uint64_t id) {
  return write([&] {
    JournalStatus s;
    auto q = db_.prepare("INSERT OR REPLACE INTO hub_action_guard(one, last_action_id) VALUES(1, ?1)", s);
    if (!q) return s;
    q->bind(1, static_cast<std::int64_t>(id));
    return run(*q);
  });
}

JournalStatus Outbox::set_last_action_id(std::uint64_t id, const DueReply& due) {
  return write([&] {
    JournalStatus s;
    auto q = db_.prepare("INSERT OR REPLACE INTO hub_action_guard(one, last_action_id) VALUES(1, ?1)", s);
    if (!q) return s;
    q->bind(1, static_cast<std::int64_t>(id));
    s = run(*q);
    if (!s.ok()) return s;
    auto d = db_.prepare("INSERT OR REPLACE INTO hub_reply_due(action_id, input_seq, reply, what) VALUES(?1, ?2, ?3, ?4)",
                         s);
    if (!d) return s;
    bind_due(*d, due);
    return run(*d);
  });
}

JournalStatus Outbox::set_due(const DueReply& due) {
  return write([&] {
    JournalStatus s;
    auto d = db_.prepare(
        "INSERT INTO hub_reply_due(action_id, input_seq, reply, what) VALUES(?1, ?2, ?3, ?4)"
        " ON CONFLICT(action_id) DO UPDATE SET input_seq = excluded.input_seq, reply = excluded.reply",
        s);
    if (!d) return s;
    bind_due(*d, due);
    return run(*d);
  });
}

JournalStatus Outbox::dues(std::vector<DueReply>& out) {
  out.clear();
  JournalStatus s;
  auto q = db_.prepare("SELECT action_id, input_seq, reply, what FROM hub_reply_due ORDER BY action_id", s);
  if (!q) return s;
  Statement::Step st;
  while ((st = q->step()) == Statement::Step::kRow) {
    DueReply d;
    d.action_id = static_cast<std::uint64_t>(q->column_int(0));
    d.input_seq = q->column_int(1);
    d.what = q->column_text(3);
    if (!from_hex(q->column_text(2), d.reply)) {
      return JournalStatus::fail(JournalError::kCorrupt, db_.path() + ": the due answer to hub action " +
                                                             std::to_string(d.action_id) + " is damaged (not hex)");
    }
    out.push_back(std::move(d));
  }
  if (st == Statement::Step::kError) return q->status();
  return JournalStatus::good();
}

}  // namespace tabula::journal

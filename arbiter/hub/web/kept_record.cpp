#include "hub/web/kept_record.h"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <thread>

#include "hub/hub_model.h"
#include "hub/tournament.h"

namespace tabula::hub::web {

namespace {

// One kept table of the record (sessions 28-29): a table that does
// not read (damaged, or made by something else with other columns) is a note
// and the caller reads the other; a held record is tried again whole.
// `shown` says what the page then lacks, `since` which hub began the table.
template <class Read, class Rows>
journal::JournalStatus read_table(TournamentRecord& record, const std::string& path,
                                  const char* what, const char* table, const char* shown,
                                  const char* since, Read read, Rows& rows, KeptRead& out) {
  bool present = false;
  if (journal::JournalStatus s = record.has_table(table, present); !s.ok()) return s;
  if (!present) {
    out.notes.push_back(path + ": no kept " + what + " (no table " + table +
                        ": the record was kept by a hub older than " + since + "), so " + shown);
    return journal::JournalStatus::good();
  }
  std::size_t unread = 0;
  journal::JournalStatus s = read(unread);
  if (!s.ok() && s.held) return s;
  if (!s.ok()) {
    rows.clear();
    out.notes.push_back(path + ": the kept " + what + " (table " + table + ") do not read, so " +
                        shown + ": " + s.message);
  }
  out.unread += unread;
  return journal::JournalStatus::good();
}

// Session 30: what says the record changed, without opening it: the file's
// and its write-ahead log's identity, size and time of change (SQLite
// writes a WAL record's changes to FILE-wal, and moves them into FILE at a
// checkpoint). A file that is not there marks as zeros.
struct FileMark {
  std::array<std::int64_t, 8> v{};
  bool operator==(const FileMark&) const = default;
  // The later time of change of the two files (ns since the epoch).
  std::int64_t newest_ns() const {
    return std::max(v[2] * 1000000000 + v[3], v[6] * 1000000000 + v[7]);
  }
};

constexpr std::int64_t kSettleNs = 1000000000;  // a second

std::int64_t wall_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

FileMark mark_of(const std::string& path) {
  FileMark m;
  std::size_t i = 0;
  for (const std::string& p : {path, path + "-wal"}) {
    struct stat st {};
    if (::stat(p.c_str(), &st) == 0) {
      m.v[i] = static_cast<std::int64_t>(st.st_ino);
      m.v[i + 1] = static_cast<std::int64_t>(st.st_size);
      m.v[i + 2] = static_cast<std::int64_t>(st.st_mtim.tv_sec);
      m.v[i + 3] = static_cast<std::int64_t>(st.st_mtim.tv_nsec);
    }
    i += 4;
  }
  return m;
}

}  // namespace

journal::JournalStatus read_kept(const std::string& path, const std::string& event, KeptRead& out) {
  out = KeptRead{};
  TournamentRecord record;
  journal::JournalStatus s = TournamentRecord::open(path, record, RecordOpen::kReadOnly);
  if (!s.ok()) return s;
  s = read_table(
      record, path, "streams", "board_streams", "an offline board's latest rulings are not shown",
      "session 28",
      [&](std::size_t& unread) {
        return record.kept_streams(event, HubModel::kRecent, HubModel::kMaxBoards, out.streams,
                                   unread);
      },
      out.streams, out);
  if (!s.ok()) return s;
  return read_table(
      record, path, "alerts", "board_alerts",
      "an offline board's alerts come only when it sends them again", "session 29",
      [&](std::size_t& unread) {
        return record.kept_alerts(event, HubModel::kMaxKeptAlerts, out.alerts, unread);
      },
      out.alerts, out);
}

struct KeptRecord::Shared {
  std::mutex deliver_mutex;  // held while `deliver` runs (taken before `mutex`, never inside it)
  std::mutex mutex;          // the state below
  std::condition_variable wake;
  std::string path;
  std::string event;
  Deliver deliver;
  Reader reader;
  std::function<void(const std::string&)> log;
  std::chrono::milliseconds retry{10000};
  std::chrono::milliseconds poll{5000};
  std::uint64_t reads = 0;  // good reads delivered
  std::string status;
  bool delivered = false;
  bool stop = false;
  bool ended = false;
};

KeptRecord::KeptRecord(std::string path, std::string event, Deliver deliver,
                       std::chrono::milliseconds retry, Reader reader,
                       std::function<void(const std::string&)> log, std::chrono::milliseconds poll)
    : shared_(std::make_shared<Shared>()) {
  Shared& setup = *shared_;
  setup.path = std::move(path);
  setup.event = std::move(event);
  setup.deliver = std::move(deliver);
  setup.reader = std::move(reader);
  setup.retry = retry;
  setup.poll = poll;
  setup.log = log ? std::move(log) : [](const std::string& line) { std::cerr << line << "\n"; };
  setup.status = setup.path + ": not read yet";
  std::thread([shared = shared_] {
    Shared& s = *shared;
    std::string said;       // the last failure said (each distinct one once)
    FileMark read_mark;     // the files as they were before the last good read
    bool any = false;       // a read was delivered
    bool unsettled = false;  // the last good read's files had just changed: read again
    for (;;) {
      if (any) {
        // Session 30: read again when the record changed (a later round's
        // games and alerts), at most once every `poll`.
        std::unique_lock lock(s.mutex);
        s.wake.wait_for(lock, s.poll, [&] { return s.stop; });
        if (s.stop) break;
        lock.unlock();
        if (!unsettled && mark_of(s.path) == read_mark) continue;
      }
      const FileMark mark = mark_of(s.path);  // before the read: a write during it is read next time
      KeptRead read;
      const journal::JournalStatus r =
          s.reader(s.path, s.event, read);  // may take long: no lock held
      if (r.ok()) {
        const std::vector<std::string> notes = read.notes;
        {
          // Delivered under its own lock, not the state's: the hub's lock is
          // taken inside, and the service reads status() under its own.
          std::lock_guard delivering(s.deliver_mutex);
          {
            std::lock_guard lock(s.mutex);
            if (s.stop) break;
          }
          s.deliver(std::move(read));  // quick (the hub's lock); the destructor waits for it
        }
        if (!any) {
          for (const std::string& note : notes) s.log("tabula-hub-web: --record " + note);
        }
        any = true;
        read_mark = mark;
        // A file changed within the last second may be mid-commit: SQLite
        // appends a commit's frames to FILE-wal (its time moves) a moment
        // before readers see them, so a read then may miss what moved the
        // mark. Such a read is followed by another at the next look.
        unsettled = mark.newest_ns() > wall_ns() - kSettleNs;
        said.clear();
        std::lock_guard lock(s.mutex);
        s.status.clear();
        s.delivered = true;
        ++s.reads;
        continue;
      }
      std::unique_lock lock(s.mutex);
      if (s.stop) break;
      s.status = r.message + "; tried again every " + std::to_string(s.retry.count() / 1000) + " s";
      if (r.message != said) {
        s.log("tabula-hub-web: --record: the tournament record is not read (" + s.status + "): " +
              (any ? "what was read before is shown, and a later change of the record is not until it is"
                   : "an offline board's latest rulings and alerts kept there are not shown until it is"));
        said = r.message;
      }
      s.wake.wait_for(lock, s.retry, [&] { return s.stop; });
      if (s.stop) break;
    }
    std::lock_guard lock(s.mutex);
    s.ended = true;
    s.wake.notify_all();
  }).detach();
}

KeptRecord::~KeptRecord() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->stop = true;
    shared_->wake.notify_all();
  }
  // A delivery under way ends first (it is quick); none begins after.
  { std::lock_guard delivering(shared_->deliver_mutex); }
  std::unique_lock lock(shared_->mutex);
  shared_->wake.wait_for(lock, std::chrono::milliseconds(100), [&] { return shared_->ended; });
}

std::string KeptRecord::status() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->status;
}

bool KeptRecord::delivered() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->delivered;
}

std::uint64_t KeptRecord::reads() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->reads;
}

}  // namespace tabula::hub::web

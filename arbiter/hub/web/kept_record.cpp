#include "hub/web/kept_record.h"

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
  std::string status;
  bool delivered = false;
  bool stop = false;
  bool ended = false;
};

KeptRecord::KeptRecord(std::string path, std::string event, Deliver deliver,
                       std::chrono::milliseconds retry, Reader reader,
                       std::function<void(const std::string&)> log)
    : shared_(std::make_shared<Shared>()) {
  Shared& setup = *shared_;
  setup.path = std::move(path);
  setup.event = std::move(event);
  setup.deliver = std::move(deliver);
  setup.reader = std::move(reader);
  setup.retry = retry;
  setup.log = log ? std::move(log) : [](const std::string& line) { std::cerr << line << "\n"; };
  setup.status = setup.path + ": not read yet";
  std::thread([shared = shared_] {
    Shared& s = *shared;
    std::string said;  // the last failure said (each distinct one once)
    for (;;) {
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
        for (const std::string& note : notes) s.log("tabula-hub-web: --record " + note);
        std::lock_guard lock(s.mutex);
        s.status.clear();
        s.delivered = true;
        break;
      }
      std::unique_lock lock(s.mutex);
      if (s.stop) break;
      s.status = r.message + "; tried again every " + std::to_string(s.retry.count() / 1000) + " s";
      if (r.message != said) {
        s.log(
            "tabula-hub-web: --record: the tournament record is not read (" + s.status +
            "): an offline board's latest rulings and alerts kept there are not shown until it is");
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

}  // namespace tabula::hub::web

// kept_record.h — what the tournament record kept, for tabula-hub-web
// (session 29, `--record FILE`): each board's latest stream (session 28's
// board_streams) and the alerts raised from what boards sent (board_alerts).
//
// The record is the hall screen's hub's (tabula-hub-screen --record): this
// service never writes it. A board that went offline before the service
// started never sends it its stream, so the page's "Latest rulings" of such
// a board were empty and its open alerts were not on the arbiter's page;
// now they come from the record, said to be from it.
//
// Read read-only and safely, on a thread of its own (a record on a hung
// mount must not hold the service or its exit): opened read only (nothing
// made or written, TournamentRecord's RecordOpen::kReadOnly; a writer's lock
// is waited for at most kReadOnlyBusyMs per statement), handed to `deliver`
// (the hub's restore_kept). Session 30: read again whenever the record
// changed (a later round's: before, it was read once and a record written
// after the start was not seen until a restart), looked at every `poll`
// (the file's and its FILE-wal's size, time and identity: nothing opened),
// so at most one read a `poll`, and never while the record stays as read
// (a read of a file changed within the last second, maybe mid-commit, is
// followed by one more at the next look). A record that is missing, is no
// tournament record, is damaged or held is said (status(), and once per
// distinct message on stderr) and tried again every `retry` until one read
// is good; a table missing (a record of a hub older than session 28 or 29)
// is a note, not an error, and the rest is read; so is a table of that name
// that does not read (other columns, damaged): a held record is tried again. The destructor waits for a
// read under way at most 100 ms, then leaves it (detached, it owns its state
// and delivers nothing once stopped; a delivery under way ends first).
// Thread-safe: `deliver` runs under a lock of its own, never the one
// status() takes, so a caller of status() may hold the lock `deliver`'s
// callee takes (the web service's worker holds its own while the hub's
// restore_kept takes the hub's).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "hub/kept_alert.h"
#include "journal/journal_status.h"
#include "tabula_proto/hub.pb.h"

namespace tabula::hub::web {

struct KeptRead {
  std::map<std::string, std::vector<wire::StreamItem>> streams;  // board -> its newest game's items, oldest first
  std::vector<KeptAlert> alerts;                                  // oldest raised first
  std::size_t unread = 0;                                         // rows that did not read, left out
  std::vector<std::string> notes;                                 // tables missing: what is not shown
};

// One read of `path` for `event` (the real reader).
journal::JournalStatus read_kept(const std::string& path, const std::string& event, KeptRead& out);

class KeptRecord {
 public:
  using Reader = std::function<journal::JournalStatus(const std::string& path, const std::string& event, KeptRead& out)>;
  using Deliver = std::function<void(KeptRead)>;
  // `log`: a line for the service's log (stderr by default).
  KeptRecord(std::string path, std::string event, Deliver deliver,
             std::chrono::milliseconds retry = std::chrono::seconds(10), Reader reader = read_kept,
             std::function<void(const std::string&)> log = {},
             std::chrono::milliseconds poll = std::chrono::seconds(5));
  ~KeptRecord();
  KeptRecord(const KeptRecord&) = delete;
  KeptRecord& operator=(const KeptRecord&) = delete;
  // "" once a read was delivered; else why not yet ("hub.db: not read yet"
  // or the last failure's words, with "tried again every 10 s").
  std::string status() const;
  bool delivered() const;
  // Session 30: the good reads delivered (the first, then one per change).
  std::uint64_t reads() const;

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
};

}  // namespace tabula::hub::web

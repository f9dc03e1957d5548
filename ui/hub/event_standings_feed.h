// event_standings_feed.h — the event's standings for the hall screen, read
// off the frame (session 24).
//
// The hall screen shows the standings of the event kept in the tournament
// record (tabula event, issue 35). Until session 24 the frame read them from
// the record's SQLite file every 2 s: with WAL a reader does not wait on a
// writer, but a connection holding the file in exclusive locking mode, a
// checkpoint's moment, a slow SD card or a record on a network share stalled
// that frame up to SQLite's busy timeout (2 s). Now a worker thread reads
// them every `every` and the frame takes a copy of the last read (one lock,
// held only to copy): it never waits on the file.
//
// A read that fails (the record held past the busy timeout, an I/O error)
// keeps the tables of the last good read and says why (`problem`); the next
// good read replaces both.
//
// Threads: one worker, started by the constructor; snapshot() from any
// thread. Session 25: the worker owns its state with the feed (shared) and
// is detached; the destructor tells it to stop and waits for it at most
// `exit_wait` (100 ms). A read under way (SQLite's busy timeout on a held
// record, or without end on a hung network mount) no longer holds the
// screen's exit: the worker ends by itself once that read returns, and no
// longer touches the feed. Before, the destructor joined it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "event/standings.h"

namespace tabula::ui {

class EventStandingsFeed {
 public:
  struct Snapshot {
    std::vector<event::StandingsTable> tables;  // of the last good read
    std::string problem;                        // why the last read failed; "" when it did not
    std::uint64_t reads = 0;                    // reads finished, good or not
    std::uint64_t failures = 0;                 // of them, failed
  };

  EventStandingsFeed(std::string record_path, std::string event,
                     std::chrono::milliseconds every = std::chrono::seconds(2),
                     std::chrono::milliseconds exit_wait = std::chrono::milliseconds(100));
  ~EventStandingsFeed();
  EventStandingsFeed(const EventStandingsFeed&) = delete;
  EventStandingsFeed& operator=(const EventStandingsFeed&) = delete;

  // A copy of what the worker read last; never touches the file.
  Snapshot snapshot() const;
  // Workers of every feed that have not ended yet (a feed destroyed during
  // a read leaves its worker to end when the read returns).
  static int workers_running();

 private:
  struct Shared;
  static void run(const std::shared_ptr<Shared>& shared);

  std::shared_ptr<Shared> shared_;  // with the worker, which may outlive this
  const std::chrono::milliseconds exit_wait_;
};

// What the feed and its worker share; the last of the two to end frees it.
struct EventStandingsFeed::Shared {
  std::string path;
  std::string event;
  std::chrono::milliseconds every{0};
  std::mutex mutex;  // guards everything below
  std::condition_variable wake;
  bool stop = false;
  bool ended = false;  // the worker returned
  Snapshot last;
};

// The side panel's line under the standings while the last read failed:
// "standings as last read; the record cannot be read now (<why>)", the why
// cut at 200 bytes between characters and made printable; "" when fine.
std::string standings_note(const EventStandingsFeed::Snapshot& s);

}  // namespace tabula::ui

// standings_json.h — the event's standings for the browser page (issue 35):
// the arbiter's event file (`tabula event`, docs/EVENT.md) read again when it
// changes, each section's standings table (event::standings_table) as JSON.
//
//   {"event": "club", "error": "", "sections": [{"title": "Standings of ...",
//    "columns": ["place", ...], "rows": [["1", "Ann", ...], ...]}]}
//
// A file that cannot be read keeps the last good standings and says why in
// "error" (the arbiter may be half-way through writing it: `tabula event`
// writes beside and renames, so this is rare). Thread-safe.
//
// Session 25: the file is read on a thread of its own, not in the server's
// thread that answers /api/standings. Before, each request stat()ed the
// file and read it when it changed, under one lock: a file on a network
// mount that hangs held that request, and every later one queued on the
// lock, each holding one of the server's threads. Now a reader looks at the
// file every `every` (1 s) and json() copies the last JSON (waiting at most
// `first_wait` for the first read); the destructor waits for the reader at
// most 100 ms (detached, it owns its state and ends when its read returns).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "event/event.h"

namespace tabula::hub::web {

std::string standings_json(const event::Event& e, const std::string& error = "");

class StandingsFile {
 public:
  // What the reader does once: the JSON above from the file as it is now,
  // or "" when it has not changed since `last` (its stat() fields). The
  // real one by default; tests give one that blocks.
  struct Seen {
    long long mtime_sec = -1;
    long long mtime_nsec = -1;
    long long size = -1;
  };
  using Reader = std::function<std::string(const std::string& path, Seen& last)>;
  static std::string read_if_changed(const std::string& path, Seen& last);

  explicit StandingsFile(std::string path, std::chrono::milliseconds every = std::chrono::seconds(1),
                         std::chrono::milliseconds first_wait = std::chrono::milliseconds(500),
                         Reader reader = read_if_changed);
  ~StandingsFile();
  StandingsFile(const StandingsFile&) = delete;
  StandingsFile& operator=(const StandingsFile&) = delete;
  // The last JSON read; never reads the file (waits at most `first_wait`
  // for the first read, then says it is under way).
  std::string json();

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
  const std::chrono::milliseconds first_wait_;
};

}  // namespace tabula::hub::web

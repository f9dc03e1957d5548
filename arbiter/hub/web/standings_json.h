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
#pragma once

#include <ctime>
#include <mutex>
#include <string>

#include "event/event.h"

namespace tabula::hub::web {

std::string standings_json(const event::Event& e, const std::string& error = "");

class StandingsFile {
 public:
  explicit StandingsFile(std::string path) : path_(std::move(path)) {}
  // The JSON above, from the file as it is now (read again when its
  // modification time or size changed).
  std::string json();

 private:
  std::string path_;
  std::mutex mutex_;
  std::timespec mtime_{};
  long long size_ = -1;
  std::string json_;
};

}  // namespace tabula::hub::web

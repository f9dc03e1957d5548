#include "ui/hub/event_standings_feed.h"

#include "core/player_name.h"
#include "event/event_store.h"

namespace tabula::ui {

EventStandingsFeed::EventStandingsFeed(std::string record_path, std::string event, std::chrono::milliseconds every)
    : path_(std::move(record_path)), event_(std::move(event)), every_(every), worker_([this] { run(); }) {}

EventStandingsFeed::~EventStandingsFeed() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

EventStandingsFeed::Snapshot EventStandingsFeed::snapshot() const {
  std::lock_guard lock(mutex_);
  return last_;
}

void EventStandingsFeed::run() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    lock.unlock();
    // Off the lock: a held record makes this wait SQLite's busy timeout;
    // snapshot() meanwhile returns the last read.
    journal::JournalStatus status;
    std::vector<event::StandingsTable> tables = event::standings_in_record(path_, event_, status);
    lock.lock();
    ++last_.reads;
    if (status.ok()) {
      last_.tables = std::move(tables);
      last_.problem.clear();
    } else {
      ++last_.failures;
      last_.problem = status.message;
    }
    wake_.wait_for(lock, every_, [&] { return stop_; });
  }
}

std::string standings_note(const EventStandingsFeed::Snapshot& s) {
  if (s.problem.empty()) return "";
  return std::string(s.tables.empty() ? "no standings read yet" : "standings as last read") +
         "; the record cannot be read now (" + core::shown_text(s.problem, 200) + ")";
}

}  // namespace tabula::ui

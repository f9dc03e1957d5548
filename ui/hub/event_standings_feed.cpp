#include "ui/hub/event_standings_feed.h"

#include "core/player_name.h"
#include "event/event_store.h"

#include <atomic>
#include <thread>

namespace tabula::ui {

namespace {
std::atomic<int> g_workers{0};
}  // namespace

int EventStandingsFeed::workers_running() { return g_workers.load(); }

EventStandingsFeed::EventStandingsFeed(std::string record_path, std::string event, std::chrono::milliseconds every,
                                       std::chrono::milliseconds exit_wait)
    : shared_(std::make_shared<Shared>()), exit_wait_(exit_wait) {
  shared_->path = std::move(record_path);
  shared_->event = std::move(event);
  shared_->every = every;
  // Detached, with its own share of the state: the destructor does not wait
  // for a read that does not return (session 25).
  ++g_workers;
  std::thread([shared = shared_] {
    run(shared);
    --g_workers;
  }).detach();
}

EventStandingsFeed::~EventStandingsFeed() {
  std::unique_lock lock(shared_->mutex);
  shared_->stop = true;
  shared_->wake.notify_all();
  // Between reads it ends at once; a read under way is not waited for
  // longer than exit_wait_ (the worker ends when it returns).
  shared_->wake.wait_for(lock, exit_wait_, [&] { return shared_->ended; });
}

EventStandingsFeed::Snapshot EventStandingsFeed::snapshot() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->last;
}

void EventStandingsFeed::run(const std::shared_ptr<Shared>& shared) {
  Shared& s = *shared;
  std::unique_lock lock(s.mutex);
  while (!s.stop) {
    lock.unlock();
    // Off the lock: a held record makes this wait SQLite's busy timeout;
    // snapshot() meanwhile returns the last read.
    journal::JournalStatus status;
    std::vector<event::StandingsTable> tables = event::standings_in_record(s.path, s.event, status);
    lock.lock();
    ++s.last.reads;
    if (status.ok()) {
      s.last.tables = std::move(tables);
      s.last.problem.clear();
    } else {
      ++s.last.failures;
      s.last.problem = status.message;
    }
    s.wake.wait_for(lock, s.every, [&] { return s.stop; });
  }
  s.ended = true;
  s.wake.notify_all();
}

std::string standings_note(const EventStandingsFeed::Snapshot& s) {
  if (s.problem.empty()) return "";
  return std::string(s.tables.empty() ? "no standings read yet" : "standings as last read") +
         "; the record cannot be read now (" + core::shown_text(s.problem, 200) + ")";
}

}  // namespace tabula::ui

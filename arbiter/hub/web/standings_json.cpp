#include "hub/web/standings_json.h"

#include <sys/stat.h>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "event/event_file.h"
#include "event/standings.h"
#include "hub/web/json_writer.h"

namespace tabula::hub::web {

std::string standings_json(const event::Event& e, const std::string& error) {
  JsonWriter w;
  w.begin_object();
  w.key("event").value(e.name);
  w.key("error").value(error);
  w.key("sections").begin_array();
  for (const event::Section& s : e.sections) {
    const event::StandingsTable t = event::standings_table(e, s);
    w.begin_object();
    w.key("name").value(s.name);
    w.key("title").value(t.title);
    w.key("columns").begin_array();
    for (const std::string& c : t.columns) w.value(c);
    w.end_array();
    w.key("rows").begin_array();
    for (const auto& row : t.rows) {
      w.begin_array();
      for (const std::string& cell : row) w.value(cell);
      w.end_array();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

struct StandingsFile::Shared {
  std::string path;
  std::chrono::milliseconds every{0};
  Reader reader;
  std::mutex mutex;  // guards everything below
  std::condition_variable wake;
  bool stop = false;
  bool ended = false;
  bool read_once = false;
  std::string json;  // the last good JSON, or the error JSON while there is none
};

std::string StandingsFile::read_if_changed(const std::string& path, Seen& last) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    last = Seen{};
    return standings_json({}, path + ": cannot read the event file");
  }
  if (st.st_mtim.tv_sec == last.mtime_sec && st.st_mtim.tv_nsec == last.mtime_nsec && st.st_size == last.size) return "";
  std::vector<std::string> errors;
  std::optional<event::Event> e = event::load_event(path, errors);
  if (!e) {
    last = Seen{};
    return standings_json({}, errors.empty() ? path + ": cannot read the event file" : errors.front());
  }
  last = Seen{st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_size};
  return standings_json(*e);
}

StandingsFile::StandingsFile(std::string path, std::chrono::milliseconds every, std::chrono::milliseconds first_wait,
                             Reader reader)
    : shared_(std::make_shared<Shared>()), first_wait_(first_wait) {
  shared_->path = std::move(path);
  shared_->every = every;
  shared_->reader = std::move(reader);
  std::thread([shared = shared_] {
    Shared& s = *shared;
    Seen seen;
    bool good = false;  // s.json is a good read's
    std::unique_lock lock(s.mutex);
    while (!s.stop) {
      lock.unlock();
      const bool was_good = good;
      std::string json = s.reader(s.path, seen);  // off the lock: it may wait on the file
      const bool failed = seen.size < 0;
      lock.lock();
      if (!json.empty() && (!failed || !was_good)) {
        s.json = std::move(json);  // a good read, or the error while there is no good one
        good = !failed;
      }
      s.read_once = true;
      s.wake.notify_all();
      s.wake.wait_for(lock, s.every, [&] { return s.stop; });
    }
    s.ended = true;
    s.wake.notify_all();
  }).detach();
}

StandingsFile::~StandingsFile() {
  std::unique_lock lock(shared_->mutex);
  shared_->stop = true;
  shared_->wake.notify_all();
  shared_->wake.wait_for(lock, std::chrono::milliseconds(100), [&] { return shared_->ended; });
}

std::string StandingsFile::json() {
  std::unique_lock lock(shared_->mutex);
  if (!shared_->wake.wait_for(lock, first_wait_, [&] { return shared_->read_once; })) {
    return standings_json({}, shared_->path + ": not read yet (its first read is under way)");
  }
  return shared_->json;
}

}  // namespace tabula::hub::web

#include "hub/web/standings_json.h"

#include <sys/stat.h>

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

std::string StandingsFile::json() {
  std::lock_guard lock(mutex_);
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) {
    return json_.empty() ? standings_json({}, path_ + ": cannot read the event file") : json_;
  }
  if (st.st_mtim.tv_sec == mtime_.tv_sec && st.st_mtim.tv_nsec == mtime_.tv_nsec && st.st_size == size_ &&
      !json_.empty()) {
    return json_;
  }
  std::vector<std::string> errors;
  std::optional<event::Event> e = event::load_event(path_, errors);
  if (!e) {
    const std::string why = errors.empty() ? path_ + ": cannot read the event file" : errors.front();
    return json_.empty() ? standings_json({}, why) : json_;
  }
  mtime_ = st.st_mtim;
  size_ = st.st_size;
  json_ = standings_json(*e);
  return json_;
}

}  // namespace tabula::hub::web

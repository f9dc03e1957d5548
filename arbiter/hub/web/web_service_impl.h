// web_service_impl.h — the web service's state and worker (WebService::Impl),
// shared by web_service.cpp (the public routes, the streams, start/stop) and
// web_arbiter_routes.cpp (the arbiter's routes; split in session 30, the file
// at the 800-line limit). Private to the service: included by those two only.
#pragma once

#include <atomic>
#include <condition_variable>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include <httplib.h>  // pkg-config's flags name Debian's build options (OpenSSL)

#include "hub/web/json_writer.h"
#include "hub/web/web_service.h"

namespace tabula::hub::web {

// ---- helpers (web_service.cpp) ----------------------------------------------------

namespace service_parts {

std::int64_t wall_ms();
std::string cookie_value(const httplib::Request& req, const std::string& name);
void text_reply(httplib::Response& res, int status, const std::string& text);
// At most `most` bytes of what a client sent, cut between characters
// (core/utf8_text.h: a cut inside a character left half of it, and the
// text/plain answer was no UTF-8), control characters and bytes that are no
// UTF-8 as '?' (a name echoed in an answer).
std::string printable(const std::string& text, std::size_t most);
void json_reply(httplib::Response& res, std::string json);

}  // namespace service_parts

// ---- Impl -----------------------------------------------------------------------

struct WebService::Impl {
  using Clock = std::chrono::steady_clock;
  WebOptions options;
  HubAccess hub;
  std::unique_ptr<httplib::Server> server;
  int port = 0;

  mutable std::mutex mutex;
  std::condition_variable changed;  // the feed's version moved, or stop
  std::condition_variable stopped;  // stop only (a stream's pause between batches)
  EventFeed feed;
  bool connected = false;
  std::string hub_error;
  bool stop = false;
  bool poked = false;
  std::string status_public;   // status_json(false) and (true) as of the last look
  std::string status_arbiter;
  std::atomic<std::size_t> streams{0};
  std::map<std::string, std::size_t> streams_from;  // client address -> its streams open (under the lock)

  // Arbiter sessions: cookie -> expiry (wall ms); failed logins per address.
  std::map<std::string, std::int64_t> sessions;
  std::map<std::string, std::vector<std::int64_t>> failures;

  // Pushing: round -> text waiting to go, and what went last.
  std::map<int, std::string> push_due;
  std::map<int, std::string> pushed_text;
  std::condition_variable push_wake;
  PushStatus push;

  std::thread listener;
  std::atomic<bool> listener_ended{false};  // its listen returned
  std::thread worker;
  std::thread pusher;

  explicit Impl(WebOptions o, HubAccess h) : options(std::move(o)), hub(std::move(h)), feed(options.feed) {}

  // The worker: looks at the model on every poke and at least every 250 ms
  // (the delay releases changes as time passes).
  void work() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!stop) {
      lock.unlock();
      HubStatus st = hub.status ? hub.status() : HubStatus{};
      std::int64_t now = service_parts::wall_ms();
      lock.lock();
      const std::uint64_t before = feed.version();
      const bool was = connected;
      connected = st.connected;
      hub_error = st.last_error;
      lock.unlock();
      std::vector<std::string> said;
      hub.read([&](const HubModel& m) {
        std::lock_guard<std::mutex> g(mutex);
        feed.observe(m, now);
        said = feed.take_log();
      });
      for (const std::string& line : said) {
        if (options.log) {
          options.log(line);
        } else {
          std::cerr << "tabula-hub-web: " << line << "\n";
        }
      }
      lock.lock();
      const std::uint64_t logged = feed.log(false).last() + feed.log(true).last();
      set_status(false, status_json(false));
      set_status(true, status_json(true));
      if (feed.version() != before || was != connected ||
          feed.log(false).last() + feed.log(true).last() != logged) {
        changed.notify_all();
        if (!options.push_url.empty()) queue_pushes();
      }
      if (hub.wait) {
        // Woken by the hub's own change, so a move reaches the streams at
        // once; at least every 100 ms to see stop and release delayed moves.
        lock.unlock();
        hub.wait(std::chrono::milliseconds(100));
        lock.lock();
      } else {
        changed.wait_for(lock, std::chrono::milliseconds(250), [&] { return stop || poked; });
      }
      poked = false;
    }
  }

  // Under the lock: a view's status, logged for its streams when it changed.
  void set_status(bool arbiter, std::string json) {
    std::string& held = arbiter ? status_arbiter : status_public;
    if (held == json) return;
    held = std::move(json);
    feed.log(arbiter).append("event: status\ndata: " + held + "\n\n");
  }

  // Under the lock: what a new spectator (or one too far behind for the
  // log) is sent: a reset, the status, every board of its view whole.
  std::string whole_state(bool arbiter) const {
    std::string out = "event: reset\ndata: {}\n\n";
    const std::string& status = arbiter ? status_arbiter : status_public;
    if (!status.empty()) out += "event: status\ndata: " + status + "\n\n";
    const auto& view = arbiter ? feed.live_boards() : feed.public_boards();
    std::vector<std::string> names;
    for (const auto& [n, b] : view) names.push_back(n);
    std::sort(names.begin(), names.end(), natural_less);
    for (const std::string& n : names) out += view.at(n).frame;
    return out;
  }

  // Under the lock: about the size of whole_state (a stream further behind
  // than that is sent the whole state instead of its log's frames).
  std::size_t whole_bytes(bool arbiter) const {
    std::size_t n = 64 + (arbiter ? status_arbiter : status_public).size();
    for (const auto& [name, b] : arbiter ? feed.live_boards() : feed.public_boards()) n += b.frame.size();
    return n;
  }

  // Under the lock: every round whose feed text changed is due to be pushed.
  void queue_pushes() {
    for (int round : feed.rounds()) {
      std::string text = feed.round_text(round, options.push_four);
      if (text.empty() || pushed_text[round] == text) continue;
      pushed_text[round] = text;
      push_due[round] = std::move(text);
      push_wake.notify_all();
    }
  }

  // The pusher: POSTs each due round to the broadcast URL, the newest text
  // of a round only; a failure is retried after 1, 2, 4 ... 30 s.
  void push_loop() {
    std::unique_lock<std::mutex> lock(mutex);
    std::chrono::milliseconds backoff{0};
    while (!stop) {
      push_wake.wait_for(lock, backoff.count() ? backoff : std::chrono::milliseconds(60000),
                         [&] { return stop || (!push_due.empty() && backoff.count() == 0); });
      if (stop) break;
      if (push_due.empty()) {
        backoff = std::chrono::milliseconds(0);
        continue;
      }
      auto it = push_due.begin();
      const int round = it->first;
      const std::string body = it->second;
      push_due.erase(it);
      lock.unlock();
      std::string error = post(round, body);
      lock.lock();
      if (error.empty()) {
        ++push.pushed;
        backoff = std::chrono::milliseconds(0);
      } else {
        ++push.failed;
        push.last_error = error;
        if (!push_due.count(round)) push_due[round] = body;  // again, unless newer text came
        backoff = std::min<std::chrono::milliseconds>(std::chrono::milliseconds(30000),
                                                       backoff.count() ? backoff * 2 : std::chrono::milliseconds(1000));
      }
    }
  }

  std::string post(int round, const std::string& body) const {
    std::string url = options.push_url;
    for (std::size_t p; (p = url.find("{round}")) != std::string::npos;) url.replace(p, 7, std::to_string(round));
    static const std::regex kUrl(R"(^(https?)://([^/:]+)(?::(\d{1,5}))?(/.*)?$)");
    std::smatch m;
    if (!std::regex_match(url, m, kUrl)) return "push URL '" + url + "' is not http[s]://HOST[:PORT]/PATH";
    const std::string scheme_host = m[1].str() + "://" + m[2].str() + (m[3].matched ? ":" + m[3].str() : "");
    httplib::Client client(scheme_host);
    client.set_connection_timeout(5, 0);
    client.set_read_timeout(10, 0);
    client.set_write_timeout(10, 0);
    httplib::Headers headers;
    if (!options.push_token.empty()) headers.emplace("Authorization", "Bearer " + options.push_token);
    auto res = client.Post(m[4].matched ? m[4].str() : "/", headers, body, "text/plain");
    if (!res) return "push to " + url + ": " + httplib::to_string(res.error());
    if (res->status < 200 || res->status > 299) {
      return "push to " + url + ": HTTP " + std::to_string(res->status) + " " + service_parts::printable(res->body, 200);
    }
    return {};
  }

  // ---- the arbiter's session ----------------------------------------------------

  bool is_arbiter(const httplib::Request& req) {
    const std::string c = service_parts::cookie_value(req, "tabula_arbiter");
    if (c.empty() || options.arbiter_token.empty()) return false;
    std::lock_guard<std::mutex> g(mutex);
    auto it = sessions.find(c);
    if (it == sessions.end()) return false;
    if (it->second < service_parts::wall_ms()) {
      sessions.erase(it);
      return false;
    }
    return true;
  }

  // Writes need the session and the page's own header (a foreign page's form
  // cannot set it, and a script of another origin is stopped by CORS).
  bool arbiter_write(const httplib::Request& req, httplib::Response& res) {
    if (options.arbiter_token.empty()) {
      service_parts::text_reply(res, 403, "the arbiter's page is off: start the service with --arbiter-token-file");
      return false;
    }
    if (!is_arbiter(req)) {
      service_parts::text_reply(res, 401, "not signed in as the arbiter (or the session expired)");
      return false;
    }
    if (req.get_header_value("X-Tabula-Arbiter") != "1") {
      service_parts::text_reply(res, 403, "missing the X-Tabula-Arbiter header (requests come from the arbiter's page only)");
      return false;
    }
    return true;
  }

  // ---- JSON ------------------------------------------------------------------------

  std::string status_json(bool arbiter) const {
    JsonWriter w;
    w.begin_object();
    w.key("event").value(event_name());
    w.key("connected").value(connected);
    w.key("hub_error").value(hub_error);
    w.key("delay_s").value(static_cast<std::int64_t>(arbiter ? 0 : feed.settings().delay_ms / 1000));
    w.key("arbiter").value(arbiter);
    // Session 29: the record's path and its words are the arbiter's to read.
    if (arbiter && options.record_status) w.key("record").value(options.record_status());
    // Session 30: the changes the public delay's bounds merged away ("" none).
    if (arbiter) w.key("delay_merged").value(feed.delay_note());
    w.key("rounds").begin_array();
    for (int r : feed.rounds()) w.value(r);
    w.end_array();
    w.end_object();
    return w.take();
  }

  const std::string& event_name() const { return feed.event(); }

  std::string boards_json(bool arbiter) const {
    const auto& view = arbiter ? feed.live_boards() : feed.public_boards();
    std::vector<std::string> names;
    for (const auto& [n, s] : view) names.push_back(n);
    std::sort(names.begin(), names.end(), natural_less);
    JsonWriter w;
    w.begin_array();
    for (const std::string& n : names) w.raw(view.at(n).json);
    w.end_array();
    return w.take();
  }
};

// The arbiter's routes (web_arbiter_routes.cpp).
void add_arbiter_routes(WebService::Impl& s, httplib::Server& svr);

}  // namespace tabula::hub::web

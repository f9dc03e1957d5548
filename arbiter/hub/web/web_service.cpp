// web_service.cpp — section index: limits and helpers, Impl (state, worker,
// pusher), routes (public, streams, feeds, arbiter), start/stop.
#include "hub/web/web_service.h"

#include <sys/random.h>
#include <sys/socket.h>

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include <httplib.h>  // pkg-config's flags name Debian's build options (OpenSSL)

#include "core/utf8_text.h"
#include "hub/web/guarded_server.h"
#include "hub/web/json_writer.h"

namespace tabula::hub::web {

// ---- limits and helpers -----------------------------------------------------

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxSessions = 16;               // arbiter logins held at once
constexpr std::int64_t kSessionLifeMs = 12 * 3600 * 1000;
constexpr int kLoginFailuresPerMinute = 5;              // per client address
constexpr std::size_t kMaxFailingAddresses = 1024;     // addresses with a wrong token in the last minute
constexpr std::chrono::seconds kStreamKeepalive{15};

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(raw.data() + got, bytes - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : raw) {
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

bool same_secret(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

std::string cookie_value(const httplib::Request& req, const std::string& name) {
  const std::string all = req.get_header_value("Cookie");
  std::size_t pos = 0;
  while (pos < all.size()) {
    std::size_t end = all.find(';', pos);
    if (end == std::string::npos) end = all.size();
    std::string part = all.substr(pos, end - pos);
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    if (part.compare(0, name.size() + 1, name + "=") == 0) return part.substr(name.size() + 1);
    pos = end + 1;
  }
  return {};
}

void text_reply(httplib::Response& res, int status, const std::string& text) {
  res.status = status;
  res.set_content(text + "\n", "text/plain; charset=utf-8");
}

// At most `most` bytes of what a client sent, cut between characters
// (core/utf8_text.h: a cut inside a character left half of it, and the
// text/plain answer was no UTF-8), control characters and bytes that are no
// UTF-8 as '?' (a name echoed in an answer).
std::string printable(const std::string& text, std::size_t most) {
  const std::string_view cut = core::utf8_prefix(text, most);
  std::string out;
  for (std::size_t i = 0; i < cut.size();) {
    const std::size_t n = core::utf8_length(cut, i);
    if (n > 1) {
      out.append(cut.substr(i, n));
      i += n;
      continue;
    }
    const unsigned char c = static_cast<unsigned char>(cut[i++]);
    out += c < 0x20 || c >= 0x7f ? '?' : static_cast<char>(c);
  }
  return out;
}

void json_reply(httplib::Response& res, std::string json) {
  res.set_header("Cache-Control", "no-store");
  res.set_content(std::move(json), "application/json");
}

}  // namespace

// ---- Impl -----------------------------------------------------------------------

struct WebService::Impl {
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
      std::int64_t now = wall_ms();
      lock.lock();
      const std::uint64_t before = feed.version();
      const bool was = connected;
      connected = st.connected;
      hub_error = st.last_error;
      lock.unlock();
      hub.read([&](const HubModel& m) {
        std::lock_guard<std::mutex> g(mutex);
        feed.observe(m, now);
      });
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
      return "push to " + url + ": HTTP " + std::to_string(res->status) + " " + printable(res->body, 200);
    }
    return {};
  }

  // ---- the arbiter's session ----------------------------------------------------

  bool is_arbiter(const httplib::Request& req) {
    const std::string c = cookie_value(req, "tabula_arbiter");
    if (c.empty() || options.arbiter_token.empty()) return false;
    std::lock_guard<std::mutex> g(mutex);
    auto it = sessions.find(c);
    if (it == sessions.end()) return false;
    if (it->second < wall_ms()) {
      sessions.erase(it);
      return false;
    }
    return true;
  }

  // Writes need the session and the page's own header (a foreign page's form
  // cannot set it, and a script of another origin is stopped by CORS).
  bool arbiter_write(const httplib::Request& req, httplib::Response& res) {
    if (options.arbiter_token.empty()) {
      text_reply(res, 403, "the arbiter's page is off: start the service with --arbiter-token-file");
      return false;
    }
    if (!is_arbiter(req)) {
      text_reply(res, 401, "not signed in as the arbiter (or the session expired)");
      return false;
    }
    if (req.get_header_value("X-Tabula-Arbiter") != "1") {
      text_reply(res, 403, "missing the X-Tabula-Arbiter header (requests come from the arbiter's page only)");
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

// ---- routes -------------------------------------------------------------------------

namespace {

void add_public_routes(WebService::Impl& s, httplib::Server& svr) {
  svr.Get("/api/boards", [&s](const httplib::Request& req, httplib::Response& res) {
    const bool arbiter = req.has_param("arbiter") && s.is_arbiter(req);
    std::lock_guard<std::mutex> g(s.mutex);
    json_reply(res, s.boards_json(arbiter));
  });
  svr.Get("/api/standings", [&s](const httplib::Request&, httplib::Response& res) {
    // Read outside the service's lock: the file is the arbiter's, not the hub's.
    json_reply(res, s.options.standings ? s.options.standings() : std::string(R"({"event":"","error":"","sections":[]})"));
  });
  svr.Get("/api/status", [&s](const httplib::Request& req, httplib::Response& res) {
    const bool arbiter = s.is_arbiter(req);
    std::lock_guard<std::mutex> g(s.mutex);
    json_reply(res, s.status_json(arbiter));
  });
  // A round with no game of its kind is a 404 naming the round (an empty 200
  // read as "the round has no games yet" to a broadcast that polls it).
  svr.Get(R"(/round-([^/]*)\.(pgn4?))", [&s](const httplib::Request& req, httplib::Response& res) {
    const std::string asked = req.matches[1].str();
    const bool four = req.matches[2].str() == "pgn4";
    const std::string file = "round-" + printable(asked, 40) + "." + req.matches[2].str();
    if (asked.empty() || asked.size() > 4 || asked.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(asked) < 1) {
      text_reply(res, 404, "no such round: " + file + " (rounds are numbered from 1: /round-1.pgn, /round-2.pgn4 ...)");
      return;
    }
    const int round = std::stoi(asked);
    std::lock_guard<std::mutex> g(s.mutex);
    res.set_header("Cache-Control", "no-store");
    std::string text = s.feed.round_text(round, four);
    if (text.empty()) {
      const std::set<int> rounds = s.feed.rounds();
      std::string known;
      for (int r : rounds) known += (known.empty() ? "" : ", ") + std::to_string(r);
      text_reply(res, 404,
                 "no games for " + file + ": " +
                     (rounds.count(round) ? "round " + std::to_string(round) + " has no " +
                                                (four ? "board of more than two seats (its games are in /round-" +
                                                            asked + ".pgn)"
                                                      : "board of two seats (its games are in /round-" + asked +
                                                            ".pgn4)")
                                          : "round " + std::to_string(round) + " has no board yet (not paired, or not " +
                                                "started)") +
                     "; rounds with boards: " + (known.empty() ? "none yet" : known));
      return;
    }
    res.set_content(std::move(text), four ? "text/plain; charset=utf-8" : "application/x-chess-pgn");
  });
}

// Server-sent events. A new stream is sent the whole state of its view
// (whole_state); then, at most every stream_pace_ms, every frame its view's
// log holds after the last one it wrote (stream_log.h: board patches, whole
// boards, boards gone, status; each encoded once for all streams), so it
// sees every change in order. A stream too far behind for the log is sent
// the whole state again.
void add_stream_route(WebService::Impl& s, httplib::Server& svr) {
  svr.Get("/events", [&s](const httplib::Request& req, httplib::Response& res) {
    // Session 19: one address holds at most max_streams_per_address streams
    // (16 addresses x 64 connections had held all 1,000: new spectators 503).
    const std::string from = req.remote_addr;
    {
      std::lock_guard<std::mutex> g(s.mutex);
      std::size_t& mine = s.streams_from[from];
      if (s.options.max_streams_per_address > 0 && mine >= s.options.max_streams_per_address) {
        text_reply(res, 429, "too many event streams from your address (at most " +
                                 std::to_string(s.options.max_streams_per_address) +
                                 " at once): close a page showing the event, or reload /api/boards");
        return;
      }
      ++mine;
    }
    auto release = [&s, from] {
      std::lock_guard<std::mutex> g(s.mutex);
      if (auto it = s.streams_from.find(from); it != s.streams_from.end() && --it->second == 0) s.streams_from.erase(it);
    };
    if (s.streams.fetch_add(1) >= s.options.max_streams) {
      s.streams.fetch_sub(1);
      release();
      text_reply(res, 503, "too many open event streams (" + std::to_string(s.options.max_streams) +
                               "): try again later, or reload /api/boards");
      return;
    }
    const bool arbiter = req.has_param("arbiter") && s.is_arbiter(req);
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Accel-Buffering", "no");
    struct Seen {
      std::uint64_t frame = 0;  // the last of the log's frames written
      bool first = true;
      Clock::time_point sent{};
    };
    auto seen = std::make_shared<Seen>();
    res.set_chunked_content_provider(
        "text/event-stream",
        [&s, arbiter, seen](std::size_t, httplib::DataSink& sink) {
          std::string out;
          {
            std::unique_lock<std::mutex> lock(s.mutex);
            // The pause between batches: the frames logged in it go in the
            // next one. Woken by stop only, so a thousand pausing streams
            // cost nothing at each change.
            if (!seen->first && s.options.stream_pace_ms > 0) {
              s.stopped.wait_until(lock, seen->sent + std::chrono::milliseconds(s.options.stream_pace_ms),
                                   [&] { return s.stop; });
            }
            const StreamLog& log = s.feed.log(arbiter);
            if (!seen->first) {
              s.changed.wait_for(lock, kStreamKeepalive, [&] { return s.stop || log.last() != seen->frame; });
            }
            if (s.stop) return false;
            if (seen->first || !log.since(seen->frame, out, s.whole_bytes(arbiter))) out = s.whole_state(arbiter);
            seen->first = false;
            seen->frame = log.last();
          }
          if (out.empty()) out = ": keepalive\n\n";
          seen->sent = Clock::now();
          return sink.write(out.data(), out.size());
        },
        [&s, release](bool) {
          s.streams.fetch_sub(1);
          release();
        });
  });
}

void add_arbiter_routes(WebService::Impl& s, httplib::Server& svr) {
  svr.Post("/api/arbiter/login", [&s](const httplib::Request& req, httplib::Response& res) {
    if (s.options.arbiter_token.empty()) {
      text_reply(res, 403, "the arbiter's page is off: start the service with --arbiter-token-file");
      return;
    }
    const std::int64_t now = wall_ms();
    std::lock_guard<std::mutex> g(s.mutex);
    // Session 16, the attacker's round: the table of addresses was cleared
    // whole past 1024 of them, so wrong tokens from 1025 addresses (a /64 of
    // IPv6, or 127.0.0.0/8 here) wiped every address's count, its own
    // included: unlimited guesses. And the clear freed the entry `fails`
    // still referred to (a use after free). Now only addresses without a
    // wrong token in the last minute are forgotten; while 1024 addresses
    // have one, a new address waits too (the arbiter already signed in keeps
    // the session; bounded memory: 1024 x 5 times).
    for (auto it = s.failures.begin(); it != s.failures.end();) {
      auto& times = it->second;
      times.erase(std::remove_if(times.begin(), times.end(), [&](std::int64_t t) { return t < now - 60000; }),
                  times.end());
      it = times.empty() ? s.failures.erase(it) : std::next(it);
    }
    const auto mine = s.failures.find(req.remote_addr);
    if (mine != s.failures.end() && mine->second.size() >= kLoginFailuresPerMinute) {
      text_reply(res, 429, "too many wrong tokens from this address: wait a minute");
      return;
    }
    if (mine == s.failures.end() && s.failures.size() >= kMaxFailingAddresses) {
      text_reply(res, 429, "wrong tokens from " + std::to_string(kMaxFailingAddresses) +
                               " addresses within a minute: every new address waits a minute");
      return;
    }
    if (in_query(req, "token")) {  // a secret in an address is kept in logs and history
      text_reply(res, 400, "the arbiter token goes in the form's body, not in the address: sign in on the page");
      return;
    }
    if (!req.has_param("token") || !same_secret(req.get_param_value("token"), s.options.arbiter_token)) {
      s.failures[req.remote_addr].push_back(now);
      text_reply(res, 401, "wrong arbiter token");
      return;
    }
    for (auto it = s.sessions.begin(); it != s.sessions.end();) it = it->second < now ? s.sessions.erase(it) : std::next(it);
    while (s.sessions.size() >= kMaxSessions) {
      auto oldest = std::min_element(s.sessions.begin(), s.sessions.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
      s.sessions.erase(oldest);
    }
    const std::string id = random_hex(16);
    s.sessions[id] = now + kSessionLifeMs;
    // Session 29: over HTTPS the cookie is Secure. Without it the browser
    // sent the arbiter's session in clear text to any plain-HTTP address of
    // the same host name (cookies know no port nor scheme): the arbiter
    // typing the address without https://, or a hall's network answering
    // one, gave the session to whoever listened on the Wi-Fi.
    res.set_header("Set-Cookie", "tabula_arbiter=" + id + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200" +
                                     (s.options.tls_cert.empty() ? "" : "; Secure"));
    text_reply(res, 200, "signed in");
  });
  svr.Post("/api/arbiter/logout", [&s](const httplib::Request& req, httplib::Response& res) {
    std::lock_guard<std::mutex> g(s.mutex);
    s.sessions.erase(cookie_value(req, "tabula_arbiter"));
    res.set_header("Set-Cookie", std::string("tabula_arbiter=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0") +
                                     (s.options.tls_cert.empty() ? "" : "; Secure"));
    text_reply(res, 200, "signed out");
  });
  svr.Get("/api/arbiter/alerts", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.is_arbiter(req)) {
      text_reply(res, 401, "not signed in as the arbiter");
      return;
    }
    JsonWriter w;
    w.begin_array();
    s.hub.read([&](const HubModel& m) {
      for (const Alert& a : m.alerts()) {
        w.begin_object().key("id").value(static_cast<std::int64_t>(a.id)).key("kind").value(to_string(a.kind));
        w.key("board").value(a.board).key("text").value(a.text).key("wall_ms").value(a.wall_ms);
        w.key("acknowledged").value(a.acknowledged).key("acknowledged_by").value(a.acknowledged_by);
        // Session 22: "all-clear" (drawn calm) or "alarm"; closed by itself, how.
        w.key("tone").value(to_string(tone(a.kind))).key("cleared").value(a.cleared);
        // Session 29: raised before the hub (re)started, kept in the tournament record.
        w.key("from_record").value(a.from_record).end_object();
      }
    });
    w.end_array();
    json_reply(res, w.take());
  });
  svr.Post("/api/arbiter/ack", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.arbiter_write(req, res)) return;
    // The alert's number, digits only ("5abc", "-5", " 5" were read as
    // numbers by stoll), and one the hub has.
    const std::string asked = req.get_param_value("id");
    if (asked.empty() || asked.size() > 18 || asked.find_first_not_of("0123456789") != std::string::npos) {
      text_reply(res, 400, "ack needs id=N (an alert's number), not '" + printable(asked, 20) + "'");
      return;
    }
    const std::uint64_t id = std::stoull(asked);
    bool known = false;
    s.hub.read([&](const HubModel& m) {
      for (const Alert& a : m.alerts()) known = known || a.id == id;
    });
    if (!known) {
      text_reply(res, 404, "no alert " + asked);
      return;
    }
    s.hub.acknowledge(id);
    text_reply(res, 200, "acknowledged");
  });
  svr.Post("/api/arbiter/action", [&s](const httplib::Request& req, httplib::Response& res) {
    if (!s.arbiter_write(req, res)) return;
    const std::string board = req.get_param_value("board");
    const std::string kind = req.get_param_value("kind");
    wire::Action a;
    a.set_board(board);
    a.set_count(1);
    a.set_winner(-1);
    if (kind == "pause") {
      a.set_kind(wire::ACTION_KIND_PAUSE);
    } else if (kind == "resume") {
      a.set_kind(wire::ACTION_KIND_RESUME);
    } else if (kind == "takeback") {
      a.set_kind(wire::ACTION_KIND_TAKEBACK);
      const std::string n = req.get_param_value("count");
      if (!n.empty()) {
        if (n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos || std::stoi(n) < 1) {
          text_reply(res, 400, "takeback count must be 1 to 99, not '" + printable(n, 20) + "'");
          return;
        }
        a.set_count(std::stoi(n));
      }
    } else if (kind == "draw" || kind == "win") {
      a.set_kind(wire::ACTION_KIND_ADJUDICATE);
      a.set_draw(kind == "draw");
      if (kind == "win") {
        const std::string seat = req.get_param_value("seat");
        if (seat.size() != 1 || seat[0] < '0' || seat[0] > '3') {
          text_reply(res, 400, "win needs seat=0..3 (the winner's seat index)");
          return;
        }
        a.set_winner(seat[0] - '0');
      }
    } else {
      text_reply(res, 400, "kind must be pause, resume, takeback, draw or win, not '" + printable(kind, 20) + "'");
      return;
    }
    std::string error;
    if (!s.hub.send(a, error)) {
      text_reply(res, 409, "not sent: " + error);
      return;
    }
    text_reply(res, 200, "sent " + describe(a) + " to " + board);
  });
}

}  // namespace

// ---- start / stop -----------------------------------------------------------------------

HubAccess access_of(HubClient& client) {
  HubClient* c = &client;
  HubAccess a;
  a.read = [c](const std::function<void(const HubModel&)>& f) { c->read(f); };
  a.send = [c](wire::Action act, std::string& e) { return c->send(std::move(act), e); };
  a.acknowledge = [c](std::uint64_t alert) { c->acknowledge(alert); };
  a.status = [c] { return c->status(); };
  // A change is any new item, state or presence: their sum moves.
  auto signature = [](const HubModel& m) {
    std::uint64_t sig = m.alerts().size();
    for (const auto& [name, b] : m.boards()) {
      (void)name;
      sig += b.items + b.duplicates + (b.state ? static_cast<std::uint64_t>(b.state->wall_ms()) : 0) +
             (b.online ? (*b.online ? 3 : 5) : 0);
    }
    return sig;
  };
  a.wait = [c, signature](std::chrono::milliseconds most) {
    std::uint64_t before = 0;
    c->read([&](const HubModel& m) { before = signature(m); });
    c->wait_until([&](const HubModel& m) { return signature(m) != before; }, most);
  };
  return a;
}

WebService::WebService(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

std::unique_ptr<WebService> WebService::start(WebOptions options, HubAccess hub, std::string& error) {
  if (options.www_dir.empty()) {
    error = "no folder of page files (--www DIR)";
    return nullptr;
  }
  auto impl = std::make_unique<Impl>(std::move(options), std::move(hub));
  Impl& s = *impl;
  if (!s.options.tls_cert.empty() || !s.options.tls_key.empty()) {
    if (s.options.tls_cert.empty() || s.options.tls_key.empty()) {
      error = "TLS needs both --tls-cert and --tls-key";
      return nullptr;
    }
    s.server = std::make_unique<httplib::SSLServer>(s.options.tls_cert.c_str(), s.options.tls_key.c_str());
    if (!static_cast<httplib::SSLServer&>(*s.server).is_valid()) {
      error = "TLS: cannot use the certificate " + s.options.tls_cert + " with the key " + s.options.tls_key;
      return nullptr;
    }
  } else {
    s.server = std::make_unique<GuardedServer>(s.options.max_per_address,
                                               std::chrono::milliseconds(s.options.request_deadline_ms));
  }
  httplib::Server& svr = *s.server;
  const std::size_t threads = s.options.max_streams + 16;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  svr.set_payload_max_length(s.options.max_body);
  svr.set_read_timeout(5, 0);
  svr.set_write_timeout(5, 0);
  svr.set_keep_alive_timeout(5);
  // Accepted connections inherit the listener's send buffer (Linux): a
  // bounded one makes a slow reader's writer block early, so its stream
  // skips to the newest boards rather than queue seconds of old ones.
  auto listener_fd = std::make_shared<std::atomic<int>>(-1);
  svr.set_socket_options([buffer = s.options.send_buffer, listener_fd](socket_t sock) {
    httplib::default_socket_options(sock);
    if (buffer > 0) setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof(buffer));
    listener_fd->store(sock);
  });
  svr.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                           {"X-Frame-Options", "DENY"},
                           {"Referrer-Policy", "no-referrer"},
                           {"Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'"}});
  if (!svr.set_mount_point("/", s.options.www_dir)) {
    error = "cannot serve the page's folder " + s.options.www_dir + " (is it a directory?)";
    return nullptr;
  }
  guard_requests(svr, s.options.max_body, s.options.host_names, dynamic_cast<GuardedServer*>(&svr) != nullptr);
  if (auto* guarded = dynamic_cast<GuardedServer*>(&svr)) guarded->set_crowding(threads, std::chrono::milliseconds(1000));
  add_public_routes(s, svr);
  add_stream_route(s, svr);
  add_arbiter_routes(s, svr);
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string path = printable(req.path, 120);
    // Spectators only read: a method other than GET or HEAD outside the
    // arbiter's POSTs is named as such, not as a page that does not exist.
    if (res.status == 404 && req.method != "GET" && req.method != "HEAD" && path.rfind("/api/arbiter/", 0) != 0) {
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      res.set_content("405 " + req.method + " is not taken at " + path +
                          ": the page and its feeds are read with GET (the arbiter's writes are POSTs under "
                          "/api/arbiter/)\n",
                      "text/plain; charset=utf-8");
      return;
    }
    const std::string why = res.status == 404   ? "no such page: " + path
                            : res.status == 413 ? "the request is larger than the service takes"
                            : res.status == 414 ? "the address is longer than the service takes"
                            : res.status == 431 ? "a header line is longer than the service reads"
                            : res.status == 400 ? "a request the service cannot read"
                                                : "refused";
    res.set_content(std::to_string(res.status) + " " + why + "\n", "text/plain; charset=utf-8");
  });
  s.port = s.options.port == 0 ? svr.bind_to_any_port(s.options.bind.c_str())
                               : (svr.bind_to_port(s.options.bind.c_str(), s.options.port) ? s.options.port : -1);
  if (s.port <= 0) {
    error = "cannot listen on " + s.options.bind + ":" + std::to_string(s.options.port) + " (in use, or not an address here)";
    return nullptr;
  }
  // cpp-httplib listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, fixed
  // in Debian's compiled library): a hall's spectators arriving together (a
  // Wi-Fi blip reconnects every EventSource at once) overflowed it and their
  // requests waited seconds on TCP's retransmissions, 20 of 1000 never served
  // in 20 s (scripts/web_bench.sh 50 1000 20, session 12). Linux takes a new
  // backlog from listen() on a socket already listening: the listener is the
  // last socket the options were set on before the bind returned.
  {
    const int fd = listener_fd->load();
    int listening = 0;
    socklen_t len = sizeof(listening);
    if (fd >= 0 && getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening) {
      ::listen(fd, static_cast<int>(std::min<std::size_t>(s.options.max_streams + 16, 4096)));
    }
  }
  s.listener = std::thread([&s] {
    s.server->listen_after_bind();
    s.listener_ended = true;
  });
  s.worker = std::thread([&s] { s.work(); });
  if (!s.options.push_url.empty()) s.pusher = std::thread([&s] { s.push_loop(); });
  return std::unique_ptr<WebService>(new WebService(std::move(impl)));
}

WebService::~WebService() {
  {
    std::lock_guard<std::mutex> g(impl_->mutex);
    impl_->stop = true;
  }
  impl_->changed.notify_all();
  impl_->stopped.notify_all();
  impl_->push_wake.notify_all();
  // cpp-httplib drops a stop() that comes before its listen has begun (the
  // listen then runs for ever): stop once it runs, or once it has ended on
  // its own (s22: a service stopped as soon as it was started hung here).
  while (!impl_->server->is_running() && !impl_->listener_ended) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  impl_->server->stop();
  if (impl_->listener.joinable()) impl_->listener.join();
  if (impl_->worker.joinable()) impl_->worker.join();
  if (impl_->pusher.joinable()) impl_->pusher.join();
}

int WebService::port() const { return impl_->port; }
std::size_t WebService::open_streams() const { return impl_->streams.load(); }

PushStatus WebService::push_status() const {
  std::lock_guard<std::mutex> g(impl_->mutex);
  return impl_->push;
}

void WebService::poke() {
  std::lock_guard<std::mutex> g(impl_->mutex);
  impl_->poked = true;
  impl_->changed.notify_all();
}

}  // namespace tabula::hub::web

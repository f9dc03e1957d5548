// web_service.cpp — section index: helpers, routes (public, streams, feeds),
// start/stop. Session 30: Impl (state, worker, pusher) is in
// web_service_impl.h and the arbiter's routes in web_arbiter_routes.cpp.
#include "hub/web/web_service_impl.h"

#include <sys/socket.h>

#include "core/utf8_text.h"
#include "hub/web/guarded_server.h"

namespace tabula::hub::web {

// ---- limits and helpers -----------------------------------------------------

namespace service_parts {

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
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

}  // namespace service_parts

namespace {

using Clock = std::chrono::steady_clock;
using service_parts::json_reply;
using service_parts::printable;
using service_parts::text_reply;

constexpr std::chrono::seconds kStreamKeepalive{15};

}  // namespace

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
  // Session 31: HTTPS through the same guarded loop as HTTP (it was the
  // library's SSLServer, whose own loop held none of the guards).
  auto guarded = std::make_unique<GuardedServer>(s.options.max_per_address,
                                                 std::chrono::milliseconds(s.options.request_deadline_ms));
  if (!s.options.tls_cert.empty() || !s.options.tls_key.empty()) {
    if (s.options.tls_cert.empty() || s.options.tls_key.empty()) {
      error = "TLS needs both --tls-cert and --tls-key";
      return nullptr;
    }
    if (const std::string why = guarded->use_tls(s.options.tls_cert, s.options.tls_key); !why.empty()) {
      error = "TLS: cannot use the certificate " + s.options.tls_cert + " with the key " + s.options.tls_key + ": " + why;
      return nullptr;
    }
  }
  guarded->set_crowding(s.options.max_streams + 16, std::chrono::milliseconds(1000));
  GuardedServer& svr = *guarded;
  s.server = std::move(guarded);
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
  guard_requests(svr, s.options.max_body, s.options.host_names);
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

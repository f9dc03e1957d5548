// web_service.h — the event in a browser (issue 34): an HTTP service beside
// the hub, on cpp-httplib (Debian's libcpp-httplib-dev, header only).
//
// What it serves (bind address and port are options; TLS when given a
// certificate and key):
//   /                    the spectator page (www/index.html, app.js, style.css)
//   /arbiter.html        the arbiter's page (the same script, arbiter mode)
//   /api/boards          every board as JSON (board_json.h), public (delayed)
//   /api/status          the event, the hub's connection, the delay, the rounds
//                        (the arbiter's: "record", why --record is not read yet, session 29;
//                        "delay_merged", what the public delay's bounds merged away, session 30)
//   /api/standings       the event's standings (issue 35; WebOptions::standings,
//                        standings_json.h), {"sections": []} without an event file
//   /events              server-sent events: on opening "reset", "status" and
//                        every board whole ("board"); then each change in
//                        order: "patch" (what changed of a board,
//                        board_patch.h), "board" (a new one), "gone",
//                        "status"; a comment every 15 s
//   /round-N.pgn         round N's two-seat games, the whole round (broadcast polls)
//   /round-N.pgn4        round N's four-seat games
//   /api/arbiter/...     login (the arbiter's token -> a session cookie),
//                        logout, alerts, ack, action (pause, resume, takeback,
//                        draw, win): sent to the board signed with the
//                        arbiter's key, as the hub screen sends them
//
// Safe to open to a hall's Wi-Fi: spectators only read (every write is
// under /api/arbiter and needs the session cookie, which only the token
// buys, and a custom header that a foreign page cannot send); nothing outside
// the page's folder is served; requests over the size limits are refused
// with a status and a line saying which limit; at most `max_streams` event
// streams at once (then 503), at most `max_streams_per_address` from one
// client address (then 429); at most `max_per_address` connections per
// client address (then 429; over HTTPS closed before the handshake) and
// `request_deadline_ms` to send a request, and over HTTPS as long for the
// TLS handshake (slow senders cannot hold the threads: guarded_server.h;
// over HTTPS too since session 31).
//
// Many spectators (issue 34's bench: 1000 streams fell seconds behind):
// every change is encoded once, as a frame in its view's log
// (stream_log.h), and a board's change is only what changed of it (a move:
// a few fields and two or three pieces, ~0.2-0.5 KB instead of a 1-2.5 KB
// board); a stream is sent at most one batch every `stream_pace_ms`: the
// log's frames after the last it wrote, copied as they are. Each
// connection's kernel send buffer is `send_buffer` bytes, not the kernel's
// autotuned megabytes: a reader slower than the changes blocks its own
// writer; once the frames it has not had are more bytes than the whole
// state, it is sent the whole current state (the newest) instead of stale
// changes; a stalled one is cut by the write timeout. Docs: docs/HUB.md,
// docs/BENCH.md.
//
// Threads: start() spawns the HTTP server's threads (a pool, one per open
// stream plus a few: cpp-httplib serves each connection on one thread from
// its first byte to its close, and a stream's content provider writes from
// that thread; it has no event loop or hand-over of a connection, so the
// streams keep a thread each, which only sleeps and copies the log's
// bytes), one worker that watches the hub's model and builds the feed, and
// one that pushes round feeds when --push is set. All state the handlers
// read is guarded by one lock; the model is read through the hub's own
// read(). Destruction stops and joins them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hub/hub_client.h"
#include "hub/web/event_feed.h"

namespace tabula::hub::web {

struct WebOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;             // 0: any free port (tests)
  std::string www_dir;         // the page's files
  FeedSettings feed;
  std::string arbiter_token;   // "" : the arbiter's page is refused
  std::size_t max_streams = 1000;
  // Session 19: event streams open at once per client address (0: no
  // limit); one address could hold every one of the max_streams.
  std::size_t max_streams_per_address = 16;
  // Session 19 (DNS rebinding): the names the service answers to
  // (guard_requests); empty: writes only, against the machine's own names.
  std::vector<std::string> host_names;
  int stream_pace_ms = 250;          // a stream's batches at least this far apart (0: at every change)
  int send_buffer = 32 * 1024;       // SO_SNDBUF of every connection (0: the kernel's own)
  std::size_t max_body = 16 * 1024;  // bytes of a request body
  // HTTP and HTTPS (guarded_server.h): connections open at once per client
  // address (0: no limit), and the time a request's head and body may take
  // (over HTTPS, a connection's TLS handshake as long).
  std::size_t max_per_address = 64;
  int request_deadline_ms = 10000;
  std::string tls_cert;        // both set: HTTPS
  std::string tls_key;
  std::string push_url;        // "" none; "{round}" is replaced by the round number
  std::string push_token;      // sent as "Authorization: Bearer TOKEN"
  bool push_four = false;      // push the PGN4 feed instead of the PGN one
  std::function<std::string()> standings;  // the standings' JSON (StandingsFile::json); empty: none
  // Session 29: "" when the tournament record (--record) was read, else why
  // not (KeptRecord::status); the arbiter's /api/status says it. Empty: no record.
  std::function<std::string()> record_status;
  // Session 30: the service's log lines (the public delay's merges); empty:
  // stderr, "tabula-hub-web: " before each.
  std::function<void(const std::string&)> log;
};

// What the service needs of the hub (HubClient in the program; a fake in tests).
struct HubAccess {
  std::function<void(const std::function<void(const HubModel&)>&)> read;
  std::function<bool(wire::Action, std::string&)> send;  // signs and sends
  std::function<void(std::uint64_t)> acknowledge;
  std::function<HubStatus()> status;
  // Returns when the model may have changed, or after `most` (optional: the
  // service then looks every 250 ms).
  std::function<void(std::chrono::milliseconds most)> wait;
};

// HubAccess over a running HubClient (the program's and the tests').
HubAccess access_of(HubClient& client);

struct PushStatus {
  std::uint64_t pushed = 0;   // answers 2xx
  std::uint64_t failed = 0;
  std::string last_error;
};

class WebService {
 public:
  static std::unique_ptr<WebService> start(WebOptions options, HubAccess hub, std::string& error);
  ~WebService();
  WebService(const WebService&) = delete;
  WebService& operator=(const WebService&) = delete;

  int port() const;
  std::size_t open_streams() const;
  PushStatus push_status() const;
  // Wakes the worker now (the program calls it when the hub changed).
  void poke();

  struct Impl;

 private:
  explicit WebService(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tabula::hub::web

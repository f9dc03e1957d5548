// web_load.cpp — spectators for tabula-hub-web's benchmark (scripts/web_bench.sh,
// issue 34), in C++: one thread on epoll, so that the client is not what is
// measured (session 11: scripts/web_load.py, one Python process reading 1000
// streams, was a large part of the seconds of lag it reported).
//
//   web_load PORT STREAMS SECONDS [RCVBUF] [TIMED=20]
//
// Opens STREAMS server-sent-event streams to 127.0.0.1:PORT/events (50 new
// ones every 50 ms, as web_load.py), reads them for SECONDS and prints the
// same line as web_load.py:
//   streams=N refused=N retried_connects=N connecting=N unanswered=N drained_mib=N events=N moves=N p50_ms= p95_ms= p99_ms= max_ms=
// A move's latency is when this client received the board event (a whole
// board or a patch, board_patch.h) that first shows a new move of a game,
// minus the board's own wall clock when it published that state
// (BoardState.wall_ms; same machine, same clock). The first TIMED streams
// parse every frame; the others count their bytes unparsed. Every stream is
// parsed the same way for its HTTP status line. Loopback only; ends by itself.
//
// Built by scripts/web_bench.sh (g++ -O2, into the build folder); the project
// does not link it.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

std::int64_t wall_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The text of a top-level field of one JSON object ("" when absent): strings,
// arrays and objects nested in it are skipped by their quotes and brackets.
std::string_view top_field(std::string_view json, std::string_view name) {
  int depth = 0;
  bool in_string = false;
  std::size_t string_start = 0;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
        // A key at depth 1: "name" followed by ':'.
        if (depth == 1 && i + 1 < json.size() && json[i + 1] == ':' &&
            json.substr(string_start + 1, i - string_start - 1) == name) {
          std::size_t v = i + 2, end = v;
          int d = 0;
          bool s = false;
          for (; end < json.size(); ++end) {
            const char e = json[end];
            if (s) {
              if (e == '\\') ++end;
              else if (e == '"') s = false;
              continue;
            }
            if (e == '"') s = true;
            else if (e == '{' || e == '[') ++d;
            else if (e == '}' || e == ']') {
              if (d == 0) break;
              --d;
            } else if (e == ',' && d == 0) break;
          }
          return json.substr(v, end - v);
        }
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      string_start = i;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return {};
}

struct Stream {
  int fd = -1;
  int index = 0;
  bool timed = false;
  bool headed = false;  // the status line and headers read
  bool chunked = false;
  bool asked = false;   // the request written
  int attempt = 0;
  std::string buffer;       // timed streams: bytes not yet parsed
  std::string event;        // the current frame's event name
  std::int64_t chunk_left = -1;  // chunked framing: bytes left of the chunk, -1 between chunks
  std::map<std::string, std::pair<std::string, std::int64_t>> seen;  // board -> (game, moves)
};

struct Counts {
  int open = 0, refused = 0, retries = 0;
  long long events = 0, bytes = 0;
  std::vector<double> lat;
};

// One frame's data line of a timed stream.
void on_data(Stream& s, std::string_view data, Counts& c, std::int64_t now) {
  if (s.event != "board" && s.event != "patch") return;
  ++c.events;
  std::string_view board = top_field(data, "board");
  std::string_view game = top_field(data, "game");
  std::string_view moves = top_field(data, "moves");
  std::string_view wall = top_field(data, "wall_ms");
  auto it = s.seen.find(std::string(board));
  const bool was = it != s.seen.end();
  std::string g = !game.empty() ? std::string(game) : (was ? it->second.first : std::string());
  std::int64_t m = !moves.empty() ? std::atoll(std::string(moves).c_str()) : (was ? it->second.second : 0);
  // The first sighting of a game on a stream is its past, not a move.
  if (was && it->second.first == g && m > it->second.second && !wall.empty()) {
    c.lat.push_back(static_cast<double>(now - std::atoll(std::string(wall).c_str())));
  }
  s.seen[std::string(board)] = {g, m};
}

// Parses what a timed stream holds: chunked framing, then SSE lines.
void parse(Stream& s, Counts& c, std::string& body, std::int64_t now) {
  // The body (chunks already removed) into lines.
  std::size_t pos = 0;
  for (;;) {
    const std::size_t nl = body.find('\n', pos);
    if (nl == std::string::npos) break;
    std::string_view line(body.data() + pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.rfind("event: ", 0) == 0) s.event = std::string(line.substr(7));
    else if (line.rfind("data: ", 0) == 0) on_data(s, line.substr(6), c, now);
    pos = nl + 1;
  }
  body.erase(0, pos);
}

// Removes the chunked framing from `raw` (appended to `body`), keeping a cut size line.
void unchunk(Stream& s, std::string& raw, std::string& body) {
  std::size_t pos = 0;
  while (pos < raw.size()) {
    if (s.chunk_left > 0) {
      const std::size_t take = std::min<std::size_t>(static_cast<std::size_t>(s.chunk_left), raw.size() - pos);
      body.append(raw, pos, take);
      pos += take;
      s.chunk_left -= static_cast<std::int64_t>(take);
      continue;
    }
    const std::size_t nl = raw.find('\n', pos);
    if (nl == std::string::npos) break;
    std::string line = raw.substr(pos, nl - pos);
    pos = nl + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;  // the CRLF after a chunk's data
    s.chunk_left = std::strtoll(line.c_str(), nullptr, 16);
  }
  raw.erase(0, pos);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: web_load PORT STREAMS SECONDS [RCVBUF] [TIMED=20]\n");
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const int streams = std::atoi(argv[2]);
  const double seconds = std::atof(argv[3]);
  const int rcvbuf = argc > 4 ? std::atoi(argv[4]) : 0;
  const int timed = argc > 5 ? std::atoi(argv[5]) : 20;
  const int ep = epoll_create1(0);
  std::vector<Stream> all(static_cast<std::size_t>(streams));
  std::vector<std::string> body(all.size());
  Counts c;
  const auto start = std::chrono::steady_clock::now();
  auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::vector<std::pair<double, int>> due;  // (when, stream) to connect
  for (int i = 0; i < streams; ++i) due.push_back({i / 50 * 0.05, i});
  auto open_one = [&](int i) {
    Stream& s = all[static_cast<std::size_t>(i)];
    s.index = i;
    s.timed = i < timed;
    s.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (rcvbuf > 0) setsockopt(s.fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));
    connect(s.fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));  // EINPROGRESS
    epoll_event e{};
    e.events = EPOLLOUT | EPOLLIN;
    e.data.u32 = static_cast<std::uint32_t>(i);
    epoll_ctl(ep, EPOLL_CTL_ADD, s.fd, &e);
  };
  auto retry = [&](Stream& s) {
    epoll_ctl(ep, EPOLL_CTL_DEL, s.fd, nullptr);
    close(s.fd);
    s.fd = -1;
    if (s.headed) return;  // a stream the service closed is not reopened (as web_load.py)
    ++c.retries;
    if (++s.attempt >= 8) {
      ++c.refused;
      return;
    }
    due.push_back({since() + 0.2 * s.attempt, s.index});  // as a browser's EventSource retries
  };
  std::vector<epoll_event> events(256);
  std::string raw;
  raw.resize(1 << 16);
  while (since() < seconds) {
    std::sort(due.begin(), due.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    while (!due.empty() && due.back().first <= since()) {
      open_one(due.back().second);
      due.pop_back();
    }
    const int n = epoll_wait(ep, events.data(), static_cast<int>(events.size()), 10);
    const std::int64_t now = wall_ms_now();
    for (int k = 0; k < n; ++k) {
      Stream& s = all[events[static_cast<std::size_t>(k)].data.u32];
      if (s.fd < 0) continue;
      if (events[static_cast<std::size_t>(k)].events & EPOLLOUT) {
        int err = 0;
        socklen_t len = sizeof(err);
        getsockopt(s.fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err != 0) {
          retry(s);
          continue;
        }
        static const char req[] = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n";
        if (write(s.fd, req, sizeof(req) - 1) != static_cast<ssize_t>(sizeof(req) - 1)) {
          retry(s);
          continue;
        }
        s.asked = true;
        epoll_event e{};
        e.events = EPOLLIN;
        e.data.u32 = static_cast<std::uint32_t>(s.index);
        epoll_ctl(ep, EPOLL_CTL_MOD, s.fd, &e);
        continue;
      }
      for (;;) {
        const ssize_t got = read(s.fd, raw.data(), raw.size());
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR)) {
          retry(s);
          break;
        }
        if (got < 0) break;
        std::string& b = body[static_cast<std::size_t>(s.index)];
        if (!s.headed || s.timed) {
          s.buffer.append(raw.data(), static_cast<std::size_t>(got));
        } else {
          c.bytes += got;
        }
        if (!s.headed) {
          const std::size_t end = s.buffer.find("\r\n\r\n");
          if (end == std::string::npos) continue;
          if (s.buffer.compare(0, 12, "HTTP/1.1 200") != 0) {
            const bool busy = s.buffer.compare(0, 12, "HTTP/1.1 503") == 0;
            if (busy) s.attempt = 8;
            retry(s);
            break;
          }
          s.chunked = s.buffer.substr(0, end).find("chunked") != std::string::npos;
          s.headed = true;
          ++c.open;
          c.bytes += static_cast<long long>(s.buffer.size() - end - 4);
          s.buffer.erase(0, end + 4);
          if (!s.timed) s.buffer.clear();
        }
        if (s.timed) {
          if (s.chunked) {
            unchunk(s, s.buffer, b);
          } else {
            b += s.buffer;
            s.buffer.clear();
          }
          parse(s, c, b, now);
        }
      }
    }
  }
  int connecting = 0, unanswered = 0;  // at the end: no connection yet; asked, no answer yet
  for (const Stream& s : all) {
    if (s.fd >= 0 && !s.headed) ++(s.asked ? unanswered : connecting);
  }
  std::sort(c.lat.begin(), c.lat.end());
  auto pct = [&](double p) {
    return c.lat.empty() ? -1 : static_cast<long long>(c.lat[std::min(c.lat.size() - 1, static_cast<std::size_t>(c.lat.size() * p))]);
  };
  std::printf("streams=%d refused=%d retried_connects=%d connecting=%d unanswered=%d drained_mib=%.0f events=%lld moves=%zu p50_ms=%lld p95_ms=%lld p99_ms=%lld max_ms=%lld\n",
              c.open, c.refused, c.retries, connecting, unanswered, static_cast<double>(c.bytes) / 1048576.0, c.events, c.lat.size(), pct(0.5),
              pct(0.95), pct(0.99), c.lat.empty() ? -1LL : static_cast<long long>(c.lat.back()));
  return 0;
}

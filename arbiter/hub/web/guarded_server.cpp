#include "hub/web/guarded_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>

namespace tabula::hub::web {

namespace {

using Clock = std::chrono::steady_clock;

std::string address_of(const sockaddr_storage& a, int* port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    if (port) *port = ntohs(v4.sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
    inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    if (port) *port = ntohs(v6.sin6_port);
  }
  return text;
}

// poll() for `events` for at most `ms` (>= 0); true when ready.
bool wait_for(socket_t sock, short events, long long ms) {
  pollfd p{sock, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, static_cast<int>(std::clamp<long long>(ms, 0, 1 << 30)));
    if (n < 0 && errno == EINTR) continue;
    return n > 0 && (p.revents & (events | POLLHUP | POLLERR)) != 0;
  }
}

// A request's head and body together: the service's bodies are at most
// 16 KiB (web_service.cpp), its heads a few; 256 KiB leaves room for any
// browser's cookies and headers.
constexpr std::size_t kMaxRequestBytes = 256 * 1024;

// The limits of a request's head, the library's own, enforced here before
// the library reads past them, so that the answer says which and is the
// same on Debian 12 (cpp-httplib 0.11) and 13 (0.18.7-1+deb13u1):
// - the request line, its CRLF included: CPPHTTPLIB_REQUEST_URI_MAX_LENGTH
//   (8192 in both; over it the library says a bare 414);
// - a header line, its CRLF included: CPPHTTPLIB_HEADER_MAX_LENGTH (8192 in
//   both; over it a bare 400);
// - header lines: 100 (0.18's CPPHTTPLIB_HEADER_MAX_COUNT, Debian 13's fix
//   of CVE-2025-52887: the 101st is a bare 400; 0.11 has no limit).
// Session 23: Debian 13's library also stops reading any line at 32768
// bytes (CPPHTTPLIB_MAX_LINE_LENGTH, its fix of CVE-2025-46728) and closes
// the connection without a word: a 300 KB address was closed unanswered,
// where 0.11 read it to this file's 256 KiB bound and it was told 413.
constexpr std::size_t kMaxRequestLine = CPPHTTPLIB_REQUEST_URI_MAX_LENGTH;
constexpr std::size_t kMaxHeaderLine = CPPHTTPLIB_HEADER_MAX_LENGTH;
constexpr std::size_t kMaxHeaderLines = 100;
#ifdef CPPHTTPLIB_HEADER_MAX_COUNT
static_assert(kMaxHeaderLines <= CPPHTTPLIB_HEADER_MAX_COUNT, "the guard's count must come first");
#endif
#ifdef CPPHTTPLIB_MAX_LINE_LENGTH
static_assert(kMaxRequestLine < CPPHTTPLIB_MAX_LINE_LENGTH && kMaxHeaderLine < CPPHTTPLIB_MAX_LINE_LENGTH,
              "the guard's line limits must come first");
#endif
// How much of a long line a refusal may quote (a header's name: cut at ':').
constexpr std::size_t kEchoedLine = 40;

// A request refused by the stream, not the library: the answer written
// instead of the library's (which is not written, or was none).
struct Refusal {
  int status = 0;
  const char* reason = "";
  std::string body;
};

std::string printable(std::string_view bytes) {
  std::string out;
  for (char c : bytes) out += c >= 0x20 && c < 0x7f ? c : '?';
  return out;
}

// "N bytes" of a line measured to its end; "more than N bytes" of one whose
// end was not read (the client stopped sending it).
std::string line_bytes(std::size_t bytes, bool ended) {
  return (ended ? "" : "more than ") + std::to_string(bytes) + " bytes";
}

// Session 19: the refusal of a header line over the library's limit (it
// said "400 a request the service cannot read"): the header's name as sent
// (printable ASCII, at most 40 bytes, cut at ':'), the line's bytes, the limit.
Refusal long_header(std::string_view start, std::size_t bytes, bool ended) {
  const std::size_t colon = start.find(':');
  return {431, "Request Header Fields Too Large",
          "431 the header line \"" + printable(start.substr(0, colon)) + (colon == std::string_view::npos ? "...\"" : "\"") +
              " is " + line_bytes(bytes, ended) + ": the service reads header lines of at most " +
              std::to_string(kMaxHeaderLine) + " bytes (a cookie included); the request was not read\n"};
}

// Session 23: an address over the library's limit (the library's 414 had no
// words, and Debian 13's closed a line over 32 KiB without any).
Refusal long_address(std::size_t bytes, bool ended) {
  return {414, "URI Too Long",
          "414 the request line is " + line_bytes(bytes, ended) + " (its address too long): the service reads request "
              "lines of at most " + std::to_string(kMaxRequestLine) +
              " bytes (method, address and version together); the request was not read\n"};
}

Refusal too_many_headers() {
  return {431, "Request Header Fields Too Large",
          "431 the request has more than " + std::to_string(kMaxHeaderLines) +
              " header lines: the service reads at most " + std::to_string(kMaxHeaderLines) +
              "; the request was not read\n"};
}

Refusal oversized_request() {
  return {413, "Payload Too Large",
          "413 the request is over " + std::to_string(kMaxRequestBytes / 1024) +
              " KiB (its address, headers and body together): it was not read\n"};
}

// A connection's socket as the library's Stream, with one read buffer for
// the connection's life, a deadline on the reads of each request, and the
// head's limits (above) checked as its bytes are read.
class GuardedStream : public httplib::Stream {
 public:
  GuardedStream(socket_t sock, std::chrono::seconds read_timeout, std::chrono::seconds write_timeout,
                std::size_t max_body, std::function<bool()> crowded)
      : sock_(sock), read_timeout_(read_timeout), write_timeout_(write_timeout), max_body_(max_body),
        crowded_(std::move(crowded)) {}

  // A request begins: its reads end at `t`, or at `crowded_t` while the
  // server is crowded (set_crowding); its answer's status is read from the
  // first bytes written.
  void set_deadline(Clock::time_point t, Clock::time_point crowded_t) {
    deadline_ = t;
    crowded_deadline_ = std::min(t, crowded_t);
    status_ = 0;
    taken_ = 0;
    line_ = 0;
    lines_ = 0;
    prev_cr_ = false;
    line_ended_ = false;
    head_done_ = false;
    chunked_ = false;
    chunk_ = Chunk::kSize;
    chunk_size_ = 0;
    body_ = 0;
    refusal_.reset();
  }
  int status() const { return status_; }
  bool buffered() const { return begin_ < end_; }
  // The request refused by this stream (over kMaxRequestBytes, or a head
  // over one of the library's limits), before any answer of the library's
  // was written; what the library then writes is dropped (its bare 400 for
  // a read that failed): the connection answers this instead.
  const std::optional<Refusal>& refusal() const { return refusal_; }

  bool is_readable() const override { return buffered() || wait_for(sock_, POLLIN, read_wait_ms()); }

  bool is_writable() const override {
    if (!wait_for(sock_, POLLOUT, std::chrono::duration_cast<std::chrono::milliseconds>(write_timeout_).count()))
      return false;
    pollfd p{sock_, POLLOUT, 0};
    return ::poll(&p, 1, 0) >= 0 && (p.revents & (POLLERR | POLLHUP)) == 0;
  }

  ssize_t read(char* ptr, size_t size) override {
    if (refusal_) return -1;  // a refused request is not read further
    if (const ssize_t got = fill(); got <= 0) return got;
    // Session 16: a request is at most kMaxRequestBytes, head and body.
    // Each header line is within the library's limit but their number was
    // not: 2 MB of "X-A: b" lines were read and held as one request (and
    // answered 200); on a fast link, gigabytes within the deadline. Past the
    // bound the read fails and the request is told 413 (session 18: it was
    // closed without a word).
    if (taken_ >= kMaxRequestBytes) {
      refuse(oversized_request());
      return -1;
    }
    const std::size_t n = std::min({size, end_ - begin_, kMaxRequestBytes - taken_});
    // The head's bytes, each checked before the library is given it; then
    // a chunked body's sizes.
    for (std::size_t i = 0; i < n && (!head_done_ || chunked_); ++i) {
      const bool head = !head_done_;
      if (head ? head_byte(buffer_[begin_ + i]) : chunk_byte(buffer_[begin_ + i])) continue;
      begin_ += i + 1;
      taken_ += i + 1;
      if (head) {
        refuse_head();
      } else {
        refuse({413, "Payload Too Large",
                "413 the body's chunks come to " + std::to_string(body_) + " bytes so far: the service takes at most " +
                    std::to_string(max_body_) + "; it was not read\n"});
      }
      return -1;
    }
    std::memcpy(ptr, buffer_ + begin_, n);
    begin_ += n;
    taken_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    // (An interim "100 Continue" is not the answer.)
    if (status_ == 0 && size >= 12 && std::memcmp(ptr, "HTTP/1.", 7) == 0 && ptr[9] != '1')
      status_ = std::atoi(std::string(ptr + 9, 3).c_str());
    // The library's answer to a request this stream refused (a bare 400:
    // its read failed) is not written: the connection writes the refusal.
    if (refusal_) return static_cast<ssize_t>(size);
    ssize_t n;
    do {
      n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    port = 0;
    ip = ::getpeername(sock_, reinterpret_cast<sockaddr*>(&a), &len) == 0 ? address_of(a, &port) : "";
  }

  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    port = 0;
    ip = ::getsockname(sock_, reinterpret_cast<sockaddr*>(&a), &len) == 0 ? address_of(a, &port) : "";
  }

  socket_t socket() const override { return sock_; }

 private:
  // Bytes in the buffer, received if it is empty: their number, 0 when the
  // client closed, -1 on a timeout (or past the request's deadline) or an error.
  ssize_t fill() {
    if (buffered()) return static_cast<ssize_t>(end_ - begin_);
    if (!wait_for(sock_, POLLIN, read_wait_ms())) return -1;
    ssize_t n;
    do {
      n = ::recv(sock_, buffer_, sizeof buffer_, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return n;
    begin_ = 0;
    end_ = static_cast<std::size_t>(n);
    return n;
  }

  // One byte of the head, as the library reads its lines (each ends at
  // CRLF; the first is the request line; a blank one ends the head): false
  // when it takes the head past a limit (a line that cannot end within
  // its limit, a header line past the count).
  bool head_byte(char c) {
    if (line_ < kEchoedLine) start_[line_] = c;
    ++line_;
    const bool ends = prev_cr_ && c == '\n';
    prev_cr_ = c == '\r';
    line_ended_ = ends;
    const std::size_t limit = lines_ == 0 ? kMaxRequestLine : kMaxHeaderLine;
    if (!ends) return line_ + 1 <= limit;  // its LF is still to come
    if (line_ > limit) return false;
    constexpr std::string_view kCoding = "transfer-encoding:";
    chunked_ = chunked_ || (lines_ > 0 && line_ > kCoding.size() &&
                            std::equal(kCoding.begin(), kCoding.end(), start_, [](char a, char b) {
                              return a == std::tolower(static_cast<unsigned char>(b));
                            }));
    if (lines_ > 0 && line_ == 2) {
      head_done_ = true;
    } else if (lines_ > kMaxHeaderLines) {  // this is header line number `lines_`
      return false;
    }
    ++lines_;
    line_ = 0;
    return true;
  }

  // Session 23: one byte of a chunked body (RFC 9112 7.1: a size line in
  // hex, maybe extensions, CRLF; the data; CRLF; ...; size 0 ends it): false
  // when the sizes come to more than max_body_. Debian 13's library holds a
  // chunked body to the server's payload limit; Debian 12's read it whole
  // (to this file's 256 KiB) and served it. (The request rules, before the
  // body, refuse any other coding and a Content-Length beside it.)
  bool chunk_byte(char c) {
    switch (chunk_) {
      case Chunk::kSize:
      case Chunk::kExtension:
        if (c != '\n') {
          const int digit = std::isxdigit(static_cast<unsigned char>(c))
                                ? (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10)
                                : -1;
          if (chunk_ == Chunk::kSize && digit >= 0) {
            chunk_size_ = std::min<std::size_t>(chunk_size_ * 16 + static_cast<std::size_t>(digit), kMaxRequestBytes);
          } else {
            chunk_ = Chunk::kExtension;
          }
          return true;
        }
        if (chunk_size_ == 0) {
          chunk_ = Chunk::kDone;  // the last chunk: trailers follow (the head's bound holds them)
          return true;
        }
        body_ += chunk_size_;
        chunk_ = Chunk::kData;
        return body_ <= max_body_;
      case Chunk::kData:
        if (--chunk_size_ == 0) chunk_ = Chunk::kDataEnd;
        return true;
      case Chunk::kDataEnd:
        if (c == '\n') chunk_ = Chunk::kSize;
        return true;
      case Chunk::kDone:
        return true;
    }
    return true;
  }

  // The head broke a limit at the byte just taken: a line too long is read
  // on to its end, to say how long (within the request's bound and
  // deadline; past the bound it is 413), then the refusal is kept.
  void refuse_head() {
    bool ended = line_ended_;
    if (!ended) {
      while (taken_ < kMaxRequestBytes && fill() > 0) {
        const char c = buffer_[begin_++];
        ++taken_;
        ++line_;
        if (prev_cr_ && c == '\n') {
          ended = true;
          break;
        }
        prev_cr_ = c == '\r';
      }
      if (!ended && taken_ >= kMaxRequestBytes) {
        refuse(oversized_request());
        return;
      }
    }
    const std::string_view start(start_, std::min(line_, kEchoedLine));
    if (lines_ == 0) {
      refuse(long_address(line_, ended));
    } else if (line_ <= kMaxHeaderLine) {  // ended within its limit: one header line too many
      refuse(too_many_headers());
    } else {
      refuse(long_header(start, line_, ended));
    }
  }

  void refuse(Refusal r) {
    if (status_ == 0) refusal_ = std::move(r);
  }

  // The read timeout, cut short by the request's deadline.
  long long read_wait_ms() const {
    const Clock::time_point end = status_ == 0 && crowded_ && crowded_() ? crowded_deadline_ : deadline_;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
    return std::min<long long>(left, std::chrono::duration_cast<std::chrono::milliseconds>(read_timeout_).count());
  }

  socket_t sock_;
  std::chrono::seconds read_timeout_;
  std::chrono::seconds write_timeout_;
  std::size_t max_body_;  // the server's payload limit
  std::function<bool()> crowded_;
  Clock::time_point deadline_ = Clock::time_point::max();
  Clock::time_point crowded_deadline_ = Clock::time_point::max();
  int status_ = 0;         // of the answer being written (0: none yet)
  std::size_t taken_ = 0;  // bytes of this request read so far
  std::size_t line_ = 0;   // bytes of the head's current line so far
  std::size_t lines_ = 0;  // the head's lines ended so far
  bool prev_cr_ = false;
  bool line_ended_ = false;  // the last byte taken ended its line
  bool head_done_ = false;
  char start_[kEchoedLine] = {};  // the current line's first bytes
  bool chunked_ = false;          // the head names a Transfer-Encoding (chunked: the request rules)
  enum class Chunk { kSize, kExtension, kData, kDataEnd, kDone } chunk_ = Chunk::kSize;
  std::size_t chunk_size_ = 0;  // of the size line being read, then the chunk's bytes still to come
  std::size_t body_ = 0;        // the chunks' sizes so far
  std::optional<Refusal> refusal_;
  char buffer_[4096];
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

void close_socket(socket_t sock) {
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
}

// A refusal written to a client that may still be sending: our side shut,
// what it sends read and dropped for at most 1 s and 1 MiB, then closed. A
// close with its bytes unread would reset the connection, and the client
// would lose the refusal before reading it.
void refuse_and_close(socket_t sock, const std::string& reply) {
  (void)::send(sock, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::shutdown(sock, SHUT_WR);
  char sink[4096];
  std::size_t dropped = 0;
  for (const auto until = Clock::now() + std::chrono::seconds(1); dropped < (1u << 20) && Clock::now() < until;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (!wait_for(sock, POLLIN, left)) break;
    const ssize_t n = ::recv(sock, sink, sizeof sink, 0);
    if (n <= 0) break;
    dropped += static_cast<std::size_t>(n);
  }
  ::close(sock);
}

std::string plain_reply(int status, const char* reason, const std::string& body) {
  return "HTTP/1.1 " + std::to_string(status) + " " + reason +
         "\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}


}  // namespace

GuardedServer::GuardedServer(std::size_t max_per_address, std::chrono::milliseconds request_deadline)
    : max_per_address_(max_per_address), request_deadline_(request_deadline) {}

std::size_t GuardedServer::refused() const {
  std::lock_guard<std::mutex> g(mutex_);
  return refused_;
}

std::size_t GuardedServer::oversized() const {
  std::lock_guard<std::mutex> g(mutex_);
  return oversized_;
}

std::size_t GuardedServer::long_headers() const {
  std::lock_guard<std::mutex> g(mutex_);
  return long_headers_;
}

std::size_t GuardedServer::long_addresses() const {
  std::lock_guard<std::mutex> g(mutex_);
  return long_addresses_;
}

void GuardedServer::set_crowding(std::size_t threads, std::chrono::milliseconds crowded_wait) {
  threads_ = threads;
  crowded_wait_ = crowded_wait;
}

bool GuardedServer::crowded() const {
  return threads_ > 0 && busy_.load() + std::max<std::size_t>(1, threads_ / 8) > threads_;
}

bool GuardedServer::admit(const std::string& address) {
  std::lock_guard<std::mutex> g(mutex_);
  std::size_t& n = open_[address];
  if (max_per_address_ > 0 && n >= max_per_address_) {
    ++refused_;
    if (n == 0) open_.erase(address);
    return false;
  }
  ++n;
  return true;
}

void GuardedServer::release(const std::string& address) {
  std::lock_guard<std::mutex> g(mutex_);
  auto it = open_.find(address);
  if (it != open_.end() && --it->second == 0) open_.erase(it);
}

template <class S>
bool GuardedServer::serve_one(S& strm, bool close_connection, bool& connection_closed) {
  if constexpr (requires { this->process_request(strm, close_connection, connection_closed, nullptr); }) {
    return process_request(strm, close_connection, connection_closed, nullptr);
  } else {
    std::string remote;
    std::string local;
    int remote_port = 0;
    int local_port = 0;
    strm.get_remote_ip_and_port(remote, remote_port);
    strm.get_local_ip_and_port(local, local_port);
    return process_request(strm, remote, remote_port, local, local_port, close_connection, connection_closed, nullptr);
  }
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  sockaddr_storage peer{};
  socklen_t len = sizeof peer;
  const std::string address =
      ::getpeername(sock, reinterpret_cast<sockaddr*>(&peer), &len) == 0 ? address_of(peer, nullptr) : "";
  if (!admit(address)) {
    const std::string body = "429 too many connections from your address (at most " +
                             std::to_string(max_per_address_) + " at once): close some and try again\n";
    const std::string reply = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
                              "X-Content-Type-Options: nosniff\r\nRetry-After: 5\r\nConnection: close\r\n"
                              "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    (void)::send(sock, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    close_socket(sock);
    return true;
  }
  ++busy_;
  GuardedStream strm(sock, std::chrono::seconds(read_timeout_sec_), std::chrono::seconds(write_timeout_sec_),
                     payload_max_length_, [this] { return crowded(); });
  bool ok = true;
  std::optional<Refusal> refusal;
  for (std::size_t count = keep_alive_max_count_; count > 0; --count) {
    // The next request's first byte: within the keep-alive time (while the
    // server is crowded, the crowded wait), looking every 100 ms for the
    // server's stop and the crowding.
    bool ready = strm.buffered();
    const auto waited = Clock::now();
    for (const auto until = waited + std::chrono::seconds(keep_alive_timeout_sec_); !ready;) {
      const auto now = Clock::now();
      if (svr_sock_ == INVALID_SOCKET || now >= until || (crowded() && now >= waited + crowded_wait_)) break;
      ready = wait_for(sock, POLLIN, 100);
    }
    if (!ready || svr_sock_ == INVALID_SOCKET) break;
    const auto start = Clock::now();
    strm.set_deadline(start + request_deadline_, start + crowded_wait_);
    bool closed = false;
    ok = serve_one(strm, count == 1, closed);
    // Sessions 18, 19, 23: a request the stream refused (over the bound, a
    // head over a limit) is told so, not closed without a word nor given
    // the library's bare 400.
    if (strm.refusal()) {
      refusal = strm.refusal();
      break;
    }
    // After an answer of 400 or more the rest of what was sent is not read
    // as another request (a body not read, bytes of a request that could not
    // be read: what follows is not a request the client meant).
    if (!ok || closed || strm.status() >= 400) break;
  }
  release(address);
  --busy_;
  if (refusal) {
    {
      std::lock_guard<std::mutex> g(mutex_);
      ++(refusal->status == 413 ? oversized_ : refusal->status == 431 ? long_headers_ : long_addresses_);
    }
    refuse_and_close(sock, plain_reply(refusal->status, refusal->reason, refusal->body));
    return false;
  }
  close_socket(sock);
  return ok;
}

namespace {

// A header's value as it can be echoed: at most 20 bytes, printable ASCII,
// any other byte as '?'.
std::string echo_value(const std::string& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size() && i < 20; ++i) out += v[i] >= 0x20 && v[i] < 0x7f ? v[i] : '?';
  return "\"" + out + (v.size() > 20 ? "...\"" : "\"");
}

// "" when the request's body framing can be read one way only; else what is wrong.
std::string framing_problem(const httplib::Request& req) {
  const std::size_t lengths = req.get_header_value_count("Content-Length");
  // The values read from the headers' multimap (case-insensitive keys, in
  // the order given): get_header_value's index is its second argument in
  // Debian 12's cpp-httplib (0.11) and its third in Debian 13's (0.18).
  const auto [length_begin, length_end] = req.headers.equal_range("Content-Length");
  for (auto it = length_begin; it != length_end; ++it) {
    const std::string& v = it->second;
    if (v.empty() || v.size() > 18 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return "Content-Length " + echo_value(v) + " is not digits only";
    if (const std::string& first = length_begin->second; v != first)
      return "two Content-Length values (" + echo_value(first) + " and " + echo_value(v) + "): one framing only";
  }
  const std::size_t codings = req.get_header_value_count("Transfer-Encoding");
  if (codings > 1) return "Transfer-Encoding given " + std::to_string(codings) + " times: one framing only";
  if (codings == 1 && req.get_header_value("Transfer-Encoding") != "chunked")
    return "Transfer-Encoding " + echo_value(req.get_header_value("Transfer-Encoding")) +
           ": a request's body is read as \"chunked\" alone or by its Content-Length";
  // The library reads no body of a GET or HEAD: what a proxy takes as its
  // body was read as the next request.
  if ((req.method == "GET" || req.method == "HEAD") &&
      (codings > 0 || (lengths > 0 && req.get_header_value("Content-Length") != "0")))
    return "a " + req.method + " request has no body here (Content-Length or Transfer-Encoding given)";
  return "";
}

// "" when a request may write (GET and HEAD, a program's request that names
// no origin, a page of this service's own origin); else why not: the
// browser names another site's page in Sec-Fetch-Site or Origin (whose
// host and port are not the Host this request was sent to; "null" is a
// sandboxed or local page's).
std::string foreign_write(const httplib::Request& req) {
  if (req.method == "GET" || req.method == "HEAD") return "";
  if (const std::string site = req.get_header_value("Sec-Fetch-Site"); site == "cross-site" || site == "same-site")
    return "Sec-Fetch-Site " + echo_value(site);
  if (!req.has_header("Origin")) return "";
  const std::string origin = req.get_header_value("Origin");
  const std::size_t scheme = origin.find("://");
  if (scheme == std::string::npos) return "Origin " + echo_value(origin);
  const std::string_view authority = std::string_view(origin).substr(scheme + 3);
  // Behind a proxy that rewrites Host, the name the browser used is in
  // X-Forwarded-Host (a form of another site cannot set that header).
  for (const char* name : {"Host", "X-Forwarded-Host"}) {
    if (req.has_header(name) && authority == req.get_header_value(name)) return "";
  }
  return "Origin " + echo_value(origin);
}

// A Host header's host, as compared: lower case, its port and a final dot
// cut ("Tabula.Club.:8080" is "tabula.club"); an IPv6 literal keeps its
// brackets ("[::1]:8080" is "[::1]").
std::string host_of(std::string_view value) {
  std::string_view host = value;
  if (!host.empty() && host.front() == '[') {
    host = host.substr(0, host.find(']') == std::string_view::npos ? host.size() : host.find(']') + 1);
  } else if (const std::size_t colon = host.rfind(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  std::string out(host);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// An address written as itself (a dotted IPv4 address, a bracketed IPv6
// one): no name a DNS server answers for, so no page of another site can
// be reached under it by rebinding.
bool ip_literal(const std::string& host) {
  unsigned char bytes[sizeof(in6_addr)];
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    return ::inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), bytes) == 1;
  return ::inet_pton(AF_INET, host.c_str(), bytes) == 1;
}

// Session 19, DNS rebinding: a page of evil.example whose name is made to
// point at the hall's service afterwards is, to the browser, of the same
// origin as its requests (Origin and Host agree: foreign_write lets it
// write). Its requests name it in Host. "" when the request's Host is one
// of `names` (lower case, "localhost" among them), an IP literal, or absent
// (a program's HTTP/1.0; a browser always sends it); else what is wrong.
// `writes_only`: GET and HEAD are not asked (the public reads).
std::string misdirected(const httplib::Request& req, const std::vector<std::string>& names, bool writes_only) {
  if (writes_only && (req.method == "GET" || req.method == "HEAD")) return "";
  if (!req.has_header("Host")) return "";
  const std::string host = host_of(req.get_header_value("Host"));
  if (ip_literal(host) || std::find(names.begin(), names.end(), host) != names.end()) return "";
  return "the Host " + echo_value(req.get_header_value("Host"));
}

// The names the service answers to when none are configured (writes only):
// localhost, the machine's own host name and its mDNS name (NAME.local).
std::vector<std::string> own_names() {
  std::vector<std::string> names = {"localhost"};
  char name[256] = "";
  if (::gethostname(name, sizeof name - 1) == 0 && name[0] != '\0') {
    const std::string own = host_of(name);
    names.push_back(own);
    if (own.find('.') == std::string::npos) names.push_back(own + ".local");
  }
  return names;
}

}  // namespace

std::string host_names_problem(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (name.empty()) return "an empty name (a comma too many?)";
    if (name.size() > 253) return "a name of " + std::to_string(name.size()) + " characters (a host name is at most 253)";
    for (char c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.')
        return "\"" + name.substr(0, 64) + "\" holds '" + std::string(1, c) +
               "' (a host name only: letters, digits, '-' and '.'; no port, no scheme)";
    }
  }
  return "";
}

void guard_requests(httplib::Server& server, std::size_t max_body, std::vector<std::string> host_names) {
  // Session 18: "Expect: 100-continue" and a body over the bound: refused
  // before the client sends it (the library said "100 Continue", then held
  // the connection to the request's deadline and answered 413).
  server.set_expect_100_continue_handler([max_body](const httplib::Request& req, httplib::Response& res) {
    const std::string length = req.get_header_value("Content-Length");
    if (length.size() > 18 || (!length.empty() && std::strtoull(length.c_str(), nullptr, 10) > max_body)) {
      res.status = 413;
      res.set_content("413 a body of " + echo_value(length) + " bytes: the service takes at most " +
                          std::to_string(max_body) + "; it was not sent\n",
                      "text/plain; charset=utf-8");
      return 413;
    }
    return 100;
  });
  // Session 19: the names the service answers to (lower case; "localhost"
  // always). None configured: only writes are asked, against this
  // machine's own names.
  const bool writes_only = host_names.empty();
  if (writes_only) {
    host_names = own_names();
  } else {
    for (std::string& name : host_names) name = host_of(name);
    host_names.push_back("localhost");
  }
  server.set_pre_routing_handler([host_names, writes_only](const httplib::Request& req, httplib::Response& res) {
    // The address decoded: a NUL cut a file's name short ("/index.html%00.js"
    // was index.html), another control character is no page's.
    for (char c : req.path) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
        res.status = 400;
        res.set_content("400 the address holds a control character (%00 to %1F or %7F)\n", "text/plain; charset=utf-8");
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    // Session 18: another site's page cannot write here. A page the
    // arbiter visited could post wrong tokens to /api/arbiter/login (a
    // form's POST needs no permission) and so keep the arbiter's own
    // address out of signing in, a minute at a time.
    if (const std::string foreign = foreign_write(req); !foreign.empty()) {
      res.status = 403;
      res.set_content("403 a " + req.method + " from another site's page (" + foreign +
                          "): the service's writes come from its own pages\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // A request the two framings of which disagree is refused (a proxy in
    // front may read the other one: request smuggling); GuardedServer then
    // closes the connection, as after every answer of 400 or more.
    if (req.has_header("Transfer-Encoding") && req.has_header("Content-Length")) {
      res.status = 400;
      res.set_content("400 both Content-Length and Transfer-Encoding: one framing only\n", "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Session 16: one framing read one way only (RFC 9112 6.1, 6.3). The
    // library read the first of two Content-Lengths (a proxy that reads the
    // last took the request behind as body, the service answered it), took
    // "+0" and "0x0" as numbers, and read a body as chunked only for the
    // exact value "chunked" (a proxy reads "Chunked" or "xchunked, chunked"
    // as chunked, "identity" as none: the two disagree on where the request
    // ends), and read no body of a GET (its body was the next request). Each
    // is 400; GuardedServer closes the connection after it.
    if (const std::string why = framing_problem(req); !why.empty()) {
      res.status = 400;
      res.set_content("400 " + why + "\n", "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // (After the framing: a request read two ways is 400 whatever it names.)
    // RFC 9112 3.2: a request with two Hosts is 400 (the library reads the
    // first, a proxy in front may read the other).
    if (req.get_header_value_count("Host") > 1) {
      res.status = 400;
      res.set_content("400 the Host header is given " + std::to_string(req.get_header_value_count("Host")) +
                          " times: one only\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Session 19: a request under a name the service does not answer to
    // (a DNS rebinding page in the arbiter's browser could post wrong
    // tokens from the arbiter's own address, Origin and Host agreeing).
    if (const std::string wrong = misdirected(req, host_names, writes_only); !wrong.empty()) {
      res.status = 421;
      std::string known;
      for (const std::string& name : host_names) known += (known.empty() ? "" : ", ") + name;
      res.set_content("421 " + wrong + " is not a name of this service: it answers to " + known +
                          " and its IP addresses" +
                          (writes_only ? " (for a write; tabula-hub-web --host-names NAME,... names the hall's)" : "") +
                          "\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Range is ignored, as RFC 9110 14.2 lets a server: the files and feeds
    // are small, a stream has no ranges, and overlapping ranges made one small
    // request a multipart answer many times the file (19 x "0-" of app.js:
    // 280 KB). The request is the library's own, not const (only its view).
    const_cast<httplib::Request&>(req).ranges.clear();
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.set_post_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    // The file handler still says 206 for a Range it was not asked to serve.
    if (res.status == 206 && req.ranges.empty()) res.status = 200;
  });
}

}  // namespace tabula::hub::web

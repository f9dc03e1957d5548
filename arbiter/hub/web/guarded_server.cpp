#include "hub/web/guarded_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "hub/web/tls_io.h"

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
  // `ssl`: the connection's TLS, its handshake done (null: plain HTTP).
  GuardedStream(socket_t sock, SSL* ssl, std::chrono::seconds read_timeout, std::chrono::seconds write_timeout,
                std::size_t max_body, std::function<bool()> crowded)
      : sock_(sock), ssl_(ssl), read_timeout_(read_timeout), write_timeout_(write_timeout), max_body_(max_body),
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
    chunk_line_bytes_ = 0;
    chunk_line_cr_ = false;
    chunk_digits_ = false;
    chunk_bad_ = false;
    body_ = 0;
    refusal_.reset();
  }
  int status() const { return status_; }
  // Bytes read and not yet taken: in this stream's buffer, or decrypted
  // by OpenSSL and not yet read from it (a record is up to 16 KiB).
  bool buffered() const { return begin_ < end_ || (ssl_ && SSL_pending(ssl_) > 0); }
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
        if (!refusal_) refuse_head();  // (a line ended wrong is refused already)
      } else if (!refusal_) {
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
    if (ssl_) {
      // Partial writes (SSL_MODE_ENABLE_PARTIAL_WRITE): each record within
      // the write timeout, as each send() of a plain socket (SO_SNDTIMEO).
      const int part = static_cast<int>(std::min<std::size_t>(size, 1 << 20));
      const int n =
          tls_io::step(ssl_, sock_, Clock::now() + write_timeout_, [&] { return SSL_write(ssl_, ptr, part); });
      return n > 0 ? n : -1;
    }
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
    if (begin_ < end_) return static_cast<ssize_t>(end_ - begin_);
    if (ssl_) {
      // Session 31: over TLS the wait is for a whole record, however its
      // bytes trickle in: within the same read timeout and deadline.
      const int n = tls_io::step(ssl_, sock_, Clock::now() + std::chrono::milliseconds(read_wait_ms()),
                                 [this] { return SSL_read(ssl_, buffer_, sizeof buffer_); });
      if (n <= 0) return n == 0 ? 0 : -1;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
      return n;
    }
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
    // Session 29: the library ends a line at any LF (and skips a header
    // line without its CR); this count ended lines at CRLF only, so "X: 1\n"
    // hid the Transfer-Encoding line after it and the chunks went uncounted.
    // A bare LF, or a CR not before LF, is refused (RFC 9112 2.2): the two
    // readings of the head are then one.
    if ((c == '\n' && !prev_cr_) || (prev_cr_ && c != '\n')) {
      refuse({400, "Bad Request",
              "400 " + (lines_ == 0 ? std::string("the request line") : "header line " + std::to_string(lines_)) +
                  (c == '\n' ? " ends in a bare LF (no CR before it)" : " holds a CR not followed by LF") +
                  ": the service reads lines ending in CRLF (RFC 9112 2.2); the request was not read\n"});
      return false;
    }
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
  // Session 29: read as strictly as RFC 9112 7.1 writes it, else 400 (also
  // false). The library reads a size with strtoul(line, 16), which takes
  // " 320", "+320" and "0x320" as 800 where this read a last chunk (0) and
  // counted nothing more: 1600 bytes reached a handler of a 1024-byte limit.
  // A size is hex digits first, then ';' or whitespace (extensions) or
  // CRLF; a chunk's data is followed by CRLF exactly.
  bool chunk_byte(char c) {
    const auto bad_line = [this](const char* what) {
      refuse({400, "Bad Request",
              "400 the chunk size line \"" + printable(std::string_view(chunk_line_, chunk_line_bytes_)) +
                  (chunk_line_bytes_ >= kEchoedLine ? "...\"" : "\"") + " " + what +
                  " (RFC 9112 7.1: a chunk's size is hexadecimal digits, then extensions after ';' or CRLF); the "
                  "body was not read\n"});
      return false;
    };
    switch (chunk_) {
      case Chunk::kSize:
      case Chunk::kExtension:
        if (c == '\n' && chunk_line_cr_) break;
        if (chunk_line_cr_ || c == '\n') return bad_line("ends in a bare CR or LF");
        if (chunk_line_bytes_ < kEchoedLine && c != '\r') chunk_line_[chunk_line_bytes_++] = c;
        if (c == '\r') {
          chunk_line_cr_ = true;
          if (!chunk_digits_) chunk_bad_ = true;
          return chunk_bad_ ? bad_line("is not hexadecimal digits") : true;
        }
        if (chunk_ == Chunk::kSize) {
          const bool hex = std::isxdigit(static_cast<unsigned char>(c)) != 0;
          if (hex) {
            const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
            chunk_size_ = std::min<std::size_t>(chunk_size_ * 16 + static_cast<std::size_t>(digit), kMaxRequestBytes);
            chunk_digits_ = true;
          } else if (chunk_digits_ && (c == ';' || c == ' ' || c == '\t')) {
            chunk_ = Chunk::kExtension;
          } else {
            chunk_bad_ = true;  // said at the line's end (its whole start quoted), or at kEchoedLine bytes
          }
        }
        if (chunk_bad_ && chunk_line_bytes_ >= kEchoedLine) return bad_line("is not hexadecimal digits");
        return true;
      case Chunk::kData:
        if (--chunk_size_ == 0) chunk_ = Chunk::kDataCr;
        return true;
      case Chunk::kDataCr:
      case Chunk::kDataLf:
        if (c != (chunk_ == Chunk::kDataCr ? '\r' : '\n')) {
          refuse({400, "Bad Request",
                  "400 a chunk's data is not followed by CRLF (RFC 9112 7.1: its size says where it ends); the body "
                  "was not read\n"});
          return false;
        }
        chunk_ = chunk_ == Chunk::kDataCr ? Chunk::kDataLf : Chunk::kSize;
        return true;
      case Chunk::kDone:
        return true;
    }
    // The size line ended (CRLF), its digits read.
    chunk_line_bytes_ = 0;
    chunk_line_cr_ = false;
    chunk_digits_ = false;
    if (chunk_size_ == 0) {
      chunk_ = Chunk::kDone;  // the last chunk: trailers follow (the head's bound holds them)
      return true;
    }
    body_ += chunk_size_;
    chunk_ = Chunk::kData;
    return body_ <= max_body_;
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
  SSL* ssl_;
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
  enum class Chunk { kSize, kExtension, kData, kDataCr, kDataLf, kDone } chunk_ = Chunk::kSize;
  std::size_t chunk_size_ = 0;  // of the size line being read, then the chunk's bytes still to come
  char chunk_line_[kEchoedLine] = {};  // the size line's first bytes (quoted when it is refused)
  std::size_t chunk_line_bytes_ = 0;
  bool chunk_line_cr_ = false;  // the size line's CR was read: its LF must follow
  bool chunk_digits_ = false;   // the size line began with a hex digit
  bool chunk_bad_ = false;      // the size line holds a byte no size takes (refused at its end)
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
// would lose the refusal before reading it. Over TLS (`ssl`) the refusal
// is written through it (within 1 s) and followed by TLS's close_notify;
// what the client sends after is dropped unread as bytes.
void refuse_and_close(socket_t sock, SSL* ssl, const std::string& reply) {
  if (ssl) {
    if (tls_io::write_all(ssl, sock, reply, Clock::now() + std::chrono::seconds(1))) (void)SSL_shutdown(ssl);
    ERR_clear_error();
  } else {
    (void)::send(sock, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  }
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

GuardedServer::~GuardedServer() {
  if (tls_) SSL_CTX_free(tls_);
}

std::string GuardedServer::use_tls(const std::string& cert_file, const std::string& key_file) {
  std::string why;
  SSL_CTX* ctx = tls_io::server_context(cert_file, key_file, why);
  if (!ctx) return why;
  if (tls_) SSL_CTX_free(tls_);
  tls_ = ctx;
  return "";
}

std::size_t GuardedServer::handshakes_cut() const {
  std::lock_guard<std::mutex> g(mutex_);
  return handshakes_cut_;
}

bool GuardedServer::handshake(SSL* ssl, socket_t sock) {
  // Within the request's deadline from the connection's start, or the
  // crowded wait while the pool is crowded; the server's stop and the
  // crowding looked at every 100 ms.
  const auto start = Clock::now();
  for (;;) {
    const auto now = Clock::now();
    const auto end = std::min(start + request_deadline_, crowded() ? start + crowded_wait_ : Clock::time_point::max());
    if (svr_sock_ == INVALID_SOCKET || now >= end) return false;
    const int r = tls_io::step(ssl, sock, std::min(end, now + std::chrono::milliseconds(100)),
                               [ssl] { return SSL_accept(ssl); });
    if (r > 0) return true;
    if (r != tls_io::kLate) return false;
  }
}

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

std::size_t GuardedServer::open_from(const std::string& address) const {
  std::lock_guard<std::mutex> g(mutex_);
  const auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

std::size_t GuardedServer::malformed() const {
  std::lock_guard<std::mutex> g(mutex_);
  return malformed_;
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
    if (tls_) {  // (use_tls: closed before the handshake, without a word)
      close_socket(sock);
      return true;
    }
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
  // Session 31: over TLS the handshake first, on the non-blocking socket.
  std::unique_ptr<SSL, void (*)(SSL*)> ssl(nullptr, SSL_free);
  if (tls_) {
    const int flags = ::fcntl(sock, F_GETFL);
    ssl.reset(flags >= 0 && ::fcntl(sock, F_SETFL, flags | O_NONBLOCK) == 0 ? SSL_new(tls_) : nullptr);
    if (!ssl || SSL_set_fd(ssl.get(), sock) != 1 || !handshake(ssl.get(), sock)) {
      ERR_clear_error();
      {
        std::lock_guard<std::mutex> g(mutex_);
        ++handshakes_cut_;
      }
      release(address);
      --busy_;
      ssl.reset();
      close_socket(sock);
      return false;
    }
  }
  GuardedStream strm(sock, ssl.get(), std::chrono::seconds(read_timeout_sec_), std::chrono::seconds(write_timeout_sec_),
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
      ++(refusal->status == 413   ? oversized_
         : refusal->status == 431 ? long_headers_
         : refusal->status == 414 ? long_addresses_
                                  : malformed_);
    }
    refuse_and_close(sock, ssl.get(), plain_reply(refusal->status, refusal->reason, refusal->body));
    return false;
  }
  if (ssl) {
    (void)SSL_shutdown(ssl.get());  // close_notify, if the socket takes it now
    ERR_clear_error();
  }
  close_socket(sock);
  return ok;
}

}  // namespace tabula::hub::web

// Session 31: the browser service's guards over TLS (guarded_server.h,
// GuardedServer::use_tls), on a server of their own over loopback with a
// self-signed certificate made by the openssl program. Before, the service's
// HTTPS was cpp-httplib's SSLServer, whose own connection loop held none of
// the guards: a handshake waited 5 s per read with no end, a trickled head
// was never cut, one address could open any number of connections, and a
// pool filled with slow handshakes left a good client waiting. The clients
// are OpenSSL's own over raw sockets, to send exactly an attacker's bytes.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hub/web/guarded_server.h"

namespace tabula::hub::web {
namespace {
namespace over_tls {  // (one unity batch with guarded_server_test.cpp: names of its own)

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// A TCP connection to 127.0.0.1:`port` whose reads give up after `timeout`.
int connect_tcp(int port, std::chrono::milliseconds timeout) {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval tv{static_cast<time_t>(timeout.count() / 1000), static_cast<suseconds_t>(timeout.count() % 1000 * 1000)};
  ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  EXPECT_EQ(::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  return s;
}

// Whether the server has closed a raw connection (its end read, or reset).
bool closed_by_server(int s) {
  pollfd p{s, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  char c;
  const ssize_t n = ::recv(s, &c, 1, MSG_DONTWAIT);
  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

// An HTTPS client of OpenSSL's (no certificate check) over a raw socket.
class TlsClient {
 public:
  explicit TlsClient(int port, std::chrono::milliseconds timeout = 10000ms)
      : fd_(connect_tcp(port, timeout)), ctx_(SSL_CTX_new(TLS_client_method())) {
    ssl_ = ctx_ ? SSL_new(ctx_) : nullptr;
    shaken_ = ssl_ && SSL_set_fd(ssl_, fd_) == 1 && SSL_connect(ssl_) == 1;
  }
  ~TlsClient() {
    if (ssl_) SSL_free(ssl_);
    if (ctx_) SSL_CTX_free(ctx_);
    ::close(fd_);
  }
  TlsClient(const TlsClient&) = delete;
  TlsClient& operator=(const TlsClient&) = delete;

  // The handshake ended (the server took the connection).
  bool shaken() const { return shaken_; }
  bool send(const std::string& bytes) {
    return shaken_ && SSL_write(ssl_, bytes.data(), static_cast<int>(bytes.size())) == static_cast<int>(bytes.size());
  }
  // Everything the server sends until it closes (or a read times out).
  std::string read_all() {
    std::string out;
    char buf[4096];
    for (int n; shaken_ && (n = SSL_read(ssl_, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    return out;
  }
  // Whether the server has closed the connection: its end read (bytes it
  // sent before are read and dropped, and the next look tells).
  bool closed() {
    pollfd p{fd_, POLLIN, 0};
    if (SSL_pending(ssl_) == 0 && ::poll(&p, 1, 0) <= 0) return false;
    char buf[4096];
    errno = 0;
    const int n = SSL_read(ssl_, buf, sizeof buf);
    if (n > 0) return false;
    // Not closed: the read's timeout, after records that were no data (TLS
    // 1.3's session tickets, sent after the handshake).
    const int e = SSL_get_error(ssl_, n);
    return e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE &&
           !(e == SSL_ERROR_SYSCALL && (errno == EAGAIN || errno == EWOULDBLOCK));
  }

 private:
  int fd_;
  SSL_CTX* ctx_;
  SSL* ssl_ = nullptr;
  bool shaken_ = false;
};

std::string tls_exchange(int port, const std::string& request) {
  TlsClient c(port);
  EXPECT_TRUE(c.shaken()) << "no handshake";
  c.send(request);
  return c.read_all();
}

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

// The test certificate and key (EC P-256, self-signed, CN 127.0.0.1).
class GuardedTlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) / ("guarded-tls-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    const std::string cmd = "cd " + dir_.string() +
                            " && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
                            " -subj /CN=127.0.0.1 -keyout web.key -out web.crt >/dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << "openssl could not make the test certificate";
  }
  void TearDown() override {
    if (server_) {
      server_->stop();
      if (listener_.joinable()) listener_.join();
    }
    std::filesystem::remove_all(dir_);
  }

  // An HTTPS server of `threads` threads: `per_address` connections from one
  // address (0: any number), each request within `deadline`, the pool
  // crowded (set_crowding) with a wait of `crowded_wait` (0: no such rule).
  void start(std::size_t per_address, std::chrono::milliseconds deadline, std::size_t threads,
             std::chrono::milliseconds crowded_wait = 0ms) {
    server_ = std::make_unique<GuardedServer>(per_address, deadline);
    ASSERT_EQ(server_->use_tls((dir_ / "web.crt").string(), (dir_ / "web.key").string()), "");
    guard_requests(*server_, 1024);
    server_->set_payload_max_length(1024);
    server_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    if (crowded_wait > 0ms) server_->set_crowding(threads, crowded_wait);
    // Reads wait 30 s: what cuts a slow client here is the guard, not the library's timeout.
    server_->set_read_timeout(30, 0);
    server_->set_keep_alive_timeout(30);
    server_->Get("/hello", [](const httplib::Request&, httplib::Response& res) { res.set_content("hi", "text/plain"); });
    server_->Post("/echo",
                  [](const httplib::Request& req, httplib::Response& res) { res.set_content(req.body, "text/plain"); });
    port_ = server_->bind_to_any_port("127.0.0.1");
    ASSERT_GT(port_, 0);
    listener_ = std::thread([this] { server_->listen_after_bind(); });
    for (const auto end = Clock::now() + 10s; !server_->is_running() && Clock::now() < end;)
      std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(server_->is_running());
  }

  std::filesystem::path dir_;
  std::unique_ptr<GuardedServer> server_;
  int port_ = 0;
  std::thread listener_;
};

// A TLS record header announcing a 16 KiB handshake record, whose bytes the
// client then sends one at a time: OpenSSL waits for the whole record.
const std::string kHandshakeStart("\x16\x03\x01\x40\x00", 5);

// The library's handshake waited for each read up to the read timeout (30 s
// here, 5 s in the service) and had no end: a byte every 200 ms held the
// connection, and its thread, for as long as the sender liked.
TEST_F(GuardedTlsTest, AClientThatNeverFinishesItsHandshakeIsCutAtTheDeadline) {
  start(64, 1500ms, 8);
  const int s = connect_tcp(port_, 200ms);
  ASSERT_EQ(::send(s, kHandshakeStart.data(), kHandshakeStart.size(), MSG_NOSIGNAL), 5);
  const auto begun = Clock::now();
  bool closed = false;
  while (!closed && Clock::now() - begun < 12s) {
    std::this_thread::sleep_for(200ms);
    closed = ::send(s, "\x01", 1, MSG_NOSIGNAL) != 1 || closed_by_server(s);
  }
  const auto took = Clock::now() - begun;
  ::close(s);
  EXPECT_TRUE(closed) << "still open after 12 s of a trickled handshake (deadline 1.5 s)";
  EXPECT_GE(took, 1s) << "cut before its deadline";
  EXPECT_EQ(server_->handshakes_cut(), 1u);
  // A client that says nothing at all: the same.
  const int silent = connect_tcp(port_, 12000ms);
  char c;
  const auto quiet = Clock::now();
  EXPECT_LE(::recv(silent, &c, 1, 0), 0);
  EXPECT_LT(Clock::now() - quiet, 10s) << "a silent client was held to the read's timeout";
  ::close(silent);
  // A good client still is served.
  EXPECT_NE(tls_exchange(port_, "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"),
            std::string::npos);
}

TEST_F(GuardedTlsTest, ATrickledHeadOverTlsIsCutAtTheRequestsDeadline) {
  start(64, 1500ms, 8);
  TlsClient c(port_, 200ms);
  ASSERT_TRUE(c.shaken());
  ASSERT_TRUE(c.send("GET /hello HTTP/1.1\r\nHost: x\r\n"));
  const auto begun = Clock::now();
  bool closed = false;
  while (!closed && Clock::now() - begun < 12s) {
    std::this_thread::sleep_for(200ms);
    closed = !c.send("X-Slow: y\r\n") || c.closed();
  }
  EXPECT_TRUE(closed) << "still open after 12 s of trickled header lines over TLS (deadline 1.5 s)";
  EXPECT_GE(Clock::now() - begun, 1s) << "cut before its deadline";
  EXPECT_NE(tls_exchange(port_, "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"),
            std::string::npos);
}

// The service's limit: 64 connections from one address; the 65th is closed
// before its handshake (a TLS client cannot read a plain 429).
TEST_F(GuardedTlsTest, The65thConnectionFromOneAddressIsRefused) {
  start(64, 20000ms, 80);
  std::vector<std::unique_ptr<TlsClient>> held;
  for (int i = 0; i < 64; ++i) {
    held.push_back(std::make_unique<TlsClient>(port_));
    ASSERT_TRUE(held.back()->shaken()) << "connection " << i + 1 << " of 64 was refused";
  }
  ASSERT_EQ(server_->open_from("127.0.0.1"), 64u);
  {
    TlsClient refused(port_);
    EXPECT_FALSE(refused.shaken()) << "the 65th connection from one address was served";
  }
  EXPECT_EQ(server_->refused(), 1u);
  // One closed, another may open.
  held.pop_back();
  for (const auto end = Clock::now() + 10s; server_->open_from("127.0.0.1") > 63 && Clock::now() < end;)
    std::this_thread::sleep_for(1ms);
  EXPECT_NE(tls_exchange(port_, "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"),
            std::string::npos);
}

// Slow TLS clients filling the pool (each its own connection; no limit per
// address, the many addresses of an attack): half never finish their
// handshake, half finish it and send half a head. While the pool is
// crowded each is cut after the crowded wait (300 ms here), so a good
// client is answered within about that; the library's loop held them to
// its read timeout (30 s here; for ever, a byte at a time).
TEST_F(GuardedTlsTest, SlowTlsClientsFillingThePoolDoNotStopAGoodClient) {
  start(0, 20000ms, 8, 300ms);
  std::vector<int> raw;
  std::vector<std::unique_ptr<TlsClient>> halves;
  for (int i = 0; i < 4; ++i) {
    raw.push_back(connect_tcp(port_, 15000ms));
    ::send(raw.back(), kHandshakeStart.data(), kHandshakeStart.size(), MSG_NOSIGNAL);
  }
  for (int i = 0; i < 4; ++i) {
    halves.push_back(std::make_unique<TlsClient>(port_, 15000ms));
    halves.back()->send("GET /hello HTTP/1.1\r\nHost: x\r\n");
  }
  std::this_thread::sleep_for(100ms);
  const auto begun = Clock::now();
  const std::string out = tls_exchange(port_, "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto took = Clock::now() - begun;
  EXPECT_NE(out.find("\r\n\r\nhi"), std::string::npos) << out;
  EXPECT_LT(took, 5s) << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
  for (int fd : raw) ::close(fd);
}

// A good client over TLS: keep-alive, pipelining, a body by its length or
// chunked within the limit; and the HTTP rules hold over TLS as over HTTP
// (session 29 refused any chunked body over TLS 411: the library's loop
// read it whole, unbounded; now the guard counts its chunks: 413 past the
// limit, as over HTTP).
TEST_F(GuardedTlsTest, AGoodHttpsClientIsServedAndTheHttpRulesHold) {
  start(64, 1500ms, 8);
  httplib::SSLClient client("127.0.0.1", port_);
  client.enable_server_certificate_verification(false);
  client.set_keep_alive(true);
  for (int i = 0; i < 3; ++i) {
    auto r = client.Get("/hello");
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    EXPECT_EQ(r->body, "hi");
  }
  auto echoed = client.Post("/echo", std::string(1000, 'c'), "text/plain");
  ASSERT_TRUE(echoed) << httplib::to_string(echoed.error());
  EXPECT_EQ(echoed->body, std::string(1000, 'c'));
  const std::string r = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
  EXPECT_EQ(count_of(tls_exchange(port_, r + r + "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                     "HTTP/1.1 200 OK"),
            3);
  const std::string chunk(800, 'b');
  const std::string post = "POST /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n";
  const std::string over = tls_exchange(port_, post + "320\r\n" + chunk + "\r\n320\r\n" + chunk + "\r\n0\r\n\r\n");
  EXPECT_EQ(over.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << over.substr(0, 300);
  EXPECT_NE(over.find("413 the body's chunks come to 1600 bytes so far: the service takes at most 1024"),
            std::string::npos)
      << over.substr(0, 400);
  const std::string within = tls_exchange(port_, post + "320\r\n" + chunk + "\r\n0\r\n\r\n");
  EXPECT_NE(within.find("\r\n\r\n" + chunk), std::string::npos) << within.substr(0, 300);
  const std::string ambiguous = tls_exchange(
      port_, "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
             "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(ambiguous.rfind("HTTP/1.1 400", 0), 0u) << ambiguous;
  EXPECT_EQ(count_of(ambiguous, "HTTP/1.1 "), 1) << ambiguous;
  const std::string compressed = tls_exchange(
      port_, "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Encoding: br\r\nContent-Length: 16\r\n\r\n");
  EXPECT_EQ(compressed.rfind("HTTP/1.1 415 Unsupported Media Type\r\n", 0), 0u) << compressed.substr(0, 300);
  const std::string long_header =
      tls_exchange(port_, "GET /hello HTTP/1.1\r\nHost: x\r\nCookie: " + std::string(9000, 'c') + "\r\n\r\n");
  EXPECT_EQ(long_header.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0), 0u) << long_header.substr(0, 300);
  EXPECT_EQ(server_->oversized(), 1u);
  EXPECT_EQ(server_->long_headers(), 1u);
  EXPECT_EQ(server_->handshakes_cut(), 0u);
}

// A certificate or key that cannot be used is said at the start, naming
// the file and why (the service said only that the pair could not be used).
TEST_F(GuardedTlsTest, ACertificateOrKeyThatCannotBeUsedIsNamed) {
  GuardedServer server(64, 1000ms);
  const std::string cert = (dir_ / "web.crt").string();
  const std::string key = (dir_ / "web.key").string();
  EXPECT_NE(server.use_tls(cert + ".none", key).find("cannot read the certificate " + cert + ".none (PEM): "),
            std::string::npos);
  EXPECT_NE(server.use_tls(cert, cert).find("cannot read the key " + cert + " (PEM, unencrypted): "), std::string::npos);
  const std::string other = "cd " + dir_.string() +
                            " && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
                            " -subj /CN=other -keyout other.key -out other.crt >/dev/null 2>&1";
  ASSERT_EQ(std::system(other.c_str()), 0);
  const std::string other_key = (dir_ / "other.key").string();
  EXPECT_NE(server.use_tls(cert, other_key).find("the key " + other_key + " is not the certificate's (" + cert + "): "),
            std::string::npos)
      << server.use_tls(cert, other_key);
  EXPECT_FALSE(server.tls());
  EXPECT_EQ(server.use_tls(cert, key), "");
  EXPECT_TRUE(server.tls());
}

}  // namespace over_tls
}  // namespace
}  // namespace tabula::hub::web

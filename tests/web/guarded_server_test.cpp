// The browser service's HTTP guards (arbiter/hub/web/guarded_server.h), on a
// server of their own over loopback: slow senders cut at the request's
// deadline, one address's connections bounded, pipelined requests each
// answered, and the request rules (a NUL in the address, two framings,
// Range). Raw sockets: the client sends exactly the bytes an attacker would.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "hub/web/guarded_server.h"

namespace tabula::hub::web {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

class GuardedServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) / ("guarded-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    std::ofstream(dir_ / "a.txt") << std::string(1000, 'a');
    start(1500ms);
  }
  // A server whose requests have `deadline` each.
  void start(std::chrono::milliseconds deadline) {
    server_ = std::make_unique<GuardedServer>(4, deadline);
    guard_requests(*server_, 1024, names_);
    server_->set_payload_max_length(1024);
    // A read waits 5 s, or the whole deadline when that is longer.
    server_->set_read_timeout(std::max<time_t>(5, std::chrono::duration_cast<std::chrono::seconds>(deadline).count()), 0);
    server_->set_keep_alive_timeout(30);
    ASSERT_TRUE(server_->set_mount_point("/", dir_.string()));
    server_->Get("/hello", [](const httplib::Request&, httplib::Response& res) { res.set_content("hi", "text/plain"); });
    server_->Post("/echo", [](const httplib::Request& req, httplib::Response& res) { res.set_content(req.body, "text/plain"); });
    port_ = server_->bind_to_any_port("127.0.0.1");
    ASSERT_GT(port_, 0);
    listener_ = std::thread([this] { server_->listen_after_bind(); });
    // cpp-httplib's stop() before its listen has begun is lost (the listen
    // then runs for ever): wait for it (at most 10 s).
    const auto end = Clock::now() + 10s;
    while (!server_->is_running() && Clock::now() < end) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(server_->is_running()) << "the server did not start listening within 10 s";
  }
  void stop() {
    server_->stop();
    if (listener_.joinable()) listener_.join();
  }
  void TearDown() override {
    stop();
    std::filesystem::remove_all(dir_);
  }

  // A connected socket whose reads give up after `timeout`.
  int connect_raw(std::chrono::milliseconds timeout = 10000ms) const {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port_));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval tv{static_cast<time_t>(timeout.count() / 1000), static_cast<suseconds_t>(timeout.count() % 1000 * 1000)};
    ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    EXPECT_EQ(::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    return s;
  }
  static bool send_all(int s, const std::string& bytes) {
    return ::send(s, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  }
  // Everything the server sends until it closes (or the read times out).
  static std::string read_all(int s) {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::recv(s, buf, sizeof buf, 0)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    return out;
  }
  std::string exchange(const std::string& request) const {
    const int s = connect_raw();
    send_all(s, request);
    std::string out = read_all(s);
    ::close(s);
    return out;
  }

  // exchange() again (a loaded machine) until the answer holds `want`, at
  // most 60 s (only a failing test waits that long: s13, was 10 s); the last answer.
  std::string exchange_until(const std::string& request, const std::string& want) const {
    std::string out;
    for (const auto start = Clock::now(); Clock::now() - start < 60s; std::this_thread::sleep_for(50ms)) {
      out = exchange(request);
      if (out.find(want) != std::string::npos) break;
    }
    return out;
  }

  std::vector<std::string> names_;  // --host-names (none: writes asked against the machine's own)
  std::filesystem::path dir_;
  std::unique_ptr<GuardedServer> server_;
  int port_ = 0;
  std::thread listener_;
};

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST_F(GuardedServerTest, ASenderOfOneHeaderLineAtATimeIsCutAtTheRequestsDeadline) {
  // cpp-httplib's own timeout is per read (5 s here): a line every 200 ms
  // kept the connection, and its thread, for as long as the sender liked.
  const int s = connect_raw(200ms);
  ASSERT_TRUE(send_all(s, "GET /hello HTTP/1.1\r\nHost: x\r\n"));
  const auto start = Clock::now();
  bool closed = false;
  while (!closed && Clock::now() - start < 12s) {
    std::this_thread::sleep_for(200ms);
    char c;
    closed = !send_all(s, "X-Slow: y\r\n") || ::recv(s, &c, 1, 0) == 0;
  }
  ::close(s);
  EXPECT_TRUE(closed) << "still open after 12 s of trickled header lines (deadline 1.5 s)";
  // A whole request on a new connection is answered.
  EXPECT_NE(exchange("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"), std::string::npos);
}

TEST_F(GuardedServerTest, OneAddressHoldsAtMostItsLimitOfConnectionsTheNextIsTold429) {
  std::vector<int> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(connect_raw());  // connected, not a byte sent (the keep-alive wait: 30 s)
  }
  // The four are taken by the server's threads (admitted) before the fifth
  // is sent. Waited for (session 29): the pool's threads pick connections up
  // in parallel, so a fifth sent at once could be admitted before the fourth
  // held one, which was then the one refused and the fifth answered 200 on
  // every try (Debian 13, 1 run in ~60).
  for (const auto end = Clock::now() + 10s; server_->open_from("127.0.0.1") < 4 && Clock::now() < end;)
    std::this_thread::sleep_for(1ms);
  ASSERT_EQ(server_->open_from("127.0.0.1"), 4u);
  const std::string hello = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const std::string refused = exchange_until(hello, "429");
  EXPECT_NE(refused.find("HTTP/1.1 429 Too Many Requests"), std::string::npos) << refused;
  EXPECT_NE(refused.find("too many connections from your address (at most 4 at once)"), std::string::npos) << refused;
  EXPECT_GE(server_->refused(), 1u);
  for (int s : held) ::close(s);
  // Closed, they no longer count: a request is answered again.
  const std::string answer = exchange_until(hello, "\r\n\r\nhi");
  EXPECT_NE(answer.find("\r\n\r\nhi"), std::string::npos) << answer;
}

TEST_F(GuardedServerTest, PipelinedRequestsAreEachAnswered) {
  // cpp-httplib 0.11 read ahead into a buffer it dropped after the first
  // request: the second answer was a 400.
  const std::string r = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string out = exchange(r + r + "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(count_of(out, "HTTP/1.1 200 OK"), 3) << out;
  EXPECT_EQ(count_of(out, "HTTP/1.1 400"), 0) << out;
}

TEST_F(GuardedServerTest, ANulInTheAddressIsRefusedNotCutShort) {
  const std::string out = exchange("GET /a.txt%00.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_NE(out.find("HTTP/1.1 400"), std::string::npos) << out;
  EXPECT_NE(out.find("the address holds a control character"), std::string::npos) << out;
  EXPECT_EQ(out.find("aaaa"), std::string::npos) << out;
  EXPECT_NE(exchange("GET /a.txt%01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("HTTP/1.1 400"),
            std::string::npos);
}

TEST_F(GuardedServerTest, RangeIsIgnoredSoOverlappingRangesCannotMultiplyTheAnswer) {
  auto ask = [&](const std::string& range) {
    return exchange("GET /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\nRange: " + range + "\r\n\r\n");
  };
  for (const char* range : {"bytes=0-10", "bytes=0-,0-,0-,0-,0-,0-,0-,0-,0-,0-"}) {
    const std::string out = ask(range);
    EXPECT_EQ(out.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << range << "\n" << out.substr(0, 300);
    const std::size_t body = out.find("\r\n\r\n");
    ASSERT_NE(body, std::string::npos) << range;
    EXPECT_EQ(out.substr(body + 4), std::string(1000, 'a')) << range;  // the file once, whole
  }
  // A range that is no range is still refused by the library, clearly.
  EXPECT_EQ(ask("bytes=5-1").rfind("HTTP/1.1 416", 0), 0u);
}

TEST_F(GuardedServerTest, ARequestWithTwoFramingsIsRefusedAndWhatFollowsIsNotAnswered) {
  // Content-Length says 4 bytes of body, chunked says 5: a proxy reading one
  // and the service the other would answer a request the proxy never saw.
  const std::string out = exchange(
      "POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
      "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_NE(out.find("HTTP/1.1 400"), std::string::npos) << out;
  EXPECT_NE(out.find("both Content-Length and Transfer-Encoding"), std::string::npos) << out;
  EXPECT_EQ(count_of(out, "HTTP/1.1 "), 1) << out;  // the smuggled GET is not answered
}

// Session 16, the attacker's round: more framings a proxy in front and the
// service could read two ways (RFC 9112 6.1, 6.3). Each is 400 and closes
// the connection, so the request behind it is not answered. Before: two
// Content-Lengths that differ were read by the first (a proxy that reads
// the last sees the GET behind as body, the service answered it: a request
// the proxy never saw); a Transfer-Encoding that is not chunked alone, an
// unknown one, a Content-Length that is not digits only.
TEST_F(GuardedServerTest, EveryAmbiguousFramingIsRefusedAndWhatFollowsIsNotAnswered) {
  const std::string behind = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const std::pair<std::string, std::string> shapes[] = {
      {"Content-Length: 0\r\nContent-Length: 56\r\n", "two Content-Length values"},
      {"Content-Length: 0, 56\r\n", "Content-Length \"0, 56\" is not digits only"},
      {"Content-Length: +0\r\n", "Content-Length \"+0\" is not digits only"},
      {"Content-Length: 0x0\r\n", "Content-Length \"0x0\" is not digits only"},
      {"Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", "Transfer-Encoding"},
      {"Transfer-Encoding: identity\r\n", "Transfer-Encoding"},
      {"Transfer-Encoding: xchunked\r\n", "Transfer-Encoding"},
      {"Transfer-Encoding: chunked, identity\r\n", "Transfer-Encoding"},
      {"transfer-encoding: Chunked\r\n", "Transfer-Encoding \"Chunked\""},
      {"Content-Length: 51\r\n", "a GET request has no body here"},
      {"Transfer-Encoding: chunked\r\n", "a GET request has no body here"},
  };
  for (const auto& [headers, words] : shapes) {
    const std::string out = exchange("GET /hello HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n" + behind);
    EXPECT_EQ(out.rfind("HTTP/1.1 400", 0), 0u) << headers << out;
    EXPECT_NE(out.find(words), std::string::npos) << headers << out;
    EXPECT_EQ(count_of(out, "HTTP/1.1 "), 1) << headers << out;  // the GET behind is not answered
  }
  // Each framing alone and plain is read as before: a POST chunked, by one
  // length, by the same length twice; a GET with a length of 0.
  const std::pair<std::string, std::string> plain[] = {
      {"POST /echo", "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"},
      {"POST /echo", "Content-Length: 3\r\n\r\nabc"},
      {"POST /echo", "Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc"},
      {"GET /hello", "Content-Length: 0\r\n\r\n"},
  };
  for (const auto& [start, rest] : plain) {
    // (A write names the service: s19's Host rule.)
    const std::string out = exchange(start + " HTTP/1.1\r\nHost: localhost\r\n" + rest + behind);
    EXPECT_EQ(count_of(out, "HTTP/1.1 200"), 2) << rest << out;
    if (start == "POST /echo") {
      EXPECT_NE(out.find("\r\n\r\nabcHTTP/1.1 200"), std::string::npos) << rest << out;
    }
  }
}

// Session 16, probed and held: the folder's files only, whatever the
// spelling of a way out (the library refuses "..", decoded or not). A
// secret beside the folder stands for /etc/passwd.
TEST_F(GuardedServerTest, NoSpellingOfAWayOutOfTheFolderServesAFileOutsideIt) {
  const std::filesystem::path secret = dir_.parent_path() / ("secret-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(secret) << "SECRET-BESIDE-THE-FOLDER";
  const std::string name = secret.filename().string();
  for (const std::string& path :
       {"/../" + name, "/%2e%2e/" + name, "/%2E%2E%2F" + name, "/a.txt/../../" + name, "/..%2f" + name,
        "/.%2e/" + name, "/..\\" + name, "//../" + name, "/%252e%252e/" + name, "/./../" + name}) {
    const std::string out = exchange("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(out.find("SECRET-BESIDE-THE-FOLDER"), std::string::npos) << path << "\n" << out;
    EXPECT_EQ(out.rfind("HTTP/1.1 200", 0), std::string::npos) << path << "\n" << out;
  }
  std::filesystem::remove(secret);
  EXPECT_EQ(exchange("GET /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").rfind("HTTP/1.1 200", 0), 0u);
}

// Session 16: a request's head is bounded in bytes, not only in time. Each
// header line is within the library's limit, but their number was not: 2 MB
// of short header lines (10 s at a hall's Wi-Fi; gigabytes on a fast link)
// were read and held as one request, and answered 200.
TEST_F(GuardedServerTest, AHeadOfEndlessShortHeaderLinesIsRefusedNotHeld) {
  std::string head = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
  for (int i = 0; i < 200000; ++i) head += "X-A: b\r\n";
  head += "\r\n";
  const int sock = connect_raw();
  send_all(sock, head);  // the server may close before all of it is sent
  const std::string out = read_all(sock);
  ::close(sock);
  EXPECT_EQ(out.find("HTTP/1.1 200"), std::string::npos) << out.substr(0, 200);
  // Session 23: told so at the 101st line (Debian 13's library stops there
  // with a bare 400; Debian 12's has no such limit).
  EXPECT_EQ(out.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0), 0u) << out.substr(0, 200);
  EXPECT_NE(out.find("431 the request has more than 100 header lines: the service reads at most 100; the request was "
                     "not read"),
            std::string::npos)
      << out.substr(0, 400);
  // A head of ordinary size (7 KB) is answered as before, in 40 fields: Debian
  // 13's cpp-httplib 0.18 refuses a head of more than 100 (its
  // CPPHTTPLIB_HEADER_MAX_COUNT; 0.11 has no such limit), and 102 failed there.
  std::string ordinary = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
  for (int i = 0; i < 40; ++i) ordinary += "X-Header-" + std::to_string(i) + ": " + std::string(170, 'v') + "\r\n";
  EXPECT_EQ(exchange(ordinary + "\r\n").rfind("HTTP/1.1 200", 0), 0u);
}

// Session 18: a request over the bound (here a 300 KB address) was closed
// without a word; now it is told 413 and why, and the server counts it.
TEST_F(GuardedServerTest, ARequestOverTheBoundIsToldSoNotClosedWithoutAWord) {
  const std::string out = exchange("GET /" + std::string(300 * 1024, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(out.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << out.substr(0, 200);
  EXPECT_NE(out.find("413 the request is over 256 KiB (its address, headers and body together): it was not read"),
            std::string::npos)
      << out.substr(0, 400);
  EXPECT_EQ(server_->oversized(), 1u);
  // A request within the bound is still answered.
  EXPECT_NE(exchange("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"),
            std::string::npos);
}

// Session 23: an address over the library's limit (8192 bytes, the request
// line's CRLF included) is told 414 in words, whatever its length below the
// request's bound: Debian 13's cpp-httplib (0.18) stops reading a line at
// 32768 bytes and closed such a request without a word, and the library's
// own 414 (both releases) had no words. A line at the limit is read.
TEST_F(GuardedServerTest, AnAddressOverTheLibrarysLimitIsTold414InWords) {
  for (std::size_t bytes : {10u * 1024, 40u * 1024, 200u * 1024}) {
    // "GET /" (5) + path + " HTTP/1.1\r\n" (11).
    const std::string out =
        exchange("GET /" + std::string(bytes - 16, 'p') + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(out.rfind("HTTP/1.1 414 URI Too Long\r\n", 0), 0u) << bytes << ": " << out.substr(0, 300);
    EXPECT_NE(out.find("414 the request line is " + std::to_string(bytes) +
                       " bytes (its address too long): the service reads request lines of at most 8192 bytes (method, "
                       "address and version together); the request was not read\n"),
              std::string::npos)
        << bytes << ": " << out.substr(0, 400);
  }
  EXPECT_EQ(server_->long_addresses(), 3u);
  // At the limit (8192 with CRLF): read, and answered (404: no such file); one byte over: 414.
  const std::string at_limit = "GET /" + std::string(8192 - 16, 'p') + " HTTP/1.1\r\n";
  EXPECT_EQ(exchange(at_limit + "Host: x\r\nConnection: close\r\n\r\n").rfind("HTTP/1.1 404", 0), 0u);
  EXPECT_EQ(exchange("GET /p" + at_limit.substr(5) + "Host: x\r\n\r\n").rfind("HTTP/1.1 414", 0), 0u);
  EXPECT_EQ(server_->long_addresses(), 4u);
  // Pipelined behind a request that is answered: the first answered, then the 414.
  const std::string two = exchange("GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /" + std::string(20000, 'q') +
                                   " HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(two.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << two.substr(0, 300);
  EXPECT_NE(two.find("\r\n\r\nhiHTTP/1.1 414 URI Too Long\r\n"), std::string::npos) << two.substr(0, 600);
  // A sender that stops inside the long line (no CRLF) is told at the
  // request's deadline (1.5 s here) what was read of it, not held.
  const int s = connect_raw();
  ASSERT_TRUE(send_all(s, "GET /" + std::string(9000, 'p')));
  const std::string cut = read_all(s);
  ::close(s);
  EXPECT_EQ(cut.rfind("HTTP/1.1 414 URI Too Long\r\n", 0), 0u) << cut.substr(0, 300);
  EXPECT_NE(cut.find("414 the request line is more than 9005 bytes (its address too long)"), std::string::npos)
      << cut.substr(0, 400);
}

// Session 23: 100 header lines are read (Debian 13's library takes at most
// 100); the 101st is told 431 in words on both releases.
TEST_F(GuardedServerTest, AHundredHeaderLinesAreReadTheNextIsTold431) {
  auto with = [&](int lines) {
    std::string head = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
    for (int i = 2; i < lines; ++i) head += "X-H" + std::to_string(i) + ": v\r\n";
    return exchange(head + "\r\n");
  };
  EXPECT_NE(with(100).find("\r\n\r\nhi"), std::string::npos);
  const std::string out = with(101);
  EXPECT_EQ(out.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0), 0u) << out.substr(0, 300);
  EXPECT_NE(out.find("431 the request has more than 100 header lines"), std::string::npos) << out.substr(0, 400);
  EXPECT_EQ(server_->long_headers(), 1u);
}

// Session 23: a body over the server's limit (1024 here) is 413 on both
// releases however it is framed (Debian 13's library gained a bound on
// chunked bodies; 0.11 read them whole, then refused).
TEST_F(GuardedServerTest, ABodyOverTheLimitIs413HoweverItIsFramed) {
  const std::string chunk = std::string(800, 'b');
  const std::string start = "POST /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n";
  const std::string chunked =
      exchange(start + "Transfer-Encoding: chunked\r\n\r\n320\r\n" + chunk + "\r\n320\r\n" + chunk + "\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << chunked.substr(0, 300);
  EXPECT_NE(chunked.find("413 the body's chunks come to 1600 bytes so far: the service takes at most 1024; it was not "
                         "read\n"),
            std::string::npos)
      << chunked.substr(0, 400);
  EXPECT_EQ(server_->oversized(), 1u);
  // A chunk size past any bound, or with an extension: the same.
  EXPECT_EQ(exchange(start + "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nb\r\n0\r\n\r\n")
                .rfind("HTTP/1.1 413", 0),
            0u);
  EXPECT_EQ(exchange(start + "Transfer-Encoding: chunked\r\n\r\n320;x=y\r\n" + chunk + "\r\n320\r\n" + chunk +
                     "\r\n0\r\n\r\n")
                .rfind("HTTP/1.1 413", 0),
            0u);
  const std::string length = exchange(start + "Content-Length: 1600\r\n\r\n" + chunk + chunk);
  EXPECT_EQ(length.rfind("HTTP/1.1 413", 0), 0u) << length.substr(0, 300);
  // Within it (two chunks, 1024 bytes, an extension; no trailer, which 0.11
  // does not read): echoed,
  // and the request behind it answered.
  const std::string small =
      exchange("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n320;x=y\r\n" + chunk +
               "\r\n0E0\r\n" + std::string(224, 'c') + "\r\n0\r\n\r\n" + start + "Content-Length: 1\r\n\r\nz");
  EXPECT_NE(small.find("\r\n\r\n" + chunk + std::string(224, 'c') + "HTTP/1.1 200"), std::string::npos)
      << small.substr(0, 300);
  EXPECT_NE(small.find("\r\n\r\nz"), std::string::npos) << small.substr(small.size() > 300 ? small.size() - 300 : 0);
}

// Session 29, the attacker's pass: the 16 KiB bound of a chunked body
// (s23) was the guard's own reading of the chunks, and the library reads
// them another way. Its chunk size is strtoul(line, 16): " 320", "+320" and
// "0x320" are 800 bytes to it, 0 (the last chunk) to the guard, which then
// counted nothing more: 1600 bytes reached the handler. And its lines end
// at a bare LF, where the guard's ended at CRLF only: a header line ending
// in LF (the library skips it) hid the Transfer-Encoding line after it from
// the guard, which then read the body as no chunks at all. Now every line
// of the head ends in CRLF and a chunk's size is hexadecimal digits alone
// (RFC 9112 2.2, 7.1), else 400 naming it; what follows is not answered.
TEST_F(GuardedServerTest, AChunkedBodyThatTheGuardAndTheLibraryWouldReadTwoWaysIsRefused) {
  const std::string chunk = std::string(800, 'b');
  const std::string start = "POST /echo HTTP/1.1\r\nHost: localhost\r\n";
  const std::string behind = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const std::pair<std::string, std::string> shapes[] = {
      {"Transfer-Encoding: chunked\r\n\r\n0x320\r\n" + chunk + "\r\n0x320\r\n" + chunk + "\r\n0\r\n\r\n",
       "400 the chunk size line \"0x320\" is not hexadecimal digits"},
      {"Transfer-Encoding: chunked\r\n\r\n 320\r\n" + chunk + "\r\n 320\r\n" + chunk + "\r\n0\r\n\r\n",
       "400 the chunk size line \" 320\" is not hexadecimal digits"},
      {"Transfer-Encoding: chunked\r\n\r\n+320\r\n" + chunk + "\r\n+320\r\n" + chunk + "\r\n0\r\n\r\n",
       "400 the chunk size line \"+320\" is not hexadecimal digits"},
      {"X-A: 1\nTransfer-Encoding: chunked\r\n\r\n320\r\n" + chunk + "\r\n320\r\n" + chunk + "\r\n0\r\n\r\n",
       "400 header line 2 ends in a bare LF"},
  };
  for (const auto& [rest, words] : shapes) {
    const std::string out = exchange(start + rest + behind);
    EXPECT_EQ(out.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << rest.substr(0, 60) << "\n" << out.substr(0, 400);
    EXPECT_NE(out.find(words), std::string::npos) << rest.substr(0, 60) << "\n" << out.substr(0, 400);
    EXPECT_EQ(out.find(chunk), std::string::npos) << "the handler was given the body: " << rest.substr(0, 60);
    EXPECT_EQ(count_of(out, "HTTP/1.1 "), 1) << rest.substr(0, 60) << "\n" << out.substr(0, 400);
  }
}

// Session 29, the attacker's pass: Debian's cpp-httplib (built with zlib
// and brotli) unpacked a request's body as its Content-Encoding said, into
// memory, with no bound: the payload limit counts the bytes sent. 841 bytes
// of brotli took tabula-hub-web from 20 MB to 1,085 MB (docs/HUB.md). Here
// 530 bytes of gzip (512 KiB of zeros), within the 1024-byte limit, reached
// the handler as 524,288 bytes. Now any Content-Encoding is 415, unread,
// and the request behind it is not answered.
TEST_F(GuardedServerTest, ACompressedBodyIsRefusedUnreadNotUnpacked) {
  std::string gzip;
  if (std::FILE* p = ::popen("head -c 524288 /dev/zero | gzip -9 -c", "r")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) gzip.append(buf, n);
    ::pclose(p);
  }
  ASSERT_GT(gzip.size(), 100u);
  ASSERT_LT(gzip.size(), 1024u);  // within the payload limit as sent
  const std::string behind = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  for (const std::string coding : {"gzip", "deflate", "br", "identity"}) {
    const std::string out = exchange("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Encoding: " + coding +
                                     "\r\nContent-Length: " + std::to_string(gzip.size()) + "\r\n\r\n" + gzip + behind);
    EXPECT_EQ(out.rfind("HTTP/1.1 415 Unsupported Media Type\r\n", 0), 0u) << coding << ": " << out.substr(0, 300);
    EXPECT_NE(out.find("415 a body with Content-Encoding \"" + coding +
                       "\": the service takes bodies as sent, not compressed (a few bytes may unpack to gigabytes); "
                       "it was not read\n"),
              std::string::npos)
        << out.substr(0, 400);
    EXPECT_LT(out.size(), 2000u) << coding << ": the body was unpacked and echoed";
    EXPECT_EQ(count_of(out, "HTTP/1.1 "), 1) << coding << ": " << out.substr(0, 400);
  }
}

// (Session 29's test of a chunked body over TLS, refused 411 by the
// library's own TLS loop, is now tests/web/guarded_tls_test.cpp's: the
// guarded loop bounds it over TLS as over HTTP, session 31.)

// Session 18: another site's page may not write (a form's POST needs no
// permission: a page the arbiter visited posted wrong tokens to the login
// and locked the arbiter's address out). The browser names the page's site
// in Origin and Sec-Fetch-Site; a program that names neither is served, and
// reads are public.
TEST_F(GuardedServerTest, AWriteFromAnotherSitesPageIsRefusedBeforeAnyHandler) {
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  auto post = [&](const std::string& headers) {
    return exchange("POST /echo HTTP/1.1\r\nHost: " + host + "\r\n" + headers +
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 11\r\nConnection: close\r\n\r\n"
                    "token=wrong");
  };
  for (const std::string& foreign :
       {std::string("Origin: https://evil.example\r\n"), std::string("Origin: null\r\n"),
        "Origin: http://" + host + ".evil.example\r\n", std::string("Sec-Fetch-Site: cross-site\r\n"),
        std::string("Sec-Fetch-Site: same-site\r\n"),
        "Origin: http://" + host + "\r\nSec-Fetch-Site: cross-site\r\n"}) {
    const std::string out = post(foreign);
    EXPECT_EQ(out.rfind("HTTP/1.1 403", 0), 0u) << foreign << out.substr(0, 200);
    EXPECT_NE(out.find("403 a POST from another site's page ("), std::string::npos) << out;
    EXPECT_EQ(out.find("token=wrong"), std::string::npos) << "the handler ran: " << out;
  }
  for (const std::string& own : {std::string(""), "Origin: http://" + host + "\r\n",
                                 "Origin: https://" + host + "\r\nSec-Fetch-Site: same-origin\r\n",
                                 std::string("Origin: https://hall.example\r\nX-Forwarded-Host: hall.example\r\n")}) {
    const std::string out = post(own);
    EXPECT_EQ(out.rfind("HTTP/1.1 200", 0), 0u) << own << out.substr(0, 200);
    EXPECT_NE(out.find("\r\n\r\ntoken=wrong"), std::string::npos) << out;
  }
  EXPECT_NE(exchange("GET /hello HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\n"
                     "Connection: close\r\n\r\n")
                .find("\r\n\r\nhi"),
            std::string::npos);
}

// Session 18: "Expect: 100-continue" with a body over the bound was told
// "100 Continue", then held to the request's deadline and answered 413; now
// 413 at once, before the body is sent. A body within the bound continues.
TEST_F(GuardedServerTest, ExpectContinueForABodyOverTheBoundIsRefusedAtOnce) {
  // A 20 s deadline, so that "at once" has room on a loaded machine (s22: the
  // bound was 1.4 s against the fixture's 1.5 s deadline).
  stop();
  start(20s);
  const int s = connect_raw(30000ms);
  const auto start = Clock::now();
  ASSERT_TRUE(send_all(s, "POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1000000000\r\n\r\n"));
  const std::string out = read_all(s);  // the server closes after its 413
  const auto took = Clock::now() - start;
  ::close(s);
  EXPECT_EQ(out.rfind("HTTP/1.1 413", 0), 0u) << out;
  EXPECT_NE(out.find("413 a body of \"1000000000\" bytes: the service takes at most 1024; it was not sent"),
            std::string::npos)
      << out;
  EXPECT_LT(took, 10s) << "the refusal waited for a body (the deadline is 20 s; before s18: 6.7 s of 1.5)";
  const std::string small = exchange("POST /echo HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 5\r\n"
                                     "Connection: close\r\n\r\nhello");
  EXPECT_EQ(small.rfind("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200", 0), 0u) << small;
}

// Session 19: a header line over cpp-httplib's limit (8192 bytes with its
// CRLF) was answered "400 a request the service cannot read", as if the
// request were garbage: a browser whose cookies grew past it is now told 431
// and which header. A line at the limit is read; a request line over its
// own limit is still 414.
TEST_F(GuardedServerTest, AHeaderLineOverTheLibrarysLimitIsTold431NamingIt) {
  const std::string start = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
  // "Cookie: " (8) + 9000 + CRLF: 9010 bytes.
  const std::string out = exchange(start + "Cookie: " + std::string(9000, 'c') + "\r\nX-After: 1\r\n\r\n");
  EXPECT_EQ(out.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0), 0u) << out.substr(0, 300);
  EXPECT_NE(out.find("431 the header line \"Cookie\" is 9010 bytes: the service reads header lines of at most 8192 "
                     "bytes (a cookie included); the request was not read"),
            std::string::npos)
      << out.substr(0, 400);
  EXPECT_EQ(out.find("hi"), std::string::npos) << out;
  EXPECT_EQ(server_->long_headers(), 1u);
  // A name that is itself the long part is cut, its control bytes as '?'.
  const std::string nameless = exchange(start + "X\x01" + std::string(9000, 'n') + ": v\r\n\r\n");
  EXPECT_NE(nameless.find("431 the header line \"X?" + std::string(38, 'n') + "...\" is 9007 bytes"), std::string::npos)
      << nameless.substr(0, 400);
  // At the limit (8192 with CRLF): read and answered; one byte over: 431.
  const std::string at_limit = "X-A: " + std::string(8192 - 2 - 5, 'a');
  EXPECT_NE(exchange(start + at_limit + "\r\n\r\n").find("\r\n\r\nhi"), std::string::npos);
  EXPECT_EQ(exchange(start + at_limit + "a\r\n\r\n").rfind("HTTP/1.1 431", 0), 0u);
  // Session 23: a line over 32 KiB is read to its end and told 431 too
  // (Debian 13's library stops reading a line at 32768 bytes: a bare 400).
  const std::string huge = exchange(start + "Cookie: " + std::string(40000, 'c') + "\r\n\r\n");
  EXPECT_EQ(huge.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0), 0u) << huge.substr(0, 300);
  EXPECT_NE(huge.find("431 the header line \"Cookie\" is 40010 bytes: the service reads header lines of at most 8192"),
            std::string::npos)
      << huge.substr(0, 400);
  // The request line has its own limit and answer (session 23: in words).
  EXPECT_EQ(exchange("GET /" + std::string(9000, 'p') + " HTTP/1.1\r\nHost: x\r\n\r\n").rfind("HTTP/1.1 414", 0), 0u);
  // Another unreadable request is 400 as before, not taken for a 431.
  EXPECT_EQ(exchange("GET /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                .rfind("HTTP/1.1 400", 0),
            0u);
  EXPECT_EQ(server_->long_headers(), 4u);
}

// Session 19, DNS rebinding: with no names configured a write (a POST)
// must name the service by an IP address, localhost or the machine's own
// name; a read may name anything (what a spectator reads is public).
TEST_F(GuardedServerTest, AWriteUnderANameTheServiceDoesNotAnswerToIsRefused421) {
  auto post = [&](const std::string& host) {
    return exchange("POST /echo HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host +
                    "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 11\r\n"
                    "Connection: close\r\n\r\ntoken=wrong");
  };
  const std::string port = ":" + std::to_string(port_);
  for (const std::string& host : {"evil.example" + port, std::string("127.0.0.1.nip.io"), "localhost.evil.example" + port,
                                 std::string("evil.example:80@127.0.0.1")}) {
    const std::string out = post(host);
    EXPECT_EQ(out.rfind("HTTP/1.1 421", 0), 0u) << host << ": " << out.substr(0, 300);
    EXPECT_NE(out.find("421 the Host \"" + host.substr(0, 20)), std::string::npos) << out;
    EXPECT_NE(out.find("is not a name of this service: it answers to localhost, "), std::string::npos) << out;
    EXPECT_NE(out.find("tabula-hub-web --host-names NAME,... names the hall's"), std::string::npos) << out;
    EXPECT_EQ(out.find("token=wrong"), std::string::npos) << "the handler ran: " << out;
  }
  char own[256] = "";
  ASSERT_EQ(::gethostname(own, sizeof own - 1), 0);
  for (const std::string& host : {"127.0.0.1" + port, "LOCALHOST." + port, "[::1]" + port, std::string("10.1.2.3"),
                                 std::string(own) + port}) {
    const std::string out = post(host);
    EXPECT_NE(out.find("\r\n\r\ntoken=wrong"), std::string::npos) << host << ": " << out.substr(0, 300);
  }
  EXPECT_NE(exchange("GET /hello HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n").find("\r\n\r\nhi"),
            std::string::npos);
  // Two Hosts: 400 (the library read the first; a proxy may read the other).
  const std::string twice = exchange("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n");
  EXPECT_EQ(twice.rfind("HTTP/1.1 400", 0), 0u) << twice;
  EXPECT_NE(twice.find("400 the Host header is given 2 times: one only"), std::string::npos) << twice;
}

// Session 19: with --host-names every request must use one of them (any
// case, a final dot, any port), localhost or an IP address.
class GuardedServerNamesTest : public GuardedServerTest {
 protected:
  void SetUp() override {
    names_ = {"Tabula.Club", "hall-7"};
    GuardedServerTest::SetUp();
  }
};

TEST_F(GuardedServerNamesTest, EveryRequestUnderAnotherNameIsRefused421) {
  auto get = [&](const std::string& host) {
    return exchange("GET /hello HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
  };
  for (const char* host : {"evil.example:8080", "tabula.club.evil.example", "club", "hall-7x", "[::1"}) {
    const std::string out = get(host);
    EXPECT_EQ(out.rfind("HTTP/1.1 421", 0), 0u) << host << ": " << out.substr(0, 300);
    EXPECT_NE(out.find("is not a name of this service: it answers to tabula.club, hall-7, localhost and its IP "
                       "addresses\n"),
              std::string::npos)
        << out;
  }
  for (const char* host : {"tabula.club:8080", "TABULA.CLUB.", "hall-7", "192.168.1.10:8080", "[fe80::1]:80",
                                 "localhost"}) {
    EXPECT_NE(get(host).find("\r\n\r\nhi"), std::string::npos) << host;
  }
  // HTTP/1.0 with no Host (a program; a browser always sends it) is served.
  EXPECT_NE(exchange("GET /hello HTTP/1.0\r\n\r\n").find("\r\n\r\nhi"), std::string::npos);
  EXPECT_EQ(host_names_problem({"tabula.club", "hall-7"}), "");
  EXPECT_NE(host_names_problem({"tabula.club:8080"}).find("holds ':'"), std::string::npos);
  EXPECT_NE(host_names_problem({"https://x"}).find("holds ':'"), std::string::npos);
  EXPECT_EQ(host_names_problem({"tabula.club", ""}), "an empty name (a comma too many?)");
}

// Session 18: slow senders from many addresses (each within the per-address
// limit) held every thread of the pool, and a request on the side waited
// for the request's deadline (10 s in the service), again each time they
// reconnected. While the pool is nearly full, a connection that has not
// sent its whole request, or waits idle for its next, is cut after the
// crowded wait (here 300 ms): the request on the side is answered within
// about that.
TEST(GuardedServerCrowding, SlowAndIdleConnectionsFillingThePoolAreCutSoOthersAreServed) {
  GuardedServer server(0, 20000ms);  // no per-address limit: the many addresses of an attack
  guard_requests(server, 1024);
  server.new_task_queue = [] { return new httplib::ThreadPool(8); };
  server.set_crowding(8, 300ms);
  server.set_read_timeout(30, 0);
  server.set_keep_alive_timeout(30);
  server.Get("/hello", [](const httplib::Request&, httplib::Response& res) { res.set_content("hi", "text/plain"); });
  const int port = server.bind_to_any_port("127.0.0.1");
  ASSERT_GT(port, 0);
  std::thread listener([&] { server.listen_after_bind(); });
  auto open = [port] {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval tv{15, 0};
    ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    EXPECT_EQ(::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    return s;
  };
  // Four idle, four half a head: the pool's eight threads.
  std::vector<int> slow;
  for (int i = 0; i < 8; ++i) {
    slow.push_back(open());
    if (i % 2 == 1) ::send(slow.back(), "GET /hello HTTP/1.1\r\nHost: x\r\n", 31, MSG_NOSIGNAL);
  }
  std::this_thread::sleep_for(100ms);
  const auto start = Clock::now();
  const int s = open();
  const std::string request = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  ::send(s, request.data(), request.size(), MSG_NOSIGNAL);
  std::string out;
  char buf[1024];
  for (ssize_t n; (n = ::recv(s, buf, sizeof buf, 0)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  const auto took = Clock::now() - start;
  ::close(s);
  EXPECT_NE(out.find("\r\n\r\nhi"), std::string::npos) << out;
  // 300 ms, and a loaded machine's scheduling; without the rule: the 20 s
  // deadline (the socket's 15 s read timeout gives up first).
  EXPECT_LT(took, 5s) << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
  for (int fd : slow) ::close(fd);
  server.stop();
  listener.join();
}

}  // namespace
}  // namespace tabula::hub::web

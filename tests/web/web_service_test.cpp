// tabula-hub-web's service against a real Mosquitto and journaled boards
// (issue 34): spectators see every board live, the feeds parse in
// pgn-extract and replay in `tabula replay`, the arbiter's action reaches the
// board, the delay holds, a broker kill shows "reconnecting" and loses
// nothing, hostile requests are refused, the push reaches a broadcast mock.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <filesystem>
#include <fstream>
#include <thread>

#include "../hub/broker.h"
#include "../journal/journal_fixture.h"
#include "hub/hub_client.h"
#include "hub/sim_board.h"
#include "hub/web/board_patch.h"
#include "core/utf8_text.h"
#include "hub/web/web_service.h"

namespace tabula::hub::web {
namespace {

using namespace std::chrono_literals;
using hub::testing::Broker;
using hub::testing::eventually;
using hub::testing::TempDir;
using journal::testing::kFfaOpening;
using journal::testing::kScholarsMate;
using journal::testing::script_inputs;

constexpr auto kWait = 20s;
const char* const kToken = "arbiter-token-0123";

ArbiterKey arbiter_key() {
  ArbiterKey k;
  k.secret = "0123456789abcdef0123456789abcdef";
  return k;
}

BrokerConfig at(int port) {
  BrokerConfig b;
  b.port = port;
  b.keepalive_s = 5;
  return b;
}

std::unique_ptr<SimBoard> open_board(const TempDir& dir, const std::string& name, const std::string& variant,
                                     const BrokerConfig& broker) {
  SimBoardConfig c;
  c.variant = variant;
  c.journal_path = dir.file(name + ".db");
  c.event = "club";
  c.board = name;
  c.players = variant == "chess" ? std::vector<std::string>{"Ann", "Bob"}
                                 : std::vector<std::string>{"Ann", "Bob", "Cid", "Dee"};
  c.broker = broker;
  c.key = arbiter_key();
  c.board_key = hub::testing::test_board_key(name);  // boards sign, the hub checks (issue 28)
  std::string error;
  auto b = SimBoard::open(c, error);
  EXPECT_TRUE(b) << error;
  return b;
}

// A hub client and the web service on it, as tabula-hub-web composes them.
struct Web {
  std::unique_ptr<HubClient> client;
  std::unique_ptr<WebService> service;
  std::string base() const { return "http://127.0.0.1:" + std::to_string(service->port()); }
};

Web open_web(const BrokerConfig& broker, WebOptions o, const std::string& id) {
  HubConfig c;
  c.event = "club";
  c.broker = broker;
  c.key = arbiter_key();
  c.board_keys = hub::testing::test_board_keys();
  c.client_id = id;
  std::string error;
  Web w;
  w.client = HubClient::start(c, error);
  EXPECT_TRUE(w.client) << error;
  EXPECT_TRUE(eventually([&] { return w.client->status().subscribed; }, kWait));
  HubAccess a = access_of(*w.client);
  o.port = 0;
  o.www_dir = TABULA_WWW_DIR;
  if (o.arbiter_token.empty()) o.arbiter_token = kToken;
  w.service = WebService::start(o, a, error);
  EXPECT_TRUE(w.service) << error;
  return w;
}

// Feeds the inputs; `finish`: then ticks until the last move settled.
void play(SimBoard& b, const std::vector<session::Input>& inputs, bool finish = true) {
  std::string error;
  for (const auto& in : inputs) ASSERT_TRUE(b.feed(in, error)) << error;
  if (finish) {
    ASSERT_TRUE(b.finish(error)) << error;
  }
}

std::string get(const std::string& base, const std::string& path, int* status = nullptr,
                const httplib::Headers& headers = {}) {
  httplib::Client c(base);
  c.set_read_timeout(10, 0);
  auto r = c.Get(path.c_str(), headers);
  if (status) *status = r ? r->status : -1;
  return r ? r->body : "";
}

httplib::Result post(const std::string& base, const std::string& path, const httplib::Params& params,
                     const httplib::Headers& headers = {}) {
  httplib::Client c(base);
  c.set_read_timeout(10, 0);
  return c.Post(path.c_str(), headers, params);
}

std::string arbiter_cookie(const std::string& base) {
  auto r = post(base, "/api/arbiter/login", {{"token", kToken}});
  if (!r || r->status != 200) return {};
  const std::string set = r->get_header_value("Set-Cookie");
  return set.substr(0, set.find(';'));
}

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

std::string file_text(const std::string& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A spectator's stream: /events appended to `stream` (under `m`) until
// `done` or the service ends it.
std::thread read_events(const std::string& base, std::string& stream, std::mutex& m, std::atomic<bool>& done) {
  return std::thread([&stream, &m, &done, base] {
    httplib::Client c(base);
    c.set_read_timeout(30, 0);
    c.Get("/events", [&](const char* data, std::size_t n) {
      std::lock_guard<std::mutex> g(m);
      stream.append(data, n);
      return !done.load();
    });
  });
}

// t2 plays the FFA opening, then t1 the scholar's mate to the end.
std::vector<std::unique_ptr<SimBoard>> play_mate_and_ffa(const TempDir& dir, int port) {
  std::vector<std::unique_ptr<SimBoard>> boards;
  boards.push_back(open_board(dir, "t1", "chess", at(port)));
  boards.push_back(open_board(dir, "t2", "chesscom-ffa", at(port)));
  play(*boards[1], script_inputs("chesscom-ffa", kFfaOpening, 7));
  play(*boards[0], script_inputs("chess", kScholarsMate, 7));
  return boards;
}

class WebServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup.sh installs it)";
    broker_ = std::make_unique<Broker>(dir_.path());
    std::string error;
    ASSERT_TRUE(broker_->start(error)) << error;
  }
  TempDir dir_;
  std::unique_ptr<Broker> broker_;
};

// Session 22: a service stopped as soon as it was started hung for ever in
// its stop (cpp-httplib drops a stop() that comes before its listen has
// begun; the listener then ran on and the stop waited for it): a
// tabula-hub-web told to stop during its start, or a test failing right after
// opening one. Five starts and stops, each at once, within 60 s.
// Session 29, the attacker's pass: over HTTPS the arbiter's session cookie
// was not Secure, so the browser sent it in clear text to any plain-HTTP
// address of the same host name (a cookie knows no port nor scheme): typed
// without https://, or answered by a hostile hall network, the session went
// to whoever listened. Over HTTPS it is Secure now; over plain HTTP (a hall
// without TLS, localhost) it is not, or the browser would not keep it.
// A self-signed certificate and its key (EC P-256, CN 127.0.0.1) in a
// folder of their own: the options of an HTTPS service (the folder is dir).
WebOptions tls_options(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::string cmd = "cd " + dir.string() +
                          " && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
                          " -subj /CN=127.0.0.1 -keyout web.key -out web.crt >/dev/null 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << "openssl could not make the test certificate";
  WebOptions o;
  o.tls_cert = (dir / "web.crt").string();
  o.tls_key = (dir / "web.key").string();
  return o;
}

TEST_F(WebServiceTest, TheArbitersCookieIsSecureOverHttpsOnly) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("web-tls-" + std::to_string(::getpid()));
  const WebOptions o = tls_options(dir);
  Web tls = open_web(at(broker_->port()), o, "web-tls");
  ASSERT_TRUE(tls.service);
  httplib::SSLClient c("127.0.0.1", tls.service->port());
  c.enable_server_certificate_verification(false);
  c.set_read_timeout(10, 0);
  auto in = c.Post("/api/arbiter/login", httplib::Params{{"token", kToken}});
  ASSERT_TRUE(in) << httplib::to_string(in.error());
  ASSERT_EQ(in->status, 200) << in->body;
  EXPECT_EQ(in->get_header_value("Set-Cookie").substr(in->get_header_value("Set-Cookie").find(';')),
            "; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure");
  auto out = c.Post("/api/arbiter/logout", httplib::Params{});
  ASSERT_TRUE(out);
  EXPECT_EQ(out->get_header_value("Set-Cookie"), "tabula_arbiter=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure");
  Web plain = open_web(at(broker_->port()), {}, "web-plain");
  ASSERT_TRUE(plain.service);
  auto r = post(plain.base(), "/api/arbiter/login", {{"token", kToken}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_header_value("Set-Cookie").find("Secure"), std::string::npos) << r->get_header_value("Set-Cookie");
  std::filesystem::remove_all(dir);
}

// Session 31: the service's HTTPS is the guarded loop's (it was the
// library's SSLServer, with none of the guards): a client that opens a
// connection and trickles its TLS handshake is cut at the request's
// deadline (the library waited 5 s for each of its bytes, without end),
// and a spectator's event stream flows over HTTPS as over HTTP.
TEST_F(WebServiceTest, OverHttpsAStalledHandshakeIsCutAndTheEventStreamFlows) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("web-tls-stream-" + std::to_string(::getpid()));
  WebOptions o = tls_options(dir);
  o.request_deadline_ms = 1000;
  Web web = open_web(at(broker_->port()), o, "web-tls-stream");
  ASSERT_TRUE(web.service);
  const int port = web.service->port();
  // A TLS record header announcing 16 KiB of handshake, then a byte every 200 ms.
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(::send(s, "\x16\x03\x01\x40\x00", 5, MSG_NOSIGNAL), 5);
  bool closed = false;
  for (const auto start = std::chrono::steady_clock::now();
       !closed && std::chrono::steady_clock::now() - start < std::chrono::seconds(12);) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    char c;
    closed = ::send(s, "\x01", 1, MSG_NOSIGNAL) != 1 || ::recv(s, &c, 1, MSG_DONTWAIT) == 0;
  }
  ::close(s);
  EXPECT_TRUE(closed) << "a trickled handshake still open after 12 s (the request's deadline: 1 s)";
  // The stream over HTTPS: its first frame, the event's whole state.
  httplib::SSLClient c("127.0.0.1", port);
  c.enable_server_certificate_verification(false);
  c.set_read_timeout(10, 0);
  std::string stream;
  (void)c.Get("/events", [&](const char* data, std::size_t n) {
    stream.append(data, n);
    return stream.find("\n\n") == std::string::npos;
  });
  EXPECT_NE(stream.find("event: status"), std::string::npos) << stream;
  EXPECT_EQ(get(web.base(), "/api/boards").size(), 0u) << "plain HTTP answered on the HTTPS port";
  std::filesystem::remove_all(dir);
}

// Session 29, the attacker's round: the library merges a request's query
// and its form body into one set of parameters, so the arbiter's token was
// taken from /api/arbiter/login?token=... too: a secret in an address stays
// in the logs of every proxy on the way and in the browser's history. The
// right token in the address is refused, however its key is spelled; in
// the body it signs in.
TEST_F(WebServiceTest, TheArbitersTokenIsTakenFromTheFormsBodyNeverFromTheAddress) {
  Web web = open_web(at(broker_->port()), {}, "web-token-address");
  ASSERT_TRUE(web.service);
  for (const std::string& address :
       {std::string("/api/arbiter/login?token=") + kToken, std::string("/api/arbiter/login?%74oken=") + kToken,
        std::string("/api/arbiter/login?a=1&tok%65n=") + kToken, std::string("/api/arbiter/login?token")}) {
    httplib::Client c(web.base());
    c.set_read_timeout(10, 0);
    auto r = c.Post(address.c_str(), httplib::Params{});
    ASSERT_TRUE(r) << address;
    EXPECT_EQ(r->status, 400) << address << ": " << r->body;
    EXPECT_NE(r->body.find("the arbiter token goes in the form's body, not in the address"), std::string::npos)
        << r->body;
    EXPECT_FALSE(r->has_header("Set-Cookie")) << address;
  }
  // Another parameter in the address, the token in the body: signed in.
  auto in = post(web.base(), "/api/arbiter/login?tokens=1", {{"token", kToken}});
  ASSERT_TRUE(in);
  EXPECT_EQ(in->status, 200) << in->body;
  EXPECT_FALSE(arbiter_cookie(web.base()).empty());
}

TEST_F(WebServiceTest, AServiceStoppedAsSoonAsItStartedStops) {
  Web web = open_web(at(broker_->port()), {}, "web-quick");
  ASSERT_TRUE(web.service);
  WebOptions o;
  o.port = 0;
  o.www_dir = TABULA_WWW_DIR;
  o.arbiter_token = kToken;
  const HubAccess access = access_of(*web.client);
  auto done = std::make_shared<std::atomic<int>>(0);
  auto failed = std::make_shared<std::string>();
  std::thread starts([o, access, done, failed] {
    for (int i = 0; i < 5; ++i) {
      std::string error;
      if (!WebService::start(o, access, error)) *failed = error;
      ++*done;
    }
  });
  EXPECT_TRUE(eventually([&] { return done->load() == 5; }, 60s)) << done->load() << " of 5 stopped";
  if (done->load() == 5) {
    starts.join();
    EXPECT_EQ(*failed, "");
  } else {
    starts.detach();  // stuck in a stop: the process ends with it
  }
}

TEST_F(WebServiceTest, SpectatorsSeeEveryBoardAndEachNewMoveOnAnOpenStream) {
  Web web = open_web(at(broker_->port()), {}, "web-1");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  auto t2 = open_board(dir_, "t2", "chesscom-ffa", at(broker_->port()));
  auto chess = script_inputs("chess", kScholarsMate, 7);
  // All but the mate first; a stream is open when the mate comes.
  const std::size_t cut = chess.size() - 6;
  play(*t1, {chess.begin(), chess.begin() + static_cast<std::ptrdiff_t>(cut)}, false);
  play(*t2, script_inputs("chesscom-ffa", kFfaOpening, 7));
  ASSERT_TRUE(eventually(
      [&] {
        const std::string b = get(web.base(), "/api/boards");
        return b.find("\"board\":\"t1\"") != std::string::npos && b.find("\"board\":\"t2\"") != std::string::npos &&
               b.find("\"moves\":8") != std::string::npos;
      },
      kWait))
      << get(web.base(), "/api/boards");

  std::string stream;
  std::mutex m;
  std::atomic<bool> done{false};
  std::thread reader = read_events(web.base(), stream, m, done);
  ASSERT_TRUE(eventually([&] { std::lock_guard<std::mutex> g(m); return stream.find("\"board\":\"t2\"") != std::string::npos; }, kWait));
  play(*t1, {chess.begin() + static_cast<std::ptrdiff_t>(cut), chess.end()});
  EXPECT_TRUE(eventually(
      [&] {
        std::lock_guard<std::mutex> g(m);
        return stream.find("\"last_move\":\"Qh5xf7\"") != std::string::npos &&
               stream.find("\"reason\":\"checkmate\"") != std::string::npos;
      },
      kWait))
      << stream;
  done = true;
  web.service.reset();  // ends the stream
  reader.join();
  EXPECT_NE(stream.find("event: status"), std::string::npos);
}

// A spectator's page from its stream alone, as app.js builds it: every
// "board" replaces a board, every "patch" replaces the fields it names and
// empties then fills the squares of pieces_del / pieces_add, "reset" clears.
// Board -> field -> text (pieces as the set of their texts, in order of text).
using Fields = std::map<std::string, std::string>;
struct Page {
  std::map<std::string, Fields> boards;
  std::map<std::string, std::vector<int>> moves;  // board -> "moves" after each of its events
};

Fields fields_of(const std::string& json) {
  std::vector<std::pair<std::string_view, std::string_view>> f;
  EXPECT_TRUE(split_fields(json, f)) << json;
  Fields out;
  for (const auto& [k, v] : f) out[std::string(k)] = std::string(v);
  return out;
}

std::set<std::string> pieces_of(const std::string& array) {
  std::vector<std::string_view> e;
  EXPECT_TRUE(split_elements(array, e)) << array;
  return {e.begin(), e.end()};
}

std::string square_of(const std::string& piece) {  // "[4,3,0,..." -> "4,3"
  const std::size_t a = piece.find(','), b = piece.find(',', a + 1);
  return piece.substr(1, (b == std::string::npos ? piece.size() - 1 : b) - 1);
}

Page page_of(const std::string& stream) {
  Page page;
  std::size_t pos = 0;
  for (std::size_t end; (end = stream.find("\n\n", pos)) != std::string::npos; pos = end + 2) {
    const std::string frame = stream.substr(pos, end - pos);
    if (frame.rfind("event: ", 0) != 0) continue;  // a keepalive comment
    const std::string event = frame.substr(7, frame.find('\n') - 7);
    const std::string data = frame.substr(frame.find("\ndata: ") + 7);
    if (event == "reset") page.boards.clear();
    if (event != "board" && event != "patch") continue;
    Fields f = fields_of(data);
    const std::string name = f["board"];
    if (event == "board") {
      page.boards[name] = f;
    } else {
      EXPECT_TRUE(page.boards.count(name)) << "a patch before its board: " << data;
      Fields& b = page.boards[name];
      for (const auto& [k, v] : f) {
        if (k != "pieces_del" && k != "pieces_add" && k != "seats_at") b[k] = v;
      }
      if (f.count("seats_at")) {
        std::vector<std::string_view> seats, changed, pair;
        EXPECT_TRUE(split_elements(b["seats"], seats)) << b["seats"];
        EXPECT_TRUE(split_elements(f["seats_at"], changed)) << data;
        std::vector<std::string> now(seats.begin(), seats.end());
        for (std::string_view c : changed) {
          EXPECT_TRUE(split_elements(c, pair) && pair.size() == 2) << data;
          now.at(std::stoul(std::string(pair[0]))) = std::string(pair[1]);
        }
        std::string text;
        for (const std::string& seat : now) text += (text.empty() ? "" : ",") + seat;
        b["seats"] = "[" + text + "]";
      }
      if (f.count("pieces_del")) {
        std::set<std::string> taken;
        for (const std::string& q : pieces_of(f["pieces_del"])) taken.insert(square_of(q));
        for (const std::string& q : pieces_of(f["pieces_add"])) taken.insert(square_of(q));
        std::string kept;
        for (const std::string& q : pieces_of(b["pieces"])) {
          if (!taken.count(square_of(q))) kept += (kept.empty() ? "" : ",") + q;
        }
        for (const std::string& q : pieces_of(f["pieces_add"])) kept += (kept.empty() ? "" : ",") + q;
        b["pieces"] = "[" + kept + "]";
      }
    }
    if (f.count("moves")) page.moves[name].push_back(std::stoi(f["moves"]));
  }
  return page;
}

// The stream sends a board whole once, then only what changed of it; the
// page built from the stream alone is /api/boards' board for board, field
// for field, and the moves came in order.
TEST_F(WebServiceTest, AStreamOfPatchesBuildsTheSameBoardsAsTheWholeJsonWithEveryMoveInOrder) {
  // Every change sent as it comes (no pace) and the boards played one after
  // the other once the stream holds both whole: a stream that keeps up gets
  // patches. (With the 250 ms pace a loaded machine let a whole game's
  // patches pile up past the size of the whole state, and the service then
  // rightly sent the whole state again: the fresh clone's run of session 10.)
  WebOptions o;
  o.stream_pace_ms = 0;
  Web web = open_web(at(broker_->port()), o, "web-9");
  std::string stream;
  std::mutex m;
  std::atomic<bool> done{false};
  std::thread reader = read_events(web.base(), stream, m, done);
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  auto t2 = open_board(dir_, "t2", "chesscom-ffa", at(broker_->port()));
  const bool both_whole = eventually(
      [&] {
        std::lock_guard<std::mutex> g(m);
        return count_of(stream, "\"cells\":") == 2;
      },
      kWait);
  std::vector<std::string_view> whole;
  std::string boards;
  // Whether the page from the stream is the service's own boards, field for
  // field (`over`: the mate is in).
  auto page_is_service = [&](bool over) {
    boards = get(web.base(), "/api/boards");
    if ((over && boards.find("checkmate") == std::string::npos) || !split_elements(boards, whole) ||
        whole.size() != 2)
      return false;
    std::lock_guard<std::mutex> g(m);
    Page page = page_of(stream);
    for (std::string_view b : whole) {
      Fields want = fields_of(std::string(b));
      Fields& got = page.boards[want["board"]];
      if (got.size() != want.size()) return false;
      for (const auto& [k, v] : want) {
        if (k == "pieces" ? pieces_of(got[k]) != pieces_of(v) : got[k] != v) return false;
      }
    }
    return true;
  };
  play(*t2, script_inputs("chesscom-ffa", kFfaOpening, 7));
  const bool ffa_seen = eventually([&] { return page_is_service(false); }, kWait);
  play(*t1, script_inputs("chess", kScholarsMate, 7));
  const bool same = eventually([&] { return page_is_service(true); }, kWait);
  done = true;
  web.service.reset();
  reader.join();
  EXPECT_TRUE(both_whole) << stream;
  EXPECT_TRUE(ffa_seen) << boards << "\n----\n" << stream;
  EXPECT_TRUE(same) << boards << "\n----\n" << stream;
  EXPECT_NE(stream.find("event: patch"), std::string::npos);
  EXPECT_NE(stream.find("\"pieces_del\":"), std::string::npos);
  EXPECT_NE(stream.find("\"seats_at\":"), std::string::npos);  // the mated seat's status
  // The board's whole frame (its cells) went once per board, not at each move.
  EXPECT_EQ(count_of(stream, "\"cells\":"), 2) << stream;
  Page page = page_of(stream);
  const std::vector<int>& moves = page.moves["\"t1\""];  // names as JSON text
  ASSERT_FALSE(moves.empty());
  EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end())) << ::testing::PrintToString(moves);
  EXPECT_EQ(moves.back(), 7);
}

TEST_F(WebServiceTest, TheRoundFeedsParseInPgnExtractAndReplayInTabula) {
  Web web = open_web(at(broker_->port()), {}, "web-2");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  auto t2 = open_board(dir_, "t2", "chesscom-ffa", at(broker_->port()));
  play(*t1, script_inputs("chess", kScholarsMate, 3));
  play(*t2, script_inputs("chesscom-ffa", kFfaOpening, 3));
  std::string pgn, pgn4;
  ASSERT_TRUE(eventually(
      [&] {
        pgn = get(web.base(), "/round-1.pgn");
        pgn4 = get(web.base(), "/round-1.pgn4");
        return pgn.find("Qxf7#") != std::string::npos && pgn4.find("m11-k11") != std::string::npos;
      },
      kWait))
      << pgn << pgn4;
  EXPECT_NE(pgn.find("[White \"Ann\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1-0"), std::string::npos) << pgn;
  // A round that is none, or has no board yet: a 404 naming it (was 200, empty).
  for (const auto& [path, says] : std::vector<std::pair<std::string, std::string>>{
           {"/round-0.pgn", "no such round: round-0.pgn"},
           {"/round-0.pgn4", "no such round: round-0.pgn4"},
           {"/round-00.pgn", "no such round: round-00.pgn"},
           {"/round-x.pgn", "no such round: round-x.pgn"},
           {"/round-.pgn", "no such round: round-.pgn"},
           {"/round--1.pgn", "no such round: round--1.pgn"},
           {"/round-1e3.pgn", "no such round: round-1e3.pgn"},
           {"/round-99999.pgn", "no such round: round-99999.pgn"},
           {"/round-2.pgn", "round 2 has no board yet"},
           {"/round-9999.pgn4", "round 9999 has no board yet"}}) {
    int status = 0;
    const std::string body = get(web.base(), path, &status);
    EXPECT_EQ(status, 404) << path << ": " << body;
    EXPECT_NE(body.find(says), std::string::npos) << path << ": " << body;
    if (says.find("no board yet") != std::string::npos) {
      EXPECT_NE(body.find("rounds with boards: 1"), std::string::npos) << path << ": " << body;
    }
  }
  std::filesystem::path d = dir_.path();
  std::ofstream(d / "round-1.pgn") << pgn;
  std::ofstream(d / "round-1.pgn4") << pgn4;
  // pgn-extract, an independent reader: no error, one game out, the same moves.
  std::string tool;
  for (const char* p : {"/usr/bin/pgn-extract", "/usr/games/pgn-extract"})
    if (std::filesystem::exists(p)) tool = p;
  ASSERT_FALSE(tool.empty()) << "pgn-extract is not installed (scripts/setup.sh installs it)";
  const std::string cmd = tool + " -s --nocomments -Wsan -o " + (d / "out.pgn").string() + " " +
                          (d / "round-1.pgn").string() + " 2> " + (d / "err.txt").string();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  EXPECT_EQ(file_text((d / "err.txt").string()), "");
  EXPECT_NE(file_text((d / "out.pgn").string()).find("4. Qxf7# 1-0"), std::string::npos);
  // tabula replay reads the four-player round back.
  const std::string replay = std::string(TABULA_CLI) + " replay --variant chesscom-ffa " + (d / "round-1.pgn4").string() +
                             " > " + (d / "replay.txt").string() + " 2>&1";
  EXPECT_EQ(std::system(replay.c_str()), 0) << file_text((d / "replay.txt").string());
}

// `request` sent from the loopback address `source` (any of 127.0.0.0/8):
// the answer's status (-1 without one); the connection, still open, in
// `*open` if given (else closed).
int request_from(const std::string& source, int port, const std::string& request, int* open = nullptr,
                 std::string* said = nullptr) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in from{};
  from.sin_family = AF_INET;
  ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  int status = -1;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) == 0 &&
      ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0) {
    if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
      std::string answer;
      char buf[512];
      pollfd p{fd, POLLIN, 0};
      // The status line; with `said`, all until the service closes.
      while ((said || answer.find("\r\n") == std::string::npos) && ::poll(&p, 1, 10000) > 0) {
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        answer.append(buf, static_cast<std::size_t>(n));
      }
      if (answer.rfind("HTTP/1.1 ", 0) == 0 && answer.size() >= 12) status = std::stoi(answer.substr(9, 3));
      if (said) *said = answer;
    }
  }
  if (open) {
    *open = fd;
  } else {
    ::close(fd);
  }
  return status;
}

// A POST of the token to /api/arbiter/login from `source`, under the name
// `host`: the answer's status, -1 without one.
int login_from(const std::string& source, int port, const std::string& token, const std::string& host = "127.0.0.1") {
  const std::string body = "token=" + token;
  return request_from(source, port,
                      "POST /api/arbiter/login HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host +
                          "\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                          "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
}

// Session 16, the attacker's round: the table of failing addresses was
// cleared whole past 1024 addresses, so one wrong token from each of 1025
// addresses wiped the count of an address that had to wait: it guessed again
// at once (and the clear freed the entry the handler still read).
TEST_F(WebServiceTest, WrongTokensFromManyAddressesDoNotLiftAnAddresssWait) {
  Web web = open_web(at(broker_->port()), {}, "web-guess");
  const int port = web.service->port();
  for (int i = 0; i < 5; ++i) ASSERT_EQ(login_from("127.0.0.1", port, "guess"), 401);
  ASSERT_EQ(login_from("127.0.0.1", port, kToken), 429);
  // One wrong token from each of 1100 other loopback addresses.
  int refused_new = 0;
  for (int i = 0; i < 1100; ++i) {
    const int status = login_from("127.9." + std::to_string(i / 250) + "." + std::to_string(1 + i % 250), port, "guess");
    ASSERT_TRUE(status == 401 || status == 429) << i << ": " << status;
    refused_new += status == 429;
  }
  EXPECT_EQ(refused_new, 1100 - 1023) << "the 1024 addresses with a wrong token in the last minute are held, each new one past them waits";
  EXPECT_EQ(login_from("127.0.0.1", port, kToken), 429) << "the first address's wait was lifted by the others";
  EXPECT_EQ(login_from("127.9.9.9", port, kToken), 429) << "a new address while 1024 are held";
}

// Session 18: a page of another site, open in the arbiter's browser, posted
// wrong tokens to the login (a form's POST needs no permission): the
// arbiter's own address then waited (429) for as long as the page liked.
// Now such a post is 403 before the login counts it.
TEST_F(WebServiceTest, AnotherSitesPageCannotLockTheArbiterOutOfSigningIn) {
  Web web = open_web(at(broker_->port()), {}, "web-csrf");
  const httplib::Headers foreign = {{"Origin", "https://evil.example"}};
  for (int i = 0; i < 8; ++i) {
    auto r = post(web.base(), "/api/arbiter/login", {{"token", "guess"}}, foreign);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 403) << r->body;
    EXPECT_NE(r->body.find("from another site's page (Origin \"https://evil.example\")"), std::string::npos) << r->body;
  }
  EXPECT_FALSE(arbiter_cookie(web.base()).empty()) << "the arbiter could not sign in after another site's posts";
}

// Session 19, DNS rebinding: a page of evil.example, its name pointed at
// the hall's service once loaded, is of one origin with its requests to the
// browser (Origin and Host agree, the s18 check lets it write): its wrong
// tokens came from the arbiter's own address, which then waited (401 x 5,
// then 429, the arbiter's token included). Now a write under a name the
// service does not answer to is 421, before the login counts it.
TEST_F(WebServiceTest, ARebindingPageCannotLockTheArbiterOutOfSigningIn) {
  Web web = open_web(at(broker_->port()), {}, "web-rebind");
  const int port = web.service->port();
  const std::string evil = "evil.example:" + std::to_string(port);
  for (int i = 0; i < 8; ++i) ASSERT_EQ(login_from("127.0.0.1", port, "guess", evil), 421) << i;
  EXPECT_EQ(login_from("127.0.0.1", port, kToken), 200) << "the arbiter's address was made to wait";
  // With --host-names, the hall's name signs in; another is refused.
  WebOptions named;
  named.host_names = {"hall.example"};
  Web hall = open_web(at(broker_->port()), named, "web-rebind-named");
  const int hall_port = hall.service->port();
  EXPECT_EQ(login_from("127.0.0.1", hall_port, kToken, "hall.example:" + std::to_string(hall_port)), 200);
  EXPECT_EQ(login_from("127.0.0.1", hall_port, kToken, "evil.example"), 421);
  int status = 0;
  get(hall.base(), "/api/status", &status);  // the client's Host: 127.0.0.1:port
  EXPECT_EQ(status, 200);
}

// Session 19: every event stream was shared by every address (18: 16
// addresses x 64 connections held all 1,000, new spectators 503). Now one
// address holds at most max_streams_per_address; another still gets one.
TEST_F(WebServiceTest, OneAddressCannotHoldEveryEventStream) {
  WebOptions o;
  o.max_streams = 5;
  o.max_streams_per_address = 2;
  Web web = open_web(at(broker_->port()), o, "web-streams");
  const int port = web.service->port();
  const std::string stream = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  std::vector<int> held;
  for (int i = 0; i < 2; ++i) {
    int fd = -1;
    EXPECT_EQ(request_from("127.0.0.1", port, stream, &fd), 200) << i;
    held.push_back(fd);
  }
  std::string said;
  EXPECT_EQ(request_from("127.0.0.1", port, stream, nullptr, &said), 429) << said;
  EXPECT_NE(said.find("too many event streams from your address (at most 2 at once)"), std::string::npos) << said;
  for (const char* other : {"127.0.0.2", "127.0.0.3", "127.0.0.3"}) {
    int fd = -1;
    EXPECT_EQ(request_from(other, port, stream, &fd), 200) << other;
    held.push_back(fd);
  }
  // Five open: the service's own bound, whatever the address.
  EXPECT_EQ(request_from("127.0.0.4", port, stream), 503);
  // A stream closed (reset) is given back to its address at its next write:
  // a board arriving is one.
  const linger reset{1, 0};
  ::setsockopt(held.front(), SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
  ::close(held.front());
  held.erase(held.begin());
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  const auto moves = script_inputs("chess", kScholarsMate, 7);
  play(*t1, {moves.begin(), moves.begin() + 6}, false);
  const auto reset_at = std::chrono::steady_clock::now();
  EXPECT_TRUE(eventually([&] { return web.service->open_streams() == 4; }, kWait)) << web.service->open_streams();
  EXPECT_LT(std::chrono::steady_clock::now() - reset_at, 10s) << "given back at the keep-alive (15 s), not at a write";
  int again = -1;
  EXPECT_EQ(request_from("127.0.0.1", port, stream, &again), 200);
  held.push_back(again);
  for (int fd : held) ::close(fd);  // the service's stop ends their streams
}

TEST_F(WebServiceTest, TheArbitersActionReachesTheBoardAndOnlyTheArbiterCanSendOne) {
  Web web = open_web(at(broker_->port()), {}, "web-3");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  auto chess = script_inputs("chess", kScholarsMate, 5);
  play(*t1, {chess.begin(), chess.begin() + 10});
  ASSERT_TRUE(eventually([&] { return get(web.base(), "/api/boards").find("\"board\":\"t1\"") != std::string::npos; },
                         kWait));
  const httplib::Params pause{{"board", "t1"}, {"kind", "pause"}};
  // Without signing in: refused, and the board hears nothing.
  auto r = post(web.base(), "/api/arbiter/action", pause, {{"X-Tabula-Arbiter", "1"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 401) << r->body;
  // A wrong token, five times: then the address must wait.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(post(web.base(), "/api/arbiter/login", {{"token", "guess"}})->status, 401);
  EXPECT_EQ(post(web.base(), "/api/arbiter/login", {{"token", kToken}})->status, 429);
  // Another address would be let in; this test's is loopback, so a fresh
  // service stands for the wait being over.
  WebOptions o;
  Web web2 = open_web(at(broker_->port()), o, "web-3b");
  const std::string cookie = arbiter_cookie(web2.base());
  ASSERT_FALSE(cookie.empty());
  // Signed in, but a request without the page's header (a foreign form): refused.
  r = post(web2.base(), "/api/arbiter/action", pause, {{"Cookie", cookie}});
  EXPECT_EQ(r->status, 403) << r->body;
  r = post(web2.base(), "/api/arbiter/action", {{"board", "t1"}, {"kind", "explode"}},
           {{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}});
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("kind must be pause, resume, takeback, draw or win"), std::string::npos) << r->body;
  // Session 14: what is echoed is cut between characters (19 bytes, then a
  // two-byte 'é' across the 20-byte cut; a takeback count of 'ö's).
  for (const httplib::Params& bad :
       {httplib::Params{{"board", "t1"}, {"kind", std::string(19, 'k') + "\xc3\xa9\xc3\xa9"}},
        httplib::Params{{"board", "t1"}, {"kind", "takeback"}, {"count", "x" + std::string("\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6")}}}) {
    r = post(web2.base(), "/api/arbiter/action", bad, {{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(core::utf8_error_at(r->body), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("not '"), std::string::npos) << r->body;
  }
  std::string error;
  EXPECT_EQ(t1->apply_actions(t1->session().snapshot().time, error), 0) << error;
  r = post(web2.base(), "/api/arbiter/action", pause, {{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}});
  ASSERT_EQ(r->status, 200) << r->body;
  int applied = 0;
  ASSERT_TRUE(eventually(
      [&] {
        applied += t1->apply_actions(t1->session().snapshot().time, error);
        return applied == 1;
      },
      kWait))
      << error;
  EXPECT_TRUE(eventually(
      [&] { return get(web2.base(), "/api/boards?arbiter=1", nullptr, {{"Cookie", cookie}}).find("\"paused\":true") != std::string::npos; },
      kWait));
  // Alerts are the arbiter's only.
  int status = 0;
  get(web2.base(), "/api/arbiter/alerts", &status);
  EXPECT_EQ(status, 401);
  EXPECT_EQ(get(web2.base(), "/api/arbiter/alerts", &status, {{"Cookie", cookie}}).front(), '[');
  EXPECT_EQ(status, 200);
  // An acknowledgement names an alert by its number, digits only (session
  // 15: "5abc" was alert 5, "-5" a number near 2^64), and one the hub has.
  for (const std::string bad : {"5abc", "-5", " 5", "", "1e3", "99999999999999999999"}) {
    r = post(web2.base(), "/api/arbiter/ack", {{"id", bad}}, {{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << bad;
    EXPECT_NE(r->body.find("not '" + bad.substr(0, 20)), std::string::npos) << r->body;
  }
  r = post(web2.base(), "/api/arbiter/ack", {{"id", "123456"}}, {{"Cookie", cookie}, {"X-Tabula-Arbiter", "1"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(r->body.find("no alert 123456"), 0U) << r->body;
}

// The backlog of the TCP listener on 127.0.0.1:port, as the kernel reports it
// (sock_diag: a listening socket's idiag_wqueue is its backlog, what `ss -lt`
// prints as Send-Q); -1 when not found.
int listen_backlog(int port) {
  const int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
  if (fd < 0) return -1;
  struct {
    nlmsghdr head;
    inet_diag_req_v2 req;
  } ask{};
  ask.head.nlmsg_len = sizeof(ask);
  ask.head.nlmsg_type = SOCK_DIAG_BY_FAMILY;
  ask.head.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  ask.req.sdiag_family = AF_INET;
  ask.req.sdiag_protocol = IPPROTO_TCP;
  ask.req.idiag_states = 1U << 10;  // TCP_LISTEN
  int backlog = -1;
  if (send(fd, &ask, sizeof(ask), 0) == static_cast<ssize_t>(sizeof(ask))) {
    alignas(nlmsghdr) char buf[16384];
    for (bool done = false; !done;) {
      int n = static_cast<int>(recv(fd, buf, sizeof(buf), 0));
      if (n <= 0) break;
      for (auto* h = reinterpret_cast<nlmsghdr*>(buf); NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
        if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
          done = true;
          break;
        }
        const auto* m = static_cast<const inet_diag_msg*>(NLMSG_DATA(h));
        if (ntohs(m->id.idiag_sport) == port) backlog = static_cast<int>(m->idiag_wqueue);
      }
    }
  }
  close(fd);
  return backlog;
}

// Session 12's bench (scripts/web_bench.sh 50 1000 20 with a client that is
// not the bottleneck): 20 of 1000 spectators arriving together were never
// answered in 20 s, their connections left in cpp-httplib's listen queue of 5.
TEST_F(WebServiceTest, ABurstOfSpectatorsFindsRoomInTheListenQueue) {
  WebOptions o;
  o.max_streams = 1000;
  // The 300 come from one address: the per-address guard (64 open at once,
  // tested apart) would refuse those that pile up while the service is slow
  // to answer (it did beside a sanitizer build: 194 of 300 answered). This
  // test is about the listen queue, so that guard is off here.
  o.max_per_address = 0;
  Web web = open_web(at(broker_->port()), o, "web-burst");
  ASSERT_TRUE(web.service);
  EXPECT_GE(listen_backlog(web.service->port()), 1000);
  // 300 connections at once, each asking for the status: every one answered.
  std::vector<int> fds;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(web.service->port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int i = 0; i < 300; ++i) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    ASSERT_GE(fd, 0);
    connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
    fds.push_back(fd);
  }
  const std::string request = "GET /api/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  std::vector<std::string> got(fds.size());
  std::vector<bool> sent(fds.size()), closed(fds.size());
  const auto until = std::chrono::steady_clock::now() + 60s;  // a loaded CI machine: generous, not a benchmark
  std::size_t done = 0;
  while (done < fds.size() && std::chrono::steady_clock::now() < until) {
    std::vector<pollfd> p;
    std::vector<std::size_t> which;
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (closed[i]) continue;
      p.push_back({fds[i], static_cast<short>(sent[i] ? POLLIN : POLLOUT), 0});
      which.push_back(i);
    }
    if (poll(p.data(), p.size(), 100) <= 0) continue;
    for (std::size_t k = 0; k < p.size(); ++k) {
      const std::size_t i = which[k];
      if (!sent[i] && (p[k].revents & POLLOUT)) {
        sent[i] = write(fds[i], request.data(), request.size()) == static_cast<ssize_t>(request.size());
      } else if (sent[i] && (p[k].revents & (POLLIN | POLLHUP | POLLERR))) {
        char buf[4096];
        const ssize_t n = read(fds[i], buf, sizeof(buf));
        if (n > 0) got[i].append(buf, static_cast<std::size_t>(n));
        if (n == 0 || (n < 0 && errno != EAGAIN)) {
          closed[i] = true;
          ++done;
        }
      }
    }
  }
  int answered = 0;
  for (std::size_t i = 0; i < fds.size(); ++i) {
    answered += got[i].rfind("HTTP/1.1 200", 0) == 0 && got[i].find("\"connected\"") != std::string::npos;
    close(fds[i]);
  }
  EXPECT_EQ(answered, 300);
}

TEST_F(WebServiceTest, HostileRequestsAreRefusedClearly) {
  WebOptions o;
  o.max_streams = 2;
  o.max_body = 1024;
  Web web = open_web(at(broker_->port()), o, "web-4");
  int status = 0;
  // Nothing outside the page's folder.
  for (const char* path : {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/..%2fweb_service.cpp", "/www/../../web_main.cpp",
                           "/%2e%2e%2f%2e%2e%2fCMakeLists.txt"}) {
    const std::string body = get(web.base(), path, &status);
    EXPECT_NE(status, 200) << path;
    EXPECT_EQ(body.find("add_library"), std::string::npos) << path;
    EXPECT_EQ(body.find("#include"), std::string::npos) << path;
  }
  EXPECT_NE(get(web.base(), "/index.html", &status).find("<main id=\"boards\""), std::string::npos);
  EXPECT_EQ(status, 200);
  get(web.base(), "/no-such-page", &status);
  EXPECT_EQ(status, 404);
  // Another method than GET where spectators read: 405 naming it, not "no such page".
  {
    httplib::Client c(web.base());
    for (const httplib::Result& w : {c.Post("/api/boards", "", "text/plain"), c.Put("/events", "", "text/plain"),
                                     c.Delete("/round-1.pgn"), c.Options("/index.html"), c.Patch("/api/status", "", "text/plain")}) {
      ASSERT_TRUE(w);
      EXPECT_EQ(w->status, 405) << w->body;
      EXPECT_EQ(w->get_header_value("Allow"), "GET, HEAD");
      EXPECT_NE(w->body.find("is not taken at /"), std::string::npos) << w->body;
    }
    auto none = c.Post("/api/arbiter/nothing", "", "text/plain");
    ASSERT_TRUE(none);
    EXPECT_EQ(none->status, 404) << none->body;  // the arbiter's POSTs keep their 404
  }
  // A body over the limit.
  auto r = post(web.base(), "/api/arbiter/login", {{"token", std::string(4096, 'x')}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  // A round number that is not one.
  get(web.base(), "/round-99999999999.pgn", &status);
  EXPECT_EQ(status, 404);
  // Streams are bounded: the third is turned away while two are open.
  std::atomic<bool> stop{false};
  std::vector<std::thread> open;
  for (int i = 0; i < 2; ++i) {
    open.emplace_back([&] {
      httplib::Client c(web.base());
      c.set_read_timeout(30, 0);
      c.Get("/events", [&](const char*, std::size_t) { return !stop.load(); });
    });
  }
  ASSERT_TRUE(eventually([&] { return web.service->open_streams() == 2; }, kWait));
  const std::string refused = get(web.base(), "/events", &status);
  EXPECT_EQ(status, 503);
  EXPECT_NE(refused.find("too many open event streams (2)"), std::string::npos) << refused;
  stop = true;
  web.service.reset();
  for (auto& t : open) t.join();
}

TEST_F(WebServiceTest, TheDelayHoldsMovesBackFromThePublicNotFromTheArbiter) {
  WebOptions o;
  o.feed.delay_ms = 3000;
  Web web = open_web(at(broker_->port()), o, "web-5");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  const std::string cookie = arbiter_cookie(web.base());
  play(*t1, script_inputs("chess", kScholarsMate, 9));
  ASSERT_TRUE(eventually(
      [&] { return get(web.base(), "/api/boards?arbiter=1", nullptr, {{"Cookie", cookie}}).find("\"moves\":7") != std::string::npos; },
      kWait));
  // The arbiter sees the mate; the public does not, yet.
  EXPECT_EQ(get(web.base(), "/api/boards").find("\"moves\":7"), std::string::npos);
  EXPECT_EQ(get(web.base(), "/round-1.pgn").find("Qxf7#"), std::string::npos);
  EXPECT_TRUE(eventually([&] { return get(web.base(), "/api/boards").find("\"moves\":7") != std::string::npos; }, kWait));
  EXPECT_NE(get(web.base(), "/round-1.pgn").find("Qxf7#"), std::string::npos);
  EXPECT_NE(get(web.base(), "/api/status").find("\"delay_s\":3"), std::string::npos);
}

// Session 30: what the public delay's bounds merge away is said where the
// arbiter looks: the arbiter's /api/status ("delay_merged", shown above the
// boards of the arbiter's page) and once a board in the service's log; the
// spectators' status does not carry it. (A bound of 1 byte a board: every
// change but the shown and the newest is merged.)
TEST_F(WebServiceTest, TheDelaysMergesAreOnTheArbitersStatusAndInTheLogOnly) {
  WebOptions o;
  o.feed.delay_ms = 3000;
  o.feed.max_board_bytes = 1;
  std::mutex m;
  std::vector<std::string> log;
  o.log = [&](const std::string& line) {
    std::lock_guard lock(m);
    log.push_back(line);
  };
  Web web = open_web(at(broker_->port()), o, "web-30");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  const std::string cookie = arbiter_cookie(web.base());
  play(*t1, script_inputs("chess", kScholarsMate, 9));
  ASSERT_TRUE(eventually(
      [&] {
        return get(web.base(), "/api/status", nullptr, {{"Cookie", cookie}})
                   .find("\"delay_merged\":\"the public delay merged away ") != std::string::npos;
      },
      kWait));
  const std::string arbiter = get(web.base(), "/api/status", nullptr, {{"Cookie", cookie}});
  EXPECT_NE(arbiter.find("(4096 changes or 1 bytes a board, 256 MiB in all): the spectators saw them skip ahead (t1 "),
            std::string::npos)
      << arbiter;
  EXPECT_EQ(get(web.base(), "/api/status").find("delay_merged"), std::string::npos);
  // The public still reaches the newest change once it is due.
  EXPECT_TRUE(eventually([&] { return get(web.base(), "/api/boards").find("\"moves\":7") != std::string::npos; }, kWait));
  std::lock_guard lock(m);
  ASSERT_EQ(log.size(), 1u) << "once a board";
  EXPECT_EQ(log[0].rfind("the public delay holds more of board t1's changes than its 1 bytes a board", 0), 0u) << log[0];
}

// Session 21: spectators (the internet) never see the board's words for why
// its journal cannot be written (they name the journal's file: "/var/lib/
// tabula/t2.db: ..."), on /api/boards nor on their stream; the arbiter's
// view has them. The arbiter's page lists the alerts of recording: the
// board not recording (once for the spell) and recording again, and a
// board naming one player, a name that is HTML, on both seats.
TEST_F(WebServiceTest, SpectatorsNeverSeeTheJournalsWordsAndTheArbitersPageHasTheRecordingAlerts) {
  Web web = open_web(at(broker_->port()), {}, "web-9");
  const std::string cookie = arbiter_cookie(web.base());
  ASSERT_FALSE(cookie.empty());
  const httplib::Headers as_arbiter{{"Cookie", cookie}};
  std::string stream;
  std::mutex m;
  std::atomic<bool> done{false};
  std::thread spectator = read_events(web.base(), stream, m, done);

  SimBoardConfig c;
  c.variant = "chess";
  c.journal_path = dir_.file("t1.db");
  c.event = "club";
  c.board = "t1";
  c.players = {"<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"};
  c.broker = at(broker_->port());
  c.key = arbiter_key();
  c.board_key = hub::testing::test_board_key("t1");
  std::string error;
  auto t1 = SimBoard::open(c, error);
  ASSERT_TRUE(t1) << error;
  auto t2 = open_board(dir_, "t2", "chess", at(broker_->port()));
  auto chess = script_inputs("chess", kScholarsMate, 5);
  play(*t1, {chess.begin(), chess.begin() + 4});
  play(*t2, {chess.begin(), chess.begin() + 4});
  const std::string words = "/var/lib/tabula/t2.db: while recording an input: I/O error (disk I/O error: No space left on device)";
  t2->publisher().set_not_recording(words);
  ASSERT_TRUE(eventually(
      [&] { return get(web.base(), "/api/boards").find("\"not_recording\":true") != std::string::npos; }, kWait));
  const std::string pub = get(web.base(), "/api/boards");
  EXPECT_EQ(pub.find("/var/lib"), std::string::npos) << pub;
  EXPECT_EQ(pub.find("No space"), std::string::npos) << pub;
  EXPECT_EQ(pub.find("not_recording_why"), std::string::npos) << pub;
  const std::string live = get(web.base(), "/api/boards?arbiter=1", nullptr, as_arbiter);
  EXPECT_NE(live.find("\"not_recording_why\":\"/var/lib/tabula/t2.db: while recording an input: "), std::string::npos)
      << live;
  // Alerts: the page lists the hub's, newest first.
  ASSERT_TRUE(eventually(
      [&] { return get(web.base(), "/api/arbiter/alerts", nullptr, as_arbiter).find("NOT RECORDING") != std::string::npos; },
      kWait));
  // The spectators' stream carries the spell while it lasts (asked before
  // it ends: a stream that fell behind the service's log of frames is sent
  // the whole state as it is then, so a spell that ended meanwhile need not
  // show there; session 21's fresh clone under load failed so).
  EXPECT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> g(m);
    return stream.find("\"board\":\"t2\"") != std::string::npos && stream.find("not_recording\":true") != std::string::npos;
  }, kWait));
  t2->publisher().set_not_recording("/var/lib/tabula/t2.db: other words");  // the same spell
  t2->publisher().set_not_recording("");
  ASSERT_TRUE(eventually(
      [&] { return get(web.base(), "/api/arbiter/alerts", nullptr, as_arbiter).find("records again") != std::string::npos; },
      kWait));
  const std::string alerts = get(web.base(), "/api/arbiter/alerts", nullptr, as_arbiter);
  EXPECT_EQ(count_of(alerts, "\"kind\":\"NOT RECORDING\""), 1) << alerts;
  EXPECT_EQ(count_of(alerts, "\"kind\":\"records again\""), 1) << alerts;
  // Session 22: the page draws by tone; the all-clear alone is "all-clear".
  EXPECT_EQ(count_of(alerts, "\"tone\":\"all-clear\""), 1) << alerts;
  const std::size_t again = alerts.find("\"kind\":\"records again\",\"board\":\"t2\"");
  ASSERT_NE(again, std::string::npos) << alerts;
  EXPECT_EQ(alerts.substr(again, alerts.find('}', again) - again).find("\"tone\":\"all-clear\"") != std::string::npos,
            true)
      << alerts;
  EXPECT_EQ(count_of(alerts, "\"tone\":\"alarm\""), count_of(alerts, "\"kind\":") - 1) << alerts;
  EXPECT_NE(alerts.find("board t2 is NOT RECORDING: its journal cannot be written (/var/lib/tabula/t2.db: "),
            std::string::npos) << alerts;
  EXPECT_EQ(count_of(alerts, "\"kind\":\"one player, two seats\""), 1) << alerts;
  EXPECT_NE(alerts.find("player \\\"\\u003cimg src=x onerror=alert(1)>\\\" is on two seats, 1 (White) and 2 (Black)"),
            std::string::npos) << alerts;
  EXPECT_EQ(alerts.find("<img"), std::string::npos) << "no tag in the JSON";
  done = true;
  t1->feed(chess[4], error);  // a frame to end the reader's wait
  spectator.join();
  EXPECT_EQ(stream.find("/var/lib"), std::string::npos);
  EXPECT_EQ(stream.find("No space"), std::string::npos);
}

TEST_F(WebServiceTest, ABrokerKillShowsReconnectingThenLosesNothing) {
  Web web = open_web(at(broker_->port()), {}, "web-6");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  auto chess = script_inputs("chess", kScholarsMate, 11);
  play(*t1, {chess.begin(), chess.begin() + 8});
  ASSERT_TRUE(eventually([&] { return get(web.base(), "/api/status").find("\"connected\":true") != std::string::npos; }, kWait));
  broker_->kill();
  EXPECT_TRUE(eventually([&] { return get(web.base(), "/api/status").find("\"connected\":false") != std::string::npos; }, kWait));
  play(*t1, {chess.begin() + 8, chess.end()});  // the board plays on while the broker is down
  std::string error;
  ASSERT_TRUE(broker_->start(error)) << error;
  EXPECT_TRUE(eventually(
      [&] {
        const std::string b = get(web.base(), "/api/boards");
        return b.find("\"moves\":7") != std::string::npos && b.find("checkmate") != std::string::npos;
      },
      kWait))
      << get(web.base(), "/api/boards");
  EXPECT_NE(get(web.base(), "/api/status").find("\"connected\":true"), std::string::npos);
}

// A raw connection to the service that sends `request` and then never reads
// (its receive window `rcvbuf` bytes, set before connecting), or -1.
int never_reading(int port, const std::string& request, int rcvbuf) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) != 0 ||
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// True once the service has closed `fd` (everything it sent drained, then
// end of stream or a reset).
bool closed_by_peer(int fd) {
  char buf[65536];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
    if (n == 0) return true;
    if (n < 0) return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
  }
}

// Spectators who never read their stream (a phone that went to sleep, or a
// hostile client) and half-open requests (the head never finished) hold
// back no other spectator: a reading stream sees every move at once, the
// stalled streams are cut by the write timeout once their small buffers are
// full, the half-open requests by the read timeout, and their slots come
// back.
TEST_F(WebServiceTest, SpectatorsWhoNeverReadOrNeverFinishTheirRequestHoldBackNoOne) {
  WebOptions o;
  o.send_buffer = 4096;  // the kernel's least: a few board frames fill it
  o.max_streams = 12;
  Web web = open_web(at(broker_->port()), o, "web-8");
  const int port = web.service->port();
  std::vector<int> stalled, half_open;
  for (int i = 0; i < 10; ++i) {
    stalled.push_back(never_reading(port, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 2048));
    ASSERT_GE(stalled.back(), 0);
  }
  for (int i = 0; i < 5; ++i) {
    half_open.push_back(never_reading(port, "GET /events HTTP/1.1\r\nHost: 127.0", 2048));
    ASSERT_GE(half_open.back(), 0);
  }
  ASSERT_TRUE(eventually([&] { return web.service->open_streams() == 10; }, kWait)) << web.service->open_streams();

  std::string stream;
  std::mutex m;
  std::atomic<bool> done{false};
  std::thread reader = read_events(web.base(), stream, m, done);
  auto boards_played = play_mate_and_ffa(dir_, broker_->port());
  EXPECT_TRUE(eventually(
      [&] {
        std::lock_guard<std::mutex> g(m);
        return stream.find("\"last_move\":\"Qh5xf7\"") != std::string::npos &&
               stream.find("\"reason\":\"checkmate\"") != std::string::npos &&
               stream.find("\"board\":\"t2\"") != std::string::npos;
      },
      kWait))
      << stream;
  // The stalled streams are cut (their writes time out after 5 s) once their
  // small buffers are full. A loaded machine merges more changes into each
  // paced batch (a stream sends at most one per 250 ms), so fewer bytes go
  // out: more boards play on until the buffers are full (each batch carries a
  // board's whole frame, ~2.5 KB; 20 more boards at most).
  std::vector<std::unique_ptr<SimBoard>> more;
  for (int i = 3; i <= 22 && web.service->open_streams() > 1; ++i) {
    more.push_back(open_board(dir_, "t" + std::to_string(i), "chess", at(broker_->port())));
    play(*more.back(), script_inputs("chess", kScholarsMate, 7));
    eventually([&] { return web.service->open_streams() == 1; }, 2s);
  }
  // Only the reader's stream is left; the half-open requests are closed (read timeout).
  EXPECT_TRUE(eventually([&] { return web.service->open_streams() == 1; }, kWait)) << web.service->open_streams();
  for (int fd : half_open) EXPECT_TRUE(eventually([&] { return closed_by_peer(fd); }, kWait));
  for (int fd : stalled) EXPECT_TRUE(eventually([&] { return closed_by_peer(fd); }, kWait));
  // Their slots are free again: a new spectator gets a stream.
  int status = 0;
  std::thread late([&] {
    httplib::Client c(web.base());
    c.set_read_timeout(5, 0);
    auto r = c.Get("/events", [&](const char*, std::size_t) { return false; });
    status = r ? r->status : (r.error() == httplib::Error::Canceled ? 200 : -1);
  });
  late.join();
  EXPECT_EQ(status, 200);
  for (int fd : stalled) ::close(fd);
  for (int fd : half_open) ::close(fd);
  done = true;
  web.service.reset();
  reader.join();
}

TEST_F(WebServiceTest, ThePushSendsTheWholeRoundToTheBroadcastUrlWithTheToken) {
  httplib::Server mock;
  std::mutex m;
  std::vector<std::pair<std::string, std::string>> got;  // path + auth, body
  mock.Post(R"(/api/broadcast/round/(\w+)/push)", [&](const httplib::Request& req, httplib::Response& res) {
    std::lock_guard<std::mutex> g(m);
    got.emplace_back(req.path + " " + req.get_header_value("Authorization"), req.body);
    res.set_content("{\"moves\":1}", "application/json");
  });
  const int port = mock.bind_to_any_port("127.0.0.1");
  std::thread serve([&] { mock.listen_after_bind(); });
  WebOptions o;
  o.push_url = "http://127.0.0.1:" + std::to_string(port) + "/api/broadcast/round/r{round}/push";
  o.push_token = "lip_secret";
  Web web = open_web(at(broker_->port()), o, "web-7");
  auto t1 = open_board(dir_, "t1", "chess", at(broker_->port()));
  play(*t1, script_inputs("chess", kScholarsMate, 13));
  EXPECT_TRUE(eventually(
      [&] {
        std::lock_guard<std::mutex> g(m);
        for (const auto& [head, body] : got) {
          if (head == "/api/broadcast/round/r1/push Bearer lip_secret" && body.find("4. Qxf7# 1-0") != std::string::npos)
            return true;
        }
        return false;
      },
      kWait));
  EXPECT_GE(web.service->push_status().pushed, 1u);
  web.service.reset();
  mock.stop();
  serve.join();
}

}  // namespace
}  // namespace tabula::hub::web

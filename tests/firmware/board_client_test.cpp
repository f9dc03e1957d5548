// BoardClient against a real FrameServer (and, for broken streams, a raw
// socket that writes whatever bytes the test wants). Every wait is a poll
// until a condition, bounded.
#include "wire/board_client.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

#include "wire/frame_convert.h"
#include "wire/frame_server.h"
#include "test_files.h"

namespace tabula::firmware {
namespace {

using ::testing::HasSubstr;

using tabula::testing::TempDir;

constexpr auto kTimeout = std::chrono::milliseconds(1500);

// Drives the server until `done(events)` holds or the time is up.
bool serve_until(FrameServer& server, std::vector<SinkEvent>& events,
                 const std::function<bool(const std::vector<SinkEvent>&)>& done) {
  const auto end = std::chrono::steady_clock::now() + kTimeout;
  while (!done(events)) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::vector<pollfd> fds;
    server.prepare(fds);
    ::poll(fds.data(), fds.size(), 10);
    server.dispatch(fds, events);
  }
  return true;
}

std::size_t count(const std::vector<SinkEvent>& events, SinkEvent::Kind kind) {
  return static_cast<std::size_t>(std::count_if(
      events.begin(), events.end(), [&](const SinkEvent& e) { return e.kind == kind; }));
}

// Reads until `frames` holds `n` frames or a read fails; returns the last status.
IoStatus read_frames(BoardClient& client, std::vector<board::Frame>& frames, std::size_t n) {
  const auto end = std::chrono::steady_clock::now() + kTimeout;
  while (frames.size() < n && std::chrono::steady_clock::now() < end) {
    pollfd p{client.fd(), POLLIN, 0};
    ::poll(&p, 1, 10);
    IoStatus st = client.read(frames);
    if (!st.is_ok()) return st;
  }
  return IoStatus::ok();
}

// Reads until a read fails (the stream's end, corruption) or the time is up.
IoStatus read_until_failure(BoardClient& client, std::vector<board::Frame>& frames) {
  const auto end = std::chrono::steady_clock::now() + kTimeout;
  while (std::chrono::steady_clock::now() < end) {
    pollfd p{client.fd(), POLLIN, 0};
    ::poll(&p, 1, 10);
    IoStatus st = client.read(frames);
    if (!st.is_ok()) return st;
  }
  return IoStatus::ok();
}

board::Frame hello() {
  board::Frame f;
  auto* h = f.mutable_hello();
  h->set_protocol_version(board::PROTOCOL_VERSION_CURRENT);
  h->set_profile_id("test-profile");
  h->set_geometry_id("chess-8x8");
  h->add_squares("a1");
  return f;
}

board::Frame event(const std::string& square, bool occupied) {
  board::Frame f;
  f.mutable_square_event()->set_square(square);
  f.mutable_square_event()->set_occupied(occupied);
  return f;
}

// A server with one connected BoardClient.
struct Connected {
  TempDir dir{"bc"};
  std::unique_ptr<FrameServer> server;
  std::unique_ptr<BoardClient> client;
  std::vector<SinkEvent> events;

  Connected() {
    ServerOptions options;
    options.path = dir.file("board.sock");
    EXPECT_TRUE(FrameServer::open(options, server).is_ok());
    const IoStatus st = BoardClient::connect(options.path, client);
    EXPECT_TRUE(st.is_ok()) << st.message();
    EXPECT_TRUE(serve_until(*server, events, [](const auto& ev) {
      return count(ev, SinkEvent::Kind::kConnected) == 1;
    }));
  }
};

// A listening socket that writes raw bytes, for streams FrameServer never makes.
class RawServer {
 public:
  explicit RawServer(const std::string& path) {
    listen_.reset(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.data(), path.size());
    EXPECT_EQ(::bind(listen_.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_EQ(::listen(listen_.get(), 4), 0);
  }
  // The client has connected already, so this does not wait.
  void accept() { peer_.reset(::accept(listen_.get(), nullptr, nullptr)); }
  void write(const std::string& bytes) {
    ASSERT_EQ(::send(peer_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(bytes.size()));
  }
  void close_peer() { peer_.reset(); }

 private:
  UniqueFd listen_;
  UniqueFd peer_;
};

std::string encoded(board::Frame frame, std::uint64_t sequence) {
  frame.set_sequence(sequence);
  std::string bytes;
  append_frame(frame, bytes);
  return bytes;
}

TEST(BoardClient, ReceivesHelloSnapshotAndEventsInOrder) {
  Connected c;
  const ClientId id = c.events.front().client;
  board::Frame h = hello();
  c.server->send(id, h);
  board::Frame snap;
  snap.mutable_snapshot()->set_reason(board::BoardSnapshot::REASON_CONNECT);
  snap.mutable_snapshot()->add_occupied_squares("e2");
  c.server->send(id, snap);
  board::Frame up = event("e2", false);
  board::Frame down = event("e4", true);
  c.server->broadcast(up);
  c.server->broadcast(down);

  std::vector<board::Frame> frames;
  const IoStatus st = read_frames(*c.client, frames, 4);
  ASSERT_TRUE(st.is_ok()) << st.message();
  ASSERT_EQ(frames.size(), 4u);
  for (std::size_t i = 0; i < frames.size(); ++i) EXPECT_EQ(frames[i].sequence(), i + 1);
  EXPECT_EQ(frames[0].hello().profile_id(), "test-profile");
  EXPECT_EQ(frames[1].snapshot().occupied_squares(0), "e2");
  EXPECT_EQ(frames[2].square_event().square(), "e2");
  EXPECT_FALSE(frames[2].square_event().occupied());
  EXPECT_EQ(frames[3].square_event().square(), "e4");
  EXPECT_TRUE(frames[3].square_event().occupied());
  EXPECT_EQ(c.client->frames_received(), 4u);
  EXPECT_FALSE(c.client->closed());
}

TEST(BoardClient, ReadWithNothingThereReturnsAtOnce) {
  Connected c;
  std::vector<board::Frame> frames;
  const auto t0 = std::chrono::steady_clock::now();
  const IoStatus st = c.client->read(frames);
  EXPECT_TRUE(st.is_ok()) << st.message();
  EXPECT_TRUE(frames.empty());
  // A read that waited would wait for ever (nothing is sent): the bound is
  // loose, as a scheduler's hiccup (under qemu, on a loaded machine) is not a wait.
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
}

TEST(BoardClient, SnapshotRequestAndExpectationReachTheServer) {
  Connected c;
  ASSERT_TRUE(c.client->request_snapshot().is_ok());
  ASSERT_TRUE(c.client->send_expectation({"e4", "d1"}).is_ok());
  ASSERT_TRUE(c.client->send_expectation({}).is_ok());
  ASSERT_TRUE(serve_until(*c.server, c.events, [](const auto& ev) {
    return count(ev, SinkEvent::Kind::kRequest) == 3;
  }));
  std::vector<board::Request> requests;
  for (const SinkEvent& e : c.events)
    if (e.kind == SinkEvent::Kind::kRequest) requests.push_back(e.request);
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_TRUE(requests[0].has_snapshot());
  EXPECT_EQ(requests[0].protocol_version(), board::PROTOCOL_VERSION_CURRENT);
  ASSERT_TRUE(requests[1].has_expectation());
  EXPECT_THAT(requests[1].expectation().occupied_squares(), ::testing::ElementsAre("e4", "d1"));
  EXPECT_TRUE(requests[2].has_expectation()) << "an empty board is an expectation too";
  EXPECT_EQ(requests[2].expectation().occupied_squares_size(), 0);
  EXPECT_EQ(count(c.events, SinkEvent::Kind::kDisconnected), 0u) << "the server accepted them";
}

TEST(BoardClient, DaemonGoingAwayIsPeerClosedAfterTheLastFrames) {
  Connected c;
  board::Frame final_snapshot;
  final_snapshot.mutable_snapshot()->set_reason(board::BoardSnapshot::REASON_FINAL);
  c.server->broadcast(final_snapshot);
  c.server->drain(500);
  const std::string path = c.server->path();
  c.server.reset();  // the daemon exits

  std::vector<board::Frame> frames;
  const IoStatus st = read_until_failure(*c.client, frames);
  EXPECT_EQ(st.code(), IoError::kPeerClosed) << st.message();
  EXPECT_EQ(st.message(), "the board daemon closed the connection (" + path + ")");
  ASSERT_EQ(frames.size(), 1u) << "the frame before the end is still handed out";
  EXPECT_EQ(frames[0].snapshot().reason(), board::BoardSnapshot::REASON_FINAL);
  EXPECT_TRUE(c.client->closed());
  EXPECT_EQ(c.client->fd(), -1);
  // A closed client stays closed and says why.
  frames.clear();
  const IoStatus again = c.client->read(frames);
  EXPECT_EQ(again.code(), IoError::kPeerClosed);
  EXPECT_TRUE(frames.empty());
  EXPECT_EQ(c.client->request_snapshot().code(), IoError::kPeerClosed);
}

TEST(BoardClient, CorruptStreamNamesTheFrameAndCloses) {
  TempDir dir{"bc"};
  const std::string path = dir.file("raw.sock");
  RawServer raw(path);
  std::unique_ptr<BoardClient> client;
  ASSERT_TRUE(BoardClient::connect(path, client).is_ok());
  raw.accept();
  raw.write(encoded(hello(), 1) + std::string(6, '\xFF'));

  std::vector<board::Frame> frames;
  const IoStatus st = read_until_failure(*client, frames);
  EXPECT_EQ(st.code(), IoError::kInvalid);
  EXPECT_EQ(st.message(), "the board daemon at " + path +
                              " sent a corrupt stream: frame 2: malformed length prefix");
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_TRUE(frames[0].has_hello());
  EXPECT_TRUE(client->closed());
}

TEST(BoardClient, EndInTheMiddleOfAFrameSaysSo) {
  TempDir dir{"bc"};
  const std::string path = dir.file("raw.sock");
  RawServer raw(path);
  std::unique_ptr<BoardClient> client;
  ASSERT_TRUE(BoardClient::connect(path, client).is_ok());
  raw.accept();
  const std::string second = encoded(event("e4", true), 2);
  raw.write(encoded(hello(), 1) + second.substr(0, 3));
  raw.close_peer();

  std::vector<board::Frame> frames;
  const IoStatus st = read_until_failure(*client, frames);
  EXPECT_EQ(st.code(), IoError::kPeerClosed);
  EXPECT_EQ(st.message(), "the board daemon closed the connection (" + path +
                              ") in the middle of frame 2 (3 bytes of it arrived)");
  EXPECT_EQ(frames.size(), 1u);
}

TEST(BoardClient, SequenceGapIsReportedAndTheStreamGoesOn) {
  TempDir dir{"bc"};
  const std::string path = dir.file("raw.sock");
  RawServer raw(path);
  std::unique_ptr<BoardClient> client;
  ASSERT_TRUE(BoardClient::connect(path, client).is_ok());
  raw.accept();
  raw.write(encoded(hello(), 1) + encoded(event("e2", false), 2) + encoded(event("e4", true), 5));

  std::vector<board::Frame> frames;
  const IoStatus st = read_until_failure(*client, frames);
  EXPECT_EQ(st.code(), IoError::kInvalid);
  EXPECT_EQ(st.message(), "frame 3 from the board daemon at " + path +
                              " has sequence 5, expected 3: 2 frames lost");
  EXPECT_EQ(frames.size(), 3u) << "every frame is still handed out";
  EXPECT_FALSE(client->closed());
  // The count goes on from the frame that jumped.
  raw.write(encoded(event("e7", false), 6));
  frames.clear();
  const IoStatus next = read_frames(*client, frames, 1);
  EXPECT_TRUE(next.is_ok()) << next.message();
  EXPECT_EQ(frames.size(), 1u);
}

TEST(BoardClient, MissingSocketNamesThePath) {
  TempDir dir{"bc"};
  const std::string path = dir.file("board.sock");
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect(path, client);
  EXPECT_EQ(st.code(), IoError::kNotFound);
  EXPECT_EQ(st.message(), "no board daemon socket at " + path + " (is tabula-boardd running?)");
  EXPECT_FALSE(client);
}

TEST(BoardClient, StaleSocketMeansTheDaemonIsNotRunning) {
  TempDir dir{"bc"};
  const std::string path = dir.file("board.sock");
  {
    // Bound but never listening: what a crashed daemon leaves behind.
    UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.data(), path.size());
    ASSERT_EQ(::bind(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  }
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect(path, client);
  EXPECT_EQ(st.code(), IoError::kNotFound);
  EXPECT_EQ(st.message(), "the board daemon is not running: nobody listens on " + path);
}

TEST(BoardClient, ARegularFileIsNotASocket) {
  TempDir dir{"bc"};
  const std::string path = dir.file("board.sock");
  std::ofstream(path) << "not a socket\n";
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect(path, client);
  EXPECT_EQ(st.code(), IoError::kInvalid);
  EXPECT_THAT(st.message(), HasSubstr(path + " is not a socket"));
}

// Connects as `uid` in a child process (when we are root, which may open any
// socket) and returns what connect() said, as "code|message".
std::string connect_as(uid_t uid, const std::string& path) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return "pipe failed";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fds[0]);
    std::string answer = "setuid failed";
    if (::setgid(uid) == 0 && ::setuid(uid) == 0) {
      std::unique_ptr<BoardClient> client;
      const IoStatus st = BoardClient::connect(path, client);
      answer = std::to_string(static_cast<int>(st.code())) + "|" + st.message();
    }
    (void)!::write(pipe_fds[1], answer.data(), answer.size());
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string answer;
  char buf[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buf, sizeof buf)) > 0;)
    answer.append(buf, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return answer;
}

TEST(BoardClient, PermissionDeniedNamesThePath) {
  TempDir dir{"bc"};
  ServerOptions options;
  options.path = dir.file("board.sock");
  options.mode = 0600;  // the owner's only
  std::unique_ptr<FrameServer> server;
  ASSERT_TRUE(FrameServer::open(options, server).is_ok());
  const std::string expected = std::to_string(static_cast<int>(IoError::kPermissionDenied)) +
                               "|permission denied opening the board daemon's socket " +
                               options.path;
  if (::geteuid() == 0) {
    // Root may open anything: ask as nobody, through a directory nobody may enter.
    EXPECT_THAT(connect_as(65534, options.path), ::testing::StartsWith(expected));
    return;
  }
  ASSERT_EQ(::chmod(options.path.c_str(), 0), 0);
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect(options.path, client);
  EXPECT_THAT(std::to_string(static_cast<int>(st.code())) + "|" + st.message(),
              ::testing::StartsWith(expected));
}

TEST(BoardClient, PathTooLongIsInvalid) {
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect("/tmp/" + std::string(200, 'x'), client);
  EXPECT_EQ(st.code(), IoError::kInvalid);
  EXPECT_THAT(st.message(), HasSubstr("must be 1..107 bytes"));
}

}  // namespace
}  // namespace tabula::firmware

// BoardLink (tabula-kiosk --board) against a real FrameServer on a temp
// socket, playing the daemon: frames in, session inputs out, for a chess
// board and for sheet 000's merged corner squares. No display needed. Every
// wait is a poll until a condition, bounded; the link's clock is the test's.
#include "ui/board_link.h"

#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>

#include "geometry/board_geometry.h"
#include "variants/variant_loader.h"
#include "wire/frame_server.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::ui {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using Ms = session::Millis;
using firmware::FrameServer;
using firmware::SinkEvent;

using tabula::testing::TempDir;

core::Geometry variant_geometry(const std::string& id) {
  const variants::LoadResult loaded = variants::load_id(id);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  return loaded.ok() ? loaded.rules->geometry : core::Geometry{};
}

core::Square cell(const char* name) {
  return core::make_square(name[0] - 'a', std::stoi(name + 1) - 1);
}

// Plays tabula-boardd: on each connection a Hello for `geometry_id`, then a
// CONNECT snapshot of `occupied`; records the clients' requests.
class FakeDaemon {
 public:
  FakeDaemon(std::string path, std::string geometry_id, std::vector<std::string> occupied = {})
      : geometry_id_(std::move(geometry_id)), occupied_(std::move(occupied)) {
    firmware::ServerOptions options;
    options.path = std::move(path);
    const firmware::IoStatus st = FrameServer::open(options, server_);
    EXPECT_TRUE(st.is_ok()) << st.message();
  }

  // One non-blocking round of the daemon's loop.
  void service() {
    std::vector<pollfd> fds;
    server_->prepare(fds);
    ::poll(fds.data(), fds.size(), 1);
    std::vector<SinkEvent> events;
    server_->dispatch(fds, events);
    for (SinkEvent& e : events) {
      if (e.kind == SinkEvent::Kind::kConnected) greet(e.client);
      if (e.kind == SinkEvent::Kind::kRequest) requests.push_back(std::move(e.request));
    }
  }

  void broadcast(board::Frame frame) { server_->broadcast(frame); }
  void event(const std::string& square, bool occupied) {
    board::Frame f;
    f.mutable_square_event()->set_square(square);
    f.mutable_square_event()->set_occupied(occupied);
    broadcast(f);
  }
  std::size_t clients() const { return server_->client_count(); }

  std::vector<board::Request> requests;

 private:
  void greet(firmware::ClientId client) {
    const auto geometry = geometry::geometry_by_id(geometry_id_);
    ASSERT_TRUE(geometry) << geometry_id_;
    board::Frame hello;
    auto* h = hello.mutable_hello();
    h->set_protocol_version(board::PROTOCOL_VERSION_CURRENT);
    h->set_profile_id(geometry_id_ + "-test");
    h->set_geometry_id(geometry_id_);
    for (const auto& q : geometry->squares()) h->add_squares(q.name);
    server_->send(client, hello);
    board::Frame snapshot;
    snapshot.mutable_snapshot()->set_reason(board::BoardSnapshot::REASON_CONNECT);
    for (const auto& q : occupied_) snapshot.mutable_snapshot()->add_occupied_squares(q);
    server_->send(client, snapshot);
  }

  std::string geometry_id_;
  std::vector<std::string> occupied_;
  std::unique_ptr<FrameServer> server_;
};

// Runs daemon and link (the link at time `now`) until `done()`; gives up after 5 s (only a
// failing test waits that long, a loaded machine needs the room).
bool run_until(FakeDaemon* daemon, BoardLink& link, Ms now, std::vector<session::Input>& inputs,
               const std::function<bool()>& done) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(5000);
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    if (daemon != nullptr) daemon->service();
    link.poll(now, inputs);
    if (link.fd() >= 0) {
      pollfd p{link.fd(), POLLIN, 0};
      ::poll(&p, 1, 1);
    }
  }
  return true;
}

std::vector<std::string> chess_start() {
  std::vector<std::string> out;
  for (const char* rank : {"1", "2", "7", "8"})
    for (char f = 'a'; f <= 'h'; ++f) out.push_back(std::string(1, f) + rank);
  return out;
}

TEST(BoardLink, ChessFramesBecomeSessionInputsAtTheKiosksTime) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "chess-8x8", chess_start());
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(100), inputs, [&] { return inputs.size() == 1; }));
  EXPECT_TRUE(link.live());
  EXPECT_EQ(link.status(), "board: connected to " + path + " (profile chess-8x8-test)");

  const auto* snapshot = std::get_if<session::BoardSnapshot>(&inputs[0]);
  ASSERT_NE(snapshot, nullptr);
  EXPECT_EQ(snapshot->time, Ms(100));
  EXPECT_EQ(snapshot->cells.count(), 32u);
  EXPECT_TRUE(snapshot->cells.test(core::index_of(cell("e2"))));
  EXPECT_FALSE(snapshot->cells.test(core::index_of(cell("e4"))));

  daemon.event("e2", false);
  daemon.event("e4", true);
  inputs.clear();
  ASSERT_TRUE(run_until(&daemon, link, Ms(2500), inputs, [&] { return inputs.size() == 2; }));
  EXPECT_EQ(inputs[0], session::Input(session::SquareEvent{Ms(2500), cell("e2"), false}));
  EXPECT_EQ(inputs[1], session::Input(session::SquareEvent{Ms(2500), cell("e4"), true}));
  EXPECT_TRUE(link.warnings().empty());
}

TEST(BoardLink, ACornerSquareIsItsAnchorCell) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  const core::Geometry geometry = variant_geometry("corners-short");
  ASSERT_EQ(geometry.playable_count(), 132);
  FakeDaemon daemon(path, "cross-12-corners", {"a1", "k11", "e2"});
  BoardLink link(path, geometry);
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return inputs.size() == 1; }));
  EXPECT_TRUE(link.live()) << link.status();
  const auto* snapshot = std::get_if<session::BoardSnapshot>(&inputs[0]);
  ASSERT_NE(snapshot, nullptr);
  core::SquareSet expected;
  for (const char* q : {"a1", "k11", "e2"}) expected.set(core::index_of(cell(q)));
  EXPECT_EQ(snapshot->cells, expected);

  // The white corner square k1 (cells k1 l1 k2 l2): one name, one cell.
  daemon.event("k1", true);
  inputs.clear();
  ASSERT_TRUE(run_until(&daemon, link, Ms(700), inputs, [&] { return inputs.size() == 1; }));
  const auto* event = std::get_if<session::SquareEvent>(&inputs[0]);
  ASSERT_NE(event, nullptr);
  EXPECT_EQ(event->square, cell("k1"));
  EXPECT_TRUE(event->occupied);
  EXPECT_EQ(geometry.cells_of(event->square).size(), 4u) << "the anchor of the merged square";
}

TEST(BoardLink, ADaemonOfAnotherBoardIsRefusedWithTheReason) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "cross-14", {"d1"});
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  std::vector<std::string> warnings;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] {
    for (auto& w : link.warnings()) warnings.push_back(std::move(w));
    return !warnings.empty();
  }));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            "board: error: the board daemon's profile cross-14-test (geometry cross-14, 160 "
            "squares) does not fit the variant's board (64 squares): its square i1 is not on the "
            "variant's board");
  EXPECT_THAT(link.status(), StartsWith("board: the board daemon's profile cross-14-test"));
  EXPECT_TRUE(link.connected());
  EXPECT_FALSE(link.live());

  // Nothing it says becomes an input ("d1" is a square of both boards); the
  // fault after the event shows the event has been read.
  daemon.event("d1", false);
  board::Frame marker;
  marker.mutable_sensor_fault()->set_kind(board::FAULT_KIND_NOISY);
  marker.mutable_sensor_fault()->set_square("d1");
  daemon.broadcast(marker);
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return !link.warnings().empty(); }));
  EXPECT_TRUE(inputs.empty());
}

TEST(BoardLink, ADaemonWithTooFewSquaresIsRefused) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "mini-8x8-corners");  // every name is a chess square, 52 of 64
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  std::vector<std::string> warnings;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] {
    for (auto& w : link.warnings()) warnings.push_back(std::move(w));
    return !warnings.empty();
  }));
  EXPECT_THAT(warnings, ::testing::ElementsAre(
                            "board: error: the board daemon's profile mini-8x8-corners-test "
                            "(geometry mini-8x8-corners, 52 squares) does not fit the variant's "
                            "board (64 squares): it does not sense b1 and 11 more squares"));
  EXPECT_TRUE(inputs.empty()) << "its connect snapshot is refused too";
}

TEST(BoardLink, ACornerSquareBoardWithoutItsCornersIsRefused) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "cross-12");  // 128 squares, the corners cut off
  BoardLink link(path, variant_geometry("corners-short"));
  std::vector<session::Input> inputs;
  std::vector<std::string> warnings;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] {
    for (auto& w : link.warnings()) warnings.push_back(std::move(w));
    return !warnings.empty();
  }));
  EXPECT_THAT(warnings, ::testing::ElementsAre(
                            "board: error: the board daemon's profile cross-12-test (geometry "
                            "cross-12, 128 squares) does not fit the variant's board (132 "
                            "squares): it does not sense a1 and 3 more squares"));
}

TEST(BoardLink, SensedCellsThatAreNoSquareArePassedOnAsStrays) {
  // Bipartite's board senses all 45 cells; the variant has holes on c1 and
  // c9 (and stage 2 moves them), so a piece there is the session's business.
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  const core::Geometry geometry = variant_geometry("bipartite");
  ASSERT_EQ(geometry.playable_count(), 43);
  FakeDaemon daemon(path, "bipartite-5x9", {"a1", "c1"});
  BoardLink link(path, geometry);
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return inputs.size() == 1; }));
  EXPECT_TRUE(link.live()) << link.status();
  core::SquareSet expected;
  expected.set(core::index_of(cell("a1")));
  expected.set(core::index_of(cell("c1")));
  EXPECT_EQ(std::get<session::BoardSnapshot>(inputs[0]).cells, expected);
  daemon.event("c9", true);
  inputs.clear();
  ASSERT_TRUE(run_until(&daemon, link, Ms(40), inputs, [&] { return inputs.size() == 1; }));
  EXPECT_EQ(inputs[0], session::Input(session::SquareEvent{Ms(40), cell("c9"), true}));

  // The same for a corner-square board under a game whose corners are cut off.
  const std::string path2 = dir.file("board2.sock");
  FakeDaemon corners(path2, "cross-12-corners");
  BoardLink four(path2, variant_geometry("chess-four"));  // sheet 001: 12x12, corners cut
  ASSERT_TRUE(run_until(&corners, four, Ms(0), inputs, [&] { return four.live(); }))
      << four.status();
}

TEST(BoardLink, NoDaemonMeansAStatusAndARetryOnceASecond) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  link.poll(Ms(0), inputs);
  EXPECT_FALSE(link.connected());
  EXPECT_EQ(link.status(), "board: daemon not running at " + path + ", retrying");
  EXPECT_TRUE(link.warnings().empty()) << "a missing daemon is a status, not a stream of lines";

  FakeDaemon daemon(path, "chess-8x8");
  link.poll(Ms(999), inputs);
  EXPECT_FALSE(link.connected()) << "not a second since the last attempt";
  link.poll(Ms(1000), inputs);
  EXPECT_TRUE(link.connected());
}

TEST(BoardLink, ReconnectsAfterTheDaemonRestartsAndSendsTheExpectationAgain) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  auto daemon = std::make_unique<FakeDaemon>(path, "chess-8x8", chess_start());
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(daemon.get(), link, Ms(0), inputs, [&] { return link.live(); }));
  core::SquareSet believed;
  for (const auto& q : chess_start()) believed.set(core::index_of(cell(q.c_str())));
  link.send_expectation(believed);
  ASSERT_TRUE(
      run_until(daemon.get(), link, Ms(0), inputs, [&] { return daemon->requests.size() == 1; }));

  daemon.reset();  // the daemon stops
  ASSERT_TRUE(run_until(nullptr, link, Ms(5000), inputs, [&] { return !link.connected(); }));
  EXPECT_THAT(link.warnings(),
              ::testing::ElementsAre("board: the board daemon closed the connection (" + path +
                                     "); reconnecting"));
  link.poll(Ms(6000), inputs);
  EXPECT_EQ(link.status(), "board: daemon not running at " + path + ", retrying");

  daemon = std::make_unique<FakeDaemon>(path, "chess-8x8", chess_start());  // and is back
  inputs.clear();
  ASSERT_TRUE(run_until(daemon.get(), link, Ms(7000), inputs, [&] {
    return link.live() && inputs.size() == 1 && daemon->requests.size() == 1;
  }));
  EXPECT_TRUE(std::holds_alternative<session::BoardSnapshot>(inputs[0]));
  ASSERT_TRUE(daemon->requests[0].has_expectation()) << "the new daemon learns the board";
  EXPECT_EQ(daemon->requests[0].expectation().occupied_squares_size(), 32);
  EXPECT_TRUE(link.warnings().empty());
}

TEST(BoardLink, TheExpectationNamesEachSquareOnceInTheDaemonsNames) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "cross-12-corners");
  BoardLink link(path, variant_geometry("corners-short"));
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return link.live(); }));
  core::SquareSet cells;
  // l2 and k1 are both the white corner square; a12 is the black one's; e4
  // is a plain square; off-board cells (m1) are left out.
  for (const char* q : {"l2", "k1", "a12", "e4", "m1"}) cells.set(core::index_of(cell(q)));
  link.send_expectation(cells);
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return daemon.requests.size() == 1; }));
  EXPECT_THAT(daemon.requests[0].expectation().occupied_squares(),
              ::testing::ElementsAre("k1", "e4", "a11"));
}

TEST(BoardLink, FaultsBecomeWarningsAndAProtocolErrorAnErrorLine) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "chess-8x8");
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return link.live(); }));

  board::Frame fault;
  auto* f = fault.mutable_sensor_fault();
  f->set_kind(board::FAULT_KIND_STUCK_CLOSED);
  f->set_active(true);
  f->set_square("e4");
  f->set_sensor("R3xC4 (soc:17 x soc:22)");
  f->set_message("e4 reads occupied but should be empty; check its reed");
  daemon.broadcast(fault);
  f->set_active(false);
  daemon.broadcast(fault);
  board::Frame chip;
  chip.mutable_sensor_fault()->set_kind(board::FAULT_KIND_CHIP_LOST);
  chip.mutable_sensor_fault()->set_active(true);
  chip.mutable_sensor_fault()->set_message("gpiochip0 stopped answering");
  daemon.broadcast(chip);
  board::Frame refusal;
  refusal.mutable_protocol_error()->set_message("expectation names unknown square z9");
  daemon.broadcast(refusal);

  std::vector<std::string> warnings;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] {
    for (auto& w : link.warnings()) warnings.push_back(std::move(w));
    return warnings.size() == 4;
  }));
  EXPECT_THAT(warnings,
              ::testing::ElementsAre(
                  "board: sensor fault (stuck closed) on e4: e4 reads occupied but should be "
                  "empty; check its reed",
                  "board: sensor fault (stuck closed) on e4 cleared: e4 reads occupied but "
                  "should be empty; check its reed",
                  "board: sensor fault (chip lost) on the board: gpiochip0 stopped answering",
                  "board: error: the board daemon at " + path +
                      " refused the kiosk: expectation names unknown square z9"));
  EXPECT_TRUE(link.warnings().empty()) << "taken and cleared";
  EXPECT_TRUE(link.live()) << "a fault does not stop the events";
}

TEST(BoardLink, ADaemonThatRefusesEveryConnectionIsReportedOnce) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  firmware::ServerOptions options;
  options.path = path;
  options.max_clients = 0;  // every client gets "too many clients" and the end
  std::unique_ptr<FrameServer> server;
  ASSERT_TRUE(FrameServer::open(options, server).is_ok());
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  std::vector<std::string> warnings;
  int connections = 0;
  Ms now(0);
  // Retries a second of session time apart, until five connections ended.
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (connections < 5 && std::chrono::steady_clock::now() < end) {
    std::vector<pollfd> fds;
    std::vector<SinkEvent> events;
    server->prepare(fds);
    ::poll(fds.data(), fds.size(), 1);
    server->dispatch(fds, events);
    const bool was_connected = link.connected();
    link.poll(now, inputs);
    if (was_connected && !link.connected()) ++connections;
    if (!link.connected()) now += BoardLink::kRetryInterval;
    for (auto& w : link.warnings()) warnings.push_back(std::move(w));
  }
  ASSERT_EQ(connections, 5);
  EXPECT_THAT(warnings, ::testing::ElementsAre("board: error: the board daemon at " + path +
                                                   " refused the kiosk: too many clients (0)",
                                               "board: the board daemon closed the connection (" +
                                                   path + "); reconnecting"));
  EXPECT_TRUE(inputs.empty());
}

TEST(BoardLink, ASnapshotWithUnsettledSquaresIsNotPassedOn) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  FakeDaemon daemon(path, "chess-8x8", {"e2"});
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return inputs.size() == 1; }));
  board::Frame unsettled;
  unsettled.mutable_snapshot()->set_reason(board::BoardSnapshot::REASON_HEARTBEAT);
  unsettled.mutable_snapshot()->add_occupied_squares("e2");
  unsettled.mutable_snapshot()->add_unsettled_squares("e4");
  daemon.broadcast(unsettled);
  board::Frame resync;
  resync.mutable_snapshot()->set_reason(board::BoardSnapshot::REASON_RESYNC);
  resync.mutable_snapshot()->add_occupied_squares("e4");
  daemon.broadcast(resync);
  inputs.clear();
  // Frames come in order: once the resync is in, the unsettled one was read.
  ASSERT_TRUE(run_until(&daemon, link, Ms(0), inputs, [&] { return inputs.size() == 1; }));
  const auto& resynced = std::get<session::BoardSnapshot>(inputs[0]);
  EXPECT_TRUE(resynced.cells.test(core::index_of(cell("e4"))));
  EXPECT_EQ(resynced.cells.count(), 1u);
}

// The real tabula-boardd, replaying a trace through its simulated grid.
class Boardd {
 public:
  Boardd(const std::string& dir, const std::string& trace_text, const std::string& socket) {
    const std::string trace = dir + "/game.trace";
    std::ofstream(trace) << trace_text;
    std::vector<std::string> args = {
        TABULA_BOARDD_PATH,
        "--backend",
        "sim",
        "--trace",
        trace,
        "--profile",
        std::string(TABULA_SOURCE_DIR) + "/hardware/profiles/chess-8x8-matrix.textproto",
        "--socket",
        socket,
        "--hold"};
    const std::string log = dir + "/boardd.log";
    pid_ = ::fork();
    if (pid_ == 0) {
      const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~Boardd() { stop(SIGKILL); }
  // Signals the daemon and reaps it; returns its exit code.
  int stop(int sig = SIGTERM) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, sig);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
};

TEST(BoardLink, TheRealDaemonsFramesBecomeTheBoardTheTraceDescribes) {
  TempDir dir{"link"};
  const std::string path = dir.file("board.sock");
  // The move comes late enough (3 s) that even a loaded machine is connected by then.
  Boardd boardd(dir.file(""), "0 e2 down\n0 d7 down\n2800 e2 up\n3000 e4 down\n", path);
  BoardLink link(path, variant_geometry("chess"));
  std::vector<session::Input> inputs;
  // The link's clock runs a second per round until the daemon's socket is up.
  Ms now(0);
  ASSERT_TRUE(run_until(nullptr, link, now, inputs, [&] {
    if (!link.connected()) link.poll(now += BoardLink::kRetryInterval, inputs);
    return link.live();
  })) << link.status();
  EXPECT_EQ(link.status(), "board: connected to " + path + " (profile chess-8x8-matrix)");

  // Whatever the daemon had done before we came, snapshot + events must add
  // up to the trace's board.
  core::SquareSet board;
  std::size_t events = 0;
  auto fold = [&] {
    for (const session::Input& in : inputs) {
      if (const auto* s = std::get_if<session::BoardSnapshot>(&in)) board = s->cells;
      if (const auto* e = std::get_if<session::SquareEvent>(&in)) {
        board.set(core::index_of(e->square), e->occupied);
        ++events;
      }
    }
    inputs.clear();
  };
  core::SquareSet expected;
  expected.set(core::index_of(cell("d7")));
  expected.set(core::index_of(cell("e4")));
  ASSERT_TRUE(run_until(nullptr, link, now, inputs, [&] {
    fold();
    return board == expected;
  }));
  EXPECT_GE(events, 1u) << "e4 down comes as an event, 3 s after the start";

  // The arbiter's belief reaches the daemon: an unknown square would be a
  // protocol error and a closed connection; these are accepted.
  link.send_expectation(expected);
  link.request_snapshot();
  ASSERT_TRUE(run_until(nullptr, link, now, inputs, [&] { return !inputs.empty(); }));
  EXPECT_EQ(std::get<session::BoardSnapshot>(inputs[0]).cells, expected);
  EXPECT_TRUE(link.warnings().empty());

  EXPECT_EQ(boardd.stop(SIGTERM), 0);
  ASSERT_TRUE(run_until(nullptr, link, now, inputs, [&] { return !link.connected(); }));
  EXPECT_THAT(link.warnings(),
              ::testing::ElementsAre("board: the board daemon closed the connection (" + path +
                                     "); reconnecting"));
}

}  // namespace
}  // namespace tabula::ui

// tabula-boardd as a process: replay to stdout, bad input, the socket with
// two clients (one stalled), and a clean stop on SIGTERM. Every wait is bounded.
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
#include <sstream>
#include <thread>

#include "socket_client.h"
#include "version/version.h"
#include "wire/frame_codec.h"
#include "test_files.h"
#include "test_source_dir.h"

namespace tabula::firmware {
namespace {

using ::testing::HasSubstr;

const std::string kSource = TABULA_SOURCE_DIR;
const std::string kBoardd = TABULA_BOARDD_PATH;

using tabula::testing::read_file;

class Process {
 public:
  explicit Process(std::vector<std::string> args) {
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(kBoardd.c_str()));
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(kBoardd.c_str(), argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    out_ = out[0];
    err_ = err[0];
  }
  ~Process() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) ::close(out_);
    if (err_ >= 0) ::close(err_);
  }
  // Collects output until exit; kills it after `timeout_ms`. Returns the exit
  // code, or -1 on timeout.
  int wait(int timeout_ms = 20000) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    bool out_open = true, err_open = true;
    while (out_open || err_open) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        reaped_ = true;
        return -1;
      }
      pollfd fds[2] = {{out_open ? out_ : -1, POLLIN, 0}, {err_open ? err_ : -1, POLLIN, 0}};
      ::poll(fds, 2, static_cast<int>(left.count()));
      char buf[65536];
      if (fds[0].revents) {
        const ssize_t n = ::read(out_, buf, sizeof buf);
        if (n > 0)
          stdout_text.append(buf, static_cast<std::size_t>(n));
        else
          out_open = false;
      }
      if (fds[1].revents) {
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n > 0)
          stderr_text.append(buf, static_cast<std::size_t>(n));
        else
          err_open = false;
      }
    }
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  pid_t pid() const { return pid_; }

  std::string stdout_text;
  std::string stderr_text;

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int err_ = -1;
  bool reaped_ = false;
};

std::string profile(const std::string& name) {
  return kSource + "/hardware/profiles/" + name + ".textproto";
}
std::string data(const std::string& name) {
  return kSource + "/tests/firmware/data/" + name;
}

TEST(Boardd, SimReplayToStdoutMatchesTheGoldenOutput) {
  Process p({"--backend", "sim", "--trace", data("chess_opening.trace"), "--profile",
             profile("chess-8x8-matrix"), "--stdout", "--text", "--speed", "0"});
  ASSERT_EQ(p.wait(), 0) << p.stderr_text;
  // The golden's hello names the daemon's version as @VERSION@: the build's
  // (arbiter/version), which changes with every commit.
  std::string expected = read_file(data("chess_opening.expected"));
  const std::string placeholder = "@VERSION@";
  const std::size_t at = expected.find(placeholder);
  ASSERT_NE(at, std::string::npos);
  expected.replace(at, placeholder.size(), tabula::build_version());
  EXPECT_EQ(p.stdout_text, expected);
}

TEST(Boardd, BinaryStdoutIsLengthDelimitedFrames) {
  Process p({"--backend", "sim", "--trace", data("chess_opening.trace"), "--profile",
             profile("chess-8x8-matrix"), "--stdout", "--speed", "0"});
  ASSERT_EQ(p.wait(), 0) << p.stderr_text;
  FrameDecoder decoder;
  decoder.feed(p.stdout_text);
  board::Frame f;
  std::vector<board::Frame> frames;
  while (decoder.next(f) == DecodeResult::kFrame) frames.push_back(f);
  ASSERT_TRUE(decoder.error().empty()) << decoder.error();
  EXPECT_EQ(decoder.buffered(), 0u);
  ASSERT_GE(frames.size(), 3u);
  EXPECT_EQ(frames[0].hello().protocol_version(), board::PROTOCOL_VERSION_CURRENT);
  EXPECT_EQ(frames[0].hello().squares_size(), 64);
  int events = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    EXPECT_EQ(frames[i].sequence(), i + 1);
    events += frames[i].has_square_event();
  }
  EXPECT_EQ(events, 15);
  EXPECT_EQ(frames.back().snapshot().reason(), board::BoardSnapshot::REASON_FINAL);
}

TEST(Boardd, BadTraceLinesAreReportedWithFileAndLine) {
  const tabula::testing::TempDir tmp("boardd");
  const std::string dir = tmp.path();
  const std::string trace = dir + "/bad.trace";
  std::ofstream(trace) << "0 a1 down\n10 o9 down\n20 e4 up\n30 a1 down\n";
  Process p({"--backend", "sim", "--trace", trace, "--profile", profile("chess-8x8-matrix"),
             "--stdout", "--speed", "0"});
  EXPECT_EQ(p.wait(), 1);
  EXPECT_EQ(p.stderr_text, trace + ":2: square 'o9' is not on chess-8x8\n" + trace +
                               ":3: e4 up, but e4 is empty\n" + trace +
                               ":4: a1 down, but a piece is already on a1\n");
  EXPECT_TRUE(p.stdout_text.empty());
}

TEST(Boardd, CheckProfileExitsNonZeroWithFileLineMessages) {
  Process good({"--check-profile", profile("cross-14-decoder"), profile("bipartite-5x9-direct")});
  ASSERT_EQ(good.wait(), 0) << good.stderr_text;
  EXPECT_THAT(good.stdout_text, HasSubstr("cross-14-decoder: geometry cross-14 (160 squares)"));
  const tabula::testing::TempDir tmp("boardd");
  const std::string bad = tmp.file("bad.textproto");
  std::ofstream(bad) << "id: \"x\"\ngeometry: \"cross-14\"\nchips { id: \"soc\" device: \"g\" "
                        "num_lines: 58 kind: CHIP_KIND_RPI_HEADER }\ndirect {\n  sensors { line "
                        "{ chip: \"soc\" offset: 99 } square: \"d1\" }\n}\n";
  Process p({"--check-profile", bad});
  EXPECT_EQ(p.wait(), 1);
  EXPECT_THAT(p.stderr_text, HasSubstr(bad + ":5:32: error: sensor d1 soc:99 is beyond chip soc"));
  EXPECT_THAT(p.stderr_text, HasSubstr("have no sensor"));
}

TEST(Boardd, ServesTwoClientsOneStalledAndStopsCleanlyOnSigterm) {
  const tabula::testing::TempDir tmp("boardd");
  const std::string dir = tmp.path();
  const std::string sock = dir + "/boardd-test.sock";
  const std::string trace = dir + "/short.trace";
  std::ofstream(trace) << "0 e2 down\n0 d7 down\n400 e2 up\n600 e4 down\n";
  std::filesystem::remove(sock);
  Process p({"--backend", "sim", "--trace", trace, "--profile", profile("chess-8x8-matrix"),
             "--socket", sock, "--hold", "--max-queued-kib", "4"});
  // Both clients connect as soon as the socket exists (bounded wait).
  testing::SocketClient reader, staller;
  for (int i = 0; i < 500 && !reader.connect_to(sock); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(staller.connect_to(sock));
  ASSERT_TRUE(reader.wait_for([&] { return reader.frames.size() >= 2; }));
  EXPECT_EQ(reader.frames[0].hello().backend(), "sim");
  EXPECT_EQ(reader.frames[1].snapshot().reason(), board::BoardSnapshot::REASON_CONNECT);

  board::Request r;
  r.set_protocol_version(board::PROTOCOL_VERSION_CURRENT);
  r.mutable_snapshot();
  ASSERT_TRUE(reader.send(r));
  auto count_events = [&] {
    int n = 0;
    for (const auto& f : reader.frames) n += f.has_square_event();
    return n;
  };
  ASSERT_TRUE(reader.wait_for([&] { return count_events() >= 2; }, 10000)) << p.stderr_text;
  std::vector<std::string> events;
  bool requested = false;
  for (const auto& f : reader.frames) {
    if (f.has_square_event())
      events.push_back(f.square_event().square() + (f.square_event().occupied() ? " down" : " up"));
    requested = requested || f.snapshot().reason() == board::BoardSnapshot::REASON_REQUESTED;
  }
  EXPECT_EQ(events, (std::vector<std::string>{"e2 up", "e4 down"}));
  EXPECT_TRUE(requested);

  ASSERT_EQ(::kill(p.pid(), SIGTERM), 0);
  EXPECT_EQ(p.wait(5000), 0) << p.stderr_text;
  EXPECT_THAT(p.stderr_text, HasSubstr("SIGTERM: shutting down"));
  ASSERT_TRUE(reader.wait_for([&] { return reader.closed(); }));
  EXPECT_EQ(reader.frames.back().snapshot().reason(), board::BoardSnapshot::REASON_FINAL);
  for (std::size_t i = 0; i < reader.frames.size(); ++i)
    EXPECT_EQ(reader.frames[i].sequence(), i + 1);
  EXPECT_FALSE(std::filesystem::exists(sock)) << "socket removed on shutdown";
}

}  // namespace
}  // namespace tabula::firmware

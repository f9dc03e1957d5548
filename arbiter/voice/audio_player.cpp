// audio_player.cpp — aplay as a child process (audio_player.h).
#include "voice/audio_player.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

extern char** environ;

namespace tabula::voice {

AudioPlayer::AudioPlayer(std::string device, int sample_rate) : device_(std::move(device)), rate_(sample_rate) {}

AudioPlayer::~AudioPlayer() { stop(); }

std::string AudioPlayer::start() {
  stop();
  int in[2];
  int err[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) return std::string("socketpair: ") + std::strerror(errno);
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  std::vector<std::string> args = {"aplay", "-q", "-t", "raw", "-f", "S16_LE", "-r", std::to_string(rate_), "-c", "1"};
  if (!device_.empty()) {
    args.push_back("-D");
    args.push_back(device_);
  }
  args.push_back("-");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[1], 0);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  const int rc = posix_spawnp(&pid_, "aplay", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[1]);
  close(err[1]);
  if (rc != 0) {
    close(in[0]);
    close(err[0]);
    pid_ = -1;
    return std::string("cannot run aplay (alsa-utils): ") + std::strerror(rc);
  }
  in_ = in[0];
  err_ = err[0];
  fcntl(err_, F_SETFL, O_NONBLOCK);
  return {};
}

std::string AudioPlayer::write(std::span<const std::int16_t> samples) {
  if (in_ < 0) return "no player";
  const char* p = reinterpret_cast<const char*>(samples.data());
  std::size_t left = samples.size_bytes();
  while (left > 0) {
    const ssize_t n = send(in_, p, left, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      // The player is gone: its own words say why.
      int status = 0;
      waitpid(pid_, &status, 0);
      std::string why = reap(status);
      return why.empty() ? "aplay stopped reading" : why;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return {};
}

void AudioPlayer::finish() {
  if (in_ >= 0) {
    close(in_);
    in_ = -1;
  }
}

bool AudioPlayer::drained(std::chrono::milliseconds wait, std::string& problem) {
  problem.clear();
  if (pid_ < 0) return true;
  const auto until = std::chrono::steady_clock::now() + wait;
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      problem = reap(status);
      return true;
    }
    if (r < 0) {  // not ours any more
      pid_ = -1;
      finish();
      return true;
    }
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void AudioPlayer::stop() {
  if (pid_ >= 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  finish();
  if (err_ >= 0) {
    close(err_);
    err_ = -1;
  }
}

std::string AudioPlayer::probe() {
  std::string problem = start();
  if (!problem.empty()) return problem;
  finish();
  if (!drained(std::chrono::milliseconds(2000), problem)) {
    stop();
    return "aplay did not answer within 2 s";
  }
  return problem;
}

std::string AudioPlayer::stderr_tail() {
  std::string text;
  if (err_ < 0) return text;
  char buf[512];
  for (;;) {
    const ssize_t n = read(err_, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > 16384) text.erase(0, text.size() - 4096);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const std::size_t nl = text.rfind('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

std::string AudioPlayer::reap(int status) {
  pid_ = -1;
  finish();
  std::string why;
  if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
    why = stderr_tail();
    if (why.empty()) {
      why = WIFEXITED(status) ? "aplay exited with status " + std::to_string(WEXITSTATUS(status))
                              : "aplay was killed by signal " + std::to_string(WTERMSIG(status));
    }
  }
  if (err_ >= 0) {
    close(err_);
    err_ = -1;
  }
  return why;
}

}  // namespace tabula::voice

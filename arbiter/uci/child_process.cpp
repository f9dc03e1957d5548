// child_process.cpp — Section index: start (fork/exec, three pipes), lines
// in and out, stderr, the end.
#include "uci/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "cli/child_guard.h"

namespace tabula::uci {

// ---- start ----------------------------------------------------------------------------

ChildProcess::ChildProcess(const std::string& path) {
  int in[2], out[2], err[2];
  if (pipe(in) != 0) return;
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    return;
  }
  if (pipe(err) != 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return;
  }
  pid_t parent = getpid();
  pid_ = fork();
  if (pid_ == 0) {
    // A process group of its own: what the engine starts (a wrapper
    // script's engine, helpers) is killed with it.
    setpgid(0, 0);
    cli::in_child_after_fork(parent);
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(err[0]), close(err[1]);
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  close(err[1]);
  if (pid_ < 0) {
    close(in[1]), close(out[0]), close(err[0]);
    return;
  }
  setpgid(pid_, pid_);  // also here: whichever of the two runs first
  cli::guard_child(pid_);
  to_ = in[1];
  from_ = out[0];
  err_ = err[0];
  fcntl(err_, F_SETFL, fcntl(err_, F_GETFL) | O_NONBLOCK);
  signal(SIGPIPE, SIG_IGN);  // a dead engine is an error value, not a signal
}

ChildProcess::~ChildProcess() {
  if (to_ >= 0) close(to_);
  if (from_ >= 0) close(from_);
  if (err_ >= 0) close(err_);
  if (pid_ > 0 && !reaped_) {
    cli::release_child(pid_);  // before the reap: the pid may be reused after it
    kill(-pid_, SIGKILL);      // the engine's whole process group
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  // (A child reaped by exit_text() is not signalled: its pid, and so its
  // group's id, may already be another process's.)
}

// ---- lines in and out -----------------------------------------------------------------

bool ChildProcess::send(const std::string& line) {
  if (to_ < 0) return false;
  std::string text = line + "\n";
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = write(to_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    auto nl = buffer_.find('\n');
    if ((nl == std::string::npos ? buffer_.size() : nl) > kMaxLine) {
      overlong_ = true;
      buffer_.clear();
      return false;
    }
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, nl + 1);
      return true;
    }
    if (ended_ || from_ < 0) return false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd pfd[2] = {{from_, POLLIN, 0}, {err_, POLLIN, 0}};
    int r = poll(pfd, err_ >= 0 ? 2 : 1, static_cast<int>(left));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    if (err_ >= 0 && pfd[1].revents != 0) read_stderr();
    if (pfd[0].revents == 0) continue;
    char chunk[4096];
    ssize_t n = read(from_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended_ = true;
      read_stderr();
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

// ---- stderr -------------------------------------------------------------------------

void ChildProcess::read_stderr() {
  if (err_ < 0) return;
  char chunk[4096];
  for (;;) {
    ssize_t n = read(err_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) {  // closed: nothing more will come
        close(err_);
        err_ = -1;
      }
      return;
    }
    stderr_.append(chunk, static_cast<std::size_t>(n));
    if (stderr_.size() > kStderrKept) stderr_.erase(0, stderr_.size() - kStderrKept);
  }
}

std::string ChildProcess::stderr_tail() const {
  std::string out = stderr_;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ')) out.pop_back();
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return out;
}

// ---- the end --------------------------------------------------------------------------

std::string ChildProcess::exit_text() {
  if (pid_ <= 0) return "";
  if (!reaped_) {
    for (int i = 0; i < 20 && !reaped_; ++i) {
      pid_t r = waitpid(pid_, &status_, WNOHANG);
      if (r == pid_) {
        reaped_ = true;
        cli::release_child(pid_);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    read_stderr();
  }
  if (!reaped_) return "";
  if (WIFEXITED(status_)) return "exit status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    const int sig = WTERMSIG(status_);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name != nullptr ? " (" + std::string(name) + ")" : "");
  }
  return "";
}

}  // namespace tabula::uci

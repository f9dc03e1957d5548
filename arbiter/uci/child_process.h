// child_process.h — a program run as a child, spoken to line by line over
// pipes with deadlines (the shell around the pure engine: `tabula match`'s
// engines, cli/engine_process.*, and Stockfish at the table, uci/uci_bot.*).
//
// The destructor closes the pipes, kills the child's process group and reaps
// it; a shell killed by a signal takes the child with it (cli/child_guard.h).
// Its stderr is kept: the last kStderrKept bytes, read while its stdout is
// waited for, to quote when it fails (session 30; before, /dev/null).
// Not thread-safe: one thread speaks to one child.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <string>

namespace tabula::uci {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;
  // The longest line read: an engine's longest (an info line with a long pv,
  // an option) is a few KiB; past this the engine is broken, and its text is
  // not buffered on (a flood without a newline would fill memory).
  static constexpr std::size_t kMaxLine = 65536;
  static constexpr std::size_t kStderrKept = 2048;

  explicit ChildProcess(const std::string& path);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return to_ >= 0 && from_ >= 0; }
  pid_t pid() const { return pid_; }
  // False when its input is closed (it died).
  bool send(const std::string& line);
  // The next line, or false on timeout, end of file (then ended() is true)
  // or a line longer than kMaxLine (then overlong() is true).
  bool read_line(std::string& line, Clock::time_point deadline);
  bool overlong() const { return overlong_; }
  bool ended() const { return ended_; }
  // The last bytes it wrote to stderr (control characters as spaces).
  std::string stderr_tail() const;
  // After ended(): how it ended, "exit status 3", "killed by signal 11
  // (Segmentation fault)", or "" while it still runs (waits up to 200 ms).
  std::string exit_text();

 private:
  void read_stderr();

  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
  int err_ = -1;
  std::string buffer_;
  std::string stderr_;
  bool overlong_ = false;
  bool ended_ = false;
  bool reaped_ = false;
  int status_ = 0;
};

}  // namespace tabula::uci

// test_files.h — files for tests: a scratch directory and reading a file whole.
//
// Section index: TempDir, read_file, said_in_child.
#pragma once

#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

namespace tabula::testing {

// A fresh directory /tmp/tabula-TAG-XXXXXX, removed with everything in it on
// destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    std::string tmpl = "/tmp/tabula-" + tag + "-XXXXXX";
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }
  // Writes `text` to the file `name` in the directory.
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name), std::ios::binary) << text;
  }

 private:
  std::string path_;
};

// The file's bytes ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// What `run` returns, computed in a child process given `seconds`, so that a
// reader that waits (a FIFO) or reads without end (/dev/zero) fails the test
// instead of hanging it: the text, "(did not end within N s)", or "(killed
// by signal N)" when the child died saying nothing. The child's address
// space is held to 1 GiB (out of memory there, not the machine), but under
// AddressSanitizer.
inline std::string said_in_child(const std::function<std::string()>& run, int seconds = 10) {
  int fds[2];
  if (::pipe(fds) != 0) return "(no pipe)";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
#ifndef __SANITIZE_ADDRESS__  // AddressSanitizer's shadow memory needs the address space
    struct rlimit memory {1u << 30, 1u << 30};
    ::setrlimit(RLIMIT_AS, &memory);
#endif
    const std::string said = run();
    (void)!::write(fds[1], said.data(), said.size());
    ::_exit(0);
  }
  ::close(fds[1]);
  pollfd p{fds[0], POLLIN, 0};
  std::string said;
  if (::poll(&p, 1, seconds * 1000) <= 0) {
    ::kill(pid, SIGKILL);
    said = "(did not end within " + std::to_string(seconds) + " s)";
  } else {
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) said.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (said.empty() && WIFSIGNALED(status)) said = "(killed by signal " + std::to_string(WTERMSIG(status)) + ")";
  return said;
}

}  // namespace tabula::testing

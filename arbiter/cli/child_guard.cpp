// child_guard.cpp — Section index: registry, handler, the child's side.
#include "cli/child_guard.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <mutex>

namespace tabula::cli {
namespace {

// ---- registry ----
constexpr int kSlots = 32;
std::array<std::atomic<pid_t>, kSlots> g_children{};
constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};

// ---- handler ----
extern "C" void kill_children_and_die(int sig) {
  for (auto& slot : g_children) {
    pid_t pid = slot.load(std::memory_order_relaxed);
    if (pid > 0) {
      kill(-pid, SIGKILL);  // an engine leads a process group of its own (engine_process.cpp)
      kill(pid, SIGKILL);
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void install_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : kSignals) {
      struct sigaction old {};
      if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;  // the program's own choice
      struct sigaction act {};
      act.sa_handler = kill_children_and_die;
      sigemptyset(&act.sa_mask);
      sigaction(sig, &act, nullptr);
    }
  });
}

}  // namespace

bool guard_child(pid_t pid) {
  if (pid <= 0) return false;
  install_once();
  for (auto& slot : g_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return true;
  }
  return false;
}

void release_child(pid_t pid) {
  if (pid <= 0) return;
  for (auto& slot : g_children) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

// ---- the child's side ----
void in_child_after_fork(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before prctl
}

}  // namespace tabula::cli

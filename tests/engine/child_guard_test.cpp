// A `tabula match` killed by a signal leaves no engine running
// (arbiter/cli/child_guard.*). The match runs in a forked copy of this test
// against a fake UCI engine that, once asked to move, becomes a `sleep` that
// ignores its closed stdin (as 4pchess did mid-search); the test kills the
// match and looks for the engine's process in /proc.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "test_files.h"

namespace tabula::cli {
namespace {

// Whether `pid` is a live process (a zombie waiting for its reaper is dead).
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  if (text.empty()) return false;
  auto paren = text.rfind(')');
  if (paren == std::string::npos || paren + 2 >= text.size()) return false;
  char state = text[paren + 2];
  return state != 'Z' && state != 'X';
}

// Waits (bounded) until `pred` holds; false if it never did.
template <typename Pred>
bool eventually(Pred pred, std::chrono::seconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

std::vector<pid_t> pids_in(const std::string& file) {
  std::istringstream in(testing::read_file(file));
  std::vector<pid_t> pids;
  for (long p = 0; in >> p;) pids.push_back(static_cast<pid_t>(p));
  return pids;
}

// Starts a match in a child, kills it with `sig` once the engine thinks, and
// returns the engine processes still running afterwards.
std::vector<pid_t> engines_left_after(int sig) {
  testing::TempDir dir("guard");
  dir.write("engine.sh",
            "#!/bin/sh\necho $$ >> " + dir.file("pids") +
                "\nwhile read line; do\ncase \"$line\" in\n"
                "  uci) echo 'id name fake'; echo uciok;;\n"
                "  isready) echo readyok;;\n"
                "  go*) echo asked > " + dir.file("asked") + "; exec sleep 600;;\n"
                "esac\ndone\n");
  chmod(dir.file("engine.sh").c_str(), 0755);
  pid_t match = fork();
  if (match == 0) {
    std::ostringstream out, err;
    int code = run({"match", "--variant", "chess", "--a", "uci:" + dir.file("engine.sh"), "--b", "greedy", "--games", "1",
                    "--movetime-ms", "600000"},
                   out, err);
    _exit(code == 0 ? 0 : 3);
  }
  EXPECT_GT(match, 0);
  bool asked = eventually([&] { return std::filesystem::exists(dir.file("asked")); }, std::chrono::seconds(60));
  EXPECT_TRUE(asked) << "the fake engine was never asked to move";
  kill(match, sig);
  int status = 0;
  waitpid(match, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status)) << "status " << status;
  if (WIFSIGNALED(status)) {
    EXPECT_EQ(WTERMSIG(status), sig) << "the match dies of the signal it was sent";
  }
  std::vector<pid_t> engines = pids_in(dir.file("pids"));
  EXPECT_FALSE(engines.empty());
  std::vector<pid_t> left;
  for (pid_t p : engines) {
    // The kill is asynchronous: give it a bounded moment.
    if (!eventually([&] { return !running(p); }, std::chrono::seconds(10))) left.push_back(p);
  }
  for (pid_t p : left) kill(p, SIGKILL);  // leave nothing behind even when the test fails
  return left;
}

TEST(ChildGuard, AMatchKilledBySigtermLeavesNoEngineRunning) { EXPECT_TRUE(engines_left_after(SIGTERM).empty()); }

TEST(ChildGuard, AMatchInterruptedBySigintLeavesNoEngineRunning) { EXPECT_TRUE(engines_left_after(SIGINT).empty()); }

TEST(ChildGuard, AMatchKilledBySigkillLeavesNoEngineRunning) { EXPECT_TRUE(engines_left_after(SIGKILL).empty()); }

}  // namespace
}  // namespace tabula::cli

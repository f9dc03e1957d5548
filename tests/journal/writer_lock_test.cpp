// One writer per journal, enforced when it is opened (session 13), with real
// processes: a `tabula play` holding a journal and a second one refused,
// naming the first; readers reading meanwhile; a holder killed with SIGKILL
// leaving a stale lock file that blocks nothing; programs making one journal
// at the same moment; lock files planted by someone else. And `tabula play`
// refusing a bad hub option before any journal is made.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/play_commands.h"
#include "journal/journal.h"
#include "journal_fixture.h"

extern char** environ;

namespace tabula::journal {
namespace {

using session::Millis;
using testing::read_bytes;
using testing::ScratchDir;
using testing::write_bytes;
namespace fs = std::filesystem;

JournalHeader lock_header(const std::string& event = "lock test") { return testing::chess_header(event); }

// The sidecar's name, as docs/JOURNAL.md gives it (not taken from the code).
std::string sidecar(const std::string& path) { return path + "-lock"; }

struct CliRun {
  int code = -1;
  std::string out, err;
};

CliRun cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliRun r;
  r.code = args[0] == "play" ? cli::cmd_play(args, out, err) : cli::cmd_archive(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A child process running journal_play_tool with `args`; killed with
// SIGKILL when the test ends.
class Tool {
 public:
  explicit Tool(const std::vector<std::string>& args) {
    std::vector<std::string> all{JOURNAL_PLAY_TOOL};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    if (posix_spawn(&pid_, argv[0], &fa, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&fa);
  }
  ~Tool() { kill_now(); }
  pid_t pid() const { return pid_; }
  void kill_now() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
};

// Waits (at most 20 s) until `file` holds `words`.
bool wait_for_text(const std::string& file, const std::string& words) {
  for (int i = 0; i < 2000; ++i) {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find(words) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// A journal with a game begun: scholar's mate's first moves played by
// `tabula play` from a trace.
void begin_game(const ScratchDir& dir, const std::string& journal) {
  testing::write_trace("chess", "1. e4 e5 2. Nf3 Nc6 *\n", 3, dir.file("begin.trace"));
  CliRun r = cli({"play", "--variant", "chess", "--journal", journal, "--trace", dir.file("begin.trace")});
  ASSERT_EQ(r.code, 0) << r.err;
}

// Before: a second `tabula play` on a journal another was writing opened it
// and went on; it was told only when one of its writes collided ("another
// program has written to this journal since it was opened"), after it had
// already shown rulings the first did not record, or not at all if it only
// read and ticked. Now it is refused at open, naming the first, and writes
// nothing; `tabula archive` reads meanwhile; once the first is killed
// (SIGKILL: its lock file stays behind) the game resumes at once.
TEST(WriterLock, ASecondPlayIsRefusedAtOpenNamingTheFirstAndAKilledHolderBlocksNothing) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  begin_game(dir, path);
  const std::string fifo = dir.file("table.fifo");  // the table's trace, streamed: nobody writes it yet
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const long long inputs = testing::journal_inputs(path);
  Tool first({"play", "--variant", "chess", "--journal", path, "--trace", fifo});
  ASSERT_GT(first.pid(), 0);
  ASSERT_TRUE(wait_for_text(sidecar(path), "pid " + std::to_string(first.pid()) + " ")) << "the holder never locked";

  testing::write_trace("chess", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n", 3, dir.file("more.trace"));
  CliRun second = cli({"play", "--variant", "chess", "--journal", path, "--trace", dir.file("more.trace")});
  EXPECT_EQ(second.code, 1);
  EXPECT_NE(second.err.find(path + ": another program is writing this journal (pid " + std::to_string(first.pid()) +
                            " (journal_play_tool play) on host "),
            std::string::npos)
      << second.err;
  EXPECT_NE(second.err.find("one game has one writer"), std::string::npos) << second.err;
  EXPECT_EQ(std::count(second.err.begin(), second.err.end(), '\n'), 1) << second.err;
  EXPECT_EQ(testing::journal_inputs(path), inputs);

  // Readers read while it is held.
  CliRun list = cli({"archive", "list", "--journal", path});
  EXPECT_EQ(list.code, 0) << list.err;
  EXPECT_NE(list.out.find("moves 4"), std::string::npos) << list.out;
  CliRun exported = cli({"archive", "export", "--journal", path});
  EXPECT_EQ(exported.code, 0) << exported.err;

  // A holder killed (a crash, a power cut) leaves its file, not its lock.
  first.kill_now();
  ASSERT_TRUE(fs::exists(sidecar(path)));
  CliRun again = cli({"play", "--variant", "chess", "--journal", path, "--trace", dir.file("more.trace")});
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("resumed"), std::string::npos) << again.out;
  EXPECT_GT(testing::journal_inputs(path), inputs);
  EXPECT_FALSE(fs::exists(sidecar(path)));  // a clean close takes its file away
}

// In one process too (a kiosk's game opened twice): the second open is
// refused, the first goes on, and once it is closed the journal opens.
TEST(WriterLock, TheSameProgramOpeningItTwiceIsRefusedAndReadersRead) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  { Journal j; ASSERT_TRUE(Journal::create(path, lock_header(), j).ok()); }
  {
    Journal a;
    ASSERT_TRUE(Journal::open(path, Journal::Access::kAppend, a).ok());
    ASSERT_TRUE(a.record(session::Tick{Millis{1}}, {}, 0).ok());
    Journal b;
    JournalStatus s = Journal::open(path, Journal::Access::kAppend, b);
    EXPECT_EQ(s.error, JournalError::kBusy);
    EXPECT_NE(s.message.find(path + ": another program is writing this journal (pid " + std::to_string(::getpid())),
              std::string::npos)
        << s.message;
    Journal reader;
    ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, reader).ok());
    JournalContents c;
    ASSERT_TRUE(reader.load(c).ok());
    EXPECT_EQ(c.inputs.size(), 1u);
    EXPECT_TRUE(a.record(session::Tick{Millis{2}}, {}, 0).ok());
    // A Journal assigned over closes the old one whole before its lock goes.
    a = Journal();
    ASSERT_TRUE(Journal::open(path, Journal::Access::kAppend, b).ok());
    EXPECT_TRUE(b.record(session::Tick{Millis{3}}, {}, 0).ok());
  }
  EXPECT_EQ(testing::journal_inputs(path), 3);
  EXPECT_FALSE(fs::exists(sidecar(path)));
}

// Two symbolic links to one journal are one journal: one lock (SQLite too
// keeps one -wal, beside the file the links name).
TEST(WriterLock, TwoLinksToOneJournalShareItsLock) {
  ScratchDir dir;
  const std::string path = dir.file("real.db");
  { Journal j; ASSERT_TRUE(Journal::create(path, lock_header(), j).ok()); }
  ASSERT_EQ(::symlink(path.c_str(), dir.file("a.db").c_str()), 0);
  ASSERT_EQ(::symlink(path.c_str(), dir.file("b.db").c_str()), 0);
  Journal a;
  ASSERT_TRUE(Journal::open(dir.file("a.db"), Journal::Access::kAppend, a).ok());
  Journal b;
  JournalStatus s = Journal::open(dir.file("b.db"), Journal::Access::kAppend, b);
  EXPECT_EQ(s.error, JournalError::kBusy) << s.message;
  EXPECT_NE(s.message.find(dir.file("b.db") + ": another program is writing this journal"), std::string::npos)
      << s.message;
}

// A writer of an older build (no lock) still meets the collision check:
// told in words, its input not recorded, the first writer's kept.
TEST(WriterLock, AnInputWrittenBehindTheLockIsStillSaidAtTheNextWrite) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  { Journal j; ASSERT_TRUE(Journal::create(path, lock_header(), j).ok()); }
  Journal a;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kAppend, a).ok());
  ASSERT_TRUE(a.record(session::Tick{Millis{1}}, {}, 0).ok());
  // The older build's write, straight into the file.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO inputs(seq, time_ms, kind, payload, wall_ms) VALUES(2, 5, 2, '', 0)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  JournalStatus s = a.record(session::Tick{Millis{6}}, {}, 0);
  EXPECT_EQ(s.error, JournalError::kBusy);
  EXPECT_NE(s.message.find(path + ": another program has written to this journal"), std::string::npos) << s.message;
}

// Before: two programs making one new journal at the same moment both made
// FILE.creating (each removing the other's) and both renamed it into place:
// two games, each believing it had the journal, one of them written over.
// Now one makes it; the others are refused (its lock is held, or it exists).
TEST(WriterLock, OfProgramsMakingOneJournalAtOnceOneMakesItAndTheOthersAreRefused) {
  ScratchDir dir;
  for (int round = 0; round < 4; ++round) {
    const std::string path = dir.file("r" + std::to_string(round) + ".db");
    int go[2];
    ASSERT_EQ(::pipe(go), 0);
    std::vector<pid_t> kids;
    for (int k = 0; k < 4; ++k) {
      const pid_t pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        ::close(go[1]);
        char c;
        (void)!::read(go[0], &c, 1);  // all start together
        int code = 3;
        {
          Journal j;
          JournalStatus s = Journal::create(path, lock_header("made by " + std::to_string(::getpid())), j);
          if (s.ok()) {
            code = j.record(session::Tick{Millis{::getpid()}}, {}, 0).ok() ? 0 : 4;
          } else if (s.error == JournalError::kBusy || s.message.find("exists already") != std::string::npos) {
            code = 1;
          }
        }
        ::_exit(code);
      }
      kids.push_back(pid);
    }
    ::close(go[0]);
    ::close(go[1]);  // go
    pid_t winner = -1;
    int made = 0, refused = 0;
    for (pid_t pid : kids) {
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      ASSERT_TRUE(WIFEXITED(status));
      const int code = WEXITSTATUS(status);
      EXPECT_TRUE(code == 0 || code == 1) << "round " << round << ": a maker ended with " << code;
      if (code == 0) {
        ++made;
        winner = pid;
      }
      refused += code == 1;
    }
    EXPECT_EQ(made, 1) << "round " << round;
    EXPECT_EQ(refused, 3) << "round " << round;
    Journal j;
    ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
    JournalContents c;
    ASSERT_TRUE(j.load(c).ok());
    EXPECT_EQ(c.header.event, "made by " + std::to_string(winner)) << "round " << round;
    ASSERT_EQ(c.inputs.size(), 1u) << "round " << round;
    EXPECT_EQ(session::time_of(c.inputs[0]), Millis{winner});
    for (const char* left : {".creating", ".creating-wal", ".creating-shm", "-lock"}) {
      EXPECT_FALSE(fs::exists(path + left)) << "round " << round << ": " << left;
    }
  }
}

// Lock files planted by someone else: a symbolic link (to a file of the
// user's, to /dev/zero) is never followed nor written, a FIFO never waited
// on; each is refused by name and the journal left as it is. A stale lock
// file full of control characters is only words: the lock is free, and what
// a holder wrote is quoted printable and short.
TEST(WriterLock, PlantedLockFilesAreRefusedAndNeverFollowed) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  { Journal j; ASSERT_TRUE(Journal::create(path, lock_header(), j).ok()); }
  const std::string before = read_bytes(path);
  write_bytes(dir.file("precious.txt"), "the user's own file\n");
  for (const std::string& target : {dir.file("precious.txt"), std::string("/dev/zero")}) {
    ASSERT_EQ(::symlink(target.c_str(), sidecar(path).c_str()), 0);
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kAppend, j);
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message.find(path + ": cannot open its writer lock " + sidecar(path) + " (a symbolic link"),
              std::string::npos)
        << s.message;
    fs::remove(sidecar(path));
  }
  EXPECT_EQ(read_bytes(dir.file("precious.txt")), "the user's own file\n");
  ASSERT_EQ(::mkfifo(sidecar(path).c_str(), 0600), 0);
  {
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kAppend, j);
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message.find("is not a plain file"), std::string::npos) << s.message;
  }
  fs::remove(sidecar(path));
  EXPECT_EQ(read_bytes(path), before);

  // A stale file: no lock on it.
  write_bytes(sidecar(path), "pid 1 (\x1b[2Jevil) on host x\n");
  {
    Journal j;
    ASSERT_TRUE(Journal::open(path, Journal::Access::kAppend, j).ok());
  }
  // Held, with hostile words in it: quoted printable, bounded.
  write_bytes(sidecar(path), "\x1b]0;owned\x07" + std::string(100000, 'x') + "\n");
  const int fd = ::open(sidecar(path).c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  {
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kAppend, j);
    EXPECT_EQ(s.error, JournalError::kBusy);
    EXPECT_EQ(s.message.find('\x1b'), std::string::npos);
    EXPECT_EQ(s.message.find('\x07'), std::string::npos);
    EXPECT_LT(s.message.size(), 600u) << s.message;
  }
  ::close(fd);
  EXPECT_EQ(read_bytes(path), before);
}

}  // namespace
}  // namespace tabula::journal

namespace tabula::cli {
namespace {

using journal::testing::ScratchDir;

// Before: the hub's options were read after the new journal was made, so
// `tabula play --board 'a/b'` said the name was wrong and left FILE behind
// (a corrected command then had to give the first one's settings, or was
// refused); `--board` without `--broker` played without the hub, silently.
// Now every one of them is refused before anything is made: the directory
// stays as it was.
TEST(PlayOptions, ABadHubOptionIsRefusedBeforeAnyJournalIsMade) {
  ScratchDir dir;
  journal::testing::write_trace("chess", "1. e4 e5 *\n", 3, dir.file("t.trace"));
  const std::string path = dir.file("g.db");
  const std::vector<std::string> base{"play", "--variant", "chess", "--journal", path, "--trace", dir.file("t.trace")};
  struct Case {
    std::vector<std::string> extra;
    std::string words;
  };
  const std::vector<Case> cases{
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "a/b"}, "--board: board name 'a/b' contains '/'"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "t+"}, "contains '+'"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "#"}, "contains '#'"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", ""}, "board name is empty"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "cl/ub", "--board", "t1"}, "--hub-event: event name 'cl/ub'"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club"}, "--broker needs --board"},
      {{"--board", "t1"}, "--board is an option of the hub: give --broker too"},
      {{"--board-key", dir.file("none.key")}, "--board-key is an option of the hub"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "t1", "--board-key", dir.file("none.key")},
       "none.key"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "t1", "--arbiter-key", dir.file("none.key")},
       "none.key"},
      {{"--broker", "127.0.0.1:1", "--hub-event", "club", "--board", "t1", "--broker-password-file",
        dir.file("none.pw")},
       "none.pw"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = base;
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    std::ostringstream out, err;
    const int code = cmd_play(args, out, err);
    EXPECT_NE(code, 0) << c.words;
    EXPECT_NE(err.str().find(c.words), std::string::npos) << err.str();
    std::vector<std::string> left;
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) left.push_back(e.path().filename());
    EXPECT_EQ(left, std::vector<std::string>{"t.trace"}) << c.words << ": the refused start left files behind";
    std::filesystem::remove(path);
  }
}

}  // namespace
}  // namespace tabula::cli

// The journal file attacked (session 12): a disk that fills while a journal
// is made, a header or rows edited by hand, a damaged page. Each is refused
// with a message naming the file and what is wrong, and nothing recorded is
// lost or written over.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "full_disk_vfs.h"
#include "journal/journal.h"
#include "journal/journal_files.h"
#include "journal/resume.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using session::Millis;
using testing::read_bytes;
using testing::ScratchDir;
using testing::write_bytes;

JournalHeader attack_header() { return testing::chess_header(); }

void sql(const std::string& path, const std::string& statements) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, statements.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

// Opens `path` both ways; the refusal names the file and `words`, the file
// is left byte for byte.
void expect_refused(const std::string& path, const std::string& words) {
  const std::string before = read_bytes(path);
  for (Journal::Access a : {Journal::Access::kRead, Journal::Access::kAppend}) {
    Journal j;
    JournalStatus s = Journal::open(path, a, j);
    if (s.ok()) {
      JournalContents c;
      s = j.load(c);
    }
    EXPECT_FALSE(s.ok()) << path;
    EXPECT_NE(s.message.find(path), std::string::npos) << s.message;
    EXPECT_NE(s.message.find(words), std::string::npos) << s.message;
    EXPECT_EQ(s.message.find('\n'), std::string::npos) << s.message;
  }
  EXPECT_EQ(read_bytes(path), before);
}

// Before: the new journal's tables went into its -wal, the checkpoint at
// close failed on the full disk without a word, and the file with only its
// first page was renamed into place: "g.db" existed, every later open said
// it was damaged, and a corrected command could not make the game again.
TEST(JournalAttack, ADiskFullWhileCreatingLeavesNoJournalBehind) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  {
    testing::FullDisk full(4096);  // room for the first page only
    Journal j;
    JournalStatus s = Journal::create(path, attack_header(), j);
    EXPECT_FALSE(s.ok());
    EXPECT_GT(full.refused(), 0);
    EXPECT_NE(s.message.find(path), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("full"), std::string::npos) << s.message;
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  for (const char* left : {".creating", ".creating-wal", ".creating-shm", ".creating-journal"}) {
    EXPECT_FALSE(std::filesystem::exists(path + left)) << left;
  }
  // Room again: the same command makes the game.
  Journal j;
  ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.header.variant, "chess");
}

// A disk that fills during the game: the input is refused, what was
// recorded before stays readable.
TEST(JournalAttack, ADiskFullDuringTheGameKeepsWhatWasRecorded) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
    testing::FullDisk full(static_cast<std::int64_t>(std::filesystem::file_size(path)));
    session::Output out;
    session::Ruling big;
    big.text = std::string(300000, 'r');  // the -wal fills the disk's pages: a checkpoint must grow the file
    out.rulings.push_back(big);
    for (int i = 3; i < 3 + 10; ++i) j.record(session::Tick{Millis{i}}, out, 0);
  }
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_GE(c.inputs.size(), 3u);
}

// Session 19: a disk with room for the journal's file to grow but not for
// its -wal (where each input is written first; it was moved into the file
// and emptied every 64 inputs, several pages an input). On a 4 MB card with
// 120 KB free `tabula play` stopped after 13 inputs ("database or disk is
// full") though the file itself grew a few KB a hundred inputs. Now, below
// kLowDiskBytes free, the -wal is emptied after every input, and a write
// the disk refuses empties it and is tried once more: the game goes on
// while the file can grow; when nothing can, the input is refused and what
// was recorded stays.
std::int64_t g_disk_limit = 0;
std::string g_disk_path;
std::int64_t size_of(const std::string& p) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(p, ec);
  return ec ? std::int64_t{0} : static_cast<std::int64_t>(n);
}
std::int64_t small_disk_free(const std::string&) {
  return g_disk_limit - size_of(g_disk_path) - size_of(g_disk_path + "-wal");
}

TEST(JournalAttack, ANearlyFullDiskKeepsTheWalSmallAndTheGameGoesOn) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  testing::FullDisk disk(std::int64_t{1} << 40, testing::FullDisk::Shared{});
  Journal j;
  ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
  ASSERT_TRUE(j.record(session::Tick{Millis{0}}, {}, 0).ok());
  // 64 KB left on the disk: a few inputs' -wal frames, a hundred inputs' rows.
  g_disk_path = path;
  g_disk_limit = size_of(path) + size_of(path + "-wal") + 64 * 1024;
  disk.set_limit(g_disk_limit);
  set_free_bytes_probe(small_disk_free);
  struct Probe {
    ~Probe() { set_free_bytes_probe(nullptr); }
  } restore;
  session::Output out;
  session::Ruling said;
  said.text = std::string(40, 's');
  out.rulings.push_back(said);
  std::int64_t recorded = 1;
  for (int i = 1; i <= 100; ++i) {
    const JournalStatus s = j.record(session::Tick{Millis{i}}, out, 0);
    ASSERT_TRUE(s.ok()) << "input " << i << ": " << s.message << " (" << disk.refused() << " writes refused; the file "
                        << size_of(path) << " bytes, its -wal " << size_of(path + "-wal") << ")";
    ++recorded;
  }
  // Nothing left: the input is refused, saying the disk is full, and what
  // was recorded stays.
  g_disk_limit = size_of(path) + size_of(path + "-wal");
  disk.set_limit(g_disk_limit);
  JournalStatus refused;
  for (int i = 101; i <= 200 && refused.ok(); ++i) {
    refused = j.record(session::Tick{Millis{i}}, out, 0);
    if (refused.ok()) ++recorded;
  }
  ASSERT_FALSE(refused.ok()) << "a disk with no room left took 100 more inputs";
  EXPECT_NE(refused.message.find("disk is full"), std::string::npos) << refused.message;
  EXPECT_EQ(j.inputs_recorded(), recorded);
  g_disk_limit = std::int64_t{1} << 40;  // room again: the game goes on
  disk.set_limit(g_disk_limit);
  EXPECT_TRUE(j.record(session::Tick{Millis{1000}}, out, 0).ok());
  ++recorded;
  j = Journal();
  Journal back;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, back).ok());
  JournalContents c;
  ASSERT_TRUE(back.load(c).ok());
  EXPECT_EQ(static_cast<std::int64_t>(c.inputs.size()), recorded);
}

// Before: `tabula archive list/export` of a journal on a read-only mount
// failed ("unable to open database file"): SQLite could not make the -shm
// of a WAL journal there. It is now read as immutable; appending is
// refused, the file is left byte for byte.
TEST(JournalAttack, AJournalOnAReadOnlyMediumIsReadAndNotWritten) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
  }
  ASSERT_FALSE(std::filesystem::exists(path + "-wal"));
  const std::string before = read_bytes(path);
  testing::ReadOnlyMedium medium;
  {
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kRead, j);
    ASSERT_TRUE(s.ok()) << s.message;
    JournalContents c;
    s = j.load(c);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_EQ(c.inputs.size(), 5u);
    EXPECT_EQ(c.header.variant, "chess");
  }
  {
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kAppend, j);
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message.find(path), std::string::npos) << s.message;
  }
  EXPECT_EQ(read_bytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-shm"));
}

// Two writers on one journal: tests/journal/writer_lock_test.cpp (session 13:
// refused at open; the collision check of record() stays, tested there).

// Before: the header's durations were read as any number: settle_ms
// 9223372036854775807 made `tabula play` loop without end (every deadline
// overflowed), a negative settle or hold warning was taken.
TEST(JournalAttack, HeaderDurationsOutOfRangeAreRefusedByName) {
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"settle_ms", "9223372036854775807"},
                                                        {"settle_ms", "-5"},
                                                        {"settle_prefix_ms", "0"},
                                                        {"settle_slide_ms", "99999999"},
                                                        {"slide_rest_ms", "-1"},
                                                        {"hold_warning_ms", "-9223372036854775807"},
                                                        {"promotion_timeout_ms", "9223372036854775807"},
                                                        {"time_control", "9223372036854775807 0 0"},
                                                        {"time_control", "60000 9223372036854775807 1"}}) {
    ScratchDir dir;
    const std::string path = dir.file("g.db");
    { Journal j; ASSERT_TRUE(Journal::create(path, attack_header(), j).ok()); }
    sql(path, "UPDATE header SET value = '" + value + "' WHERE key = '" + key + "'");
    expect_refused(path, key);
  }
}

// quick_check's report is several lines; the message is one.
TEST(JournalAttack, ADamagedPageIsOneLineNamingTheFile) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
  }
  std::string bytes = read_bytes(path);
  ASSERT_GE(bytes.size(), 3u * 4096);
  for (std::size_t i = 4096; i < 2 * 4096; ++i) bytes[i] = '\0';  // page 2 zeroed
  write_bytes(path, bytes);
  expect_refused(path, "damaged");
}

// Before: an input whose time lies before the one ahead of it (rows edited
// or reordered) was replayed as if time had gone back, and an input at
// 9223372036854775807 ms overflowed every deadline after it.
TEST(JournalAttack, InputTimesGoingBackOrPastAnyGameAreRefused) {
  struct Case {
    std::string edit, words;
  };
  for (const Case& k : {Case{"UPDATE inputs SET time_ms = 0 WHERE seq = 5", "before input 4"},
                        Case{"UPDATE inputs SET time_ms = 9223372036854775000 WHERE seq = 8", "input 8"},
                        Case{"UPDATE inputs SET seq = 100 WHERE seq = 2", "input 100 is at 2000 ms"}}) {
    ScratchDir dir;
    const std::string path = dir.file("g.db");
    {
      Journal j;
      ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
      for (int i = 1; i <= 8; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i * 1000}}, {}, 0).ok());
    }
    sql(path, k.edit);
    expect_refused(path, k.words);
  }
}

// The moves table is checked against the replay: its seat and stage too,
// not only the text.
TEST(JournalAttack, AMovesSeatEditedIsFoundOnResume) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  auto rules = testing::rules_of("chess");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    Resumed r = resume(JournalContents{attack_header(), {}, {}, {}}, path, {rules});
    ASSERT_TRUE(r.session);
    for (const session::Input& in : testing::script_inputs("chess", testing::kScholarsMate, 1)) {
      ASSERT_TRUE(j.record(in, r.session->handle(in), 0).ok());
    }
  }
  sql(path, "UPDATE moves SET seat = 1 WHERE id = 1");
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  Resumed r = resume(c, path, {rules});
  EXPECT_FALSE(r.session);
  EXPECT_NE(r.error.find("move 1"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("seat"), std::string::npos) << r.error;
}

// Before: a header value edited by hand was quoted whole and raw in the
// refusal: a megabyte, or a terminal escape printed to the arbiter's
// terminal. Now quoted short and printable (core/quote.h).
TEST(JournalAttack, HostileHeaderTextIsQuotedShortAndPrintable) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  const std::string hostile = "char(27) || ']0;owned' || char(7) || hex(zeroblob(50000))";
  for (const char* key : {"commit_at_once", "sliding", "time_control", "hints", "settle_slide_ms"}) {
    std::filesystem::remove(path);
    { Journal j; ASSERT_TRUE(Journal::create(path, attack_header(), j).ok()); }
    sql(path, "INSERT OR REPLACE INTO header(key, value) VALUES('" + std::string(key) + "', " + hostile + ")");
    Journal j;
    JournalStatus s = Journal::open(path, Journal::Access::kRead, j);
    EXPECT_FALSE(s.ok()) << key;
    EXPECT_NE(s.message.find(std::string("the journal's ") + (std::string(key) == "time_control" ? "time control" : key)),
              std::string::npos) << s.message.substr(0, 200);
    EXPECT_EQ(s.message.find('\x1b'), std::string::npos) << key;
    EXPECT_EQ(s.message.find('\x07'), std::string::npos) << key;
    EXPECT_LT(s.message.size(), 400u) << key;
  }
  std::filesystem::remove(path);
  { Journal j; ASSERT_TRUE(Journal::create(path, attack_header(), j).ok()); }
  sql(path, "UPDATE header SET value = " + hostile + " WHERE key = 'start_position'");
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  Resumed r = resume(c, path, {testing::rules_of("chess")});
  EXPECT_FALSE(r.session);
  EXPECT_NE(r.error.find("bad start position"), std::string::npos) << r.error.substr(0, 200);
  EXPECT_EQ(r.error.find('\x1b'), std::string::npos);
  EXPECT_LT(r.error.size(), 400u);
}

// Opens `path` both ways in a child process given 10 s (a hang is a
// failure, not a stuck test): 0 when each open is refused with `words`
// and the path in one line, 1 when one is not, else killed by the alarm.
int refused_in_a_child(const std::string& path, const std::string& words) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(10);
    int code = 0;
    for (Journal::Access a : {Journal::Access::kRead, Journal::Access::kAppend}) {
      Journal j;
      JournalStatus s = Journal::open(path, a, j);
      if (s.ok() || s.message.find(path + ": ") != 0 || s.message.find(words) == std::string::npos ||
          s.message.find('\n') != std::string::npos) {
        code = 1;
      }
    }
    ::_exit(code);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Before (session 13's round): SQLite opens FILE-wal and FILE-shm beside the
// journal as they are. A FIFO as FILE-wal hung `tabula archive` and `tabula
// play` at open, for ever; a symbolic link to /dev/zero had the -wal check
// read without end. Now each is refused by name, at once, the journal left
// as it is; a plain -wal is read as before.
TEST(JournalAttack, AWalOrShmThatIsNoPlainFileIsRefusedNotWaitedOn) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
  }
  const std::string before = read_bytes(path);
  struct Plant {
    const char* suffix;
    const char* what;
    bool fifo;
  };
  for (const Plant& p : {Plant{"-wal", "a FIFO", true}, Plant{"-wal", "a symbolic link", false},
                         Plant{"-shm", "a FIFO", true}, Plant{"-shm", "a symbolic link", false}}) {
    const std::string sibling = path + p.suffix;
    ASSERT_EQ(p.fifo ? ::mkfifo(sibling.c_str(), 0600) : ::symlink("/dev/zero", sibling.c_str()), 0);
    EXPECT_EQ(refused_in_a_child(path, sibling + " is " + p.what + ", not the plain file SQLite keeps"), 0)
        << p.suffix << " " << p.what;
    std::filesystem::remove(sibling);
  }
  EXPECT_EQ(read_bytes(path), before);
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kAppend, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.inputs.size(), 3u);
}

// Session 17: sizes that cost without bound. Before: a -wal was read into
// memory whole, so a sparse -wal of 4 GB beside a journal (a few KB on the
// disk) had `tabula archive` read for 52 s and abort on std::bad_alloc; one
// just over 1 GiB, here, opened with a warning after a gigabyte was read. A
// journal whose header claims as many pages as its sparse file holds (15 TB:
// SQLite's check allocated 500 MB and ran 17 s to say "Page 7 is never used")
// was read. Now a journal or a -wal over kMaxJournalBytes is refused by name,
// unread; a -wal under it is read a frame at a time (its valid frames and a
// tail of zeros: no damage, every input there).
TEST(JournalAttack, AJournalOrWalOfAHugeSizeIsRefusedUnread) {
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  const std::string copy = dir.file("h.db");
  {
    Journal j;
    ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
    for (int i = 0; i < 70; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
    // The journal and its -wal as they are while the game is played.
    std::filesystem::copy_file(path, copy);
    std::filesystem::copy_file(path + "-wal", copy + "-wal");
  }
  const std::uintmax_t over = kMaxJournalBytes + 4096;
  // The -wal: sparse, one page over the bound.
  const std::string wal_before = read_bytes(copy + "-wal");
  ASSERT_GT(wal_before.size(), 4096u);
  std::filesystem::resize_file(copy + "-wal", over);
  EXPECT_EQ(refused_in_a_child(copy, copy + "-wal is " + std::to_string(over) + " bytes; a journal's -wal holds"), 0);
  EXPECT_EQ(std::filesystem::file_size(copy + "-wal"), over);
  // Under the bound, 64 MiB with its frames first: read a frame at a time.
  std::filesystem::resize_file(copy + "-wal", std::uintmax_t{64} << 20);
  {
    Journal j;
    JournalStatus s = Journal::open(copy, Journal::Access::kRead, j);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_EQ(j.wal_warning(), "");
    JournalContents c;
    ASSERT_TRUE(j.load(c).ok());
    EXPECT_EQ(c.inputs.size(), 70u);
  }
  std::filesystem::remove(copy + "-wal");
  std::filesystem::remove(copy + "-shm");
  // The journal itself: its header's page count made to match a sparse file
  // one page over the bound.
  const std::string head = read_bytes(path).substr(0, 100);
  std::filesystem::remove(copy);
  std::filesystem::copy_file(path, copy);
  {
    std::fstream f(copy, std::ios::in | std::ios::out | std::ios::binary);
    const std::uint32_t pages = static_cast<std::uint32_t>(over / 4096);
    const char count[4] = {static_cast<char>(pages >> 24), static_cast<char>(pages >> 16),
                           static_cast<char>(pages >> 8), static_cast<char>(pages)};
    f.seekp(28);
    f.write(count, 4);
  }
  std::filesystem::resize_file(copy, over);
  EXPECT_EQ(refused_in_a_child(copy, "is " + std::to_string(over) + " bytes; a Tabula journal is at most 1073741824"), 0);
  EXPECT_EQ(std::filesystem::file_size(copy), over);
  // The game's own journal is read as before.
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.inputs.size(), 70u);
  EXPECT_EQ(read_bytes(path).substr(0, 100), head);
}

// Session 16: a crafted journal runs SQL of its own. Before: a view in the
// header's place with a recursive CTE made every open spin for ever (the
// child was killed by its alarm); a trigger that deleted every input as it
// was written was opened and appended to without a word, and the game's
// inputs were lost. Now any view or trigger is refused by name at open, the
// file left as it is.
TEST(JournalAttack, APlantedViewOrTriggerIsRefusedBeforeAnyRowIsRead) {
  const std::pair<const char*, const char*> plants[] = {
      {"ALTER TABLE header RENAME TO h0; CREATE VIEW header AS WITH RECURSIVE c(x) AS "
       "(SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT key, value FROM h0, c",
       "holds a view \"header\""},
      {"CREATE TRIGGER eat AFTER INSERT ON inputs BEGIN DELETE FROM inputs; END", "holds a trigger \"eat\""},
      {"CREATE VIEW \"v\x1b[2J\" AS SELECT 1", "holds a view \"v\\x1b[2J\""},
  };
  for (const auto& [statements, words] : plants) {
    ScratchDir dir;
    const std::string path = dir.file("g.db");
    {
      Journal j;
      ASSERT_TRUE(Journal::create(path, attack_header(), j).ok());
      for (int i = 0; i < 3; ++i) ASSERT_TRUE(j.record(session::Tick{Millis{i}}, {}, 0).ok());
    }
    sql(path, statements);
    const std::string before = read_bytes(path);
    EXPECT_EQ(refused_in_a_child(path, words), 0) << statements;
    EXPECT_EQ(read_bytes(path), before) << statements;
  }
}

}  // namespace
}  // namespace tabula::journal

// The journal file: durable settings, round trips, and files it refuses
// without touching them.
#include "journal/journal.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using session::Millis;
using testing::read_bytes;
using testing::ScratchDir;
using testing::write_bytes;

JournalHeader sample_header() {
  JournalHeader h;
  h.variant = "chess";
  h.start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  h.seed = 42;
  h.random_any = true;
  h.created = "2026.11.29 12:00:00";
  h.players = {"Ann", "Bob"};
  return h;
}

// Reads one PRAGMA through a separate connection.
std::string pragma(const std::string& path, const std::string& name) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, ("PRAGMA " + name).c_str(), -1, &st, nullptr);
  std::string v = sqlite3_step(st) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(st, 0)) : "";
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

TEST(Journal, CreatesAWalJournalWithItsIdentity) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok());
  EXPECT_EQ(pragma(dir.file("g.db"), "journal_mode"), "wal");
  EXPECT_EQ(pragma(dir.file("g.db"), "application_id"), std::to_string(kApplicationId));
  EXPECT_EQ(pragma(dir.file("g.db"), "user_version"), std::to_string(kSchemaVersion));
  EXPECT_FALSE(std::filesystem::exists(dir.file("g.db.creating")));
}

TEST(Journal, WritesWithSynchronousFull) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok());
  // synchronous is per connection: the appending connection's own, 2 = FULL.
  std::string mode;
  std::int64_t sync = -1;
  ASSERT_TRUE(j.durability(mode, sync).ok());
  EXPECT_EQ(mode, "wal");
  EXPECT_EQ(sync, 2);
}

TEST(Journal, RecordsInputsMovesAndRulingsAndLoadsThemBack) {
  ScratchDir dir;
  {
    Journal j;
    ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok());
    session::Output out;
    session::AcceptedMove m;
    m.time = Millis{900};
    m.seat = core::seat_at(0);
    m.text = "e2-e4";
    out.moves.push_back(m);
    session::Ruling r;
    r.time = Millis{900};
    r.kind = session::RulingKind::kTouchOutOfTurn;
    r.severity = core::Severity::kWarning;
    r.text = "Black touched a piece";
    out.rulings.push_back(r);
    ASSERT_TRUE(j.record(session::SquareEvent{Millis{100}, core::make_square(4, 1), false}, {}, 1).ok());
    ASSERT_TRUE(j.record(session::SquareEvent{Millis{400}, core::make_square(4, 3), true}, out, 2).ok());
    session::Intent resign;
    resign.time = Millis{1000};
    resign.kind = session::IntentKind::kResign;
    resign.seat = core::seat_at(1);
    ASSERT_TRUE(j.record(resign, {}, 3).ok());
    EXPECT_EQ(j.inputs_recorded(), 3);
  }
  Journal j;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.header, sample_header());
  ASSERT_EQ(c.inputs.size(), 3u);
  EXPECT_EQ(c.inputs[1], session::Input(session::SquareEvent{Millis{400}, core::make_square(4, 3), true}));
  EXPECT_EQ(std::get<session::Intent>(c.inputs[2]).seat, core::seat_at(1));
  ASSERT_EQ(c.moves.size(), 1u);
  EXPECT_EQ(c.moves[0].text, "e2-e4");
  EXPECT_EQ(c.moves[0].input_seq, 2);
  ASSERT_EQ(c.rulings.size(), 1u);
  EXPECT_EQ(c.rulings[0].severity, "warning");
  EXPECT_EQ(c.rulings[0].text, "Black touched a piece");
}

TEST(Journal, AppendingContinuesTheSequence) {
  ScratchDir dir;
  {
    Journal j;
    ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok());
    ASSERT_TRUE(j.record(session::Tick{Millis{1}}, {}, 0).ok());
  }
  Journal j;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kAppend, j).ok());
  ASSERT_TRUE(j.record(session::Tick{Millis{2}}, {}, 0).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_EQ(c.inputs.size(), 2u);
  EXPECT_EQ(c.inputs[1], session::Input(session::Tick{Millis{2}}));
}

TEST(Journal, ReadOnlyJournalRefusesToRecord) {
  ScratchDir dir;
  { Journal j; ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok()); }
  Journal j;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
  EXPECT_FALSE(j.record(session::Tick{Millis{1}}, {}, 0).ok());
}

TEST(Journal, NeverOverwritesAnExistingFileOnCreate) {
  ScratchDir dir;
  write_bytes(dir.file("g.db"), "precious");
  Journal j;
  JournalStatus s = Journal::create(dir.file("g.db"), sample_header(), j);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("never overwritten"), std::string::npos) << s.message;
  EXPECT_EQ(read_bytes(dir.file("g.db")), "precious");
}

// Opens `path` both ways; expects `error`, a message naming the file and
// containing `words`, and the file byte-identical afterwards.
void expect_refused(const std::string& path, JournalError error, const std::string& words) {
  const std::string before = read_bytes(path);
  for (Journal::Access a : {Journal::Access::kRead, Journal::Access::kAppend}) {
    Journal j;
    JournalStatus s = Journal::open(path, a, j);
    EXPECT_EQ(s.error, error) << s.message;
    EXPECT_NE(s.message.find(path), std::string::npos) << s.message;
    EXPECT_NE(s.message.find(words), std::string::npos) << s.message;
  }
  EXPECT_EQ(read_bytes(path), before);
}

TEST(Journal, RefusesATextFileAndLeavesItAlone) {
  ScratchDir dir;
  write_bytes(dir.file("notes.db"), "1. e4 e5 2. Nf3\nthese are my notes, not a database\n" + std::string(200, 'x'));
  expect_refused(dir.file("notes.db"), JournalError::kNotSqlite, "not an SQLite database");
}

TEST(Journal, RefusesAnEmptyFile) {
  ScratchDir dir;
  write_bytes(dir.file("empty.db"), "");
  expect_refused(dir.file("empty.db"), JournalError::kCorrupt, "empty");
}

TEST(Journal, RefusesAnotherApplicationsDatabase) {
  ScratchDir dir;
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("other.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES('Ann');", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  expect_refused(dir.file("other.db"), JournalError::kForeign, "another application");
}

TEST(Journal, RefusesANewerSchema) {
  ScratchDir dir;
  { Journal j; ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok()); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  expect_refused(dir.file("g.db"), JournalError::kVersion, "schema version 99");
}

TEST(Journal, KeepsTheTimeControlAndRefusesABrokenOne) {
  ScratchDir dir;
  JournalHeader h = sample_header();
  session::SessionSettings st = h.settings();
  st.time_control = session::TimeControl{Millis{300000}, Millis{2000}, session::TimingMode::kIncrement};
  h.set_settings(st);
  EXPECT_EQ(h.time_control, "300000 2000 1");
  { Journal j; ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok()); }
  {
    Journal j;
    ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
    ASSERT_TRUE(j.header().settings().time_control);
    EXPECT_EQ(*j.header().settings().time_control, *st.time_control);
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "UPDATE header SET value = '5 minutes' WHERE key = 'time_control'", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  expect_refused(dir.file("g.db"), JournalError::kCorrupt, "time control \"5 minutes\"");
}

TEST(Journal, KeepsCommitAtOnceAndReadsAnOlderJournalAsOff) {
  // Issue 18: a journal written before moves were committed at once has no
  // commit_at_once row; it replays as it was played, with the setting off.
  ScratchDir dir;
  JournalHeader h = sample_header();
  session::SessionSettings st = h.settings();
  EXPECT_TRUE(st.tracker.commit_at_once);  // new games: on
  st.tracker.settle_slide = Millis{300};
  h.set_settings(st);
  { Journal j; ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok()); }
  {
    Journal j;
    ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
    EXPECT_TRUE(j.header().settings().tracker.commit_at_once);
    EXPECT_EQ(j.header().settings().tracker.settle_slide, Millis{300});
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "DELETE FROM header WHERE key IN ('commit_at_once', 'settle_slide_ms')", nullptr,
               nullptr, nullptr);
  sqlite3_close(db);
  {
    Journal j;
    ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
    EXPECT_FALSE(j.header().settings().tracker.commit_at_once);
  }
  ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "INSERT INTO header (key, value) VALUES ('commit_at_once', 'yes')", nullptr,
               nullptr, nullptr);
  sqlite3_close(db);
  expect_refused(dir.file("g.db"), JournalError::kCorrupt, "commit_at_once \"yes\" is neither on nor off");
  ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db,
               "UPDATE header SET value = 'on' WHERE key = 'commit_at_once'; "
               "INSERT INTO header (key, value) VALUES ('settle_slide_ms', 'fast')",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
  expect_refused(dir.file("g.db"), JournalError::kCorrupt, "settle_slide_ms \"fast\" is not a number");
}

TEST(Journal, RefusesATruncatedJournal) {
  ScratchDir dir;
  {
    Journal j;
    ASSERT_TRUE(Journal::create(dir.file("g.db"), sample_header(), j).ok());
    session::Output out;
    session::Ruling big;
    big.text = std::string(3000, 'r');
    out.rulings.push_back(big);
    for (int i = 0; i < 40; ++i) {
      ASSERT_TRUE(j.record(session::SquareEvent{Millis{i}, core::make_square(i % 8, 1), i % 2 == 0}, out, i).ok());
    }
  }  // closed: checkpointed into the main file
  std::string whole = read_bytes(dir.file("g.db"));
  ASSERT_GT(whole.size(), 8192u);
  write_bytes(dir.file("g.db"), whole.substr(0, whole.size() / 2));
  expect_refused(dir.file("g.db"), JournalError::kCorrupt, "left as it is");
}

TEST(Journal, RefusesAMissingFileWithItsName) {
  ScratchDir dir;
  Journal j;
  JournalStatus s = Journal::open(dir.file("nope.db"), Journal::Access::kRead, j);
  EXPECT_EQ(s.error, JournalError::kCannotOpen);
  EXPECT_NE(s.message.find("nope.db"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("nope.db")));
}

}  // namespace
}  // namespace tabula::journal

namespace tabula::journal {
namespace {

// SQLite's message quotes the damaged file's own bytes (a corrupted schema's
// name, "malformed database schema (sqlite\x8eautoindex...)"): a message
// printed on a terminal or journaled must carry no control byte or broken
// UTF-8 from the file. Such bytes show as '?'.
TEST(JournalStatus, SqlitesMessageCarriesNoControlBytesFromTheFile) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &db), SQLITE_OK);
  int rc = sqlite3_exec(db, "SELECT * FROM \"a\x01\x1b[2J\x8e b\"", nullptr, nullptr, nullptr);
  JournalStatus s = sqlite_status(rc, db, "g.db", "reading");
  sqlite3_close(db);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("g.db: while reading: "), std::string::npos) << s.message;
  EXPECT_NE(s.message.find("no such table: a??[2J? b"), std::string::npos) << s.message;
  for (char c : s.message) EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) << s.message;
}

}  // namespace
}  // namespace tabula::journal

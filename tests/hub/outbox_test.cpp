// The hub's outbox in the journal file: durable numbering, resending, the
// repair of a crash between the journal's commit and the outbox's, and
// journals that stay journals.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <chrono>
#include <thread>

#include "../journal/journal_fixture.h"
#include "hub/board_signature.h"
#include "hub/codec.h"
#include "hub/sim_board.h"
#include "journal/journal.h"
#include "journal/outbox.h"

namespace tabula::hub {
namespace {

using journal::testing::kScholarsMate;
using journal::testing::ScratchDir;
using journal::testing::script_inputs;

void sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
}

journal::JournalHeader header() {
  journal::JournalHeader h;
  h.variant = "chess";
  h.start_position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  h.created = "2026.11.29 10:00:00";
  return h;
}

TEST(Outbox, NumbersWithoutGapsResendsUnackedAndKeepsThemAcrossReopen) {
  ScratchDir dir;
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::create(dir.file("g.db"), header(), j).ok());
  journal::Outbox o;
  ASSERT_TRUE(journal::Outbox::open(dir.file("g.db"), o).ok());
  ASSERT_TRUE(o.append({{1, 3, std::string("a\0b", 3)}, {2, 3, "c"}}).ok());
  ASSERT_TRUE(o.append({{3, 4, "d"}}).ok());
  journal::JournalStatus gap = o.append({{5, 5, "e"}});
  EXPECT_EQ(gap.error, journal::JournalError::kInternal);
  EXPECT_NE(gap.message.find("outbox item 5 does not follow 3"), std::string::npos) << gap.message;
  ASSERT_TRUE(o.mark_acked(2).ok());

  journal::Outbox again;
  ASSERT_TRUE(journal::Outbox::open(dir.file("g.db"), again, /*durable=*/false).ok());
  std::vector<journal::OutboxItem> p;
  ASSERT_TRUE(again.pending(0, 10, p).ok());
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], (journal::OutboxItem{1, 3, std::string("a\0b", 3)}));
  EXPECT_EQ(p[1].seq, 3);
  ASSERT_TRUE(again.pending(1, 10, p).ok());
  ASSERT_EQ(p.size(), 1u);
  // A hub that lacks items gets them again, acknowledged by the broker or not.
  ASSERT_TRUE(again.range(2, 10, p).ok());
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], (journal::OutboxItem{2, 3, "c"}));
  EXPECT_EQ(p[1].seq, 3);
  ASSERT_TRUE(again.range(1, 1, p).ok());
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].seq, 1);
  ASSERT_TRUE(again.range(4, 10, p).ok());
  EXPECT_TRUE(p.empty());
  std::int64_t seq = 0;
  std::int64_t input = 0;
  ASSERT_TRUE(again.last(seq, input).ok());
  EXPECT_EQ(seq, 3);
  EXPECT_EQ(input, 4);
  std::int64_t n = 0;
  ASSERT_TRUE(again.unacked_count(n).ok());
  EXPECT_EQ(n, 2);
  ASSERT_TRUE(again.acked_through(n).ok());
  EXPECT_EQ(n, 0);
  ASSERT_TRUE(again.mark_acked(1).ok());
  ASSERT_TRUE(again.acked_through(n).ok());
  EXPECT_EQ(n, 2);
  ASSERT_TRUE(again.mark_acked(3).ok());
  ASSERT_TRUE(again.acked_through(n).ok());
  EXPECT_EQ(n, 3);
}

TEST(Outbox, AJournalWithAnOutboxIsStillAJournal) {
  ScratchDir dir;
  {
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::create(dir.file("g.db"), header(), j).ok());
    journal::Outbox o;
    ASSERT_TRUE(journal::Outbox::open(dir.file("g.db"), o).ok());
    ASSERT_TRUE(o.append({{1, 1, "x"}}).ok());
  }
  journal::Journal j;
  journal::JournalStatus s = journal::Journal::open(dir.file("g.db"), journal::Journal::Access::kAppend, j);
  EXPECT_TRUE(s.ok()) << s.message;
  journal::JournalContents c;
  EXPECT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.header.variant, "chess");
}

TEST(Outbox, RefusesAFileThatIsNotAJournal) {
  ScratchDir dir;
  sql(dir.file("other.db"), "CREATE TABLE t(x)");
  journal::Outbox o;
  journal::JournalStatus s = journal::Outbox::open(dir.file("other.db"), o);
  EXPECT_EQ(s.error, journal::JournalError::kForeign);
  EXPECT_NE(s.message.find("not a Tabula journal"), std::string::npos) << s.message;
}

// Board t1 of club, chess, journaled in DIR/t1.db, with no broker (port 1).
SimBoardConfig offline_board(const ScratchDir& dir) {
  SimBoardConfig c;
  c.variant = "chess";
  c.journal_path = dir.file("t1.db");
  c.event = "club";
  c.board = "t1";
  c.broker.port = 1;
  return c;
}

// A headless board (tabula-hub-sim, hub_scale.sh's boards) resumed under
// another board's name is refused, as `tabula play` is: its stored items
// name t1 and would be refused by every hub on t2's topics.
TEST(Outbox, ASimBoardResumedUnderAnotherNameIsRefused) {
  ScratchDir dir;
  SimBoardConfig c = offline_board(dir);
  std::string error;
  {
    auto b = SimBoard::open(c, error);
    ASSERT_TRUE(b) << error;
    for (const session::Input& in : script_inputs("chess", kScholarsMate, 3)) ASSERT_TRUE(b->feed(in, error)) << error;
  }
  c.board = "t2";
  EXPECT_FALSE(SimBoard::open(c, error));
  EXPECT_NE(error.find("its hub outbox holds the items of board \"t1\""), std::string::npos) << error;
  c.board = "t1";
  EXPECT_TRUE(SimBoard::open(c, error)) << error;
}

TEST(Outbox, ACrashBeforeTheOutboxCommitIsRepairedFromTheJournal) {
  ScratchDir dir;
  SimBoardConfig c = offline_board(dir);
  std::string error;
  std::vector<std::string> before;
  {
    auto b = SimBoard::open(c, error);
    ASSERT_TRUE(b) << error;
    for (const session::Input& in : script_inputs("chess", kScholarsMate, 3)) ASSERT_TRUE(b->feed(in, error)) << error;
    ASSERT_TRUE(b->finish(error)) << error;
  }
  {
    journal::Outbox o;
    ASSERT_TRUE(journal::Outbox::open(c.journal_path, o).ok());
    std::vector<journal::OutboxItem> items;
    ASSERT_TRUE(o.pending(0, 1000, items).ok());
    for (const auto& it : items) before.push_back(it.payload);
  }
  ASSERT_GT(before.size(), 10u);
  // The last inputs' items never reached the outbox (power cut between the
  // two commits).
  sql(c.journal_path, "DELETE FROM hub_outbox WHERE input_seq >= (SELECT MAX(input_seq) - 3 FROM hub_outbox)");
  auto b = SimBoard::open(c, error);  // resume: catch_up() from the journal
  ASSERT_TRUE(b) << error;
  journal::Outbox o;
  ASSERT_TRUE(journal::Outbox::open(c.journal_path, o).ok());
  std::vector<journal::OutboxItem> after;
  ASSERT_TRUE(o.pending(0, 1000, after).ok());
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    wire::StreamItem x;
    wire::StreamItem y;
    ASSERT_TRUE(x.ParseFromString(before[i]));
    ASSERT_TRUE(y.ParseFromString(after[i].payload));
    x.clear_wall_ms();
    y.clear_wall_ms();
    EXPECT_EQ(x.SerializeAsString(), y.SerializeAsString()) << "item " << i + 1;
  }
}

// Issue 28 item 1: rows are stored signed, so what goes out (and out again
// after a reconnect or a hub's request) is the board's signed bytes; the
// rows repaired from the journal after a crash are signed too.
TEST(Outbox, RowsAreStoredSignedByTheBoardAndRepairedRowsToo) {
  ScratchDir dir;
  SimBoardConfig c = offline_board(dir);
  std::string error;
  c.board_key = board_key_from_seed("t1", std::string(kBoardSeedBytes, 's'), error);
  ASSERT_TRUE(c.board_key) << error;
  BoardKeyRing ring;
  ring.enrol("t1", c.board_key->public_key);
  auto rows = [&] {
    journal::Outbox o;
    EXPECT_TRUE(journal::Outbox::open(c.journal_path, o).ok());
    std::vector<journal::OutboxItem> items;
    EXPECT_TRUE(o.pending(0, 1000, items).ok());
    return items;
  };
  {
    auto b = SimBoard::open(c, error);
    ASSERT_TRUE(b) << error;
    for (const session::Input& in : script_inputs("chess", kScholarsMate, 3)) ASSERT_TRUE(b->feed(in, error)) << error;
    ASSERT_TRUE(b->finish(error)) << error;
  }
  const std::vector<journal::OutboxItem> before = rows();
  ASSERT_GT(before.size(), 10u);
  for (const journal::OutboxItem& r : before) {
    auto it = decode_item(r.payload, "tabula/club/t1/stream", error);
    ASSERT_TRUE(it) << error;
    EXPECT_EQ(check_signature(*it, "tabula/club/t1/stream", "t1", ring), "") << "item " << r.seq;
  }
  sql(c.journal_path, "DELETE FROM hub_outbox WHERE input_seq >= (SELECT MAX(input_seq) - 3 FROM hub_outbox)");
  ASSERT_TRUE(SimBoard::open(c, error)) << error;  // resume: catch_up() from the journal
  const std::vector<journal::OutboxItem> after = rows();
  ASSERT_EQ(after.size(), before.size());
  std::size_t same = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    same += after[i].payload == before[i].payload ? 1 : 0;
    auto it = decode_item(after[i].payload, "tabula/club/t1/stream", error);
    ASSERT_TRUE(it) << error;
    EXPECT_EQ(check_signature(*it, "tabula/club/t1/stream", "t1", ring), "") << "item " << i + 1;
  }
  EXPECT_GT(same, 0u);  // the rows kept are the very bytes first stored
  EXPECT_LT(same, after.size());
}

// Session 25: what the publisher's status says of the items that wait, in
// the words the kiosk shows an arbiter (expected texts written by hand).
TEST(PublisherWords, WhatWaitsIsSaidWithItsCountAndWhyAndNothingWhenNothingWaits) {
  PublisherStatus s;
  s.connected = true;
  s.last_seq = 12;
  EXPECT_EQ(waiting_line(s), "");
  EXPECT_EQ(describe(s), "0 of 12 items not yet at the broker; no hub has acknowledged yet");
  s.last_seq = 1;  // session 27: "0 of 1 items" before
  EXPECT_EQ(describe(s), "0 of 1 item not yet at the broker; no hub has acknowledged yet");
  s.last_seq = 12;

  s.unwritten = 2;
  s.last_seq = 14;
  s.unacked = 0;
  s.unwritten_why = "t1.db: while reading or writing a row: another process holds the journal (database is locked)";
  s.last_error = s.unwritten_why + ": 2 hub items wait for the outbox and are sent, in order, once it is written";
  EXPECT_EQ(waiting_line(s),
            "2 results wait to be written to the journal's hub outbox (t1.db: while reading or writing a row: "
            "another process holds the journal (database is locked)) and are sent, in order, once it is written");
  EXPECT_EQ(describe(s).rfind("2 of 14 items wait to be written to the outbox (t1.db: while reading", 0), 0u)
      << describe(s);
  EXPECT_NE(describe(s).find("; 0 of 14 items not yet at the broker; no hub has acknowledged yet; last error: t1.db"),
            std::string::npos)
      << describe(s);

  s.unwritten = 1;
  EXPECT_EQ(describe(s).rfind("1 of 14 items waits to be written to the outbox (", 0), 0u) << describe(s);
  EXPECT_EQ(waiting_line(s).substr(0, 69), "1 result waits to be written to the journal's hub outbox (t1.db: whil");
  EXPECT_NE(waiting_line(s).find(") and is sent, in order, once it is written"), std::string::npos);

  // Written, but the broker is away: kept in the journal, sent when it is back.
  s.unwritten = 0;
  s.unwritten_why.clear();
  s.unacked = 3;
  s.connected = false;
  s.last_error = "the connection to the broker was lost";
  EXPECT_EQ(waiting_line(s),
            "3 results wait to be sent to the hub: not connected to the broker (the connection to the broker was "
            "lost); kept in the journal, they are sent when it is back");
  EXPECT_EQ(describe(s),
            "3 of 14 items not yet at the broker; no hub has acknowledged yet; not connected to the broker; "
            "last error: the connection to the broker was lost");
  s.unacked = 1;
  s.last_error.clear();
  EXPECT_EQ(waiting_line(s),
            "1 result waits to be sent to the hub: not connected to the broker; kept in the journal, it is sent "
            "when it is back");

  // Connected: the broker's acknowledgement awaited (the shell says it only when it lasts).
  s.connected = true;
  EXPECT_EQ(waiting_line(s), "1 result waits for the broker's acknowledgement");

  // Hostile words (a path with line breaks and an escape) are shown safely and cut.
  s.unacked = 0;
  s.unwritten = 5;
  s.unwritten_why = std::string("/mnt/\x1b[2J\nx") + std::string(5000, 'a');
  const std::string line = waiting_line(s);
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  EXPECT_LT(line.size(), 400u) << line;
  EXPECT_NE(line.find(" and are sent, in order, once it is written"), std::string::npos) << line;
}

// Session 26: the kiosk rebuilt waiting_line() from a full status() copy
// every frame; it now rebuilds it when waiting_version() moves, which it
// does when what the line reads moved, and only then.
TEST(PublisherWords, TheWaitingVersionMovesWhenWhatTheLineSaysMovedAndOnlyThen) {
  ScratchDir dir;
  SimBoardConfig c = offline_board(dir);  // no broker: the items wait, unacknowledged
  std::string error;
  auto b = SimBoard::open(c, error);
  ASSERT_TRUE(b) << error;
  BoardPublisher& p = b->publisher();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (p.status().last_error.empty() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_FALSE(p.status().last_error.empty()) << "the worker never tried the broker";
  const std::uint64_t first = p.waiting_version();
  EXPECT_NE(first, 0u);
  // Nothing moves while the worker retries the same refused broker.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(p.waiting_version(), first) << p.status().last_error;
  EXPECT_EQ(p.waiting_version(), first);
  EXPECT_EQ(waiting_line(p.status()), "");  // nothing numbered yet

  // A move's items wait for the broker: the number moves, once.
  for (const session::Input& in : script_inputs("chess", kScholarsMate, 3)) {
    ASSERT_TRUE(b->feed(in, error)) << error;
    if (!b->session().moves().empty()) break;
  }
  const std::uint64_t moved = p.waiting_version();
  EXPECT_NE(moved, first);
  EXPECT_EQ(p.waiting_version(), moved);
  const PublisherStatus s = p.status();
  ASSERT_GT(s.unacked, 0);
  const std::string count = s.unacked == 1 ? "1 result waits" : std::to_string(s.unacked) + " results wait";
  EXPECT_EQ(waiting_line(s).rfind(count + " to be sent to the hub: not connected to the broker (", 0), 0u)
      << waiting_line(s);
}

}  // namespace
}  // namespace tabula::hub

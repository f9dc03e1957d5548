// Session 14: a journal and its -wal are tied by the journal's id; a -wal of
// another game left beside a journal (files swapped by hand) is refused by
// name, never applied. Journal::create checks the names of its header
// itself. The rulings a resume shows and publishes are the ones its inputs
// give, not the rows as stored.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <utility>
#include <vector>
#include <sstream>
#include <string>

#include "cli/play_commands.h"
#include "core/fen.h"
#include "journal/journal.h"
#include "journal/outbox.h"
#include "journal/resume.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

namespace fs = std::filesystem;
using testing::read_bytes;
using testing::ScratchDir;

using testing::exec_sql;

// The journal at `path` as a reader loads it.
JournalContents loaded(const std::string& path) {
  Journal j;
  JournalContents c;
  JournalStatus s = Journal::open(path, Journal::Access::kRead, j);
  if (s.ok()) s = j.load(c);
  EXPECT_TRUE(s.ok()) << s.message;
  return c;
}

// Records the first `n` inputs of a scholar's mate played by the session.
void record_inputs(Journal& j, std::size_t n) {
  auto rules = testing::rules_of("chess");
  const std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 5);
  ASSERT_GE(inputs.size(), n);
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), j.header().settings());
  for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(j.record(inputs[i], live.handle(inputs[i]), 0).ok());
}

// Game A (closed cleanly: no -wal) and game B, still being written, whose
// -wal holds its inputs since its first checkpoint.
struct TwoGames {
  ScratchDir dir;
  std::string a = dir.file("a.db"), b = dir.file("b.db");
  Journal writing_b;
  TwoGames() {
    {
      Journal j;
      EXPECT_TRUE(Journal::create(a, testing::chess_header("game A"), j).ok());
      record_inputs(j, 4);
    }
    EXPECT_FALSE(fs::exists(a + "-wal"));
    EXPECT_TRUE(Journal::create(b, testing::chess_header("game B"), writing_b).ok());
    record_inputs(writing_b, 12);  // 1 checkpointed, 11 in b.db-wal
    EXPECT_GT(fs::file_size(b + "-wal"), 0u);
  }
};

TEST(WalTie, AWalOfAnotherGameBesideAJournalIsRefusedNamingBothFiles) {
  TwoGames g;
  // The hand that swapped files: B's -wal now sits beside A.
  fs::copy_file(g.b + "-wal", g.a + "-wal");
  const std::string a_before = read_bytes(g.a), wal_before = read_bytes(g.a + "-wal");
  for (Journal::Access access : {Journal::Access::kRead, Journal::Access::kAppend}) {
    Journal j;
    JournalStatus s = Journal::open(g.a, access, j);
    ASSERT_FALSE(s.ok()) << "B's -wal was read as A's: " << testing::journal_inputs(g.a) << " inputs";
    EXPECT_EQ(s.error, JournalError::kMismatch);
    EXPECT_NE(s.message.find(g.a + ": its -wal file " + g.a + "-wal belongs to another game"), std::string::npos)
        << s.message;
    EXPECT_NE(s.message.find("both files are left as they are"), std::string::npos) << s.message;
  }
  // Nothing recorded lost: both files as they were; with the -wal moved
  // away, A opens with its own 4 inputs.
  EXPECT_EQ(read_bytes(g.a), a_before);
  EXPECT_EQ(read_bytes(g.a + "-wal"), wal_before);
  fs::rename(g.a + "-wal", g.dir.file("b-wal.kept"));
  fs::remove(g.a + "-shm");
  const JournalContents c = loaded(g.a);
  EXPECT_EQ(c.inputs.size(), 4u);
  EXPECT_EQ(c.header.event, "game A");
}

TEST(WalTie, TheSwapOfAJournalFileUnderALiveGamesWalIsRefused) {
  // The brief's case: `cp A.db current.db` while B's current.db-wal is
  // still there (B was current.db, cut off without a clean close).
  TwoGames g;
  const std::string current = g.dir.file("current.db");
  fs::copy_file(g.b + "-wal", current + "-wal");
  fs::copy_file(g.a, current);
  Journal j;
  JournalStatus s = Journal::open(current, Journal::Access::kAppend, j);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error, JournalError::kMismatch) << s.message;
}

TEST(WalTie, AJournalMadeBeforeIdsIsNotTakenOverByANewGamesWal) {
  TwoGames g;
  exec_sql(g.a, "DELETE FROM header WHERE key IN ('journal_id', 'wal_of')");  // as a journal of session 13
  {
    Journal j;
    ASSERT_TRUE(Journal::open(g.a, Journal::Access::kRead, j).ok());  // alone, it opens
  }
  fs::copy_file(g.b + "-wal", g.a + "-wal", fs::copy_options::overwrite_existing);
  Journal j;
  JournalStatus s = Journal::open(g.a, Journal::Access::kRead, j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message.find("is a journal made before journal ids"), std::string::npos) << s.message;
}

TEST(WalTie, ANewJournalIsNotMadeBesideAWalLeftWithoutItsJournal) {
  // The set-aside journal went, its -wal stayed: the new game's journal
  // would have had B's pages applied to it.
  TwoGames g;
  const std::string current = g.dir.file("current.db");
  fs::copy_file(g.b + "-wal", current + "-wal");
  const std::string wal_before = read_bytes(current + "-wal");
  Journal j;
  JournalStatus s = Journal::create(current, testing::chess_header("game C"), j);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message.find(current + "-wal is there without its journal"), std::string::npos) << s.message;
  EXPECT_FALSE(fs::exists(current));
  EXPECT_EQ(read_bytes(current + "-wal"), wal_before);
}

TEST(WalTie, AJournalWithItsOwnWalOpensWithEveryInput) {
  // A copy made with its -wal (an administrator's backup), and the game
  // itself after a crash: the -wal is the journal's own.
  TwoGames g;
  const std::string copy = g.dir.file("copy.db");
  fs::copy_file(g.b, copy);
  fs::copy_file(g.b + "-wal", copy + "-wal");
  Journal j;
  JournalStatus s = Journal::open(copy, Journal::Access::kAppend, j);
  ASSERT_TRUE(s.ok()) << s.message;
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.inputs.size(), 12u);
}

TEST(WalTie, ASwitchWrittenFirstAfterACheckpointTiesItsWalToo) {
  // set_advice as the first write of a WAL generation (no input yet).
  TwoGames g;
  ASSERT_TRUE(g.writing_b.checkpoint());
  ASSERT_TRUE(g.writing_b.set_advice(false, true).ok());
  ASSERT_GT(fs::file_size(g.b + "-wal"), 0u);
  fs::copy_file(g.b + "-wal", g.a + "-wal");
  Journal j;
  EXPECT_EQ(Journal::open(g.a, Journal::Access::kRead, j).error, JournalError::kMismatch);
}

TEST(WalTie, AWalWhoseOnlyWritesAreTheHubOutboxsSaysWhoseItIsToo) {
  // Session 15: the hub's outbox writes through its own connection. Each of
  // its write batches, the first after a checkpoint of the game's journal,
  // begins a WAL generation of the outbox's pages alone; before, such a
  // -wal of game B beside A was read as A's (A opened with B's outbox).
  TwoGames g;
  Outbox outbox;
  const std::vector<std::pair<const char*, std::function<JournalStatus()>>> writes = {
      {"the tables' creation", [&] { return Outbox::open(g.b, outbox); }},
      {"append", [&] { return outbox.append({{1, 12, "item one"}, {2, 12, "item two"}}); }},
      {"mark_acked", [&] { return outbox.mark_acked(1); }},
      {"mark_acked (several)", [&] { return outbox.mark_acked(std::vector<std::int64_t>{1, 2}); }},
      {"set_last_action_id", [&] { return outbox.set_last_action_id(7); }},
  };
  const std::string a_before = read_bytes(g.a);
  for (const auto& [what, write] : writes) {
    ASSERT_TRUE(g.writing_b.checkpoint()) << what;
    ASSERT_EQ(fs::file_size(g.b + "-wal"), 0u) << what;
    ASSERT_TRUE(write().ok()) << what;
    ASSERT_GT(fs::file_size(g.b + "-wal"), 0u) << what;
    fs::copy_file(g.b + "-wal", g.a + "-wal", fs::copy_options::overwrite_existing);
    Journal j;
    JournalStatus s = Journal::open(g.a, Journal::Access::kRead, j);
    EXPECT_EQ(s.error, JournalError::kMismatch) << what << ": " << s.message;
    EXPECT_NE(s.message.find("belongs to another game"), std::string::npos) << what << ": " << s.message;
    // Nothing lost: A's file as it was, A's own inputs with the -wal away.
    EXPECT_EQ(read_bytes(g.a), a_before) << what;
    fs::remove(g.a + "-wal");
    fs::remove(g.a + "-shm");
    EXPECT_EQ(loaded(g.a).inputs.size(), 4u) << what;
  }
  // B's own outbox-only -wal is B's: a copy with it opens, every item there.
  ASSERT_TRUE(g.writing_b.checkpoint());
  ASSERT_TRUE(outbox.append({{3, 12, "item three"}}).ok());
  const std::string copy = g.dir.file("copy.db");
  fs::copy_file(g.b, copy);
  fs::copy_file(g.b + "-wal", copy + "-wal");
  EXPECT_EQ(loaded(copy).inputs.size(), 12u);
  std::optional<OutboxItem> first;
  ASSERT_TRUE(Outbox::first_item(copy, first).ok());
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->payload, "item one");
  Outbox copied;
  ASSERT_TRUE(Outbox::open(copy, copied).ok());
  std::vector<OutboxItem> items;
  ASSERT_TRUE(copied.range(1, 10, items).ok());
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[2].payload, "item three");
  std::uint64_t action = 0;
  ASSERT_TRUE(copied.last_action_id(action).ok());
  EXPECT_EQ(action, 7u);
}

TEST(JournalCreate, ChecksTheNamesOfItsHeaderItself) {
  ScratchDir dir;
  struct Case {
    std::vector<std::string> players;
    std::string event, site, said;
  };
  const Case cases[] = {
      {{"Ann", "Bob\nEve"}, "Club", "Hall", "player 2 \"Bob<U+000A>Eve\" holds a control character (U+000A"},
      {{"Cem\xE2\x80\xAEnna"}, "Club", "Hall", "player 1 \"Cem<U+202E>nna\" holds an invisible format character"},
      {{" Ann"}, "Club", "Hall", "begins with a space"},
      {{"Ann"}, "Club\xE2\x80\x8B", "Hall", "the event "},
      {{"Ann"}, "Club", "Zo\xEB", "the site "},
      {{std::string(65, 'a')}, "Club", "Hall", "player 1 "},
  };
  for (const Case& c : cases) {
    JournalHeader h = testing::chess_header(c.event);
    h.players = c.players;
    h.site = c.site;
    Journal j;
    JournalStatus s = Journal::create(dir.file("g.db"), h, j);
    ASSERT_FALSE(s.ok()) << c.said;
    EXPECT_NE(s.message.find("the new journal is not made, nothing was written: "), std::string::npos) << s.message;
    EXPECT_NE(s.message.find(c.said), std::string::npos) << s.message;
    EXPECT_TRUE(fs::is_empty(dir.path())) << c.said;  // no journal, no lock, no temporary file
  }
  // The rule's good names, an unnamed seat and no event are made.
  JournalHeader h = testing::chess_header("Club night \xC3\xA9t\xC3\xA9");
  h.players = {"Zo\xC3\xAB \xC5\x81ukasz", ""};
  h.site = "";
  Journal j;
  EXPECT_TRUE(Journal::create(dir.file("g.db"), h, j).ok());
}

// ---- rulings re-derived on resume ----------------------------------------------------

std::string played_journal(const ScratchDir& dir) {
  testing::write_trace("chess", testing::kScholarsMate, 11, dir.file("t.trace"));
  std::ostringstream out, err;
  EXPECT_EQ(cli::cmd_play({"play", "--variant", "chess", "--journal", dir.file("g.db"), "--trace", dir.file("t.trace")},
                          out, err),
            0)
      << err.str();
  return dir.file("g.db");
}

TEST(ResumeRulings, AnEditedRulingIsSaidAndTheRulingItsInputsGiveIsShown) {
  ScratchDir dir;
  const std::string db = played_journal(dir);
  const JournalContents before = loaded(db);
  const Resumed clean = resume(before, db, {testing::rules_of("chess")});
  ASSERT_TRUE(clean.session.has_value()) << clean.error;
  EXPECT_EQ(clean.rulings_warning, "");
  ASSERT_EQ(clean.rulings.size(), before.rulings.size());
  for (std::size_t i = 0; i < clean.rulings.size(); ++i) {
    EXPECT_EQ(clean.rulings[i].text, before.rulings[i].text);
    EXPECT_EQ(clean.rulings[i].input_seq, before.rulings[i].input_seq);
  }
  // A hand makes the arbiter say what it never said.
  exec_sql(db, "UPDATE rulings SET text = 'White wins by the arbiter''s decision', severity = 'info' "
              "WHERE id = (SELECT MAX(id) FROM rulings)");
  std::ostringstream out, err;
  ASSERT_EQ(cli::cmd_archive({"archive", "show", "--journal", db}, out, err), 0) << err.str();
  EXPECT_EQ(out.str().find("arbiter's decision"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("checkmate: Black is checkmated"), std::string::npos) << out.str();
  EXPECT_NE(err.str().find("tabula: warning: " + db + ": the journal's rulings differ from what its inputs give at "
                           "ruling " + std::to_string(before.rulings.size())),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("arbiter's decision"), std::string::npos) << err.str();
  // The game still resumes (a ruling's wording may change between versions).
  const JournalContents c = loaded(db);
  const Resumed r = resume(c, db, {testing::rules_of("chess")});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_NE(r.rulings_warning, "");
  const JournalContents published = with_derived_rulings(c, r);
  ASSERT_EQ(published.rulings.size(), before.rulings.size());
  EXPECT_EQ(published.rulings.back().text, before.rulings.back().text);
  EXPECT_EQ(published.rulings.back().severity, before.rulings.back().severity);
}

TEST(ResumeRulings, ARemovedOrAddedRulingIsSaidToo) {
  ScratchDir dir;
  const std::string db = played_journal(dir);
  exec_sql(db, "INSERT INTO rulings(input_seq, time_ms, kind, severity, text) "
              "SELECT MAX(seq), 0, 'game-over', 'info', 'a ruling nobody gave' FROM inputs");
  const JournalContents c = loaded(db);
  const Resumed r = resume(c, db, {testing::rules_of("chess")});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(r.rulings.size() + 1, c.rulings.size());
  EXPECT_NE(r.rulings_warning.find("given now: nothing"), std::string::npos) << r.rulings_warning;
}

}  // namespace
}  // namespace tabula::journal

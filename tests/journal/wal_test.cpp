// The journal's WAL (issue 28 item 8): a whole game lived in current.db-wal
// (no checkpoint before 1000 pages), so copying current.db alone, as an
// administrator backing up would, copied an empty game, and a damaged -wal
// lost every move since the start silently.
#include <gtest/gtest.h>

#include <filesystem>

#include "journal/journal.h"
#include "journal/wal_check.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using session::Millis;
using testing::read_bytes;
using testing::ScratchDir;
using testing::write_bytes;

JournalHeader wal_journal_header() {
  JournalHeader h;
  h.variant = "chess";
  h.start_position = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
  return h;
}

// Records `n` square events; the last one's output ends the game when `over`.
void record_square_events(Journal& j, int n, bool over) {
  for (int i = 0; i < n; ++i) {
    session::Output out;
    if (over && i == n - 1) {
      session::Ruling r;
      r.kind = session::RulingKind::kGame;
      r.game = core::Ruling{};
      r.game->kind = core::RulingKind::kGameOver;
      r.text = "the game is over";
      out.rulings.push_back(r);
    }
    ASSERT_TRUE(j.record(session::SquareEvent{Millis{100 + i}, core::make_square(4, 1), i % 2 == 0}, out, i).ok());
  }
}

// The administrator's backup: the journal file alone, while it is open.
long long inputs_in_copy_of_file_alone(const ScratchDir& dir, std::string* warning = nullptr) {
  std::filesystem::copy_file(dir.file("g.db"), dir.file("copy.db"), std::filesystem::copy_options::overwrite_existing);
  Journal c;
  EXPECT_TRUE(Journal::open(dir.file("copy.db"), Journal::Access::kRead, c).ok());
  if (warning) *warning = c.wal_warning();
  return testing::journal_inputs(dir.file("copy.db"));
}

TEST(JournalWal, AFinishedGameIsInTheJournalFileAlone) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), wal_journal_header(), j).ok());
  record_square_events(j, 20, /*over=*/true);
  ASSERT_EQ(j.inputs_recorded(), 20);
  EXPECT_EQ(inputs_in_copy_of_file_alone(dir), 20);
}

TEST(JournalWal, AtMostABoundOfInputsLiveOnlyInTheWal) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), wal_journal_header(), j).ok());
  record_square_events(j, 150, /*over=*/false);
  // Checkpoints after the first input, then every 64: 1, 65, 129.
  EXPECT_EQ(inputs_in_copy_of_file_alone(dir), 129);
  EXPECT_LT(150 - 129, kCheckpointEvery);
}

TEST(JournalWal, AMissingWalIsSaidWithWhatTheFileHolds) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), wal_journal_header(), j).ok());
  record_square_events(j, 70, false);
  std::string warning;
  EXPECT_EQ(inputs_in_copy_of_file_alone(dir, &warning), 65);
  EXPECT_EQ(warning, dir.file("copy.db") +
                         ": its -wal file is missing though the journal was being written (copied without it, or "
                         "lost); the journal holds the 65 inputs up to its last checkpoint, anything recorded after "
                         "that is not in this file");
}

TEST(JournalWal, ACleanlyClosedJournalHasNoWalAndNoWarning) {
  ScratchDir dir;
  {
    Journal j;
    ASSERT_TRUE(Journal::create(dir.file("g.db"), wal_journal_header(), j).ok());
    record_square_events(j, 10, false);
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("g.db-wal")));
  Journal j;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kAppend, j).ok());
  EXPECT_EQ(j.wal_warning(), "");
  EXPECT_EQ(j.inputs_recorded(), 10);
}

TEST(JournalWal, ADamagedWalIsSaidAndATornTailIsNot) {
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), wal_journal_header(), j).ok());
  record_square_events(j, 70, false);  // 5 inputs after the checkpoint at 65, in the -wal
  const std::string db = read_bytes(dir.file("g.db"));
  const std::string wal = read_bytes(dir.file("g.db-wal"));
  WalCheck whole = check_wal(dir.file("g.db-wal"));
  ASSERT_FALSE(whole.damaged) << whole.why;
  ASSERT_GE(whole.valid_frames, 5u);
  const std::size_t frame = (wal.size() - 32) / whole.valid_frames;

  // A copy with its -wal intact: everything, no warning.
  write_bytes(dir.file("a.db"), db);
  write_bytes(dir.file("a.db-wal"), wal);
  {
    Journal a;
    ASSERT_TRUE(Journal::open(dir.file("a.db"), Journal::Access::kRead, a).ok());
    EXPECT_EQ(a.wal_warning(), "");
    EXPECT_EQ(a.inputs_recorded(), 70);
  }
  // A byte changed in the second frame: SQLite silently reads only the first.
  std::string damaged = wal;
  damaged[32 + frame + 24 + 100] ^= 0x55;
  write_bytes(dir.file("b.db"), db);
  write_bytes(dir.file("b.db-wal"), damaged);
  {
    Journal b;
    ASSERT_TRUE(Journal::open(dir.file("b.db"), Journal::Access::kRead, b).ok());
    EXPECT_LT(b.inputs_recorded(), 70);
    EXPECT_EQ(b.wal_warning(), dir.file("b.db") + ": its -wal file is damaged (frame 2 of " +
                                   std::to_string(whole.valid_frames) +
                                   " fails its checksum and frames of the same log follow it); the journal holds " +
                                   std::to_string(b.inputs_recorded()) +
                                   " inputs (65 at its last checkpoint), what the -wal held after the damage is lost");
  }
  // A damaged header: SQLite ignores the whole -wal.
  damaged = wal;
  damaged[5] ^= 0x01;
  write_bytes(dir.file("c.db"), db);
  write_bytes(dir.file("c.db-wal"), damaged);
  EXPECT_TRUE(check_wal(dir.file("c.db-wal")).damaged);
  // A crash in the middle of writing the last frame: a torn tail, not damage.
  write_bytes(dir.file("d.db-wal"), wal.substr(0, wal.size() - frame / 2));
  WalCheck torn = check_wal(dir.file("d.db-wal"));
  EXPECT_FALSE(torn.damaged) << torn.why;
  EXPECT_EQ(torn.valid_frames, whole.valid_frames - 1);
}

}  // namespace
}  // namespace tabula::journal

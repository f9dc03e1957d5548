// `tabula play`: a headless session over a trace, journaled, resumable.
#include "cli/play_commands.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "journal/journal.h"
#include "journal_fixture.h"

namespace tabula::cli {
namespace {

using journal::testing::final_state;
using journal::testing::read_bytes;
using journal::testing::ScratchDir;
using journal::testing::write_bytes;
using journal::testing::write_trace;

struct PlayRun {
  int code = -1;
  std::string out;
  std::string err;
};

PlayRun play(const std::string& variant, const std::string& journal, const std::string& trace) {
  std::ostringstream out;
  std::ostringstream err;
  PlayRun r;
  r.code = cmd_play({"play", "--variant", variant, "--journal", journal, "--trace", trace}, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::int64_t inputs_in(const std::string& path) { return journal::testing::journal_inputs(path); }

// A crash after each of `cuts` inputs (fractions of the whole, in percent),
// then `tabula play` again with the same trace: the same final state.
void expect_resume_matches(const std::string& variant, const std::string& pgn, std::vector<int> cuts) {
  ScratchDir dir;
  write_trace(variant, pgn, 5, dir.file("full.trace"));
  PlayRun whole = play(variant, dir.file("whole.db"), dir.file("full.trace"));
  ASSERT_EQ(whole.code, 0) << whole.err;
  ASSERT_FALSE(final_state(whole.out).empty());
  const long long total = journal::testing::journal_inputs(dir.file("whole.db"));
  ASSERT_GT(total, 10);
  const std::string bytes = read_bytes(dir.file("whole.db"));
  for (int percent : cuts) {
    long long n = total * percent / 100;
    write_bytes(dir.file("crash.db"), bytes);
    journal::testing::cut_journal_after(dir.file("crash.db"), n);
    PlayRun again = play(variant, dir.file("crash.db"), dir.file("full.trace"));
    ASSERT_EQ(again.code, 0) << again.err;
    if (n > 0) {
      EXPECT_NE(again.out.find("resumed " + std::to_string(n) + " inputs"), std::string::npos) << again.out;
    }
    EXPECT_EQ(final_state(again.out), final_state(whole.out)) << "crash after input " << n << " of " << total;
    EXPECT_EQ(journal::testing::journal_inputs(dir.file("crash.db")), total);
  }
}

TEST(Play, PrintsMovesAndTheFinalState) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 3, dir.file("t.trace"));
  PlayRun r = play("chess", dir.file("g.db"), dir.file("t.trace"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nQh5xf7\n"), std::string::npos);
  EXPECT_NE(r.out.find("position r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"),
            std::string::npos);
  EXPECT_NE(r.out.find("outcome over checkmate"), std::string::npos);
}

TEST(Play, ResumingAfterAStopReachesTheSameStateInChess) {
  expect_resume_matches("chess", journal::testing::kScholarsMate, {0, 10, 33, 50, 71, 90, 99, 100});
}

TEST(Play, ResumingAfterAStopReachesTheSameStateInFourPlayerChess) {
  expect_resume_matches("chesscom-ffa", journal::testing::kFfaOpening, {5, 40, 75, 98});
}

TEST(Play, RunningAFinishedJournalAgainAddsNothing) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 3, dir.file("t.trace"));
  PlayRun first = play("chess", dir.file("g.db"), dir.file("t.trace"));
  ASSERT_EQ(first.code, 0) << first.err;
  std::int64_t n = inputs_in(dir.file("g.db"));
  PlayRun again = play("chess", dir.file("g.db"), dir.file("t.trace"));
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(inputs_in(dir.file("g.db")), n);
  EXPECT_EQ(final_state(again.out), final_state(first.out));
}

TEST(Play, EveryShownMoveIsInTheJournal) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 3, dir.file("t.trace"));
  PlayRun r = play("chess", dir.file("g.db"), dir.file("t.trace"));
  ASSERT_EQ(r.code, 0);
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(dir.file("g.db"), journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_EQ(c.moves.size(), 7u);
  for (const journal::StoredMove& m : c.moves) EXPECT_NE(r.out.find("\n" + m.text + "\n"), std::string::npos);
  EXPECT_FALSE(c.rulings.empty());
}

TEST(Play, RefusesAJournalOfAnotherVariantAndLeavesIt) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 3, dir.file("t.trace"));
  ASSERT_EQ(play("chess", dir.file("g.db"), dir.file("t.trace")).code, 0);
  std::string before = read_bytes(dir.file("g.db"));
  PlayRun r = play("chesscom-ffa", dir.file("g.db"), dir.file("t.trace"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("a game of chess, not chesscom-ffa"), std::string::npos) << r.err;
  EXPECT_EQ(read_bytes(dir.file("g.db")), before);
}

TEST(Play, RefusesAForeignFileAndLeavesItByteIdentical) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 3, dir.file("t.trace"));
  const std::string text = "not a journal at all\n" + std::string(300, '.');
  write_bytes(dir.file("g.db"), text);
  PlayRun r = play("chess", dir.file("g.db"), dir.file("t.trace"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(dir.file("g.db")), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not an SQLite database"), std::string::npos) << r.err;
  EXPECT_EQ(read_bytes(dir.file("g.db")), text);
}

TEST(Play, BadUsageExitsTwo) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(cmd_play({"play", "--variant", "chess"}, out, err), 2);
  EXPECT_NE(err.str().find("--journal"), std::string::npos);
  EXPECT_EQ(cmd_play({"play", "--bogus", "1"}, out, err), 2);
}

TEST(Play, ABadTraceIsListedWithFileAndLine) {
  ScratchDir dir;
  write_bytes(dir.file("t.trace"), "0 e2 up\n10 z9 down\n");
  PlayRun r = play("chess", dir.file("g.db"), dir.file("t.trace"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(dir.file("t.trace") + ":2:"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace tabula::cli

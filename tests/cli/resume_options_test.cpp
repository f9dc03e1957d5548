// `tabula play` resuming a journal with options that disagree with it. Before,
// the journal's settings were taken silently: `--clock 5+3` on a game begun at
// 15+10 ran on at 15+10 and said nothing. Now each such option is refused,
// naming both values; the same option with the journal's value is accepted
// (an arbiter re-runs the same command after a power cut).
#include "cli/bot_play_command.h"
#include "cli/commands.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "test_files.h"

namespace tabula::cli {
namespace {

CliRun run_typed(const std::vector<std::string>& args, const std::string& typed) {
  std::istringstream in(typed);
  std::ostringstream out, err;
  int code = cmd_play_typed(args, in, out, err);
  return {code, out.str(), err.str()};
}

// The journal's journal_listing (header and every input count): what "left as it is" means here.
std::string journal_listing(const std::string& journal) {
  CliRun r = run_cli({"archive", "show", "--journal", journal});
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

class ResumeOptions : public ::testing::Test {
 protected:
  void SetUp() override {
    // A directory of its own: ctest runs this suite's tests at once.
    const std::string dir = tmp_.path();
    pgn_ = dir + "/resume_opts.pgn";
    trace_ = dir + "/resume_opts.trace";
    journal_ = dir + "/resume_opts.db";
    std::remove(journal_.c_str());
    std::ofstream(pgn_) << "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    CliRun t = run_cli({"trace", "--variant", "chess", pgn_, "--seed", "1"});
    ASSERT_EQ(t.code, 0) << t.err;
    // The trace up to its second move: the resume has moves left to play.
    const std::string half = t.out.substr(0, t.out.find("# 2. White"));
    ASSERT_LT(half.size(), t.out.size());
    std::ofstream(trace_ + ".half") << half;
    std::ofstream(trace_) << t.out;
    CliRun first = run_cli({"play", "--variant", "chess", "--journal", journal_, "--trace", trace_ + ".half", "--clock",
                         "15+10", "--settle-ms", "600", "--event", "Club night", "--seed", "4"});
    ASSERT_EQ(first.code, 0) << first.err;
  }
  void TearDown() override { std::remove(journal_.c_str()); }

  std::vector<std::string> play(std::vector<std::string> extra) {
    std::vector<std::string> a = {"play", "--variant", "chess", "--journal", journal_, "--trace", trace_};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  }

  tabula::testing::TempDir tmp_{"resume"};
  std::string pgn_, trace_, journal_;
};

TEST_F(ResumeOptions, AnotherClockIsRefusedNamingBothAndTheJournalIsUnchanged) {
  const std::string before = journal_listing(journal_);
  CliRun r = run_cli(play({"--clock", "5+3"}));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.err.find(journal_ + ": --clock says 5 min + 3 s, but the journal's game was begun with 15 min + 10 s"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the journal is left as it is"), std::string::npos) << r.err;
  EXPECT_EQ(journal_listing(journal_), before);
}

TEST_F(ResumeOptions, EveryDisagreeingOptionIsNamedOnItsOwnLine) {
  const std::string before = journal_listing(journal_);
  CliRun r = run_cli(play({"--settle-ms", "900", "--event", "Other", "--site", "Elsewhere", "--seed", "5", "--sliding",
                        "off", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "--start", "x"}));
  EXPECT_EQ(r.code, 1);
  for (const char* says : {"--settle-ms says 900 ms, but the journal's game was begun with 600 ms",
                           "--event says \"Other\", but the journal's game was begun with \"Club night\"",
                           "--site says \"Elsewhere\", but the journal's game was begun with \"Tabula board\"",
                           "--seed says 5, but the journal's game was begun with 4",
                           "--sliding says off, but the journal's game was begun with on",
                           "--fen says \"8/8/8/8/8/8/8/K6k w - - 0 1\"", "--start says \"x\", but the journal's game "
                                                                        "was begun with none"}) {
    EXPECT_NE(r.err.find(says), std::string::npos) << says << "\n" << r.err;
  }
  EXPECT_EQ(journal_listing(journal_), before);
}

TEST_F(ResumeOptions, TheJournalsOwnValuesOrNoneAreAcceptedAndTheGameGoesOn) {
  CliRun same = run_cli(play({"--clock", "15+10", "--settle-ms", "600", "--event", "Club night", "--seed", "4"}));
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_NE(same.out.find("resumed"), std::string::npos) << same.out;
  EXPECT_NE(journal_listing(journal_).find("moves 4"), std::string::npos) << journal_listing(journal_);
  EXPECT_EQ(run_cli(play({})).code, 0);
}

TEST_F(ResumeOptions, ABadValueIsStillAUsageError) {
  CliRun r = run_cli(play({"--clock", "soon"}));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--clock"), std::string::npos) << r.err;
}

// The typed game with bots: the bot seats and the clock are the journal's too.
TEST(ResumeOptionsTyped, OtherBotSeatsOrClockAreRefused) {
  tabula::testing::TempDir tmp("resume");
  const std::string journal = tmp.file("resume_opts_typed.db");
  std::remove(journal.c_str());
  CliRun first = run_typed({"play", "--variant", "chess", "--bots", "Black=1", "--journal", journal, "--clock", "5+3",
                         "--movetime-ms", "20"},
                        "e2e4\nquit\n");
  ASSERT_EQ(first.code, 0) << first.err;
  const std::string before = journal_listing(journal);
  CliRun bots = run_typed({"play", "--variant", "chess", "--bots", "White=1", "--journal", journal}, "quit\n");
  EXPECT_EQ(bots.code, 1);
  EXPECT_NE(bots.err.find("--bots says \"White=1\", but the journal's game was begun with \"Black=1\""),
            std::string::npos)
      << bots.err;
  CliRun clock = run_typed({"play", "--variant", "chess", "--bots", "Black=1", "--journal", journal, "--clock", "1"},
                        "quit\n");
  EXPECT_EQ(clock.code, 1);
  EXPECT_NE(clock.err.find("--clock says 1 min, but the journal's game was begun with 5 min + 3 s"), std::string::npos)
      << clock.err;
  EXPECT_EQ(journal_listing(journal), before);
  CliRun same = run_typed({"play", "--variant", "chess", "--bots", "Black=1", "--journal", journal, "--clock", "5+3"},
                       "quit\n");
  EXPECT_EQ(same.code, 0) << same.err;
  std::remove(journal.c_str());
}

// A new game whose trace is refused leaves no journal: before, the journal
// was made first, and the corrected command (another --clock) was then a
// resume that disagreed with it.
TEST(ResumeOptionsNew, ARefusedTraceLeavesNoJournalBehind) {
  tabula::testing::TempDir tmp("resume");
  const std::string dir = tmp.path();
  const std::string trace = dir + "/resume_opts_bad.trace", journal = dir + "/resume_opts_bad.db";
  std::remove(journal.c_str());
  std::ofstream(trace) << "0 e2 sideways\n";
  CliRun r = run_cli({"play", "--variant", "chess", "--journal", journal, "--trace", trace, "--clock", "5+3"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(trace + ":1:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::ifstream(journal).good()) << "a journal was left behind";
  std::remove(trace.c_str());
}

// --event and --site go into the journal's header, its export's tags and
// `archive show`: before, a line break was journaled as given.
TEST(ResumeOptionsNew, EventAndSiteAreOneLineOfText) {
  tabula::testing::TempDir tmp("resume");
  const std::string dir = tmp.path();
  const std::string pgn = dir + "/resume_opts_ev.pgn", trace = dir + "/resume_opts_ev.trace",
                    journal = dir + "/resume_opts_ev.db";
  std::remove(journal.c_str());
  std::ofstream(pgn) << "[Event \"x\"]\n\n1. e4 e5 *\n";
  CliRun t = run_cli({"trace", "--variant", "chess", pgn, "--seed", "1"});
  ASSERT_EQ(t.code, 0) << t.err;
  std::ofstream(trace) << t.out;
  // Session 13: the one name rule (core/player_name.h) at 200 characters: a
  // bidi override or a zero-width space is refused too, naming its code.
  for (const char* option : {"--event", "--site"}) {
    for (const auto& [value, why] : {std::pair{"Club\nmoves 99", "(U+000A, a line break) at character 5"},
                                     std::pair{"Club \xE2\x80\xAEnepO", "(U+202E, right-to-left override) at character 6"},
                                     std::pair{"Cl\xE2\x80\x8Bub", "(U+200B, zero width space) at character 3"}}) {
      CliRun r = run_cli({"play", "--variant", "chess", "--journal", journal, "--trace", trace, option, value});
      EXPECT_EQ(r.code, 1) << option;
      EXPECT_NE(r.err.find(std::string(option) + ": one line of text without control characters"), std::string::npos)
          << r.err;
      EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
      EXPECT_FALSE(std::ifstream(journal).good()) << "nothing journaled";
    }
  }
  EXPECT_EQ(run_cli({"play", "--variant", "chess", "--journal", journal, "--trace", trace, "--event",
                         "Club night \xC3\xA9t\xC3\xA9"}).code,
            0);
  std::remove(journal.c_str());
}

}  // namespace
}  // namespace tabula::cli

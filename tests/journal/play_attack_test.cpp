// `tabula play`'s trace attacked (session 13): operator intents whose words
// were read loosely and recorded as the arbiter's. Each is refused by file
// and line before a journal is made; the good forms still do what they say.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/play_commands.h"
#include "hub/board_publisher.h"
#include "hub/codec.h"
#include "journal/journal.h"
#include "journal/outbox.h"
#include "journal_fixture.h"

namespace tabula::cli {
namespace {

using journal::testing::ScratchDir;

struct TraceRun {
  int code = -1;
  std::string out, err;
};

// The four moves of "1. e4 e5 2. Nf3 Nc6" as a sensor trace (generated
// once: the generator is most of a run's time under the sanitizers).
const std::string& four_moves_trace() {
  static const std::string text = [] {
    ScratchDir d;
    journal::testing::write_trace("chess", "1. e4 e5 2. Nf3 Nc6 *\n", 3, d.file("t.trace"));
    return journal::testing::read_bytes(d.file("t.trace"));
  }();
  return text;
}

// That trace, then `extra`.
TraceRun play_with(const ScratchDir& dir, const std::string& extra, const std::string& journal = "g.db") {
  const std::string trace = dir.file("t.trace");
  journal::testing::write_bytes(trace, four_moves_trace() + extra);
  std::ostringstream out, err;
  TraceRun r;
  r.code = cmd_play({"play", "--variant", "chess", "--journal", dir.file(journal), "--trace", trace}, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Before: std::atoi, at least 1: each of these took back one move, recorded
// as the arbiter's ruling ("the arbiter takes back 1 move").
TEST(PlayAttack, ATakebackOfNoNumberIsRefusedNotReadAsOneMove) {
  for (const std::string arg : {"abc", "0", "-5", "99999999999999999999", "2x", "", "1 2", "10001"}) {
    ScratchDir dir;
    TraceRun r = play_with(dir, "#! 60000 takeback " + arg + "\n");
    EXPECT_EQ(r.code, 1) << arg;
    EXPECT_NE(r.err.find(dir.file("t.trace") + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("takeback needs a number of moves from 1 to 10000, got '" + arg + "'"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("takes back"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir.file("g.db"))) << arg;
  }
  ScratchDir dir;
  TraceRun good = play_with(dir, "#! 60000 takeback 2\n");
  EXPECT_EQ(good.code, 0) << good.err;
  EXPECT_NE(good.out.find("the arbiter takes back 2 moves"), std::string::npos) << good.out;
}

// Before: only the first word after the verb was read: "resign White Black"
// resigned White alone, "draw White" agreed a draw.
TEST(PlayAttack, AnIntentWithWordsItDoesNotTakeIsRefused) {
  for (const auto& [line, words] :
       std::vector<std::pair<std::string, std::string>>{{"#! 60000 resign White Black\n", "unknown seat 'White Black'"},
                                                        {"#! 60000 timeout Black now\n", "unknown seat 'Black now'"},
                                                        {"#! 60000 draw White\n", "'draw' takes nothing after it"},
                                                        {"#! 60000 claim 3\n", "'claim' takes nothing after it"}}) {
    ScratchDir dir;
    TraceRun r = play_with(dir, line);
    EXPECT_EQ(r.code, 1) << line;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("g.db"))) << line;
  }
  ScratchDir dir;
  TraceRun good = play_with(dir, "#! 60000 resign Black \r\n");
  EXPECT_EQ(good.code, 0) << good.err;
  EXPECT_NE(good.out.find("outcome over"), std::string::npos) << good.out;
}

// Before: `tabula archive export --out` refused only the journal itself and
// SQLite databases: `--out g.db-wal` replaced the -wal of a game being
// written (up to 63 inputs not yet in g.db) with the PGN, another journal's
// -wal went too, and a symbolic link planted at OUT.tmp had its target (the
// journal) truncated and written with the export. Each refused, or gone
// round; the journal is left as it is.
TEST(PlayAttack, AnExportNeverOverwritesAJournalsWalOrWritesThroughALink) {
  ScratchDir dir;
  ASSERT_EQ(play_with(dir, "").code, 0);
  const std::string path = dir.file("g.db");
  const std::string before = journal::testing::read_bytes(path);
  auto exported = [&](const std::string& out_file) {
    std::ostringstream out, err;
    const int code = cmd_archive({"archive", "export", "--journal", path, "--out", out_file}, out, err);
    return std::pair{code, err.str()};
  };
  for (const char* suffix : {"-wal", "-shm", "-lock"}) {
    auto [code, err] = exported(path + suffix);
    EXPECT_EQ(code, 1) << suffix;
    EXPECT_NE(err.find(std::string("is the ") + suffix + " file kept beside " + path), std::string::npos) << err;
    // (a reader may leave an empty -wal and an -shm of SQLite's own)
    EXPECT_EQ(journal::testing::read_bytes(path + suffix).find("[Event"), std::string::npos) << suffix;
  }
  // Another journal's -wal (its magic), wherever it is.
  const std::string wal("\x37\x7f\x06\x82\x00\x2d\xe2\x18", 8);
  journal::testing::write_bytes(dir.file("other.db-wal"), wal);
  auto [code, err] = exported(dir.file("other.db-wal"));
  EXPECT_EQ(code, 1);
  EXPECT_NE(err.find("is an SQLite -wal file"), std::string::npos) << err;
  EXPECT_EQ(journal::testing::read_bytes(dir.file("other.db-wal")), wal);
  // A link planted where the export is first written.
  ASSERT_EQ(::symlink(path.c_str(), dir.file("game.pgn.tmp").c_str()), 0);
  auto [ok, why] = exported(dir.file("game.pgn"));
  EXPECT_EQ(ok, 0) << why;
  EXPECT_EQ(journal::testing::read_bytes(path), before);
  EXPECT_NE(journal::testing::read_bytes(dir.file("game.pgn")).find("[Event "), std::string::npos);
  EXPECT_FALSE(std::filesystem::is_symlink(dir.file("game.pgn")));
}

// Before: a journal published as board t1 and resumed as board t2 (a typo,
// the board renamed, a journal copied from another board) started
// publishing: its stored items, signed and named for t1, went out on t2's
// topics, where every hub refuses them, and t2's new items waited at the
// hubs for them until "items lost". Refused now before the publisher starts,
// naming both; the journal is left as it is.
TEST(PlayAttack, AJournalPublishedAsOneBoardIsNotPublishedAsAnother) {
  ScratchDir dir;
  ASSERT_EQ(play_with(dir, "").code, 0);
  const std::string path = dir.file("g.db");
  journal::JournalHeader h;
  {
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::open(path, journal::Journal::Access::kRead, j).ok());
    h = j.header();
  }
  const hub::BoardInfo t1{"club", "t1", h};
  {
    hub::wire::StreamItem item;
    item.set_version(hub::wire::PAYLOAD_VERSION_CURRENT);
    item.set_event("club");
    item.set_board("t1");
    item.set_game_id(hub::game_id(t1));
    item.set_seq(1);
    journal::Outbox o;
    ASSERT_TRUE(journal::Outbox::open(path, o).ok());
    ASSERT_TRUE(o.append({{1, 1, hub::encode(item)}}).ok());
  }
  EXPECT_EQ(hub::outbox_names_problem(path, t1), "");
  const std::string before = journal::testing::read_bytes(path);
  for (const auto& [event, board] : std::vector<std::pair<std::string, std::string>>{{"club", "t2"}, {"club2", "t1"}}) {
    std::ostringstream out, err;
    const int code = cmd_play({"play", "--variant", "chess", "--journal", path, "--trace", dir.file("t.trace"),
                               "--broker", "127.0.0.1:1", "--hub-event", event, "--board", board},
                              out, err);
    EXPECT_EQ(code, 1) << board;
    EXPECT_NE(err.str().find(path + ": its hub outbox holds the items of board \"t1\" of event \"club\""),
              std::string::npos)
        << err.str();
    EXPECT_NE(err.str().find("this is board \"" + board + "\" of event \"" + event + "\""), std::string::npos)
        << err.str();
  }
  EXPECT_EQ(journal::testing::read_bytes(path), before);
  // A journal copied from board t1 to be board t2's.
  journal::testing::write_bytes(dir.file("t2.db"), before);
  EXPECT_NE(hub::outbox_names_problem(dir.file("t2.db"), hub::BoardInfo{"club", "t2", h}).find("board \"t1\""),
            std::string::npos);
}

}  // namespace
}  // namespace tabula::cli

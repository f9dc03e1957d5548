// `tabula archive`: list, show, export; exports read back through the PGN
// and PGN4 readers and replay to the same game.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <sstream>
#include <utility>
#include <vector>

#include "cli/play_commands.h"
#include "core/fen.h"
#include "core/fen4.h"
#include "core/pgn.h"
#include "core/replay.h"
#include "journal_fixture.h"

namespace tabula::cli {
namespace {

using journal::testing::read_bytes;
using journal::testing::rules_of;
using journal::testing::ScratchDir;
using journal::testing::write_bytes;
using journal::testing::write_trace;

int archive(const std::vector<std::string>& args, std::string& out, std::string& err) {
  std::ostringstream o;
  std::ostringstream e;
  int code = cmd_archive(args, o, e);
  out = o.str();
  err = e.str();
  return code;
}

// Plays the record into a journal; returns `tabula play`'s output.
std::string play_into(const std::string& variant, const char* pgn, const std::string& db, const ScratchDir& dir) {
  write_trace(variant, pgn, 11, dir.file("t.trace"));
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(cmd_play({"play", "--variant", variant, "--journal", db, "--trace", dir.file("t.trace")}, out, err), 0)
      << err.str();
  return out.str();
}

std::string line_after(const std::string& text, const std::string& prefix) {
  std::size_t at = text.find("\n" + prefix);
  if (at == std::string::npos) return "";
  at += 1 + prefix.size();
  return text.substr(at, text.find('\n', at) - at);
}

TEST(Archive, TheExportCarriesTheTimeControl) {
  ScratchDir dir;
  write_trace("chess", journal::testing::kScholarsMate, 11, dir.file("t.trace"));
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(cmd_play({"play", "--variant", "chess", "--journal", dir.file("g.db"), "--trace", dir.file("t.trace"),
                      "--clock", "5+3"},
                     out, err),
            0)
      << err.str();
  std::string pgn;
  std::string e;
  ASSERT_EQ(archive({"archive", "export", "--journal", dir.file("g.db")}, pgn, e), 0) << e;
  EXPECT_NE(pgn.find("[TimeControl \"300+3\"]"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("[SetUp "), std::string::npos) << "the usual start needs no FEN tag\n" << pgn;
}

TEST(Archive, ChessExportIsPgnThatReplaysToTheSameGame) {
  ScratchDir dir;
  std::string played = play_into("chess", journal::testing::kScholarsMate, dir.file("g.db"), dir);
  std::string pgn;
  std::string err;
  ASSERT_EQ(archive({"archive", "export", "--journal", dir.file("g.db")}, pgn, err), 0) << err;
  for (const char* tag : {"[Event ", "[Site ", "[Date ", "[Round ", "[White ", "[Black ", "[Result \"1-0\"]"}) {
    EXPECT_NE(pgn.find(tag), std::string::npos) << tag << "\n" << pgn;
  }
  EXPECT_NE(pgn.find("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"), std::string::npos) << pgn;
  auto records = core::parse_pgn(pgn);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 1u);
  auto rules = rules_of("chess");
  auto start = core::parse_fen(*rules, rules->start_fen);
  ASSERT_TRUE(start.ok());
  core::ReplayResult r = core::replay(rules, *start, {}, records->front());
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(core::to_fen(r.game->position()), line_after(played, "position "));
  EXPECT_TRUE(r.game->outcome().over);
}

TEST(Archive, FourPlayerExportIsPgn4ThatReplaysToTheSameGame) {
  ScratchDir dir;
  std::string played = play_into("chesscom-ffa", journal::testing::kFfaOpening, dir.file("g.db"), dir);
  std::string pgn4;
  std::string err;
  ASSERT_EQ(archive({"archive", "export", "--journal", dir.file("g.db"), "--out", dir.file("g.pgn4")}, pgn4, err), 0)
      << err;
  pgn4 = read_bytes(dir.file("g.pgn4"));
  for (const char* tag : {"[Variant ", "[StartFen4 ", "[Red ", "[Blue ", "[Yellow ", "[Green ", "[Result ", "[Date "}) {
    EXPECT_NE(pgn4.find(tag), std::string::npos) << tag << "\n" << pgn4;
  }
  EXPECT_NE(pgn4.find("1. k2-k4 .. b9-c9 .. d13-d11 .. m8-l8"), std::string::npos) << pgn4;
  auto records = core::parse_pgn(pgn4);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 1u);
  auto rules = rules_of("chesscom-ffa");
  core::SeatPoints points{};
  auto start = core::parse_fen4(*rules, records->front().tag("StartFen4"), &points);
  ASSERT_TRUE(start.ok()) << records->front().tag("StartFen4");
  core::ReplayResult r = core::replay(rules, *start, points, records->front());
  ASSERT_TRUE(r.ok) << r.error;
  core::SeatPoints after{};
  for (int s = 0; s < 4; ++s) after[static_cast<std::size_t>(s)] = r.game->points(core::seat_at(s));
  EXPECT_EQ(core::to_fen4(r.game->position(), after), line_after(played, "position "));
  EXPECT_EQ(r.game->moves().size(), 8u);
}

// The PGN4 points ledger ("Red-name: 12 - Blue-name: 3 - ...") read back as
// a reader reads it: split at " - ", then at ": ". Seat tag name -> points.
std::vector<std::pair<std::string, std::string>> read_ledger(const std::string& result) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t at = 0;;) {
    const std::size_t end = result.find(" - ", at);
    const std::string entry = result.substr(at, end == std::string::npos ? std::string::npos : end - at);
    const std::size_t colon = entry.find(": ");
    out.push_back({entry.substr(0, colon), colon == std::string::npos ? "" : entry.substr(colon + 2)});
    if (end == std::string::npos) break;
    at = end + 3;
  }
  return out;
}

std::string exported_result(const std::string& db, core::PgnRecord& record) {
  std::string out, err;
  EXPECT_EQ(archive({"archive", "export", "--journal", db}, out, err), 0) << err;
  auto records = core::parse_pgn(out);
  EXPECT_TRUE(records.ok() && records->size() == 1u) << out;
  if (!records.ok() || records->empty()) return "";
  record = records->front();
  return record.tag("Result");
}

// Session 14: a four-player name holding " - " or ": " (the name rule takes
// both) made the ledger read as five seats. Recorded names are never
// refused: the ledger then names the seats, and the seat tags say who.
TEST(Archive, AFourPlayerLedgerReadsBackWhateverThePlayersAreCalled) {
  ScratchDir dir;
  play_into("chesscom-ffa", journal::testing::kFfaOpening, dir.file("g.db"), dir);
  const std::vector<std::string> seats = {"Red", "Blue", "Yellow", "Green"};
  struct Case {
    std::vector<std::string> players;
    bool by_seat;  // the ledger names the seats, not the players
  };
  const Case cases[] = {{{"Ann", "Bob", "Cem", "Dee"}, false},
                        {{"Ann - Marie", "Bob", "Cem", "Dee"}, true},
                        {{"Ann", "Dr: Bob", "Cem", "Dee"}, true},
                        {{"Ann", "Bob", "Cem", "Dee \"x\" - Jr: 3"}, true}};
  for (const Case& c : cases) {
    std::string joined;
    for (const std::string& p : c.players) joined += (joined.empty() ? "" : "\t") + p;
    {
      sqlite3* db = nullptr;
      ASSERT_EQ(sqlite3_open(dir.file("g.db").c_str(), &db), SQLITE_OK);
      sqlite3_stmt* st = nullptr;
      ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE header SET value = ?1 WHERE key = 'players'", -1, &st, nullptr), SQLITE_OK);
      sqlite3_bind_text(st, 1, joined.c_str(), static_cast<int>(joined.size()), SQLITE_TRANSIENT);
      EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
      sqlite3_finalize(st);
      sqlite3_close(db);
    }
    core::PgnRecord record;
    const std::string result = exported_result(dir.file("g.db"), record);
    const auto ledger = read_ledger(result);
    ASSERT_EQ(ledger.size(), 4u) << result;
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(ledger[i].first, c.by_seat ? seats[i] : c.players[i]) << result;
      EXPECT_EQ(ledger[i].second, "0") << result;
      EXPECT_EQ(record.tag(seats[i]), c.players[i]);  // who sat where, read back whole
    }
  }
}

TEST(Archive, ListAndShowTellTheGame) {
  ScratchDir dir;
  std::string played = play_into("chess", journal::testing::kScholarsMate, dir.file("g.db"), dir);
  std::string out;
  std::string err;
  ASSERT_EQ(archive({"archive", "list", "--journal", dir.file("g.db")}, out, err), 0) << err;
  EXPECT_NE(out.find("variant chess\n"), std::string::npos);
  EXPECT_NE(out.find("moves 7\n"), std::string::npos);
  EXPECT_NE(out.find("] Qh5xf7\n"), std::string::npos);
  ASSERT_EQ(archive({"archive", "show", "--journal", dir.file("g.db")}, out, err), 0) << err;
  EXPECT_NE(out.find("checkmate: Black is checkmated"), std::string::npos) << out;
  EXPECT_EQ(line_after(out, "position "), line_after(played, "position "));
}

TEST(Archive, NeverWritesToTheJournal) {
  ScratchDir dir;
  play_into("chess", journal::testing::kScholarsMate, dir.file("g.db"), dir);
  std::string before = read_bytes(dir.file("g.db"));
  std::string out;
  std::string err;
  for (const char* what : {"list", "show", "export"}) {
    ASSERT_EQ(archive({"archive", what, "--journal", dir.file("g.db")}, out, err), 0) << err;
  }
  EXPECT_EQ(read_bytes(dir.file("g.db")), before);
}

TEST(Archive, ForeignFileIsNamedAndLeftAlone) {
  ScratchDir dir;
  const std::string bytes = "SQLite format 3";  // magic alone, truncated
  write_bytes(dir.file("x.db"), bytes);
  std::string out;
  std::string err;
  EXPECT_EQ(archive({"archive", "export", "--journal", dir.file("x.db")}, out, err), 1);
  EXPECT_NE(err.find(dir.file("x.db")), std::string::npos) << err;
  EXPECT_EQ(read_bytes(dir.file("x.db")), bytes);
}

TEST(Archive, BadUsageExitsTwo) {
  std::string out;
  std::string err;
  EXPECT_EQ(archive({"archive", "frobnicate", "--journal", "x"}, out, err), 2);
  EXPECT_EQ(archive({"archive", "list"}, out, err), 2);
}

}  // namespace
}  // namespace tabula::cli

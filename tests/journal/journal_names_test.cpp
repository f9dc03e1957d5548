// Session 13: a journal whose header holds names the one name rule
// (core/player_name.h) refuses (written before the rule, or by a hand that
// edited the file) still opens and replays; its names are shown safely
// ("Cem<U+202E>nna") in the header the kiosk, the export and the hub read,
// and the file keeps what it holds (nothing is lost).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "journal/archive.h"
#include "journal/journal.h"
#include "journal/resume.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using testing::ScratchDir;

// The header's raw value of `key`, read past the journal's code.
std::string raw_header(const std::string& path, const std::string& key) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "SELECT value FROM header WHERE key = ?1", -1, &st, nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
  std::string v;
  if (sqlite3_step(st) == SQLITE_ROW) {
    v.assign(static_cast<const char*>(sqlite3_column_blob(st, 0)), static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

// Writes header rows past the journal's code (as an older build or a hand did).
void write_raw_header(const std::string& path, const std::vector<std::pair<std::string, std::string>>& rows) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO header(key, value) VALUES(?1, ?2)", -1, &st, nullptr), SQLITE_OK);
  for (const auto& [key, value] : rows) {
    sqlite3_bind_text(st, 1, key.c_str(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, value.c_str(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(JournalNames, AJournalWithHostileNamesOpensReplaysAndShowsThemSafely) {
  auto rules = testing::rules_of("chess");
  const std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 5);
  JournalHeader h;
  h.variant = "chess";
  h.start_position = rules->start_fen;
  const std::string bidi = "Cem\xE2\x80\xAEnna";
  const std::string huge(10240, 'a');
  h.players = {bidi, huge};
  h.event = "Club\xE2\x80\x8B Open\n[Result \"0-1\"]";
  h.site = "Zo\xEB";
  ScratchDir dir;
  const std::string path = dir.file("g.db");
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), h.settings());
  {
    // Journal::create refuses such names itself (session 14): they were
    // written before the rule, or by a hand that edited the file.
    JournalHeader good = h;
    good.players = {"Cem", "Ann"};
    good.event = "Club";
    good.site = "Hall";
    Journal j;
    ASSERT_TRUE(Journal::create(path, good, j).ok());
    for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  }
  write_raw_header(path, {{"players", bidi + "\t" + huge}, {"event", h.event}, {"site", h.site}});
  Journal j;
  ASSERT_TRUE(Journal::open(path, Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  // Shown safely: each refused character named, a 10 KB name cut at 64.
  ASSERT_EQ(c.header.players.size(), 2u);
  EXPECT_EQ(c.header.players[0], "Cem<U+202E>nna");
  EXPECT_EQ(c.header.players[1], std::string(64, 'a') + "...");
  EXPECT_EQ(c.header.event, "Club<U+200B> Open<U+000A>[Result \"0-1\"]");
  EXPECT_EQ(c.header.site, "Zo<0xEB>");
  // The game replays as it was played.
  ASSERT_EQ(c.inputs.size(), inputs.size());
  Resumed r = resume(c, path, {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  // The export carries the shown names: no override, no line of its own.
  const std::string pgn = export_record(c.header, r.session->game());
  EXPECT_EQ(pgn.find("\xE2\x80\xAE"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("\n[Result \"0-1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("Cem<U+202E>nna"), std::string::npos) << pgn;
  // The file keeps the names as they were written.
  EXPECT_EQ(raw_header(path, "players"), bidi + "\t" + huge);
  EXPECT_EQ(raw_header(path, "site"), "Zo\xEB");
}

TEST(JournalNames, NamesTheRuleTakesAndUnnamedSeatsComeBackAsTheyWere) {
  auto rules = testing::rules_of("chess");
  JournalHeader h;
  h.variant = "chess";
  h.start_position = rules->start_fen;
  h.players = {"Zoë Łukasz", ""};
  h.event = "Club night été";
  ScratchDir dir;
  { Journal j; ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok()); }
  Journal j;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, j).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.header.players, (std::vector<std::string>{"Zoë Łukasz", ""}));
  EXPECT_EQ(c.header.event, "Club night été");
}

}  // namespace
}  // namespace tabula::journal

#include "event/event_file.h"

#include <gtest/gtest.h>

#include <sqlite3.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "event/event_store.h"
#include "event_sim.h"
#include "test_files.h"

namespace tabula::event {
namespace {

Event sample() {
  Event e;
  e.name = "club";
  e.boards = sim::boards(8);
  Section s = sim::make_section(13, Format::kFourPlayer, 3, 2);
  s.players[3].withdrawn = true;
  EXPECT_EQ(sim::play_all(s, 8, 5), "");
  s.played.back().tables[0].ranks.clear();  // one table still playing
  s.played.back().tables[1].game_id = "1733300000000-b2";
  // A forfeit (s13): two absent at a table of round 1, and the house rule.
  s.played.front().tables[1].ranks.clear();
  s.played.front().tables[1].absent = {s.played.front().tables[1].seats[3], s.played.front().tables[1].seats[0]};
  s.forfeit_points = 2.5;
  e.sections.push_back(s);
  Section t = sim::make_section(8, Format::kFourPlayerTeams, 2, 3);
  t.name = "teams";
  t.bye_points = 0.5;
  e.sections.push_back(t);
  return e;
}

void expect_same(const Event& a, const Event& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.boards, b.boards);
  ASSERT_EQ(a.sections.size(), b.sections.size());
  for (std::size_t i = 0; i < a.sections.size(); ++i) {
    const Section& x = a.sections[i];
    const Section& y = b.sections[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.format, y.format);
    EXPECT_EQ(x.bye_points, y.bye_points);
    EXPECT_EQ(x.forfeit_points, y.forfeit_points);
    ASSERT_EQ(x.players.size(), y.players.size());
    for (std::size_t p = 0; p < x.players.size(); ++p) {
      EXPECT_EQ(x.players[p].name, y.players[p].name);
      EXPECT_EQ(x.players[p].rating, y.players[p].rating);
      EXPECT_EQ(x.players[p].team, y.players[p].team);
      EXPECT_EQ(x.players[p].withdrawn, y.players[p].withdrawn);
    }
    ASSERT_EQ(x.played.size(), y.played.size());
    for (std::size_t r = 0; r < x.played.size(); ++r) {
      ASSERT_EQ(x.played[r].tables.size(), y.played[r].tables.size());
      for (std::size_t t = 0; t < x.played[r].tables.size(); ++t) {
        EXPECT_EQ(x.played[r].tables[t].seats, y.played[r].tables[t].seats);
        EXPECT_EQ(x.played[r].tables[t].ranks, y.played[r].tables[t].ranks);
        EXPECT_EQ(x.played[r].tables[t].board, y.played[r].tables[t].board);
        EXPECT_EQ(x.played[r].tables[t].game_id, y.played[r].tables[t].game_id);
        EXPECT_EQ(x.played[r].tables[t].absent, y.played[r].tables[t].absent);
      }
      EXPECT_EQ(x.played[r].byes, y.played[r].byes);
    }
  }
}

TEST(EventFile, AnEventReadsBackAsItWasWritten) {
  const Event e = sample();
  std::vector<std::string> errors;
  auto back = from_text(to_text(e), "club.event", errors);
  ASSERT_TRUE(back) << (errors.empty() ? "" : errors[0]);
  expect_same(e, *back);
  EXPECT_EQ(to_text(*back), to_text(e));
}

// Session 15, the attacker's round. A symbolic link planted as FILE.tmp had
// its target (any file of the user's) truncated and overwritten with the
// event, and FILE became that link; a FIFO given as the event file made the
// load wait for ever (this test hung), a directory read as an empty event.
TEST(EventFile, TheFileIsWrittenAnewAndOnlyAPlainFileIsRead) {
  namespace fs = std::filesystem;
  tabula::testing::TempDir dir("event-attack");
  const std::string file = dir.file("club.event");
  const std::string victim = dir.file("victim.txt");
  { std::ofstream(victim) << "precious data\n"; }
  fs::create_symlink(victim, file + ".tmp");
  const Event e = sample();
  std::string error;
  ASSERT_TRUE(save_event(e, file, error)) << error;
  std::ifstream v(victim);
  std::string kept((std::istreambuf_iterator<char>(v)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "precious data\n");
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(file))) << "the event file became the planted link";
  EXPECT_FALSE(fs::exists(fs::symlink_status(file + ".tmp")));
  std::vector<std::string> errors;
  auto back = load_event(file, errors);
  ASSERT_TRUE(back) << (errors.empty() ? "" : errors[0]);
  expect_same(e, *back);

  const std::string fifo = dir.file("fifo.event");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::pair<std::string, std::string> refused[] = {
      {fifo, fifo + ": is a FIFO, not an event file; nothing was read"},
      {dir.path(), dir.path() + ": is a directory, not an event file; nothing was read"},
      {"/dev/zero", "/dev/zero: is a device, not an event file; nothing was read"},
  };
  for (const auto& [path, said] : refused) {
    errors.clear();
    EXPECT_FALSE(load_event(path, errors)) << path;
    ASSERT_EQ(errors.size(), 1u) << path;
    EXPECT_EQ(errors[0], said);
  }
  // A file too large is refused unread (a sparse one: nothing is written).
  const std::string big = dir.file("big.event");
  { std::ofstream(big) << to_text(e); }
  fs::resize_file(big, kMaxEventFileBytes + 1);
  errors.clear();
  EXPECT_FALSE(load_event(big, errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find(big + ": is 16777217 bytes; an event file is at most 16777216 bytes; nothing was read"), std::string::npos) << errors[0];
}

TEST(EventFile, BadFilesNameWhatIsWrong) {
  std::vector<std::string> errors;
  EXPECT_FALSE(from_text("name: \"x\"\nsections { name: \"a\" format: \"five\" }\n", "x.event", errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "x.event: section a: format \"five\" is not four, teams or two");
  errors.clear();
  EXPECT_FALSE(from_text("sections { name: \"a\" format: \"two\" players { name: \"A\" } players { name: \"B\" }"
                         " played { tables { number: 1 seats: \"A\" seats: \"Zed\" } } }",
                         "x.event", errors));
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0], "x.event: section a, round 1, table 1: Zed is not registered");
  errors.clear();
  EXPECT_FALSE(from_text("sections { name: \"a\" format: \"two\" players { name: \"A\" } players { name: \"A\" } }",
                         "x.event", errors));
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0], "x.event: section a: player A is registered twice");
  errors.clear();
  EXPECT_FALSE(from_text("sections { name: \"a\" format: \"two\" players { name: \"A\" } players { name: \"B\" }"
                         " played { tables { number: 1 seats: \"A\" seats: \"A\" ranks: 0 ranks: 5 } } }",
                         "x.event", errors));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0], "x.event: section a, round 1, table 1: rank 5 is out of range");
  EXPECT_EQ(errors[1], "x.event: section a, round 1, table 1: A is seated twice");
  errors.clear();
  EXPECT_FALSE(from_text("sections { name: \"t\" format: \"teams\" players { name: \"A\" team: \"X\" }"
                         " players { name: \"B\" team: \"X\" } players { name: \"C\" team: \"X\" } }", "x.event",
                         errors));
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0], "x.event: section t: team X has 3 players, a team is 2");
  errors.clear();
  // A team of one is a registration under way (s13: it was refused, so no
  // teams section could be registered player by player).
  EXPECT_TRUE(from_text("sections { name: \"t\" format: \"teams\" players { name: \"A\" team: \"X\" } }", "x.event",
                        errors));
  errors.clear();
  // A hand-edited file is held to the names' rule the CLI's options are
  // (s10-attack: a line break in a name wrote lines of its own into the TRF).
  EXPECT_FALSE(from_text("name: \"Ev\\r\\nXXX 1\" sections { name: \"a\" format: \"two\" players { name: \"Bob\\n001 9 m\" }"
                         " players { name: \"B\" club: \"" + std::string(65, 'c') + "\" } }",
                         "x.event", errors));
  ASSERT_EQ(errors.size(), 3u);
  // Session 13: the one name rule (core/player_name.h) names the character,
  // its code and position; the name is shown with it named.
  EXPECT_EQ(errors[0], "x.event: the event's name \"Ev<U+000D><U+000A>XXX 1\": holds a control character (U+000D, a "
                       "line break) at character 3");
  EXPECT_EQ(errors[1], "x.event: section a: player \"Bob<U+000A>001 9 m\": holds a control character (U+000A, a line "
                       "break) at character 4");
  EXPECT_EQ(errors[2], "x.event: section a: club of a player \"" + std::string(64, 'c') +
                           "...\": is 65 characters long; at most 64");
  errors.clear();
  // A bidi override or a zero-width space in a hand-edited file (s12's rule
  // took them: the standings, the hub's list and the TRF were turned around).
  EXPECT_FALSE(from_text("name: \"Ev\" sections { name: \"a\" format: \"two\" players { name: \"Cem\\342\\200\\256nna\" }"
                         " players { name: \"An\\342\\200\\213n\" } players { name: \" Ann\" } }",
                         "x.event", errors));
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0], "x.event: section a: player \"Cem<U+202E>nna\": holds an invisible format character (U+202E, "
                       "right-to-left override) at character 4: it hides or reorders the text shown around it");
  EXPECT_NE(errors[1].find("player \"An<U+200B>n\": holds an invisible format character (U+200B, zero width space)"),
            std::string::npos) << errors[1];
  EXPECT_EQ(errors[2], "x.event: section a: player \" Ann\": begins with a space");
  errors.clear();
  EXPECT_FALSE(load_event("/nonexistent/club.event", errors));
  EXPECT_EQ(errors[0], "/nonexistent/club.event: cannot be read (No such file or directory)");
}

// A hand-edited forfeit (s13): the absent must be the table's own, once
// each, and a forfeited game has no ranks; the house rule's points lie in
// 0..the format's win.
TEST(EventFile, AHandEditedForfeitIsHeldToTheRules) {
  const std::string head = "sections { name: \"a\" format: \"two\" players { name: \"A\" } players { name: \"B\" }"
                           " players { name: \"C\" } ";
  const std::vector<std::pair<std::string, std::string>> refused{
      {"played { tables { number: 1 seats: \"A\" seats: \"B\" absent: \"C\" } } }",
       "x.event: section a, round 1, table 1: C is absent but not seated at the table"},
      {"played { tables { number: 1 seats: \"A\" seats: \"B\" absent: \"A\" absent: \"A\" } } }",
       "x.event: section a, round 1, table 1: A is absent twice"},
      {"played { tables { number: 1 seats: \"A\" seats: \"B\" ranks: 0 ranks: 1 absent: \"B\" } } }",
       "x.event: section a, round 1, table 1: ranks and absent players both (a forfeit is not played)"},
      {"played { tables { number: 1 seats: \"A\" seats: \"B\" absent: \"Zed\" } } }",
       "x.event: section a, round 1, table 1, absent: Zed is not registered"},
      {"forfeit_points: 1.5 has_forfeit_points: true }",
       "x.event: section a: forfeit points 1.500000 is not a number from 0 to 1 (a two section's game)"},
  };
  std::vector<std::string> errors;
  for (const auto& [text, says] : refused) {
    errors.clear();
    EXPECT_FALSE(from_text(head + text, "x.event", errors)) << text;
    ASSERT_EQ(errors.size(), 1u) << text;
    EXPECT_EQ(errors[0], says);
  }
  errors.clear();
  EXPECT_TRUE(from_text(head + "forfeit_points: 1 has_forfeit_points: true played { tables { number: 1 seats: \"A\""
                        " seats: \"B\" absent: \"B\" } } }", "x.event", errors));
  EXPECT_TRUE(errors.empty()) << errors[0];
}

TEST(EventStore, TheHubsRecordKeepsTheEventAndRefusesAForeignFile) {
  tabula::testing::TempDir dir("event");
  const std::string record = dir.path() + "/hub.db";
  const Event e = sample();
  {
    EventStore store;
    ASSERT_TRUE(EventStore::open(record, store).ok());
    ASSERT_TRUE(store.save(e).ok());
    Event again = e;
    again.boards.push_back("extra");
    ASSERT_TRUE(store.save(again).ok()) << "saving again replaces";
  }
  EventStore store;
  ASSERT_TRUE(EventStore::open(record, store).ok());
  journal::JournalStatus st;
  std::vector<std::string> errors;
  auto back = store.load("club", st, errors);
  ASSERT_TRUE(st.ok());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->boards.back(), "extra");
  EXPECT_FALSE(store.load("other", st, errors));
  EXPECT_TRUE(st.ok());
  std::vector<std::string> names;
  ASSERT_TRUE(store.names(names).ok());
  EXPECT_EQ(names, std::vector<std::string>{"club"});

  // The hub screen's read: every section's standings, as format_standings writes them.
  std::vector<StandingsTable> panels = standings_in_record(record, "club");
  ASSERT_EQ(panels.size(), 2u);
  EXPECT_EQ(panels[0].title, "Standings of club, section open (chesscom-ffa, four) after round 2 of 3");
  EXPECT_EQ(panels[0].rows.size(), 13u);
  EXPECT_TRUE(standings_in_record(record, "other").empty());
  EXPECT_TRUE(standings_in_record(dir.path() + "/none.db", "club").empty());

  const std::string foreign = dir.path() + "/other.db";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(foreign.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  EventStore refused;
  journal::JournalStatus bad = EventStore::open(foreign, refused);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.message.find("not a Tabula tournament record"), std::string::npos) << bad.message;
}

}  // namespace
}  // namespace tabula::event

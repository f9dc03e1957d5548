// `tabula event`: an evening in-process, and results taken from the hub's
// record the way the boards leave them there.
#include "cli/event_commands.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "event/event_file.h"
#include "event/event_store.h"
#include "hub/tournament.h"
#include "journal/database.h"
#include "test_files.h"

namespace tabula::cli {
namespace {

struct CliRun {
  int rc = 0;
  std::string out, err;
};

CliRun run(std::vector<std::string> args) {
  std::ostringstream out, err;
  args.insert(args.begin(), "event");
  CliRun r;
  r.rc = cmd_event(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(EventCli, AnEveningRegisterSeatResultsFromTheHubStandings) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  const std::string record = dir.path() + "/hub.db";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 0);
  EXPECT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 1) << "never overwritten";
  ASSERT_EQ(run({"section", "--file", file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
                 "--rounds", "2"}).rc, 0);
  const std::vector<std::string> names{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    CliRun r = run({"register", "--file", file, "--section", "ffa", "--name", names[i], "--rating",
                 std::to_string(2000 - 50 * static_cast<int>(i))});
    ASSERT_EQ(r.rc, 0) << r.err;
  }
  CliRun dup = run({"register", "--file", file, "--section", "ffa", "--name", "Ann"});
  EXPECT_EQ(dup.rc, 1);
  EXPECT_EQ(dup.err, "tabula event: Ann is already registered in section ffa\n");
  CliRun seat = run({"seat", "--file", file, "--section", "ffa", "--record", record});
  ASSERT_EQ(seat.rc, 0) << seat.err;
  EXPECT_NE(seat.out.find("bye: Ivy"), std::string::npos) << seat.out;  // the lowest rated of 9

  // The boards finish their games; the hub records them.
  std::vector<std::string> errors;
  auto e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  const event::Section& s = e->sections[0];
  hub::TournamentRecord rec;
  ASSERT_TRUE(hub::TournamentRecord::open(record, rec).ok());
  for (const event::Table& t : s.played[0].tables) {
    hub::wire::BoardState st;
    st.set_event("club");
    st.set_board(t.board);
    st.set_game_id("g-" + t.board);
    for (event::PlayerId id : t.seats) st.add_seats()->set_player(s.player(id).name);
    for (int first : {2, 0, 3, 1}) st.add_ranking(first);
    bool added = false;
    ASSERT_TRUE(rec.record("club", st, false, added).ok());
  }
  // A game on a board whose players are not the table's is not taken.
  hub::wire::BoardState stray;
  stray.set_board("t1");
  stray.set_game_id("g-stray");
  for (const char* n : {"X", "Y", "Z", "W"}) stray.add_seats()->set_player(n);
  bool added = false;
  ASSERT_TRUE(rec.record("club", stray, false, added).ok());

  // Session 30: a game of more seats than a game has (a record written
  // before session 29's limit) is left out, said with its file and row.
  {
    journal::Database db;
    ASSERT_TRUE(db.open(record, journal::Database::Mode::kReadWrite).ok());
    ASSERT_TRUE(db.exec("INSERT INTO games VALUES('club', 'g-five', 't1', 'chesscom-ffa', 'A\nB\nC\nD\nE', "
                        "'0\n1\n2\n3\n4', 'checkmate', '', 0, 9)",
                        "planting")
                    .ok());
  }
  rec = hub::TournamentRecord{};  // the hub's connection closed: its writes are in the file
  CliRun collected = run({"collect", "--file", file, "--record", record});
  ASSERT_EQ(collected.rc, 0) << collected.err;
  EXPECT_NE(collected.out.find("2 results collected"), std::string::npos) << collected.out;
  EXPECT_NE(collected.err.find("tabula event: " + record + ": the game of row "), std::string::npos) << collected.err;
  EXPECT_NE(collected.err.find("(board t1, game g-five) has 5 seats, and a game has at most 4"), std::string::npos)
      << collected.err;
  // Session 30: collect reads the record read only, and writes the event's
  // copy there only when it changed: a collect that takes nothing new
  // writes not a byte of it (it opened it as the hub does, writing its
  // pragmas and schema, and wrote the same event text again).
  auto bytes_of = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  const std::string before = bytes_of(record);
  ASSERT_FALSE(before.empty());
  const bool wal_before = std::filesystem::exists(record + "-wal");
  CliRun again = run({"collect", "--file", file, "--record", record});
  ASSERT_EQ(again.rc, 0) << again.err;
  EXPECT_NE(again.out.find("0 results collected"), std::string::npos) << again.out;
  {
    const std::string after = bytes_of(record);
    std::size_t first = 0;
    while (first < std::min(after.size(), before.size()) && after[first] == before[first]) ++first;
    EXPECT_EQ(after == before, true) << "collect wrote to the record it only read: " << before.size() << " -> "
                                     << after.size() << " bytes, the first change at byte " << first;
  }
  // SQLite's reader of a WAL file may leave an empty FILE-wal (and its index
  // FILE-shm): no data of the record's.
  if (!wal_before && std::filesystem::exists(record + "-wal")) {
    EXPECT_EQ(std::filesystem::file_size(record + "-wal"), 0u);
  }
  CliRun standings = run({"standings", "--file", file, "--section", "ffa"});
  ASSERT_EQ(standings.rc, 0);
  // Seat 2 first at both tables: 3 points; the bye 1.5.
  const std::string first_t1 = s.player(s.played[0].tables[0].seats[2]).name;
  EXPECT_NE(standings.out.find("1-2    " + first_t1), std::string::npos) << standings.out;
  EXPECT_NE(standings.out.find("Ivy                      " ), std::string::npos);
  EXPECT_NE(standings.out.find("after round 1 of 2"), std::string::npos) << standings.out;
  CliRun second = run({"seat", "--file", file, "--section", "ffa"});
  EXPECT_EQ(second.rc, 0) << second.err;
}

TEST(EventCli, BadUsageAndBadInputAreNamed) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  EXPECT_EQ(run({"seat", "--section", "x"}).err, "tabula event: --file is required\n");
  EXPECT_EQ(run({"seat", "--file", file, "--section", "x"}).err, "tabula event: " + file + ": cannot be read (No such file or directory)\n");
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "a,b"}).rc, 0);
  CliRun fmt = run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "five", "--rounds", "3"});
  EXPECT_EQ(fmt.rc, 2);
  EXPECT_EQ(fmt.err, "tabula event: --format five: four, teams or two\n");
  ASSERT_EQ(run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "two", "--rounds", "3"}).rc, 0);
  CliRun few = run({"seat", "--file", file, "--section", "s"});
  EXPECT_EQ(few.rc, 1);
  EXPECT_EQ(few.err, "tabula event: section s: 0 players, a table needs 2\n");
  CliRun nofile = run({"pairings", "--file", file, "--section", "s", dir.path() + "/none"});
  EXPECT_EQ(nofile.rc, 1);
  CliRun record = run({"collect", "--file", file, "--record", "/nonexistent/dir/hub.db"});
  EXPECT_EQ(record.rc, 1);
  EXPECT_NE(record.err.find("/nonexistent/dir/hub.db"), std::string::npos) << record.err;
  // Session 26: a record path that names no file was made, empty, and
  // "0 results collected" said nothing of the slip.
  const std::string typo = dir.path() + "/hbu.db";
  CliRun missing = run({"collect", "--file", file, "--record", typo});
  EXPECT_EQ(missing.rc, 1);
  EXPECT_EQ(missing.err, "tabula event: " + typo + ": no such tournament record (the hub makes it when it starts with "
                         "--record " + typo + "; is the path right?)\n");
  EXPECT_FALSE(std::filesystem::exists(typo));
}


// Session 27: `--record` on a command that saves made a missing record
// silently: right for the event's first save, but a typo later (`hbu.db`)
// sent the event to a new file, and the hall screen, reading hub.db, seemed
// to lose it. A record is made only before a round is seated, and said;
// after that a missing one is refused before anything changes.
TEST(EventCli, ATypoedRecordIsRefusedOnceTheEventIsUnderWay) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  const std::string record = dir.path() + "/hub.db";
  const std::string typo = dir.path() + "/hbu.db";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
                 "--rounds", "3"}).rc, 0);
  for (const char* name : {"Ann", "Bob", "Cat", "Dan"}) {
    ASSERT_EQ(run({"register", "--file", file, "--section", "ffa", "--name", name}).rc, 0);
  }
  // The first save with --record (round 1 seated, as docs/EVENT.md's evening does): made, and said.
  CliRun first = run({"seat", "--file", file, "--section", "ffa", "--record", record});
  ASSERT_EQ(first.rc, 0) << first.err;
  EXPECT_NE(first.out.find(record + ": a new tournament record, made for event club (start the hub with --record " +
                           record + " to show it and record the games)\n"),
            std::string::npos)
      << first.out;
  ASSERT_TRUE(std::filesystem::exists(record));
  const std::string event_before = tabula::testing::read_file(file);

  // Round 1 seated: the slip is refused, nothing written anywhere.
  CliRun slip = run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1,2,3", "--record",
                     typo});
  EXPECT_EQ(slip.rc, 1);
  EXPECT_EQ(slip.out, "");
  EXPECT_EQ(slip.err, "tabula event: " + typo +
                          ": no such tournament record, and event club is under way (section ffa has round 1 "
                          "seated), so its record was made before: is the path right? Nothing was changed. (The hub "
                          "makes a record when it starts with --record " +
                          typo + "; `tabula event` makes one only before an event's first round is seated.)\n");
  EXPECT_FALSE(std::filesystem::exists(typo));
  EXPECT_EQ(tabula::testing::read_file(file), event_before) << "the result is not taken";

  // A record path that is there but is no record: refused before the event file changes too.
  CliRun folder = run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1,2,3",
                       "--record", dir.path()});
  EXPECT_EQ(folder.rc, 1);
  EXPECT_EQ(folder.err, "tabula event: " + dir.path() + ": not a file, so not a tournament record; nothing was changed\n");
  {
    std::ofstream text(dir.path() + "/notes.txt");
    text << "the arbiter's notes\n";
  }
  CliRun notes = run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1,2,3",
                      "--record", dir.path() + "/notes.txt"});
  EXPECT_EQ(notes.rc, 1);
  EXPECT_NE(notes.err.find("notes.txt"), std::string::npos) << notes.err;
  EXPECT_NE(notes.err.find("; nothing was changed\n"), std::string::npos) << notes.err;
  EXPECT_EQ(tabula::testing::read_file(dir.path() + "/notes.txt"), "the arbiter's notes\n");
  EXPECT_EQ(tabula::testing::read_file(file), event_before) << "the result is not taken";

  // The right path: taken, and no word of a new record.
  CliRun right = run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1,2,3", "--record",
                      record});
  ASSERT_EQ(right.rc, 0) << right.err;
  EXPECT_EQ(right.out, "board t1: result recorded\n");
  event::EventStore store;
  ASSERT_TRUE(event::EventStore::open(record, store).ok());
  journal::JournalStatus st;
  std::vector<std::string> errors;
  auto kept = store.load("club", st, errors);
  ASSERT_TRUE(kept) << st.message;
  ASSERT_EQ(kept->sections.size(), 1u);
  ASSERT_EQ(kept->sections[0].played.size(), 1u);
  EXPECT_EQ(kept->sections[0].played[0].tables[0].ranks, (std::vector<int>{0, 1, 2, 3}));

  // A command that does not save ignores --record as before (nothing made).
  EXPECT_EQ(run({"standings", "--file", file, "--section", "ffa", "--record", typo}).rc, 0);
  EXPECT_FALSE(std::filesystem::exists(typo));
}

// Session 27: "with 1 boards", "1 rounds", "2 tables but 1 boards", "1
// ranks for 4 seats", "1 players" and "all 1 rounds are seated" were printed.
TEST(EventCli, ACountOfOneTakesTheSingular) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  EXPECT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "1"}).out, "event club with 1 board\n");
  EXPECT_EQ(run({"section", "--file", file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
                 "--rounds", "1"}).out,
            "section ffa: chesscom-ffa, four, 1 round\n");
  EXPECT_EQ(run({"section", "--file", file, "--name", "duo", "--variant", "chess", "--format", "two", "--rounds",
                 "2"}).out,
            "section duo: chess, two, 2 rounds\n");
  ASSERT_EQ(run({"register", "--file", file, "--section", "duo", "--name", "Zed"}).rc, 0);
  EXPECT_EQ(run({"seat", "--file", file, "--section", "duo"}).err,
            "tabula event: section duo: 1 player, a table needs 2\n");
  for (const char* name : {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}) {
    ASSERT_EQ(run({"register", "--file", file, "--section", "ffa", "--name", name}).rc, 0);
  }
  EXPECT_EQ(run({"seat", "--file", file, "--section", "ffa"}).err,
            "tabula event: section ffa: 2 tables but 1 board\n");
  for (const char* name : {"Eve", "Fay", "Gus", "Hal"}) {
    ASSERT_EQ(run({"withdraw", "--file", file, "--section", "ffa", "--name", name}).rc, 0);
  }
  ASSERT_EQ(run({"seat", "--file", file, "--section", "ffa"}).rc, 0);
  EXPECT_EQ(run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0"}).err,
            "tabula event: --ranks 0: 1 rank for 4 seats\n");
  EXPECT_EQ(run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1"}).err,
            "tabula event: --ranks 0,1: 2 ranks for 4 seats\n");
  ASSERT_EQ(run({"result", "--file", file, "--section", "ffa", "--board", "t1", "--ranks", "0,1,2,3"}).rc, 0);
  EXPECT_EQ(run({"seat", "--file", file, "--section", "ffa"}).err,
            "tabula event: section ffa: its one round is seated\n");
}

// s13: `section --variant nosuch` was taken (and only the boards found out);
// so were a variant of the wrong seat count, --bye-points 1.5x (read as 1.5),
// a board list with an empty or repeated name, --boards 0 (a board named "0"),
// --team in a section without teams and "ann" after "Ann".
TEST(EventCli, SectionAndEventOptionsAreCheckedAgainstWhatExists) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  CliRun zero = run({"new", "--file", file, "--name", "club", "--boards", "0"});
  EXPECT_EQ(zero.rc, 2);
  EXPECT_EQ(zero.err, "tabula event: --boards 0: a count from 1 to 1000, or the boards' names (t1,t2,...)\n");
  CliRun empty = run({"new", "--file", file, "--name", "club", "--boards", "t1,,t2"});
  EXPECT_EQ(empty.err, "tabula event: --boards t1,,t2: an empty board name (two commas?)\n");
  CliRun twice = run({"new", "--file", file, "--name", "club", "--boards", "t1,t2,t1"});
  EXPECT_EQ(twice.err, "tabula event: --boards t1,t2,t1: board t1 is named twice\n");
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "t1,t2"}).rc, 0);

  CliRun nosuch = run({"section", "--file", file, "--name", "s", "--variant", "nosuch", "--format", "four", "--rounds", "3"});
  EXPECT_EQ(nosuch.rc, 2);
  EXPECT_EQ(nosuch.err.rfind("tabula event: --variant nosuch: not a shipped variant (", 0), 0u) << nosuch.err;
  for (const char* shipped : {"chess, ", "chesscom-ffa, ", "chess-four, ", "corners-short"}) {
    EXPECT_NE(nosuch.err.find(shipped), std::string::npos) << shipped << " in " << nosuch.err;
  }
  CliRun seats = run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "four", "--rounds", "3"});
  EXPECT_EQ(seats.err, "tabula event: --variant chess has 2 seats; a four section needs a 4-seat variant\n");
  CliRun bye = run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "two", "--rounds", "3",
                    "--bye-points", "1.5x"});
  EXPECT_EQ(bye.err, "tabula event: --bye-points 1.5x: a number from 0 to 3\n");
  CliRun forfeit = run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "two", "--rounds",
                        "3", "--forfeit-points", "1.5"});
  EXPECT_EQ(forfeit.err, "tabula event: --forfeit-points 1.5: a number from 0 to 1\n");
  std::vector<std::string> errors;
  auto e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->sections.empty()) << "nothing of a refused section is kept";

  ASSERT_EQ(run({"section", "--file", file, "--name", "s", "--variant", "chess", "--format", "two", "--rounds", "3",
                 "--forfeit-points", "0.5"}).rc, 0);
  ASSERT_EQ(run({"register", "--file", file, "--section", "s", "--name", "Ann"}).rc, 0);
  CliRun again = run({"register", "--file", file, "--section", "s", "--name", "ann"});
  EXPECT_EQ(again.rc, 1);
  EXPECT_EQ(again.err, "tabula event: ann: section s has Ann registered already (names differing only in capitals are one player)\n");
  CliRun team = run({"register", "--file", file, "--section", "s", "--name", "Bob", "--team", "Rooks"});
  EXPECT_EQ(team.err, "tabula event: --team Rooks: section s is not a teams section (two)\n");
  e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->sections[0].players.size(), 1u);
  EXPECT_EQ(e->sections[0].forfeit_points, 0.5);
}

// A teams section registered as the CLI registers, one player at a time (s13:
// the first partner was refused, "team Rooks has 1 players"); a third player
// for a team is refused, and a team still of one is not seated unsaid.
TEST(EventCli, ATeamsSectionIsRegisteredOnePlayerAtATime) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "t", "--variant", "chess-four", "--format", "teams", "--rounds",
                 "2"}).rc, 0);
  for (const auto& [player, team] : std::vector<std::pair<std::string, std::string>>{
           {"Ann", "Rooks"}, {"Bob", "Rooks"}, {"Cat", "Pawns"}, {"Dan", "Pawns"}, {"Eve", "Kings"}}) {
    CliRun r = run({"register", "--file", file, "--section", "t", "--name", player, "--team", team});
    ASSERT_EQ(r.rc, 0) << player << ": " << r.err;
  }
  CliRun third = run({"register", "--file", file, "--section", "t", "--name", "Fay", "--team", "Rooks"});
  EXPECT_EQ(third.rc, 1);
  EXPECT_EQ(third.err, "tabula event: team Rooks has two players already\n");
  CliRun alone = run({"seat", "--file", file, "--section", "t"});
  EXPECT_EQ(alone.rc, 1);
  EXPECT_EQ(alone.err, "tabula event: section t: team Kings has one player (Eve): register the partner, or withdraw Eve\n");
  ASSERT_EQ(run({"register", "--file", file, "--section", "t", "--name", "Fay", "--team", "Kings"}).rc, 0);
  CliRun seat = run({"seat", "--file", file, "--section", "t"});
  EXPECT_EQ(seat.rc, 0) << seat.err;
}

// An event of 2 boards whose two-player section "open" (3 rounds) has Ann,
// Bob, Cat and Dan registered, start numbers 1 to 4.
void open_of_four(const std::string& file) {
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "open", "--variant", "chess", "--format", "two", "--rounds", "3"}).rc, 0);
  for (const char* n : {"Ann", "Bob", "Cat", "Dan"}) ASSERT_EQ(run({"register", "--file", file, "--section", "open", "--name", n}).rc, 0);
}

// A pairing list from a stale TRF (s13): the program paired players who have
// played each other; the round is taken, with a warning naming the round
// they met, and `unseat` takes it back. A forfeited game is no meeting.
TEST(EventCli, APairingOfPlayersWhoMetIsNamedAndCanBeTakenBack) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  const std::string pairs = dir.path() + "/pairs.txt";
  ASSERT_NO_FATAL_FAILURE(open_of_four(file));
  std::ofstream(pairs) << "2\n1 2\n3 4\n";
  ASSERT_EQ(run({"pairings", "--file", file, "--section", "open", pairs}).rc, 0);
  ASSERT_EQ(run({"result", "--file", file, "--section", "open", "--board", "t1", "--ranks", "0,1"}).rc, 0);
  ASSERT_EQ(run({"forfeit", "--file", file, "--section", "open", "--name", "Dan"}).rc, 0);
  std::ofstream(pairs) << "2\n2 1\n4 3\n";
  CliRun stale = run({"pairings", "--file", file, "--section", "open", pairs});
  EXPECT_EQ(stale.rc, 0) << stale.err;
  EXPECT_EQ(stale.err, "tabula event: warning: Bob and Ann played each other in round 1: is this the pairing of a "
                       "stale TRF? (`tabula event unseat` takes the round back)\n");
  EXPECT_EQ(run({"unseat", "--file", file, "--section", "open"}).rc, 0);
}

// s14: a forfeit win worth nothing (--forfeit-points 0) is exported "+" with
// a TRF-2026 299 record of its points, and the arbiter is told which
// programs do not read it.
TEST(EventCli, AForfeitWinWorthNothingIsExportedWithItsRecordAndANote) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  const std::string pairs = dir.path() + "/pairs.txt";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "1"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "open", "--variant", "chess", "--format", "two", "--rounds", "2",
                 "--forfeit-points", "0"}).rc, 0);
  for (const char* n : {"Ann", "Bob"}) ASSERT_EQ(run({"register", "--file", file, "--section", "open", "--name", n}).rc, 0);
  std::ofstream(pairs) << "1\n1 2\n";
  ASSERT_EQ(run({"pairings", "--file", file, "--section", "open", pairs}).rc, 0);
  ASSERT_EQ(run({"forfeit", "--file", file, "--section", "open", "--name", "Bob"}).rc, 0);
  CliRun trf = run({"trf", "--file", file, "--section", "open"});
  ASSERT_EQ(trf.rc, 0) << trf.err;
  EXPECT_NE(trf.out.find("   2 w +\n"), std::string::npos) << trf.out;
  EXPECT_NE(trf.out.find("   1 b -\n"), std::string::npos) << trf.out;
  EXPECT_NE(trf.out.find("\n299 +         0.0    1    1\n"), std::string::npos) << trf.out;
  EXPECT_EQ(trf.err, "tabula event: note: the forfeit wins are worth 0 (--forfeit-points): written \"+\" with "
                     "TRF-2026's 299 record of their points; a program that reads only TRF-16 counts them as wins "
                     "(bbpPairings refuses the 299 record)\n");
}

// Session 16 (s15's note): --out followed a symbolic link at F and truncated
// its target. Now F is replaced whole through journal::replace_file, and
// anything at F but a plain file is refused by name, nothing written.
TEST(EventCli, OutNeverWritesThroughALinkAndReplacesAPlainFileWhole) {
  namespace fs = std::filesystem;
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "1"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "open", "--variant", "chess", "--format", "two", "--rounds", "2"}).rc, 0);
  for (const char* n : {"Ann", "Bob"}) ASSERT_EQ(run({"register", "--file", file, "--section", "open", "--name", n}).rc, 0);
  const std::string victim = dir.file("precious.txt");
  dir.write("precious.txt", "precious data\n");
  for (const char* command : {"standings", "trf"}) {
    const std::string out = dir.file(std::string(command) + ".out");
    fs::create_symlink(victim, out);
    CliRun r = run({command, "--file", file, "--section", "open", "--out", out});
    EXPECT_EQ(r.rc, 1) << command;
    EXPECT_EQ(r.err, "tabula event: " + out + ": is a symbolic link; --out writes a new file or replaces a plain one, "
                     "never through a link or into a device: name the file itself (without --out the text is "
                     "printed); nothing was written\n") << command;
    EXPECT_EQ(tabula::testing::read_file(victim), "precious data\n") << command << ": the link's target was written";
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(out))) << command;
    // A plain file at F is replaced whole, F.tmp gone; a FIFO or device is refused.
    fs::remove(out);
    dir.write(fs::path(out).filename().string(), std::string(100000, 'x'));
    r = run({command, "--file", file, "--section", "open", "--out", out});
    ASSERT_EQ(r.rc, 0) << command << ": " << r.err;
    EXPECT_EQ(r.out, "written " + out + "\n");
    const std::string written = tabula::testing::read_file(out);
    EXPECT_EQ(written, run({command, "--file", file, "--section", "open"}).out) << command;
    EXPECT_FALSE(fs::exists(fs::symlink_status(out + ".tmp"))) << command;
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(out))) << command;
  }
  CliRun dev = run({"trf", "--file", file, "--section", "open", "--out", "/dev/null"});
  EXPECT_EQ(dev.rc, 1);
  EXPECT_NE(dev.err.find("/dev/null: is a device;"), std::string::npos) << dev.err;
}

// A hand-edited file's section with a variant this build does not ship is
// not seated: the boards could not play it.
TEST(EventCli, ASectionOfAVariantNotShippedIsNotSeated) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  event::Event e;
  e.name = "club";
  e.boards = {"t1"};
  event::Section s;
  s.name = "s";
  s.variant = "chess960";
  s.format = event::Format::kTwoPlayer;
  s.rounds = 2;
  s.players = {{"Ann", 0, "", "", false}, {"Bob", 0, "", "", false}};
  e.sections.push_back(s);
  std::string error;
  ASSERT_TRUE(event::save_event(e, file, error)) << error;
  CliRun seat = run({"seat", "--file", file, "--section", "s"});
  EXPECT_EQ(seat.rc, 1);
  EXPECT_EQ(seat.err.rfind("tabula event: section s: --variant chess960: not a shipped variant (", 0), 0u) << seat.err;
}

// Forfeits, corrections and withdrawals as an arbiter types them (s13): a
// player absent, the same forfeit twice, a forfeit of a played game or of a
// player with the bye, a result typed over another, a result for an earlier
// round, a withdrawal undone, a player registered by mistake removed; every
// refusal names what is wrong and changes nothing.
TEST(EventCli, ForfeitsAndCorrectionsAsAnArbiterTypesThem) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  ASSERT_EQ(run({"new", "--file", file, "--name", "club", "--boards", "2"}).rc, 0);
  ASSERT_EQ(run({"section", "--file", file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
                 "--rounds", "3"}).rc, 0);
  const std::vector<std::string> names{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    ASSERT_EQ(run({"register", "--file", file, "--section", "ffa", "--name", names[i], "--rating",
                   std::to_string(2000 - 50 * static_cast<int>(i))}).rc, 0);
  }
  ASSERT_EQ(run({"register", "--file", file, "--section", "ffa", "--name", "Zed"}).rc, 0);
  CliRun removed = run({"unregister", "--file", file, "--section", "ffa", "--name", "Zed"});
  EXPECT_EQ(removed.rc, 0) << removed.err;
  EXPECT_EQ(removed.out, "Zed unregistered (9 in section ffa)\n");
  ASSERT_EQ(run({"seat", "--file", file, "--section", "ffa"}).rc, 0);
  std::vector<std::string> errors;
  auto e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  const event::Section& s = e->sections[0];
  ASSERT_EQ(s.played[0].tables.size(), 2u);
  ASSERT_EQ(s.played[0].byes.size(), 1u);
  const std::string bye = s.player(s.played[0].byes[0]).name;
  const event::Table t1 = s.played[0].tables[0];
  const event::Table t2 = s.played[0].tables[1];
  auto name = [&](const event::Table& t, std::size_t seat) { return s.player(t.seats[seat]).name; };

  CliRun seated = run({"unregister", "--file", file, "--section", "ffa", "--name", name(t1, 0)});
  EXPECT_EQ(seated.rc, 1);
  EXPECT_EQ(seated.err, "tabula event: " + name(t1, 0) +
                            " is in round 1 of section ffa: a player with a round is withdrawn, not unregistered "
                            "(`tabula event withdraw`)\n");

  // Seat 1 of t1 does not appear.
  CliRun absent = run({"forfeit", "--file", file, "--section", "ffa", "--name", name(t1, 1)});
  ASSERT_EQ(absent.rc, 0) << absent.err;
  EXPECT_EQ(absent.out, "round 1, board " + t1.board + ": " + name(t1, 1) + " absent, the game is not played (forfeit, absent: " +
                            name(t1, 1) + ")\n  " + name(t1, 0) + " 2\n  " + name(t1, 1) + " 0\n  " + name(t1, 2) +
                            " 2\n  " + name(t1, 3) + " 2\n");
  CliRun again = run({"forfeit", "--file", file, "--section", "ffa", "--name", name(t1, 1)});
  EXPECT_EQ(again.rc, 1);
  EXPECT_EQ(again.err, "tabula event: " + name(t1, 1) + " is recorded absent on board " + t1.board +
                           " in round 1 already\n");
  CliRun nobody = run({"forfeit", "--file", file, "--section", "ffa", "--name", "Xavier"});
  EXPECT_EQ(nobody.err, "tabula event: Xavier is not registered in section ffa\n");
  CliRun on_bye = run({"forfeit", "--file", file, "--section", "ffa", "--name", bye});
  EXPECT_EQ(on_bye.err, "tabula event: " + bye + " has the bye in round 1 of section ffa: nothing to forfeit\n");
  CliRun no_round = run({"forfeit", "--file", file, "--section", "ffa", "--name", bye, "--round", "2"});
  EXPECT_EQ(no_round.err, "tabula event: --round 2: section ffa has rounds 1 to 1 seated\n");
  // A result on the forfeited table is refused, naming the forfeit.
  CliRun over = run({"result", "--file", file, "--section", "ffa", "--board", t1.board, "--ranks", "0,1,2,3"});
  EXPECT_EQ(over.rc, 1);
  EXPECT_EQ(over.err, "tabula event: round 1, board " + t1.board + " has its result already (forfeit, absent: " +
                          name(t1, 1) + "); to correct it: tabula event clear --section ffa --board " + t1.board +
                          " --round 1\n");
  // t2 is played; a forfeit of one of its players is refused; a second
  // result typed over it too.
  ASSERT_EQ(run({"result", "--file", file, "--section", "ffa", "--board", t2.board, "--ranks", "3,2,1,0"}).rc, 0);
  CliRun played = run({"forfeit", "--file", file, "--section", "ffa", "--name", name(t2, 0)});
  EXPECT_EQ(played.rc, 1);
  EXPECT_EQ(played.err, "tabula event: round 1, board " + t2.board +
                            " was played (ranks 3,2,1,0): a played game is not forfeited; if the result is wrong: "
                            "tabula event clear --section ffa --board " + t2.board + " --round 1\n");
  CliRun typed_over = run({"result", "--file", file, "--section", "ffa", "--board", t2.board, "--ranks", "0,1,2,3"});
  EXPECT_EQ(typed_over.rc, 1);
  e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->sections[0].played[0].tables[1].ranks, (std::vector<int>{3, 2, 1, 0})) << "nothing recorded lost";
  EXPECT_EQ(e->sections[0].played[0].tables[0].absent, (std::vector<event::PlayerId>{t1.seats[1]}));

  CliRun standings = run({"standings", "--file", file, "--section", "ffa"});
  EXPECT_NE(standings.out.find("0 +1"), std::string::npos) << standings.out;
  EXPECT_NE(standings.out.find("0 -1"), std::string::npos) << standings.out;
  EXPECT_NE(standings.out.find("after round 1 of 3"), std::string::npos) << standings.out;

  // Round 2 seated; then the arbiter finds round 1's t2 was entered wrong.
  ASSERT_EQ(run({"seat", "--file", file, "--section", "ffa"}).rc, 0);
  CliRun cleared = run({"clear", "--file", file, "--section", "ffa", "--board", t2.board, "--round", "1"});
  ASSERT_EQ(cleared.rc, 0) << cleared.err;
  EXPECT_EQ(cleared.out, "round 1, board " + t2.board + ": cleared ranks 3,2,1,0\n");
  CliRun fixed = run({"result", "--file", file, "--section", "ffa", "--board", t2.board, "--ranks", "0,1,2,3",
                      "--round", "1"});
  ASSERT_EQ(fixed.rc, 0) << fixed.err;
  EXPECT_EQ(fixed.out, "board " + t2.board + ": result recorded\nround 1 corrected after round 2 was seated: the "
                       "standings change, the later rounds' seating stays as made\n");
  CliRun nothing = run({"clear", "--file", file, "--section", "ffa", "--board", t2.board});
  EXPECT_EQ(nothing.err, "tabula event: round 2, board " + t2.board + " has no result to clear\n");
  e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->sections[0].played[0].tables[1].ranks, (std::vector<int>{0, 1, 2, 3}));

  // Round 2 has a result (t2 of round 1 was corrected, round 2's t1 is
  // typed): not taken back; once cleared it is, and seated again.
  e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  const std::string r2_board = e->sections[0].played[1].tables[0].board;
  ASSERT_EQ(run({"result", "--file", file, "--section", "ffa", "--board", r2_board, "--ranks", "0,1,2,3"}).rc, 0);
  CliRun kept = run({"unseat", "--file", file, "--section", "ffa"});
  EXPECT_EQ(kept.rc, 1);
  EXPECT_EQ(kept.err, "tabula event: round 2, board " + r2_board +
                          " has a result (ranks 0,1,2,3): a round with results is not taken back (clear them first)\n");
  ASSERT_EQ(run({"clear", "--file", file, "--section", "ffa", "--board", r2_board}).rc, 0);
  CliRun unseat = run({"unseat", "--file", file, "--section", "ffa"});
  ASSERT_EQ(unseat.rc, 0) << unseat.err;
  EXPECT_EQ(unseat.out.rfind("round 2 of section ffa taken back:\nRound 2 of section ffa (chesscom-ffa)\n", 0), 0u)
      << unseat.out;
  e = event::load_event(file, errors);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->sections[0].played.size(), 1u);
  ASSERT_EQ(run({"seat", "--file", file, "--section", "ffa"}).rc, 0);

  // A withdrawal, refused twice, undone.
  CliRun gone = run({"withdraw", "--file", file, "--section", "ffa", "--name", "Ann"});
  ASSERT_EQ(gone.rc, 0) << gone.err;
  EXPECT_NE(gone.out.find("Ann withdrawn from the next round on\n"), std::string::npos);
  EXPECT_EQ(run({"withdraw", "--file", file, "--section", "ffa", "--name", "Ann"}).err,
            "tabula event: Ann has withdrawn already\n");
  CliRun back = run({"withdraw", "--file", file, "--section", "ffa", "--name", "Ann", "--undo"});
  EXPECT_EQ(back.out, "Ann back: seated again from the next round on\n");
  EXPECT_EQ(run({"withdraw", "--file", file, "--section", "ffa", "--name", "Ann", "--undo"}).err,
            "tabula event: Ann has not withdrawn\n");
}

// Session 17: a pairing program's file (or anyone's who edited it) quoted
// into a refusal. Before, the line was printed as read: an escape that set
// the terminal's title and cleared the screen ran in the arbiter's terminal,
// and a line of a megabyte was printed whole; a TRF's name likewise. Now what
// is quoted is shown safely (core::shown_text: "<U+001B>") and at most 80
// characters.
TEST(EventCli, APairingFilesTextInARefusalIsShownSafelyAndShort) {
  tabula::testing::TempDir dir("event-cli");
  const std::string file = dir.path() + "/club.event";
  const std::string pairs = dir.path() + "/pairs.txt";
  ASSERT_NO_FATAL_FAILURE(open_of_four(file));
  const std::string before = tabula::testing::read_file(file);
  std::ofstream(pairs) << "2\n1 2\n\x1b]0;pwned\x07\x1b[2Jxx 4\n";
  CliRun escape = run({"pairings", "--file", file, "--section", "open", pairs});
  EXPECT_EQ(escape.rc, 1);
  EXPECT_EQ(escape.err, "tabula event: " + pairs + ": line 3: '<U+001B>]0;pwned<U+0007><U+001B>[2Jxx 4' is not two start "
                        "numbers\n");
  std::ofstream(pairs) << "2\n1 2\n3 " << std::string(1 << 20, '4') << " 5\n";
  CliRun huge = run({"pairings", "--file", file, "--section", "open", pairs});
  EXPECT_EQ(huge.rc, 1);
  EXPECT_EQ(huge.err, "tabula event: " + pairs + ": line 3: '3 " + std::string(78, '4') + "...' is not two start numbers\n");
  // A TRF whose name for start number 1 holds an escape (its columns kept).
  CliRun trf = run({"trf", "--file", file, "--section", "open"});
  ASSERT_EQ(trf.rc, 0) << trf.err;
  std::string text = trf.out;
  const std::size_t at = text.find("Ann    ");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 7, "\x1b[2JAnn");
  std::ofstream(pairs, std::ios::trunc) << text;
  CliRun named = run({"pairings", "--file", file, "--section", "open", pairs});
  EXPECT_EQ(named.rc, 1);
  EXPECT_NE(named.err.find("player 1 is <U+001B>[2JAnn in the file but Ann in section open"), std::string::npos)
      << named.err;
  for (const CliRun* r : {&escape, &huge, &named}) EXPECT_EQ(r->err.find('\x1b'), std::string::npos) << r->err;
  EXPECT_EQ(tabula::testing::read_file(file), before);  // nothing seated
}

}  // namespace
}  // namespace tabula::cli

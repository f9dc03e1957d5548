// `tabula event`: an evening in-process, and results taken from the hub's
// record the way the boards leave them there.
#include "cli/event_commands.h"

#include <gtest/gtest.h>

#include <sstream>

#include "event/event_file.h"
#include "hub/tournament.h"
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

  CliRun collected = run({"collect", "--file", file, "--record", record});
  ASSERT_EQ(collected.rc, 0) << collected.err;
  EXPECT_NE(collected.out.find("2 results collected"), std::string::npos) << collected.out;
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
  EXPECT_EQ(run({"seat", "--file", file, "--section", "x"}).err, "tabula event: " + file + ": cannot be read\n");
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
}

}  // namespace
}  // namespace tabula::cli

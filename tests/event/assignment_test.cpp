// The hub tells each board its game: signed, retained, checked at the board.
#include "event/board_assignment.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/event_commands.h"
#include "event/event_file.h"
#include "event/seating.h"
#include "event_hub_fixture.h"
#include "event_sim.h"
#include "hub/mqtt_client.h"
#include "hub/topics.h"

namespace tabula::event {
namespace {

// The key as the key file holds it (hex), read the way the boards read it.
hub::ArbiterKey key(const std::string& hex = "00112233445566778899aabbccddeeff") {
  std::string error;
  auto k = hub::parse_key(hex, "test.key", error);
  EXPECT_TRUE(k) << error;
  return k.value_or(hub::ArbiterKey{});
}

Event seated_event() {
  Event e;
  e.name = "club";
  e.boards = sim::boards(3);
  Section s = sim::make_section(12, Format::kFourPlayer, 3, 4);
  SeatingResult r = seat_next_round(s, e.boards);
  EXPECT_TRUE(r.ok());
  s.played.push_back(r.round);
  e.sections.push_back(s);
  return e;
}

TEST(Assignment, TheBoardAcceptsItsOwnSignedGameAndRefusesTheRest) {
  const Event e = seated_event();
  const Section& s = e.sections[0];
  std::vector<wire::Assignment> all = assignments_of(e, s, 1000);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[1].board(), "b2");
  EXPECT_EQ(all[1].round(), 1u);
  ASSERT_EQ(all[1].seats_size(), 4);
  EXPECT_EQ(all[1].seats(2).seat_player(), s.player(s.played[0].tables[1].seats[2]).name);

  AssignmentGate gate("club", "b2", key());
  auto ok = gate.check(sign_assignment(all[1], key()));
  ASSERT_TRUE(ok.assignment) << ok.error;
  EXPECT_EQ(ok.assignment->variant(), "chesscom-ffa");
  EXPECT_EQ(gate.check(sign_assignment(all[0], key())).error,
            "the assignment is for club/b1, this is club/b2; it is ignored");
  EXPECT_EQ(gate.check(sign_assignment(all[1], key("ffeeddccbbaa99887766554433221100"))).error,
            "the assignment's signature is not the arbiter's (key arbiter); it is ignored");
  std::string tampered = sign_assignment(all[1], key());
  tampered[tampered.size() / 2] ^= 0x20;
  EXPECT_FALSE(gate.check(tampered).assignment);
  EXPECT_EQ(gate.check("not a protobuf \xff\xff").error, "the assignment does not parse; it is ignored");
  wire::Assignment later = all[1];
  later.set_round(3);
  EXPECT_TRUE(gate.check(sign_assignment(later, key())).assignment);
  EXPECT_EQ(gate.check(sign_assignment(all[1], key())).error,
            "the assignment is for round 1 of section open, this board already has round 3; it is ignored");
  wire::Assignment v2 = later;
  v2.set_version(2);
  EXPECT_EQ(gate.check(sign_assignment(v2, key())).error,
            "assignment version 2, this build reads version 1; it is ignored");
  AssignmentGate keyless("club", "b2", std::nullopt);
  EXPECT_FALSE(keyless.check(sign_assignment(all[1], key())).assignment);
}

// Session 19: the arbiter re-seats a round (a newer assignment of the same
// round); a captured earlier one of that round, published again, put the
// old seating back (only an older round was refused).
TEST(Assignment, AnEarlierSeatingOfTheSameRoundReplayedIsRefused) {
  const Event e = seated_event();
  const wire::Assignment first = assignments_of(e, e.sections[0], 1000)[1];
  wire::Assignment corrected = first;
  corrected.set_issued_ms(5000);
  corrected.mutable_seats(0)->set_seat_player("Zed");
  AssignmentGate gate("club", "b2", key());
  ASSERT_TRUE(gate.check(sign_assignment(first, key())).assignment);
  auto now = gate.check(sign_assignment(corrected, key()));
  ASSERT_TRUE(now.assignment) << now.error;
  EXPECT_EQ(now.assignment->seats(0).seat_player(), "Zed");
  EXPECT_EQ(gate.check(sign_assignment(first, key())).error,
            "the assignment for round 1 of section open was issued at 1000 ms, before the one this board has "
            "(5000 ms): a replay of an earlier seating; it is ignored");
  // The retained copy redelivered at a reconnect is the same: taken again.
  EXPECT_TRUE(gate.check(sign_assignment(corrected, key())).assignment);
  // The next round begins with any issue time.
  wire::Assignment next = first;
  next.set_round(2);
  EXPECT_TRUE(gate.check(sign_assignment(next, key())).assignment);
}

// Session 20: the board forgot its rounds on a restart, so a replayed older
// seating (a broker's stale snapshot, a captured copy published again) was
// taken after it. The gate keeps them in a rounds file beside the journal.
TEST(Assignment, AReplayedOlderSeatingIsRefusedAfterARestart) {
  const Event e = seated_event();
  const wire::Assignment first = assignments_of(e, e.sections[0], 1000)[1];
  wire::Assignment corrected = first;
  corrected.set_issued_ms(5000);
  wire::Assignment round2 = first;
  round2.set_round(2);
  round2.set_issued_ms(9000);
  hub::testing::TempDir dir;
  const std::string file = rounds_file_of(dir.file("b2.db"));
  EXPECT_EQ(file, dir.file("b2.db") + "-rounds");
  {
    AssignmentGate gate("club", "b2", key(), file);
    EXPECT_EQ(gate.rounds_problem(), "") << "no file yet: nothing taken yet";
    ASSERT_TRUE(gate.check(sign_assignment(corrected, key())).assignment);
    ASSERT_TRUE(gate.check(sign_assignment(round2, key())).assignment);
  }  // the board restarts
  {
    AssignmentGate gate("club", "b2", key(), file);
    EXPECT_EQ(gate.check(sign_assignment(first, key())).error,
              "the assignment is for round 1 of section open, this board already has round 2; it is ignored");
    wire::Assignment earlier2 = round2;
    earlier2.set_issued_ms(8000);
    EXPECT_NE(gate.check(sign_assignment(earlier2, key())).error.find("a replay of an earlier seating"),
              std::string::npos);
    EXPECT_TRUE(gate.check(sign_assignment(round2, key())).assignment) << "the retained copy again";
    wire::Assignment other = first;  // another section keeps its own rounds
    other.set_section("u12");
    EXPECT_TRUE(gate.check(sign_assignment(other, key())).assignment);
  }
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "# tabula assignment rounds v1\n2 9000 open\n1 1000 u12\n");
  // Without a file (as before session 20) a new gate takes the old seating.
  AssignmentGate forgetful("club", "b2", key());
  EXPECT_TRUE(forgetful.check(sign_assignment(first, key())).assignment);
}

// A rounds file that cannot be trusted refuses every assignment, naming the
// file and line (failing closed); nothing is taken, the file is not touched.
TEST(Assignment, ADamagedOrUnwritableRoundsFileRefusesEveryAssignmentAndSaysWhere) {
  const Event e = seated_event();
  const wire::Assignment first = assignments_of(e, e.sections[0], 1000)[1];
  hub::testing::TempDir dir;
  const std::string file = dir.file("rounds");
  auto refusal = [&](const std::string& content) {
    std::ofstream(file, std::ios::trunc) << content;
    AssignmentGate gate("club", "b2", key(), file);
    AssignmentGate::Verdict v = gate.check(sign_assignment(first, key()));
    EXPECT_FALSE(v.assignment) << content;
    std::ifstream in(file);
    std::stringstream now;
    now << in.rdbuf();
    EXPECT_EQ(now.str(), content) << "left as it was";
    return v.error;
  };
  const std::string tail = "; the board takes no seat assignment until the file is mended or removed";
  EXPECT_EQ(refusal("2 9000 open\n"), "the assignment is not checked: " + file +
            " line 1: not a rounds file (the first line is not \"# tabula assignment rounds v1\")" + tail);
  EXPECT_EQ(refusal("# tabula assignment rounds v1\n2 9000 open\nx y\n"),
            "the assignment is not checked: " + file + " line 3: expected \"ROUND ISSUED_MS SECTION\", got \"x y\"" + tail);
  EXPECT_EQ(refusal("# tabula assignment rounds v1\n99999999999 1 open\n"),
            "the assignment is not checked: " + file +
            " line 2: expected \"ROUND ISSUED_MS SECTION\", got \"99999999999 1 open\"" + tail);
  EXPECT_EQ(refusal("# tabula assignment rounds v1\n2 1 open\n3 1 open\n"),
            "the assignment is not checked: " + file + " line 3: section open a second time" + tail);
  EXPECT_NE(refusal("# tabula assignment rounds v1\n2 1 \n").find("line 2: expected"), std::string::npos);
  EXPECT_NE(refusal("").find("empty (not a rounds file)"), std::string::npos);
  EXPECT_NE(refusal(std::string(AssignmentGate::kMaxRoundsFileBytes + 1, '#')).find("is 65537 bytes"), std::string::npos);
  // A directory where the file should be.
  std::filesystem::create_directory(dir.file("adir"));
  AssignmentGate on_dir("club", "b2", key(), dir.file("adir"));
  EXPECT_NE(on_dir.check(sign_assignment(first, key())).error.find("is a directory"), std::string::npos);
  // A file that cannot be written: the assignment is not taken (a restart would forget it).
  AssignmentGate unwritable("club", "b2", key(), dir.file("no-such-dir/rounds"));
  AssignmentGate::Verdict v = unwritable.check(sign_assignment(first, key()));
  EXPECT_FALSE(v.assignment);
  EXPECT_EQ(v.error.rfind("the assignment for round 1 is not taken: its round " + dir.file("no-such-dir/rounds") +
                          ": cannot be written (", 0), 0u) << v.error;
  // A section name the file cannot hold on one line.
  wire::Assignment odd = first;
  odd.set_section("a\nb");
  AssignmentGate gate("club", "b2", key(), dir.file("fresh"));
  EXPECT_NE(gate.check(sign_assignment(odd, key())).error.find("has a control character"), std::string::npos);
  EXPECT_TRUE(gate.check(sign_assignment(first, key())).assignment);
}

// Session 13: a signed assignment whose names the one name rule refuses (a
// hub of another build) is shown and taken by the board with the character
// named, never as the override that turns the seat list around.
TEST(Assignment, ASignedAssignmentsHostileNameIsShownWithItsCharacterNamed) {
  const Event e = seated_event();
  std::vector<wire::Assignment> all = assignments_of(e, e.sections[0], 1000);
  ASSERT_EQ(all.size(), 3u);
  all[1].mutable_seats(0)->set_seat_player("Cem\xE2\x80\xAEnna");
  std::string error;
  std::optional<hub::SeatAssignment> a = assignment_check("club", "b2", key())(sign_assignment(all[1], key()), error);
  ASSERT_TRUE(a) << error;
  EXPECT_EQ(a->players[0], "Cem<U+202E>nna");
  EXPECT_EQ(a->text.find("\xE2\x80\xAE"), std::string::npos) << a->text;
  EXPECT_EQ(a->players[1], all[1].seats(1).seat_player());  // names the rule takes are as signed
}

// A real mosquitto and the arbiter's key (event_hub_fixture.h).
class AssignmentOnBroker : public testing::EventHubFixture {};

TEST_F(AssignmentOnBroker, ABoardSwitchedOnAfterTheRoundStartsGetsItsGameAcrossABrokerRestart) {
  std::string error;
  const std::string file = dir.file("club.event");
  ASSERT_TRUE(save_event(seated_event(), file, error)) << error;
  std::ostringstream out, err;
  const int rc = cli::cmd_event({"event", "publish", "--file", file, "--section", "open", "--broker", address,
                                 "--arbiter-key", key_file()},
                                out, err);
  ASSERT_EQ(rc, 0) << err.str();
  EXPECT_NE(out.str().find("3 boards assigned"), std::string::npos) << out.str();

  broker->stop();  // SIGTERM: the snapshot keeps the retained assignments
  ASSERT_TRUE(broker->start(error)) << error;

  // Board b3 comes online only now.
  std::string received;
  hub::BrokerConfig config;
  ASSERT_EQ(config.parse(address), "");
  hub::MqttClient::Handlers h;
  h.message = [&](const hub::MqttMessage& m) {
    if (m.topic == hub::assignment_topic("club", "b3")) received = m.payload;
  };
  auto board = hub::MqttClient::create("b3", false, config, std::nullopt, h, error);
  ASSERT_TRUE(board) << error;
  bool subscribed = false;
  ASSERT_TRUE(hub::testing::eventually(
      [&] {
        board->loop(std::chrono::milliseconds(20));
        if (board->connected() && !subscribed) subscribed = board->subscribe(hub::assignment_topic("club", "b3"), 1, error);
        return !received.empty();
      },
      std::chrono::seconds(10)));
  AssignmentGate gate("club", "b3", key);
  auto v = gate.check(received);
  ASSERT_TRUE(v.assignment) << v.error;
  EXPECT_EQ(v.assignment->table(), 3u);
  EXPECT_EQ(v.assignment->seats_size(), 4);
  board->disconnect();
}

TEST(Assignment, PublishRefusesAMissingKeyAndAnUnreachableBroker) {
  hub::testing::TempDir dir;
  std::string error;
  const std::string file = dir.file("club.event");
  ASSERT_TRUE(save_event(seated_event(), file, error));
  std::ostringstream out, err;
  EXPECT_EQ(cli::cmd_event({"event", "publish", "--file", file, "--section", "open", "--broker", "127.0.0.1:1"}, out, err), 2);
  EXPECT_EQ(err.str(), "tabula event: --arbiter-key FILE is required\n");
  std::ofstream(dir.file("short.key")) << "0011\n";
  std::ostringstream err2;
  EXPECT_EQ(cli::cmd_event({"event", "publish", "--file", file, "--section", "open", "--broker", "127.0.0.1:1",
                            "--arbiter-key", dir.file("short.key")},
                           out, err2),
            1);
  EXPECT_NE(err2.str().find("at least 16"), std::string::npos) << err2.str();
}

}  // namespace
}  // namespace tabula::event

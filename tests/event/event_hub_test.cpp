// An event run end to end through the hub (issue 35): 48 players of a
// four-player section (chesscom-ffa) on 12 simulated boards over 5 rounds.
// Each round is seated, each board's game is published signed and retained,
// every board takes its players from the assignment it receives (checked by
// the AssignmentGate; its publisher follows it too) and plays two rounds of
// a recorded chess.com game through a journaled session and its publisher,
// signed; the arbiter ends each game from the hub with a signed adjudication;
// the hub records the finished games, and `tabula event collect` takes the
// results from the hub's record. In round 3 the broker is killed (kill -9)
// with half the boards' games in flight. The standings are then checked
// against points computed apart, from the boards' own journal files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "cli/event_commands.h"
#include "event/board_assignment.h"
#include "event/event_file.h"
#include "event/standings.h"
#include "hub/assignment_listener.h"
#include "hub/broker.h"
#include "hub/hub_client.h"
#include "hub/mqtt_client.h"
#include "hub/sim_board.h"
#include "hub/topics.h"
#include "journal/journal.h"
#include "journal/journal_fixture.h"
#include "event_hub_fixture.h"

namespace tabula::event {
namespace {

using namespace std::chrono_literals;
using testing::broker_at;
constexpr int kBoards = 12;
constexpr int kRounds = 5;

int cli(const std::vector<std::string>& args, std::string* out_text = nullptr) {
  std::ostringstream out, err;
  const int rc = cli::cmd_event(args, out, err);
  if (out_text) *out_text = out.str();
  EXPECT_EQ(rc, 0) << err.str();
  return rc;
}

// Every test here: a real mosquitto, the arbiter's key (event_hub_fixture.h).
class EventHub : public testing::EventHubFixture {};

TEST_F(EventHub, TwelveBoardsFiveRoundsThroughTheHubWithABrokerKill) {
  std::string error;
  auto hub_client = start_hub(dir.file("hub.db"));
  ASSERT_TRUE(hub_client);

  // The event: 48 players, four-player chess (chesscom-ffa), 12 boards.
  const std::string file = dir.file("club.event");
  cli({"event", "new", "--file", file, "--name", "club", "--boards", "12"});
  cli({"event", "section", "--file", file, "--name", "open", "--variant", "chesscom-ffa", "--format", "four", "--rounds",
       "5"});
  for (int i = 1; i <= 4 * kBoards; ++i) {
    cli({"event", "register", "--file", file, "--section", "open", "--name", "Player" + std::to_string(i), "--rating",
         std::to_string(2400 - 15 * i)});
  }

  // Each board listens for its assignment (as a board's shell would).
  std::map<std::string, std::string> latest;  // board -> payload
  std::vector<std::unique_ptr<hub::MqttClient>> listeners;
  std::vector<bool> subscribed(kBoards, false);  // again after every (re)connect
  for (int b = 1; b <= kBoards; ++b) {
    const std::string board = "t" + std::to_string(b);
    hub::MqttClient::Handlers h;
    h.message = [&latest, board](const hub::MqttMessage& m) { latest[board] = m.payload; };
    h.connected = [&subscribed, b](bool) { subscribed[static_cast<std::size_t>(b - 1)] = false; };
    listeners.push_back(hub::MqttClient::create("listen-" + board, false, broker_at(broker->port()), std::nullopt, h, error));
    ASSERT_TRUE(listeners.back()) << error;
  }
  auto pump = [&] {
    for (int b = 0; b < kBoards; ++b) {
      listeners[static_cast<std::size_t>(b)]->loop(1ms);
      if (listeners[static_cast<std::size_t>(b)]->connected() && !subscribed[static_cast<std::size_t>(b)]) {
        subscribed[static_cast<std::size_t>(b)] = listeners[static_cast<std::size_t>(b)]->subscribe(
            hub::assignment_topic("club", "t" + std::to_string(b + 1)), 1, error);
      }
    }
  };
  std::map<std::string, AssignmentGate> gates;
  for (int b = 1; b <= kBoards; ++b) gates.emplace("t" + std::to_string(b), AssignmentGate("club", "t" + std::to_string(b), key));

  std::vector<std::string> journals;
  for (int round = 1; round <= kRounds; ++round) {
    cli({"event", "seat", "--file", file, "--section", "open"});
    cli({"event", "publish", "--file", file, "--section", "open", "--broker", address, "--arbiter-key",
         key_file()});
    // Every board has this round's assignment, signed by the arbiter.
    std::map<std::string, wire::Assignment> game;
    ASSERT_TRUE(hub::testing::eventually(
        [&] {
          pump();
          for (auto& [board, payload] : latest) {
            if (game.count(board)) continue;
            auto v = gates.at(board).check(payload);
            if (v.assignment && v.assignment->round() == static_cast<std::uint32_t>(round)) game[board] = *v.assignment;
          }
          return game.size() == static_cast<std::size_t>(kBoards);
        },
        20s))
        << "round " << round << ": " << game.size() << " boards assigned";

    // The boards play at once: a board's game id is its journal's creation
    // time to the millisecond, so a round's games never take the last
    // round's ids.
    std::vector<std::unique_ptr<hub::SimBoard>> boards;
    for (int b = 1; b <= kBoards; ++b) {
      const wire::Assignment& a = game.at("t" + std::to_string(b));
      hub::SimBoardConfig c;
      c.variant = a.variant();
      c.journal_path = dir.file("r" + std::to_string(round) + "-" + a.board() + ".db");
      journals.push_back(c.journal_path);
      c.event = "club";
      c.board = a.board();
      for (const wire::AssignedSeat& s : a.seats()) c.players.push_back(s.seat_player());
      c.broker = broker_at(broker->port());
      c.key = key;
      c.board_key = hub::testing::test_board_key(a.board());
      c.check_assignment = assignment_check("club", a.board(), key);
      boards.push_back(hub::SimBoard::open(c, error));
      ASSERT_TRUE(boards.back()) << error;
      // Two rounds of moves of a recorded chess.com game.
      for (const session::Input& in :
           journal::testing::script_inputs("chesscom-ffa", journal::testing::kFfaOpening, 7 * round + b)) {
        ASSERT_TRUE(boards.back()->feed(in, error)) << error;
      }
      ASSERT_TRUE(boards.back()->finish(error)) << error;
      if (round == 3 && b == kBoards / 2) {
        broker->kill();  // half the boards' games in flight, the rest played while it is down
      }
    }
    if (round == 3) {
      std::this_thread::sleep_for(500ms);
      ASSERT_TRUE(broker->start(error)) << error;
      // A broker killed before its snapshot loses its retained messages: the
      // arbiter publishes the round again (docs/EVENT.md), so the boards that
      // started while it was down get their assignment.
      cli({"event", "publish", "--file", file, "--section", "open", "--broker", address, "--arbiter-key",
           key_file()});
    }
    // The arbiter ends each game from the hub (a signed adjudication, as the
    // hub screen sends it): a different seat wins on each table and round.
    for (int b = 1; b <= kBoards; ++b) {
      hub::wire::Action adjudicate;
      adjudicate.set_board("t" + std::to_string(b));
      adjudicate.set_kind(hub::wire::ACTION_KIND_ADJUDICATE);
      adjudicate.set_winner((b + round) % 4);
      ASSERT_TRUE(hub_client->send(adjudicate, error)) << error;
    }
    for (auto& b : boards) {
      int done = 0;
      ASSERT_TRUE(hub::testing::eventually([&] {
        done += std::max(b->apply_actions(b->session().now() + session::Millis{10}, error), 0);
        return done == 1;
      }, 20s)) << "round " << round << ": " << error;
      ASSERT_TRUE(b->session().game().outcome().over);
    }
    for (auto& b : boards) EXPECT_TRUE(b->publisher().flush(20s, 1)) << "round " << round;
    // Each board took its assignment too, so its state carries the round.
    EXPECT_TRUE(hub_client->wait_until([&](const hub::HubModel& m) {
      for (int b = 1; b <= kBoards; ++b) {
        const hub::BoardEntry* e = m.board("t" + std::to_string(b));
        if (!e || !e->state || e->state->round() != round) return false;
      }
      return true;
    }, 20s)) << "round " << round << ": " << [&] {
      std::string seen;
      hub_client->wait_until([&](const hub::HubModel& m) {
        for (int b = 1; b <= kBoards; ++b) {
          const hub::BoardEntry* e = m.board("t" + std::to_string(b));
          seen += " t" + std::to_string(b) + "=" + (e && e->state ? std::to_string(e->state->round()) : "none");
        }
        return true;
      }, 1s);
      return "the hub's rounds:" + seen;
    }();
    ASSERT_TRUE(hub::testing::eventually(
        [&] {
          std::size_t n = 0;
          hub_client->with_record([&](hub::TournamentRecord* r) {
            std::vector<hub::RecordedGame> games;
            if (r && r->games("club", games).ok()) n = games.size();
          });
          return n == static_cast<std::size_t>(kBoards * round);
        },
        20s))
        << "round " << round;
    std::string collected;
    cli({"event", "collect", "--file", file, "--record", dir.file("hub.db")}, &collected);
    EXPECT_NE(collected.find(std::to_string(kBoards) + " results collected"), std::string::npos) << collected;
  }

  // Points apart: from every board's journal, the players in its header and
  // the arbiter's adjudication stored as its last input: the winner first,
  // the other seats after in turn order (chesscom-ffa: Red, Blue, Yellow,
  // Green, the seats' order), 3/2/1/0 points by place (docs/EVENT.md).
  std::map<std::string, double> from_journals;
  std::map<std::string, int> games_from_journals;
  for (const std::string& path : journals) {
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::open(path, journal::Journal::Access::kRead, j).ok()) << path;
    journal::JournalContents contents;
    ASSERT_TRUE(j.load(contents).ok()) << path;
    ASSERT_EQ(contents.header.players.size(), 4u) << path;
    EXPECT_EQ(contents.moves.size(), 8u) << path;
    int winner = -1;
    for (const session::Input& in : contents.inputs) {
      const auto* intent = std::get_if<session::Intent>(&in);
      if (intent && intent->kind == session::IntentKind::kAdjudicate) winner = core::index_of(intent->seat);
    }
    ASSERT_GE(winner, 0) << path << ": no adjudication journaled";
    std::vector<int> order = {winner};
    for (int seat = 0; seat < 4; ++seat) {
      if (seat != winner) order.push_back(seat);
    }
    for (std::size_t place = 0; place < order.size(); ++place) {
      from_journals[contents.header.players[static_cast<std::size_t>(order[place])]] += 3.0 - static_cast<double>(place);
    }
    for (const std::string& p : contents.header.players) ++games_from_journals[p];
  }
  std::vector<std::string> errors;
  auto e = load_event(file, errors);
  ASSERT_TRUE(e) << errors[0];
  const Section& s = e->sections[0];
  ASSERT_EQ(s.played.size(), static_cast<std::size_t>(kRounds));
  for (const StandingRow& row : standings_of(s)) {
    const std::string& name = s.player(row.player).name;
    EXPECT_DOUBLE_EQ(row.points, from_journals[name]) << name;
    EXPECT_EQ(row.games, games_from_journals[name]) << name;
  }
  EXPECT_EQ(from_journals.size(), static_cast<std::size_t>(4 * kBoards));
}

// Issue 35, the board's side: the board's publisher subscribes to its seat
// assignment and checks the arbiter's signature (AssignmentGate); the game
// started with the assignment's players carries its round in its state; a
// forged assignment is refused and the hub is told.
// Event club, one board, a chesscom-ffa section "ffa" of Ann, Bob, Cid, Dee:
// round 1 seated and published (signed, retained) to the broker at `address`.
void seat_and_publish_one_table(const hub::testing::TempDir& dir, const std::string& address) {
  const std::string file = dir.file("club.event");
  cli({"event", "new", "--file", file, "--name", "club", "--boards", "1"});
  cli({"event", "section", "--file", file, "--name", "ffa", "--variant", "chesscom-ffa", "--format", "four",
       "--rounds", "2"});
  for (const char* p : {"Ann", "Bob", "Cid", "Dee"}) cli({"event", "register", "--file", file, "--section", "ffa", "--name", p});
  cli({"event", "seat", "--file", file, "--section", "ffa"});
  cli({"event", "publish", "--file", file, "--section", "ffa", "--broker", address, "--arbiter-key",
       dir.file("arbiter.key")});
}

// A round-2 assignment for board t1 of club signed with a key that is not
// the arbiter's, published (retained) by another client.
void publish_forged_assignment(int port) {
  std::string error;
  wire::Assignment forged;
  forged.set_version(1);
  forged.set_event("club");
  forged.set_board("t1");
  forged.set_section("ffa");
  forged.set_round(2);
  forged.set_variant("chesscom-ffa");
  for (const char* p : {"mallory", "Bob", "Cid", "Dee"}) forged.add_seats()->set_seat_player(p);
  auto wrong = hub::parse_key("ffeeddccbbaa99887766554433221100", "wrong", error);
  ASSERT_TRUE(wrong) << error;
  hub::MqttClient::Handlers h;
  auto mallory = hub::MqttClient::create("mallory", false, broker_at(port), std::nullopt, h, error);
  ASSERT_TRUE(mallory) << error;
  ASSERT_TRUE(hub::testing::eventually([&] { mallory->loop(5ms); return mallory->connected(); }, 20s));
  ASSERT_TRUE(mallory->publish(hub::assignment_topic("club", "t1"), sign_assignment(forged, *wrong), 1, true, error));
  for (int i = 0; i < 20; ++i) mallory->loop(5ms);
}

TEST_F(EventHub, ABoardFollowsItsSignedSeatAssignmentAndItsStateCarriesTheRound) {
  std::string error;
  auto hub_client = start_hub();
  ASSERT_TRUE(hub_client);

  seat_and_publish_one_table(dir, address);

  // The board is switched on before its game: it gets the retained assignment.
  auto open = [&](const std::string& journal, std::vector<std::string> players) {
    hub::SimBoardConfig c;
    c.variant = "chesscom-ffa";
    c.journal_path = dir.file(journal);
    c.event = "club";
    c.board = "t1";
    c.players = std::move(players);
    c.broker = broker_at(broker->port());
    c.key = key;
    c.board_key = hub::testing::test_board_key("t1");
    c.check_assignment = assignment_check("club", "t1", key);
    auto b = hub::SimBoard::open(c, error);
    EXPECT_TRUE(b) << error;
    return b;
  };
  auto idle = open("idle.db", {});
  ASSERT_TRUE(hub::testing::eventually([&] { return idle->publisher().assignment().has_value(); }, 20s));
  const hub::SeatAssignment a = *idle->publisher().assignment();
  EXPECT_EQ(a.round, 1u);
  EXPECT_EQ(a.variant, "chesscom-ffa");
  ASSERT_EQ(a.players.size(), 4u);
  EXPECT_EQ(std::set<std::string>(a.players.begin(), a.players.end()),
            (std::set<std::string>{"Ann", "Bob", "Cid", "Dee"}));
  EXPECT_NE(a.text.find("round 1, table 1"), std::string::npos) << a.text;
  idle.reset();

  // The game with the assignment's players: its state says round 1.
  auto t1 = open("r1.db", a.players);
  for (const session::Input& in : journal::testing::script_inputs("chesscom-ffa", journal::testing::kFfaOpening, 5)) {
    ASSERT_TRUE(t1->feed(in, error)) << error;
  }
  ASSERT_TRUE(t1->finish(error)) << error;
  ASSERT_TRUE(t1->publisher().flush(20s, 1));
  ASSERT_TRUE(hub_client->wait_until([](const hub::HubModel& m) {
    const hub::BoardEntry* b = m.board("t1");
    return b && b->state && b->state->round() == 1 && b->state->moves() == 8;
  }, 20s));
  hub_client->read([&](const hub::HubModel& m) {
    const hub::wire::BoardState& st = *m.board("t1")->state;
    ASSERT_EQ(st.seats_size(), 4);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(st.seats(i).player(), a.players[static_cast<std::size_t>(i)]);
  });

  // A forged assignment (another key) on the board's topic: refused, said on
  // the stream, an alert at the hub; the board keeps round 1.
  publish_forged_assignment(broker->port());
  ASSERT_TRUE(hub::testing::eventually([&] { return t1->publisher().status().refused_assignments == 1; }, 20s));
  EXPECT_EQ(t1->publisher().assignment()->round, 1u);
  ASSERT_TRUE(hub_client->wait_until([](const hub::HubModel& m) {
    for (const hub::Alert& al : m.alerts()) {
      if (al.kind == hub::AlertKind::kActionRefused && al.text.find("seat assignment refused") != std::string::npos &&
          al.text.find("not the arbiter's") != std::string::npos) {
        return true;
      }
    }
    return false;
  }, 20s));
}

// Issue 35 item 3, the setup screen's side: before any game (no journal, no
// publisher) the board hears its signed assignment. The board is switched on
// while the broker is down (offline at the start); the round is seated and
// published while it is away; when the broker is back the board gets the
// retained assignment. A forged one (another key) is refused and counted,
// the arbiter's is kept.
TEST_F(EventHub, BeforeItsGameABoardOfflineAtTheStartGetsItsAssignmentWhenItReturns) {
  std::string error;
  auto hub_client = start_hub();
  ASSERT_TRUE(hub_client);
  broker->stop();  // the board starts while the broker is away

  hub::PublisherConfig pc;
  pc.info.event = "club";
  pc.info.board = "t1";
  pc.broker = broker_at(broker->port());
  pc.check_assignment = assignment_check("club", "t1", key);
  auto listener = hub::AssignmentListener::start(pc, error);
  ASSERT_TRUE(listener) << error;
  hub::PublisherConfig unchecked = pc;
  unchecked.check_assignment = nullptr;
  EXPECT_FALSE(hub::AssignmentListener::start(unchecked, error)) << "an assignment is never believed unchecked";
  EXPECT_NE(error.find("arbiter key"), std::string::npos) << error;
  std::this_thread::sleep_for(300ms);
  EXPECT_FALSE(listener->status().connected);

  ASSERT_TRUE(broker->start(error)) << error;
  seat_and_publish_one_table(dir, address);
  ASSERT_TRUE(hub::testing::eventually([&] { return listener->assignment().has_value(); }, 20s))
      << listener->status().last_error;
  const hub::SeatAssignment a = *listener->assignment();
  EXPECT_EQ(a.round, 1u);
  EXPECT_EQ(a.table, 1u);
  EXPECT_EQ(a.variant, "chesscom-ffa");
  EXPECT_EQ(std::set<std::string>(a.players.begin(), a.players.end()), (std::set<std::string>{"Ann", "Bob", "Cid", "Dee"}));

  publish_forged_assignment(broker->port());
  ASSERT_TRUE(hub::testing::eventually([&] { return listener->status().refused == 1; }, 20s));
  EXPECT_NE(listener->status().last_refusal.find("not the arbiter's"), std::string::npos) << listener->status().last_refusal;
  EXPECT_EQ(listener->assignment()->round, 1u);
  EXPECT_EQ(listener->assignment()->players, a.players);
}

}  // namespace
}  // namespace tabula::event

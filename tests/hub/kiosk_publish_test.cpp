// The kiosk's own game on the hub (issue 11 through the kiosk of issue 6):
// a KioskGame journaling to FILE publishes through the journal's outbox to a
// real mosquitto; the hub sees the move; a signed arbiter action from the hub
// reaches the kiosk's session. No display needed.
#include <gtest/gtest.h>

#include "broker.h"
#include "event/board_assignment.h"
#include "hub/codec.h"
#include "hub/mqtt_client.h"
#include "hub/topics.h"
#include "hub/hub_client.h"
#include "journal/journal.h"
#include "journal/outbox.h"
#include "ui/hub/hub_screen.h"
#include "ui/kiosk_game.h"

#include <sqlite3.h>
#include <sys/resource.h>

#include <csignal>
#include <functional>

namespace tabula::hub {
namespace {

using namespace std::chrono_literals;
using testing::Broker;
using testing::eventually;
using testing::TempDir;
using Ms = session::Millis;

ArbiterKey key() {
  ArbiterKey k;
  k.secret = "0123456789abcdef0123456789abcdef";
  return k;
}

// A hub of event "club" on the test's broker, subscribed.
std::unique_ptr<HubClient> club_hub(const BrokerConfig& at, std::optional<BoardKeyRing> board_keys = std::nullopt) {
  HubConfig hc;
  hc.event = "club";
  hc.broker = at;
  hc.key = key();
  hc.board_keys = std::move(board_keys);
  std::string error;
  auto hub = HubClient::start(hc, error);
  EXPECT_TRUE(hub) << error;
  EXPECT_TRUE(hub && eventually([&] { return hub->status().subscribed; }, 10s));
  return hub;
}

// A chess game journaled in `dir`, published as board table1 of "club".
ui::KioskGameOptions table1(const TempDir& dir, const BrokerConfig& at) {
  ui::KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("table1.db");
  PublisherConfig pc;
  pc.info.event = "club";
  pc.info.board = "table1";
  pc.broker = at;
  pc.key = key();
  o.publish = pc;
  return o;
}

// A kiosk at the table, with the test's clock.
struct Table {
  std::unique_ptr<ui::KioskGame> sim;
  Ms t{0};
  void click(const char* cell) {
    sim->apply(ui::SquareClicked{*ui::parse_cell_name(cell), ui::ClickModifier::kNone}, t += Ms(300));
  }
};

// The kiosk of `o` at the start, e2-e4 played on it.
void open_with_e4(const ui::KioskGameOptions& o, Table& table) {
  std::string error;
  table.sim = ui::KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(table.sim) << error;
  table.sim->tick(table.t += Ms(3000));
  table.click("e2");
  table.click("e4");
  table.sim->tick(table.t += Ms(3000));
  ASSERT_EQ(table.sim->session().moves().size(), 1U);
}

// Another connection holding the journal's write lock (as a stuck backup
// or a failing card refuses writes) until release() or its end.
class JournalHeld {
 public:
  explicit JournalHeld(const std::string& path) {
    held_ = sqlite3_open(path.c_str(), &db_) == SQLITE_OK &&
            sqlite3_exec(db_, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK;
  }
  JournalHeld(const JournalHeld&) = delete;
  JournalHeld& operator=(const JournalHeld&) = delete;
  ~JournalHeld() { release(); }
  bool held() const { return held_; }
  void release() {
    if (db_ != nullptr) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      sqlite3_close(db_);
      db_ = nullptr;
    }
    held_ = false;
  }

 private:
  sqlite3* db_ = nullptr;
  bool held_ = false;
};

// The texts of the hub's alerts of kind `k`, oldest first.
std::vector<std::string> alerts_of(const HubClient& hub, AlertKind k) {
  std::vector<std::string> out;
  hub.read([&](const HubModel& m) {
    for (const Alert& a : m.alerts()) {
      if (a.kind == k) out.push_back(a.text);
    }
  });
  return out;
}

// While it lives, this process writes no file past `bytes` (RLIMIT_FSIZE;
// SIGXFSZ ignored, so the write fails with EFBIG instead of killing it).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &before_);
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit now = before_;
    now.rlim_cur = bytes;
    EXPECT_EQ(setrlimit(RLIMIT_FSIZE, &now), 0);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &before_);
    std::signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit before_{};
  void (*old_handler_)(int) = nullptr;
};

TEST(KioskPublish, TheKiosksMovesReachTheHubAndTheHubsActionsReachTheKiosk) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();
  auto hub = club_hub(at);
  ASSERT_TRUE(hub);

  auto sim = ui::KioskGame::create(table1(dir, at), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e2"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e4"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 1U);

  ASSERT_TRUE(eventually(
      [&] {
        bool seen = false;
        hub->read([&](const HubModel& m) {
          const BoardEntry* b = m.board("table1");
          seen = b && b->state && b->state->position().find("4P3") != std::string::npos;
        });
        return seen;
      },
      10s))
      << "the hub never saw e2-e4";

  // The arbiter adjudicates a draw from the hub; the kiosk's session ends.
  wire::Action a;
  a.set_board("table1");
  a.set_kind(wire::ACTION_KIND_ADJUDICATE);
  a.set_draw(true);
  ASSERT_TRUE(hub->send(a, error)) << error;
  ASSERT_TRUE(eventually(
      [&] {
        sim->tick(t += Ms(10));
        return sim->session().game().outcome().over;
      },
      10s));
  EXPECT_TRUE(sim->session().game().outcome().draw);
}

// Issue 35: the kiosk's board follows its seat assignment, checked against
// the arbiter's key, and says it at the table once; its state, signed with
// the board's key (issue 28), reaches a hub that enrols it.
TEST(KioskPublish, TheKioskSaysItsSignedSeatAssignmentAtTheTable) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();
  auto hub = club_hub(at, testing::test_board_keys(0, {"table1"}));
  ASSERT_TRUE(hub);

  // The arbiter's assignment, retained, before the kiosk starts.
  event::wire::Assignment a;
  a.set_version(1);
  a.set_event("club");
  a.set_board("table1");
  a.set_section("open");
  a.set_round(2);
  a.set_table(1);
  a.set_variant("chess");
  a.add_seats()->set_seat_player("Ann");
  a.add_seats()->set_seat_player("Bob");
  MqttClient::Handlers h;
  auto arbiter = MqttClient::create("arbiter-test", false, at, std::nullopt, h, error);
  ASSERT_TRUE(arbiter) << error;
  ASSERT_TRUE(eventually([&] { arbiter->loop(5ms); return arbiter->connected(); }, 10s));
  ASSERT_TRUE(arbiter->publish(assignment_topic("club", "table1"), event::sign_assignment(a, key()), 1, true, error));
  for (int i = 0; i < 20; ++i) arbiter->loop(5ms);

  ui::KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("table1.db");
  o.players = {"Ann", "Bob"};
  PublisherConfig pc;
  pc.info.event = "club";
  pc.info.board = "table1";
  pc.broker = at;
  pc.key = key();
  pc.board_key = testing::test_board_key("table1");
  pc.check_assignment = event::assignment_check("club", "table1", key());
  o.publish = pc;
  auto sim = ui::KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  auto said = [&] {
    std::size_t n = 0;
    for (const ui::RulingView& r : sim->view().ruling_history) {
      n += r.text == "seating from the arbiter: club, section open, round 2, table 1: chess: Ann, Bob" ? 1 : 0;
    }
    return n;
  };
  ASSERT_TRUE(eventually([&] { sim->tick(t += Ms(10)); return said() == 1; }, 10s));
  for (int i = 0; i < 10; ++i) sim->tick(t += Ms(10));
  EXPECT_EQ(said(), 1u);  // once, not every frame
  ASSERT_TRUE(hub->wait_until([](const HubModel& m) {
    const BoardEntry* b = m.board("table1");
    return b && b->state && b->state->round() == 2;
  }, 10s));
  hub->read([](const HubModel& m) { EXPECT_EQ(m.board("table1")->refused_signatures, 0u); });
}

// s13-attack: `tabula play` refuses a journal whose hub outbox holds another
// board's items (resumed under another board name, or copied from another
// board); the kiosk did not check, and sent them where every hub refuses
// them. The kiosk must come up: it plays on unpublished and says why in a
// notice. No broker is needed: nothing is published (port 1 is closed).
TEST(KioskPublish, AJournalPublishedAsAnotherBoardComesUpUnpublishedWithANotice) {
  TempDir dir;
  std::string error;
  ui::KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("table1.db");
  Ms t(0);
  {
    auto first = ui::KioskGame::create(o, t, error);
    ASSERT_TRUE(first) << error;
    first->tick(t += Ms(3000));
    first->apply(ui::SquareClicked{*ui::parse_cell_name("e2"), ui::ClickModifier::kNone}, t += Ms(300));
    first->apply(ui::SquareClicked{*ui::parse_cell_name("e4"), ui::ClickModifier::kNone}, t += Ms(300));
    first->tick(t += Ms(3000));
    ASSERT_EQ(first->session().moves().size(), 1U);
  }
  journal::JournalHeader h;
  {
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::open(*o.journal, journal::Journal::Access::kRead, j).ok());
    h = j.header();
  }
  {  // the outbox of a game published as board "table1" of event "club"
    wire::StreamItem item;
    item.set_version(wire::PAYLOAD_VERSION_CURRENT);
    item.set_event("club");
    item.set_board("table1");
    item.set_game_id(game_id(BoardInfo{"club", "table1", h}));
    item.set_seq(1);
    journal::Outbox box;
    ASSERT_TRUE(journal::Outbox::open(*o.journal, box).ok());
    ASSERT_TRUE(box.append({{1, 1, encode(item)}}).ok());
  }
  PublisherConfig pc;
  pc.info.event = "club";
  pc.info.board = "table2";
  pc.broker.port = 1;
  pc.key = key();
  o.publish = pc;
  auto sim = ui::KioskGame::create(o, t, error);
  ASSERT_TRUE(sim) << error;
  EXPECT_EQ(sim->session().moves().size(), 1U);  // the game resumed
  sim->tick(t += Ms(10));
  ASSERT_TRUE(sim->view().dialog);
  EXPECT_EQ(sim->view().dialog->title, "Not published to the hub");
  const std::string& text = sim->view().dialog->prompt;
  EXPECT_NE(text.find("its hub outbox holds the items of board \"table1\" of event \"club\""), std::string::npos)
      << text;
  EXPECT_NE(text.find("this is board \"table2\" of event \"club\""), std::string::npos) << text;
  // The game goes on at the table.
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e7"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->apply(ui::SquareClicked{*ui::parse_cell_name("e5"), ui::ClickModifier::kNone}, t += Ms(300));
  sim->tick(t += Ms(3000));
  EXPECT_EQ(sim->session().moves().size(), 2U);
}

// Session 20: a board whose journal cannot be written (here another
// connection holds the journal's write lock, as a stuck backup or a failing
// card refuses writes) plays on showing what is journaled; the hubs did not
// know. Its state now says "not recording" (BoardState.not_recording, sent
// from memory: the outbox in the same file cannot be written either), the
// hall screen's line says it, and it is cleared when a write succeeds again.
TEST(KioskPublish, ABoardWhoseJournalCannotBeWrittenIsShownNotRecordingUntilItIsWrittenAgain) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();
  auto hub = club_hub(at);
  ASSERT_TRUE(hub);
  const ui::KioskGameOptions o = table1(dir, at);
  Table table;
  ASSERT_NO_FATAL_FAILURE(open_with_e4(o, table));
  auto& sim = table.sim;
  Ms& t = table.t;
  auto click = [&](const char* cell) { table.click(cell); };
  auto line = [&] {
    std::string s;
    hub->read([&](const HubModel& m) {
      if (const BoardEntry* b = m.board("table1"); b && b->state && b->state->moves() == 1) {
        s = ui::board_title(*b, 0) + " | " + ui::board_summary(*b);
      }
    });
    return s;
  };
  ASSERT_TRUE(eventually([&] { return !line().empty(); }, 10s)) << "the hub never saw e2-e4";
  EXPECT_EQ(line().find("NOT RECORDING"), std::string::npos) << line();

  JournalHeld other(*o.journal);
  ASSERT_TRUE(other.held());
  click("e7");  // not journaled: not taken (it waits, session 23), and the hubs are told
  sim->tick(t += ui::KioskGame::kHeldSaid);  // once it has waited that long
  ASSERT_NE(sim->journal_error().find("the journal could not be written"), std::string::npos) << sim->journal_error();
  ASSERT_TRUE(eventually([&] { return line().find("NOT RECORDING") != std::string::npos; }, 10s)) << line();
  EXPECT_NE(line().find("table1 (NOT RECORDING)"), std::string::npos) << line();
  EXPECT_NE(line().find(", NOT RECORDING ("), std::string::npos) << line();
  hub->read([&](const HubModel& m) {  // the journal's own words, naming the file
    EXPECT_NE(m.board("table1")->state->not_recording().find("table1.db"), std::string::npos)
        << m.board("table1")->state->not_recording();
  });
  // Session 21: and an alert, once (a second input refused while the journal
  // is held raises no second one).
  ASSERT_TRUE(eventually([&] { return alerts_of(*hub, AlertKind::kNotRecording).size() == 1; }, 10s));
  EXPECT_EQ(alerts_of(*hub, AlertKind::kNotRecording)[0].find("board table1 is NOT RECORDING: its journal cannot be "
                                                             "written ("),
            0u);
  EXPECT_NE(alerts_of(*hub, AlertKind::kNotRecording)[0].find("table1.db"), std::string::npos);
  click("e7");
  other.release();

  // Written again: the next input clears it at the hubs.
  click("e7");
  click("e5");
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 2U);
  ASSERT_TRUE(eventually([&] {
    bool clear = false;
    hub->read([&](const HubModel& m) {
      const BoardEntry* b = m.board("table1");
      clear = b && b->state && b->state->moves() == 2 && b->state->not_recording().empty() &&
              ui::board_title(*b, 0) == "table1";
    });
    return clear;
  }, 10s));
  ASSERT_TRUE(eventually([&] { return alerts_of(*hub, AlertKind::kRecordsAgain).size() == 1; }, 10s));
  EXPECT_EQ(alerts_of(*hub, AlertKind::kRecordsAgain)[0], "board table1 records again: its journal is written again");
  EXPECT_EQ(alerts_of(*hub, AlertKind::kNotRecording).size(), 1u) << "one alert for the whole spell";
}

// Session 21: the journal's header rows (who plays, the hints switch) are
// written during the game; a failed write was put on the kiosk's headline
// bare, kept there, the change was made all the same (a resume went back to
// the old one) and the hubs never heard of it. Now the change is not made,
// the failure is said with the journal's file, and the hubs are told "not
// recording" (an alert) until the journal is written again.
TEST(KioskPublish, AHeaderRowTheJournalCannotWriteIsNotChangedAndTheHubIsTold) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();
  auto hub = club_hub(at);
  ASSERT_TRUE(hub);
  const ui::KioskGameOptions o = table1(dir, at);
  Table table;
  ASSERT_NO_FATAL_FAILURE(open_with_e4(o, table));
  auto& sim = table.sim;
  Ms& t = table.t;
  auto click = [&](const char* cell) { table.click(cell); };
  ASSERT_TRUE(eventually([&] {
    bool seen = false;
    hub->read([&](const HubModel& m) { seen = m.board("table1") && m.board("table1")->state; });
    return seen;
  }, 10s));

  JournalHeld other(*o.journal);
  ASSERT_TRUE(other.held());
  sim->apply(ui::SetBots{"Black=greedy"}, t += Ms(100));
  const std::string said = sim->journal_error();
  EXPECT_EQ(said.find("the journal could not be written (" + *o.journal + ": "), 0u) << said;
  EXPECT_NE(said.find("): who plays is not changed"), std::string::npos) << said;
  sim->apply(ui::SetAdvice{true, true}, t += Ms(100));
  EXPECT_NE(sim->journal_error().find("): the hints switch is not changed"), std::string::npos) << sim->journal_error();
  EXPECT_FALSE(sim->view(t).hints) << "not made";
  ASSERT_TRUE(eventually([&] { return alerts_of(*hub, AlertKind::kNotRecording).size() == 1; }, 10s));
  EXPECT_NE(alerts_of(*hub, AlertKind::kNotRecording)[0].find(*o.journal), std::string::npos)
      << alerts_of(*hub, AlertKind::kNotRecording)[0];
  hub->read([&](const HubModel& m) {
    for (const wire::Seat& seat : m.board("table1")->state->seats()) EXPECT_EQ(seat.bot(), "") << "Black stays a person";
  });
  other.release();

  // Written again: the next move clears the headline and the hubs' flag;
  // who plays is as the journal says, and the change can be made now.
  click("e7");
  click("e5");
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 2U);
  EXPECT_EQ(sim->journal_error(), "");
  ASSERT_TRUE(eventually([&] { return alerts_of(*hub, AlertKind::kRecordsAgain).size() == 1; }, 10s));
  sim->apply(ui::SetAdvice{true, true}, t += Ms(100));
  EXPECT_TRUE(sim->view(t).hints);
  EXPECT_EQ(sim->journal_error(), "");
  sim.reset();
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::open(*o.journal, journal::Journal::Access::kRead, j).ok());
  EXPECT_EQ(j.header().bots, "") << "the refused change is not in the journal";
  EXPECT_EQ(j.header().hints, std::optional<bool>(true));
}

// Session 21: the journal's words carry what the system said. A header row
// written while the process may write no byte more to a file (RLIMIT_FSIZE:
// the write fails with EFBIG, as a full card fails with ENOSPC) is refused
// with the journal's path and the system's "File too large"; nothing of the
// journal is lost, and the next input is journaled.
TEST(KioskPublish, AHeaderRowWriteFailureNamesTheFileAndWhatTheSystemSaid) {
  TempDir dir;
  ui::KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("table1.db");
  Table table;
  ASSERT_NO_FATAL_FAILURE(open_with_e4(o, table));
  auto& sim = table.sim;
  Ms& t = table.t;
  auto click = [&](const char* cell) { table.click(cell); };
  {
    FileSizeLimit no_more(0);  // no byte written past a file's end (the -wal is empty after the checkpoint)
    sim->apply(ui::SetAdvice{true, false}, t += Ms(100));
  }
  const std::string said = sim->journal_error();
  EXPECT_EQ(said.find("the journal could not be written (" + *o.journal + ": "), 0u) << said;
  EXPECT_NE(said.find("File too large"), std::string::npos) << said;
  EXPECT_NE(said.find("): the hints switch is not changed"), std::string::npos) << said;
  EXPECT_FALSE(sim->view(t).hints);
  click("e7");
  click("e5");
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 2U);
  EXPECT_EQ(sim->journal_error(), "");
  sim.reset();
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::open(*o.journal, journal::Journal::Access::kRead, j).ok());
  journal::JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  EXPECT_EQ(c.moves.size(), 2u) << "both moves journaled";
  EXPECT_EQ(j.header().hints, std::optional<bool>(false)) << "the refused switch is not in the journal (off as created)";
}

namespace session25 {
// The kiosk's hub line (KioskView::hub), ticking the kiosk's clock in
// `step`s until `done` holds of it (at most `within` of wall time).
bool hub_line_until(Table& table, const std::function<bool(const std::optional<ui::RulingView>&)>& done,
                    std::chrono::milliseconds within, Ms step = Ms(100)) {
  return eventually(
      [&] {
        table.sim->tick(table.t += step);
        return done(table.sim->view(table.t).hub);
      },
      within);
}
}  // namespace session25

// Session 25: the publisher's waiting results were in its status only
// (PublisherStatus.unwritten, last_error): the arbiter at the table never
// saw that the hub lacked them. The kiosk now says, under the headline,
// how many wait and for what (the broker away; the outbox held), once they
// have waited KioskGame::kHubSaid, and that they are gone when they are.
TEST(KioskPublish, TheArbiterSeesTheResultsWaitingForTheHubAndWhenTheyAreGone) {
  if (!Broker::available()) GTEST_SKIP() << "mosquitto is not installed";
  using session25::hub_line_until;
  TempDir dir;
  Broker broker(dir.path());
  std::string error;
  ASSERT_TRUE(broker.start(error)) << error;
  BrokerConfig at;
  at.port = broker.port();
  auto hub = club_hub(at);
  ASSERT_TRUE(hub);
  const ui::KioskGameOptions o = table1(dir, at);
  Table table;
  ASSERT_NO_FATAL_FAILURE(open_with_e4(o, table));
  auto moves_at_hub = [&] {
    std::uint32_t n = 0;
    hub->read([&](const HubModel& m) {
      if (const BoardEntry* b = m.board("table1"); b && b->state) n = b->state->moves();
    });
    return n;
  };
  ASSERT_TRUE(eventually([&] { return moves_at_hub() == 1; }, 10s)) << "the hub never saw e2-e4";
  ASSERT_TRUE(hub_line_until(table, [](const auto& h) { return !h.has_value(); }, 10s)) << "a hub line with nothing waiting";

  // 1. The broker goes away; e7-e5 is journaled and waits to be sent.
  broker.kill();
  table.click("e7");
  table.click("e5");
  table.sim->tick(table.t += Ms(3000));
  ASSERT_EQ(table.sim->session().moves().size(), 2U);
  std::string said;
  ASSERT_TRUE(hub_line_until(table, [&](const auto& h) {
    said = h ? h->text : "";
    return h && h->severity == ui::Severity::kWarning && h->text.find("to be sent to the hub: not connected") != std::string::npos;
  }, 20s)) << said;
  // e7-e5 is one stream item (a move's own ruling is the move item).
  EXPECT_EQ(said.rfind("1 result waits to be sent to the hub: not connected to the broker (", 0), 0u) << said;
  EXPECT_NE(said.find("); kept in the journal, it is sent when it is back"), std::string::npos) << said;
  // Among the earlier rulings too (a taller screen shows them).
  bool in_history = false;
  for (const ui::RulingView& r : table.sim->view(table.t).ruling_history)
    in_history = in_history || r.text.rfind("hub: ", 0) == 0;
  EXPECT_TRUE(in_history);

  // The broker is back: they are sent, and the line says they are gone.
  ASSERT_TRUE(broker.start(error)) << error;
  ASSERT_TRUE(hub_line_until(table, [&](const auto& h) {
    said = h ? h->text : "";
    return h && h->severity == ui::Severity::kInfo;
  }, 30s)) << said;
  EXPECT_EQ(said, "the results that waited are written and at the broker");
  ASSERT_TRUE(eventually([&] { return moves_at_hub() == 2; }, 30s)) << "the hub never saw e7-e5";
  // Said for a while (kiosk time), then the line goes.
  table.sim->tick(table.t += ui::KioskGame::kHubGoneShown);
  EXPECT_FALSE(table.sim->view(table.t).hub.has_value());

  // 2. Another connection holds the journal's file: the board's answer to
  // an arbiter's action (here its refusal: the replay guard cannot be
  // written either) waits for the outbox, and the line says so.
  {
    JournalHeld other(*o.journal);
    ASSERT_TRUE(other.held());
    wire::Action a;
    a.set_board("table1");
    a.set_kind(wire::ACTION_KIND_PAUSE);
    ASSERT_TRUE(hub->send(a, error)) << error;
    ASSERT_TRUE(hub_line_until(table, [&](const auto& h) {
      said = h ? h->text : "";
      return h && h->severity == ui::Severity::kWarning && h->text.find("to be written") != std::string::npos;
    }, 30s)) << said;
    EXPECT_EQ(said.rfind("1 result waits to be written to the journal's hub outbox (", 0), 0u) << said;
    EXPECT_NE(said.find("table1.db"), std::string::npos) << said;
    EXPECT_NE(said.find(") and is sent, in order, once it is written"), std::string::npos) << said;
  }
  ASSERT_TRUE(hub_line_until(table, [&](const auto& h) {
    said = h ? h->text : "";
    return h && h->severity == ui::Severity::kInfo;
  }, 30s)) << said;
  EXPECT_EQ(said, "the results that waited are written and at the broker");
  // The refusal reached the hub (the arbiter's alert says why).
  ASSERT_TRUE(eventually([&] { return alerts_of(*hub, AlertKind::kActionRefused).size() == 1; }, 30s));
  EXPECT_NE(alerts_of(*hub, AlertKind::kActionRefused)[0].find("its replay guard could not be recorded"),
            std::string::npos)
      << alerts_of(*hub, AlertKind::kActionRefused)[0];
}

}  // namespace
}  // namespace tabula::hub

// Session 21: what the arbiter is told about recording. A board whose
// journal cannot be written (BoardState.not_recording, session 20) raises an
// alert when it starts and one when it clears, not one per state; a state
// naming one player on two seats (which the tournament record refuses) is an
// alert from its first such state; a record that cannot take a game is an
// alert of the hub's own. Expected texts are written out here by hand.
#include <gtest/gtest.h>

#include "hub/codec.h"
#include "hub/hub_model.h"
#include "hub/tournament.h"

namespace tabula::hub {
namespace {

wire::BoardState state(std::uint64_t through, std::int64_t wall, const std::string& not_recording,
                       const std::string& game = "g1") {
  wire::BoardState st;
  st.set_version(wire::PAYLOAD_VERSION_CURRENT);
  st.set_event("club");
  st.set_board("t1");
  st.set_game_id(game);
  st.set_phase(wire::PHASE_PLAY);
  st.set_tracker(wire::TRACKER_STATE_IN_SYNC);
  st.set_through_seq(through);
  st.set_wall_ms(wall);
  st.set_not_recording(not_recording);
  for (const char* n : {"White", "Black"}) {
    wire::Seat* s = st.add_seats();
    s->set_name(n);
    s->set_status(wire::SEAT_STATUS_LIVE);
  }
  return st;
}

void deliver(HubModel& m, const wire::BoardState& st, std::int64_t now = 5000) {
  m.on_message("tabula/club/" + st.board() + "/state", encode(st), now);
}

std::vector<const Alert*> of_kind(const HubModel& m, AlertKind k) {
  std::vector<const Alert*> out;
  for (const Alert& a : m.alerts()) {
    if (a.kind == k) out.push_back(&a);
  }
  return out;
}

constexpr char kFull[] = "/var/lib/tabula/t1.db: while recording an input: I/O error (disk I/O error: No space left on device)";

TEST(RecordingAlerts, ABoardNotRecordingIsAnAlertWhenItStartsAndWhenItClearsNotAtEveryState) {
  HubModel m("club");
  deliver(m, state(3, 1, ""));
  EXPECT_TRUE(m.alerts().empty());
  EXPECT_TRUE(m.take_log().empty());
  deliver(m, state(3, 2, kFull));
  auto started = of_kind(m, AlertKind::kNotRecording);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0]->text, std::string("board t1 is NOT RECORDING: its journal cannot be written (") + kFull +
                                  "); it plays on, and what it cannot journal is not taken");
  EXPECT_EQ(started[0]->board, "t1");
  EXPECT_EQ(started[0]->key, "t1/g1/not-recording/3");
  EXPECT_EQ(std::string(to_string(AlertKind::kNotRecording)), "NOT RECORDING");
  std::vector<std::string> log = m.take_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0], started[0]->text);
  // Every state of the spell says it again (a refused input, a clock, other
  // words): nothing more is raised or logged, acknowledged or not.
  deliver(m, state(3, 3, kFull));
  m.acknowledge(started[0]->id);
  deliver(m, state(3, 4, "t1.db: another process holds the journal (database is locked)"));
  deliver(m, state(3, 5, kFull));
  EXPECT_EQ(m.alerts().size(), 1u);
  EXPECT_TRUE(m.take_log().empty());
  // Written again: once.
  deliver(m, state(4, 6, ""));
  auto again = of_kind(m, AlertKind::kRecordsAgain);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0]->text, "board t1 records again: its journal is written again");
  EXPECT_EQ(again[0]->key, "t1/g1/records-again/4");
  log = m.take_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0], "board t1 records again: its journal is written again");
  deliver(m, state(5, 7, ""));
  deliver(m, state(6, 8, ""));
  EXPECT_EQ(m.alerts().size(), 2u);
  // A second spell is a second alert, named by its own state.
  deliver(m, state(6, 9, "t1.db: full"));
  ASSERT_EQ(of_kind(m, AlertKind::kNotRecording).size(), 2u);
  EXPECT_EQ(of_kind(m, AlertKind::kNotRecording)[1]->key, "t1/g1/not-recording/6");
  // A stale retained copy from before the spell changes nothing.
  deliver(m, state(5, 7, ""));
  EXPECT_EQ(m.alerts().size(), 3u);
}

TEST(RecordingAlerts, AHubThatStartsDuringASpellNamesItAlikeAndANewGameThatRecordsEndsIt) {
  // The board's through_seq stands still while nothing is journaled, so a
  // hub that first hears of the board during the spell raises the same key
  // (one acknowledgement closes it on every hub).
  HubModel early("club");
  deliver(early, state(3, 1, ""));
  deliver(early, state(3, 2, kFull));
  HubModel late("club");
  deliver(late, state(3, 9, kFull));
  ASSERT_EQ(of_kind(late, AlertKind::kNotRecording).size(), 1u);
  EXPECT_EQ(of_kind(late, AlertKind::kNotRecording)[0]->key, of_kind(early, AlertKind::kNotRecording)[0]->key);
  // The board's next game (a new journal) records: the spell is over.
  deliver(late, state(1, 20, "", "g2"));
  auto again = of_kind(late, AlertKind::kRecordsAgain);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0]->key, "t1/g2/records-again/1");
}

TEST(RecordingAlerts, HostileNotRecordingWordsAreShownSafelyAndCut) {
  // A board's words (any client, on an open broker): escapes, a bidi
  // override, a NUL, line breaks, 10 KB.
  HubModel m("club");
  std::string words = std::string("t1.db") + "\x1b" + "[2J" + "\xE2\x80\xAE" + "\n\r" + std::string(1, '\0') +
                      "<script>x</script>" + std::string(10 * 1024, 'z');
  deliver(m, state(1, 1, words));
  auto a = of_kind(m, AlertKind::kNotRecording);
  ASSERT_EQ(a.size(), 1u);
  const std::string& text = a[0]->text;
  EXPECT_EQ(text.find("board t1 is NOT RECORDING: its journal cannot be written (t1.db<U+001B>[2J<U+202E><U+000A>"
                      "<U+000D><U+0000><script>x</script>zzz"),
            0u)
      << text;
  for (char c : text) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << "no control character";
  EXPECT_EQ(text.find("\xE2\x80\xAE"), std::string::npos);
  EXPECT_LT(text.size(), 500u) << "the words are cut (200 characters), the alert too (400)";
  std::vector<std::string> log = m.take_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].substr(0, 60), text.substr(0, 60));
  EXPECT_LT(log[0].size(), 500u);
}

wire::BoardState seated(const std::vector<std::string>& players, const std::string& game = "g1",
                        std::int64_t wall = 1) {
  wire::BoardState st = state(1, wall, "", game);
  st.clear_seats();
  static const char* kNames[] = {"Red", "Blue", "Yellow", "Green"};
  for (std::size_t i = 0; i < players.size(); ++i) {
    wire::Seat* s = st.add_seats();
    s->set_name(kNames[i]);
    s->set_player(players[i]);
    s->set_status(wire::SEAT_STATUS_LIVE);
  }
  return st;
}

TEST(RecordingAlerts, AStateNamingOnePlayerOnTwoSeatsIsAnAlertOncePerGame) {
  HubModel m("club");
  deliver(m, seated({"Ann", "Bob", "", ""}));  // unnamed seats repeat nobody
  EXPECT_TRUE(m.alerts().empty());
  // A name that is HTML, on seats 2 and 4 (the page writes texts as text).
  deliver(m, seated({"Ann", "<b onclick=x>Bob</b>", "Cid", "<b onclick=x>Bob</b>"}, "g1", 2));
  auto a = of_kind(m, AlertKind::kTwoSeats);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0]->text, "board t1, game g1: player \"<b onclick=x>Bob</b>\" is on two seats, 2 (Blue) and 4 (Green): "
                        "a game against oneself; the tournament record will not take this game (nor rate it)");
  EXPECT_EQ(a[0]->key, "t1/g1/two-seats");
  EXPECT_EQ(std::string(to_string(AlertKind::kTwoSeats)), "one player, two seats");
  // The game's next states, and its end, raise nothing more.
  deliver(m, seated({"Ann", "<b onclick=x>Bob</b>", "Cid", "<b onclick=x>Bob</b>"}, "g1", 3));
  wire::BoardState end = seated({"Ann", "<b onclick=x>Bob</b>", "Cid", "<b onclick=x>Bob</b>"}, "g1", 4);
  end.set_over(true);
  end.set_result_reason("checkmate");
  deliver(m, end);
  EXPECT_EQ(of_kind(m, AlertKind::kTwoSeats).size(), 1u);
  EXPECT_EQ(m.take_finished().size(), 1u) << "the game still goes to the record, which refuses it";
  // The record's refusal says the same words.
  EXPECT_EQ(two_seats_problem(end), "board t1, game g1: player \"<b onclick=x>Bob</b>\" is on two seats, 2 (Blue) and "
                                    "4 (Green): a game against oneself");
  // The board's next game: a new alert. A name that is a path, and one with a
  // bidi override (shown with the character named, never turned around).
  deliver(m, seated({"/etc/passwd", "/etc/passwd"}, "g2", 5));
  deliver(m, seated({"Cem\xE2\x80\xAEnna", "Cem\xE2\x80\xAEnna"}, "g3", 6));
  a = of_kind(m, AlertKind::kTwoSeats);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[1]->text, "board t1, game g2: player \"/etc/passwd\" is on two seats, 1 (Red) and 2 (Blue): a game "
                        "against oneself; the tournament record will not take this game (nor rate it)");
  EXPECT_EQ(a[2]->text, "board t1, game g3: player \"Cem<U+202E>nna\" is on two seats, 1 (Red) and 2 (Blue): a game "
                        "against oneself; the tournament record will not take this game (nor rate it)");
}

FinishedGame finished(const std::string& board, const std::string& game) {
  FinishedGame g;
  g.board = board;
  g.state = state(9, 1, "", game);
  g.state.set_board(board);
  g.state.set_over(true);
  return g;
}

constexpr char kLocked[] = "event.db: while recording a game: database is locked (another process holds the file)";

TEST(RecordingAlerts, ARecordThatCannotTakeAGameIsAnAlertOfThisHubsOwn) {
  HubModel m("club");
  m.record_failed(finished("t1", "g1"),
                  "event.db: while recording a game: I/O error (disk I/O error: No space left on device)", 7);
  auto a = of_kind(m, AlertKind::kRecordFailed);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0]->text,
            "tournament record: event.db: while recording a game: I/O error (disk I/O error: No space left on device); "
            "it is tried again until it is recorded (the board's journal keeps the game)");
  EXPECT_EQ(a[0]->board, "t1");
  EXPECT_EQ(a[0]->key, "") << "this hub's record: acknowledged here only";
  EXPECT_EQ(std::string(to_string(AlertKind::kRecordFailed)), "game not recorded");
  EXPECT_EQ(m.take_log(), std::vector<std::string>{"tournament record: board t1, game g1: event.db: while recording a "
                                                   "game: I/O error (disk I/O error: No space left on device); it is "
                                                   "tried again until it is recorded (the board's journal keeps the game)"});
}

// Session 22: the game the record could not take is tried again, 1, 2, 4 ...
// 60 s after its failures (the hub's clock, given), raises one alert however
// often it fails, and the alert closes itself when the game lands.
TEST(RecordingAlerts, AGameTheRecordCouldNotTakeIsTriedAgainWithABackOffAndItsAlertClosesWhenItLands) {
  HubModel m("club");
  const FinishedGame g1 = finished("t1", "g1");
  EXPECT_TRUE(m.due_records(0).empty());
  m.record_failed(g1, kLocked, 10000);
  EXPECT_EQ(m.waiting_records(), 1u);
  // The schedule of attempts: due at 11 s (1 s), then 2, 4, 8, 16, 32, 60, 60 s after each failure.
  std::int64_t at = 10000;
  for (std::int64_t wait : {1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000}) {
    EXPECT_TRUE(m.due_records(at + wait - 1).empty()) << "before " << wait << " ms";
    std::vector<FinishedGame> due = m.due_records(at + wait);
    ASSERT_EQ(due.size(), 1u) << "after " << wait << " ms";
    EXPECT_EQ(due[0].state.game_id(), "g1");
    at += wait;
    m.record_failed(due[0], kLocked, at);
  }
  EXPECT_EQ(of_kind(m, AlertKind::kRecordFailed).size(), 1u) << "one alert for the game, however often it fails";
  EXPECT_EQ(m.open_alerts(), 1u);
  m.take_log();

  // Another game fails meanwhile: its own alert, waiting with the first.
  const FinishedGame g2 = finished("t2", "g2");
  m.record_failed(g2, kLocked, at + 100);
  EXPECT_EQ(of_kind(m, AlertKind::kRecordFailed).size(), 2u);
  EXPECT_TRUE(m.due_records(at + 100).empty()) << "the back-off is the record's, not the game's";
  EXPECT_EQ(m.take_log().size(), 1u);

  // The first lands: its alert is closed (in the history, saying how), the
  // other waiting game is due at once.
  m.recorded(g1, at + 60000);
  auto a = of_kind(m, AlertKind::kRecordFailed);
  EXPECT_TRUE(a[0]->acknowledged);
  EXPECT_EQ(a[0]->cleared, "recorded at attempt 10");
  EXPECT_FALSE(a[1]->acknowledged);
  EXPECT_EQ(m.take_log(), std::vector<std::string>{"board t1, game g1: recorded at attempt 10 in the tournament record"});
  std::vector<FinishedGame> due = m.due_records(at + 60000);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].board, "t2");
  m.recorded(g2, at + 60000);
  EXPECT_EQ(m.take_log(), std::vector<std::string>{"board t2, game g2: recorded at attempt 2 in the tournament record"});
  EXPECT_EQ(m.open_alerts(), 0u);
  EXPECT_EQ(m.waiting_records(), 0u);
  EXPECT_TRUE(m.due_records(at + 999999).empty());
  // A game recorded the first time raises nothing and closes nothing.
  m.recorded(finished("t3", "g3"), at + 70000);
  EXPECT_EQ(m.alerts().size(), 2u);
  EXPECT_TRUE(m.take_log().empty());

  // The next failure starts the back-off from 1 s again.
  m.record_failed(finished("t4", "g4"), kLocked, 500000);
  EXPECT_TRUE(m.due_records(500999).empty());
  EXPECT_EQ(m.due_records(501000).size(), 1u);
}

// A board names its game (any client on an open broker): the hub's log lines
// of a game waiting for the record quote it shown safely and cut.
TEST(RecordingAlerts, AHostileGameIdIsQuotedSafelyAndShortInTheRecordsLogLines) {
  HubModel m("club");
  const FinishedGame g = finished("t1", "\x1b[2J\xE2\x80\xAE<script>" + std::string(10000, 'x'));
  m.record_failed(g, kLocked, 1);
  m.recorded(g, 2);
  const std::vector<std::string> log = m.take_log();
  ASSERT_EQ(log.size(), 2u);
  for (const std::string& line : log) {
    EXPECT_LT(line.size(), 1000u) << line.substr(0, 200);
    EXPECT_EQ(line.find('\x1b'), std::string::npos) << line.substr(0, 200);
    EXPECT_EQ(line.find("\xE2\x80\xAE"), std::string::npos) << line.substr(0, 200);
    EXPECT_NE(line.find("<U+001B>[2J<U+202E><script>xxx"), std::string::npos) << line.substr(0, 200);
  }
  EXPECT_EQ(log[1].substr(log[1].size() - 51), "...: recorded at attempt 2 in the tournament record") << log[1];
}

TEST(RecordingAlerts, AtMostSoManyGamesWaitForTheRecordAndTheOneBeyondSaysItIsNotTriedAgain) {
  HubModel m("club");
  for (std::size_t i = 0; i < HubModel::kMaxWaitingRecords; ++i) {
    // Many boards (each board's open alerts are bounded on their own).
    m.record_failed(finished("t" + std::to_string(i), "g"), kLocked, 1);
  }
  EXPECT_EQ(m.waiting_records(), HubModel::kMaxWaitingRecords);
  m.record_failed(finished("late", "g"), kLocked, 2);
  EXPECT_EQ(m.waiting_records(), HubModel::kMaxWaitingRecords);
  EXPECT_EQ(m.alerts().back().board, "late");
  EXPECT_EQ(m.alerts().back().text, std::string("tournament record: ") + kLocked +
                                        "; not tried again: 1000 games wait already (the board's journal keeps the game)");
}

TEST(RecordingAlerts, OnlyRecordsAgainIsAnAllClear) {
  for (AlertKind k : {AlertKind::kIllegalMove, AlertKind::kOutOfSync, AlertKind::kFlag, AlertKind::kFinished,
                      AlertKind::kOffline, AlertKind::kActionRefused, AlertKind::kGap, AlertKind::kBadPayload,
                      AlertKind::kForged, AlertKind::kHeldBack, AlertKind::kNotRecording, AlertKind::kTwoSeats,
                      AlertKind::kRecordFailed}) {
    EXPECT_EQ(tone(k), AlertTone::kAlarm) << to_string(k);
  }
  EXPECT_EQ(tone(AlertKind::kRecordsAgain), AlertTone::kAllClear);
  EXPECT_EQ(std::string(to_string(AlertTone::kAllClear)), "all-clear");
  EXPECT_EQ(std::string(to_string(AlertTone::kAlarm)), "alarm");
}

}  // namespace
}  // namespace tabula::hub

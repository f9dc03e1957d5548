// The game clock (session/clock.h) on its own, then owned by the session:
// the board is the clock (the turn passes when the board first shows the
// move), a flag fall is a loss on time judged by the rules, the arbiter
// stops, starts and sets it. Every expected time is worked out by hand from
// the event times in the test (settle time 500 ms).
#include "session/clock.h"

#include <gtest/gtest.h>

#include "table.h"

namespace tabula::testing {
namespace {

using namespace std::chrono_literals;
using session::ClockMillis;
using session::GameClock;
using session::Intent;
using session::IntentKind;
using session::Phase;
using session::RulingKind;
using session::TimeControl;
using session::TimingMode;

// ---- the clock alone -------------------------------------------------------------

TEST(GameClock, OnlyTheRunningSeatsTimeRuns) {
  GameClock c({5min, 0s, TimingMode::kSuddenDeath}, 2);
  c.start(0, 1000ms);
  EXPECT_EQ(c.remaining(0, 61000ms), 4min);
  EXPECT_EQ(c.remaining(1, 61000ms), 5min);
}

TEST(GameClock, IncrementIsAddedToTheMoverWhenTheTurnPasses) {
  GameClock c({5min, 3s, TimingMode::kIncrement}, 4);
  c.start(0, 0ms);
  c.switch_to(1, 10s);
  EXPECT_EQ(c.remaining(0, 10s), 5min - 10s + 3s);
  EXPECT_EQ(c.running(), 1);
}

TEST(GameClock, BronsteinGivesBackTheTimeUsedUpToTheDelay) {
  GameClock c({5min, 5s, TimingMode::kBronstein}, 2);
  c.start(0, 0ms);
  c.switch_to(1, 2s);  // 2 s used, 2 s back
  EXPECT_EQ(c.remaining(0, 2s), 5min);
  c.switch_to(0, 12s);  // 10 s used, 5 s back
  EXPECT_EQ(c.remaining(1, 12s), 5min - 5s);
}

TEST(GameClock, SimpleDelayDoesNotChargeTheFirstSecondsAndDelaysTheFlag) {
  GameClock c({10s, 5s, TimingMode::kSimpleDelay}, 2);
  c.start(0, 0ms);
  EXPECT_EQ(c.remaining(0, 4s), 10s);
  EXPECT_EQ(c.delay_left(4s), 1s);
  EXPECT_EQ(c.remaining(0, 7s), 8s);
  EXPECT_EQ(c.flag_time(), 15s);
}

TEST(GameClock, PauseStopsTheTurnAndResumeContinuesIt) {
  GameClock c({1min, 0s, TimingMode::kSuddenDeath}, 2);
  c.start(0, 0ms);
  c.pause(10s);
  EXPECT_EQ(c.state(), GameClock::State::kPaused);
  EXPECT_EQ(c.remaining(0, 40s), 50s);
  EXPECT_FALSE(c.flag_time());
  c.resume(0, 40s);
  EXPECT_EQ(c.remaining(0, 45s), 45s);
  EXPECT_EQ(c.flag_time(), 90s);  // 40 s + the 50 s left
}

TEST(GameClock, ResumingAnotherSeatChargesThePausedTurnWithoutBonus) {
  GameClock c({1min, 5s, TimingMode::kIncrement}, 2);
  c.start(0, 0ms);
  c.pause(10s);
  c.resume(1, 20s);  // a takeback gave the turn to seat 1
  EXPECT_EQ(c.remaining(0, 20s), 50s);
  EXPECT_EQ(c.running(), 1);
  EXPECT_EQ(c.remaining(1, 30s), 50s);
}

TEST(GameClock, FlagIsMarkedOnlyWhenTheTimeIsUp) {
  GameClock c({10s, 0s, TimingMode::kSuddenDeath}, 3);
  c.start(2, 1s);
  EXPECT_EQ(c.flag_time(), 11s);
  EXPECT_FALSE(c.flag(10999ms));
  EXPECT_EQ(c.flag(11s), 2);
  EXPECT_TRUE(c.flagged(2));
  EXPECT_FALSE(c.flag_time());  // reported once
}

TEST(GameClock, AMoveAtTheLastMillisecondIsInTime) {
  GameClock c({10s, 2s, TimingMode::kIncrement}, 2);
  c.start(0, 0ms);
  c.switch_to(1, 10s);
  EXPECT_FALSE(c.flagged(0));
  EXPECT_EQ(c.remaining(0, 10s), 2s);
}

TEST(GameClock, ARetiredSeatNeverFlags) {
  GameClock c({1s, 0s, TimingMode::kSuddenDeath}, 2);
  c.start(0, 0ms);
  c.set_retired(0, true, 500ms);
  EXPECT_FALSE(c.flag_time());
  EXPECT_EQ(c.remaining(0, 5s), 500ms);  // charged up to its retirement
}

// A withdrawn move (FIDE 4.7, s13-hands): the switch at its landing is moved
// to the real move's landing. Expected figures by hand, per timing mode; the
// amended clock equals one switched at the later moment in the first place.
TEST(GameClock, AnAmendedSwitchIsTheSwitchAtTheLaterMoment) {
  {
    GameClock c({1min, 2s, TimingMode::kIncrement}, 2);
    c.start(0, 0ms);
    c.switch_to(1, 10000ms);
    ASSERT_TRUE(c.amend_switch(10300ms));
    EXPECT_EQ(c.remaining(0, 12300ms), 1min - 10300ms + 2s);  // one increment
    EXPECT_EQ(c.running(), 1);
    EXPECT_EQ(c.remaining(1, 12300ms), 1min - 2000ms);
    GameClock direct({1min, 2s, TimingMode::kIncrement}, 2);
    direct.start(0, 0ms);
    direct.switch_to(1, 10300ms);
    EXPECT_EQ(c, direct);
  }
  {
    GameClock c({1min, 3s, TimingMode::kBronstein}, 2);
    c.start(0, 0ms);
    c.switch_to(1, 2000ms);  // 2 s used, 2 s back
    ASSERT_TRUE(c.amend_switch(3500ms));
    EXPECT_EQ(c.remaining(0, 3500ms), 1min - 500ms);  // 3.5 s used, 3 s back
  }
  {
    GameClock c({1min, 5s, TimingMode::kSimpleDelay}, 2);
    c.start(0, 0ms);
    c.switch_to(1, 4800ms);  // within the delay: nothing charged
    ASSERT_TRUE(c.amend_switch(5300ms));
    EXPECT_EQ(c.remaining(0, 5300ms), 1min - 300ms);
    EXPECT_EQ(c.flag_time(), 5300ms + 1min + 5s);
  }
}

TEST(GameClock, ASwitchIsNotAmendedAcrossAPauseAFlagOrBackwards) {
  GameClock c({10s, 0s, TimingMode::kSuddenDeath}, 2);
  c.start(0, 0ms);
  c.switch_to(1, 9900ms);
  EXPECT_FALSE(c.amend_switch(9800ms));   // before the switch
  EXPECT_FALSE(c.amend_switch(10100ms));  // the mover's time ran out first
  EXPECT_EQ(c.remaining(0, 10100ms), 100ms);
  EXPECT_EQ(c.remaining(1, 10100ms), 10s - 200ms);
  c.pause(10200ms);
  c.resume(1, 10200ms);
  EXPECT_FALSE(c.amend_switch(10200ms));  // a pause since the switch
  EXPECT_EQ(c.remaining(0, 10200ms), 100ms);
}

// Session 14: the arbiter stopped the clock after the withdrawn move's
// switch, the mover's hand still on the piece. His turn ends at the pause (or
// at his real move, if that came first); the next seat's turn starts when the
// clock starts again. Each equals the clock switched at that moment and paused.
TEST(GameClock, AnAmendedSwitchWhilePausedChargesTheMoverUpToThePause) {
  const TimeControl tc{1min, 2s, TimingMode::kIncrement};
  {
    GameClock c(tc, 2);
    c.start(0, 0ms);
    c.switch_to(1, 10000ms);
    c.pause(10200ms);
    ASSERT_TRUE(c.amend_switch(10400ms));  // the real move set down while paused
    EXPECT_EQ(c.state(), GameClock::State::kPaused);
    EXPECT_EQ(c.remaining(0, 10400ms), 1min - 10200ms + 2s);  // one increment
    EXPECT_EQ(c.remaining(1, 10400ms), 1min);                 // not begun
    GameClock direct(tc, 2);
    direct.start(0, 0ms);
    direct.switch_to(1, 10200ms);
    direct.pause(10200ms);
    EXPECT_EQ(c, direct);
    c.resume(1, 20000ms);
    EXPECT_EQ(c.remaining(1, 21000ms), 1min - 1000ms);
  }
  {
    GameClock c(tc, 2);
    c.start(0, 0ms);
    c.switch_to(1, 10000ms);
    c.pause(10200ms);
    ASSERT_TRUE(c.amend_switch(10100ms));  // set down before the pause, read after it
    EXPECT_EQ(c.remaining(0, 10400ms), 1min - 10100ms + 2s);
    EXPECT_EQ(c.remaining(1, 10400ms), 1min - 100ms);  // 10100-10200 ms
    GameClock direct(tc, 2);
    direct.start(0, 0ms);
    direct.switch_to(1, 10100ms);
    direct.pause(10200ms);
    EXPECT_EQ(c, direct);
  }
}

TEST(GameClock, AnAmendedStartMovesTheFirstTurnsStart) {
  // ClockStart::kFirstMove: the clocks start with the first move; when that
  // move is withdrawn, the next seat's time runs from the real move.
  GameClock c({1min, 2s, TimingMode::kIncrement}, 2);
  c.start(1, 1200ms);
  ASSERT_TRUE(c.amend_switch(1500ms));
  EXPECT_EQ(c.remaining(1, 2500ms), 1min - 1000ms);
  EXPECT_EQ(c.remaining(0, 2500ms), 1min);
}

TEST(GameClock, TimeControlsAreParsedAndDescribed) {
  std::string why;
  auto tc = session::parse_time_control("15+10", why);
  ASSERT_TRUE(tc);
  EXPECT_EQ(*tc, (TimeControl{15min, 10s, TimingMode::kIncrement}));
  EXPECT_EQ(session::describe(*tc), "15 min + 10 s");
  EXPECT_EQ(session::describe(*session::parse_time_control("5d3", why)), "5 min, delay 3 s");
  EXPECT_EQ(session::describe(*session::parse_time_control("5b3", why)), "5 min, Bronstein 3 s");
  EXPECT_EQ(session::describe(*session::parse_time_control("90", why)), "90 min");
  EXPECT_EQ(session::parse_time_control("0.5+1", why)->initial, 30s);
  for (const char* bad : {"", "+3", "abc", "5+x", "0", "5++3", "5.5.5"}) {
    EXPECT_FALSE(session::parse_time_control(bad, why)) << bad;
    EXPECT_NE(why.find("time control"), std::string::npos) << bad;
  }
}

TEST(GameClock, FaceTextRoundsTowardsWhatIsLeft) {
  EXPECT_EQ(session::format_clock(3723s), "1:02:03");
  EXPECT_EQ(session::format_clock(14min + 59s), "14:59");
  EXPECT_EQ(session::format_clock(10001ms), "0:11");
  EXPECT_EQ(session::format_clock(9499ms), "9.4");
  EXPECT_EQ(session::format_clock(-5ms), "0.0");
}

// ---- the session's clock ------------------------------------------------------------

// FIDE's way (the arbiter starts the first mover's clock when the setup is
// verified), so a flag can fall before any move; ClockStart::kFirstMove, the
// kiosk's default, is tested on its own below.
session::SessionSettings timed(TimeControl tc, session::ClockStart start = session::ClockStart::kSetup) {
  session::SessionSettings s;
  s.time_control = tc;
  s.clock_start = start;
  return s;
}

ClockMillis left(const Table& t, int seat) {
  return t.session().clock()->remaining(seat, t.session().now());
}

TEST(SessionClock, AnUntimedGameHasNoClock) {
  Table t("chess");
  t.setup();
  EXPECT_FALSE(t.session().clock());
  EXPECT_FALSE(t.session().snapshot().clock);
  t.intent(Intent{.kind = IntentKind::kPauseClock});
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "this game has no clock");
}

TEST(SessionClock, StartsWhenTheSetupIsVerifiedAndPassesWhenTheBoardShowsTheMove) {
  Table t("chess", "", timed({5min, 3s, TimingMode::kIncrement}));
  EXPECT_EQ(t.session().clock()->state(), GameClock::State::kIdle);
  t.setup();  // pieces down at 0 ms, verified when settled at 500 ms; now 550 ms
  EXPECT_EQ(t.session().clock()->running(), 0);
  EXPECT_EQ(left(t, 0), 5min - 50ms);
  t.up("e2", 1000).down("e4", 300);  // shown at 1850 ms
  EXPECT_EQ(t.session().clock()->running(), 0);  // not settled yet
  t.wait(600);                                   // settles at 2350 ms; now 2450 ms
  ASSERT_EQ(t.moves(), std::vector<std::string>{"e2-e4"});
  // White: 1850 - 500 = 1350 ms used, 3 s added; Black runs from 1850 ms.
  EXPECT_EQ(left(t, 0), 5min - 1350ms + 3s);
  EXPECT_EQ(t.session().clock()->running(), 1);
  EXPECT_EQ(left(t, 1), 5min - 600ms);
}

TEST(SessionClock, AsClubsDoTheClocksStartOnTheFirstMove) {
  // Issue 27 item 5: the clocks ran from the moment the kiosk started,
  // before anyone sat down.
  Table t("chess", "", timed({5min, 3s, TimingMode::kIncrement}, session::ClockStart::kFirstMove));
  t.setup();  // verified at 500 ms; now 550 ms
  t.wait(60000);
  EXPECT_EQ(t.session().clock()->state(), GameClock::State::kIdle);
  EXPECT_EQ(left(t, 0), 5min);
  EXPECT_FALSE(t.session().clock()->flag_time());
  t.up("e2", 1000).down("e4", 300);  // shown at 61850 ms
  t.wait(600);                       // settles at 62350 ms; now 62450 ms
  ASSERT_EQ(t.moves(), std::vector<std::string>{"e2-e4"});
  // White's first move is not timed (nor paid its increment); Black's time
  // runs from the moment the board showed it.
  EXPECT_EQ(left(t, 0), 5min);
  EXPECT_EQ(t.session().clock()->running(), 1);
  EXPECT_EQ(left(t, 1), 5min - 600ms);
  t.move("e7", "e5", 2000).wait(600);
  EXPECT_EQ(t.session().clock()->running(), 0);
  EXPECT_NE(left(t, 1), 5min - 600ms) << "Black's turn was charged and paid";
}

TEST(SessionCitations, AChessComWalkingKingCitesChessComNotSheet002) {
  // Issue 27 item 3: a resigned chess.com FFA player's king walks on, and
  // its move was asked "(002 rule 7)", another sheet's rule.
  Table t("chesscom-ffa");
  t.setup();
  Intent resign{.kind = IntentKind::kResign};
  resign.seat = core::seat_at(1);  // Blue
  t.intent(resign);
  // Red's move (a pawn that could go on: read after slide_rest, issue 27
  // item 10): Blue's turn, its king walks.
  t.move("h2", "h3", 1000).wait(1600);
  const session::Request* random = nullptr;
  for (const session::Request& r : t.session().requests()) {
    if (r.kind == session::RequestKind::kRandomMove) random = &r;
  }
  ASSERT_NE(random, nullptr) << t.transcript();
  EXPECT_EQ(random->prompt.find("002"), std::string::npos) << random->prompt;
  EXPECT_NE(random->prompt.find("Four-player FFA (chess.com)"), std::string::npos) << random->prompt;
}

TEST(SessionClock, AFlagFallIsALossOnTime) {
  Table t("chess", "", timed({1min, 0s, TimingMode::kSuddenDeath}));
  t.setup();
  t.wait(60000);  // White's time ends at 500 + 60000 ms
  EXPECT_EQ(t.session().phase(), Phase::kOver) << t.transcript();
  std::vector<session::Ruling> clock = t.rulings(RulingKind::kClock);
  ASSERT_EQ(clock.size(), 1U);
  EXPECT_EQ(clock.front().text, "White's flag has fallen (1 min)");
  EXPECT_EQ(clock.front().time, 60500ms);
  const core::Outcome& o = t.session().game().outcome();
  ASSERT_TRUE(o.over);
  EXPECT_FALSE(o.draw);
  EXPECT_EQ(o.ranking.front(), core::seat_at(1));  // Black wins
  EXPECT_EQ(t.session().clock()->state(), GameClock::State::kStopped);
}

TEST(SessionClock, AMoveShownBeforeTheFlagStandsThoughItSettlesAfter) {
  Table t("chess", "", timed({10s, 0s, TimingMode::kSuddenDeath}));
  t.setup();                                // White's flag would fall at 10500 ms
  t.up("e2", 9450).down("e4", 400);         // shown at 10400 ms
  t.wait(700);                              // settles at 10900 ms
  EXPECT_EQ(t.moves(), std::vector<std::string>{"e2-e4"}) << t.transcript();
  EXPECT_TRUE(t.rulings(RulingKind::kClock).empty()) << t.transcript();
  EXPECT_EQ(left(t, 0), 100ms);
  EXPECT_EQ(t.session().clock()->running(), 1);
}

TEST(SessionClock, AMoveShownAfterTheFlagIsTooLate) {
  Table t("chess", "", timed({10s, 0s, TimingMode::kSuddenDeath}));
  t.setup();
  t.up("e2", 9450).down("e4", 600);  // shown at 10600 ms, the flag fell at 10500 ms
  t.wait(700);
  EXPECT_TRUE(t.moves().empty()) << t.transcript();
  ASSERT_EQ(t.rulings(RulingKind::kClock).size(), 1U);
  EXPECT_EQ(t.rulings(RulingKind::kClock).front().time, 10500ms);
  EXPECT_EQ(t.session().phase(), Phase::kOver);
}

TEST(SessionClock, FourKingdomsFlagMakesARandomMoverAndTheOthersPlayOn) {
  // 002 rule 7: a player out of time goes on as a random mover; his clock
  // stops, the table plays his drawn move, then the next seat's clock runs.
  Table t("four-kingdoms", "", timed({20s, 0s, TimingMode::kSuddenDeath}));
  t.setup();
  t.wait(20000);  // Red's flag falls at 20500 ms; now 20550 ms
  ASSERT_EQ(t.rulings(RulingKind::kClock).size(), 1U) << t.transcript();
  EXPECT_EQ(t.session().game().status(core::seat_at(0)), core::SeatStatus::kFlagged);
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  EXPECT_TRUE(t.session().clock()->retired(0));
  EXPECT_FALSE(t.session().clock()->flag_time());  // nobody's time runs for a random mover
  const session::Request* random = nullptr;
  for (const session::Request& r : t.session().requests()) {
    if (r.kind == session::RequestKind::kRandomMove) random = &r;
  }
  ASSERT_NE(random, nullptr) << t.transcript();
  const core::Geometry& g = t.rules().geometry;
  std::string from = g.name(random->move.from), to = g.name(random->move.to);
  t.up(from, 1000).down(to, 1000).wait(600);  // shown at 22550 ms
  ASSERT_EQ(t.moves().size(), 1U) << t.transcript();
  EXPECT_EQ(t.session().clock()->running(), 1);
  EXPECT_EQ(left(t, 1), 20s - 600ms);  // Blue's turn began when Red's move was shown
  EXPECT_EQ(left(t, 0), 0ms);
}

TEST(SessionClock, TheArbiterStopsStartsAndSetsTheClock) {
  Table t("chess", "", timed({5min, 0s, TimingMode::kSuddenDeath}));
  t.setup();                                      // now 550 ms
  t.intent(Intent{.kind = IntentKind::kPauseClock}, 450);  // at 1000 ms
  EXPECT_EQ(t.last_text(RulingKind::kClock), "the arbiter stops the clock");
  EXPECT_TRUE(t.session().snapshot().clock_held);
  t.wait(60000);
  EXPECT_EQ(left(t, 0), 5min - 500ms);
  t.intent(Intent{.kind = IntentKind::kPauseClock});
  EXPECT_EQ(t.last_text(RulingKind::kOperator), "the clock is already stopped");
  t.intent(Intent{.kind = IntentKind::kResumeClock});
  t.wait(1000);
  EXPECT_EQ(left(t, 0), 5min - 1500ms);
  Intent set{.kind = IntentKind::kSetClock};
  set.seat = core::seat_at(0);
  set.count = 5000;
  t.intent(set);
  EXPECT_EQ(t.last_text(RulingKind::kClock), "the arbiter sets White's clock to 5.0");
  t.wait(5000);
  EXPECT_EQ(t.rulings(RulingKind::kClock).back().text, "White's flag has fallen (5 min)");
}

TEST(SessionClock, ATakebackHandsTheClockBackToTheSeatToMove) {
  Table t("chess", "", timed({5min, 0s, TimingMode::kSuddenDeath}));
  t.setup();
  t.move("e2", "e4", 1000).wait(600);
  ASSERT_EQ(t.session().clock()->running(), 1);
  Intent back{.kind = IntentKind::kTakeback};
  back.count = 1;
  t.intent(back);
  EXPECT_EQ(t.session().phase(), Phase::kRestore);
  EXPECT_EQ(t.session().clock()->state(), GameClock::State::kPaused);
  t.up("e4", 5000).down("e2", 100).wait(600);
  EXPECT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
  EXPECT_EQ(t.session().clock()->running(), 0);
}

// s13-attack: `#! 9000 timeout White` with `--clock 15+10` ended the game
// "over time" with 907 s on White's clock. FIDE 6.10.1: the session's clock
// is conclusive; it flags a seat itself at zero. The arbiter's flag of a
// seat whose clock shows time is refused in words and the game goes on.
TEST(SessionClock, AnArbitersFlagOfASeatWithTimeOnItsClockIsRefused) {
  Table t("chess", "", timed({15min, 10s, TimingMode::kIncrement}));
  t.setup();                                // now 550 ms; White's time runs from 500 ms
  Intent flag{.kind = IntentKind::kTimeout};
  flag.seat = core::seat_at(0);
  t.intent(flag, 8450);                     // at 9000 ms: 15 min - 8500 ms left
  EXPECT_EQ(t.last_text(RulingKind::kOperator),
            "White's clock shows 14:52: no flag (FIDE 6.10.1: the session's clock decides; it flags a seat "
            "itself at zero)")
      << t.transcript();
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  EXPECT_FALSE(t.session().game().outcome().over);
  EXPECT_EQ(left(t, 0), 15min - 8500ms);
  EXPECT_EQ(t.session().clock()->running(), 0);
  // The seat not to move, whose clock stands, is refused too.
  flag.seat = core::seat_at(1);
  t.intent(flag);
  EXPECT_EQ(t.last_text(RulingKind::kOperator).rfind("Black's clock shows 15:00: no flag", 0), 0U)
      << t.transcript();
  t.move("e2", "e4", 1000).wait(600);
  EXPECT_EQ(t.moves(), std::vector<std::string>{"e2-e4"}) << t.transcript();
}

TEST(SessionClock, UnderASecondTheRefusalSaysTheMillisecondsTheFaceRoundsAway) {
  Table t("chess", "", timed({10s, 0s, TimingMode::kSuddenDeath}));
  t.setup();                                // White's flag falls at 10500 ms
  Intent flag{.kind = IntentKind::kTimeout};
  flag.seat = core::seat_at(0);
  t.intent(flag, 10420 - 550);              // at 10420 ms: 80 ms left
  EXPECT_EQ(t.last_text(RulingKind::kOperator).rfind("White's clock shows 0.0 (80 ms left): no flag", 0), 0U)
      << t.transcript();
  EXPECT_EQ(t.session().phase(), Phase::kPlay);
  // At zero the session's own clock flags the seat.
  t.wait(200);
  EXPECT_EQ(t.session().phase(), Phase::kOver) << t.transcript();
  ASSERT_EQ(t.rulings(RulingKind::kClock).size(), 1U);
  EXPECT_EQ(t.rulings(RulingKind::kClock).front().time, 10500ms);
}

TEST(SessionClock, WithoutASessionClockTheArbitersFlagStands) {
  // An external clock by the board: Tabula keeps no clock, the arbiter reads
  // the flag and declares it.
  Table t("chess");
  t.setup();
  t.move("e2", "e4", 1000).wait(600);
  Intent flag{.kind = IntentKind::kTimeout};
  flag.seat = core::seat_at(1);
  t.intent(flag);
  EXPECT_EQ(t.session().phase(), Phase::kOver) << t.transcript();
  ASSERT_TRUE(t.session().game().outcome().over);
  EXPECT_EQ(t.session().game().outcome().ranking.front(), core::seat_at(0));
}

TEST(SessionClock, AnArbitersFlagAtZeroWithTheClockStoppedStands) {
  // The arbiter stops the clock and sets a seat's time to zero (a defect
  // found, FIDE 6.10.2): his flag then agrees with the clock.
  Table t("chess", "", timed({5min, 0s, TimingMode::kSuddenDeath}));
  t.setup();
  t.intent(Intent{.kind = IntentKind::kPauseClock});
  Intent set{.kind = IntentKind::kSetClock};
  set.seat = core::seat_at(0);
  set.count = 0;
  t.intent(set);
  EXPECT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
  Intent flag{.kind = IntentKind::kTimeout};
  flag.seat = core::seat_at(0);
  t.intent(flag);
  EXPECT_EQ(t.session().phase(), Phase::kOver) << t.transcript();
  EXPECT_EQ(t.session().game().outcome().ranking.front(), core::seat_at(1));
}

// s13-hands' withdrawal (FIDE 4.7): Black's knight bounces onto e7 (Ng8-e7
// committed at once, the clock switched), is lifted 180 ms later and set on
// f6 120 ms after that: the move was made at f6's landing, and Black's clock
// ran until then. Before: the 300 ms were charged to White.
TEST(SessionClock, AWithdrawnMovesSlideOnIsChargedToItsMover) {
  // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3: Black to move.
  Table t("chess", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4",
          timed({1min, 2s, TimingMode::kIncrement}));
  t.setup();  // verified at 500 ms: Black's time runs; now 550 ms
  t.up("g8").down("e7", 560).up("e7", 180).down("f6", 120).wait(700);
  // g8 up at 650 ms, e7 down at 1210 ms, up at 1390 ms, f6 down at 1510 ms; now 2210 ms.
  ASSERT_EQ(t.moves(), (std::vector<std::string>{"Ng8-e7", "Ng8-f6"})) << t.transcript();
  ASSERT_FALSE(t.last_text(RulingKind::kWithdrawn).empty()) << t.transcript();
  EXPECT_EQ(left(t, 1), 1min - 1010ms + 2s) << t.transcript();  // one increment
  EXPECT_EQ(t.session().clock()->running(), 0);
  EXPECT_EQ(left(t, 0), 1min - 700ms) << t.transcript();
}

// Session 14: the arbiter stops the clock after Black's knight was set down
// on e7, his hand still on it; the knight goes on to f6 while the clock is
// stopped. Black's turn ran until the pause; White's starts when the clock
// starts again (before session 14: Black charged only to e7's landing, White
// the 90 ms up to the pause).
TEST(SessionClock, AMoveWithdrawnWhileTheClockIsStoppedIsChargedToItsMoverUpToThePause) {
  Table t("chess", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4",
          timed({1min, 2s, TimingMode::kIncrement}));
  t.setup();  // verified at 500 ms: Black's time runs; now 550 ms
  t.up("g8").down("e7", 560);  // e7 down at 1210 ms: Ng8-e7 committed at once
  t.intent(Intent{.kind = IntentKind::kPauseClock}, 90);  // at 1300 ms
  t.up("e7", 90).down("f6", 120).wait(700);  // e7 up at 1390 ms, f6 down at 1510 ms
  ASSERT_EQ(t.moves(), (std::vector<std::string>{"Ng8-e7", "Ng8-f6"})) << t.transcript();
  ASSERT_FALSE(t.last_text(RulingKind::kWithdrawn).empty()) << t.transcript();
  EXPECT_EQ(left(t, 1), 1min - 800ms + 2s) << t.transcript();  // 500-1300 ms, one increment
  EXPECT_EQ(left(t, 0), 1min) << t.transcript();               // not begun
  EXPECT_EQ(t.session().clock()->state(), GameClock::State::kPaused);
  t.intent(Intent{.kind = IntentKind::kResumeClock}).wait(1000);
  EXPECT_EQ(left(t, 0), 1min - 1000ms) << t.transcript();
  EXPECT_EQ(left(t, 1), 1min - 800ms + 2s);
}

// Session 14: a move accepted while the arbiter held the clock switched
// nothing; withdrawing it moves no switch (the one before was another
// seat's).
TEST(SessionClock, AMoveMadeWhileTheClockWasStoppedMovesNoSwitchWhenWithdrawn) {
  Table t("chess", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4",
          timed({1min, 2s, TimingMode::kIncrement}));
  t.setup();                                               // now 550 ms
  t.intent(Intent{.kind = IntentKind::kPauseClock}, 50);   // at 600 ms: Black charged 100 ms
  t.up("g8").down("e7", 560).up("e7", 180).down("f6", 120).wait(700);
  ASSERT_EQ(t.moves(), (std::vector<std::string>{"Ng8-e7", "Ng8-f6"})) << t.transcript();
  EXPECT_EQ(left(t, 1), 1min - 100ms) << t.transcript();
  EXPECT_EQ(left(t, 0), 1min) << t.transcript();
  t.intent(Intent{.kind = IntentKind::kResumeClock}).wait(1000);
  EXPECT_EQ(t.session().clock()->running(), 0);
  EXPECT_EQ(left(t, 0), 1min - 1000ms) << t.transcript();
}

// Session 14: the next seat's flag waits while the move that started its
// turn may still be withdrawn (FIDE 4.7: if it is, that turn had not begun;
// FIDE 6.9: a flag falls at zero of a turn that ran). White has 200 ms.
TEST(SessionClock, TheNextSeatsFlagWaitsWhileTheMoveBeforeMayStillBeWithdrawn) {
  const std::string fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4";
  Intent set{.kind = IntentKind::kSetClock};
  set.seat = core::seat_at(0);
  set.count = 200;
  {
    // The knight goes on from e7 to f6: White's turn begins at f6 (1510 ms).
    Table t("chess", fen, timed({1min, 0s, TimingMode::kSuddenDeath}));
    t.setup().intent(set, 0);  // 550 ms
    t.up("g8").down("e7", 560).up("e7", 180).down("f6", 120).wait(100);  // f6 at 1510 ms; 1610 ms
    ASSERT_EQ(t.moves(), (std::vector<std::string>{"Ng8-e7", "Ng8-f6"})) << t.transcript();
    EXPECT_FALSE(t.session().game().outcome().over) << t.transcript();
    EXPECT_EQ(left(t, 0), 100ms) << t.transcript();
    t.wait(200);  // 1810 ms: White's 200 ms ran out at 1710 ms
    EXPECT_TRUE(t.session().game().outcome().over) << t.transcript();
    EXPECT_NE(t.last_text(RulingKind::kClock).find("White's flag has fallen"), std::string::npos)
        << t.transcript();
  }
  {
    // The knight stays on e7: the flag (its time up at 1410 ms) falls when
    // the knight can no longer be moved on, 500 ms after it was set down.
    Table t("chess", fen, timed({1min, 0s, TimingMode::kSuddenDeath}));
    t.setup().intent(set, 0);
    t.up("g8").down("e7", 560).wait(400);  // e7 at 1210 ms; now 1610 ms
    ASSERT_EQ(t.moves(), (std::vector<std::string>{"Ng8-e7"})) << t.transcript();
    EXPECT_FALSE(t.session().game().outcome().over) << t.transcript();
    t.wait(150);  // 1760 ms
    EXPECT_TRUE(t.session().game().outcome().over) << t.transcript();
  }
}

// ---- adjudication and setting a position ----------------------------------------------

TEST(Arbiter, AdjudicatesADrawAWinOrTheStanding) {
  {
    Table t("chess", "", timed({5min, 0s, TimingMode::kSuddenDeath}));
    t.setup();
    Intent a{.kind = IntentKind::kAdjudicate};
    a.force = true;
    t.intent(a);
    EXPECT_TRUE(t.session().game().outcome().draw);
    EXPECT_EQ(t.session().phase(), Phase::kOver);
    EXPECT_EQ(t.session().clock()->state(), GameClock::State::kStopped);
    t.intent(a);
    EXPECT_EQ(t.last_text(RulingKind::kOperator), "the game is already over");
  }
  {
    Table t("chess");
    t.setup();
    Intent a{.kind = IntentKind::kAdjudicate};
    a.seat = core::seat_at(1);
    t.intent(a);
    ASSERT_TRUE(t.session().game().outcome().over);
    EXPECT_EQ(t.session().game().outcome().ranking.front(), core::seat_at(1));
    EXPECT_EQ(t.session().game().outcome().reason, "adjudicated by the arbiter");
  }
  {
    // 002: the standing is the ledger (all level here, ranked by the tie-break).
    Table t("four-kingdoms");
    t.setup();
    Intent a{.kind = IntentKind::kAdjudicate};
    a.seat = core::kNoSeat;
    t.session().intent(a);
    ASSERT_TRUE(t.session().game().outcome().over);
    EXPECT_FALSE(t.session().game().outcome().draw);
    EXPECT_EQ(t.session().game().outcome().ranking.size(), 4U);
  }
}

TEST(Arbiter, SetsAPositionThatTheTableThenSetsUp) {
  Table t("chess");
  t.setup();
  Intent bad{.kind = IntentKind::kSetPosition};
  bad.text = "8/8/8/8/8/8/8/8 w - - 0 1";
  t.intent(bad);
  EXPECT_NE(t.last_text(RulingKind::kOperator).find("cannot be set"), std::string::npos);
  EXPECT_EQ(t.session().phase(), Phase::kPlay);  // nothing changed
  Intent set{.kind = IntentKind::kSetPosition};
  set.text = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  t.intent(set);
  EXPECT_EQ(t.session().phase(), Phase::kSetup);
  // Take off everything but the three pieces of the new position.
  for (const char* sq : {"a1", "b1", "c1", "d1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "f2",
                         "g2", "h2", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8",
                         "c8", "d8", "f8", "g8", "h8"}) {
    t.up(sq, 20);
  }
  t.wait(600);
  EXPECT_EQ(t.session().phase(), Phase::kPlay) << t.transcript();
  t.move("e2", "e4").wait(600);
  EXPECT_EQ(t.moves(), std::vector<std::string>{"e2-e4"});
}

// ---- teaching mode ----------------------------------------------------------------------

TEST(Teaching, ALiftedPieceShowsItsLegalDestinations) {
  Table t("chess");
  t.setup();
  t.up("g1");
  session::Snapshot s = t.session().snapshot();
  EXPECT_EQ(s.lifted_piece, t.sq("g1"));
  std::vector<core::Square> want = {t.sq("f3"), t.sq("h3")};
  std::sort(s.destinations.begin(), s.destinations.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.destinations, want);
  t.up("b1");  // two pieces in the air: no hint
  EXPECT_TRUE(t.session().snapshot().destinations.empty());
}

}  // namespace
}  // namespace tabula::testing

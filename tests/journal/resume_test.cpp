// Resuming in-process, as the kiosk will: the journal's inputs replayed
// through a fresh Session give back the same state, including an open
// dialog (a promotion question) and the clocks-as-values (session time).
#include "journal/resume.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "journal_fixture.h"

namespace tabula::journal {
namespace {

using testing::ScratchDir;

// 5. bxa8=Q: a capture that promotes; the generator answers the kiosk's
// question some time after the pawn lands.
constexpr const char* kPromotion = "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q *\n";

JournalHeader chess_header() {
  auto rules = testing::rules_of("chess");
  JournalHeader h;
  h.variant = "chess";
  h.start_position = rules->start_fen;
  return h;
}

// The journal `j` (at `path`, of `rules`) resumed is the `live` session
// again: its state, its moves and its clock.
void expect_resumed_as_live(Journal& j, const std::string& path, const std::shared_ptr<const core::RuleSet>& rules,
                            const session::Session& live) {
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  Resumed r = resume(c, path, {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  EXPECT_EQ(r.session->game().moves(), live.game().moves());
  ASSERT_TRUE(r.session->clock().has_value());
  EXPECT_EQ(*r.session->clock(), *live.clock());
}

TEST(Resume, AnOpenPromotionQuestionComesBackAsItWas) {
  auto rules = testing::rules_of("chess");
  std::vector<session::Input> inputs = testing::script_inputs("chess", kPromotion, 2);
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), chess_header(), j).ok());
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), chess_header().settings());
  bool question_open = false;
  for (const session::Input& next : inputs) {
    // Tick at the session's deadlines, as every driver does (play_commands).
    for (auto d = live.next_deadline(); d && *d < session::time_of(next); d = live.next_deadline()) {
      session::Input tick = session::Tick{*d};
      ASSERT_TRUE(j.record(tick, live.handle(tick), 0).ok());
      for (const session::Request& r : live.requests()) question_open |= r.kind == session::RequestKind::kPromotion;
      if (question_open) break;
    }
    if (question_open) break;
    const session::Input& in = next;
    session::Output o = live.handle(in);
    ASSERT_TRUE(j.record(in, o, 0).ok());
    for (const session::Request& r : live.requests()) question_open |= r.kind == session::RequestKind::kPromotion;
    if (question_open) break;  // "crash" with the dialog on screen
  }

  ASSERT_TRUE(question_open) << "the script never asked for the promotion piece";

  Journal reread;
  JournalContents c;
  ASSERT_TRUE(Journal::open(dir.file("g.db"), Journal::Access::kRead, reread).ok());
  ASSERT_TRUE(reread.load(c).ok());
  Resumed r = resume(c, dir.file("g.db"), {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  ASSERT_EQ(r.session->requests().size(), live.requests().size());
  for (std::size_t i = 0; i < live.requests().size(); ++i) {
    EXPECT_EQ(r.session->requests()[i].id, live.requests()[i].id);
    EXPECT_EQ(r.session->requests()[i].deadline, live.requests()[i].deadline);
    EXPECT_EQ(r.session->requests()[i].options.size(), live.requests()[i].options.size());
  }
  EXPECT_EQ(r.session->next_deadline(), live.next_deadline());
  EXPECT_EQ(r.session->now(), live.now());
}

TEST(Resume, AJournalOfOtherRulesIsRefusedNotGuessed) {
  auto rules = testing::rules_of("chess");
  std::vector<session::Input> inputs = testing::script_inputs("chess", testing::kScholarsMate, 3);
  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), chess_header(), j).ok());
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), chess_header().settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_FALSE(c.moves.empty());
  c.moves[2].text = "Qd1-h5";  // what another build of the rules might have said
  Resumed r = resume(c, "g.db", {rules});
  EXPECT_FALSE(r.session.has_value());
  EXPECT_NE(r.error.find("g.db: resuming differs from the journal at move 3"), std::string::npos) << r.error;
}

// The reeds of `start` laid out at 0 ms (one event a piece).
std::vector<session::Input> laid_out(const core::RuleSet& rules, const core::Position& start) {
  std::vector<session::Input> inputs;
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const core::Square q = static_cast<core::Square>(i);
    if (rules.geometry.playable(q) && !start.at(q).empty())
      inputs.push_back(session::SquareEvent{session::Millis{0}, rules.geometry.cells_of(q).front(), true});
  }
  return inputs;
}

// Session 13 (s13-hands): a move committed at once, then withdrawn because
// its piece went on at once (tracker.h, "A piece moved on at once"): the
// journal holds both moves as said, and the replay gives the same game.
TEST(Resume, AMoveWithdrawnAtOnceReplaysToTheSameGame) {
  auto rules = testing::rules_of("chess");
  JournalHeader h = chess_header();
  // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3: Black to move.
  h.start_position = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4";
  const core::Position start = *core::parse_fen(*rules, h.start_position);
  std::vector<session::Input> inputs = laid_out(*rules, start);
  long t = 600;
  auto reed = [&](const char* square, bool down, long gap) {
    t += gap;
    inputs.push_back(session::SquareEvent{session::Millis{t}, rules->geometry.parse(square), down});
  };
  // The knight bounces onto e7 and is slid on to f6; then 5. d4.
  reed("g8", false, 100);
  reed("e7", true, 560);
  reed("e7", false, 180);
  reed("f6", true, 120);
  reed("d2", false, 700);
  reed("d4", true, 300);
  inputs.push_back(session::Tick{session::Millis{t + 2000}});

  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok());
  session::Session live({rules}, start, h.settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  ASSERT_EQ(live.game().moves().size(), 2U);
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_EQ(c.moves.size(), 3U);
  EXPECT_EQ(c.moves[0].text, "Ng8-e7");
  EXPECT_EQ(c.moves[1].text, "Ng8-f6");
  EXPECT_EQ(c.moves[2].text, "d2-d4");
  bool withdrawn = false;
  for (const StoredRuling& r : c.rulings) withdrawn |= r.kind == "move-withdrawn";
  EXPECT_TRUE(withdrawn);
  Resumed r = resume(c, dir.file("g.db"), {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  const core::Position& p = r.session->game().position();
  EXPECT_TRUE(p.at(rules->geometry.parse("e7")).empty());
  EXPECT_FALSE(p.at(rules->geometry.parse("f6")).empty());
  EXPECT_FALSE(p.at(rules->geometry.parse("d4")).empty());
  EXPECT_EQ(r.session->game().moves(), live.game().moves());
}

// Session 14 (s14-hands): the arbiter stops the clock while the knight set
// down on e7 is still in the hand, and it goes on to f6: the mover is charged
// up to the pause, the next seat's turn starts when the clock starts again,
// and the replay gives the same clocks (GameClock::amend_switch while paused).
TEST(Resume, AMoveWithdrawnWhileTheClockIsStoppedReplaysToTheSameClocks) {
  auto rules = testing::rules_of("chess");
  JournalHeader h = chess_header();
  h.start_position = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4";
  h.time_control = "60000 2000 1";  // 1 min + 2 s increment
  const core::Position start = *core::parse_fen(*rules, h.start_position);
  std::vector<session::Input> inputs = laid_out(*rules, start);
  auto reed = [&](const char* square, bool down, long at) {
    inputs.push_back(session::SquareEvent{session::Millis{at}, rules->geometry.parse(square), down});
  };
  auto clock = [&](session::IntentKind kind, long at) {
    session::Intent in;
    in.kind = kind;
    in.time = session::Millis{at};
    inputs.push_back(in);
  };
  // Verified at 500 ms; Ng8-e7 at 1300 ms (the clocks start: White's
  // runs), the clock stopped at 1400 ms, the knight on f6 at 1600 ms (Ng8-e7
  // withdrawn), the clock started again at 3000 ms.
  reed("g8", false, 700);
  reed("e7", true, 1300);
  clock(session::IntentKind::kPauseClock, 1400);
  reed("e7", false, 1450);
  reed("f6", true, 1600);
  clock(session::IntentKind::kResumeClock, 3000);
  inputs.push_back(session::Tick{session::Millis{4000}});

  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok());
  session::Session live({rules}, start, h.settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  ASSERT_EQ(live.game().moves().size(), 1U);
  ASSERT_TRUE(live.clock().has_value());
  const session::Millis now{4000};
  // The clocks start with the first move (the session's default): Black's
  // never ran; White's runs from the resume, 3000 ms (before session 14 the
  // 100 ms from e7's landing to the pause were White's too).
  EXPECT_EQ(live.clock()->remaining(1, now), session::Millis{60000});
  EXPECT_EQ(live.clock()->remaining(0, now), session::Millis{60000 - 1000});
  expect_resumed_as_live(j, dir.file("g.db"), rules, live);
}

// Session 31 (s31-hands): a capture shown by its victim's chattering reed
// and committed as Black's bishop seemed to take on its square, the bishop
// then landing elsewhere (tracker.h, "A capture landed late"): the capture's
// clock switch moves to the knight's landing (GameClock::amend_switch), and
// the replay of the journal gives the same clocks.
TEST(Resume, ACaptureLandedLateReplaysToTheSameClocks) {
  auto rules = testing::rules_of("chess");
  JournalHeader h = chess_header();
  h.start_position = "r3k1n1/p1p1b1pr/n1bp3p/1p2pp2/P1P1P2q/N2K1P2/1P1PB1PP/R1BQ2NR w q - 4 14";
  h.time_control = "60000 2000 1";  // 1 min + 2 s increment
  const core::Position start = *core::parse_fen(*rules, h.start_position);
  std::vector<session::Input> inputs = laid_out(*rules, start);
  auto reed = [&](const char* square, bool down, long at) {
    inputs.push_back(session::SquareEvent{session::Millis{at}, rules->geometry.parse(square), down});
  };
  // White's knight lifted from a3 at 1000 ms; b5's reed chattering 10 flips
  // at 1300-1305 ms (ending closed: Na3xb5 shown); the pawn lifted at 1341;
  // Black's bishop lifted at 1398 (its reed bouncing); the knight landing on
  // b5 at 1614, the bishop on d7 at 2013.
  reed("a3", false, 1000);
  const long flips[10] = {1300, 1300, 1301, 1301, 1302, 1302, 1303, 1303, 1304, 1305};
  for (int i = 0; i < 10; ++i) reed("b5", i % 2 == 1, flips[i]);
  reed("b5", false, 1341);
  reed("c6", false, 1398);
  reed("c6", true, 1399);
  reed("c6", false, 1403);
  reed("b5", true, 1614);
  reed("d7", true, 2013);
  inputs.push_back(session::Tick{session::Millis{4000}});

  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok());
  session::Session live({rules}, start, h.settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  ASSERT_EQ(live.game().moves().size(), 2U);
  ASSERT_TRUE(live.clock().has_value());
  const session::Millis now{4000};
  // The clocks start with the first move, at the knight's landing (1614):
  // Black used 399 ms to the bishop's landing and gained 2 s; White's turn
  // runs from 2013. Before session 31 the clocks started at the chatter's
  // fill, 1300 ms, and Black was charged 713 ms.
  EXPECT_EQ(live.clock()->remaining(1, now), session::Millis{60000 - 399 + 2000});
  EXPECT_EQ(live.clock()->remaining(0, now), session::Millis{60000 - (4000 - 2013)});
  expect_resumed_as_live(j, dir.file("g.db"), rules, live);
}

// Session 13 (s13-clock): an arbiter's flag of a seat whose session clock
// still shows time is refused (FIDE 6.10.1; session_clock.cpp,
// unfounded_flag). The journal holds the intent as every build wrote it, so
// a journal written before the change, whose flag ended the game with time on
// the clock, replays to the rule of this build: the flag is refused, the game
// resumes in play with the clocks as they stood, and its moves still match.
TEST(Resume, AnOlderFlagWithTimeOnTheClockIsRefusedOnResume) {
  auto rules = testing::rules_of("chess");
  JournalHeader h = chess_header();
  h.time_control = "900000 10000 1";  // 15 min + 10 s (TimingMode::kIncrement)
  std::vector<session::Input> inputs = testing::script_inputs("chess", "1. e4 e5 *", 4);
  session::Intent flag;
  flag.time = session::time_of(inputs.back()) + session::Millis{2000};
  flag.kind = session::IntentKind::kTimeout;
  flag.seat = core::seat_at(0);
  inputs.push_back(flag);

  ScratchDir dir;
  Journal j;
  ASSERT_TRUE(Journal::create(dir.file("g.db"), h, j).ok());
  session::Session live({rules}, *core::parse_fen(*rules, rules->start_fen), h.settings());
  for (const session::Input& in : inputs) ASSERT_TRUE(j.record(in, live.handle(in), 0).ok());
  ASSERT_TRUE(live.clock());
  JournalContents c;
  ASSERT_TRUE(j.load(c).ok());
  ASSERT_EQ(c.moves.size(), 2U);
  ASSERT_EQ(c.inputs.back(), session::Input{flag});  // the flag is journaled as given
  Resumed r = resume(c, dir.file("g.db"), {rules});
  ASSERT_TRUE(r.session.has_value()) << r.error;
  EXPECT_EQ(r.session->phase(), session::Phase::kPlay);
  EXPECT_FALSE(r.session->game().outcome().over);
  EXPECT_EQ(state_summary(*r.session), state_summary(live));
  const session::Millis white = r.session->clock()->remaining(0, r.session->now());
  EXPECT_GT(white, session::Millis{850000});
  EXPECT_EQ(white, live.clock()->remaining(0, live.now()));
}

}  // namespace
}  // namespace tabula::journal

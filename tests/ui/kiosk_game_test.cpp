// The kiosk's --variant mode: clicks on the virtual board become sensor
// events for a real session, and what the session rules comes back on screen.
#include "ui/kiosk_game.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "journal/resume.h"
#include "ui/panels.h"
#include "ui/session_view.h"
#include "voice/announcements.h"
#include "tests/ui/virtual_board_play.h"
#include "test_files.h"

namespace tabula::ui {
namespace {

// Another connection holding a journal's write lock (as a stuck backup or a
// failing card would), let go by release() or at the end of the test.
class HeldJournal {
 public:
  explicit HeldJournal(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK ||
        sqlite3_exec(db_, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) != SQLITE_OK)
      release();
  }
  ~HeldJournal() { release(); }
  HeldJournal(const HeldJournal&) = delete;
  HeldJournal& operator=(const HeldJournal&) = delete;
  bool held() const { return db_ != nullptr; }
  void release() {
    if (db_ == nullptr) return;
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(db_);
    db_ = nullptr;
  }

 private:
  sqlite3* db_ = nullptr;
};

using Ms = session::Millis;

TEST(KioskGame, ClicksBecomeSensorEventsAndTheArbiterAcceptsTheMove) {
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  auto lines = sim->apply(at("e2"), t += Ms(100));
  EXPECT_EQ(lines, (std::vector<std::string>{std::to_string(t.count()) + " e2 up"}));
  lines = sim->apply(at("e4"), t += Ms(400));
  EXPECT_EQ(lines, (std::vector<std::string>{std::to_string(t.count()) + " e4 down"}));
  sim->tick(t += Ms(3000));
  const KioskView& v = sim->view();
  ASSERT_FALSE(v.moves.rounds.empty());
  EXPECT_EQ(v.moves.rounds.front().plies.front(), "e4");
  ASSERT_TRUE(v.to_move.has_value());
  EXPECT_EQ(v.to_move->value, 1) << "Black to move";
  EXPECT_TRUE(v.piece_at(*parse_cell_name("e4")).has_value());
  EXPECT_FALSE(v.piece_at(*parse_cell_name("e2")).has_value());
}

TEST(KioskGame, AnIllegalMoveIsRuledIllegalOnScreen) {
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "e2", "e5", t);  // a pawn cannot go three squares
  const KioskView& v = sim->view();
  ASSERT_TRUE(v.ruling.has_value());
  EXPECT_EQ(v.ruling->severity, Severity::kIllegal) << v.ruling->text;
  EXPECT_TRUE(v.moves.rounds.empty());
  EXPECT_FALSE(v.fixes.empty()) << "the screen says what to put back";
}

TEST(KioskGame, FourPlayerCaptureByClickingTheVictim) {
  std::string error;
  auto sim = KioskGame::create("chesscom-ffa", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "h2", "h3", t);     // Red
  play(*sim, "b7", "c7", t);     // Blue
  play(*sim, "i13", "i12", t);   // Yellow
  play(*sim, "m8", "l8", t);     // Green
  EXPECT_EQ(sim->view().moves.rounds.size(), 1u);
  EXPECT_EQ(sim->view().moves.rounds.front().plies.size(), 4u);
  EXPECT_EQ(sim->view().moves.rounds.front().plies[3], "m8-l8");
  EXPECT_EQ(sim->view().to_move->value, 0);
}

using Scratch = tabula::testing::TempDir;

KioskGameOptions journaled(const std::string& variant, const std::string& path) {
  KioskGameOptions o;
  o.variant = variant;
  o.journal = path;
  o.time_control = session::TimeControl{Ms(300000), Ms(2000), session::TimingMode::kIncrement};
  o.players = {"Ann", "Bob"};
  return o;
}

// Chess with Ann playing White and Bob Black.
KioskGameOptions ann_and_bob() {
  KioskGameOptions o;
  o.variant = "chess";
  o.players = {"Ann", "Bob"};
  return o;
}

TEST(KioskGame, TheNamesGivenWithPlayersAreOnTheSeatsTheBannerAndTheClocks) {
  // Issue 18 item 5: names given with --players never appeared on screen.
  std::string error;
  auto sim = KioskGame::create(ann_and_bob(), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  const KioskView& v = sim->view(Ms(3000));
  ASSERT_EQ(v.seats.size(), 2U);
  EXPECT_EQ(v.seats[0].player, "Ann");
  EXPECT_EQ(v.seats[1].player, "Bob");
  // The turn banner, the clock tiles and the ledger all label seats so.
  EXPECT_EQ(seat_label(v.seats[0]), "Ann (White)");
  SeatView unnamed = v.seats[1];
  unnamed.player.clear();
  EXPECT_EQ(seat_label(unnamed), "Black");
}

// s30-table: the rulings name the players beside their seats on the screen
// ("Ann (White)'s pawn..."); the session's texts, which the journal keeps,
// do not.
TEST(KioskGame, TheRulingsOnScreenNameThePlayersButTheSessionsTextsDoNot) {
  std::string error;
  auto sim = KioskGame::create(ann_and_bob(), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "e2", "e4", t);
  play(*sim, "f7", "f6", t);
  play(*sim, "d1", "h5", t);  // check
  const KioskView& v = sim->view(t);
  std::string all;
  for (const RulingView& r : v.ruling_history) all += r.text + "\n";
  if (v.ruling) all += v.ruling->text + "\n";
  for (const RulingView& r : v.ruling_also) all += r.text + "\n";
  EXPECT_NE(all.find("Ann (White)'s pawn on e2 to e4"), std::string::npos) << all;
  EXPECT_NE(all.find("Bob (Black)'s pawn on f7 to f6"), std::string::npos) << all;
  ASSERT_EQ(v.checks.size(), 1u);
  EXPECT_EQ(v.checks[0].text.rfind("Bob (Black) is in check", 0), 0u) << v.checks[0].text;
  bool plain = false;
  for (const session::Ruling& r : sim->session().history()) {
    EXPECT_EQ(r.text.find("Ann"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("Bob"), std::string::npos) << r.text;
    plain = plain || r.text == "White's pawn on e2 to e4";
  }
  EXPECT_TRUE(plain) << "the session's own text";
}

// s30-table: after the end a seat still in play said "playing".
TEST(KioskGame, AfterTheEndEachSeatSaysHowItsGameEnded) {
  Ms t(0);
  auto sim = started("chess", t);
  play(*sim, "f2", "f3", t);
  play(*sim, "e7", "e5", t);
  play(*sim, "g2", "g4", t);
  play(*sim, "d8", "h4", t);  // fool's mate
  const KioskView& v = sim->view(t);
  ASSERT_EQ(v.seats.size(), 2u);
  EXPECT_EQ(seat_status_words(v.seats[0]), "mated");
  EXPECT_EQ(seat_status_words(v.seats[1]), "won");

  // Four seats, the arbiter's standing as it is: ranked by hand, the
  // winner won, the others their place; a draw: every seat in play drawn.
  auto ffa = started("chesscom-ffa", t);
  session::Snapshot snap = ffa->session().snapshot();
  snap.outcome.over = true;
  snap.outcome.ranking = {core::seat_at(2), core::seat_at(0), core::seat_at(3), core::seat_at(1)};
  snap.statuses[3] = core::SeatStatus::kResigned;
  const KioskView ranked = view_of(snap, ffa->session().game().rules());
  std::vector<std::string> words;
  for (const SeatView& s : ranked.seats) words.push_back(seat_status_words(s));
  EXPECT_EQ(words, (std::vector<std::string>{"2nd place", "4th place", "won", "resigned"}));
  snap.outcome.draw = true;
  snap.outcome.ranking.clear();
  words.clear();
  for (const SeatView& s : view_of(snap, ffa->session().game().rules()).seats) words.push_back(seat_status_words(s));
  EXPECT_EQ(words, (std::vector<std::string>{"drawn", "drawn", "drawn", "resigned"}));
  // Two seats drawn: both, the one whose flag fell too (FIDE 6.9).
  session::Snapshot two = sim->session().snapshot();
  two.outcome.draw = true;
  two.statuses[0] = core::SeatStatus::kFlagged;
  words.clear();
  for (const SeatView& s : view_of(two, sim->session().game().rules()).seats) words.push_back(seat_status_words(s));
  EXPECT_EQ(words, (std::vector<std::string>{"drawn", "drawn"}));
}

TEST(KioskGame, TheKioskJournalsTheGameAndResumesItExactly) {
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  std::string before;
  {
    auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
    ASSERT_TRUE(sim) << error;
    Ms t(0);
    sim->tick(t += Ms(3000));
    play(*sim, "e2", "e4", t);
    play(*sim, "e7", "e5", t);
    play(*sim, "g1", "f3", t);
    sim->apply(at("b8"), t += Ms(200));  // Black's knight is in the air at the power cut
    sim->tick(t += Ms(100));
    ASSERT_EQ(sim->session().moves().size(), 3U);
    ASSERT_TRUE(sim->session().clock());
    before = journal::state_summary(sim->session());
  }  // the power goes off: nothing is closed cleanly but the journal's commits
  // The kiosk starts again with the same --journal (no --variant).
  KioskGameOptions again;
  again.journal = path;
  auto sim = KioskGame::create(again, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  EXPECT_EQ(journal::state_summary(sim->session()), before);
  EXPECT_EQ(sim->options().variant, "chess");
  // The knight is still in the hand's square's sensor state: b8 reads empty.
  EXPECT_TRUE(sim->session().snapshot().lifted.test(core::index_of(core::make_square(1, 7))));
  // Play goes on: put the knight on c6.
  Ms t(0);
  sim->apply(at("b8"), t += Ms(100));  // the virtual hand was empty after the restart: b8 is empty, nothing happens
  sim->apply(SquareClicked{*parse_cell_name("c6"), ClickModifier::kNone}, t += Ms(100));
  EXPECT_EQ(sim->session().moves().size(), 3U) << "an empty hand puts nothing down";
}

TEST(KioskGame, AGameWithoutMovesIsResumedFromItsJournalNotStartedAgain) {
  // The kiosk said "journaling to" (a new game) for a journal it had resumed
  // when the journal held no time yet (seen under qemu: a first run of three
  // frames).
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  {
    auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
    ASSERT_TRUE(sim) << error;
    EXPECT_FALSE(sim->resumed());
  }
  auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  EXPECT_TRUE(sim->resumed());
  EXPECT_TRUE(sim->session().moves().empty());
  sim.reset();  // one writer (session 13): the first kiosk stops before the next opens the journal
  // A journal of another game set aside: the game is new.
  KioskGameOptions other = journaled("chesscom-ffa", path);
  other.set_aside = true;
  auto fresh = KioskGame::create(other, Ms(0), error);
  ASSERT_TRUE(fresh) << error;
  EXPECT_FALSE(fresh->resumed());
  EXPECT_TRUE(std::filesystem::exists(scratch.file("game-1.db"))) << "the chess game was not kept aside";
}

TEST(KioskGame, AJournalOfAnotherVariantIsRefusedAndLeftAlone) {
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  { ASSERT_TRUE(KioskGame::create(journaled("chess", path), Ms(0), error)) << error; }
  const auto size = std::filesystem::file_size(path);
  EXPECT_FALSE(KioskGame::create(journaled("chesscom-ffa", path), Ms(0), error));
  EXPECT_NE(error.find("this journal is a game of chess, not chesscom-ffa"), std::string::npos) << error;
  EXPECT_EQ(std::filesystem::file_size(path), size);
  std::filesystem::resize_file(path, 100);  // damaged
  EXPECT_FALSE(KioskGame::create(journaled("chess", path), Ms(0), error));
  EXPECT_NE(error.find(path), std::string::npos) << error;
  EXPECT_EQ(std::filesystem::file_size(path), 100U);
}

TEST(KioskGame, ArbiterMenuIntentsReachTheSession) {
  Scratch scratch;
  std::string error;
  auto sim = KioskGame::create(journaled("chess", scratch.file("game.db")), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(ClockCommand{true}, t += Ms(100));
  EXPECT_TRUE(sim->session().clock_held());
  sim->apply(ClockCommand{false}, t += Ms(100));
  EXPECT_FALSE(sim->session().clock_held());
  play(*sim, "e2", "e4", t);
  sim->apply(TakeBack{1}, t += Ms(100));
  EXPECT_EQ(sim->session().phase(), session::Phase::kRestore);
  play(*sim, "e4", "e2", t);
  EXPECT_EQ(sim->session().phase(), session::Phase::kPlay);
  sim->apply(Adjudicate{SeatIndex{1}}, t += Ms(100));
  ASSERT_TRUE(sim->session().game().outcome().over);
  EXPECT_EQ(sim->session().game().outcome().ranking.front(), core::seat_at(1));
  // A new game: the finished journal is kept under a new name.
  sim->apply(NewGame{"chesscom-ffa", "soon", ""}, t += Ms(100));  // a clock nobody can read
  EXPECT_EQ(sim->session().game().rules().id, "chess") << "refused: the game on screen goes on";
  EXPECT_NE(sim->view(t).ruling_history.back().text.find("new game refused: time control \"soon\""),
            std::string::npos);
  sim->apply(NewGame{"chesscom-ffa", "10+5", "Ann,Bob,Cem,Dee"}, t += Ms(100));
  EXPECT_EQ(sim->session().game().rules().id, "chesscom-ffa");
  ASSERT_TRUE(sim->session().clock());
  EXPECT_EQ(sim->session().clock()->control().initial, Ms(600000));
  EXPECT_EQ(sim->options().players, (std::vector<std::string>{"Ann", "Bob", "Cem", "Dee"}));
  EXPECT_TRUE(std::filesystem::exists(scratch.file("game-1.db")));
  EXPECT_TRUE(std::filesystem::exists(scratch.file("game.db")));
  journal::Journal old;
  ASSERT_TRUE(journal::Journal::open(scratch.file("game-1.db"), journal::Journal::Access::kRead, old).ok());
  EXPECT_EQ(old.header().variant, "chess");
}

TEST(KioskGame, TheClockRunsOnScreenBetweenInputsFromTheFirstMove) {
  std::string error;
  KioskGameOptions o;
  o.variant = "chess";
  o.time_control = session::TimeControl{Ms(60000), Ms(0), session::TimingMode::kSuddenDeath};
  auto sim = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  sim->tick(Ms(1000));  // the start settles at 500 ms
  // Issue 27 item 5: the clocks waited for nobody; now they start on the
  // first move, as clubs do.
  EXPECT_EQ(sim->view(Ms(11000)).clocks.remaining.at(0), Ms(60000));
  EXPECT_FALSE(sim->view(Ms(11000)).clocks.running);
  Ms t(11000);
  play(*sim, "e2", "e4", t);  // e4 shown at 11600 ms: Black's time runs from then
  sim->tick(t += Ms(10000));
  const KioskView& v = sim->view(t);
  ASSERT_TRUE(v.clocks.running);
  EXPECT_EQ(v.clocks.running->value, 1);
  EXPECT_EQ(v.clocks.remaining.at(0), Ms(60000));
  EXPECT_EQ(v.clocks.remaining.at(1), Ms(60000) - (t - Ms(11600)));
}

TEST(KioskGame, APowerCutGivesBackNoMoreThanASecondOfThinkingTime) {
  // Issue 27 item 5: FFA 10+5, Green to move with 9:10, kill -9: two
  // seconds after the restart Green had 9:59 (the clock went back to the
  // last move). The kiosk journals an instant every second while a clock
  // runs, and the resume goes on from it.
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  Ms black_left(0);
  {
    KioskGameOptions o = journaled("chess", path);
    o.time_control = session::TimeControl{Ms(600000), Ms(5000), session::TimingMode::kIncrement};
    auto sim = KioskGame::create(o, Ms(0), error);
    ASSERT_TRUE(sim) << error;
    Ms t(0);
    sim->tick(t += Ms(3000));
    play(*sim, "e2", "e4", t);
    // Black thinks 49 s; the kiosk's loop ticks every frame (at least
    // each second while a clock runs).
    for (int i = 0; i < 49 * 4; ++i) sim->tick(t += Ms(250));
    black_left = sim->view(t).clocks.remaining.at(1);
    ASSERT_LT(black_left, Ms(600000 - 48000));
  }  // kill -9
  KioskGameOptions again;
  again.journal = path;
  auto sim = KioskGame::create(again, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  const Ms after = sim->view(Ms(0)).clocks.remaining.at(1);
  EXPECT_LE(after - black_left, KioskGame::kClockInstant) << "given back on the restart";
  EXPECT_GE(after, black_left);
  // The restart says so.
  bool said = false;
  for (const RulingView& r : sim->view(Ms(0)).ruling_history) said = said || r.text.find("resumed after a restart") != std::string::npos;
  EXPECT_TRUE(said);
  // And it runs on: two seconds later Black has two seconds less.
  sim->tick(Ms(2000));
  EXPECT_EQ(sim->view(Ms(2000)).clocks.remaining.at(1), after - Ms(2000));
}

TEST(KioskGame, AMoveWhoseJournalWriteFailsIsNotShownAndTheFaultIsSaid) {
  // Issue 28 item 7: the kiosk showed a move whose journal write failed,
  // which a power cut then lost. Another connection holds the journal's
  // write lock (as a stuck backup or a failing card would refuse writes).
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  play(*sim, "e2", "e4", t);
  ASSERT_EQ(sim->session().moves().size(), 1U);
  HeldJournal other(path);
  ASSERT_TRUE(other.held()) << "another connection holds the journal's write lock";
  sim->apply(at("e7"), t += Ms(300));  // the lift is not journaled: not taken yet (session 23: it waits)
  EXPECT_EQ(sim->unwritten(), 1U);
  EXPECT_EQ(sim->journal_error(), "") << "said only once it has waited kHeldSaid";
  sim->tick(t += KioskGame::kHeldSaid);
  const KioskView& v = sim->view(t);
  ASSERT_TRUE(v.ruling);
  EXPECT_NE(v.ruling->text.find("the journal could not be written"), std::string::npos) << v.ruling->text;
  EXPECT_EQ(v.ruling->severity, Severity::kIllegal);
  EXPECT_EQ(v.ruling->label, "JOURNAL") << "a journal that cannot be written is no illegal move";
  EXPECT_TRUE(v.piece_at(*parse_cell_name("e7")).has_value()) << "the screen stays on what is journaled";
  EXPECT_FALSE(sim->session().snapshot().lifted.test(core::index_of(core::make_square(4, 6))));
  other.release();
  // The journal works again: the lift that waited is taken (the hand holds
  // the pawn), the move is made and journaled; what the session holds is
  // what a resume gets back.
  sim->apply(at("e5"), t += Ms(300));
  sim->tick(t += Ms(3000));
  EXPECT_EQ(sim->unwritten(), 0U);
  ASSERT_EQ(sim->session().moves().size(), 2U);
  ASSERT_TRUE(sim->view(t).ruling);
  EXPECT_EQ(sim->view(t).ruling->text.find("the journal could not be written"), std::string::npos);
  const std::string now = journal::state_summary(sim->session());
  sim.reset();
  KioskGameOptions again;
  again.journal = path;
  auto resumed = KioskGame::create(again, Ms(0), error);
  ASSERT_TRUE(resumed) << error;
  EXPECT_EQ(journal::state_summary(resumed->session()), now);
}

// Session 22 (found picturing the header-row headline): a journal held by
// another connection cost a frame SQLite's busy timeout (2 s) for each of up
// to 64 tries of the same deadline's tick: the screen froze two minutes a
// frame. A tick the journal cannot write now ends the frame's ticks; the next
// frame tries again (session 23: without waiting; the tick waits, in order).
TEST(KioskGame, ATickTheJournalCannotWriteEndsTheFramesTicks) {
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  const std::optional<session::Millis> due = sim->session().next_deadline();
  ASSERT_TRUE(due) << "a new game's setup check is due";
  HeldJournal other(path);
  ASSERT_TRUE(other.held()) << "another connection holds the journal's write lock";
  const auto begun = std::chrono::steady_clock::now();
  sim->tick(*due + Ms(1000));
  const auto took = std::chrono::steady_clock::now() - begun;
  EXPECT_LT(took, std::chrono::seconds(60)) << "one try, not 64";
  EXPECT_EQ(sim->unwritten(), 1U) << "one tick waits";
  EXPECT_EQ(sim->session().next_deadline(), due) << "not taken: still due";
  sim->tick(*due + Ms(1000) + KioskGame::kHeldSaid);
  EXPECT_NE(sim->journal_error().find("the journal could not be written"), std::string::npos) << sim->journal_error();
  EXPECT_EQ(sim->unwritten(), 1U) << "no second tick of the same deadline";
  other.release();
  sim->tick(*due + Ms(4000));  // the next frame: journaled
  EXPECT_EQ(sim->journal_error(), "");
  EXPECT_EQ(sim->unwritten(), 0U);
  EXPECT_NE(sim->session().next_deadline(), due);
}

// Session 23: while another connection held the journal's write lock, each
// frame that fed an input waited SQLite's busy timeout (2 s) and then
// dropped the input (session 22 had cut 64 waits a frame to one). A frame
// now waits at most KioskGame::kJournalWait (50 ms, one try): the inputs
// wait, in order, and are all written once the lock is let go. Bound: the
// seven frames below took three busy timeouts before (the three lifts, each
// a write that waited, then refused: the puts found no piece in the hand);
// now they must take less than one (at most 50 ms each).
TEST(KioskGame, AHeldJournalCostsNoFrameAWaitAndEveryInputIsWrittenInOrderOnceItIsFreed) {
  constexpr auto kBusyTimeout = std::chrono::milliseconds(2000);  // SQLite's, as the journal opens it
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  const std::int64_t journaled_before = [&] {
    journal::Journal j;
    journal::JournalContents c;
    EXPECT_TRUE(journal::Journal::open(path, journal::Journal::Access::kRead, j).ok());
    EXPECT_TRUE(j.load(c).ok());
    return static_cast<std::int64_t>(c.inputs.size());
  }();
  HeldJournal other(path);
  ASSERT_TRUE(other.held()) << "another connection holds the journal's write lock";
  // Six clicks (e2-e4, e7-e5, g1-f3), 0.3 s apart, then a frame 2 s on.
  struct Click {
    const char* cell;
    bool occupied;
    Ms time;
  };
  std::vector<Click> clicks;
  const auto begun = std::chrono::steady_clock::now();
  for (const auto& [cell, occupied] :
       {std::pair{"e2", false}, {"e4", true}, {"e7", false}, {"e5", true}, {"g1", false}, {"f3", true}}) {
    sim->apply(at(cell), t += Ms(300));
    clicks.push_back({cell, occupied, t});
  }
  sim->tick(t += KioskGame::kHeldSaid);
  const auto took = std::chrono::steady_clock::now() - begun;
  EXPECT_LT(took, kBusyTimeout) << "seven frames; three of them waited a busy timeout each before";
  EXPECT_EQ(sim->unwritten(), 6U);
  EXPECT_TRUE(sim->session().moves().empty()) << "nothing taken before it is journaled";
  EXPECT_TRUE(sim->view(t).piece_at(*parse_cell_name("e2")).has_value()) << "the screen shows what is journaled";
  EXPECT_NE(sim->journal_error().find("6 inputs wait for it"), std::string::npos) << sim->journal_error();
  // Session 24: and that a power cut now would lose them.
  EXPECT_NE(sim->journal_error().find(". They are in memory only: a power cut before then loses them (the kiosk comes "
                                      "back at what is journaled; the pieces stay where they were put)"),
            std::string::npos)
      << sim->journal_error();
  EXPECT_NE(sim->journal_error().find(path), std::string::npos) << "the journal's words name its file";
  other.release();

  sim->tick(t += Ms(300));  // the next frame writes them all
  EXPECT_EQ(sim->unwritten(), 0U);
  EXPECT_EQ(sim->journal_error(), "");
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 3U);
  const std::string now = journal::state_summary(sim->session());
  sim.reset();
  KioskGameOptions again;
  again.journal = path;
  auto resumed = KioskGame::create(again, Ms(0), error);
  ASSERT_TRUE(resumed) << error;
  const core::Geometry& geometry = resumed->session().game().rules().geometry;
  journal::Journal j;
  journal::JournalContents c;
  ASSERT_TRUE(journal::Journal::open(path, journal::Journal::Access::kRead, j).ok());
  ASSERT_TRUE(j.load(c).ok());
  std::vector<std::string> events, expected;
  for (std::size_t i = static_cast<std::size_t>(journaled_before); i < c.inputs.size(); ++i) {
    if (const auto* e = std::get_if<session::SquareEvent>(&c.inputs[i]))
      events.push_back(std::to_string(e->time.count()) + " " + geometry.name(e->square) + (e->occupied ? " down" : " up"));
  }
  for (const Click& k : clicks)
    expected.push_back(std::to_string(k.time.count()) + " " + k.cell + (k.occupied ? " down" : " up"));
  EXPECT_EQ(events, expected) << "every click journaled, in order, at its own time";
  EXPECT_EQ(journal::state_summary(resumed->session()), now);
}

TEST(KioskGame, AResignedChessComArmyIsGreyedAsDeadButItsKingWalks) {
  // Issue 27 item 3: a resigned chess.com FFA player's army stayed in colour.
  Ms t(0);
  auto sim = started("chesscom-ffa", t);
  ASSERT_TRUE(sim);
  sim->apply(Resign{SeatIndex{1}}, t += Ms(100));  // Blue
  const KioskView& v = sim->view(t);
  int dead = 0, live_blue = 0;
  for (const auto& p : v.pieces) {
    if (!p || p->seat.value != 1) continue;
    if (p->life == PieceLife::kDead) ++dead;
    else ++live_blue;
  }
  EXPECT_EQ(dead, 15);
  EXPECT_EQ(live_blue, 1) << "the king walks on";
}

TEST(KioskGame, ADrawThatMayBeClaimedIsClaimedAndTheEndScreenShowsTheResult) {
  // Issue 27 item 4: "White may claim a draw (threefold repetition)" was
  // shown but nothing claimed it, and the end screen showed no result.
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  for (int i = 0; i < 2; ++i) {
    play(*sim, "g1", "f3", t);
    play(*sim, "g8", "f6", t);
    play(*sim, "f3", "g1", t);
    play(*sim, "f6", "g8", t);
  }
  ASSERT_EQ(sim->session().moves().size(), 8U);
  EXPECT_EQ(sim->view(t).claimable_draw, "threefold repetition");
  EXPECT_EQ(sim->view(t).result, "");
  sim->apply(ClaimDraw{SeatIndex{0}}, t += Ms(100));
  const KioskView& v = sim->view(t);
  EXPECT_TRUE(sim->session().game().outcome().over);
  EXPECT_EQ(v.result.rfind("1/2-1/2", 0), 0U) << v.result;
  EXPECT_NE(v.result.find("threefold repetition"), std::string::npos) << v.result;
}

TEST(KioskGame, TheEndScreenShowsTheResultOfAnAdjudicationAndAFourPlayerRanking) {
  Ms t(0);
  auto chess = started("chess", t);
  ASSERT_TRUE(chess);
  chess->apply(Adjudicate{std::nullopt}, t += Ms(100));
  EXPECT_EQ(chess->view(t).result.rfind("1/2-1/2", 0), 0U) << chess->view(t).result;
  auto ffa = started("chesscom-ffa", t);
  ASSERT_TRUE(ffa);
  ffa->apply(Adjudicate{SeatIndex{2}}, t += Ms(100));
  const std::string r = ffa->view(t).result;
  EXPECT_EQ(r.rfind("1st Yellow", 0), 0U) << r;
  EXPECT_NE(r.find("pts"), std::string::npos) << r;
}

// s29-newuser, the first evening: the arbiter's draw of Ann, Ben, Cem and a
// bot ended on "a draw (adjudicated by the arbiter): Green 0 pts Yellow 0 pts
// Blue 0 pts Red 0 pts": seat names beside a ledger of players, last seat
// first, no separator. Now the ledger's labels, in seat order, and a ranking
// names the players too.
TEST(KioskGame, TheEndScreensResultNamesThePlayersAsTheLedgerDoes) {
  KioskGameOptions o;
  o.variant = "chesscom-ffa";
  o.players = {"Ann", "Ben", "Cem"};
  o.bots = "Green=2";
  std::string error;
  auto draw = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(draw) << error;
  Ms t(3000);
  draw->tick(t);
  draw->apply(Adjudicate{std::nullopt}, t += Ms(100));
  EXPECT_EQ(draw->view(t).result,
            "a draw (adjudicated by the arbiter): Ann (Red) 0 pts \xC2\xB7 Ben (Blue) 0 pts \xC2\xB7 "
            "Cem (Yellow) 0 pts \xC2\xB7 bot, level 2 (Green) 0 pts");
  auto won = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(won) << error;
  won->tick(t = Ms(3000));
  won->apply(Adjudicate{SeatIndex{2}}, t += Ms(100));
  const std::string r = won->view(t).result;
  EXPECT_EQ(r.rfind("1st Cem (Yellow) ", 0), 0U) << r;
  o.variant = "chess";
  o.players = {"Kid"};
  o.bots = "Black=1";
  auto chess = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(chess) << error;
  chess->tick(t = Ms(3000));
  chess->apply(Adjudicate{SeatIndex{1}}, t += Ms(100));
  EXPECT_EQ(chess->view(t).result, "0-1 \xC2\xB7 bot, level 1 (Black) wins (adjudicated by the arbiter)");
}

TEST(KioskGame, NewGameOffersEveryVariantFile) {
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  const KioskView& v = sim->view(Ms(0));
  std::vector<std::string> ids;
  for (const VariantChoice& c : v.variants) ids.push_back(c.id);
  for (const char* id : {"chess", "chesscom-ffa", "four-kingdoms", "allies-vassals", "corners-short", "bipartite"}) {
    EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
  }
}

TEST(KioskGame, TeachingDotsComeFromTheSession) {
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(at("g1"), t += Ms(100));
  const KioskView& v = sim->view(t);
  ASSERT_TRUE(v.teaching.lifted_from);
  EXPECT_EQ(*v.teaching.lifted_from, *parse_cell_name("g1"));
  EXPECT_EQ(v.teaching.destinations.size(), 2U);
}

TEST(KioskGame, TheRandomMoversMoveIsShownAcknowledgedAndPlayed) {
  // 002 rule 7: Red resigns and goes on as a random mover; the kiosk shows
  // the drawn move (dialog + from/to hint), the table plays it on the board.
  std::string error;
  auto sim = KioskGame::create("four-kingdoms", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(Resign{SeatIndex{0}}, t += Ms(100));
  const KioskView& v = sim->view(t);
  ASSERT_TRUE(v.dialog.has_value());
  EXPECT_EQ(v.dialog->kind, DialogKind::kRandomMove);
  EXPECT_NE(v.dialog->prompt.find("random mover"), std::string::npos) << v.dialog->prompt;
  ASSERT_TRUE(v.teaching.lifted_from.has_value());
  ASSERT_EQ(v.teaching.destinations.size(), 1U);
  const Cell from = *v.teaching.lifted_from;
  const Cell to = v.teaching.destinations.front();
  sim->apply(DialogAnswered{v.dialog->id, 0}, t += Ms(100));
  EXPECT_FALSE(sim->view(t).dialog.has_value()) << "acknowledged";
  sim->apply(SquareClicked{from, ClickModifier::kNone}, t += Ms(300));
  sim->apply(SquareClicked{to, ClickModifier::kNone}, t += Ms(300));
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().moves().size(), 1U);
  EXPECT_EQ(sim->session().moves().front().seat, core::seat_at(0));
  EXPECT_EQ(sim->view(t).to_move->value, 1);
}

TEST(KioskGame, ADrawOfferIsAskedOfTheOthersAndOnlyAnAcceptanceDraws) {
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  sim->tick(t += Ms(3000));
  sim->apply(OfferDraw{SeatIndex{0}}, t += Ms(100));
  ASSERT_TRUE(sim->view(t).dialog.has_value());
  EXPECT_EQ(sim->view(t).dialog->kind, DialogKind::kDrawOffer);
  EXPECT_EQ(sim->view(t).dialog->seat.value, 1) << "Black is asked";
  sim->apply(DialogAnswered{sim->view(t).dialog->id, 1}, t += Ms(100));  // declined
  EXPECT_FALSE(sim->session().game().outcome().over);
  EXPECT_FALSE(sim->view(t).dialog.has_value());
  sim->apply(OfferDraw{SeatIndex{0}}, t += Ms(100));
  play(*sim, "e2", "e4", t);  // a move lets the offer lapse
  EXPECT_FALSE(sim->view(t).dialog.has_value());
  sim->apply(OfferDraw{SeatIndex{1}}, t += Ms(100));
  sim->apply(DialogAnswered{sim->view(t).dialog->id, 0}, t += Ms(100));  // accepted
  ASSERT_TRUE(sim->session().game().outcome().over);
  EXPECT_TRUE(sim->session().game().outcome().draw);
}

// A team wins together: the winner's partner is "won" too, its opponents
// "lost" (session/winners.h, which the hub's web page reads as well; s31-hall).
TEST(KioskGame, AfterATeamsWinBothPartnersSayWon) {
  Ms t(0);
  auto four = started("chess-four", t);  // White + Yellow against Black + Dark Brown
  session::Snapshot snap = four->session().snapshot();
  snap.outcome.over = true;
  snap.outcome.ranking = {core::seat_at(2), core::seat_at(0), core::seat_at(1), core::seat_at(3)};
  std::vector<std::string> words;
  for (const SeatView& s : view_of(snap, four->session().game().rules()).seats) words.push_back(seat_status_words(s));
  EXPECT_EQ(words, (std::vector<std::string>{"won", "lost", "won", "lost"}));
}

// s31-hall: the offer named the seats only where the screen named the
// players everywhere else; the decline's notice too.
TEST(KioskGame, ADrawOfferNamesThePlayersWhereTheyAreNamed) {
  Ms t(0);
  KioskGameOptions o = ann_and_bob();
  std::string error;
  auto sim = KioskGame::create(o, t, error);
  ASSERT_TRUE(sim) << error;
  sim->tick(t += Ms(3000));
  sim->apply(OfferDraw{SeatIndex{0}}, t += Ms(100));
  ASSERT_TRUE(sim->view(t).dialog.has_value());
  EXPECT_EQ(sim->view(t).dialog->prompt, "Ann (White) offers a draw: Bob (Black), do you agree?");
  // Said aloud too: given by seat, named by the voice as all it says.
  const session::Output said = sim->take_said();
  ASSERT_FALSE(said.rulings.empty());
  EXPECT_EQ(said.rulings.back().text, "White offers a draw: Black, do you agree?");
  const std::vector<voice::Utterance> spoken =
      voice::announcements(said, sim->session().game(), std::chrono::steady_clock::now(), o.players);
  ASSERT_FALSE(spoken.empty());
  EXPECT_EQ(spoken.back().text, "Ann (White) offers a draw: Bob (Black), do you agree?");
  sim->apply(DialogAnswered{sim->view(t).dialog->id, 1}, t += Ms(100));  // declined
  const std::vector<RulingView>& history = sim->view(t).ruling_history;
  ASSERT_FALSE(history.empty());
  EXPECT_EQ(history.back().text, "the draw offered by Ann (White) is declined");
  // Four seats, one unnamed, one out: the players still in the game are asked.
  o.variant = "chesscom-ffa";
  o.players = {"Ann", "Ben", "", "Dee"};
  auto ffa = KioskGame::create(o, t, error);
  ASSERT_TRUE(ffa) << error;
  ffa->tick(t += Ms(3000));
  ffa->apply(Resign{SeatIndex{1}}, t += Ms(100));
  ASSERT_EQ(ffa->session().game().status(core::seat_at(1)), core::SeatStatus::kResigned);
  ffa->apply(OfferDraw{SeatIndex{0}}, t += Ms(100));
  ASSERT_TRUE(ffa->view(t).dialog.has_value());
  EXPECT_EQ(ffa->view(t).dialog->prompt, "Ann (Red) offers a draw: Yellow and Dee (Green), do you all agree?");
}

TEST(KioskGame, UnknownVariantSaysSo) {
  std::string error;
  EXPECT_FALSE(KioskGame::create("no-such-variant", error));
  EXPECT_NE(error.find("unknown variant"), std::string::npos) << error;
}

// Session 11's attacker pass: a resume with another --clock or --players
// took the journal's clock silently, and showed the options' names on the
// seats while the journal (and its export) kept the first ones. The kiosk is
// the appliance (it must come up), so it takes the journal's and says so.
TEST(KioskGame, AResumeKeepsItsJournalsClockAndPlayersAndSaysSo) {
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  { ASSERT_TRUE(KioskGame::create(journaled("chess", path), Ms(0), error)) << error; }
  KioskGameOptions again = journaled("chess", path);
  again.time_control = session::TimeControl{Ms(60000), Ms(0), session::TimingMode::kSuddenDeath};
  again.players = {"Xan", "Yul"};
  auto sim = KioskGame::create(again, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  const KioskView& v = sim->view(Ms(0));
  EXPECT_EQ(v.clocks.remaining.at(0), Ms(300000));
  EXPECT_EQ(v.seats.at(0).player, "Ann");
  std::string said;
  for (const RulingView& r : v.ruling_history) said += r.text + "\n";
  EXPECT_NE(said.find("this game keeps its journal's clock (5 min + 2 s); the clock 1 min given is not used"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("this game keeps its journal's players (Ann, Bob); Xan, Yul given are not used"),
            std::string::npos)
      << said;
  // The same options again: nothing to say.
  sim.reset();  // one writer (session 13): the first kiosk stops before the next opens the journal
  auto same = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(same) << error;
  for (const RulingView& r : same->view(Ms(0)).ruling_history) EXPECT_EQ(r.text.find("keeps its journal's"), std::string::npos) << r.text;
}

TEST(KioskGame, AResumedJournalWhoseRulingsWereEditedSaysSoToTheArbiter) {
  // Session 14 re-derives a resumed journal's rulings; session 15: the kiosk
  // shows the warning (it showed nothing): a dialog naming the first edited
  // row, then a line among the rulings once acknowledged.
  Scratch scratch;
  const std::string path = scratch.file("game.db");
  std::string error;
  std::string given;
  {
    auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
    ASSERT_TRUE(sim) << error;
    Ms t(0);
    sim->tick(t += Ms(3000));
    play(*sim, "e2", "e5", t);  // ruled illegal: one ruling journaled
    ASSERT_TRUE(sim->view().ruling.has_value());
    given = sim->view().ruling->text;
  }
  {
    // A clean resume says nothing of rulings.
    auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
    ASSERT_TRUE(sim) << error;
    const KioskView& v = sim->view(Ms(0));
    EXPECT_FALSE(v.dialog.has_value()) << v.dialog->title;
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE rulings SET text = 'the arbiter forgives the pawn' WHERE id = (SELECT MIN(id) FROM rulings)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_changes(db), 1);
  sqlite3_close(db);
  auto sim = KioskGame::create(journaled("chess", path), Ms(0), error);
  ASSERT_TRUE(sim) << error;
  Ms t(0);
  const KioskView& v = sim->view(t);
  ASSERT_TRUE(v.dialog.has_value()) << "the kiosk showed nothing of the edited rulings";
  EXPECT_EQ(v.dialog->kind, DialogKind::kNotice);
  EXPECT_EQ(v.dialog->title, "Rulings re-derived");
  EXPECT_NE(v.dialog->prompt.find(path + ": the journal's rulings differ from what its inputs give at ruling 1"),
            std::string::npos)
      << v.dialog->prompt;
  EXPECT_NE(v.dialog->prompt.find("the arbiter forgives the pawn"), std::string::npos) << v.dialog->prompt;
  EXPECT_NE(v.dialog->prompt.find("What to do:"), std::string::npos) << v.dialog->prompt;
  // Acknowledged: kept among the rulings as a warning, the dialog gone.
  sim->apply(DialogAnswered{v.dialog->id, 0}, t += Ms(100));
  const KioskView& after = sim->view(t);
  EXPECT_FALSE(after.dialog.has_value());
  bool kept = false;
  for (const RulingView& r : after.ruling_history) {
    if (r.text.find("Rulings re-derived: " + path + ": the journal's rulings differ") == 0) {
      kept = true;
      EXPECT_EQ(r.severity, Severity::kWarning);
    }
  }
  EXPECT_TRUE(kept);
}

}  // namespace
}  // namespace tabula::ui

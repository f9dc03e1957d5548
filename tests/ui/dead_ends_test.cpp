// Issue 18's dead ends and wording, played on the kiosk's virtual board
// against the real session: a takeback of a capture can be put back, the
// board can be checked while it is being restored, a game-ending move asks
// for nothing and leaves nobody "to move", a damaged journal or one of
// another variant is kept aside, and the words are right.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "journal/journal.h"
#include "tests/ui/virtual_board_play.h"
#include "ui/kiosk_game.h"
#include "test_files.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

using Scratch = tabula::testing::TempDir;

std::string all_rulings(const KioskView& v) {
  std::string text;
  for (const RulingView& r : v.ruling_history) text += r.text + "\n";
  for (const RulingView& r : v.ruling_also) text += r.text + "\n";
  if (v.ruling) text += v.ruling->text + "\n";
  if (v.dialog) text += v.dialog->prompt + "\n";  // a journal notice, until acknowledged
  return text;
}

TEST(DeadEnds, ATakenBackCaptureIsPutBackOnTheVirtualBoard) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  play(*sim, "d7", "d5", t);
  play(*sim, "e4", "d5", t);  // exd5: the black pawn leaves the board
  ASSERT_EQ(sim->session().moves().size(), 3U) << all_rulings(sim->view(t));
  sim->apply(TakeBack{1}, t += Ms(100));
  ASSERT_EQ(sim->session().phase(), session::Phase::kRestore);
  // The hands: the white pawn back to e4, then the black pawn (from the
  // box: the hand is empty) on d5, where the screen asks for it.
  play(*sim, "d5", "e4", t);
  ASSERT_FALSE(sim->view(t).fixes.empty()) << "d5 wants its pawn back";
  sim->apply(at("d5"), t += Ms(300));
  sim->tick(t += Ms(3000));
  EXPECT_EQ(sim->session().phase(), session::Phase::kPlay) << all_rulings(sim->view(t));
  EXPECT_TRUE(sim->view(t).fixes.empty());
  // A square nobody asked for stays empty: an empty hand puts nothing there.
  sim->apply(at("a4"), t += Ms(300));
  sim->tick(t += Ms(3000));
  EXPECT_TRUE(sim->view(t).fixes.empty());
}

TEST(DeadEnds, ARestartInTheMiddleOfPuttingBackACaptureCanStillFinishIt) {
  // Issue 18: "a restart resumes the same dead end". The journaled game,
  // restarted while the captured pawn is still off the board, takes it from
  // the box and plays on.
  Scratch scratch;
  KioskGameOptions o;
  Ms t(0);
  {
    auto sim = journaled_chess_game(scratch, o, t);
    ASSERT_TRUE(sim);
    play(*sim, "e2", "e4", t);
    play(*sim, "d7", "d5", t);
    play(*sim, "e4", "d5", t);
    sim->apply(TakeBack{1}, t += Ms(100));
    play(*sim, "d5", "e4", t);
    ASSERT_FALSE(sim->view(t).fixes.empty());
  }  // the power goes
  Ms k(0);
  std::string error;
  auto again = KioskGame::create(o, k, error);
  ASSERT_TRUE(again) << error;
  ASSERT_EQ(again->session().phase(), session::Phase::kRestore);
  ASSERT_FALSE(again->view(k).fixes.empty()) << "d5 still wants its pawn";
  again->apply(at("d5"), k += Ms(300));
  again->tick(k += Ms(3000));
  EXPECT_EQ(again->session().phase(), session::Phase::kPlay) << all_rulings(again->view(k));
  EXPECT_TRUE(again->view(k).fixes.empty());
  play(*again, "e4", "e5", k);
  EXPECT_EQ(again->session().game().moves().size(), 3U) << all_rulings(again->view(k));
}

TEST(DeadEnds, TheBoardCanBeCheckedWhileItIsBeingRestored) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  sim->apply(TakeBack{1}, t += Ms(100));
  ASSERT_EQ(sim->session().phase(), session::Phase::kRestore);
  sim->apply(SetPosition{""}, t += Ms(100));  // "check the board against the game"
  const std::string rulings = all_rulings(sim->view(t));
  EXPECT_EQ(rulings.find("can be checked only"), std::string::npos) << rulings;
  EXPECT_EQ(sim->session().phase(), session::Phase::kRestore);
  play(*sim, "e4", "e2", t);
  EXPECT_EQ(sim->session().phase(), session::Phase::kPlay);
}

TEST(DeadEnds, AfterMateNothingIsToBeUndoneAndNobodyIsToMove) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "f2", "f3", t);
  play(*sim, "e7", "e5", t);
  play(*sim, "g2", "g4", t);
  play(*sim, "d8", "h4", t);  // mate
  ASSERT_TRUE(sim->session().game().outcome().over);
  const KioskView& v = sim->view(t);
  EXPECT_FALSE(v.to_move.has_value()) << "the banner says the game is over, not who is to move";
  EXPECT_TRUE(v.fixes.empty()) << "nothing to put back: the mating move stands; fixes at "
                               << (v.fixes.empty() ? std::string() : cell_name(v.fixes.front().cell))
                               << " phase " << session::to_string(sim->session().phase()) << "\n"
                               << all_rulings(v);
  EXPECT_EQ(all_rulings(v).find("undo"), std::string::npos) << all_rulings(v);
  EXPECT_FALSE(v.dialog.has_value());
}

TEST(DeadEnds, AfterADrawByMaterialNothingIsToBeUndoneAndNobodyIsToMove) {
  // Issue 18 item 3: after a game-ending move (mate, a draw by material) the
  // kiosk asked to undo it, and the banner said who was "to move". A game
  // from a journal whose start is White Ke1, Black Ke8 and Qd2: Kxd2 leaves
  // the kings alone (FIDE 5.2.2: no mate is possible, a draw).
  Scratch scratch;
  const std::string path = scratch.file("current.db");
  {
    journal::JournalHeader h;
    h.variant = "chess";
    h.start_position = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1";
    h.created = journal::utc_timestamp();
    journal::Journal j;
    ASSERT_TRUE(journal::Journal::create(path, h, j).ok());
  }
  KioskGameOptions o;
  o.journal = path;
  std::string error;
  Ms t(0);
  auto sim = KioskGame::create(o, t, error);
  ASSERT_TRUE(sim) << error;
  // The three pieces from the box onto the squares the setup asks for.
  for (const char* square : {"e1", "e8", "d2"}) sim->apply(at(square), t += Ms(300));
  sim->tick(t += Ms(3000));
  ASSERT_EQ(sim->session().phase(), session::Phase::kPlay) << all_rulings(sim->view(t));
  play(*sim, "e1", "d2", t);  // Kxd2
  ASSERT_TRUE(sim->session().game().outcome().over) << all_rulings(sim->view(t));
  const KioskView& v = sim->view(t);
  EXPECT_FALSE(v.to_move.has_value());
  EXPECT_TRUE(v.fixes.empty());
  EXPECT_EQ(all_rulings(v).find("undo"), std::string::npos) << all_rulings(v);
  EXPECT_FALSE(v.dialog.has_value());
  EXPECT_NE(all_rulings(v).find("material"), std::string::npos) << all_rulings(v);
}

TEST(DeadEnds, TakebackRulingsCountMovesInWords) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  sim->apply(TakeBack{1}, t += Ms(100));
  const std::string rulings = all_rulings(sim->view(t));
  EXPECT_EQ(rulings.find("move(s)"), std::string::npos) << rulings;
  EXPECT_NE(rulings.find("1 move ago"), std::string::npos) << rulings;
}

TEST(DeadEnds, AResignedFreeForAllPlayerShowsAsResigned) {
  Ms t(0);
  auto sim = started("chesscom-ffa", t);
  ASSERT_TRUE(sim);
  sim->apply(Resign{SeatIndex{1}}, t += Ms(100));
  const KioskView& v = sim->view(t);
  EXPECT_EQ(v.seats.at(1).status, SeatStatus::kResigned) << seat_status_name(v.seats.at(1).status);
}

TEST(DeadEnds, ATakebackAfterAResignationUndoesOnlyTheResignation) {
  Ms t(0);
  auto sim = started("chesscom-ffa", t);
  ASSERT_TRUE(sim);
  play(*sim, "h2", "h3", t);  // Red
  sim->apply(Resign{SeatIndex{1}}, t += Ms(100));  // Blue resigns
  ASSERT_EQ(sim->view(t).seats.at(1).status, SeatStatus::kResigned);
  sim->apply(TakeBack{1}, t += Ms(100));
  sim->tick(t += Ms(3000));
  const KioskView& v = sim->view(t);
  EXPECT_EQ(v.seats.at(1).status, SeatStatus::kLive) << all_rulings(v);
  EXPECT_EQ(sim->session().game().moves().size(), 1U) << "Red's h3 stands";
}

TEST(DeadEnds, ATeamsWinNamesTheTeam) {
  Ms t(0);
  auto sim = started("chesscom-teams", t);
  ASSERT_TRUE(sim);
  sim->apply(Adjudicate{SeatIndex{0}}, t += Ms(100));  // Red (with Yellow)
  ASSERT_TRUE(sim->session().game().outcome().over);
  const std::string rulings = all_rulings(sim->view(t));
  EXPECT_NE(rulings.find("the team of Red and Yellow wins"), std::string::npos) << rulings;
}

TEST(DeadEnds, ADamagedJournalIsKeptAsideAndANewGameStarts) {
  Scratch scratch;
  const std::string path = scratch.file("current.db");
  std::string error;
  KioskGameOptions o;
  o.variant = "chess";
  o.journal = path;
  { ASSERT_TRUE(KioskGame::create(o, Ms(0), error)) << error; }
  std::filesystem::resize_file(path, 100);  // damaged
  o.set_aside = true;
  auto sim = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  EXPECT_TRUE(std::filesystem::exists(scratch.file("current.damaged-1.db")));
  EXPECT_EQ(std::filesystem::file_size(scratch.file("current.damaged-1.db")), 100U) << "kept as it was";
  EXPECT_NE(all_rulings(sim->view()).find("current.damaged-1.db"), std::string::npos) << all_rulings(sim->view());
  EXPECT_EQ(sim->session().game().rules().id, "chess");
}

// Before: a journal another process held (here: an exclusive lock) was set
// aside as "damaged" and a new game started; the game was not resumed. Only
// a file that is no usable journal is set aside; a lock is said, the file
// stays where it is.
TEST(DeadEnds, AJournalHeldByAnotherProcessIsNotSetAside) {
  Scratch scratch;
  const std::string path = scratch.file("current.db");
  std::string error;
  KioskGameOptions o;
  o.variant = "chess";
  o.journal = path;
  { ASSERT_TRUE(KioskGame::create(o, Ms(0), error)) << error; }
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
                                "INSERT INTO header(key, value) VALUES('held', '1');",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  o.set_aside = true;
  auto sim = KioskGame::create(o, Ms(0), error);
  EXPECT_FALSE(sim);
  EXPECT_NE(error.find("another process holds the journal"), std::string::npos) << error;
  EXPECT_FALSE(std::filesystem::exists(scratch.file("current.damaged-1.db")));
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_TRUE(std::filesystem::exists(path));
}

TEST(DeadEnds, AnotherVariantStartsAndTheJournaledGameIsKept) {
  Scratch scratch;
  const std::string path = scratch.file("current.db");
  std::string error;
  KioskGameOptions o;
  o.variant = "chess";
  o.journal = path;
  { ASSERT_TRUE(KioskGame::create(o, Ms(0), error)) << error; }
  o.variant = "chesscom-ffa";
  o.set_aside = true;
  auto sim = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  EXPECT_EQ(sim->session().game().rules().id, "chesscom-ffa");
  EXPECT_TRUE(std::filesystem::exists(scratch.file("current-1.db")));
  EXPECT_NE(all_rulings(sim->view()).find("current-1.db"), std::string::npos) << all_rulings(sim->view());
  // The same variant resumes, keeping nothing aside.
  sim.reset();
  sim = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(sim) << error;
  EXPECT_FALSE(std::filesystem::exists(scratch.file("current-2.db")));
}

}  // namespace
}  // namespace tabula::ui

// Issue 27 items 6 and 8, and the journal's warnings: what the screen says,
// in words a new user understands, played on the virtual board against the
// real session. The headline says everything the last input made the arbiter
// say (at 800x480 there is no history under it); the round is the round of
// the move to come; no PGN4 letters, session tags or team numbers; New game
// offers the game on the board; a journal's missing -wal or a journal set
// aside is said once, as a dialog with what to do.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/ui/headless_kiosk.h"
#include "tests/ui/virtual_board_play.h"
#include "test_files.h"
#include "ui/panels.h"
#include "ui/scenes.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST(Headline, AMateSaysWhoIsMatedWithTheGameOver) {
  // Fool's mate: the last ruling is the game over; the mate itself came
  // with it from the same move (before, only "game over" was shown).
  Ms t(0);
  std::string error;
  auto sim = make_scene_game("mate", error);  // 1.f3 e5 2.g4 Qh4#
  ASSERT_TRUE(sim) << error;
  ASSERT_TRUE(sim->session().game().outcome().over);
  const std::string headline = joined(headline_lines(sim->view(t)));
  EXPECT_NE(headline.find("White is checkmated"), std::string::npos) << headline;
  EXPECT_NE(headline.find("game over"), std::string::npos) << headline;
  for (const RulingView& r : sim->view(t).ruling_history)
    EXPECT_EQ(headline.find(r.text), std::string::npos) << "said twice: " << r.text;
}

TEST(Headline, AnOrdinaryMoveIsOneLine) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  EXPECT_EQ(headline_lines(sim->view(t)).size(), 1U) << joined(headline_lines(sim->view(t)));
}

TEST(Words, TheRoundIsTheRoundOfTheMoveToCome) {
  Ms t(0);
  std::string error;
  auto sim = KioskGame::create("chess", error);
  ASSERT_TRUE(sim) << error;
  EXPECT_EQ(sim->view(t).subtitle, "setting up the board") << "not the session's tag \"setup\"";
  sim->tick(t += Ms(3000));
  EXPECT_EQ(sim->view(t).subtitle, "round 1");
  play(*sim, "e2", "e4", t);
  EXPECT_EQ(sim->view(t).subtitle, "round 1") << "Black's move of round 1";
  play(*sim, "e7", "e5", t);
  EXPECT_EQ(sim->view(t).subtitle, "round 2") << "White's move of round 2 (it said round 1)";
}

TEST(Words, AResignationIsWrittenOutInTheMoveList) {
  Ms t(0);
  auto sim = started("chesscom-ffa", t);
  ASSERT_TRUE(sim);
  sim->apply(Resign{SeatIndex{0}}, t += Ms(100));
  bool said = false;
  for (const MoveRound& round : sim->view(t).moves.rounds) {
    for (const std::string& ply : round.plies) {
      EXPECT_NE(ply, "R") << "chess.com's PGN4 letter";
      said = said || ply == "resigns";
    }
  }
  EXPECT_TRUE(said);
  EXPECT_EQ(sim->view(t).subtitle, "round 1") << "Red has not moved yet";
}

TEST(Words, TeamsAreNamedByTheirPlayers) {
  for (const char* variant : {"chess-four", "allies-vassals", "chesscom-teams"}) {
    Ms t(0);
    auto sim = started(variant, t);
    ASSERT_TRUE(sim);
    for (const SeatView& seat : sim->view(t).seats) {
      EXPECT_EQ(seat.relation.find("team "), std::string::npos) << variant << ": " << seat.relation;
    }
  }
  Ms t(0);
  auto sim = started("chess-four", t);
  ASSERT_TRUE(sim);
  const std::string first = sim->view(t).seats[0].relation;
  EXPECT_EQ(first.rfind("with ", 0), 0U) << first;
}

TEST(Words, NewGameOffersTheGameOnTheBoard) {
  // Allies and Vassals came first whatever was played.
  Ms t(0);
  auto sim = started("chess-four", t);
  ASSERT_TRUE(sim);
  const KioskView view = sim->view(t);
  HeadlessKiosk kiosk(800, 480);
  kiosk.frame(view);
  press(kiosk, view, "Arbiter");
  for (const char* d : {"2", "5", "8", "0"}) press(kiosk, view, d);
  press(kiosk, view, "Game");
  press(kiosk, view, "Start a new game...");
  const std::vector<Intent> started_game = press(kiosk, view, "Yes");
  ASSERT_EQ(started_game.size(), 1U);
  const auto* game = std::get_if<NewGame>(&started_game.front());
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->variant_id, "chess-four");
}

TEST(JournalNotice, AJournalWithoutItsWalIsSaidOnceWithWhatToDo) {
  tabula::testing::TempDir dir;
  KioskGameOptions o;
  Ms t(0);
  auto game = journaled_chess_game(dir, o, t);
  ASSERT_TRUE(game);
  play(*game, "e2", "e4", t);
  // The file copied alone while the game is written: its -wal stays behind.
  std::filesystem::copy_file(dir.file("g.db"), dir.file("copy.db"));
  KioskGameOptions copy = o;
  copy.journal = dir.file("copy.db");
  std::string error;
  auto resumed = KioskGame::create(copy, t, error);
  ASSERT_TRUE(resumed) << error;
  const KioskView view = resumed->view(t);
  ASSERT_TRUE(view.dialog) << "the -wal warning must be shown";
  EXPECT_EQ(view.dialog->kind, DialogKind::kNotice);
  EXPECT_NE(view.dialog->prompt.find("-wal file is missing"), std::string::npos) << view.dialog->prompt;
  EXPECT_NE(view.dialog->prompt.find("What to do"), std::string::npos) << view.dialog->prompt;
  ASSERT_EQ(view.dialog->options.size(), 1U);
  resumed->apply(DialogAnswered{view.dialog->id, 0}, t += Ms(100));
  const KioskView after = resumed->view(t);
  EXPECT_FALSE(after.dialog) << "said once";
  bool kept = false;
  for (const RulingView& r : after.ruling_history) kept = kept || r.text.find("-wal file is missing") != std::string::npos;
  EXPECT_TRUE(kept) << "it stays among the notices";
}

TEST(JournalNotice, AJournalSetAsideIsSaidAsADialog) {
  tabula::testing::TempDir dir;
  std::string error;
  KioskGameOptions o;
  o.variant = "chess";
  o.journal = dir.file("current.db");
  { ASSERT_TRUE(KioskGame::create(o, Ms(0), error)) << error; }
  std::filesystem::resize_file(dir.file("current.db"), 100);  // damaged
  o.set_aside = true;
  auto game = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(game) << error;
  const KioskView view = game->view(Ms(0));
  ASSERT_TRUE(view.dialog);
  EXPECT_EQ(view.dialog->kind, DialogKind::kNotice);
  EXPECT_NE(view.dialog->prompt.find("current.damaged-1.db"), std::string::npos) << view.dialog->prompt;
  // The dialog fits the 800x480 screen and is answered by a tap.
  HeadlessKiosk kiosk(800, 480);
  kiosk.frame(view);
  kiosk.frame(view);
  const std::vector<Intent> answer = press(kiosk, view, "Understood");
  ASSERT_EQ(answer.size(), 1U);
  game->apply(answer.front(), Ms(100));
  EXPECT_FALSE(game->view(Ms(100)).dialog);
}

TEST(Guidance, AnEnPassantUnderWayIsFinishedNotUndone) {
  // The capturer is down on d6, its victim still on d5: the kiosk said
  // "lift the piece off d6 · put White's pawn on e5".
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  play(*sim, "e2", "e4", t);
  play(*sim, "a7", "a6", t);
  play(*sim, "e4", "e5", t);
  play(*sim, "d7", "d5", t);
  sim->apply(at("e5"), t += Ms(300));
  EXPECT_EQ(describe_fixes(sim->view(t)), "") << "a pawn in the hand: its moves are open";
  sim->apply(at("d6"), t += Ms(300));
  sim->tick(t += Ms(4000));
  const std::string steps = describe_fixes(sim->view(t));
  EXPECT_EQ(steps, "to finish the move, take Black's pawn off d5") << steps;
  sim->apply(at("d5"), t += Ms(300));
  sim->apply(SquareClicked{*parse_cell_name("d5"), ClickModifier::kSlide}, t += Ms(300));
  sim->tick(t += Ms(3000));
  EXPECT_EQ(sim->session().moves().size(), 5U) << "exd6 e.p. played";
}

TEST(Guidance, CastlingKingFirstIsFinishedNotUndone) {
  Ms t(0);
  auto sim = started("chess", t);
  ASSERT_TRUE(sim);
  for (const auto& [from, to] : std::vector<std::pair<const char*, const char*>>{
           {"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"}, {"b8", "c6"}, {"f1", "c4"}, {"f8", "c5"}})
    play(*sim, from, to, t);
  sim->apply(at("e1"), t += Ms(300));
  sim->apply(at("g1"), t += Ms(300));
  sim->tick(t += Ms(4000));
  const std::string steps = describe_fixes(sim->view(t));
  EXPECT_EQ(steps, "to finish the move, move White's rook from h1 to f1")
      << steps;
  EXPECT_EQ(steps.find("king on e1"), std::string::npos) << "undoes the castling: " << steps;
}

TEST(Guidance, AMoveNoRuleAllowsIsStillPutBack) {
  // The check scene: Black's a7-a6 leaves the king in check; the steps undo it.
  const std::optional<KioskView> view = make_scene("check");
  ASSERT_TRUE(view);
  EXPECT_NE(describe_fixes(*view).find("back to a7"), std::string::npos) << describe_fixes(*view);
}

}  // namespace
}  // namespace tabula::ui

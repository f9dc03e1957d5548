// Issue 33 at the kiosk: --bots/--hints options, a bot's move searched off the
// frame loop and announced with its arrow, the table making it by clicks, a
// wrong click refused; hints allowed only when switched on.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include <filesystem>

#include "core/fen.h"
#include "journal/journal.h"
#include "test_files.h"
#include "tests/ui/virtual_board_play.h"
#include "ui/kiosk_game.h"
#include "ui/bot_arrows.h"
#include "ui/kiosk_options.h"
#include "ui/panels.h"
#include "ui/session_view.h"
#include "ui/theme.h"
#include "variants/variant_loader.h"

namespace tabula::ui {
namespace {

using Ms = session::Millis;

Intent click(const std::string& name) { return SquareClicked{*parse_cell_name(name)}; }

// Ticks until the worker's answer is in (the search runs on its thread).
void wait_for(KioskGame& g, Ms& t, const std::function<bool()>& done) {
  for (int i = 0; i < 200 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    g.tick(t += Ms(20));
  }
}

bool has_bot_arrow(const KioskView& v) {
  for (const ArrowView& a : v.arrows) {
    if (!a.hint) return true;
  }
  return false;
}

TEST(BotKiosk, OptionsAreParsedAndBadOnesNamed) {
  std::vector<const char*> args{"--variant", "chess", "--bots", "Black=2", "--hints", "on"};
  ParsedOptions p = parse_kiosk_options(args);
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_EQ(p.options.bots, "Black=2");
  EXPECT_TRUE(p.options.hints);
  EXPECT_FALSE(p.options.blunder_check);
  std::vector<const char*> bad{"--hints", "maybe"};
  EXPECT_EQ(parse_kiosk_options(bad).error, "--hints wants on or off, not 'maybe'");
  KioskGameOptions o;
  o.variant = "chess";
  o.bots = "Pink=2";
  std::string error;
  EXPECT_FALSE(KioskGame::create(o, Ms(0), error));
  EXPECT_EQ(error, "bots: 'Pink=2' (column 1): no seat 'Pink' in Chess; its seats are White (1), Black (2)");
}

TEST(BotKiosk, TheBotsMoveIsAnnouncedWithItsArrowAndOnlyItIsAccepted) {
  KioskGameOptions o;
  o.variant = "chess";
  o.bots = "Black=1";
  std::string error;
  auto g = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(g) << error;
  Ms t(0);
  g->tick(t += Ms(3000));
  g->apply(click("e2"), t += Ms(100));
  g->apply(click("e4"), t += Ms(400));
  g->tick(t += Ms(3000));
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); });
  const KioskView& v = g->view(t);
  ASSERT_TRUE(has_bot_arrow(v)) << "no announcement";
  ASSERT_EQ(v.arrows.size(), 1u);
  EXPECT_EQ(v.arrows[0].seat.value, 1);
  const std::string from = cell_name(v.arrows[0].from);
  const std::string to = cell_name(v.arrows[0].to);
  ASSERT_TRUE(v.ruling.has_value());
  EXPECT_EQ(v.ruling->text.find("Black's bot plays "), 0u) << v.ruling->text;
  // A wrong move first: a7-a6 unless that is the bot's own.
  const std::string wf = from == "a7" ? "h7" : "a7";
  const std::string wt = from == "a7" ? "h6" : "a6";
  g->apply(click(wf), t += Ms(100));
  g->apply(click(wt), t += Ms(400));
  g->tick(t += Ms(3000));
  EXPECT_EQ(g->session().moves().size(), 1u);
  ASSERT_TRUE(g->view(t).ruling.has_value());
  EXPECT_NE(g->view(t).ruling->text.find("Black's bot plays "), std::string::npos) << g->view(t).ruling->text;
  g->apply(click(wt), t += Ms(100));
  g->apply(click(wf), t += Ms(400));
  g->tick(t += Ms(3000));
  g->apply(click(from), t += Ms(100));
  g->apply(click(to), t += Ms(400));
  g->tick(t += Ms(3000));
  EXPECT_EQ(g->session().moves().size(), 2u);
  EXPECT_FALSE(has_bot_arrow(g->view(t)));
}

TEST(BotKiosk, ABotsSeatSaysItIsTheBotBeforeItsFirstMove) {
  // s16-club: three friends named and a bot in the fourth seat: the turn
  // line, the clock tiles, the ledger and the Players screen (seat_label)
  // showed the bot's seat by its colour alone, like a person's without a
  // name, until its first announcement. A named seat keeps its name; the
  // arbiter's change of who plays changes the label.
  KioskGameOptions o;
  o.variant = "chesscom-ffa";
  o.players = {"Ann", "Ben", "Cem"};
  o.bots = "Green=2,Ben=greedy";
  std::string error;
  EXPECT_FALSE(KioskGame::create(o, Ms(0), error)) << "Ben is a player, not a seat";
  o.bots = "Green=2,Blue=greedy";
  auto game = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(game) << error;
  Ms t(0);
  const KioskView& v = game->view(t);
  ASSERT_EQ(v.seats.size(), 4u);
  EXPECT_EQ(seat_label(v.seats[0]), "Ann (Red)");
  EXPECT_EQ(seat_label(v.seats[1]), "Ben (Blue)") << "a bot's seat the table named keeps its name";
  EXPECT_EQ(seat_label(v.seats[3]), "bot, level 2 (Green)");
  game->apply(SetBots{"Green=greedy,Yellow=8"}, t += Ms(100));
  EXPECT_EQ(seat_label(game->view(t).seats[3]), "bot, greedy (Green)");
  EXPECT_EQ(seat_label(game->view(t).seats[2]), "Cem (Yellow)");
  game->apply(SetBots{""}, t += Ms(100));
  EXPECT_EQ(seat_label(game->view(t).seats[3]), "Green") << "a person again";
}

TEST(BotKiosk, EverySeatsArrowHasAHaloThatOutlinesIt) {
  // s16-club: Chess Four's Dark Brown bot's arrow (and the ring around its
  // piece) had the same near-black halo as every seat's, which outlines a
  // yellow or white arrow but not a dark one: a dark blob on the dark
  // squares. Every seat colour of every shipped variant gets a halo at
  // least 0.4 of luminance away from it (the old halo: Black 0.17, Dark
  // Brown 0.27, Red 0.30).
  int seats = 0;
  for (const std::string& id : variants::list_ids()) {
    std::string error;
    auto game = KioskGame::create(id, error);
    ASSERT_TRUE(game) << id << ": " << error;
    for (const SeatView& seat : game->view().seats) {
      const float apart = std::abs(luminance(arrow_halo(seat.colour)) - luminance(seat.colour));
      EXPECT_GE(apart, 0.4f) << id << ", " << seat.name << "'s arrow";
      ++seats;
    }
  }
  EXPECT_GE(seats, 30);
}

TEST(BotKiosk, AHintSaysWhichPieceToMoveFromWhereToWhere) {
  // s16-club: a child asking for a hint read "Hint for Red: Bi1-e5", the
  // game's notation only. The screen now says the piece and both squares
  // first, the notation after; they are the hint's arrow and the piece on
  // its first square.
  KioskGameOptions o;
  o.variant = "chess";  // a hint's search there is quick (level 6)
  o.hints = true;
  std::string error;
  auto game = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(game) << error;
  Ms t(0);
  game->tick(t += Ms(3000));  // the set-up board settles
  game->apply(AskHint{}, t += Ms(100));
  wait_for(*game, t, [&] { return !game->view(t).arrows.empty(); });
  const KioskView& v = game->view(t);
  ASSERT_EQ(v.arrows.size(), 1u);
  ASSERT_TRUE(v.ruling);
  const ArrowView& a = v.arrows[0];
  ASSERT_TRUE(v.piece_at(a.from));
  const std::string piece(piece_name(v.piece_at(a.from)->glyph));
  const std::string words = "Hint for White: move the " + piece + " from " + cell_name(a.from) + " to " + cell_name(a.to) + " (";
  EXPECT_EQ(v.ruling->text.substr(0, words.size()), words) << v.ruling->text;
  EXPECT_EQ(v.ruling->text.back(), ')') << v.ruling->text;
}

// s17-club: a castling or a promotion hint named the king's step or the
// pawn's only ("move the king from e1 to g1 (O-O)"); the rook's step and the
// new piece are said in words now, the notation after them.
std::string hint_line(const std::string& fen, const std::string& text, const char* from, const char* to) {
  variants::LoadResult loaded = variants::load_id("chess");
  EXPECT_TRUE(loaded.ok());
  session::Snapshot snap(*core::parse_fen(*loaded.rules, fen));
  snap.phase = session::Phase::kPlay;
  snap.to_move = snap.position.to_move();
  session::Ruling r;
  r.kind = session::RulingKind::kAdvice;
  r.text = text;
  r.squares = {loaded.rules->geometry.parse(from), loaded.rules->geometry.parse(to)};
  snap.recent.push_back(r);
  const KioskView v = view_of(snap, *loaded.rules);
  return v.ruling ? v.ruling->text : "";
}

TEST(BotKiosk, AHintToCastleOrPromoteSaysTheRooksStepOrTheNewPiece) {
  const std::string castle = "r3k2r/pppq1ppp/2n2n2/2bpp3/2BPP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(hint_line(castle, "Hint for White: O-O", "e1", "g1"),
            "Hint for White: castle king side: king e1 to g1, rook h1 to f1 (O-O)");
  EXPECT_EQ(hint_line(castle, "Hint for White: O-O-O", "e1", "c1"),
            "Hint for White: castle queen side: king e1 to c1, rook a1 to d1 (O-O-O)");
  EXPECT_EQ(hint_line("1n5k/4P3/8/8/8/8/8/4K3 w - - 0 1", "Hint for White: e7-e8=Q", "e7", "e8"),
            "Hint for White: move the pawn from e7 to e8 and make it a queen (e7-e8=Q)");
  EXPECT_EQ(hint_line("1n5k/4P3/8/8/8/8/8/4K3 w - - 0 1", "Hint for White: e7xb8=N", "e7", "b8"),
            "Hint for White: e7xb8=N");  // no such move here: the notation as it came
  EXPECT_EQ(hint_line("1n5k/8/8/8/8/8/6p1/4K2R b K - 0 1", "Hint for Black: g2xRh1=R", "g2", "h1"),
            "Hint for Black: move the pawn from g2 to h1 and make it a rook (g2xRh1=R)");
}

TEST(BotKiosk, APlayerNamedBotOnTheSetupOrPlayersScreenIsABot) {
  KioskGameOptions o;
  o.variant = "chess";
  o.players = {"Ann", "Bot 1"};
  std::string error;
  auto g = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(g) << error;
  Ms t(0);
  g->tick(t += Ms(3000));
  g->apply(click("d2"), t += Ms(100));
  g->apply(click("d4"), t += Ms(400));
  g->tick(t += Ms(3000));
  wait_for(*g, t, [&] { return has_bot_arrow(g->view(t)); });
  EXPECT_TRUE(has_bot_arrow(g->view(t)));
}

TEST(BotKiosk, HintsOnlyWhenTheArbiterAllowsThem) {
  KioskGameOptions o;
  o.variant = "chess";
  std::string error;
  auto off = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(off) << error;
  Ms t(0);
  off->tick(t += Ms(3000));
  EXPECT_FALSE(off->view(t).hints);
  off->apply(AskHint{}, t += Ms(100));
  EXPECT_TRUE(off->view(t).arrows.empty());
  o.hints = true;
  auto on = KioskGame::create(o, Ms(0), error);
  ASSERT_TRUE(on) << error;
  Ms u(0);
  on->tick(u += Ms(3000));
  EXPECT_TRUE(on->view(u).hints);
  on->apply(AskHint{}, u += Ms(100));
  wait_for(*on, u, [&] { return !on->view(u).arrows.empty(); });
  ASSERT_EQ(on->view(u).arrows.size(), 1u);
  EXPECT_TRUE(on->view(u).arrows[0].hint);
  EXPECT_EQ(on->view(u).ruling->text.find("Hint for White: "), 0u);
}

// s17-club, the README's first command walked again: `scripts/run.sh` once,
// then `scripts/run.sh --bots Black=2` resumed current.db with no bot and
// said nothing, so the table waited for a bot that never moved.
TEST(BotKiosk, BotsGivenToAResumedGameThatKeepsItsOwnAreSaidNotToBeUsed) {
  tabula::testing::TempDir dir;
  KioskGameOptions o;
  Ms t(0);
  { ASSERT_TRUE(journaled_chess_game(dir, o, t)); }
  KioskGameOptions again;
  again.journal = dir.file("g.db");
  again.bots = "black=2";
  std::string error;
  auto resumed = KioskGame::create(again, t, error);
  ASSERT_TRUE(resumed) << error;
  auto said = [&](const std::string& words) {
    bool found = false;
    for (const RulingView& r : resumed->view(t).ruling_history) found = found || r.text.find(words) != std::string::npos;
    if (resumed->view(t).ruling) found = found || resumed->view(t).ruling->text.find(words) != std::string::npos;
    return found;
  };
  EXPECT_TRUE(said("this game keeps its journal's bots (none); --bots black=2 given is not used")) << error;
  EXPECT_EQ(resumed->view(t).bots, "");
  // The same bots as the journal's, however written: nothing to say.
  resumed.reset();
  tabula::testing::TempDir dir2;
  KioskGameOptions with;
  with.bots = "Black=2";
  { ASSERT_TRUE(journaled_chess_game(dir2, with, t)); }
  KioskGameOptions same;
  same.journal = dir2.file("g.db");
  same.bots = "2=2";
  resumed = KioskGame::create(same, t, error);
  ASSERT_TRUE(resumed) << error;
  EXPECT_FALSE(said("given is not used"));
}

TEST(BotKiosk, TheArbitersHintsSwitchIsJournaledAndKeptByAResume) {
  // Issue 33 item 3: the arbiter menu's switch (the menu is behind the PIN)
  // sends SetAdvice; the journal's header keeps it for a resume.
  tabula::testing::TempDir dir;
  KioskGameOptions o;
  Ms t(0);
  {
    auto game = journaled_chess_game(dir, o, t);
    ASSERT_TRUE(game);
    EXPECT_FALSE(game->view(t).hints) << "off by default, as in rated games";
    game->apply(SetAdvice{true, true}, t += Ms(100));
    EXPECT_TRUE(game->view(t).hints);
    EXPECT_TRUE(game->view(t).blunder_check);
    game->apply(AskHint{}, t += Ms(100));
    wait_for(*game, t, [&] { return !game->view(t).arrows.empty(); });
    EXPECT_EQ(game->view(t).ruling->text.find("Hint for White: "), 0u);
    game->apply(SetAdvice{true, false}, t += Ms(100));
    // The power goes: what is on disk is the journal and its -wal.
    copy_after_a_power_cut(dir.file("g.db"), dir.file("cut.db"));
  }
  KioskGameOptions again;
  again.journal = dir.file("cut.db");  // no --hints: the journal says
  std::string error;
  auto resumed = KioskGame::create(again, t, error);
  ASSERT_TRUE(resumed) << error;
  EXPECT_TRUE(resumed->view(t).hints) << "the arbiter's switch survives the restart";
  EXPECT_FALSE(resumed->view(t).blunder_check);
  resumed->apply(SetAdvice{false, false}, t += Ms(100));
  EXPECT_FALSE(resumed->view(t).hints);
  resumed->apply(AskHint{}, t += Ms(100));
  bool refused = false;
  for (const RulingView& r : resumed->view(t).ruling_history)
    refused = refused || r.text.find("hints are off in this game") != std::string::npos;
  EXPECT_TRUE(refused) << "forbidden again";
  EXPECT_EQ(describe(SetAdvice{true, false}), "advice hints on blunder-check off");
  // A journal written before the switches has no rows: the options decide.
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::open(dir.file("g.db"), journal::Journal::Access::kRead, j).ok());
  EXPECT_EQ(j.header().hints, std::optional<bool>(true));
  EXPECT_EQ(j.header().blunder_check, std::optional<bool>(false));
}


TEST(BotKiosk, TheArbiterChangesWhoPlaysAndAResumeKeepsIt) {
  // Issue 33 item 1: SetBots (the Players screen, behind the PIN) makes a
  // seat a bot or a person during the game; the journal's header keeps it,
  // and a resume takes it over the kiosk's options.
  tabula::testing::TempDir dir;
  KioskGameOptions o;
  o.bots = "Black=1";
  Ms t(0);
  {
    auto game = journaled_chess_game(dir, o, t);
    ASSERT_TRUE(game);
    EXPECT_EQ(game->view(t).bots, "Black=1");
    game->apply(SetBots{"Pink=2"}, t += Ms(100));  // no such seat: named, nothing changed
    EXPECT_EQ(game->view(t).bots, "Black=1");
    bool named = false;
    for (const RulingView& r : game->view(t).ruling_history)
      named = named || r.text.find("who plays is not changed: bots: 'Pink=2'") != std::string::npos;
    EXPECT_TRUE(named) << "the bad seat is named";
    game->apply(SetBots{"White=greedy"}, t += Ms(100));  // Black a person, White a bot
    EXPECT_EQ(game->view(t).bots, "White=greedy");
    // White's bot moves: the announcement comes for White.
    wait_for(*game, t, [&] { return !game->view(t).arrows.empty(); });
    ASSERT_FALSE(game->view(t).arrows.empty());
    EXPECT_EQ(game->view(t).arrows[0].seat.value, 0);
    copy_after_a_power_cut(dir.file("g.db"), dir.file("cut.db"));
  }
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::open(dir.file("cut.db"), journal::Journal::Access::kRead, j).ok());
  EXPECT_EQ(j.header().bots, "White=greedy");
  KioskGameOptions again = o;  // the same command line: --bots Black=1
  again.journal = dir.file("cut.db");
  std::string error;
  auto resumed = KioskGame::create(again, t, error);
  ASSERT_TRUE(resumed) << error;
  EXPECT_EQ(resumed->view(t).bots, "White=greedy") << "the arbiter's change survives the restart";
  resumed->apply(SetBots{""}, t += Ms(100));
  EXPECT_EQ(resumed->view(t).bots, "");
}

}  // namespace
}  // namespace tabula::ui

// The appliance's first-boot setup (issue 16): the boards on offer and the
// variants each fits (from the variant files' boards and the profiles'
// geometries), the saved file and the board profile copied beside it, bad
// saved setups in words, and the setup screen by touch at 800x480 and
// 720x1280.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/ui/headless_kiosk.h"
#include "journal/journal.h"
#include "ui/first_boot.h"
#include "ui/kiosk_game.h"
#include "ui/touch_keyboard.h"
#include "test_files.h"

namespace tabula::ui {
namespace {

namespace fs = std::filesystem;

using Scratch = tabula::testing::TempDir;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const SetupChoices& installed() {
  static const SetupChoices choices =
      setup_choices(default_profiles_dir(), "/nonexistent/board.textproto");
  return choices;
}

TEST(FirstBoot, TheVirtualBoardComesFirstAndFitsEveryVariant) {
  const SetupChoices& c = installed();
  ASSERT_FALSE(c.boards.empty());
  EXPECT_EQ(c.boards.front().id, "");
  EXPECT_EQ(c.boards.front().variants.size(), c.variants.size());
  EXPECT_GE(c.variants.size(), 10U);
  EXPECT_TRUE(c.problems.empty()) << c.problems.front();
  EXPECT_EQ(c.clocks.front(), "") << "no clock first";
}

TEST(FirstBoot, EachProfileOffersTheVariantsOfItsShape) {
  // From the variant files: chess is 8x8; chesscom-ffa, chesscom-teams,
  // four-kingdoms and allies-vassals are 14x14 less 3x3 corners; chess-four
  // is 12x12 less 2x2 corners; corners-mini merges 8x8's corners.
  const SetupChoices& c = installed();
  const BoardOption* chess = c.board("chess-8x8-matrix");
  const BoardOption* cross14 = c.board("cross-14-decoder");
  const BoardOption* cross12 = c.board("cross-12-matrix");
  const BoardOption* mini = c.board("mini-8x8-corners-matrix");
  ASSERT_TRUE(chess && cross14 && cross12 && mini);
  EXPECT_EQ(chess->geometry, "chess-8x8");
  EXPECT_EQ(chess->variants, (std::vector<std::string>{"chess"}));
  EXPECT_EQ(cross14->variants, (std::vector<std::string>{"allies-vassals", "chesscom-ffa",
                                                         "chesscom-teams", "four-kingdoms"}));
  EXPECT_EQ(cross12->variants, (std::vector<std::string>{"chess-four"}));
  EXPECT_EQ(mini->variants, (std::vector<std::string>{"corners-mini"}));
  EXPECT_EQ(c.seat_names("chesscom-ffa"),
            (std::vector<std::string>{"Red", "Blue", "Yellow", "Green"}));
}

TEST(FirstBoot, TheAdministratorsProfileIsTheOnlyBoardOffered) {
  Scratch s;
  fs::copy_file(fs::path(default_profiles_dir()) / "chess-8x8-matrix.textproto",
                s.file("board.textproto"));
  const SetupChoices c = setup_choices(default_profiles_dir(), s.file("board.textproto"));
  ASSERT_EQ(c.boards.size(), 2U);
  EXPECT_EQ(c.boards[1].id, "chess-8x8-matrix");
  EXPECT_TRUE(c.boards[1].administrator);
  // A broken one is not offered, and says why.
  s.write("broken.textproto", "id: \"x\"\ngeometry: 7\n");
  const SetupChoices b = setup_choices(default_profiles_dir(), s.file("broken.textproto"));
  EXPECT_EQ(b.boards.size(), 1U);
  ASSERT_EQ(b.problems.size(), 1U);
  EXPECT_NE(b.problems[0].find("broken.textproto:2:"), std::string::npos) << b.problems[0];
}

TEST(FirstBoot, ASavedSetupComesBackWithTheProfileBesideIt) {
  Scratch s;
  const SetupDone chosen{"cross-14-decoder", "chesscom-ffa", "15+10", "Ann,Bob"};
  ASSERT_EQ(save_setup(s.path(), chosen, installed()), "");
  EXPECT_EQ(read(board_file(s.path())), read(installed().board("cross-14-decoder")->file));
  const std::string text = read(setup_file(s.path()));
  EXPECT_NE(text.find("board_profile: \"cross-14-decoder\""), std::string::npos) << text;
  EXPECT_NE(text.find("players: \"Bob\""), std::string::npos) << text;
  const LoadedSetup back = load_setup(s.path(), installed());
  EXPECT_TRUE(back.exists);
  EXPECT_EQ(back.problem, "");
  EXPECT_EQ(back.setup, chosen);
  // The virtual board: tabula-boardd has no profile of the setup's.
  ASSERT_EQ(save_setup(s.path(), SetupDone{"", "chess", "", ""}, installed()), "");
  EXPECT_FALSE(fs::exists(board_file(s.path())));
  EXPECT_EQ(load_setup(s.path(), installed()).setup, (SetupDone{"", "chess", "", ""}));
  EXPECT_FALSE(fs::exists(setup_file(s.path()) + ".new")) << "no temporary file left";
}

TEST(FirstBoot, NoSavedSetupIsNoProblem) {
  Scratch s;
  const LoadedSetup none = load_setup(s.path(), installed());
  EXPECT_FALSE(none.exists);
  EXPECT_FALSE(none.setup.has_value());
  EXPECT_EQ(none.problem, "");
}

TEST(FirstBoot, ABadSavedSetupSaysWhatIsWrongAndWhere) {
  Scratch s;
  const std::string dir = s.path();
  auto problem_of = [&](const std::string& text) {
    s.write("setup.textproto", text);
    const LoadedSetup l = load_setup(dir, installed());
    EXPECT_TRUE(l.exists);
    EXPECT_FALSE(l.setup.has_value()) << text;
    return l.problem;
  };
  std::string p = problem_of("variant: \"chess\"\nboard_profile: chess-8x8\n");
  EXPECT_NE(p.find("setup.textproto:2:"), std::string::npos) << p;
  p = problem_of("variant: \"chess\"\ncolour: \"red\"\n");
  EXPECT_NE(p.find("setup.textproto:2:"), std::string::npos) << p;
  EXPECT_NE(p.find("colour"), std::string::npos) << p;
  p = problem_of("variant: \"shogi\"\n");
  EXPECT_NE(p.find("the variant shogi is not installed"), std::string::npos) << p;
  p = problem_of("board_profile: \"chess-8x8-matrix\"\nvariant: \"chesscom-ffa\"\n");
  EXPECT_NE(p.find("does not fit the board chess-8x8-matrix"), std::string::npos) << p;
  p = problem_of("board_profile: \"lost-board\"\nvariant: \"chess\"\n");
  EXPECT_NE(p.find("lost-board is not installed"), std::string::npos) << p;
  p = problem_of("variant: \"chess\"\ntime_control: \"15+x\"\n");
  EXPECT_NE(p.find("the clock 15+x is not a time control"), std::string::npos) << p;
  p = problem_of("variant: \"chess\"\nplayers: [\"A\", \"B\", \"C\"]\n");
  EXPECT_NE(p.find("3 players for the 2 seats of chess"), std::string::npos) << p;
  p = problem_of(
      "board_profile: \"chess-8x8-matrix\"\nvariant: \"chess\"\n");  // board.textproto gone
  EXPECT_NE(p.find("board.textproto is missing"), std::string::npos) << p;
  p = problem_of("");
  EXPECT_NE(p.find("no variant is chosen"), std::string::npos) << p;
  EXPECT_NE(p.find(setup_file(dir)), std::string::npos) << "the file is named: " << p;
  // Unreadable (a directory in its place).
  fs::remove(s.file("setup.textproto"));
  fs::create_directories(s.file("setup.textproto"));
  const LoadedSetup l = load_setup(dir, installed());
  EXPECT_FALSE(l.setup.has_value());
  EXPECT_NE(l.problem, "");
}

TEST(FirstBoot, ASaveThatCannotBeWrittenSaysSo) {
  Scratch s;
  fs::create_directories(
      s.file("setup.textproto.new/x"));  // the temporary name is taken by a directory
  const std::string e = save_setup(s.path(), SetupDone{"", "chess", "", ""}, installed());
  EXPECT_NE(e.find("setup.textproto"), std::string::npos) << e;
  EXPECT_NE(save_setup(s.path(), SetupDone{"", "chesscom-ffa", "", "A,B,C,D,E"}, installed()),
            "");
}

// ---- The screen, by touch.


std::vector<std::string> small_targets(HeadlessKiosk& kiosk) {
  std::vector<std::string> small;
  for (const HitRect& h : kiosk.app().hit_rects()) {
    if (h.rect.width() < 47.5f || h.rect.height() < 47.5f)
      small.push_back(kiosk.app().screen_name() + " '" + h.label + "'");
  }
  return small;
}

TEST(FirstBoot, BoardsAreNamedInTheirProfilesWordsNotByTheirIds) {
  // Issue 27 item 8: the words are the profiles' own descriptions
  // (hardware/profiles/*.textproto), read by hand for this test.
  const SetupChoices& c = installed();
  const std::pair<const char*, const char*> expected[] = {
      {"chess-8x8-matrix", "8x8 chess board"},
      {"cross-14-decoder", "14x14 cross"},
      {"cross-12-matrix", "12x12 cross without corners"},
      {"bipartite-5x9-direct", "5x9 Bipartite board"},
      {"mini-8x8-corners-matrix", "8x8 board whose four 2x2 corners are one square each"}};
  for (const auto& [id, words] : expected) {
    const BoardOption* b = c.board(id);
    ASSERT_NE(b, nullptr) << id;
    EXPECT_EQ(b->title, words);
  }
  // On the page: the words, and neither the id nor the geometry's id.
  HeadlessKiosk kiosk(800, 480);
  KioskView view;
  kiosk.app().setup().open(c, "", std::nullopt, false);
  kiosk.frame(view);
  kiosk.frame(view);
  EXPECT_NE(find(kiosk, "14x14 cross"), nullptr);
  for (const HitRect& h : kiosk.app().hit_rects()) {
    EXPECT_EQ(h.label.find("-matrix"), std::string::npos) << h.label;
    EXPECT_EQ(h.label.find("-decoder"), std::string::npos) << h.label;
  }
  // A profile without a description reads as its id; two that read the same
  // keep their ids, so the club can tell them apart.
  EXPECT_EQ(board_title("x-1", ""), "x-1");
  Scratch s;
  const std::string chess = read((fs::path(default_profiles_dir()) / "chess-8x8-matrix.textproto").string());
  s.write("a.textproto", chess);
  std::string other = chess;
  other.replace(other.find("id: \"chess-8x8-matrix\""), 22, "id: \"chess-8x8-other\"");
  s.write("b.textproto", other);
  const SetupChoices two = setup_choices(s.path(), "/nonexistent/board.textproto");
  ASSERT_EQ(two.boards.size(), 3U) << (two.problems.empty() ? "" : two.problems.front());
  EXPECT_EQ(two.boards[1].title, "8x8 chess board (chess-8x8-matrix)");
  EXPECT_EQ(two.boards[2].title, "8x8 chess board (chess-8x8-other)");
}

TEST(FirstBoot, TheSetupIsChosenByTouchAtThePisLayouts) {
  for (const auto& [w, h] : {std::pair{800.0f, 480.0f}, std::pair{720.0f, 1280.0f}}) {
    SCOPED_TRACE(std::to_string(static_cast<int>(w)) + "x" + std::to_string(static_cast<int>(h)));
    HeadlessKiosk kiosk(w, h);
    KioskView view;  // no game yet: the setup covers the screen
    kiosk.app().setup().open(installed(), "", std::nullopt, false);
    kiosk.frame(view);
    kiosk.frame(view);
    EXPECT_EQ(kiosk.app().screen_name(), "setup-board");
    EXPECT_EQ(small_targets(kiosk), std::vector<std::string>{});
    EXPECT_EQ(find(kiosk, "Next"), nullptr) << "nothing chosen yet";
    EXPECT_EQ(find(kiosk, "Cancel"), nullptr) << "the first boot cannot be cancelled";
    press(kiosk, view, "14x14 cross");
    press(kiosk, view, "Next");
    ASSERT_EQ(kiosk.app().screen_name(), "setup-variant");
    EXPECT_EQ(small_targets(kiosk), std::vector<std::string>{});
    EXPECT_EQ(find(kiosk, "Chess"), nullptr) << "chess does not fit the 14x14 board";
    press(kiosk, view, "Four-player FFA (chess.com)");
    press(kiosk, view, "Next");
    ASSERT_EQ(kiosk.app().screen_name(), "setup-clock");
    EXPECT_EQ(small_targets(kiosk), std::vector<std::string>{});
    press(kiosk, view, "15+10");
    press(kiosk, view, "Next");
    ASSERT_EQ(kiosk.app().screen_name(), "setup-players");
    EXPECT_EQ(small_targets(kiosk), std::vector<std::string>{});
    press(kiosk, view, "Blue");
    ASSERT_EQ(kiosk.app().screen_name(), "setup-keyboard");
    for (const char* key : {"shift", "b", "o", "b", "done"}) press(kiosk, view, key);
    press(kiosk, view, "Red");
    for (const char* key : {"shift", "a", "n", "n", "done"}) press(kiosk, view, key);
    EXPECT_EQ(
        press(kiosk, view, "Start"),
        (std::vector<Intent>{SetupDone{"cross-14-decoder", "chesscom-ffa", "15+10", "Ann,Bob"}}));
  }
}

// Issue 35: the board's seat assignment from the hub is shown on the setup
// (its round, table, game and players by seat) and taken with one tap: the
// game on a board that fits it, the players by seat; the arbiter can still
// change a name. A game no board here offers is said, nothing taken.
TEST(FirstBoot, TheHubsSeatAssignmentIsShownAndTakenWithOneTap) {
  for (const auto& [w, h] : {std::pair{800.0f, 480.0f}, std::pair{720.0f, 1280.0f}}) {
    SCOPED_TRACE(std::to_string(static_cast<int>(w)) + "x" + std::to_string(static_cast<int>(h)));
    HeadlessKiosk kiosk(w, h);
    KioskView view;
    kiosk.app().setup().open(installed(), "", std::nullopt, false);
    kiosk.frame(view);
    kiosk.frame(view);
    EXPECT_EQ(find(kiosk, "Use this seating"), nullptr) << "no assignment, no button";
    kiosk.app().setup().set_assignment(
        SetupAssignment{"round 2, table 3 (section open)", "chesscom-ffa", {"Ann", "Bob", "Cem", "Dee"}});
    kiosk.frame(view);
    press(kiosk, view, "14x14 cross");  // the arbiter had chosen the board
    EXPECT_EQ(small_targets(kiosk), std::vector<std::string>{});
    press(kiosk, view, "Use this seating");
    ASSERT_EQ(kiosk.app().screen_name(), "setup-players");
    EXPECT_EQ(kiosk.app().setup().answers().variant_id, "chesscom-ffa");
    EXPECT_EQ(kiosk.app().setup().answers().players, "Ann,Bob,Cem,Dee");
    press(kiosk, view, "Red");  // still the arbiter's to change
    for (const char* key : {"x", "done"}) press(kiosk, view, key);
    EXPECT_EQ(kiosk.app().setup().answers().board_profile, "cross-14-decoder");
    EXPECT_EQ(kiosk.app().setup().answers().players, "Annx,Bob,Cem,Dee");
    EXPECT_EQ(press(kiosk, view, "Start"),
              (std::vector<Intent>{SetupDone{"cross-14-decoder", "chesscom-ffa", "", "Annx,Bob,Cem,Dee"}}));
  }
  HeadlessKiosk kiosk(800, 480);
  KioskView view;
  kiosk.app().setup().open(installed(), "", std::nullopt, false);
  kiosk.app().setup().set_assignment(SetupAssignment{"round 1, table 1", "chess", {"Ann", "Bob"}});
  kiosk.frame(view);
  kiosk.frame(view);
  press(kiosk, view, "Use this seating");  // no board chosen: the first that offers chess
  EXPECT_EQ(kiosk.app().screen_name(), "setup-players");
  EXPECT_EQ(kiosk.app().setup().answers().variant_id, "chess");
  EXPECT_EQ(kiosk.app().setup().answers().players, "Ann,Bob");
  kiosk.app().setup().set_assignment(SetupAssignment{"round 1, table 1", "no-such-game", {"Ann", "Bob"}});
  press(kiosk, view, "Back");
  press(kiosk, view, "Use this seating");
  EXPECT_EQ(kiosk.app().setup().answers().variant_id, "chess") << "nothing taken";
}

TEST(FirstBoot, EachSeatIsAPersonOrABotWithItsLevelByTouch) {
  // Issue 33 item 1: - / + beside each seat step through a person, the greedy
  // bot and levels 1-8; Start hands them over as --bots takes them.
  for (const DocumentedScreen& screen : kDocumentedScreens) {
    SCOPED_TRACE(std::to_string(static_cast<int>(screen.width)) + "x" + std::to_string(static_cast<int>(screen.height)) +
                 " at " + std::to_string(static_cast<int>(screen.dpi)));
    HeadlessKiosk kiosk(screen.width, screen.height, "2580", screen.dpi);
    KioskView view;
    kiosk.app().setup().open(installed(), "", SetupDone{"", "chesscom-ffa", "", "Ann"}, false);
    kiosk.app().setup().show_page(SetupScreen::Page::kPlayers);
    kiosk.frame(view);
    kiosk.frame(view);
    EXPECT_EQ(find(kiosk, "Blue weaker"), nullptr) << "a person is the first step";
    for (int i = 0; i < 4; ++i) press(kiosk, view, "Blue stronger");  // greedy, 1, 2, 3
    for (int i = 0; i < 9; ++i) press(kiosk, view, "Green stronger");  // ... level 8
    EXPECT_EQ(find(kiosk, "Green stronger"), nullptr) << "level 8 is the last step";
    press(kiosk, view, "Red stronger");
    press(kiosk, view, "Red weaker");  // back to a person
    // Every control at least 9 mm at this screen's dpi.
    const float touch = touch_target_px(screen.dpi) - 0.5f;
    for (const HitRect& h : kiosk.app().hit_rects()) {
      EXPECT_GE(h.rect.width(), touch) << h.label;
      EXPECT_GE(h.rect.height(), touch) << h.label;
      EXPECT_LE(h.rect.x1, screen.width) << h.label;
      EXPECT_LE(h.rect.y1, screen.height) << h.label;
    }
    EXPECT_EQ(press(kiosk, view, "Start"),
              (std::vector<Intent>{SetupDone{"", "chesscom-ffa", "", "Ann", "Blue=3,Green=8"}}));
  }
  // The saved setup keeps them; bad ones are named as --bots names them.
  Scratch s;
  const SetupDone chosen{"", "chesscom-ffa", "", "Ann", "Blue=greedy,Green=8"};
  ASSERT_EQ(save_setup(s.path(), chosen, installed()), "");
  EXPECT_NE(read(setup_file(s.path())).find("bots: \"Blue=greedy,Green=8\""), std::string::npos);
  const LoadedSetup back = load_setup(s.path(), installed());
  ASSERT_TRUE(back.setup) << back.problem;
  EXPECT_EQ(back.setup->bots, "Blue=greedy,Green=8");
  EXPECT_NE(check_setup(SetupDone{"", "chesscom-ffa", "", "", "Blue=9"}, installed()).find("level '9'"),
            std::string::npos);
  EXPECT_NE(check_setup(SetupDone{"", "chesscom-ffa", "", "", "White=3"}, installed()).find("White"),
            std::string::npos);
  // The choice reaches the game as --bots does: the journal's header (the PGN tags come from it).
  KioskGameOptions o;
  o.variant = "chesscom-ffa";
  o.bots = back.setup->bots;
  o.journal = s.file("g.db");
  std::string error;
  ASSERT_TRUE(KioskGame::create(o, session::Millis(0), error)) << error;
  journal::Journal j;
  ASSERT_TRUE(journal::Journal::open(s.file("g.db"), journal::Journal::Access::kRead, j).ok());
  EXPECT_EQ(j.header().bots, "Blue=greedy,Green=8");
}

TEST(FirstBoot, ADoubleTapOnNextPassesOnePage) {
  HeadlessKiosk kiosk(800, 480);
  KioskView view;
  kiosk.app().setup().open(installed(), "", SetupDone{"", "chess", "", ""},
                           false);  // Next is on every page
  kiosk.frame(view);
  kiosk.frame(view);
  const ImVec2 next = HeadlessKiosk::centre(find(kiosk, "Next")->rect);
  auto drain = [&] {
    kiosk.drain([&](const std::vector<Intent>&) -> const KioskView& { return view; });
  };
  kiosk.tap(next);
  drain();
  kiosk.tap(next);  // the second tap of a double tap, 0.2 s later
  drain();
  EXPECT_EQ(kiosk.app().screen_name(), "setup-variant");
  EXPECT_GE(kiosk.app().guarded_taps(), 1);
}

TEST(FirstBoot, AReopenedSetupStartsFromTheSavedOneAndCanBeCancelled) {
  HeadlessKiosk kiosk(800, 480);
  KioskView view;
  kiosk.app().setup().open(installed(), "The saved setup cannot be used: x",
                           SetupDone{"", "chess", "5+3", ""}, true);
  kiosk.frame(view);
  press(kiosk, view, "Next");
  EXPECT_EQ(kiosk.app().screen_name(), "setup-variant") << "the saved board is chosen";
  press(kiosk, view, "Cancel");
  EXPECT_FALSE(kiosk.app().setup().is_open());
}

// Session 11's attacker pass: the players' names of a setup (typed, taken
// from the hub's seating, or in a hand-edited setup.textproto) go into the
// journal's header, its PGN/PGN4 export and the hub's feeds. Before, any
// bytes were taken: a line break, invalid UTF-8, a right-to-left override
// that shows "Ann" for another name, a name of a kilobyte, the same name at
// two seats. Now each is refused naming the seat and the name (made
// printable); names in any script, with combining marks or emoji, are text.
// Session 13: a name the setup holds (a saved "Zoë", a hub's seating) is
// edited with the on-screen keyboard; its back key took one byte, leaving
// half an "ë" that the name rule then refused as "not UTF-8 text".
TEST(FirstBoot, TheKeyboardsBackKeyTakesAWholeCharacter) {
  TouchKeyboard keys;
  std::string text = "Zo\xC3\xAB";
  keys.press(text, "back");
  EXPECT_EQ(text, "Zo");
  text = "\xE6\x9D\x8E\xF0\x9F\x98\x80";
  keys.press(text, "back");
  EXPECT_EQ(text, "\xE6\x9D\x8E");
  keys.press(text, "back");
  keys.press(text, "back");
  EXPECT_EQ(text, "");
}

TEST(FirstBoot, PlayersNamesAreOneLineOfTextEachAtOneSeat) {
  auto problem = [](const std::string& players) {
    return check_setup(SetupDone{"", "chesscom-ffa", "", players}, installed());
  };
  EXPECT_EQ(problem("Ann\nX,Bob"),
            "player 1 (Red) \"Ann\\x0aX\": holds a control character (U+000A, a line break) at character 4");
  EXPECT_EQ(problem("Ann,\xff\xfe"),
            "player 2 (Blue) \"\\xff\\xfe\": is not UTF-8 text (byte 1 is 0xFF; write names as UTF-8)");
  EXPECT_EQ(problem("Ann,Bob,Cem\xE2\x80\xAEnna"),
            "player 3 (Yellow) \"Cem\\xe2\\x80\\xaenna\": holds an invisible format character (U+202E, "
            "right-to-left override) at character 4: it hides or reorders the text shown around it");
  EXPECT_EQ(problem("Ann,Bob,Cem," + std::string(65, 'd')),
            "player 4 (Green) \"" + std::string(32, 'd') + "\"... (65 bytes): is 65 characters long; at most 64");
  // Session 13: the one rule (core/player_name.h) counts characters, not
  // bytes (64 Cyrillic letters are 128 bytes), and refuses what the kiosk
  // took before: a NUL, the separators U+2028, a tag character.
  std::string cyrillic;
  for (int i = 0; i < 64; ++i) cyrillic += "\xD0\x96";
  EXPECT_EQ(problem("Ann," + cyrillic), "");
  EXPECT_NE(problem(std::string("A\0n,Bob", 7)).find("(U+0000, a NUL) at character 2"), std::string::npos);
  EXPECT_NE(problem("Ann\xE2\x80\xA8,Bob").find("U+2028"), std::string::npos);
  EXPECT_NE(problem("Ann,Bob\xF3\xA0\x80\x81").find("U+E0001"), std::string::npos);
  EXPECT_EQ(problem("Ann,Bob,Ann"), "two seats are named \"Ann\" (Red and Yellow)");
  EXPECT_EQ(problem(" Ann,Bob,Ann "), "two seats are named \"Ann\" (Red and Yellow)");
  // Any script, combining marks, emoji: text. Unnamed seats are not names.
  const std::string world = "\xD7\x90\xD7\xA0\xD7\x94,Zoe\xCC\x88,\xF0\x9F\x99\x82 Dee,\xE6\x9D\x8E";
  EXPECT_EQ(problem(world), "");
  EXPECT_EQ(problem(",,Cem,"), "");
  // The game takes the names as the rule checked them: without the spaces
  // around each (a hand-edited " Ann" went into the journal as " Ann" before).
  EXPECT_EQ(split_players(" Ann , Bob,,Cem "), (std::vector<std::string>{"Ann", "Bob", "", "Cem"}));
  // A hand-edited file is held to the same rule, naming the file.
  Scratch s;
  s.write("setup.textproto", "variant: \"chess\"\nplayers: [\"Ann\", \"Ann\"]\n");
  const LoadedSetup l = load_setup(s.path(), installed());
  EXPECT_FALSE(l.setup.has_value());
  EXPECT_EQ(l.problem, setup_file(s.path()) + ": two seats are named \"Ann\" (White and Black)");
  // What the file says is quoted made printable and short: a terminal escape
  // in the variant, a clock of 100 KiB.
  s.write("setup.textproto", "variant: \"ch\\x1b[2Jess\"\n");
  std::string p = load_setup(s.path(), installed()).problem;
  EXPECT_EQ(p.find('\x1b'), std::string::npos) << p;
  EXPECT_NE(p.find("ch\\x1b[2Jess is not installed"), std::string::npos) << p;
  s.write("setup.textproto", "variant: \"chess\"\ntime_control: \"" + std::string(100 << 10, '9') + "x\"\n");
  p = load_setup(s.path(), installed()).problem;
  EXPECT_LT(p.size(), 600u);
  EXPECT_NE(p.find("the clock 999"), std::string::npos) << p.substr(0, 200);
  // Nothing refused is saved; a good setup with such names goes through whole.
  EXPECT_NE(save_setup(s.path(), SetupDone{"", "chess", "", "Ann\r,Bob"}, installed()), "");
  const SetupDone good{"", "chesscom-ffa", "", world};
  ASSERT_EQ(save_setup(s.path(), good, installed()), "");
  EXPECT_EQ(load_setup(s.path(), installed()).setup, good);
}

}  // namespace
}  // namespace tabula::ui

// tabula-kiosk command line.
#include "ui/kiosk_options.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace tabula::ui {
namespace {

ParsedOptions parse(std::vector<const char*> args) {
  return parse_kiosk_options(args);
}

TEST(KioskOptions, DefaultsToFullscreenFourPlayerDemoAndPin0000) {
  const ParsedOptions parsed = parse({});
  ASSERT_EQ(parsed.error, "");
  EXPECT_TRUE(parsed.options.fullscreen);
  EXPECT_EQ(parsed.options.demo, "four-player");
  EXPECT_EQ(parsed.options.pin, "0000");
  EXPECT_FALSE(parsed.options.screenshot);
}

TEST(KioskOptions, ScreenshotRunIsWindowedUnlessFullscreenIsAsked) {
  const ParsedOptions shot =
      parse({"--demo", "check", "--screenshot", "out.png", "--frames", "5", "--size", "1920x1080"});
  ASSERT_EQ(shot.error, "");
  EXPECT_FALSE(shot.options.fullscreen);
  EXPECT_EQ(shot.options.screenshot, "out.png");
  EXPECT_EQ(shot.options.frames, 5);
  EXPECT_EQ(shot.options.width, 1920);
  EXPECT_EQ(shot.options.height, 1080);
  EXPECT_EQ(shot.options.demo, "check");
  EXPECT_TRUE(parse({"--screenshot", "a.png", "--fullscreen"}).options.fullscreen);
  EXPECT_FALSE(parse({"--windowed"}).options.fullscreen);
}

TEST(KioskOptions, SimBoardPinOrient) {
  const ParsedOptions parsed =
      parse({"--variant", "chess", "--board", "/run/tabula.sock", "--pin", "4711", "--orient", "2"});
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.options.board_socket, "/run/tabula.sock");
  EXPECT_EQ(parsed.options.pin, "4711");
  EXPECT_EQ(parsed.options.orient, 2);
}

TEST(KioskOptions, JournalClockAndPlayers) {
  const ParsedOptions parsed =
      parse({"--journal", "/var/lib/tabula/game.db", "--clock", "15+10", "--players", "Ann,Bob,,Dee"});
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.options.journal, "/var/lib/tabula/game.db");
  EXPECT_EQ(parsed.options.clock, "15+10");
  EXPECT_EQ(parsed.options.players, (std::vector<std::string>{"Ann", "Bob", "", "Dee"}));
  EXPECT_NE(parse({"--clock", "fast"}).error.find("--clock: time control \"fast\""), std::string::npos);
  EXPECT_EQ(parse({"--variant", "chess", "--broker", "hub.lan"}).error,
            "--broker needs --journal FILE, --hub-event NAME and --hub-board NAME");
  const ParsedOptions hub = parse({"--journal", "g.db", "--broker", "mqtts://hub.lan", "--hub-event", "club",
                                   "--hub-board", "t1", "--broker-ca", "ca.crt", "--arbiter-key", "k"});
  ASSERT_EQ(hub.error, "");
  EXPECT_EQ(hub.options.broker, "mqtts://hub.lan");
  EXPECT_EQ(hub.options.hub_board, "t1");
  EXPECT_EQ(hub.options.broker_ca, "ca.crt");
  EXPECT_EQ(parse({"--board", "/run/tabula.sock"}).error,
            "--board needs --variant ID (a new game) or --journal FILE (a game to resume)");
}

TEST(KioskOptions, ErrorsNameTheOptionAndTheBadValue) {
  EXPECT_EQ(parse({"--size", "big"}).error,
            "--size wants WxH between 320x240 and 8192x8192, e.g. 1280x800, not 'big'");
  EXPECT_EQ(parse({"--frames", "0"}).error, "--frames wants a count from 1 to 100000, not '0'");
  EXPECT_EQ(parse({"--pin", "12ab"}).error, "--pin wants 1 to 12 digits");
  EXPECT_EQ(parse({"--orient", "4"}).error, "--orient wants a seat number 0..3, not '4'");
  EXPECT_EQ(parse({"--demo"}).error, "--demo needs a value");
  EXPECT_EQ(parse({"--frobnicate"}).error, "unknown option '--frobnicate' (see --help)");
  // Session 11: the players' names are held to the setup's rule (first_boot.h);
  // before, a line break or invalid UTF-8 went to the journal as given.
  EXPECT_EQ(parse({"--players", "Ann\n,Bob"}).error,
            "--players: player 1 \"Ann\\x0a\": holds a control character (U+000A, a line break) at character 4");
  EXPECT_EQ(parse({"--players", "Ann,\xff"}).error,
            "--players: player 2 \"\\xff\": is not UTF-8 text (byte 1 is 0xFF; write names as UTF-8)");
  // Session 13: the one name rule (core/player_name.h); typed names lose the
  // spaces around them, so " Ann" and "Ann" are one name.
  EXPECT_EQ(parse({"--players", "An\xE2\x80\x8Bn,Bob"}).error,
            "--players: player 1 \"An\\xe2\\x80\\x8bn\": holds an invisible format character (U+200B, zero width "
            "space) at character 3: it hides or reorders the text shown around it");
  EXPECT_NE(parse({"--players", "Ann,\xE2\x80\x8D"}).error.find("U+200D, zero width joiner"), std::string::npos);
  EXPECT_NE(parse({"--players", "Ann,B\xC2\x9B" "b"}).error.find("U+009B"), std::string::npos);
  const std::string ten_kb(10240, 'a');
  EXPECT_NE(parse({"--players", ten_kb.c_str()}).error.find("is 10240 characters long; at most 64"), std::string::npos);
  EXPECT_EQ(parse({"--players", " Ann ,Ann"}).error, "--players: two players are named \"Ann\"");
  EXPECT_EQ(parse({"--players", " Ann , Bob"}).options.players, (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_EQ(parse({"--players", "Jose\xCC\x81,Bob"}).error, "");  // a combining mark is text
  EXPECT_EQ(parse({"--players", "Ann,Bob,Ann"}).error, "--players: two players are named \"Ann\"");
  EXPECT_EQ(parse({"--players", "Ann,,\xE6\x9D\x8E,"}).error, "");
}

TEST(KioskOptions, TheFirstBootSetupKeepsTheGameInItsStateDirectory) {
  const ParsedOptions ok = parse({"--journal", "/s/current.db", "--setup", "/s", "--profiles", "/p"});
  ASSERT_EQ(ok.error, "");
  EXPECT_EQ(ok.options.setup_dir, std::optional<std::string>("/s"));
  EXPECT_EQ(ok.options.profiles_dir, "/p");
  EXPECT_NE(parse({"--setup", "/s"}).error.find("give --journal FILE too"), std::string::npos);
  EXPECT_NE(parse({"--screenshot", "a.png", "--screen", "setup"}).error.find("--screen setup needs --setup"),
            std::string::npos);
  EXPECT_NE(parse({"--screenshot", "a.png", "--screen", "setup-seating"}).error.find("--screen setup-seating needs --setup"),
            std::string::npos);
  EXPECT_EQ(parse({"--screenshot", "a.png", "--screen", "setup-seating", "--journal", "/s/c.db", "--setup", "/s"}).error, "");
  EXPECT_EQ(parse({"--journal", "/s/c.db", "--setup", "/s", "--board", "/run/b.sock"}).error, "");
}

// Session 23: the message for a bad --screen named 10 of the 14 pictures it
// takes (menu-voice, setup-players, setup-seating, who-plays-set missing).
// The names: the --screen branches of ui/kiosk_loop.cpp and ui/kiosk_app.cpp,
// the help text and tests/ui's screenshot list, written out here.
TEST(KioskOptions, ABadScreenIsToldEveryNameThatIsTaken) {
  const char* const names[] = {"pin",        "players",  "who-plays", "who-plays-set", "menu",
                               "menu-result", "menu-board", "menu-voice", "confirm",     "keyboard",
                               "setup",       "setup-seating", "setup-players", "hint",
                               "draw-offer"};  // s31-hall
  for (const char* name : names) {
    EXPECT_EQ(parse({"--screenshot", "a.png", "--screen", name, "--journal", "/s/c.db", "--setup", "/s"}).error, "")
        << name;
  }
  const std::set<std::string> taken(std::begin(names), std::end(names));
  for (const std::string& bad : std::vector<std::string>{"menus", "", "PIN", "pin ", "hint,pin",
                                                         "setup-\x1b[2J\xE2\x80\xAE", std::string(10000, 'z')}) {
    const std::string error = parse({"--screenshot", "a.png", "--screen", bad.c_str()}).error;
    ASSERT_EQ(error.rfind("--screen wants ", 0), 0U) << error;
    const std::size_t end = error.find(", not '");
    ASSERT_NE(end, std::string::npos) << error;
    // The list's words: "a, b, c or d".
    std::set<std::string> said;
    std::string list = error.substr(15, end - 15);
    const std::size_t last = list.rfind(" or ");
    ASSERT_NE(last, std::string::npos) << error;
    list.replace(last, 4, ", ");
    for (std::size_t at = 0; at <= list.size();) {
      const std::size_t comma = std::min(list.find(", ", at), list.size());
      said.insert(list.substr(at, comma - at));
      at = comma + 2;
    }
    EXPECT_EQ(said, taken) << error;
    EXPECT_EQ(error.find('\x1b'), std::string::npos) << "the name is shown safely";
    EXPECT_LT(error.size(), 400U) << "a long name is cut";
  }
}

// s29-newuser: --help's --screen line had a list of its own, 9 of the 14
// (who-plays, menu-voice, setup-seating, setup-players, hint missing).
TEST(KioskOptions, TheHelpNamesEveryScreenThatIsTaken) {
  const std::string help = kiosk_usage();
  const std::size_t from = help.find("  --screen NAME"), to = help.find("  --set-aside");
  ASSERT_NE(from, std::string::npos) << help;
  ASSERT_NE(to, std::string::npos) << help;
  std::string words = help.substr(from, to - from);
  for (char& c : words)
    if (c == '\n' || c == ',' || c == '(' || c == ')' || c == ':' || c == ';') c = ' ';
  std::set<std::string> said;
  std::istringstream in(words);
  for (std::string w; in >> w;) said.insert(w);
  for (const char* name : {"pin", "players", "who-plays", "who-plays-set", "menu", "menu-result", "menu-board",
                           "menu-voice", "confirm", "keyboard", "setup", "setup-seating", "setup-players", "hint",
                           "draw-offer"}) {
    EXPECT_TRUE(said.count(name)) << name << " is not in --help's --screen line:\n" << help.substr(from, to - from);
  }
  for (std::size_t at = 0, next; at < help.size(); at = next + 1) {
    next = std::min(help.find('\n', at), help.size());
    EXPECT_LE(next - at, 92U) << help.substr(at, next - at);
  }
}

}  // namespace
}  // namespace tabula::ui

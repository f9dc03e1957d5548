// The voice's controls on the kiosk (ui/voice_panel.h, issue 33 items 4-5):
// the Players screen's queries, the keys, the menu's Voice page.
#include "ui/voice_panel.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <thread>

#include "tests/ui/headless_kiosk.h"
#include "ui/scenes.h"
#include "ui/kiosk_game.h"
#include "ui/kiosk_options.h"
#include "ui/kiosk_voice.h"
#include "ui/panels.h"
#include "tests/ui/virtual_board_play.h"
#include "voice/announcements.h"

namespace tabula::ui {
namespace {

class VoiceControls : public ::testing::Test {
 protected:
  void SetUp() override {
    view_ = *make_scene("four-player");
    view_.to_move = SeatIndex{0};
    view_.dialog.reset();
    kiosk_.frame(view_);
    kiosk_.frame(view_);
  }
  VoicePanel& panel() { return kiosk_.app().arbiter_menu().voice(); }
  HeadlessKiosk kiosk_{800, 480, "0000", 133};
  KioskView view_;
};

TEST_F(VoiceControls, ThePlayersScreenAsksWithoutThePin) {
  kiosk_.press(view_, "Players");
  ASSERT_EQ(kiosk_.app().screen_name(), "players");
  kiosk_.press(view_, "Clocks");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kClocks, -1}));
  EXPECT_EQ(panel().take_query(), std::nullopt);  // asked once
  kiosk_.press(view_, "Last move");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kLastMove, -1}));
  kiosk_.press(view_, "Whose turn");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kTurn, -1}));
  kiosk_.press(view_, view_.seats[1].name);
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kPieces, 1}));
}

TEST_F(VoiceControls, KeysAskTheSameOnTheMainScreen) {
  kiosk_.frame(view_, {-1000, -1000}, -1, "c");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kClocks, -1}));
  kiosk_.frame(view_, {-1000, -1000}, -1, "3");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kPieces, 2}));
  kiosk_.frame(view_, {-1000, -1000}, -1, "x9");
  EXPECT_EQ(panel().take_query(), std::nullopt);
}

TEST(VoiceKeys, EachKeyAndNoOther) {
  EXPECT_EQ(query_for_key('l', 4), (VoiceQuery{voice::Query::kLastMove, -1}));
  EXPECT_EQ(query_for_key('T', 4), (VoiceQuery{voice::Query::kTurn, -1}));
  EXPECT_EQ(query_for_key('1', 2), (VoiceQuery{voice::Query::kPieces, 0}));
  EXPECT_EQ(query_for_key('3', 2), std::nullopt);  // a two-seat game has no third seat
  EXPECT_EQ(query_for_key('0', 4), std::nullopt);
  EXPECT_EQ(query_for_key(' ', 4), std::nullopt);
}

TEST_F(VoiceControls, TheMenusVoicePageMutesAndSetsTheVolume) {
  kiosk_.press(view_, "Arbiter");
  for (const char* d : {"0", "0", "0", "0"}) kiosk_.press(view_, d);
  ASSERT_EQ(kiosk_.app().screen_name(), "menu");
  kiosk_.press(view_, "Voice");
  kiosk_.press(view_, "+");
  EXPECT_EQ(panel().settings().volume_percent, 90);
  kiosk_.press(view_, "+");
  kiosk_.press(view_, "+");
  EXPECT_EQ(panel().settings().volume_percent, 100);  // no further
  kiosk_.press(view_, "\xE2\x88\x92");                // −
  EXPECT_EQ(panel().settings().volume_percent, 90);
  kiosk_.press(view_, "Voice on: mute it");
  EXPECT_FALSE(panel().settings().on);
  kiosk_.press(view_, "Voice muted: turn it on");
  EXPECT_TRUE(panel().settings().on);
}

TEST(VoiceOptions, VoiceVolumeAndDevice) {
  const char* args[] = {"--voice", "off", "--volume", "35", "--audio-device", "plughw:1"};
  const ParsedOptions p = parse_kiosk_options(args);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.options.voice, false);
  EXPECT_EQ(p.options.volume, 35);
  EXPECT_EQ(p.options.audio_device, "plughw:1");
  const ParsedOptions none = parse_kiosk_options({});
  EXPECT_EQ(none.options.voice, std::nullopt);  // the saved setting decides
  EXPECT_EQ(none.options.volume, std::nullopt);
}

TEST(VoiceOptions, BadValuesAreNamed) {
  const char* loud[] = {"--volume", "250"};
  EXPECT_EQ(parse_kiosk_options(loud).error, "--volume wants a percentage from 0 to 100, not '250'");
  const char* word[] = {"--voice", "maybe"};
  EXPECT_EQ(parse_kiosk_options(word).error, "--voice wants on or off, not 'maybe'");
  const char* bare[] = {"--volume"};
  EXPECT_EQ(parse_kiosk_options(bare).error, "--volume needs a value");
  const char* picture[] = {"--screen", "menu-voice"};
  EXPECT_EQ(parse_kiosk_options(picture).error, "--screen is for pictures: give --screenshot FILE too");
}

// No second vocabulary: what the kiosk's game hands the voice is what its
// screen shows, ruling for ruling.
TEST(KioskGameVoice, TheVoiceGetsTheScreensRulings) {
  std::string error;
  auto game = KioskGame::create("chess", error);
  ASSERT_TRUE(game) << error;
  session::Millis t(0);
  game->tick(t += session::Millis(3000));
  game->take_said();  // the setup's verification
  play(*game, "e2", "e4", t);
  game->tick(t += session::Millis(3000));
  std::vector<std::string> said;
  for (const auto& u : voice::announcements(game->take_said(), game->session().game())) said.push_back(u.text);
  EXPECT_NE(std::find(said.begin(), said.end(), "White's pawn on e2 to e4"), said.end()) << ::testing::PrintToString(said);
  EXPECT_EQ(said.back(), "Black to move");
  play(*game, "d7", "d4", t);  // three squares: illegal
  const KioskView& v = game->view();
  ASSERT_TRUE(v.ruling.has_value());
  const session::Output out = game->take_said();
  bool same = false;
  for (const auto& r : out.rulings) same = same || r.text == v.ruling->text;
  EXPECT_TRUE(same) << "the screen's ruling: " << v.ruling->text;
  // And what to do, as the screen's "Board:" line says it.
  std::vector<std::string> fix;
  for (const auto& u : voice::announcements(out, game->session().game())) fix.push_back(u.text);
  EXPECT_NE(std::find(fix.begin(), fix.end(), "Board: " + describe_fixes(v)), fix.end())
      << ::testing::PrintToString(fix) << " / screen: " << describe_fixes(v);
  EXPECT_TRUE(game->take_said().rulings.empty());  // taken once
}

// No sound output (a device that does not exist, as on a machine without
// a sound card): the kiosk goes on, and says so once among the screen's
// notices, not per utterance.
TEST(KioskGameVoice, NoSoundOutputIsSaidOnceOnScreen) {
  std::string error;
  auto game = KioskGame::create("chess", error);
  ASSERT_TRUE(game) << error;
  ArbiterMenu menu("0000");
  KioskOptions options;
  options.audio_device = "tabula-test-no-such-device";
  KioskVoice voice(options, true);
  menu.voice().set_settings(voice.settings());
  session::Millis t(0);
  auto notices = [&] {
    int n = 0;
    for (const RulingView& r : game->view(t).ruling_history) n += r.text.rfind("voice: no sound output", 0) == 0;
    return n;
  };
  // The worker probes the device off this thread; moves go on meanwhile.
  for (int i = 0; i < 500 && notices() == 0; ++i) {
    game->tick(t += session::Millis(10));
    voice.update(game.get(), menu, t);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(notices(), 1);
  EXPECT_NE(menu.voice().status().find("tabula-test-no-such-device"), std::string::npos) << menu.voice().status();
  play(*game, "e2", "e4", t);
  play(*game, "e7", "e5", t);
  for (int i = 0; i < 30; ++i) {
    game->tick(t += session::Millis(100));
    voice.update(game.get(), menu, t);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(notices(), 1) << "said once, not per utterance";
  EXPECT_EQ(game->view(t).moves.rounds.size(), 1u) << "the game went on";
}

// Records what it is asked to say (the Speaker keeps the list: spoken()).
class SilentBackend : public voice::SpeechBackend {
 public:
  std::string speak(const std::string&, int, const std::atomic<bool>&, const std::function<void()>& started) override {
    started();
    return {};
  }
};

std::string notices_of(KioskGame& game, session::Millis t) {
  std::string all;
  for (const RulingView& r : game.view(t).ruling_history) all += r.text + "\n";
  return all;
}

// s30-table: "Say it again" (the Players screen's button, key A) says the
// last ruling once more, word for word, with the players named as the
// screen names them; nothing while the voice is off, the screen says why.
TEST(KioskGameVoice, SayItAgainRepeatsTheLastRulingWordForWord) {
  KioskGameOptions o;
  o.variant = "chess";
  o.players = {"Ann", "Bob"};
  std::string error;
  auto game = KioskGame::create(o, session::Millis(0), error);
  ASSERT_TRUE(game) << error;
  ArbiterMenu menu("0000");
  KioskVoice voice(KioskOptions{}, std::make_unique<SilentBackend>());
  ASSERT_NE(voice.speaker(), nullptr);
  menu.voice().set_settings(voice.settings());
  session::Millis t(0);
  menu.voice().ask({voice::Query::kAgain});
  voice.update(game.get(), menu, t);
  EXPECT_NE(notices_of(*game, t).find("Say again: nothing has been said yet"), std::string::npos);
  game->tick(t += session::Millis(3000));
  voice.update(game.get(), menu, t);  // the kiosk's loop: the setup verified, said
  play(*game, "e2", "e4", t);
  voice.update(game.get(), menu, t);
  ASSERT_TRUE(voice.speaker()->wait_idle(std::chrono::seconds(10)));
  const std::vector<std::string> first = voice.speaker()->spoken();
  ASSERT_GE(first.size(), 2u);
  EXPECT_EQ(first[first.size() - 2], "Ann (White)'s pawn on e2 to e4");
  EXPECT_EQ(first.back(), "Bob (Black) to move");

  menu.voice().ask({voice::Query::kAgain});
  voice.update(game.get(), menu, t);
  ASSERT_TRUE(voice.speaker()->wait_idle(std::chrono::seconds(10)));
  std::vector<std::string> twice = first;
  twice.push_back(first[first.size() - 2]);
  twice.push_back(first.back());
  EXPECT_EQ(voice.speaker()->spoken(), twice) << "the same sentences, once more";

  // The voice off: nothing is said, the screen says why.
  menu.voice().set_settings({false, 80});
  voice.update(game.get(), menu, t);
  menu.voice().ask({voice::Query::kAgain});
  voice.update(game.get(), menu, t);
  ASSERT_TRUE(voice.speaker()->wait_idle(std::chrono::seconds(10)));
  EXPECT_EQ(voice.speaker()->spoken(), twice);
  EXPECT_NE(notices_of(*game, t).find("Say again: the voice is off"), std::string::npos) << notices_of(*game, t);
}

TEST_F(VoiceControls, SayItAgainIsAButtonOfThePlayersScreenAndKeyA) {
  kiosk_.press(view_, "Players");
  ASSERT_EQ(kiosk_.app().screen_name(), "players");
  kiosk_.press(view_, "Say again");
  EXPECT_EQ(panel().take_query(), (VoiceQuery{voice::Query::kAgain, -1}));
  EXPECT_EQ(query_for_key('a', 4), (VoiceQuery{voice::Query::kAgain, -1}));
  EXPECT_EQ(query_for_key('A', 2), (VoiceQuery{voice::Query::kAgain, -1}));
}

// The menu's change is kept in the state directory and comes back at the
// next start; --voice and --volume win over it for their run.
TEST(KioskGameVoice, SettingsAreKeptAcrossRestartsAndOptionsWin) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tabula-kiosk-voice-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  KioskOptions options;
  options.setup_dir = dir.string();
  {
    KioskVoice voice(options, false);
    EXPECT_EQ(voice.settings(), (voice::SpeakerSettings{true, 80}));
    ArbiterMenu menu("0000");
    menu.voice().set_settings({false, 40});  // the Voice page's taps
    voice.update(nullptr, menu, session::Millis{0});
    EXPECT_EQ(voice.settings(), (voice::SpeakerSettings{false, 40}));
  }
  EXPECT_EQ(KioskVoice(options, false).settings(), (voice::SpeakerSettings{false, 40}));
  options.voice = true;
  options.volume = 70;
  EXPECT_EQ(KioskVoice(options, false).settings(), (voice::SpeakerSettings{true, 70}));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tabula::ui

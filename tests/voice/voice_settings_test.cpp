// Mute and volume kept in the state directory (voice/voice_settings.h).
#include "voice/voice_settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace tabula::voice {
namespace {

namespace fs = std::filesystem;

class VoiceSettingsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tabula-voice-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& text) { std::ofstream(voice_settings_file(dir_.string())) << text; }
  fs::path dir_;
};

TEST_F(VoiceSettingsFile, AbsentGivesTheDefaults) {
  const auto loaded = load_voice_settings(dir_.string());
  EXPECT_FALSE(loaded.exists);
  EXPECT_TRUE(loaded.problem.empty());
  EXPECT_TRUE(loaded.settings.on);
  EXPECT_EQ(loaded.settings.volume_percent, 80);
}

TEST_F(VoiceSettingsFile, SavedIsLoadedBack) {
  ASSERT_EQ(save_voice_settings(dir_.string(), {false, 35}), "");
  const auto loaded = load_voice_settings(dir_.string());
  EXPECT_TRUE(loaded.exists);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_FALSE(loaded.settings.on);
  EXPECT_EQ(loaded.settings.volume_percent, 35);
  EXPECT_FALSE(fs::exists(voice_settings_file(dir_.string()) + ".new"));
}

TEST_F(VoiceSettingsFile, BadFilesAreNamedAndTheDefaultsApply) {
  const std::string file = voice_settings_file(dir_.string());
  write("on: maybe\n");
  auto loaded = load_voice_settings(dir_.string());
  EXPECT_EQ(loaded.problem, file + ": not a voice settings file (on: true|false, volume_percent: 0-100)");
  EXPECT_TRUE(loaded.settings.on);
  write("on: true volume_percent: 400\n");
  loaded = load_voice_settings(dir_.string());
  EXPECT_EQ(loaded.problem, file + ": volume_percent 400 is not 0-100");
  EXPECT_EQ(loaded.settings.volume_percent, 80);
  write("board_profile: \"x\"\n");  // a setup file in the wrong place
  EXPECT_FALSE(load_voice_settings(dir_.string()).problem.empty());
}

TEST_F(VoiceSettingsFile, AnUnwritableDirectoryIsNamed) {
  const std::string missing = (dir_ / "gone" / "deeper").string();
  const std::string why = save_voice_settings(missing, {true, 50});
  EXPECT_NE(why.find(missing), std::string::npos) << why;
}

}  // namespace
}  // namespace tabula::voice

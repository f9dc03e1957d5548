// voice_settings.h — the voice's mute and volume, kept across restarts in
// the kiosk's state directory as Protobuf text (proto/voice.proto):
//
//   STATE/voice.textproto   on: true  volume_percent: 80
//
// Written under a temporary name and renamed into place. A damaged or
// foreign file is a problem in words naming the file; the defaults apply
// and the next change writes a good file. Plain functions over files.
#pragma once

#include <string>

#include "voice/speaker.h"

namespace tabula::voice {

std::string voice_settings_file(const std::string& state_dir);

struct LoadedVoiceSettings {
  Speaker::Settings settings;  // the defaults when absent or bad
  bool exists = false;
  std::string problem;  // "" or why the file was not taken, naming it
};
LoadedVoiceSettings load_voice_settings(const std::string& state_dir);
/// "" or what went wrong, naming the file.
std::string save_voice_settings(const std::string& state_dir, const Speaker::Settings& settings);

}  // namespace tabula::voice

// voice_settings.cpp — STATE/voice.textproto (voice_settings.h).
#include "voice/voice_settings.h"

#include <google/protobuf/text_format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tabula_proto/voice.pb.h"

namespace tabula::voice {

namespace fs = std::filesystem;

std::string voice_settings_file(const std::string& state_dir) { return (fs::path(state_dir) / "voice.textproto").string(); }

LoadedVoiceSettings load_voice_settings(const std::string& state_dir) {
  LoadedVoiceSettings out;
  const std::string path = voice_settings_file(state_dir);
  std::error_code ec;
  out.exists = fs::exists(path, ec);
  if (!out.exists) return out;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) {
    out.problem = path + ": cannot be read";
    return out;
  }
  VoiceSettings proto;
  if (!google::protobuf::TextFormat::ParseFromString(text.str(), &proto)) {
    out.problem = path + ": not a voice settings file (on: true|false, volume_percent: 0-100)";
    return out;
  }
  if (proto.has_volume_percent() && (proto.volume_percent() < 0 || proto.volume_percent() > 100)) {
    out.problem = path + ": volume_percent " + std::to_string(proto.volume_percent()) + " is not 0-100";
    return out;
  }
  out.settings.on = proto.on();
  if (proto.has_volume_percent()) out.settings.volume_percent = proto.volume_percent();
  return out;
}

std::string save_voice_settings(const std::string& state_dir, const Speaker::Settings& settings) {
  VoiceSettings proto;
  proto.set_on(settings.on);
  proto.set_volume_percent(settings.volume_percent);
  std::string text;
  google::protobuf::TextFormat::PrintToString(proto, &text);
  const std::string path = voice_settings_file(state_dir);
  const std::string temp = path + ".new";
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (!f) return "cannot write " + temp;
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  ::fsync(fileno(f));
  if (std::fclose(f) != 0 || !written) return "cannot write " + temp;
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) return "cannot rename " + temp + " to " + path + ": " + ec.message();
  return {};
}

}  // namespace tabula::voice

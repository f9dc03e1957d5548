// The engine is pure like the core (issue 32): standard headers, core and
// engine headers only; and every call into the game layer (core/game.h) goes
// through the adapter (engine/game_adapter.*), so that the game layer's
// search API replaces it in one place.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_source_dir.h"

namespace {

TEST(EngineDependencies, OnlyStandardCoreAndEngineHeaders) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(TABULA_SOURCE_DIR) / "arbiter" / "engine";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".h" && entry.path().extension() != ".cpp") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    int n = 0;
    bool adapter = entry.path().stem() == "game_adapter";
    while (std::getline(in, line)) {
      ++n;
      if (line.rfind("#include", 0) != 0) continue;
      auto open = line.find_first_of("<\"");
      ASSERT_NE(open, std::string::npos) << line;
      std::string header = line.substr(open + 1, line.find_first_of(">\"", open + 1) - open - 1);
      bool standard = line[open] == '<' && header.find('.') == std::string::npos && header.find('/') == std::string::npos;
      bool own = line[open] == '"' && (header.rfind("core/", 0) == 0 || header.rfind("engine/", 0) == 0);
      EXPECT_TRUE(standard || own) << entry.path().filename().string() << ":" << n << " includes " << header;
      if (header == "core/game.h" || header == "core/match.h") {
        EXPECT_TRUE(adapter) << entry.path().filename().string() << ":" << n << " reaches the game layer past the adapter";
      }
    }
  }
  EXPECT_GE(files, 8);
}

}  // namespace

// The kiosk's contract headers are standard-library only (STYLE.md 2, 18):
// whatever produces a KioskView must not need imgui, GLFW or GL.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include "test_source_dir.h"

namespace {

const std::set<std::string> kStandardHeaders = {
    "algorithm", "array",  "chrono",      "compare", "cstddef", "cstdint", "optional",
    "span",      "string", "string_view", "variant", "vector",  "memory",  "utility"};  // + session/clock.h

TEST(HeaderHygiene, ContractHeadersIncludeOnlyTheStandardLibraryAndEachOther) {
  const std::string root = TABULA_SOURCE_DIR;
  for (const char* header :
       {"ui/view_model.h", "ui/intent.h", "ui/board_geometry.h", "arbiter/session/clock.h",
        "ui/pin_pad.h", "ui/kiosk_options.h", "ui/screenshot.h"}) {
    std::ifstream in(root + "/" + header);
    ASSERT_TRUE(in) << "cannot read " << header;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      // "#include <name>" or "#include "name"", nothing else on the line matters.
      const std::size_t hash = line.find_first_not_of(" \t");
      if (hash == std::string::npos || line.compare(hash, 8, "#include") != 0) continue;
      const std::size_t open = line.find_first_of("<\"", hash + 8);
      const std::size_t close = line.find_first_of(">\"", open + 1);
      ASSERT_NE(close, std::string::npos) << header << ":" << number;
      const char bracket = line[open];
      const std::string name = line.substr(open + 1, close - open - 1);
      // The game clock is the session's, and as plain as the contract.
      const bool ours = bracket == '"' && (name.rfind("ui/", 0) == 0 || name == "session/clock.h");
      const bool standard = bracket == '<' && kStandardHeaders.count(name) == 1;
      EXPECT_TRUE(ours || standard) << header << ":" << number << " includes " << name;
    }
  }
}

}  // namespace

// tabula::event is pure like the core (STYLE rule 2): its files include only
// standard headers, one another and the core's text rules (core/utf8_text.h,
// core/player_name.h: pure too). The I/O around it (event_file, event_store,
// board_assignment) is in other targets and not listed here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "test_source_dir.h"

namespace {

TEST(EventDependencies, ThePureTargetIncludesOnlyStandardAndItsOwnHeaders) {
  namespace fs = std::filesystem;
  const std::set<std::string> pure{"event", "seating", "seating_plan", "standings", "swiss", "trf"};
  const fs::path dir = fs::path(TABULA_SOURCE_DIR) / "arbiter" / "event";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string stem = entry.path().stem().string();
    if (!pure.count(stem) || entry.path().extension() == ".txt") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.rfind("#include", 0) != 0) continue;
      const std::size_t open = line.find_first_of("<\"");
      const std::size_t close = line.find_first_of(">\"", open + 1);
      const std::string header = line.substr(open + 1, close - open - 1);
      const bool standard = line[open] == '<' && header.find('.') == std::string::npos && header.find('/') == std::string::npos;
      const bool own = line[open] == '"' && header.rfind("event/", 0) == 0 &&
                       pure.count(fs::path(header).stem().string()) == 1;
      const bool text_rules = header == "core/utf8_text.h" || header == "core/player_name.h";
      EXPECT_TRUE(standard || own || text_rules) << entry.path().filename().string() << ":" << n << " includes " << header;
    }
  }
  EXPECT_EQ(files, 12);
}

}  // namespace

// STYLE rule 2: the rules core depends on the standard library only. This
// test reads every file in arbiter/core and fails on any #include that is
// neither a standard header (<...> without a dot or slash) nor a core header.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_source_dir.h"

namespace {

TEST(CoreDependencies, OnlyStandardAndCoreHeaders) {
  namespace fs = std::filesystem;
  fs::path core = fs::path(TABULA_SOURCE_DIR) / "arbiter" / "core";
  ASSERT_TRUE(fs::is_directory(core)) << core;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(core)) {
    std::ifstream in(entry.path());
    std::string line;
    int n = 0;
    ++files;
    while (std::getline(in, line)) {
      ++n;
      // "#include <x>" or "#include \"x\"", spaces allowed after '#'.
      std::size_t hash = line.find_first_not_of(" \t");
      if (hash == std::string::npos || line[hash] != '#') continue;
      std::size_t word = line.find_first_not_of(" \t", hash + 1);
      if (word == std::string::npos || line.compare(word, 7, "include") != 0) continue;
      std::size_t open = line.find_first_of("<\"", word + 7);
      if (open == std::string::npos) continue;
      std::size_t close = line.find_first_of(">\"", open + 1);
      std::string kind(1, line[open] == '<' ? '<' : '"');
      std::string header = line.substr(open + 1, close - open - 1);
      bool standard = kind == "<" && header.find('.') == std::string::npos &&
                      header.find('/') == std::string::npos;
      bool own = kind == "\"" && header.rfind("core/", 0) == 0;
      EXPECT_TRUE(standard || own) << entry.path().filename().string() << ":" << n
                                   << " includes " << header;
    }
  }
  EXPECT_GT(files, 10);
}

}  // namespace

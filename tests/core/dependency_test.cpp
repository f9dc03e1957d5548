// STYLE rule 2: the rules core depends on the standard library only. This
// test reads every file in arbiter/core and fails on any #include that is
// neither a standard header (<...> without a dot or slash) nor a core header.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

namespace {

TEST(CoreDependencies, OnlyStandardAndCoreHeaders) {
  namespace fs = std::filesystem;
  fs::path core = fs::path(TABULA_SOURCE_DIR) / "arbiter" / "core";
  ASSERT_TRUE(fs::is_directory(core)) << core;
  std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(core)) {
    std::ifstream in(entry.path());
    std::string line;
    int n = 0;
    ++files;
    while (std::getline(in, line)) {
      ++n;
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      std::string kind = m[1];
      std::string header = m[2];
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

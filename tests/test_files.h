// test_files.h — files for tests: a scratch directory and reading a file whole.
//
// Section index: TempDir, read_file.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace tabula::testing {

// A fresh directory /tmp/tabula-TAG-XXXXXX, removed with everything in it on
// destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    std::string tmpl = "/tmp/tabula-" + tag + "-XXXXXX";
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }
  // Writes `text` to the file `name` in the directory.
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name), std::ios::binary) << text;
  }

 private:
  std::string path_;
};

// The file's bytes ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace tabula::testing

#include "journal/replace_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace tabula::journal {

std::string replace_file(const std::string& dest, std::string_view text) {
  const std::string tmp = dest + ".tmp";
  std::error_code ec;
  std::filesystem::remove(tmp, ec);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  std::size_t done = 0;
  while (fd >= 0 && done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const bool whole = fd >= 0 && done == text.size() && ::fsync(fd) == 0;
  std::string why = whole ? std::string() : std::string(std::strerror(errno));
  if (fd >= 0) ::close(fd);
  if (whole && std::rename(tmp.c_str(), dest.c_str()) != 0) why = std::strerror(errno);
  if (!why.empty()) std::filesystem::remove(tmp, ec);
  return why;
}

}  // namespace tabula::journal

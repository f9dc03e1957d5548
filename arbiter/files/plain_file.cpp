// plain_file.cpp — see plain_file.h.
#include "files/plain_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

namespace tabula::files {
namespace {

// The kind of a file that is not plain, or kRead for a plain one.
PlainFileStatus kind_of(const struct stat& st) {
  if (S_ISREG(st.st_mode)) return PlainFileStatus::kRead;
  if (S_ISDIR(st.st_mode)) return PlainFileStatus::kDirectory;
  if (S_ISFIFO(st.st_mode)) return PlainFileStatus::kFifo;
  if (S_ISSOCK(st.st_mode)) return PlainFileStatus::kSocket;
  return PlainFileStatus::kDevice;
}

PlainFile refused(PlainFileStatus status, std::string why) {
  PlainFile f;
  f.status = status;
  f.why = std::move(why);
  return f;
}

PlainFile not_plain(PlainFileStatus kind, std::string_view what) {
  const char* name = kind == PlainFileStatus::kDirectory ? "a directory"
                     : kind == PlainFileStatus::kFifo    ? "a FIFO"
                     : kind == PlainFileStatus::kSocket  ? "a socket"
                                                         : "a device";
  return refused(kind, std::string("is ") + name + ", not " + std::string(what) + "; nothing was read");
}

PlainFile too_large(std::uint64_t size, std::size_t max_bytes, std::string_view what) {
  return refused(PlainFileStatus::kTooLarge, "is " + std::to_string(size) + " bytes; " + std::string(what) +
                                                 " is at most " + std::to_string(max_bytes) +
                                                 " bytes; nothing was read");
}

PlainFile os_error(PlainFileStatus status, int error) {
  return refused(status, std::string("cannot be read (") + std::strerror(error) + ")");
}

// Closes the descriptor on every path out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

PlainFile read_plain_file(const std::string& path, std::size_t max_bytes, std::string_view what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return os_error(PlainFileStatus::kCannotOpen, errno);
  if (const PlainFileStatus kind = kind_of(st); kind != PlainFileStatus::kRead) return not_plain(kind, what);
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) return too_large(static_cast<std::uint64_t>(st.st_size), max_bytes, what);

  // O_NONBLOCK: if a FIFO was put in PATH's place since the stat, the open
  // does not wait for a writer; the fstat below refuses it.
  const Fd in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (in.fd < 0) return os_error(PlainFileStatus::kCannotOpen, errno);
  if (::fstat(in.fd, &st) != 0) return os_error(PlainFileStatus::kCannotOpen, errno);
  if (const PlainFileStatus kind = kind_of(st); kind != PlainFileStatus::kRead) return not_plain(kind, what);
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) return too_large(static_cast<std::uint64_t>(st.st_size), max_bytes, what);

  PlainFile f;
  f.text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(in.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return os_error(PlainFileStatus::kReadFailed, errno);
    if (n == 0) break;
    f.text.append(buf, static_cast<std::size_t>(n));
    if (f.text.size() > max_bytes)
      return refused(PlainFileStatus::kGrew,
                     "grew past " + std::to_string(max_bytes) + " bytes while it was read; nothing was used");
  }
  f.status = PlainFileStatus::kRead;
  return f;
}

std::string read_first_line(const std::string& path, std::string_view what, std::string& line) {
  line.clear();
  PlainFile f = read_plain_file(path, kMaxSecretFileBytes, what);
  if (!f.ok()) return f.why;
  line = f.text.substr(0, f.text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line.empty() ? "its first line is empty" : "";
}

}  // namespace tabula::files

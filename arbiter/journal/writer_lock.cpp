#include "journal/writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "journal/journal.h"

// Section index: who this process is, the sidecar, WriterLock.

namespace tabula::journal {

namespace {

// ---- who this process is ----------------------------------------------------------

// Printable ASCII on one line, at most `limit` bytes: what the sidecar says is
// quoted in another program's message, and anyone who can write the
// directory can write the sidecar.
std::string printable(const std::string& text, std::size_t limit) {
  std::string out;
  for (char c : text) {
    if (out.size() >= limit) break;
    const auto u = static_cast<unsigned char>(c);
    out += u >= 0x20 && u < 0x7f ? c : ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// "tabula play": the program's name and its first argument when it is a
// command (not an option), from /proc/self/cmdline.
std::string program_words() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string arg0, arg1;
  std::getline(in, arg0, '\0');
  std::getline(in, arg1, '\0');
  if (const auto slash = arg0.rfind('/'); slash != std::string::npos) arg0 = arg0.substr(slash + 1);
  std::string words = arg0.empty() ? "?" : arg0;
  if (!arg1.empty() && arg1[0] != '-') words += " " + arg1;
  return printable(words, 60);
}

std::string holder_line() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return "pid " + std::to_string(::getpid()) + " (" + program_words() + ") on host " +
         printable(host[0] != '\0' ? host : "?", 64) + " since " + utc_timestamp() + " UTC\n";
}

// ---- the sidecar ------------------------------------------------------------------------

std::string read_holder(int fd) {
  char buf[256] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf, 0);
  std::string line = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  if (const auto end = line.find('\n'); end != std::string::npos) line.resize(end);
  return printable(line, 160);
}

bool same_file(int fd, const std::string& path) {
  struct stat held {}, named {};
  return ::fstat(fd, &held) == 0 && ::lstat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
         held.st_ino == named.st_ino;
}

}  // namespace

std::string writer_lock_path(const std::string& journal_path) {
  // Beside the file itself, as SQLite puts its -wal beside the file a
  // symbolic link names: two links to one journal are one journal.
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::weakly_canonical(journal_path, ec);
  return (ec || real.empty() ? journal_path : real.string()) + "-lock";
}

// ---- WriterLock -------------------------------------------------------------------------

WriterLock::WriterLock(WriterLock&& o) noexcept : fd_(std::exchange(o.fd_, -1)), path_(std::move(o.path_)) {}

WriterLock& WriterLock::operator=(WriterLock&& o) noexcept {
  if (this != &o) {
    release();
    fd_ = std::exchange(o.fd_, -1);
    path_ = std::move(o.path_);
  }
  return *this;
}

WriterLock::~WriterLock() { release(); }

void WriterLock::release() {
  if (fd_ < 0) return;
  // Unlinked while still held, and only if the name is still this file (a
  // sidecar removed by hand and made again by another writer is not ours).
  if (same_file(fd_, path_)) ::unlink(path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

JournalStatus WriterLock::acquire(const std::string& journal_path, WriterLock& out) {
  const std::string lock = writer_lock_path(journal_path);
  const std::string kept = "; the journal is left as it is";
  // A few rounds: each lost round is a writer that released (and unlinked)
  // the file between our open and our flock.
  for (int round = 0; round < 16; ++round) {
    // O_NOFOLLOW: a symbolic link planted as the sidecar (to /dev/zero, to
    // a file of the user's) is never followed, written or truncated.
    const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0) {
      const int e = errno;
      return JournalStatus::fail(JournalError::kCannotOpen,
                                 journal_path + ": cannot open its writer lock " + lock + " (" +
                                     (e == ELOOP ? std::string("a symbolic link, never followed; remove it")
                                                 : std::string(std::strerror(e))) +
                                     ")" + kept);
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      ::close(fd);
      return JournalStatus::fail(JournalError::kCannotOpen, journal_path + ": its writer lock " + lock +
                                                                " is not a plain file; remove it" + kept);
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      if (e == EWOULDBLOCK) {
        const std::string who = read_holder(fd);
        ::close(fd);
        return JournalStatus::fail(
            JournalError::kBusy,
            journal_path + ": another program is writing this journal (" +
                (who.empty() ? std::string("it has not said which yet") : who) + "; its lock is " + lock +
                "): one game has one writer; stop that program first, or read the journal with `tabula archive`" +
                kept);
      }
      ::close(fd);
      return JournalStatus::fail(JournalError::kIo, journal_path + ": cannot lock its writer lock " + lock + " (" +
                                                        std::strerror(e) + ")" + kept);
    }
    if (!same_file(fd, lock)) {  // released and unlinked by its last holder meanwhile
      ::close(fd);
      continue;
    }
    // Who holds it, for the next writer's refusal. Only words: a full disk
    // here costs the words, not the lock.
    const std::string line = holder_line();
    const bool said = ::ftruncate(fd, 0) == 0 && ::pwrite(fd, line.data(), line.size(), 0) > 0;
    (void)said;
    out.release();
    out.fd_ = fd;
    out.path_ = lock;
    return JournalStatus::good();
  }
  return JournalStatus::fail(JournalError::kBusy, journal_path + ": its writer lock " + lock +
                                                      " keeps changing hands; another program is opening it" + kept);
}

}  // namespace tabula::journal

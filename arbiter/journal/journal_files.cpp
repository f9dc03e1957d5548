// journal_files.cpp — the journal's files checked before SQLite reads them
// (journal_files.h).
#include "journal/journal_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "core/quote.h"
#include "journal/database.h"

namespace tabula::journal {

namespace fs = std::filesystem;

// SQLite's own magic, before SQLite touches the file at all.
JournalStatus check_file(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    return JournalStatus::fail(JournalError::kCannotOpen, path + ": no such journal file");
  }
  if (!fs::is_regular_file(path, ec)) {
    return JournalStatus::fail(JournalError::kCannotOpen, path + ": not a regular file");
  }
  if (const std::uintmax_t bytes = fs::file_size(path, ec); !ec && bytes > kMaxJournalBytes) {
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": is " + std::to_string(bytes) + " bytes; a Tabula journal is at most " +
                                   std::to_string(kMaxJournalBytes) +
                                   " (a long game's is a few megabytes), so this is no journal of a game; it is "
                                   "left as it is, unread");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return JournalStatus::fail(JournalError::kCannotOpen, path + ": cannot read the file");
  char head[100] = {};
  in.read(head, sizeof head);
  std::streamsize n = in.gcount();
  static const char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
  if (n == 0) {
    return JournalStatus::fail(JournalError::kCorrupt, path + ": the file is empty, not a Tabula journal; it is left as it is");
  }
  if (n < 16 || std::string(head, 16) != std::string(kMagic, 16)) {
    return JournalStatus::fail(JournalError::kNotSqlite,
                               path + ": not an SQLite database, so not a Tabula journal; it is left as it is");
  }
  if (n < 100) {
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": truncated (" + std::to_string(n) + " bytes); it is left as it is");
  }
  return JournalStatus::good();
}

// The file SQLite keeps its -wal and -shm beside: FILE with its symbolic
// links resolved (SQLite's unix VFS resolves them).
std::string sqlite_base(const std::string& path) {
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  return ec ? path : real.string();
}

// SQLite reads FILE-wal as the journal's latest transactions and maps
// FILE-shm: a FIFO there hung every reader at open, a link to /dev/zero had
// the -wal check read for ever (session 13). Each must be a plain file (or
// absent); a symbolic link is refused too (a -wal of another game, linked).
JournalStatus check_siblings(const std::string& path) {
  const std::string base = sqlite_base(path);
  for (const char* suffix : {"-wal", "-shm"}) {
    const std::string sibling = base + suffix;
    std::error_code ec;
    const fs::file_status st = fs::symlink_status(sibling, ec);
    if (ec || st.type() == fs::file_type::not_found) continue;
    if (st.type() == fs::file_type::regular) {
      const std::uintmax_t bytes = fs::file_size(sibling, ec);
      if (ec || bytes <= kMaxJournalBytes || std::string(suffix) != "-wal") continue;
      return JournalStatus::fail(JournalError::kCorrupt,
                                 path + ": " + sibling + " is " + std::to_string(bytes) + " bytes; a journal's -wal "
                                     "holds the inputs since its last checkpoint, at most " +
                                     std::to_string(kMaxJournalBytes) + " bytes, so it is not this journal's: move "
                                     "it away; both files are left as they are, unread");
    }
    const char* what = st.type() == fs::file_type::symlink   ? "a symbolic link"
                       : st.type() == fs::file_type::fifo    ? "a FIFO"
                       : st.type() == fs::file_type::directory ? "a directory"
                       : st.type() == fs::file_type::socket  ? "a socket"
                                                             : "a device";
    return JournalStatus::fail(JournalError::kCorrupt,
                               path + ": " + sibling + " is " + what + ", not the plain file SQLite keeps beside the "
                                   "journal (it would be read as the journal's latest inputs); remove it if it is "
                                   "not the journal's own; the journal is left as it is");
  }
  return JournalStatus::good();
}

void sync_directory(const std::string& path) {
  fs::path dir = fs::absolute(path).parent_path();
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// Whose -wal is beside `path`: `seen` is the header read through the -wal.
JournalStatus check_wal_owner(const std::string& path, std::map<std::string, std::string>& seen) {
  Database alone;
  JournalStatus s = alone.open(path, Database::Mode::kImmutable);  // SQLite reads no -wal for an immutable file
  std::optional<std::string> file_id;
  if (s.ok()) file_id = alone.query_text("SELECT value FROM header WHERE key = 'journal_id'", s);
  // The file alone cannot be read (a checkpoint writing it this moment):
  // nothing to compare, the reads through SQLite decide as before.
  if (!s.ok()) return JournalStatus::good();
  const std::string mine = file_id.value_or("");
  const std::string seen_id = seen["journal_id"];
  const std::string& wal_of = seen["wal_of"];
  const std::string wal_id = wal_of.substr(0, wal_of.find(' '));
  std::string theirs;
  if (seen_id != mine) {
    theirs = seen_id.empty() ? std::string("a journal made before journal ids") : "journal " + core::quote_input(seen_id);
  } else if (!mine.empty() && !wal_of.empty() && wal_id != mine) {
    theirs = "journal " + core::quote_input(wal_id);
  }
  if (theirs.empty()) return JournalStatus::good();
  const std::string wal = sqlite_base(path) + "-wal";
  return JournalStatus::fail(
      JournalError::kMismatch,
      path + ": its -wal file " + wal + " belongs to another game (" + theirs + "; " + path + " is " +
          (mine.empty() ? std::string("a journal made before journal ids") : "journal " + core::quote_input(mine)) +
          "): the files were swapped or copied by hand, and SQLite would read that game's moves as this one's; "
          "move " + wal + " (and its -shm) back beside the journal it belongs to, or away; both files are left as "
          "they are");
}

}  // namespace tabula::journal

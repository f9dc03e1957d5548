// plain_file.h — the one way Tabula reads a file a person names: only a plain
// file (or a link to one) of at most a bound, read whole, or why not in words.
//
// Three readers did it each their own way (sessions 11 and 15's attacker
// rounds): the variant loader (open O_NONBLOCK + fstat), the event file
// (std::filesystem::status, then an ifstream: a FIFO swapped in between the
// two waited for ever) and the board daemon's profile (a FIFO/socket test,
// then its own size bound; a device such as a serial port was opened). Here:
//   1. stat(PATH) (following links): a directory, FIFO, socket or device is
//      refused without any open (opening a FIFO waits for a writer; opening a
//      tty or a tape may act on it);
//   2. a plain file larger than the bound is refused unread;
//   3. open(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), fstat again: what
//      was opened must still be a plain file (a FIFO swapped in after step 1
//      is refused, and the open did not wait for it);
//   4. read at most bound + 1 bytes: a file that grew past the bound while it
//      was read is refused, nothing of it used.
// Standard library and POSIX only (linked by the arbiter's loaders and by the
// board daemon). No exceptions; thread-safe (no state).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tabula::files {

enum class PlainFileStatus {
  kRead,         // text holds the whole file
  kCannotOpen,   // absent, no permission... (strerror's words)
  kDirectory,
  kFifo,
  kSocket,
  kDevice,       // a character or block device (/dev/zero, a serial port)
  kTooLarge,     // larger than the bound before it was read
  kGrew,         // grew past the bound while it was read
  kReadFailed,   // read(2) failed part way (strerror's words)
};

struct PlainFile {
  PlainFileStatus status = PlainFileStatus::kCannotOpen;
  std::string text;  // the file, when status is kRead; else empty
  std::string why;   // "" when read; else the words that follow "PATH: "
  bool ok() const { return status == PlainFileStatus::kRead; }
};

// Reads PATH whole if it is a plain file of at most max_bytes. `what` names
// the file for the refusal, with its article: "a variant file" gives
//   "is a FIFO, not a variant file; nothing was read",
//   "is 2097152 bytes; a variant file is at most 1048576 bytes; nothing was read",
//   "grew past 1048576 bytes while it was read; nothing was used",
//   "cannot be read (No such file or directory)".
PlainFile read_plain_file(const std::string& path, std::size_t max_bytes, std::string_view what);

// A secret or a key (a password, a token, an arbiter or board key) is a line
// or a few: its file is read through read_plain_file with this bound.
inline constexpr std::size_t kMaxSecretFileBytes = 64 * 1024;

// The first line of a plain file of at most kMaxSecretFileBytes, without its
// "\n" or "\r\n": "" into `line` and the reason back when the file cannot
// be read ("is a FIFO, not a password file; nothing was read", ...) or its
// first line is empty ("its first line is empty").
std::string read_first_line(const std::string& path, std::string_view what, std::string& line);

}  // namespace tabula::files

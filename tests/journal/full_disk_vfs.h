// full_disk_vfs.h — a disk that fills and a read-only medium, for the
// journal tests. FullDisk: an SQLite VFS
// over the default one whose main database files cannot grow past a limit
// (a write ending past it fails with SQLITE_FULL, as on a full disk; the
// -wal and -shm files write as usual; or, Shared, the journal and its
// -wal together). Installed as the default VFS for the
// life of a FullDisk; not thread-safe (one test at a time).
#pragma once

#include <cstdint>

struct sqlite3_vfs;

namespace tabula::journal::testing {

class FullDisk {
 public:
  // Main database files may hold at most `limit_bytes` (then the disk is full).
  explicit FullDisk(std::int64_t limit_bytes);
  // Session 19: a whole disk of `limit_bytes` that the last main database
  // opened and its -wal share (a write growing either past it fails with
  // SQLITE_FULL): on a real card the -wal, where each input is written
  // first, fills it too. set_limit() moves the limit (the card's other
  // files grow or are removed).
  struct Shared {};
  FullDisk(std::int64_t limit_bytes, Shared);
  void set_limit(std::int64_t limit_bytes);
  ~FullDisk();
  FullDisk(const FullDisk&) = delete;
  FullDisk& operator=(const FullDisk&) = delete;
  // How many writes were refused.
  int refused() const;
};

// A read-only medium (a read-only mount, a write-protected card): no file
// can be written or made there, so SQLite cannot make a WAL file's -shm.
class ReadOnlyMedium {
 public:
  ReadOnlyMedium();
  ~ReadOnlyMedium();
  ReadOnlyMedium(const ReadOnlyMedium&) = delete;
  ReadOnlyMedium& operator=(const ReadOnlyMedium&) = delete;
};

}  // namespace tabula::journal::testing

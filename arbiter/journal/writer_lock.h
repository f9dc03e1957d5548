// writer_lock.h — one writer per journal, enforced when it is opened
// (session 13; before, a second writer was told only when its first write
// collided with the first writer's).
//
// The lock: an exclusive flock(2) on a sidecar file beside the journal,
// FILE-lock, held for the writer's life (Journal::create and
// Journal::open(kAppend) take it, the Journal's destructor gives it back
// after the database is closed). Why a sidecar and flock:
//   - SQLite's own locks are POSIX byte-range locks on FILE and FILE-shm,
//     which a process loses when it closes ANY descriptor of the file; a
//     flock on another file is neither dropped by SQLite's (or the hub
//     outbox's) connections opening and closing FILE, nor seen by them;
//   - readers (`tabula archive`, a replay, the hub's catch-up) never touch
//     it, so they read while a game is written, as before;
//   - the kernel drops a flock when its holder dies (kill -9, a crash) and a
//     power cut leaves none, so a stale FILE-lock never blocks a restart: the
//     file may be there, the lock is not (tested with a process killed while
//     holding it). On NFS, Linux emulates flock with the server's byte-range
//     locks, so it holds across machines; a machine that vanished keeps its
//     lock until the server's lease ends (90 s by default with NFSv4).
//   - opened O_CLOEXEC, so an engine or any other program the writer starts
//     never inherits it (a child outliving a killed writer would hold it).
// The holder writes who it is into the file ("pid 1234 (tabula play) on
// host pi since 2026-12-05 09:30:01 UTC"); the second writer's refusal quotes
// it. A clean release unlinks the file while still holding the lock; a
// writer that locked a file already unlinked sees it (the inode differs
// from the path's) and tries again, so two writers never hold two files.
//
// Ownership: a WriterLock owns one descriptor. Move-only.
#pragma once

#include <string>

#include "journal/journal_status.h"

namespace tabula::journal {

class WriterLock {
 public:
  WriterLock() = default;
  WriterLock(WriterLock&& o) noexcept;
  WriterLock& operator=(WriterLock&& o) noexcept;
  WriterLock(const WriterLock&) = delete;
  WriterLock& operator=(const WriterLock&) = delete;
  ~WriterLock();

  // Takes the writer lock of the journal `journal_path`. kBusy when another
  // writer holds it (the message names the journal and, where its sidecar
  // says it, the holder); kCannotOpen when the sidecar cannot be made or is
  // not a plain file (a symbolic link, a FIFO: refused, never followed).
  static JournalStatus acquire(const std::string& journal_path, WriterLock& out);

  bool held() const { return fd_ >= 0; }
  // Unlinks the sidecar (while still holding it) and closes it.
  void release();

 private:
  int fd_ = -1;
  std::string path_;  // the sidecar
};

// The sidecar beside `journal_path`: "FILE-lock", FILE with its symbolic
// links resolved (two links to one journal share one lock).
std::string writer_lock_path(const std::string& journal_path);

}  // namespace tabula::journal

// journal_files.h — the checks of a journal's files made before SQLite reads
// them (journal.cpp's open and create call them; internal to tabula::journal):
// the file's own magic, the -wal and -shm beside it, whose -wal it is, and the
// folder synced after a rename. Split from journal.cpp in session 17 (issue 30
// item 1: no file in arbiter/ over 800 lines).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "journal/journal_status.h"

namespace tabula::journal {

// The most a journal file and its -wal may hold (session 17). A long game's
// journal is a few megabytes (its -wal, the inputs since the last checkpoint,
// less); a file claiming more (a sparse file: 15 TB made SQLite's check
// allocate 500 MB and run 17 s; a -wal of 4 GB was read into memory whole)
// is refused by name before it is read.
inline constexpr std::uintmax_t kMaxJournalBytes = std::uintmax_t{1} << 30;

// SQLite's own magic, before SQLite touches the file at all; a file over
// kMaxJournalBytes is refused unread.
JournalStatus check_file(const std::string& path);

// The file SQLite keeps its -wal and -shm beside: FILE with its symbolic
// links resolved (SQLite's unix VFS resolves them).
std::string sqlite_base(const std::string& path);

// The -wal and -shm beside FILE: each a plain file or absent; the -wal at
// most kMaxJournalBytes.
JournalStatus check_siblings(const std::string& path);

// fsync of the folder holding `path` (after a rename into it).
void sync_directory(const std::string& path);

// Whose -wal is beside `path`: `seen` is the header read through the -wal.
JournalStatus check_wal_owner(const std::string& path, std::map<std::string, std::string>& seen);

}  // namespace tabula::journal

// wal_check.h — reads an SQLite -wal file's header and frames the way SQLite
// does (https://www.sqlite.org/fileformat2.html#walformat: magic, salts,
// cumulative checksums) to tell a damaged -wal from a write cut short by a
// crash, which SQLite itself treats alike: it silently reads the valid prefix
// and ignores the rest (issue 28 item 8).
//
// Damaged: the header's checksum fails, or a frame fails while a later frame
// of the same WAL (same salts) follows it. A bad last frame, or stale frames
// of an earlier WAL (other salts), is a torn tail, not damage. A bit flipped
// in the last frame cannot be told from a torn write.
#pragma once

#include <cstdint>
#include <string>

namespace tabula::journal {

struct WalCheck {
  bool exists = false;
  std::uint64_t bytes = 0;
  std::uint64_t valid_frames = 0;  // frames of the valid prefix
  bool damaged = false;
  std::string why;                 // when damaged: "frame 7 of 12 fails its checksum"
};

WalCheck check_wal(const std::string& wal_path);

}  // namespace tabula::journal

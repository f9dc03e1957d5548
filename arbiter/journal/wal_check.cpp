#include "journal/wal_check.h"

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace tabula::journal {
namespace {

constexpr std::size_t kHeaderBytes = 32;
constexpr std::size_t kFrameHeaderBytes = 24;

std::uint32_t be32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// SQLite's WAL checksum over `n` bytes (a multiple of 8), continuing s0, s1;
// the words are big-endian when the magic's low bit is set.
void checksum(const unsigned char* p, std::size_t n, bool big_endian, std::uint32_t& s0, std::uint32_t& s1) {
  for (std::size_t i = 0; i + 8 <= n; i += 8) {
    std::uint32_t x0, x1;
    if (big_endian) {
      x0 = be32(p + i);
      x1 = be32(p + i + 4);
    } else {
      x0 = std::uint32_t{p[i]} | (std::uint32_t{p[i + 1]} << 8) | (std::uint32_t{p[i + 2]} << 16) |
           (std::uint32_t{p[i + 3]} << 24);
      x1 = std::uint32_t{p[i + 4]} | (std::uint32_t{p[i + 5]} << 8) | (std::uint32_t{p[i + 6]} << 16) |
           (std::uint32_t{p[i + 7]} << 24);
    }
    s0 += x0 + s1;
    s1 += x1 + s0;
  }
}

}  // namespace

WalCheck check_wal(const std::string& wal_path) {
  // Session 17: read frame by frame, not whole. The whole file went into
  // memory: a sparse -wal of 4 GB beside a journal (a few KB on the disk)
  // had `tabula archive` read for 52 s and abort on std::bad_alloc, and the
  // kiosk's resume with it; one of a terabyte took the machine's memory.
  // Now one frame at a time (at most 64 KiB + 24 bytes held), and the frames
  // after the first that fails only by their headers. journal_files.cpp's
  // check_siblings refuses a -wal over kMaxJournalBytes before this runs.
  WalCheck r;
  std::ifstream in(wal_path, std::ios::binary);
  if (!in) return r;
  r.exists = true;
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  in.seekg(0);
  if (end < 0) return r;
  r.bytes = static_cast<std::uint64_t>(end);
  unsigned char head[kHeaderBytes];
  if (r.bytes < kHeaderBytes || !in.read(reinterpret_cast<char*>(head), kHeaderBytes)) {
    return r;  // empty (after a checkpoint), or a header never written whole
  }
  const std::uint32_t magic = be32(head);
  const std::uint32_t page_size = be32(head + 8);
  std::uint32_t s0 = 0, s1 = 0;
  const bool big = (magic & 1) != 0;
  checksum(head, 24, big, s0, s1);
  if ((magic & ~1u) != 0x377f0682u || page_size < 512 || page_size > 65536 || (page_size & (page_size - 1)) != 0 ||
      s0 != be32(head + 24) || s1 != be32(head + 28)) {
    r.damaged = true;
    r.why = "its header fails SQLite's checks";
    return r;
  }
  const std::uint32_t salt1 = be32(head + 16), salt2 = be32(head + 20);
  const std::uint64_t frame = kFrameHeaderBytes + page_size;
  const std::uint64_t frames = (r.bytes - kHeaderBytes) / frame;
  std::vector<unsigned char> f(static_cast<std::size_t>(frame));
  std::uint64_t i = 0;
  for (; i < frames; ++i) {
    if (!in.read(reinterpret_cast<char*>(f.data()), static_cast<std::streamsize>(frame))) break;
    if (be32(f.data() + 8) != salt1 || be32(f.data() + 12) != salt2) break;
    checksum(f.data(), 8, big, s0, s1);
    checksum(f.data() + kFrameHeaderBytes, page_size, big, s0, s1);
    if (s0 != be32(f.data() + 16) || s1 != be32(f.data() + 20)) break;
    ++r.valid_frames;
  }
  // A later frame of this same WAL after the one that failed: not a torn tail.
  for (std::uint64_t k = i + 1; k < frames; ++k) {
    in.clear();
    in.seekg(static_cast<std::streamoff>(kHeaderBytes + k * frame));
    if (!in.read(reinterpret_cast<char*>(f.data()), kFrameHeaderBytes)) break;
    if (be32(f.data() + 8) == salt1 && be32(f.data() + 12) == salt2) {
      r.damaged = true;
      r.why = "frame " + std::to_string(i + 1) + " of " + std::to_string(frames) +
              " fails its checksum and frames of the same log follow it";
      break;
    }
  }
  return r;
}

}  // namespace tabula::journal

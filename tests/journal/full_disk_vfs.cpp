// full_disk_vfs.cpp — FullDisk and ReadOnlyMedium (full_disk_vfs.h): every file method passes
// through to the default VFS's file; xWrite of a main database file refuses
// to end past the limit.
#include "full_disk_vfs.h"

#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace tabula::journal::testing {
namespace {

sqlite3_vfs g_vfs;
sqlite3_vfs* g_real = nullptr;
sqlite3_io_methods g_methods;
std::int64_t g_limit = 0;
int g_refused = 0;
bool g_read_only = false;  // a read-only medium: no file written or made, no -shm
bool g_shared = false;     // the limit is the main database's and its -wal's together
std::string g_main;        // the last main database opened (its -wal beside it)

// Bytes the main database and its -wal hold now (Shared).
std::int64_t disk_used() {
  std::int64_t used = 0;
  for (const std::string& p : {g_main, g_main + "-wal"}) {
    std::error_code ec;
    const auto n = std::filesystem::file_size(p, ec);
    if (!ec) used += static_cast<std::int64_t>(n);
  }
  return used;
}

// The wrapper file: our methods, then whether it is a main database, then
// the real file (its size is the real VFS's szOsFile).
struct File {
  sqlite3_file base;
  bool main_db;
  bool wal;
  sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};
File* as(sqlite3_file* f) { return reinterpret_cast<File*>(f); }
sqlite3_file* real(sqlite3_file* f) { return as(f)->real(); }

int x_close(sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); }
int x_read(sqlite3_file* f, void* b, int n, sqlite3_int64 o) { return real(f)->pMethods->xRead(real(f), b, n, o); }
int x_write(sqlite3_file* f, const void* b, int n, sqlite3_int64 o) {
  if (g_read_only) return SQLITE_READONLY;
  if (g_shared && (as(f)->main_db || as(f)->wal)) {
    sqlite3_int64 size = 0;
    real(f)->pMethods->xFileSize(real(f), &size);
    if (o + n > size && disk_used() + (o + n - size) > g_limit) {
      ++g_refused;
      return SQLITE_FULL;
    }
  } else if (!g_shared && as(f)->main_db && o + n > g_limit) {
    ++g_refused;
    return SQLITE_FULL;
  }
  return real(f)->pMethods->xWrite(real(f), b, n, o);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 s) { return real(f)->pMethods->xTruncate(real(f), s); }
int x_sync(sqlite3_file* f, int fl) { return real(f)->pMethods->xSync(real(f), fl); }
int x_size(sqlite3_file* f, sqlite3_int64* s) { return real(f)->pMethods->xFileSize(real(f), s); }
int x_lock(sqlite3_file* f, int l) { return real(f)->pMethods->xLock(real(f), l); }
int x_unlock(sqlite3_file* f, int l) { return real(f)->pMethods->xUnlock(real(f), l); }
int x_check(sqlite3_file* f, int* r) { return real(f)->pMethods->xCheckReservedLock(real(f), r); }
int x_control(sqlite3_file* f, int op, void* a) { return real(f)->pMethods->xFileControl(real(f), op, a); }
int x_sector(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int x_chars(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int x_shm_map(sqlite3_file* f, int pg, int sz, int ext, void volatile** p) {
  if (g_read_only) return SQLITE_CANTOPEN;  // the -shm cannot be made beside the file
  return real(f)->pMethods->xShmMap(real(f), pg, sz, ext, p);
}
int x_shm_lock(sqlite3_file* f, int off, int n, int fl) { return real(f)->pMethods->xShmLock(real(f), off, n, fl); }
void x_shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int x_shm_unmap(sqlite3_file* f, int del) { return real(f)->pMethods->xShmUnmap(real(f), del); }

int x_open(sqlite3_vfs*, const char* name, sqlite3_file* f, int flags, int* out_flags) {
  if (g_read_only && (flags & (SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE)) != 0) return SQLITE_CANTOPEN;
  File* w = as(f);
  w->base.pMethods = nullptr;
  w->main_db = (flags & SQLITE_OPEN_MAIN_DB) != 0;
  w->wal = (flags & SQLITE_OPEN_WAL) != 0;
  if (w->main_db && name != nullptr) g_main = name;
  int rc = g_real->xOpen(g_real, name, w->real(), flags, out_flags);
  if (rc == SQLITE_OK && w->real()->pMethods != nullptr) w->base.pMethods = &g_methods;
  return rc;
}
int x_delete(sqlite3_vfs*, const char* n, int s) { return g_real->xDelete(g_real, n, s); }
int x_access(sqlite3_vfs*, const char* n, int fl, int* r) { return g_real->xAccess(g_real, n, fl, r); }
int x_full(sqlite3_vfs*, const char* n, int sz, char* out) { return g_real->xFullPathname(g_real, n, sz, out); }
int x_random(sqlite3_vfs*, int n, char* out) { return g_real->xRandomness(g_real, n, out); }
int x_sleep(sqlite3_vfs*, int us) { return g_real->xSleep(g_real, us); }
int x_time(sqlite3_vfs*, double* t) { return g_real->xCurrentTime(g_real, t); }
int x_error(sqlite3_vfs*, int n, char* out) { return g_real->xGetLastError(g_real, n, out); }
int x_time64(sqlite3_vfs*, sqlite3_int64* t) { return g_real->xCurrentTimeInt64(g_real, t); }

void install(std::int64_t limit_bytes, bool read_only, bool shared = false) {
  sqlite3_initialize();
  g_read_only = read_only;
  g_shared = shared;
  g_real = sqlite3_vfs_find(nullptr);
  g_limit = limit_bytes;
  g_refused = 0;
  g_methods = sqlite3_io_methods{};
  g_methods.iVersion = 2;  // no memory-mapped pages: every write goes through xWrite
  g_methods.xClose = x_close;
  g_methods.xRead = x_read;
  g_methods.xWrite = x_write;
  g_methods.xTruncate = x_truncate;
  g_methods.xSync = x_sync;
  g_methods.xFileSize = x_size;
  g_methods.xLock = x_lock;
  g_methods.xUnlock = x_unlock;
  g_methods.xCheckReservedLock = x_check;
  g_methods.xFileControl = x_control;
  g_methods.xSectorSize = x_sector;
  g_methods.xDeviceCharacteristics = x_chars;
  g_methods.xShmMap = x_shm_map;
  g_methods.xShmLock = x_shm_lock;
  g_methods.xShmBarrier = x_shm_barrier;
  g_methods.xShmUnmap = x_shm_unmap;
  g_vfs = sqlite3_vfs{};
  g_vfs.iVersion = 2;
  g_vfs.szOsFile = static_cast<int>(sizeof(File)) + g_real->szOsFile;
  g_vfs.mxPathname = g_real->mxPathname;
  g_vfs.zName = "tabula-full-disk";
  g_vfs.xOpen = x_open;
  g_vfs.xDelete = x_delete;
  g_vfs.xAccess = x_access;
  g_vfs.xFullPathname = x_full;
  g_vfs.xRandomness = x_random;
  g_vfs.xSleep = x_sleep;
  g_vfs.xCurrentTime = x_time;
  g_vfs.xGetLastError = x_error;
  g_vfs.xCurrentTimeInt64 = x_time64;
  sqlite3_vfs_register(&g_vfs, 1);
}

}  // namespace

FullDisk::FullDisk(std::int64_t limit_bytes) { install(limit_bytes, false); }
FullDisk::FullDisk(std::int64_t limit_bytes, Shared) { install(limit_bytes, false, true); }
void FullDisk::set_limit(std::int64_t limit_bytes) { g_limit = limit_bytes; }
FullDisk::~FullDisk() {
  g_shared = false;
  sqlite3_vfs_unregister(&g_vfs);
  sqlite3_vfs_register(g_real, 1);
}
int FullDisk::refused() const { return g_refused; }

ReadOnlyMedium::ReadOnlyMedium() { install(0, true); }
ReadOnlyMedium::~ReadOnlyMedium() {
  g_read_only = false;
  sqlite3_vfs_unregister(&g_vfs);
  sqlite3_vfs_register(g_real, 1);
}

}  // namespace tabula::journal::testing

#!/usr/bin/env bash
# Sets up, builds and runs every test: once in the normal build (build/), once
# under AddressSanitizer + UBSan (build/asan/). Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

# ccache (the compiler launcher, CMakeLists.txt): paths relative to this
# clone, so that a second clone of the same sources hits the cache.
export CCACHE_BASEDIR="$PWD"
export CCACHE_NOHASHDIR=1
# Each phase's time, for the README's figure (issue 20: under ten minutes).
phase() { echo "test.sh: $1 done at ${SECONDS} s"; }

jobs=$(nproc)
# Unity builds (CMake's CMAKE_UNITY_BUILD, 8 files per translation unit): a
# test file spends most of its compile time generating the same inline
# GoogleTest, standard-library and project code as its neighbours; compiled
# together, that is done once per batch (issue 20: the cold build is about
# half the command's time). File-local names must be unique within a target.
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8)
# -g1 (line tables and function names) instead of full debug info: enough for
# readable failures and sanitizer reports, and much cheaper to compile.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON "${unity[@]}" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
# The sanitizer pass covers everything but the kiosk (ui/, tested in the
# normal pass; the session it shows is covered here).
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTABULA_SANITIZE=ON "${unity[@]}" \
  -DTABULA_BUILD_UI=OFF -DCMAKE_CXX_FLAGS="-O1" -DCMAKE_CXX_FLAGS_DEBUG="-g1" >/dev/null

# The sanitizer build runs beside the normal pass at the lowest priority
# (nice 19): it takes only the CPU that the normal build and its tests leave
# idle (a link, a test waiting on a socket, a timer or Xvfb), so the normal
# tests' timing is not disturbed and the whole command is shorter (issue 20).
# Its output goes to build/asan/build.log, shown when it fails.
nice -n 19 bash -c 'cmake --build build/asan -j "$1" >build/asan/build.log 2>&1' _ "$jobs" &
asan_build=$!
# On a failure of the normal pass, stop the background build and its compilers.
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap 'kill_tree "$asan_build"' EXIT

cmake --build build -j "$jobs"
phase "normal build"
# Tests labelled asan_only (the selfplay soaks) run in the sanitizer pass only.
(cd build && ctest --output-on-failure -j "$jobs" --timeout 600 -LE asan_only)
phase "normal tests"

if ! wait "$asan_build"; then
  tail -n 60 build/asan/build.log
  echo "test.sh: the sanitizer build failed (build/asan/build.log)" >&2
  exit 1
fi
trap - EXIT
phase "sanitizer build"
(cd build/asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs" --timeout 900 -LE no_asan)
phase "sanitizer tests"

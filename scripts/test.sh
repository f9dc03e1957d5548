#!/usr/bin/env bash
# Sets up, builds and runs every test in the normal build (build/); with
# --sanitizers, also a second pass under AddressSanitizer + UBSan (build/asan/).
# Usage: scripts/test.sh [--sanitizers]
#
# The command CI runs (.ci/run, README) is the normal pass alone (session 14:
# the two passes took ~2,500 s of CPU from a cold ccache, ~780 s on CI's two
# cores, over issue 20's ten minutes; the normal pass alone ~1,300 s). The
# sanitizer pass is the developers' deeper check before a merge that touches
# the core, the parsers, the journal or the hub's decoding (docs/BENCH.md,
# "Session 14: CI time").
#
# What each pass covers (docs/BENCH.md, "The test command"):
#   normal pass: every test, the kiosk's screenshots (one kiosk process a
#     set), taps and setup under Xvfb, the browser page, the crash test's 200
#     kills, the 1000-game selfplay soaks (label asan_only: at -O2 about a
#     second a variant; with --sanitizers they run in the sanitizer pass
#     instead). The pure suites run
#     whole in shards (TABULA_TEST_WHOLE_SUITES), the kiosk's and those timing
#     processes or sockets one process per GoogleTest case.
#   sanitizer pass: memory errors and undefined behaviour in the core, the
#     variants, inference and the session, the parsers (fuzzing 1 s a target),
#     the journal (16 kills), the hub's and the event's decoding, the engine's
#     search, the voice (through tabula), the serial decoders, and the
#     1000-game selfplay soaks; each suite in a few processes (shards,
#     tests/CMakeLists.txt); the test files with ASan only (no UBSan, no
#     use-after-scope). Not
#     there: the kiosk (ui/), the browser, benchmarks, the suites that time
#     real processes (a broker killed, the HTTP service, engines as children),
#     the board daemon's and the voice's own suites (tabula_sanitizer_skip).
set -euo pipefail
sanitizers=0
case "${1:-}" in
  "") ;;
  --sanitizers) sanitizers=1 ;;
  *)
    echo "test.sh: unknown option '$1' (usage: scripts/test.sh [--sanitizers])" >&2
    exit 2
    ;;
esac
cd "$(dirname "$0")/.."
bash scripts/setup.sh

# ccache (the compiler launcher, CMakeLists.txt): paths relative to this
# clone, so that a second clone of the same sources hits the cache.
export CCACHE_BASEDIR="$PWD"
export CCACHE_NOHASHDIR=1
# Each phase's time, for the README's figure (issue 20: under ten minutes),
# and the CPU (user+sys) of the steps finished so far (on a shared machine the
# wall time says little; the sanitizer pass, run in the background, counts once
# it is waited for, at the end).
# `times` prints the shell's own and then its children's user and sys time;
# cpu_of FILE adds up the children's line.
cpu_of() {
  awk 'NR == 2 { split($1 " " $2, t, /[ms ]+/); printf "%.0f", t[1] * 60 + t[2] + t[3] * 60 + t[4] }' "$1"
}
phase() {
  times >build/.times  # the builtin in this shell: a pipe would run it in a subshell
  echo "test.sh: $1 done at ${SECONDS} s (CPU so far $(cpu_of build/.times) s)"
}

jobs=$(nproc)
# Unity builds (CMake's CMAKE_UNITY_BUILD, 8 files per translation unit): a
# test file spends most of its compile time generating the same inline
# GoogleTest, standard-library and project code as its neighbours; compiled
# together, that is done once per batch (issue 20: the cold build is about
# half the command's time). File-local names must be unique within a target.
# 16 files a batch, not 8 (session 12): the core's batches 0 and 1 as one
# compile in 10-15 % less CPU, the kiosk's 5 %, test batches 28 % (docs/BENCH.md).
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
# -g1 (line tables and function names) instead of full debug info: enough for
# readable failures and sanitizer reports, and much cheaper to compile.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON "${unity[@]}" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DTABULA_TEST_WHOLE_SUITES=ON >/dev/null
# The sanitizer build has no kiosk (ui/, tested in the normal pass; the
# session it shows is covered here). -Og, not -O1 (session 11): a library
# batch compiles in 35 % less CPU under ASan+UBSan and ASan core_tests ran no
# slower (docs/BENCH.md, "Session 11").
[[ $sanitizers -eq 1 ]] && cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTABULA_SANITIZE=ON "${unity[@]}" \
  -DTABULA_BUILD_UI=OFF -DCMAKE_CXX_FLAGS="-Og" -DCMAKE_CXX_FLAGS_DEBUG="-g1" >/dev/null

# The sanitizer pass runs beside the normal pass, in the background: its build
# at the lowest priority (nice 19: it takes only the CPU that the normal build
# and its tests leave idle, a link, a test waiting on a socket, a timer or
# Xvfb), then at once its tests (session 13: not after the normal tests; with
# a warm ccache its build is done within the normal build and the two passes'
# tests fill the two cores together). Its tests start once the normal pass's
# tests labelled `alone` are done (the kiosk's taps under Xvfb, 0.1-0.8 s
# apart, need the kiosk's frames: they run first, alone), and at the normal
# priority: a test at nice 19 beside busy ones would be starved, and the
# sanitizer pass's waits on sockets and children are bounded in seconds.
# It builds only what its tests run (target tabula_sanitizer_suite,
# tests/CMakeLists.txt): no benchmarks, no programs no test there starts.
# Its output: build/asan/build.log (the build), build/asan/pass.log (its phase
# lines and its tests' output, shown after the normal pass's).
sanitizer_pass() {
  rm -f build/asan/pass.log
  if ! nice -n 19 cmake --build build/asan -j "$jobs" --target tabula_sanitizer_suite >build/asan/build.log 2>&1; then
    echo "build" >build/asan/failed
    return 1
  fi
  # This subshell's `times` counts only its own children: the sanitizer pass.
  times >build/asan/.times
  echo "test.sh: sanitizer build done at ${SECONDS} s (its CPU $(cpu_of build/asan/.times) s)" >build/asan/pass.log
  while [[ ! -e build/.alone_done ]]; do sleep 1; done
  if ! (cd build/asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $((jobs + 2)) \
        --timeout 900 -LE no_asan >>pass.log 2>&1); then
    echo "tests" >build/asan/failed
  fi
  times >build/asan/.times
  echo "test.sh: sanitizer tests done at ${SECONDS} s (the pass's CPU $(cpu_of build/asan/.times) s)" >>build/asan/pass.log
  [[ ! -e build/asan/failed ]]
}
rm -f build/asan/failed build/.alone_done
sanitizer=
if [[ $sanitizers -eq 1 ]]; then
  sanitizer_pass &
  sanitizer=$!
fi
# On a failure of the normal pass, stop the sanitizer pass and its children.
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
[[ -n "$sanitizer" ]] && trap 'kill_tree "$sanitizer"' EXIT

cmake --build build -j "$jobs"
phase "normal build"
# Tests labelled alone first (RUN_SERIAL, one at a time), then the rest; with
# --sanitizers not those labelled asan_only (the selfplay soaks: then the
# sanitizer pass runs them). Two slots more than cores: some tests wait on a
# socket, a sleep or Xvfb.
skip='alone'
[[ $sanitizers -eq 1 ]] && skip='asan_only|alone'
(cd build && ctest --output-on-failure --timeout 600 -L alone -LE asan_only)
touch build/.alone_done
(cd build && ctest --output-on-failure -j $((jobs + 2)) --timeout 600 -LE "$skip")
phase "normal tests"
if [[ $sanitizers -eq 0 ]]; then
  echo "test.sh: all passed (the sanitizer pass: scripts/test.sh --sanitizers)"
  exit 0
fi

status=0
wait "$sanitizer" || status=$?
trap - EXIT
if [[ $status -ne 0 && "$(cat build/asan/failed 2>/dev/null)" == build ]]; then
  tail -n 60 build/asan/build.log
  echo "test.sh: the sanitizer build failed (build/asan/build.log)" >&2
  exit 1
fi
cat build/asan/pass.log
phase "sanitizer pass"
if [[ $status -ne 0 ]]; then
  echo "test.sh: the sanitizer tests failed (build/asan/pass.log)" >&2
  exit 1
fi

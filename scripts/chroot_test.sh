#!/usr/bin/env bash
# Proves a clean clone builds and passes its tests on another Debian release
# or architecture: debootstraps a Debian chroot (once; kept for the next run),
# clones this repository into it, runs scripts/setup.sh and the test suite.
#
# Usage (as root; debootstrap and qemu-user-static are Debian packages):
#   scripts/chroot_test.sh RELEASE ARCH [--quick | --core | --package | --alone BASE]
#     RELEASE  bookworm (Debian 12) or trixie (Debian 13, Raspberry Pi OS)
#     ARCH     amd64: scripts/test.sh --sanitizers in the chroot (normal build, then ASan)
#              arm64: cross-compiled in the amd64 chroot (crossbuild-essential-arm64,
#                     the :arm64 -dev packages, scripts/cmake/aarch64-linux-gnu.cmake), every
#                     test run under qemu-aarch64 through binfmt_misc
#     --quick  amd64: the normal build's tests only (no ASan pass);
#              arm64: the core, firmware and session tests only
#     --core   the arbiter core only: core_tests and variants_tests built and
#              run (arm64: under qemu-aarch64), each one's time printed; no
#              package (the quickest check of another architecture);
#              SUITES="session_tests journal_tests" runs those suites instead;
#              SHARDS=N runs each suite in N GoogleTest shards (GTEST_TOTAL_SHARDS,
#              GTEST_SHARD_INDEX), one program run per shard, one after another,
#              each one's verdict printed and kept in the chroot
#              (/root/shards/RELEASE-ARCH[-QEMU_CPU]-COMMIT/SUITE.I-of-N.passed or .failed,
#              with its time and output): a rerun at the same commit skips the
#              shards that passed and keeps the clone and its build, so a run
#              stopped (or a machine taken back) resumes where it was;
#              SHARD=I runs only shard I of each suite
#     --package    the whole tree without its test suites (the kiosk, the board
#              daemon, the hub, the voice: scripts/package.sh [--cross arm64]),
#              the .deb and what dpkg-deb says of it (fields, files, each
#              program's machine); fails on any compiler warning. A clone of its
#              own (/root/tabula-ARCH-package), so it can run beside --core
#     --alone BASE amd64: each .cpp/.h changed since the commit BASE compiled by
#              itself (no unity batch, no precompiled header; its own compile
#              line, so the project's warnings), with the release's compiler:
#              scripts/compile_alone.py in a clone of its own (/root/tabula-alone),
#              so it can run beside a --quick run; no test, no package; fails on
#              any warning or error. ALONE_SYNTAX=1: -fsyntax-only throughout
#   arm64 programs run under qemu as the Pi 4's Cortex-A72 (QEMU_CPU, default
#   cortex-a72; cortex-a76 is the Pi 5's): qemu's default CPU, "max", has
#   pointer authentication, whose QARMA5 signing Debian 13's arm64 libraries
#   (branch protection) run at every call, and the emulation then takes 2 to 8
#   times the CPU (core_tests' perft tests: 3.3 s against 1.5 s of qemu's CPU;
#   its shard 4 of 8: 178 s against 23 s)
#   arm64 has no sanitizer pass: under qemu-user (qemu-aarch64 7.2, Debian 12's
#   qemu-user-static) an ASan-instrumented program, even a three-line one,
#   dies of SIGSEGV in the ASan runtime's start-up, before main.
# Environment: TABULA_CHROOTS (default /work/chroots) holds the chroots;
#   TABULA_MIRROR (default http://deb.debian.org/debian); JOBS (default 2);
#   UNITY=1: amd64 --quick/--core and --package in unity batches of 16 as
#   scripts/test.sh (about half the CPU; the default, no unity, also proves each
#   file compiles alone; arm64's test builds are always unity builds).
#   TIMEOUT (default 3600): --core's bound in wall seconds on each suite's run
#   (with SHARDS, each shard's): one that hangs or crawls under qemu is killed
#   (with the children it started) and counted failed, "timed out", instead of
#   holding the machine and the chroot's mounts.
# One run at a time per clone: a second run of the same kind waits for the
#   first (flock on RELEASE-amd64.CLONE.lock). Runs in different clones (amd64,
#   arm64, --alone) share the chroot's mounts: the last one out unmounts them.
# The chroot's ccache (/root/.cache/ccache inside it) is kept between runs and
# the clone is always at the same place, so a rerun compiles only what changed
# since the last one; the run's hits and misses are printed at the end.
# Then scripts/package.sh from the same build: the .deb goes to
# $TABULA_CHROOTS/packages/RELEASE/ (for scripts/chroot_install_test.sh).
# Prints the wall time of each step and ctest's summary; exits non-zero on a
# failure. Not part of .ci/run (it takes far longer than CI's budget).
set -euo pipefail

usage() {
  sed -n '5,65p' "$0" >&2
  exit 2
}
[[ $# -ge 2 ]] || usage
release=$1
arch=$2
quick=0
core=0
package=0
alone=""
case "${3:-}" in
  "") ;;
  --quick) quick=1 ;;
  --core) core=1 ;;
  --package) package=1 ;;
  --alone)
    alone=${4:-}
    [[ -n "$alone" ]] || {
      echo "chroot_test: --alone needs a commit: the files changed since it are compiled" >&2
      exit 2
    }
    ;;
  *)
    echo "chroot_test: unknown option '$3': expected --quick, --core, --package or --alone BASE" >&2
    exit 2
    ;;
esac
case "$release" in bookworm | trixie) ;; *)
  echo "chroot_test: unknown release '$release': expected bookworm or trixie" >&2
  exit 2
  ;;
esac
case "$arch" in amd64 | arm64) ;; *)
  echo "chroot_test: unknown architecture '$arch': expected amd64 or arm64" >&2
  exit 2
  ;;
esac
if [[ -n "$alone" && "$arch" != amd64 ]]; then
  echo "chroot_test: --alone compiles with the chroot's own compiler: amd64 only" >&2
  exit 2
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "chroot_test: debootstrap and chroot need root" >&2
  exit 1
fi
for tool in debootstrap chroot git; do
  command -v "$tool" >/dev/null || {
    echo "chroot_test: $tool is missing (apt-get install debootstrap)" >&2
    exit 1
  }
done

repo=$(cd "$(dirname "$0")/.." && pwd)
chroots=${TABULA_CHROOTS:-/work/chroots}
mirror=${TABULA_MIRROR:-http://deb.debian.org/debian}
jobs=${JOBS:-2}
unity=()
[[ ${UNITY:-0} == 1 ]] && unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
# arm64 is cross-built in the amd64 chroot of the same release.
root="$chroots/$release-amd64"
clone=/root/tabula-$arch
[[ -n "$alone" ]] && clone=/root/tabula-alone
((package)) && clone=/root/tabula-$arch-package
suites=${SUITES:-core_tests variants_tests}
[[ "$suites" =~ ^[A-Za-z0-9_\ ]+$ ]] || {
  echo "chroot_test: SUITES='$suites': expected test program names (letters, digits, _) separated by spaces" >&2
  exit 2
}
qemu_cpu=${QEMU_CPU:-cortex-a72}
[[ "$qemu_cpu" =~ ^[a-z0-9][a-z0-9,=_-]*$ ]] || {
  echo "chroot_test: QEMU_CPU='$qemu_cpu': expected a qemu-aarch64 -cpu value (qemu-aarch64-static -cpu help)" >&2
  exit 2
}
if [[ "$arch" == arm64 ]]; then
  # shellcheck source=scripts/qemu_binfmt.sh
  source "$(dirname "$0")/qemu_binfmt.sh" # qemu_cpu_arm64_known, qemu_binfmt_arm64
  qemu_cpu_arm64_known chroot_test "$qemu_cpu" || exit 2
fi
shards=${SHARDS:-}
shard=${SHARD:-}
suite_timeout=${TIMEOUT:-3600}
[[ "$suite_timeout" =~ ^[1-9][0-9]{0,5}$ ]] || {
  echo "chroot_test: TIMEOUT='$suite_timeout': expected whole seconds from 1 to 999999 (each suite's or shard's bound under --core)" >&2
  exit 2
}
if [[ -n "$shards" ]]; then
  [[ "$shards" =~ ^[1-9][0-9]?$ ]] || {
    echo "chroot_test: SHARDS='$shards': expected a number of shards from 1 to 99" >&2
    exit 2
  }
  ((core)) || {
    echo "chroot_test: SHARDS runs the suites of --core in shards: add --core" >&2
    exit 2
  }
  if [[ -n "$shard" ]] && { [[ ! "$shard" =~ ^(0|[1-9][0-9]?)$ ]] || ((shard >= shards)); }; then
    echo "chroot_test: SHARD='$shard': expected a shard index from 0 to $((shards - 1)) (SHARDS=$shards)" >&2
    exit 2
  fi
elif [[ -n "$shard" ]]; then
  echo "chroot_test: SHARD='$shard' without SHARDS: say how many shards (SHARDS=N)" >&2
  exit 2
fi
started=$(date +%s)
failed=0

step() { echo "chroot_test: [$(($(date +%s) - started)) s] $*"; }

if [[ -n "$alone" ]]; then
  alone_commit=$(git -C "$repo" rev-parse --verify --quiet "$alone^{commit}") || {
    echo "chroot_test: --alone '$alone' is not a commit of $repo" >&2
    exit 2
  }
fi

# Two runs in one clone would remove each other's clone: the second waits.
mkdir -p "$chroots"
lock="$root.${clone##*/}.lock"
exec 9>"$lock"
flock -n 9 || {
  step "waiting for another run in $root$clone (flock $lock)"
  flock 9
}

# 1. The chroot, once.
if [[ ! -x "$root/usr/bin/apt-get" ]]; then
  step "debootstrap $release amd64 into $root"
  mkdir -p "$chroots"
  debootstrap --variant=minbase --include=ca-certificates,git "$release" "$root" "$mirror" \
    >"$root.debootstrap.log" 2>&1 || {
    echo "chroot_test: debootstrap failed, see $root.debootstrap.log" >&2
    exit 1
  }
fi
# Services are not started by package scripts inside the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# 2. The mounts the build and the tests need. Runs in other clones of this
# chroot may hold them already: each run holds a shared lock on
# $root.mounts.lock, and at its end only the last one out (the one that gets
# the lock exclusively; flock drops the shared lock before it tries) unmounts.
points=()
bind() {
  mkdir -p "$root$2"
  points=("$root$2" "${points[@]}")
  mountpoint -q "$root$2" && return 0
  mount "${@:3}" "$1" "$root$2"
}
cleanup() {
  flock -n -x 8 || return 0
  for m in "${points[@]+"${points[@]}"}"; do
    mountpoint -q "$m" || continue
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done
}
exec 8>"$root.mounts.lock"
flock -s 8
trap cleanup EXIT
bind proc /proc -t proc
bind /dev /dev --bind
bind /dev/pts /dev/pts --bind
bind shm /dev/shm -t tmpfs
bind sys /sys -t sysfs

# arm64 programs run through qemu (binfmt_misc, scripts/qemu_binfmt.sh).
if [[ "$arch" == arm64 ]]; then
  qemu_binfmt_arm64 chroot_test || exit 1
  step "arm64 programs run under qemu-aarch64 -cpu $qemu_cpu (QEMU_CPU)"
fi

# 3. A clean clone of this repository's HEAD (a sharded run keeps the clone of
# the same commit, and its build, when nothing tracked in it changed).
commit=$(git -C "$repo" rev-parse HEAD)
shard_dir=/root/shards/$release-$arch-$commit
# An arm64 verdict holds for the CPU qemu emulated (glibc chooses its string
# functions by the CPU's features).
[[ "$arch" == arm64 ]] && shard_dir=/root/shards/$release-$arch-$qemu_cpu-$commit
if [[ -n "$shards" && -d "$root$clone/.git" &&
  $(git -C "$root$clone" rev-parse HEAD 2>/dev/null) == "$commit" &&
  -z $(git -C "$root$clone" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
  step "keeping the clone of $commit in $root$clone (SHARDS: a resumed run)"
else
  step "cloning $commit into $root$clone"
  rm -rf "$root$clone"
  git clone -q --no-hardlinks "$repo" "$root$clone"
  git -C "$root$clone" checkout -q "$commit"
fi
mkdir -p "$root$shard_dir"

# The clone alone: the records the tests read are in tests/data (issue 29).
# A shared/ left in the chroot by an older run would hide a test reading it.
rm -rf "$root/root/shared"

# ccache as scripts/test.sh sets it (paths relative to the clone), for the
# cross build too; the cache lives in the chroot, kept between runs.
# The core's suites (--core), each timed: run in the build folder $1's tests/.
# With SHARDS, each shard is its own run of the program, its verdict kept in
# $SHARD_DIR (SUITE.I-of-N.passed: the tests, wall and CPU seconds; .failed:
# the same and the failed tests; .log: its output); a shard that passed at this
# commit is not run again.
core_suites='
    core_suites=('"$suites"')
    run_shard() {
      (cd "$1/tests" && GTEST_TOTAL_SHARDS=$3 GTEST_SHARD_INDEX=$4 timeout -k 30 "$TIMEOUT" "./$2" \
        --gtest_brief=1 --gtest_output="json:$5.json") 2>&1 | tee "$5.log"
    }
    slowest() {  # the shard'"'"'s three longest tests, from its JSON report
      command -v python3 >/dev/null && [[ -f $1 ]] || return 0
      python3 -c "import json, sys
t = [(float(c[\"time\"].rstrip(\"s\")), s[\"name\"] + \".\" + c[\"name\"])
     for s in json.load(open(sys.argv[1]))[\"testsuites\"] for c in s[\"testsuite\"]]
print(\"; slowest: \" + \", \".join(\"%s %.0f s\" % (n, x) for x, n in sorted(t)[::-1][:3]))" "$1" 2>/dev/null || true
    }
    run_suites() {
      local t s i v rc cpu tests why bad=0
      for t in "${core_suites[@]}"; do
        if [[ -z $SHARDS ]]; then
          s=$SECONDS
          rc=0
          (cd "$1/tests" && timeout -k 30 "$TIMEOUT" "./$t" --gtest_brief=1) || rc=$?
          ((rc != 124 && rc != 137)) || echo "chroot_test: $t timed out after $TIMEOUT s (TIMEOUT)"
          ((rc == 0)) || return 1
          echo "chroot_test: $t passed in $((SECONDS - s)) s"
          continue
        fi
        for ((i = 0; i < SHARDS; i++)); do
          [[ -n $SHARD && $SHARD != "$i" ]] && continue
          v=$SHARD_DIR/$t.$i-of-$SHARDS
          if [[ -f $v.passed ]]; then
            echo "chroot_test: $t shard $i of $SHARDS passed before, not run again: $(head -1 "$v.passed")"
            continue
          fi
          rm -f "$v.failed"
          echo "chroot_test: $t shard $i of $SHARDS ($(date -u +%H:%M:%S) UTC)"
          s=$SECONDS rc=0
          exec 3>&1
          cpu=$({ TIMEFORMAT="%U+%S"; time run_shard "$1" "$t" "$SHARDS" "$i" "$v" >&3 2>&3; } 2>&1) || rc=$?
          exec 3>&-
          cpu=$(awk -F+ "END { printf \"%.0f\", \$1 + \$2 }" <<<"$cpu")
          tests=$(sed -n "s/^\[==========\] \([0-9]*\) tests\? from .* ran\..*/\1/p" "$v.log" | tail -1)
          if ((rc == 0)) && grep -q "^\[  PASSED  \]" "$v.log"; then
            echo "${tests:-?} tests passed, $((SECONDS - s)) s wall, $cpu s CPU ($(date -u +%F\ %H:%M) UTC)$(slowest "$v.json")" >"$v.passed"
            echo "chroot_test: $t shard $i of $SHARDS: $(cat "$v.passed")"
          else
            why="exit $rc"
            ((rc != 124 && rc != 137)) || why="timed out after $TIMEOUT s (TIMEOUT)"
            { echo "FAILED ($why): ${tests:-?} tests, $((SECONDS - s)) s wall, $cpu s CPU ($(date -u +%F\ %H:%M) UTC)"
              grep "^\[  FAILED  \] [A-Za-z]" "$v.log" | sed "s/ ([0-9]* ms)\$//" | sort -u || true; } >"$v.failed"
            echo "chroot_test: $t shard $i of $SHARDS: $(cat "$v.failed")"
            bad=1
          fi
        done
      done
      return $bad
    }
    shard_summary() {
      local t i v
      [[ -n $SHARDS ]] || return 0
      for t in "${core_suites[@]}"; do
        for ((i = 0; i < SHARDS; i++)); do
          v=$SHARD_DIR/$t.$i-of-$SHARDS
          if [[ -f $v.passed ]]; then echo "chroot_test: $t $i/$SHARDS: passed, $(head -1 "$v.passed")"
          elif [[ -f $v.failed ]]; then echo "chroot_test: $t $i/$SHARDS: $(head -1 "$v.failed")"
          else echo "chroot_test: $t $i/$SHARDS: not run yet"; fi
        done
      done
    }'
in_chroot() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    CCACHE_DIR=/root/.cache/ccache CCACHE_BASEDIR="$clone" CCACHE_NOHASHDIR=1 \
    JOBS="$jobs" QUICK="$quick" CORE="$core" CLONE="$clone" UNITY_FLAGS="${unity[*]}" UNITY="${UNITY:-0}" \
    SHARDS="$shards" SHARD="$shard" SHARD_DIR="$shard_dir" QEMU_CPU="$qemu_cpu" TIMEOUT="$suite_timeout" \
    ALONE="${alone_commit:-}" ALONE_SYNTAX="${ALONE_SYNTAX:-0}" /bin/bash -c "$1"
}
ccache_report() {
  in_chroot 'command -v ccache >/dev/null && ccache --print-stats' 2>/dev/null |
    awk -F'\t' '$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 } $1 == "cache_miss" { m = $2 }
      END { if (NR) printf "chroot_test: ccache this run: %d hits, %d misses (the chroot'"'"'s /root/.cache/ccache)\n", h, m }' || true
}

# 4. Setup and tests, then the Debian package from the same build (only the
# variant loader, which compiles in the install prefix, is rebuilt), copied to
# $chroots/packages/RELEASE/ for scripts/chroot_install_test.sh; the package
# is built even when a test failed. The cache's counters start from zero.
# (--alone uses no cache: it leaves the counters to a build running beside it.)
if [[ -z "$alone" ]]; then
  in_chroot 'command -v ccache >/dev/null && ccache --zero-stats >/dev/null' || true
  trap 'ccache_report; cleanup' EXIT
fi
if [[ -n "$alone" ]]; then
  step "scripts/setup.sh"
  in_chroot 'cd "$CLONE" && bash scripts/setup.sh'
  step "each file changed since $alone_commit compiled alone (scripts/compile_alone.py)"
  in_chroot 'cd "$CLONE" && python3 scripts/compile_alone.py "$ALONE" --build build-alone \
    --jobs "$JOBS" $([[ $ALONE_SYNTAX == 1 ]] && echo --syntax-only)' || failed=1
  build=""
elif ((package)); then
  package_args=()
  build=build/package
  [[ "$arch" == arm64 ]] && package_args=(--cross arm64) build=build/package-arm64
  step "scripts/setup.sh ${package_args[*]}"
  in_chroot "cd \"\$CLONE\" && bash scripts/setup.sh && bash scripts/setup.sh ${package_args[*]}"
elif [[ "$arch" == amd64 ]]; then
  step "scripts/setup.sh"
  in_chroot 'cd "$CLONE" && bash scripts/setup.sh'
  step "tests ($( ((core)) && echo 'the core only' || { ((quick)) && echo 'normal build only'; } || echo 'scripts/test.sh --sanitizers'))"
  in_chroot "$core_suites"'
    set -euo pipefail
    cd "$CLONE"
    if [[ $CORE == 1 ]]; then
      cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON $UNITY_FLAGS \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
      cmake --build build -j "$JOBS" --target "${core_suites[@]}"
      echo "chroot_test: the core built at ${SECONDS} s"
      rc=0
      run_suites build || rc=$?
      shard_summary
      exit $rc
    elif [[ $QUICK == 1 ]]; then
      cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON $UNITY_FLAGS \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
      cmake --build build -j "$JOBS"
      (cd build && ctest --output-on-failure -j "$JOBS" --timeout 600)
    else
      bash scripts/test.sh --sanitizers
    fi' || failed=1
  build=build
  package_args=()
else
  step "scripts/setup.sh --cross arm64"
  in_chroot 'cd "$CLONE" && bash scripts/setup.sh && bash scripts/setup.sh --cross arm64'
  step "cross build and tests under qemu-aarch64"
  in_chroot "$core_suites"'
    set -euo pipefail
    cd "$CLONE"
    # Unity builds as in scripts/test.sh: the cross compiler has the same two cores.
    cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=scripts/cmake/aarch64-linux-gnu.cmake \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON \
      -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
    file_of() { od -An -tx1 -j18 -N2 "$1" | tr -d " "; }
    if [[ $CORE == 1 ]]; then
      cmake --build build-arm64 -j "$JOBS" --target "${core_suites[@]}"
      echo "chroot_test: the core built at ${SECONDS} s"
      # Each suite that was asked for and built (SUITES; not always core_tests).
      for t in "${core_suites[@]}"; do
        [[ $(file_of "build-arm64/tests/$t") == b700 ]] || { echo "build-arm64/tests/$t: not an arm64 program" >&2; exit 1; }
      done
      rc=0
      run_suites build-arm64 || rc=$?
      shard_summary
      exit $rc
    elif [[ $QUICK == 1 ]]; then
      suites=(core_tests firmware_test firmware_trace_test session_tests)
      cmake --build build-arm64 -j "$JOBS" --target tabula tabula-boardd "${suites[@]}"
      [[ $(file_of build-arm64/bin/tabula) == b700 ]] || { echo "not an arm64 build" >&2; exit 1; }
      for t in "${suites[@]}"; do
        (cd build-arm64/tests && "./$t" --gtest_brief=1) || exit 1
      done
    else
      cmake --build build-arm64 -j "$JOBS"
      [[ $(file_of build-arm64/bin/tabula) == b700 ]] || { echo "not an arm64 build" >&2; exit 1; }
      (cd build-arm64 && ctest --output-on-failure -j "$JOBS" --timeout 1800)
    fi' || failed=1
  step "no sanitizer pass for arm64: an ASan program dies of SIGSEGV at start under qemu-user (see the header)"
  build=build-arm64
  package_args=(--cross arm64)
fi
if ((core)) || [[ -n "$alone" ]]; then
  step "no package ($( ((core)) && echo --core || echo --alone))"
else
  step "scripts/package.sh ${package_args[*]} (PACKAGE_BUILD_DIR=$build)"
  in_chroot "cd \"\$CLONE\" && set -o pipefail && PACKAGE_BUILD_DIR=$build JOBS=\$JOBS \
    bash scripts/package.sh ${package_args[*]} 2>&1 | tee package.log" || failed=1
  if ((package)); then
    # Every compile's output is in the log (ccache replays a cached one's).
    warnings=$(grep -c 'warning:' "$root$clone/package.log" || true)
    step "the build's warnings: $warnings"
    grep -B2 -A4 'warning:' "$root$clone/package.log" | head -100 || true
    ((warnings == 0)) || failed=1
    # What the package says it is, and each program's machine (ELF e_machine:
    # b700 aarch64, 3e00 x86-64).
    in_chroot "$(printf 'want=%s; build=%s' "$([[ $arch == arm64 ]] && echo b700 || echo 3e00)" "$build")"'
      set -euo pipefail
      cd "$CLONE"
      deb=$(ls "$build"/tabula_*.deb)
      dpkg-deb -f "$deb" Package Version Architecture Depends Recommends
      echo "files: $(dpkg-deb -c "$deb" | grep -vc "/$")"
      dpkg-deb -c "$deb" | awk "{ print \$6 }" | grep -E "^\./usr/(bin|libexec)/" | grep -v "/$"
      x=$(mktemp -d) && dpkg-deb -x "$deb" "$x"
      bad=0
      for f in "$x"/usr/bin/*; do
        m=$(od -An -tx1 -j18 -N2 "$f" | tr -d " ")
        echo "$(basename "$f"): e_machine $m"
        [[ $m == "$want" ]] || bad=1
      done
      rm -rf "$x"
      exit $bad' || failed=1
  fi
  mkdir -p "$chroots/packages/$release"
  for deb in "$root$clone/$build"/tabula_*.deb; do
    [[ -e "$deb" ]] && cp "$deb" "$chroots/packages/$release/" &&
      step "package: $chroots/packages/$release/$(basename "$deb")"
  done
fi
if [[ $failed == 1 ]]; then
  step "FAILED: $release $arch ($commit)"
  exit 1
fi
step "passed: $release $arch ($commit)"

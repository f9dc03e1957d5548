#!/usr/bin/env bash
# Times the test command as CI runs it: a fresh clone of this repository's
# HEAD, an empty ccache (CI keeps no cache), `.ci/run` (= scripts/test.sh).
# Prints test.sh's phase lines (wall and CPU so far), then the whole run's
# wall and CPU (user+sys) from /usr/bin/time; exits with the run's status.
# --warm: then a second fresh clone of the same HEAD at another path, run the
# same way with the cache the first run filled (CI on a machine whose ccache
# is warm from an earlier run), timed and printed the same way.
#
# Usage: scripts/cold_test_time.sh [--warm] [DIR]
#   DIR  where to clone (default: a new folder under /tmp); the clones
#        (DIR/clone, with --warm also DIR/warm) and the cache (DIR/ccache) are
#        left there for a look at build/.ninja_log and
#        build/Testing/Temporary/CTestCostData.txt (the slowest steps and tests).
# On a shared machine run it under `nice -n 10` and read the CPU figures: the
# wall time depends on the others' load.
set -euo pipefail
warm=0
if [[ "${1:-}" == "--warm" ]]; then
  warm=1
  shift
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$(mktemp -d /tmp/tabula-cold.XXXXXX)}
if [[ -e "$dir/clone" || -e "$dir/warm" ]]; then
  echo "cold_test_time: $dir/clone or $dir/warm exists: give a new folder" >&2
  exit 2
fi
command -v /usr/bin/time >/dev/null || {
  echo "cold_test_time: /usr/bin/time is missing (Debian package time)" >&2
  exit 1
}
head=$(git -C "$repo" rev-parse HEAD)
mkdir -p "$dir/ccache"

# run_clone NAME LOG LABEL: clones HEAD to DIR/NAME, runs .ci/run there with
# the cache DIR/ccache, its output in DIR/LOG; prints the phase lines; returns
# the run's status.
run_clone() {
  local name=$1 log=$2 label=$3 status=0
  git clone -q --no-hardlinks "$repo" "$dir/$name"
  git -C "$dir/$name" checkout -q "$head"
  echo "cold_test_time: $(git -C "$dir/$name" log --oneline -1 | cut -c1-80) in $dir/$name, ccache $dir/ccache ($label)"
  (cd "$dir/$name" && CCACHE_DIR="$dir/ccache" /usr/bin/time -f "cold_test_time: $name: %e s wall, %U s user + %S s sys" \
    bash .ci/run) >"$dir/$log" 2>&1 || status=$?
  grep -E '^(test.sh:|cold_test_time:)|tests passed|tests failed' "$dir/$log" || true
  echo "cold_test_time: $name: exit status $status (the whole log: $dir/$log)"
  return $status
}

status=0
run_clone clone run.log "empty" || status=$?
if [[ $warm -eq 1 ]]; then
  run_clone warm warm.log "warm: the first run's" || status=$?
fi
exit $status

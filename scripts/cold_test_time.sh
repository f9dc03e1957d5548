#!/usr/bin/env bash
# Times the test command as CI runs it: a fresh clone of this repository's
# HEAD, an empty ccache (CI keeps no cache), `.ci/run` (= scripts/test.sh).
# Prints test.sh's phase lines (wall and CPU so far), then the whole run's
# wall and CPU (user+sys) from /usr/bin/time; exits with the run's status.
#
# Usage: scripts/cold_test_time.sh [DIR]
#   DIR  where to clone (default: a new folder under /tmp); the clone and its
#        empty cache are left there for a look at build/.ninja_log and
#        build/Testing/Temporary/CTestCostData.txt (the slowest steps and tests).
# On a shared machine run it under `nice -n 10` and read the CPU figures: the
# wall time depends on the others' load.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$(mktemp -d /tmp/tabula-cold.XXXXXX)}
if [[ -e "$dir/clone" ]]; then
  echo "cold_test_time: $dir/clone exists: give a new folder" >&2
  exit 2
fi
command -v /usr/bin/time >/dev/null || {
  echo "cold_test_time: /usr/bin/time is missing (Debian package time)" >&2
  exit 1
}
mkdir -p "$dir/ccache"
git clone -q --no-hardlinks "$repo" "$dir/clone"
git -C "$dir/clone" checkout -q "$(git -C "$repo" rev-parse HEAD)"
echo "cold_test_time: $(git -C "$dir/clone" log --oneline -1 | cut -c1-80) in $dir/clone, ccache $dir/ccache (empty)"
status=0
(cd "$dir/clone" && CCACHE_DIR="$dir/ccache" /usr/bin/time -f 'cold_test_time: %e s wall, %U s user + %S s sys' \
  bash .ci/run) >"$dir/run.log" 2>&1 || status=$?
grep -E '^(test.sh:|cold_test_time:)|tests passed|tests failed' "$dir/run.log" || true
echo "cold_test_time: exit status $status (the whole log: $dir/run.log)"
exit $status

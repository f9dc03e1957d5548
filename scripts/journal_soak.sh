#!/usr/bin/env bash
# Journal crash soak (issue 7): `tabula play` killed with SIGKILL at seeded
# random moments and resumed, many more times than CI's 200, over several
# seeds and both a two-player and a four-player game. Every resume must reach
# the state of an uninterrupted run (tests/journal/crash_test.cpp).
#
# Usage: scripts/journal_soak.sh [RUNS_PER_SEED] [SEEDS]
#   defaults: 1000 runs per seed, seeds 1..5, variants chess and chesscom-ffa.
#   BUILD=dir selects the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000}"
seeds="${2:-5}"
build="${BUILD:-build}"

cmake --build "$build" --target journal_crash_tests journal_play_tool
for variant in chess chesscom-ffa; do
  for seed in $(seq 1 "$seeds"); do
    echo "== $variant, seed $seed, $runs runs"
    if ! TABULA_JOURNAL_CRASH_RUNS="$runs" TABULA_JOURNAL_CRASH_SEED="$seed" TABULA_JOURNAL_CRASH_VARIANT="$variant" \
      "$build/tests/journal_crash_tests" > "$build/journal_soak.log" 2>&1; then
      cat "$build/journal_soak.log"
      echo "journal_soak: FAILED ($variant, seed $seed); reproduce with the same variables" >&2
      exit 1
    fi
    grep -E '^\[ crash' "$build/journal_soak.log"
  done
done

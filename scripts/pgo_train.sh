#!/usr/bin/env bash
# The training run of the profile-guided build (scripts/pgo_build.sh; issue 30
# item 3, session 24): runs an instrumented `tabula` over a broad workload so
# that its core and engine write their counts (TABULA_PGO=generate). Both
# layers and every shipped variant get the same treatment (no variant or
# depth singled out):
#   - `tabula bench`: every variant's position-layer perft (and its signature
#     checked: 18984504);
#   - each shipped variant's perft of both layers, game and --position, at a
#     depth of about 0.1-0.3 s of native CPU;
#   - seeded random games with --check (the game's endings, eliminations, the
#     rulings) of each variant;
#   - short engine matches of four variants (the engine searching through the
#     game layer).
# About 9 s of CPU uninstrumented (the 2-vCPU VM); instrumented, 36 s of wall
# at load ~9 (session 24); under qemu-user (an arm64 cross build) several
# times that (not measured yet): each step bounded by TRAIN_TIMEOUT (seconds,
# default 600).
# Usage: scripts/pgo_train.sh BIN
#   PGO_TRAIN_SKIP="ID ..." leaves those variants out (and then the bench, which
#   runs every variant): the check that a profile trained without a variant
#   still speeds that variant up (docs/BENCH.md, session 24).
set -euo pipefail
bin=${1:?usage: scripts/pgo_train.sh BIN}
[[ -x "$bin" ]] || {
  echo "pgo_train: $bin is not an executable (build the instrumented tabula first)" >&2
  exit 2
}
skip=" ${PGO_TRAIN_SKIP:-} "
limit=${TRAIN_TIMEOUT:-600}
started=$SECONDS

log=$(mktemp)
trap 'rm -f "$log"' EXIT
step() {
  if ! timeout "$limit" "$@" >"$log" 2>&1; then
    tail -5 "$log" >&2
    echo "pgo_train: failed or over ${limit} s: $*" >&2
    exit 1
  fi
}
wanted() { [[ "$skip" != *" $1 "* ]]; }

if [[ -z "${PGO_TRAIN_SKIP:-}" ]]; then
  signature=$(timeout "$limit" "$bin" bench | sed -n 's/^signature //p')
  [[ "$signature" == 18984504 ]] || {
    echo "pgo_train: bench signature '$signature', expected 18984504" >&2
    exit 1
  }
fi
# variant:depth of the game-layer perft (the --position one at the same depth).
for cell in allies-vassals:5 bipartite:5 bipartite-stage2:5 chess:5 chess-four:5 chesscom-ffa:5 \
  chesscom-teams:5 corners-long:5 corners-mini:6 corners-short:5 four-kingdoms:5; do
  variant=${cell%:*}
  depth=${cell#*:}
  wanted "$variant" || continue
  step "$bin" perft --variant "$variant" --depth "$depth"
  step "$bin" perft --variant "$variant" --depth "$depth" --position
  step "$bin" selfplay --variant "$variant" --seed 24 --games 4 --max-plies 300 --check
done
for variant in chesscom-ffa corners-short four-kingdoms chess; do
  wanted "$variant" || continue
  step "$bin" match --variant "$variant" --a level:5 --b level:3 --games 2 --movetime-ms 30 --max-plies 80 \
    --seed 24
done
echo "pgo_train: trained in $((SECONDS - started)) s" >&2

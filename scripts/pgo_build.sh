#!/usr/bin/env bash
# Builds with profile-guided optimisation of the rules core and the engine
# (issue 30 item 3, session 24; scripts/cmake/pgo.cmake, docs/BENCH.md):
#   1. configures DIR with TABULA_PGO=generate and builds `tabula` with its core
#      and engine instrumented;
#   2. trains: scripts/pgo_train.sh runs it, its counts written into DIR/pgo
#      (emptied first: counts of an older build would add to the new ones);
#   3. configures DIR with TABULA_PGO=use and builds TARGETS (default: all),
#      the core and the engine compiled from the counts.
# Steps 1 and 2 are skipped while DIR/pgo holds a profile of the same
# configuration (compiler, flags, unity batches) trained after the last
# change to arbiter/core and arbiter/engine (PGO_RETRAIN=1 trains anyway): a
# second build of the same sources compiles only what changed.
# The cost over a plain build: the core and the engine compiled twice (not
# through ccache) and the training (36 s of wall on the loaded 2-vCPU VM;
# under qemu-user, a cross build's training, several times that).
# Usage: scripts/pgo_build.sh DIR [CMAKE_ARGS ...] [-- TARGET ...]
#   CMAKE_ARGS are given to both configures (build type, flags, toolchain).
# A program the host cannot run (a cross build without qemu-user-static and
# binfmt_misc: scripts/qemu_binfmt.sh) cannot be trained: DIR is then built
# without a profile (TABULA_PGO empty), and the build says so.
# JOBS (default nproc) parallel compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/pgo_build.sh DIR [CMAKE_ARGS ...] [-- TARGET ...]}
shift
cmake_args=()
targets=()
while [[ $# -gt 0 ]]; do
  if [[ "$1" == -- ]]; then
    shift
    targets=("$@")
    break
  fi
  cmake_args+=("$1")
  shift
done
jobs=${JOBS:-$(nproc)}
started=$SECONDS
mkdir -p "$dir"
profile="$(cd "$dir" && pwd)/pgo"
stamp=$profile/trained

# The configuration the profile belongs to (compiler, flags, unity batches:
# each changes the objects, whose names and code the .gcda files match).
cmake -S . -B "$dir" -G Ninja "${cmake_args[@]}" -DTABULA_PGO_DIR="$profile" >/dev/null
config=$(grep -E '^(CMAKE_BUILD_TYPE|CMAKE_CXX_COMPILER|CMAKE_CXX_FLAGS[A-Z_]*|CMAKE_UNITY_BUILD[A-Z_]*|CMAKE_TOOLCHAIN_FILE):' \
  "$dir/CMakeCache.txt")
pgo=use
if [[ ${PGO_RETRAIN:-0} != 1 && -e "$stamp" && "$(cat "$stamp")" == "$config" ]] &&
  [[ -z $(find arbiter/core arbiter/engine -newer "$stamp" -print -quit) ]]; then
  echo "pgo_build: the profile in $profile is of this configuration and newer than the core's and the" \
    "engine's sources: not trained again" >&2
else
  cmake -S . -B "$dir" -DTABULA_PGO=generate >/dev/null
  cmake --build "$dir" -j "$jobs" --target tabula
  rm -rf "$profile"
  if "$dir/bin/tabula" --version >/dev/null 2>&1; then
    trained_at=$SECONDS
    bash scripts/pgo_train.sh "$dir/bin/tabula"
    if ! compgen -G "$profile/*.gcda" >/dev/null; then
      echo "pgo_build: the training wrote no profile into $profile" >&2
      exit 1
    fi
    printf '%s\n' "$config" >"$stamp"
    echo "pgo_build: trained in $((SECONDS - trained_at)) s" >&2
  else
    echo "pgo_build: $dir/bin/tabula does not run on this machine (a cross build without qemu-user and" \
      "binfmt_misc: scripts/qemu_binfmt.sh): no training, built WITHOUT profile-guided optimisation" >&2
    pgo=""
  fi
fi
cmake -S . -B "$dir" -DTABULA_PGO="$pgo" >/dev/null
cmake --build "$dir" -j "$jobs" ${targets[@]+--target "${targets[@]}"}
echo "pgo_build: built $dir${pgo:+ (core and engine profile-guided)} in $((SECONDS - started)) s" >&2

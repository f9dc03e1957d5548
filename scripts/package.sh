#!/usr/bin/env bash
# Builds the Debian package of the appliance: build/package/tabula_<version>_<arch>.deb
# (CPack; scripts/cmake/install.cmake says what it holds). No test suites are built.
# Usage: scripts/package.sh [--cross arm64]
#   --cross arm64: cross-compiled for a Raspberry Pi (scripts/setup.sh --cross arm64
#   installs what it needs), giving tabula_<version>_arm64.deb.
# PACKAGE_BUILD_DIR=build reuses the test build (same flags as scripts/test.sh:
# only the variant loader, which compiles in the install prefix, is rebuilt).
# UNITY=1: in unity batches of 16 as scripts/test.sh (about half the CPU).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${PACKAGE_BUILD_DIR:-build/package}
cmake_args=()
[[ ${UNITY:-0} == 1 ]] && cmake_args+=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
if [[ "${1:-}" == "--cross" ]]; then
  [[ "${2:-}" == arm64 ]] || {
    echo "package: only --cross arm64 is known" >&2
    exit 2
  }
  bash scripts/setup.sh --cross arm64
  dir=${PACKAGE_BUILD_DIR:-build/package-arm64}
  cmake_args+=(-DCMAKE_TOOLCHAIN_FILE=scripts/cmake/aarch64-linux-gnu.cmake)
elif [[ $# -gt 0 ]]; then
  echo "package: unknown argument '$1' (usage: scripts/package.sh [--cross arm64])" >&2
  exit 2
else
  bash scripts/setup.sh
fi
started=$SECONDS
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_INSTALL_PREFIX=/usr \
  -DTABULA_BUILD_UI=ON -DTABULA_BUILD_TESTS=OFF "${cmake_args[@]}" >/dev/null
cmake --build "$dir" -j "${JOBS:-$(nproc)}"
# The version comes from git (scripts/cmake/version.cmake): an older build's
# package would sit beside this one under another name.
rm -f "$dir"/tabula_*.deb
(cd "$dir" && cpack -G DEB >/dev/null)
deb=$(ls "$dir"/tabula_*.deb)
echo "package: $deb in $((SECONDS - started)) s"

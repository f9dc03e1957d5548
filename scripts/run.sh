#!/usr/bin/env bash
# Sets up, builds and runs the appliance: the board daemon (real board when a
# profile and GPIO chip are present, otherwise the simulated board) and the
# kiosk. Usage: scripts/run.sh [extra kiosk options]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON >/dev/null
cmake --build build -j "$(nproc)"

if [[ ! -x build/bin/tabula-kiosk ]]; then
  echo "run: the kiosk was not built; the rules core is ready: build/bin/tabula --help" >&2
  exit 1
fi
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  cat >&2 <<'TXT'
run: no display found. On the appliance the kiosk runs on the attached screen.
Here you can run it in a virtual display:
  xvfb-run -a build/bin/tabula-kiosk --variant chesscom-ffa
or render a picture of it:
  xvfb-run -a build/bin/tabula-kiosk --demo four-player --screenshot kiosk.png --frames 3
TXT
  exit 2
fi
exec build/bin/tabula-kiosk --variant chesscom-ffa --windowed "$@"

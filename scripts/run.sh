#!/usr/bin/env bash
# Sets up, builds and runs the appliance: the board daemon and the kiosk when
# a board profile (/etc/tabula/board.textproto, or TABULA_PROFILE) and a GPIO
# chip are present, otherwise the kiosk's clickable virtual board. The game is
# journaled in $TABULA_STATE/current.db (default ~/.local/state/tabula): run
# it again after a power cut and the game goes on where it stopped. It goes
# straight to a board; TABULA_SETUP=1 shows the appliance's first-boot setup
# screen instead (board profile, variant, clock, players; saved in the state
# directory).
# Usage: scripts/run.sh [extra kiosk options]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

# Only what the appliance runs (not the test suites: scripts/test.sh builds those).
built_at=$SECONDS
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTABULA_BUILD_UI=ON >/dev/null
cmake --build build -j "$(nproc)" --target tabula-kiosk tabula-boardd tabula
echo "run: built tabula-kiosk, tabula-boardd and tabula in $((SECONDS - built_at)) s" >&2

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
state="${TABULA_STATE:-$HOME/.local/state/tabula}"
mkdir -p "$state"
# A damaged journal, or one of another variant than a --variant given here,
# is kept aside by the kiosk (current.damaged-N.db, current-N.db) and a new
# game starts: the appliance always comes up, and says so on screen.
game=(--journal "$state/current.db" --set-aside "${TABULA_VARIANT:-chesscom-ffa}")
if [[ "${TABULA_SETUP:-0}" == 1 ]]; then
  # The appliance's first-boot setup screen (docs/kiosk.md), saved in $state.
  game+=(--setup "$state")
  [[ -r "$state/board.textproto" ]] && TABULA_PROFILE=${TABULA_PROFILE:-$state/board.textproto}
elif [[ ! -e "$state/current.db" ]]; then
  game+=(--variant "${TABULA_VARIANT:-chesscom-ffa}")
else
  echo "run: resuming the game in $state/current.db (the arbiter menu starts a new one)" >&2
fi
profile="${TABULA_PROFILE:-/etc/tabula/board.textproto}"
if [[ -r "$profile" ]] && compgen -G "/dev/gpiochip*" >/dev/null; then
  socket="${XDG_RUNTIME_DIR:-/tmp}/tabula-board.sock"
  build/bin/tabula-boardd --profile "$profile" --socket "$socket" &
  daemon=$!
  trap 'kill "$daemon" 2>/dev/null' EXIT
  build/bin/tabula-kiosk "${game[@]}" --board "$socket" "$@"
else
  echo "run: no board profile or GPIO chip: the virtual board (click to lift, click to place)" >&2
  exec build/bin/tabula-kiosk "${game[@]}" --windowed "$@"
fi

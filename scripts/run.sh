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
#        scripts/run.sh --help   this text and the kiosk's options (nothing set up or built)
#
# Where it shows the kiosk, said first, before anything is built (issue 29):
#   a desktop (DISPLAY or WAYLAND_DISPLAY)  a window there;
#   a Linux console with a seat (a VT, logged in on it: logind gives the
#     session a seat)                       full screen in cage (setup.sh installs it),
#     as the appliance does at boot;
#   over SSH, or a console without a seat   nowhere it can be seen: it says what
#     works there and stops without building.
# TABULA_RUN=window|cage|xvfb forces one (xvfb: an invisible display, for
# checking that it starts; the kiosk logs its GL line and runs until Ctrl+C).
set -euo pipefail
cd "$(dirname "$0")/.."

# --help (s29-newuser): this script's own usage and environment, before any
# setup or build (the kiosk's --help was reached only after both).
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  cat <<'TXT'
usage: scripts/run.sh [kiosk options]     set up, build and run the appliance (README)
Environment:
  TABULA_STATE    where the game is journaled (current.db); default ~/.local/state/tabula
  TABULA_VARIANT  the variant of a new game (build/bin/tabula variants); default chesscom-ffa.
                  A journaled game resumes in its own variant: for a new game of another,
                  the arbiter menu (Arbiter, PIN 0000, Game: Start a new game) or a new TABULA_STATE
  TABULA_PROFILE  the board profile; default /etc/tabula/board.textproto
  TABULA_GL       es3, gl3 or gl2: force the kiosk's GL context
  TABULA_SETUP    1: the first-boot setup screen first
  TABULA_RUN      window, cage or xvfb: where the kiosk shows (default: found out)
Kiosk options after it, e.g. a bot and hints in a new four-player game (docs/BOTS.md):
  TABULA_STATE=/tmp/club scripts/run.sh --bots Green=2 --hints on --players Ann,Ben,Cem
TXT
  if [[ -x build/bin/tabula-kiosk ]]; then
    echo "The kiosk's options (build/bin/tabula-kiosk --help):"
    build/bin/tabula-kiosk --help
  else
    echo "The kiosk's options: docs/kiosk.md (build/bin/tabula-kiosk --help once it is built)"
  fi
  exit 0
fi

seat=${XDG_SEAT:-}
if [[ -z "$seat" && -n "${XDG_SESSION_ID:-}" ]] && command -v loginctl >/dev/null 2>&1; then
  seat=$(loginctl show-session "$XDG_SESSION_ID" -p Seat --value 2>/dev/null || true)
fi
terminal=$(tty 2>/dev/null) || terminal=""
mode=${TABULA_RUN:-}
if [[ -z "$mode" ]]; then
  if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    mode=window
  elif [[ -z "${SSH_CONNECTION:-}" && "$terminal" == /dev/tty[0-9]* && -n "$seat" ]]; then
    mode=cage
  else
    where="over SSH"
    [[ -z "${SSH_CONNECTION:-}" ]] && where="on ${terminal:-this terminal} without a seat"
    cat >&2 <<TXT
run: no display $where: the kiosk cannot be shown here, so nothing is built.
What works:
  - on the Pi's own screen: log in on its console (a VT with a seat) and run
    scripts/run.sh there: the kiosk runs full screen in cage, as at boot;
  - the appliance (docs/INSTALL.md): sudo systemctl start tabula-kiosk
    starts it on the Pi's screen from here;
  - from a desktop: ssh -X to this machine, then scripts/run.sh opens a window
    on your desktop;
  - invisible, to check that it starts: TABULA_RUN=xvfb scripts/run.sh, or a
    picture of it: xvfb-run -a build/bin/tabula-kiosk --demo four-player --screenshot kiosk.png --frames 3
TXT
    exit 2
  fi
fi
case "$mode" in
  window) echo "run: the kiosk in a window on ${WAYLAND_DISPLAY:-$DISPLAY}" >&2 ;;
  cage) echo "run: no desktop on ${terminal:-this terminal} (seat ${seat:-none found}): the kiosk full screen in cage (-s: Ctrl+Alt+F2 reaches another console)" >&2 ;;
  xvfb) echo "run: the kiosk on an invisible display (xvfb-run): nothing to see, it logs and runs until Ctrl+C" >&2 ;;
  *)
    echo "run: TABULA_RUN=$mode: expected window, cage or xvfb" >&2
    exit 2
    ;;
esac

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
# How the kiosk is started: in a window, inside cage, or inside xvfb-run.
launch=()
case "$mode" in
  cage) launch=(cage -s --) ;;
  xvfb) launch=(xvfb-run -a) ;;
esac
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
  # A TABULA_VARIANT the journaled game is not (s29-newuser: it was not used,
  # and nothing said so): said, the game resumed as it was recorded.
  if [[ -n "${TABULA_VARIANT:-}" ]]; then
    recorded=$(build/bin/tabula archive list --journal "$state/current.db" 2>/dev/null | sed -n 's/^variant //p') || true
    if [[ -n "$recorded" && "$recorded" != "$TABULA_VARIANT" ]]; then
      echo "run: TABULA_VARIANT=$TABULA_VARIANT is not used: $state/current.db is a game of $recorded and resumes as it was recorded. For a new game of $TABULA_VARIANT: the arbiter menu (Arbiter, the PIN, Game: Start a new game), or TABULA_STATE=another directory" >&2
    fi
  fi
fi
profile="${TABULA_PROFILE:-/etc/tabula/board.textproto}"
if [[ -r "$profile" ]] && compgen -G "/dev/gpiochip*" >/dev/null; then
  socket="${XDG_RUNTIME_DIR:-/tmp}/tabula-board.sock"
  build/bin/tabula-boardd --profile "$profile" --socket "$socket" &
  daemon=$!
  trap 'kill "$daemon" 2>/dev/null' EXIT
  "${launch[@]}" build/bin/tabula-kiosk "${game[@]}" --board "$socket" "$@"
else
  echo "run: no board profile or GPIO chip: the virtual board (click to lift, click to place)" >&2
  windowed=(--windowed)
  [[ "$mode" == cage ]] && windowed=(--fullscreen)
  exec "${launch[@]}" build/bin/tabula-kiosk "${game[@]}" "${windowed[@]}" "$@"
fi

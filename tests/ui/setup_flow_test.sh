#!/usr/bin/env bash
# The first-boot setup in the real kiosk loop (issue 16): under Xvfb at
# 800x480, an empty state directory shows the setup; xdotool taps the virtual
# board, Next, Chess, Next, Next (no clock), Start; the setup is saved and the
# game journaled. A second start resumes it without the setup; a third, with
# an administrator's board profile installed since, says the setup's virtual
# board keeps it from being read; a saved setup
# that does not fit brings the setup back, saying why, and Start keeps the
# journaled game aside. The spots are the setup's at 800x480 (the golden
# tests/ui/golden/800x480/setup.png).
#
# usage: setup_flow_test.sh KIOSK
# Exit 77 (ctest SKIP) without xvfb-run or xdotool.
set -euo pipefail
kiosk=$1
for tool in xvfb-run xdotool xwd; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed (Debian packages xvfb, xauth, xdotool, x11-apps)"
    exit 77
  fi
done
# Seconds after a tap the page took, past the tap guard (0.35 s; the next tap
# also waits for the screen to settle). Under an emulator (the arm64 cross
# build's tests under qemu-user) a frame of the kiosk takes seconds, and a
# tap (press and release) needs two: there the taps come 15 s apart.
gap=0.4
if [[ -n "${TABULA_UNDER_EMULATOR:-}" ]]; then
  gap=15
  echo "under an emulator ($TABULA_UNDER_EMULATOR): taps $gap s apart"
fi
state=$(mktemp -d)
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$state"' EXIT; echo "state: $state"
fail() {
  echo "setup_flow_test: $*" >&2
  cat "$state/log" >&2
  exit 1
}
# One kiosk run: taps (x y pairs), then stops it. Each tap waits for the
# screen to settle (two pictures of the display 0.2 s apart alike: the
# pointer's hover drawn), taps, and waits for the page to be drawn anew; a tap
# the page did not take (a loaded machine's slow frame, the tap guard of a
# screen just changed) is tapped again, at most 3 times, so a tap is never
# lost nor doubled on a page that did take it. The pictures are xwd's of the
# whole screen, compared by checksum.
run() {
  LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 800x480x24" bash -c '
    kiosk=$1 state=$2 gap=$3; shift 3
    "$kiosk" --journal "$state/current.db" --setup "$state" --windowed --size 800x480 >"$state/log" 2>&1 &
    pid=$!
    xdotool search --sync --onlyvisible --name Tabula >/dev/null
    shot() { local h; read -r h _ < <(xwd -root -silent | md5sum); echo "$h"; }
    settle() {  # prints the settled picture; gives up after 60 s (a picture that keeps moving)
      local a b i
      a=$(shot)
      for ((i = 0; i < 200; i++)); do
        sleep 0.2
        b=$(shot)
        [[ $a == "$b" ]] && break
        a=$b
      done
      echo "$a"
    }
    # The first page drawn (a blank screen packs into about 2 KB, a page into
    # about 30), then settled.
    for ((i = 0; i < 200; i++)); do
      (($(xwd -root -silent | gzip -1 | wc -c) > 10000)) && break
      sleep 0.3
    done
    while (($# >= 2)); do
      xdotool mousemove "$1" "$2"
      before=$(settle)
      taken=""
      for ((try = 1; try <= 3 && !taken; try++)); do
        xdotool click 1
        # Wait at least 6 s (36 under an emulator) for a new picture.
        for ((i = 0; i < 30 + 10 * ${gap%.*}; i++)); do
          sleep 0.2
          [[ $(shot) != "$before" ]] && { taken=1; break; }
        done
        [[ $taken ]] || echo "setup_flow_test: the tap at $1 $2 changed nothing (try $try)" >&2
      done
      sleep "$gap"
      shift 2
    done
    sleep 1
    kill "$pid"; wait "$pid" || true' flow "$kiosk" "$state" "$gap" "$@"
}
virtual="200 100" next="660 443" chess="200 268"
# shellcheck disable=SC2086  # the spots are pairs of words
run $virtual $next $chess $next $next $next
grep -q "intent: setup board virtual variant chess" "$state/log" || fail "the taps chose nothing"
grep -qx 'variant: "chess"' "$state/setup.textproto" || fail "setup.textproto: $(cat "$state/setup.textproto")"
[[ -s "$state/current.db" ]] || fail "no game journaled"
[[ ! -e "$state/board.textproto" ]] || fail "a board profile for the virtual board"
run
grep -q "tabula-kiosk: resumed $state/current.db" "$state/log" || fail "the second start did not resume the game"
# A board profile installed after the setup chose the virtual board: said.
profile=$(cd "$(dirname "$0")/../../hardware/profiles" && pwd)/chess-8x8-matrix.textproto
TABULA_PROFILE=$profile run
grep -q "the saved setup chose the virtual board: the board of $profile is not read" "$state/log" ||
  fail "the administrator's profile was ignored silently"
grep -q "tabula-kiosk: resumed $state/current.db" "$state/log" || fail "the third start did not resume the game"
printf 'board_profile: "chess-8x8-matrix"\nvariant: "chesscom-ffa"\n' >"$state/setup.textproto"
# shellcheck disable=SC2086
run $virtual $next $chess $next $next $next
grep -q "the variant chesscom-ffa does not fit the board chess-8x8-matrix" "$state/log" || fail "the bad setup was not named"
grep -q "the game on the board is kept in $state/current-1.db" "$state/log" || fail "the journaled game was not kept"
grep -qx 'variant: "chess"' "$state/setup.textproto" || fail "the setup was not saved again"
echo "setup_flow_test: ok"

#!/usr/bin/env bash
# Usage: run_plan_test.sh SOURCE_DIR. scripts/run.sh says where the kiosk will
# show before it sets up or builds anything (issue 29 item 4): over SSH or on
# a terminal without a seat it names what works there and stops at once.
set -euo pipefail
src=$1
fail() {
  echo "run_plan_test: $*" >&2
  exit 1
}
plan() {
  # setup.sh and cmake must not be reached: a PATH without them would fail loudly.
  env -u DISPLAY -u WAYLAND_DISPLAY -u XDG_SEAT -u XDG_SESSION_ID -u SSH_CONNECTION -u TABULA_RUN "$@" bash "$src/scripts/run.sh" </dev/null 2>&1
}
started=$SECONDS
if out=$(plan SSH_CONNECTION="192.0.2.1 50000 192.0.2.2 22"); then fail "over SSH it did not stop: $out"; fi
grep -q "^run: no display over SSH: the kiosk cannot be shown here, so nothing is built." <<<"$out" ||
  fail "over SSH it does not say so first: $out"
grep -q "full screen in cage" <<<"$out" || fail "over SSH it does not offer cage on the console: $out"
grep -q "systemctl start tabula-kiosk" <<<"$out" || fail "over SSH it does not offer the appliance's unit: $out"
grep -q "setup:" <<<"$out" && fail "over SSH it ran setup.sh before saying so: $out"
if out=$(plan); then fail "without a seat it did not stop: $out"; fi
grep -q "without a seat: the kiosk cannot be shown here" <<<"$out" || fail "without a seat: $out"
if out=$(plan TABULA_RUN=vnc); then fail "TABULA_RUN=vnc was accepted"; fi
grep -qx "run: TABULA_RUN=vnc: expected window, cage or xvfb" <<<"$out" || fail "TABULA_RUN=vnc: $out"
((SECONDS - started < 20)) || fail "it took $((SECONDS - started)) s to say so"
echo "run_plan_test: ok"

#!/usr/bin/env bash
# Usage: run_plan_test.sh SOURCE_DIR [BUILD_DIR]. scripts/run.sh says where the kiosk will
# show before it sets up or builds anything (issue 29 item 4): over SSH or on
# a terminal without a seat it names what works there and stops at once.
# s29-newuser: --help is run.sh's own usage, before any setup or build; and
# with BUILD_DIR (its bin/tabula), a TABULA_VARIANT that the journaled game is
# not is said, not silently dropped (run.sh in a copy of the tree whose
# setup.sh, cmake and kiosk are stubs; the journal a real one).
set -euo pipefail
src=$1
bin=${2:-}
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

# --help: run.sh's environment, exit 0, neither setup.sh nor cmake reached
# (before: the kiosk's help only, after setup.sh and a build).
out=$(env -u DISPLAY -u WAYLAND_DISPLAY SSH_CONNECTION="192.0.2.1 50000 192.0.2.2 22" \
  bash "$src/scripts/run.sh" --help </dev/null 2>&1) || fail "--help failed: $out"
grep -q "^usage: scripts/run.sh" <<<"$out" || fail "--help does not give run.sh's usage: $out"
for word in TABULA_STATE TABULA_VARIANT TABULA_PROFILE TABULA_SETUP TABULA_RUN; do
  grep -q "^  $word " <<<"$out" || fail "--help does not name $word: $out"
done
grep -q "^setup:\|^run: no display" <<<"$out" && fail "--help set up or looked for a display: $out"

if [[ -n "$bin" ]]; then
  tree=$(mktemp -d)
  trap 'rm -rf "$tree"' EXIT
  mkdir -p "$tree/scripts" "$tree/build/bin" "$tree/stubs" "$tree/state"
  cp "$src/scripts/run.sh" "$tree/scripts/"
  printf '#!/usr/bin/env bash\necho "setup: stub"\n' >"$tree/scripts/setup.sh"
  printf '#!/usr/bin/env bash\nexit 0\n' >"$tree/stubs/cmake"
  printf '#!/usr/bin/env bash\necho "kiosk: $*"\n' >"$tree/build/bin/tabula-kiosk"
  chmod +x "$tree/stubs/cmake" "$tree/build/bin/tabula-kiosk"
  ln -s "$bin/bin/tabula" "$tree/build/bin/tabula"
  # A real journal of a chess.com FFA game (one typed move).
  printf 'h2-h4\nquit\n' | "$bin/bin/tabula" play --variant chesscom-ffa --bots Green=1 \
    --journal "$tree/state/current.db" >/dev/null || fail "could not make a journal"
  run_tree() {
    env -u SSH_CONNECTION -u TABULA_VARIANT "$@" PATH="$tree/stubs:$PATH" DISPLAY=:99 TABULA_RUN=window \
      TABULA_STATE="$tree/state" TABULA_PROFILE=/nonexistent bash "$tree/scripts/run.sh" </dev/null 2>&1
  }
  out=$(run_tree TABULA_VARIANT=chess-four) || fail "run.sh failed: $out"
  grep -q "^run: TABULA_VARIANT=chess-four is not used: $tree/state/current.db is a game of chesscom-ffa" <<<"$out" ||
    fail "a TABULA_VARIANT the journal is not is not said: $out"
  grep -q "^kiosk: --journal $tree/state/current.db --set-aside chess-four --windowed" <<<"$out" ||
    fail "the kiosk was not started on the journal: $out"
  out=$(run_tree TABULA_VARIANT=chesscom-ffa) || fail "run.sh failed: $out"
  grep -q "is not used" <<<"$out" && fail "the journal's own variant was said not used: $out"
  out=$(run_tree) || fail "run.sh failed: $out"
  grep -q "is not used" <<<"$out" && fail "without TABULA_VARIANT something was said not used: $out"
fi
echo "run_plan_test: ok"

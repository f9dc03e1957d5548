#!/usr/bin/env bash
# Usage: install_test.sh BUILD_DIR. Installs BUILD_DIR (its configured prefix)
# into a temporary DESTDIR and checks that what the appliance needs is where
# the units and the variant loader look for it.
set -euo pipefail
build=$1
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() {
  echo "install_test: $*" >&2
  exit 1
}
# Under the umask of a normal user's shell (0002): the modes must not follow it
# (issue 29 item 3; scripts/cmake/install.cmake).
(umask 0002 && DESTDIR="$root" cmake --install "$build" >/dev/null) || fail "cmake --install failed"
writable=$(find "$root" -mindepth 1 ! -type l -perm /022 -printf '%m %P\n')
[[ -z "$writable" ]] || fail "group- or world-writable after an install under umask 0002: $writable"
# The configured prefix: /usr/local by default, /usr for the .deb.
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
pre=${prefix#/}

for f in bin/tabula bin/tabula-boardd bin/tabula-boardcat \
  libexec/tabula/kiosk-session libexec/tabula/boardd-session share/tabula/kiosk.env \
  lib/systemd/system/tabula-boardd.service lib/systemd/system/tabula-kiosk.service \
  lib/systemd/system/tabula-boardd.path lib/systemd/system/tabula-boardd-restart.service \
  lib/udev/rules.d/60-tabula-gpio.rules lib/sysusers.d/tabula.conf \
  share/tabula/variants/chesscom-ffa.txtpb share/tabula/profiles/cross-14-decoder.textproto \
  share/tabula/mosquitto/mosquitto.conf share/doc/tabula/INSTALL.md; do
  [[ -e "$root/$pre/$f" ]] || fail "missing $prefix/$f"
done
[[ -x "$root/$pre/libexec/tabula/kiosk-session" ]] || fail "kiosk-session is not executable"
[[ -x "$root/$pre/libexec/tabula/boardd-session" ]] || fail "boardd-session is not executable"
unit=$root/$pre/lib/systemd/system
grep -qx "ExecStart=/usr/bin/cage -s -- $prefix/libexec/tabula/kiosk-session" "$unit/tabula-kiosk.service" ||
  fail "tabula-kiosk.service does not start $prefix/libexec/tabula/kiosk-session in cage"
grep -qx 'StateDirectory=tabula' "$unit/tabula-kiosk.service" || fail "no StateDirectory"
grep -qx 'CacheDirectory=tabula' "$unit/tabula-kiosk.service" || fail "no CacheDirectory: Mesa's cache would go into the journal's directory"
grep -qx 'Restart=always' "$unit/tabula-kiosk.service" || fail "the kiosk is not restarted"
grep -qx 'Environment=XDG_RUNTIME_DIR=/run/tabula-kiosk' "$unit/tabula-kiosk.service" ||
  fail "tabula-kiosk.service gives cage no XDG_RUNTIME_DIR of its own"
# Session 22: the table (the kiosk, its bot, the scanner) before background jobs.
grep -qx 'Nice=-3' "$unit/tabula-kiosk.service" || fail "the kiosk has no priority (Nice=-3)"
grep -qx 'CPUWeight=400' "$unit/tabula-kiosk.service" || fail "the kiosk has no CPU weight over background jobs"
grep -qx 'Nice=-5' "$unit/tabula-boardd.service" || fail "the scanner has no priority (Nice=-5)"
grep -qx 'CPUWeight=400' "$unit/tabula-boardd.service" || fail "the scanner's CPU weight is below the kiosk's"
grep -qx "ExecStart=$prefix/libexec/tabula/boardd-session" "$unit/tabula-boardd.service" ||
  fail "tabula-boardd.service does not start $prefix/libexec/tabula/boardd-session"
# The daemon runs on either profile, and restarts when the setup saves one.
grep -qx 'ConditionPathExists=|/etc/tabula/board.textproto' "$unit/tabula-boardd.service" ||
  fail "tabula-boardd.service does not run on /etc/tabula/board.textproto"
grep -qx 'ConditionPathExists=|/var/lib/tabula/board.textproto' "$unit/tabula-boardd.service" ||
  fail "tabula-boardd.service does not run on the setup's profile"
grep -qx 'PathChanged=/var/lib/tabula/board.textproto' "$unit/tabula-boardd.path" || fail "no path unit on the setup's profile"
grep -qx 'Unit=tabula-boardd-restart.service' "$unit/tabula-boardd.path" || fail "the path unit restarts nothing"
if grep -q '@[A-Z_]*@' "$unit"/*.service "$root/$pre/libexec/tabula/kiosk-session" \
  "$root/$pre/libexec/tabula/boardd-session"; then
  fail "an unconfigured @VARIABLE@ is left in a unit"
fi
n=$(find "$root/$pre/share/tabula/variants" -name '*.txtpb' | wc -l)
[[ $n -ge 5 ]] || fail "only $n variant files installed"
# The installed profiles pass the daemon's own check.
for p in "$root/$pre"/share/tabula/profiles/*.textproto; do
  "$root/$pre/bin/tabula-boardd" --check-profile "$p" >/dev/null || fail "profile $p is refused"
done

# The kiosk launcher, with a stub kiosk that prints its arguments.
stub=$root/stub-kiosk
printf '#!/bin/sh\necho "$@"\n' >"$stub"
chmod +x "$stub"
state=$root/state
session() {
  TABULA_KIOSK=$stub TABULA_STATE=$state TABULA_PROFILE=$1 TABULA_VARIANT=chess \
    TABULA_KIOSK_ARGS="--pin 4711" sh "$root/$pre/libexec/tabula/kiosk-session" 2>/dev/null
}
setup="--setup $state --profiles $prefix/share/tabula/profiles --set-aside chess"
got=$(session /nonexistent)
[[ "$got" == "--fullscreen --journal $state/current.db $setup --pin 4711" ]] ||
  fail "first boot (the setup screen), virtual board: got '$got'"
touch "$state/current.db"
got=$(session /nonexistent)
[[ "$got" == "--fullscreen --journal $state/current.db $setup --pin 4711" ]] ||
  fail "resume: got '$got'"
profile=$root/board.textproto
touch "$profile"
got=$(session "$profile")
[[ "$got" == "--fullscreen --journal $state/current.db $setup --board /run/tabula/board.sock --pin 4711" ]] ||
  fail "resume with the administrator's board: got '$got'"
# The profile the kiosk's setup saved in the state directory.
touch "$state/board.textproto"
got=$(session /nonexistent)
[[ "$got" == "--fullscreen --journal $state/current.db $setup --board /run/tabula/board.sock --pin 4711" ]] ||
  fail "resume with the setup's board: got '$got'"

# The screen turned inside cage with wlr-randr (a stub that prints its arguments).
mkdir -p "$root/bin"
printf '#!/bin/sh\necho "wlr-randr $*" >&2\n' >"$root/bin/wlr-randr"
chmod +x "$root/bin/wlr-randr"
got=$(PATH="$root/bin:$PATH" TABULA_ROTATE=90 TABULA_KIOSK=$stub TABULA_STATE=$state TABULA_PROFILE=/nonexistent \
  sh "$root/$pre/libexec/tabula/kiosk-session" 2>&1 >/dev/null | grep wlr-randr)
[[ "$got" == "wlr-randr --output DSI-1 --transform 90" ]] || fail "TABULA_ROTATE=90: got '$got'"
got=$(PATH=/usr/bin:/bin TABULA_ROTATE=90 TABULA_KIOSK=$stub TABULA_STATE=$state TABULA_PROFILE=/nonexistent \
  sh "$root/$pre/libexec/tabula/kiosk-session" 2>&1 >/dev/null | grep TABULA_ROTATE || true)
if command -v wlr-randr >/dev/null 2>&1; then got="(wlr-randr is installed here)"; fi
[[ "$got" == *"needs wlr-randr (sudo apt install wlr-randr)"* || "$got" == "(wlr-randr is installed here)" ]] ||
  fail "TABULA_ROTATE without wlr-randr: got '$got'"

# The daemon launcher, with a stub daemon: /etc's profile wins, else the setup's.
boardd() {
  TABULA_BOARDD=$stub TABULA_STATE=$state TABULA_PROFILE=$1 sh "$root/$pre/libexec/tabula/boardd-session" "${@:2}"
}
got=$(boardd "$profile")
[[ "$got" == "--profile $profile --socket /run/tabula/board.sock" ]] || fail "boardd on /etc's profile: got '$got'"
got=$(boardd /nonexistent)
[[ "$got" == "--profile $state/board.textproto --socket /run/tabula/board.sock" ]] ||
  fail "boardd on the setup's profile: got '$got'"
got=$(TABULA_BOARDD_ARGS="--backend serial --serial-device /dev/ttyACM0" boardd "$profile")
[[ "$got" == "--profile $profile --socket /run/tabula/board.sock --backend serial --serial-device /dev/ttyACM0" ]] ||
  fail "boardd with a serial board's options: got '$got'"
got=$(boardd /nonexistent --check)
[[ "$got" == "--check-profile $state/board.textproto" ]] || fail "boardd --check: got '$got'"
echo "install_test: ok ($n variant files)"

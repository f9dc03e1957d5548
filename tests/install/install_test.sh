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
DESTDIR="$root" cmake --install "$build" >/dev/null || fail "cmake --install failed"
# The configured prefix: /usr/local by default, /usr for the .deb.
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
pre=${prefix#/}

for f in bin/tabula bin/tabula-boardd bin/tabula-boardcat \
  libexec/tabula/kiosk-session share/tabula/kiosk.env \
  lib/systemd/system/tabula-boardd.service lib/systemd/system/tabula-kiosk.service \
  lib/udev/rules.d/60-tabula-gpio.rules lib/sysusers.d/tabula.conf \
  share/tabula/variants/chesscom-ffa.txtpb share/tabula/profiles/cross-14-decoder.textproto \
  share/tabula/mosquitto/mosquitto.conf share/doc/tabula/INSTALL.md; do
  [[ -e "$root/$pre/$f" ]] || fail "missing $prefix/$f"
done
[[ -x "$root/$pre/libexec/tabula/kiosk-session" ]] || fail "kiosk-session is not executable"
unit=$root/$pre/lib/systemd/system
grep -qx "ExecStart=/usr/bin/cage -s -- $prefix/libexec/tabula/kiosk-session" "$unit/tabula-kiosk.service" ||
  fail "tabula-kiosk.service does not start $prefix/libexec/tabula/kiosk-session in cage"
grep -qx 'StateDirectory=tabula' "$unit/tabula-kiosk.service" || fail "no StateDirectory"
grep -qx 'Restart=always' "$unit/tabula-kiosk.service" || fail "the kiosk is not restarted"
grep -q "^ExecStart=$prefix/bin/tabula-boardd --profile /etc/tabula/board.textproto " \
  "$unit/tabula-boardd.service" || fail "tabula-boardd.service does not start $prefix/bin/tabula-boardd"
if grep -q '@[A-Z_]*@' "$unit"/*.service "$root/$pre/libexec/tabula/kiosk-session"; then
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
got=$(session /nonexistent)
[[ "$got" == "--fullscreen --journal $state/current.db --variant chess --pin 4711" ]] ||
  fail "new game, virtual board: got '$got'"
touch "$state/current.db"
got=$(session /nonexistent)
[[ "$got" == "--fullscreen --journal $state/current.db --pin 4711" ]] ||
  fail "resume: got '$got'"
profile=$root/board.textproto
touch "$profile"
got=$(session "$profile")
[[ "$got" == "--fullscreen --journal $state/current.db --board /run/tabula/board.sock --pin 4711" ]] ||
  fail "resume with a board: got '$got'"
echo "install_test: ok ($n variant files)"

#!/usr/bin/env bash
# Runs inside the installed system booted by scripts/chroot_install_test.sh
# (systemd-nspawn), as a oneshot unit after multi-user.target: what a club's
# Raspberry Pi does at power-on, checked. It
#   - shows the units with `systemctl cat` (the running systemd's view);
#   - checks tabula-boardd.service was skipped by its condition, there being
#     no board profile (the kiosk then shows the virtual board);
#   - checks tabula-kiosk.service came up at boot in cage (on Wayland; on
#     Debian 12, RELEASE=bookworm, on X11) on the journaled game of eight moves, then
#     kills the kiosk with SIGKILL and checks systemd restarted it on the same
#     game;
# then writes "BOOT-CHECK PASSED" (or what failed) to /root/boot-check.log
# and powers the container off. Not meant to be run by hand.
set -uo pipefail
exec >/root/boot-check.log 2>&1
release=${RELEASE:-trixie}

finish() {
  systemctl poweroff --no-block
  exit "$1"
}
fail() {
  echo "BOOT-CHECK FAILED: $*"
  systemctl --no-pager status tabula-kiosk.service tabula-boardd.service
  journalctl -b --no-pager -o short-monotonic -u tabula-kiosk.service | tail -n 60
  finish 1
}
# How many times the kiosk's journal says $1 this boot.
kiosk_says() { journalctl -b --no-pager -o cat -u tabula-kiosk.service | grep -c -- "$1"; }
# Waits up to $2 seconds until the kiosk has said $1 at least $3 times.
wait_kiosk() {
  local i
  for ((i = 0; i < $2; i++)); do
    (($(kiosk_says "$1") >= $3)) && return 0
    sleep 1
  done
  return 1
}

echo "== systemctl cat"
systemctl cat tabula-boardd.service tabula-boardd.path tabula-kiosk.service || fail "systemctl cat"
echo "== systemctl is-enabled"
systemctl is-enabled tabula-boardd.service tabula-boardd.path tabula-kiosk.service || fail "a unit is not enabled"

echo "== tabula-boardd.service without a board profile"
systemctl --no-pager status tabula-boardd.service | sed -n '1,8p'
[[ $(systemctl show -P ConditionResult tabula-boardd.service) == no ]] ||
  fail "tabula-boardd.service was not skipped by its condition (no profile is installed)"
[[ $(systemctl show -P ActiveState tabula-boardd.path) == active ]] || fail "tabula-boardd.path is not active"

# GLFW 3.4 (Debian 13) talks Wayland to cage; Debian 12's GLFW 3.3 talks X11,
# through the Xwayland cage starts (the package recommends xwayland there).
platform=Wayland
[[ $release == bookworm ]] && platform=X11

echo "== tabula-kiosk.service at boot"
resumed="resumed /var/lib/tabula/current.db (8 moves)"
wait_kiosk "$resumed" 180 1 || fail "the kiosk did not come up on the journaled game within 180 s"
systemctl --no-pager status tabula-kiosk.service | sed -n '1,12p'
journalctl -b --no-pager -o cat -u tabula-kiosk.service | grep -E "^(kiosk-session|tabula-kiosk): "
kiosk_says "^tabula-kiosk: GL: .* on $platform\$" >/dev/null || fail "the kiosk did not report a GL context on $platform"
[[ $(systemctl show -P NRestarts tabula-kiosk.service) == 0 ]] || fail "the kiosk was restarted before it came up"

echo "== SIGKILL to the kiosk"
pid=$(pgrep -u tabula -x tabula-kiosk) || fail "no tabula-kiosk process of user tabula"
kill -KILL "$pid"
wait_kiosk "$resumed" 60 2 || fail "the kiosk did not come back on the journaled game within 60 s of SIGKILL"
restarts=$(systemctl show -P NRestarts tabula-kiosk.service)
[[ $restarts -ge 1 ]] || fail "systemd counts no restart of the kiosk"
[[ $(pgrep -u tabula -x tabula-kiosk) != "$pid" ]] || fail "the same kiosk process is still there"
echo "killed kiosk $pid; systemd restarted the unit ($restarts restart), the kiosk is $(pgrep -u tabula -x tabula-kiosk)"
journalctl -b --no-pager -o cat -u tabula-kiosk.service | grep -E "^(kiosk-session|tabula-kiosk): " | tail -n 3
echo "BOOT-CHECK PASSED"
finish 0

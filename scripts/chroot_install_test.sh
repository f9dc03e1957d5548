#!/usr/bin/env bash
# Proves the Debian package installs on a clean Debian: copies a pristine
# minbase chroot (debootstrapped once into $TABULA_CHROOTS/RELEASE-clean),
# installs the .deb there with apt (which fetches its dependencies), then
# shows the units (systemctl cat), verifies them (systemd-analyze verify) and
# runs the installed programs on the installed data.
#
# Usage (as root): scripts/chroot_install_test.sh RELEASE DEB
#   e.g. scripts/chroot_install_test.sh trixie build/package/tabula_0.1.0_amd64.deb
# The .deb comes from scripts/package.sh built on the same release (in the
# chroot of scripts/chroot_test.sh). Environment: TABULA_CHROOTS (default
# /work/chroots), TABULA_MIRROR (default http://deb.debian.org/debian).
set -euo pipefail
[[ $# -eq 2 ]] || {
  sed -n '8,12p' "$0" >&2
  exit 2
}
release=$1
deb=$(realpath "$2")
[[ -r "$deb" ]] || {
  echo "chroot_install_test: no package at $2" >&2
  exit 1
}
[[ $(id -u) -eq 0 ]] || {
  echo "chroot_install_test: needs root" >&2
  exit 1
}
chroots=${TABULA_CHROOTS:-/work/chroots}
mirror=${TABULA_MIRROR:-http://deb.debian.org/debian}
pristine=$chroots/$release-clean
root=$chroots/$release-install
started=$(date +%s)
step() { echo "chroot_install_test: [$(($(date +%s) - started)) s] $*"; }

if [[ ! -x "$pristine/usr/bin/apt-get" ]]; then
  step "debootstrap $release into $pristine"
  debootstrap --variant=minbase "$release" "$pristine" "$mirror" >"$pristine.log" 2>&1
fi
step "copying the clean chroot to $root"
rm -rf "$root"
cp -a "$pristine" "$root"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || umount -l "$root/proc"' EXIT
cp "$deb" "$root/tmp/"
run() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "$1"
}

step "apt install $(basename "$deb")"
run "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  /tmp/$(basename "$deb") >/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }"
step "the installed units"
# systemctl cat wants a running systemd (PID 1); in a plain chroot the
# installed files are shown instead, with the package's list of them.
run 'systemctl cat tabula-boardd.service tabula-kiosk.service 2>/dev/null || {
  echo "(no systemd running in the chroot: the units as dpkg installed them)"
  dpkg -L tabula | grep -E "systemd|udev|sysusers|libexec"
  for u in /usr/lib/systemd/system/tabula-boardd.service /usr/lib/systemd/system/tabula-kiosk.service; do
    echo "# $u"; cat "$u"
  done; }'
run 'systemd-analyze verify --man=no /usr/lib/systemd/system/tabula-boardd.service \
  /usr/lib/systemd/system/tabula-kiosk.service && echo "systemd-analyze verify: no complaints"'
run 'systemctl --root=/ is-enabled tabula-boardd.service tabula-kiosk.service'
step "the user, the udev rule, the programs on the installed data"
run 'id tabula && ls /usr/lib/udev/rules.d/60-tabula-gpio.rules'
run 'tabula variants | head -n 3 && tabula perft --variant chess --depth 3 | tail -n 1'
run 'for p in /usr/share/tabula/profiles/*.textproto; do tabula-boardd --check-profile "$p"; done'
run 'tabula-kiosk --help >/dev/null && echo "tabula-kiosk: runs"'
run 'dpkg -s tabula | grep -E "^(Version|Architecture|Depends|Recommends):"'
step "passed: $(basename "$deb") on $release"

#!/usr/bin/env bash
# An owner's life with the package, in a scratch root: install a package, play
# (a journal and a Mesa cache appear), install a newer build over it, remove,
# purge; after each step, what docs/INSTALL.md says must be there is there and
# nothing else. Issue 29 items 2, 3 and 5.
#
# Usage (as root): scripts/package_lifecycle_test.sh OLDER.deb NEWER.deb
#
# The scratch root is this machine's own root seen through an overlay (the
# writes go to a temporary upper layer, thrown away at the end; the machine is
# not touched), in a private mount namespace, so the package's dependencies are
# those installed here and nothing is downloaded. No systemd runs there, as in
# a chroot: the maintainer scripts take their offline paths
# (deb-systemd-helper, systemd-sysusers); scripts/chroot_install_test.sh boots
# the package on a clean Debian instead.
set -euo pipefail
[[ $# -eq 2 ]] || {
  sed -n '7p' "$0" >&2
  exit 2
}
[[ $(id -u) -eq 0 ]] || {
  echo "package_lifecycle_test: needs root (an overlay mount and a chroot)" >&2
  exit 1
}
older=$(realpath "$1")
newer=$(realpath "$2")
v1=$(dpkg-deb -f "$older" Version)
v2=$(dpkg-deb -f "$newer" Version)
dpkg --compare-versions "$v2" gt "$v1" || {
  echo "package_lifecycle_test: $v2 is not newer than $v1" >&2
  exit 1
}
# Fixed modes, whatever the builder's umask: nothing group- or world-writable.
for deb in "$older" "$newer"; do
  writable=$(dpkg-deb -c "$deb" | awk '$1 !~ /^l/ && (substr($1,6,1) == "w" || substr($1,9,1) == "w")')
  [[ -z "$writable" ]] || {
    echo "package_lifecycle_test: $deb has writable modes:" >&2
    echo "$writable" >&2
    exit 1
  }
done
echo "package_lifecycle_test: modes: no group- or world-writable file or directory in either package"

scratch=$(mktemp -d /run/tabula-lifecycle.XXXXXX)  # tmpfs: not below the lower layer
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{upper,work,root}
cp "$older" "$scratch/upper/older.deb"
cp "$newer" "$scratch/upper/newer.deb"

unshare --mount --propagation private bash -s "$scratch" "$v1" "$v2" <<'INNER'
set -euo pipefail
scratch=$1 v1=$2 v2=$3
root=$scratch/root
mount -t overlay overlay -o "lowerdir=/,upperdir=$scratch/upper,workdir=$scratch/work" "$root"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/run"
mount -t tmpfs tmpfs "$root/tmp"
mount --rbind /dev "$root/dev"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 /bin/sh -c "$1"; }
fail() {
  echo "package_lifecycle_test: FAIL: $*" >&2
  exit 1
}
step() { echo "package_lifecycle_test: $*"; }
links() { in_root 'find /etc/systemd/system -name "tabula*" -printf "%p -> %l\n" | sort'; }
dangling() { in_root 'find /etc/systemd/system -xtype l -name "tabula*"'; }
in_root 'getent passwd tabula' && fail "this machine already has a user tabula"

step "dpkg -i tabula $v1"
in_root 'dpkg -i /older.deb' >"$scratch/install1.log" 2>&1 || { cat "$scratch/install1.log"; fail "install"; }
[[ $(in_root "dpkg-query -W -f='\${Version}' tabula") == "$v1" ]] || fail "not $v1 after the install"
n=$(links | grep -c . || true)
[[ $n -eq 3 ]] || fail "$n unit links after the install, not 3: $(links)"
in_root 'getent passwd tabula' >/dev/null || fail "no user tabula"
step "  3 unit links; user tabula: $(in_root 'id tabula'); recorded: $(in_root 'tr "\n" "," </var/lib/tabula-package/created')"

# A game in progress, and the caches a kiosk leaves.
in_root 'mkdir -p /var/lib/tabula/.cache/mesa_shader_cache /var/cache/tabula/mesa_shader_cache_db &&
  echo journal >/var/lib/tabula/current.db && echo wal >/var/lib/tabula/current.db-wal &&
  echo shader >/var/lib/tabula/.cache/mesa_shader_cache/index &&
  echo shader >/var/cache/tabula/mesa_shader_cache_db/index && chown -R tabula: /var/lib/tabula /var/cache/tabula'

step "dpkg -i tabula $v2 over it"
in_root 'dpkg -i /newer.deb' >"$scratch/install2.log" 2>&1 || { cat "$scratch/install2.log"; fail "update"; }
grep -F "Preparing to unpack" "$scratch/install2.log" | sed 's/^/package_lifecycle_test:   /'
grep -qF "Unpacking tabula ($v2) over ($v1)" "$scratch/install2.log" || fail "dpkg did not unpack $v2 over $v1"
[[ $(in_root "dpkg-query -W -f='\${Version}' tabula") == "$v2" ]] || fail "not $v2 after the update"
[[ $(in_root 'cat /var/lib/tabula/current.db') == journal ]] || fail "the update touched the journal"
n=$(links | grep -c . || true)
[[ $n -eq 3 ]] || fail "$n unit links after the update, not 3"
step "  $v2 installed, the journal as it was, 3 unit links"

step "dpkg -r tabula"
in_root 'dpkg -r tabula' >"$scratch/remove.log" 2>&1 || { cat "$scratch/remove.log"; fail "remove"; }
[[ -z "$(links)" ]] || fail "unit links left after remove: $(links)"
in_root 'test ! -e /usr/bin/tabula-kiosk' || fail "the kiosk is still installed"
in_root 'test -e /var/lib/tabula/current.db && test -e /var/lib/tabula/current.db-wal' || fail "remove lost the journal"
in_root 'getent passwd tabula' >/dev/null || fail "remove took the user (purge does)"
step "  no unit link (dangling: none), journal kept, user kept"

step "dpkg -P tabula"
in_root 'dpkg -P tabula' >"$scratch/purge.log" 2>&1 || { cat "$scratch/purge.log"; fail "purge"; }
sed 's/^/package_lifecycle_test:   | /' "$scratch/purge.log"
[[ -z "$(dangling)" && -z "$(links)" ]] || fail "unit links after purge"
in_root 'getent passwd tabula' && fail "purge left the user tabula"
for g in tabula gpio; do
  in_root "getent group $g" && fail "purge left the group $g, which the package created"
done
for g in dialout video render input audio; do
  in_root "getent group $g" >/dev/null || fail "purge removed the system's group $g"
done
in_root 'test ! -e /var/cache/tabula && test ! -e /var/lib/tabula/.cache' || fail "purge left the Mesa cache"
in_root 'test ! -e /var/lib/tabula-package' || fail "purge left /var/lib/tabula-package"
[[ $(in_root 'cat /var/lib/tabula/current.db') == journal ]] || fail "purge lost the journal"
in_root 'test -d /etc/tabula' || fail "purge removed /etc/tabula"
grep -q "the games are kept in /var/lib/tabula" "$scratch/purge.log" || fail "purge does not say where the games are"
left=$(in_root 'find /var/lib/tabula /etc/tabula' | tr '\n' ' ')
step "  user and groups gone (tabula, gpio), system groups kept, Mesa cache gone; left: $left"
step "ok"
INNER

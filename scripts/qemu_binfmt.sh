# Sourced by scripts/chroot_test.sh and scripts/chroot_install_test.sh: arm64
# programs run through qemu-user. qemu-aarch64 is registered with binfmt_misc
# with the F flag, so the interpreter is the host's and works inside a chroot
# that has no qemu of its own. Returns non-zero, having said why (prefixed by
# $1, the caller's name), when it cannot be done.
qemu_binfmt_arm64() {
  local who=$1 conf=/usr/lib/binfmt.d/qemu-aarch64.conf
  [[ -e /proc/sys/fs/binfmt_misc/register ]] ||
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  if [[ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]]; then
    [[ -r "$conf" ]] || {
      echo "$who: $conf is missing (apt-get install qemu-user-static)" >&2
      return 1
    }
    cat "$conf" >/proc/sys/fs/binfmt_misc/register
  fi
  grep -q '^flags:.*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 || {
    echo "$who: qemu-aarch64 is registered without the F flag; it cannot run in a chroot" >&2
    return 1
  }
}

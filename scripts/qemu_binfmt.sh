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

# The CPU qemu emulates (QEMU_CPU, "cortex-a72" or "max,pauth=off") must be
# one of qemu-aarch64's models: an unknown one fails every program of the
# chroot with qemu's one line, far from where it was given. Returns non-zero,
# naming the models, when $2's model is not one of them.
qemu_cpu_arm64_known() {
  local who=$1 cpu=$2 models
  command -v qemu-aarch64-static >/dev/null || return 0
  models=$(qemu-aarch64-static -cpu help | awk 'NR > 1 && NF == 1 { print $1 }')
  grep -qxF "${cpu%%,*}" <<<"$models" || {
    echo "$who: QEMU_CPU='$cpu': qemu-aarch64 has no CPU '${cpu%%,*}'; its CPUs: ${models//$'\n'/ }" >&2
    return 1
  }
}

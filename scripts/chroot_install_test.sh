#!/usr/bin/env bash
# Proves the Debian package installs on a clean Debian: copies a pristine
# minbase chroot (debootstrapped once into $TABULA_CHROOTS/RELEASE-clean),
# installs the .deb there with apt (which fetches its dependencies), then
# shows the units (systemctl cat, or offline in the chroot systemd-analyze
# cat-config), verifies them (systemd-analyze verify), runs the installed
# programs on the installed data, and (Debian 13) the kiosk session in cage.
#
# Usage (as root): scripts/chroot_install_test.sh RELEASE DEB [--resolve]
#   e.g. scripts/chroot_install_test.sh trixie /work/chroots/packages/trixie/tabula_<version>_amd64.deb
# The .deb comes from scripts/package.sh built on the same release (in the
# chroot of scripts/chroot_test.sh, which copies it to $TABULA_CHROOTS/packages).
# An arm64 package on an amd64 machine goes into an arm64 chroot
# (RELEASE-arm64-clean: debootstrap --foreign, its second stage and every
# program under qemu-aarch64, scripts/qemu_binfmt.sh), as the Pi 4's
# Cortex-A72 (QEMU_CPU, default cortex-a72; cortex-a76 is the Pi 5's), as in
# scripts/chroot_test.sh: qemu's default CPU, "max", has pointer
# authentication, whose signing Debian 13's arm64 libraries run at every call
# (2 to 8 times the CPU). Environment: TABULA_CHROOTS (default /work/chroots),
# TABULA_MIRROR (default http://deb.debian.org/debian), QEMU_CPU;
# RASPIOS=1 (the default for arm64; 0 elsewhere): the chroot is first made
#   what Raspberry Pi OS is before the package comes (its system groups gpio,
#   i2c, spi and a first user, pi, in them); the package must join that gpio
#   without recording it as its own, and the run ends with a purge: user
#   tabula gone, the system's gpio and the games kept.
# --resolve (a third argument): only whether apt can install the package and
#   its dependencies on the release, for the package's architecture: this
#   machine's apt, simulating (apt-get -s) on the clean chroot's dpkg status
#   with the release's index fetched into a scratch folder. No qemu, no
#   install, seconds (an arm64 install under qemu takes 15-25 min). Needs
#   the clean chroot, made by one run without it.
set -euo pipefail
[[ $# -eq 2 || ($# -eq 3 && $3 == --resolve) ]] || {
  sed -n '9,32p' "$0" >&2
  exit 2
}
resolve=0
[[ $# -eq 3 ]] && resolve=1
release=$1
case "$release" in bookworm | trixie) ;; *)
  echo "chroot_install_test: unknown release '$release': expected bookworm or trixie" >&2
  exit 2
  ;;
esac
[[ -r "$2" ]] || {
  echo "chroot_install_test: no package at $2" >&2
  exit 1
}
deb=$(realpath "$2")
arch=$(dpkg-deb -f "$deb" Architecture 2>/dev/null) || {
  echo "chroot_install_test: $2 is not a Debian package (dpkg-deb cannot read it)" >&2
  exit 1
}
[[ $(id -u) -eq 0 ]] || {
  echo "chroot_install_test: needs root" >&2
  exit 1
}
chroots=${TABULA_CHROOTS:-/work/chroots}
mirror=${TABULA_MIRROR:-http://deb.debian.org/debian}
qemu_cpu=${QEMU_CPU:-cortex-a72}
[[ "$qemu_cpu" =~ ^[a-z0-9][a-z0-9,=_-]*$ ]] || {
  echo "chroot_install_test: QEMU_CPU='$qemu_cpu': expected a qemu-aarch64 -cpu value (qemu-aarch64-static -cpu help)" >&2
  exit 2
}
# qemu-user reads QEMU_CPU from the environment of each program it starts
# (binfmt_misc passes the environment on), so every chroot command carries it;
# a program of this machine's architecture ignores it.
qemu_env=()
name=$release
raspios=${RASPIOS:-}
[[ -z $raspios ]] && { [[ $arch == arm64 ]] && raspios=1 || raspios=0; }
[[ $raspios == [01] ]] || {
  echo "chroot_install_test: RASPIOS='$raspios': expected 1 (as Raspberry Pi OS) or 0" >&2
  exit 2
}
if [[ $arch != "$(dpkg --print-architecture)" ]]; then
  [[ $arch == arm64 ]] || {
    echo "chroot_install_test: $2 is for $arch; only this machine's architecture and arm64 are known" >&2
    exit 1
  }
  source "$(dirname "$0")/qemu_binfmt.sh"
  qemu_binfmt_arm64 chroot_install_test || exit 1
  qemu_cpu_arm64_known chroot_install_test "$qemu_cpu" || exit 2
  name=$release-arm64
  qemu_env=(QEMU_CPU="$qemu_cpu")
  export QEMU_CPU=$qemu_cpu # for the chroot's first program (its env, debootstrap)
fi
pristine=$chroots/$name-clean
root=$chroots/$name-install
started=$(date +%s)
step() { echo "chroot_install_test: [$(($(date +%s) - started)) s] $*"; }
step "$(basename "$deb"): $(stat -c %s "$deb") bytes, version $(dpkg-deb -f "$deb" Version), $arch"

if ((resolve)); then
  [[ -r "$pristine/var/lib/dpkg/status" && ! -d "$pristine/debootstrap" ]] || {
    echo "chroot_install_test: --resolve reads the clean chroot $pristine, which is not there: run once without --resolve" >&2
    exit 1
  }
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/lists/partial" "$scratch/cache/archives/partial" "$scratch/parts"
  echo "deb $mirror $release main" >"$scratch/sources.list"
  cp "$deb" "$scratch/"
  apt_opts=(-o "APT::Architecture=$arch" -o "APT::Architectures::=$arch" -o Debug::NoLocking=1
    -o "Dir::Etc::sourcelist=$scratch/sources.list" -o "Dir::Etc::sourceparts=$scratch/parts"
    -o "Dir::Etc::preferences=$scratch/none" -o "Dir::Etc::preferencesparts=$scratch/parts"
    -o "Dir::Etc::trustedparts=$pristine/etc/apt/trusted.gpg.d" -o "Dir::State::Lists=$scratch/lists"
    -o "Dir::Cache=$scratch/cache" -o "Dir::State::status=$pristine/var/lib/dpkg/status")
  step "the $release $arch index ($mirror) into $scratch"
  apt-get "${apt_opts[@]}" -qq update >"$scratch/update.log" 2>&1 || {
    cat "$scratch/update.log"
    echo "chroot_install_test: apt-get update for $release $arch failed" >&2
    exit 1
  }
  step "apt-get -s install $(basename "$deb") on $name's clean chroot"
  if ! apt-get "${apt_opts[@]}" -s install "$scratch/$(basename "$deb")" >"$scratch/sim.log" 2>&1; then
    grep -vE "^(Inst|Conf) " "$scratch/sim.log" | tail -n 30
    echo "chroot_install_test: apt cannot install $(basename "$deb") on $release $arch" >&2
    exit 1
  fi
  grep -E "newly installed" "$scratch/sim.log"
  # What a board runs on: the compositor, GPIO, GL, the window library.
  grep -E "^Inst (cage|xwayland|libseat1|seatd|libpam-systemd|libgpiod[0-9]|gpiod|libglfw3|libgl1-mesa-dri|wlr-randr) " \
    "$scratch/sim.log" | sed "s/^Inst /  /" || true
  step "passed: apt resolves $(basename "$deb") on $release $arch ($(grep -c "^Inst " "$scratch/sim.log") packages)"
  exit 0
fi

if [[ ! -x "$pristine/usr/bin/apt-get" || -d "$pristine/debootstrap" ]]; then
  step "debootstrap $release $arch into $pristine"
  if [[ $name == "$release" ]]; then
    debootstrap --variant=minbase "$release" "$pristine" "$mirror" >"$pristine.log" 2>&1
  else
    [[ -d "$pristine/debootstrap" ]] ||
      debootstrap --foreign --arch="$arch" --variant=minbase "$release" "$pristine" "$mirror" >"$pristine.log" 2>&1
    chroot "$pristine" /debootstrap/debootstrap --second-stage >>"$pristine.log" 2>&1
  fi || {
    echo "chroot_install_test: debootstrap failed, see $pristine.log" >&2
    exit 1
  }
fi
step "copying the clean chroot to $root"
rm -rf "$root"
cp -a "$pristine" "$root"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# /proc, and /dev/shm as on a booted system (cage's buffers, for user tabula).
mount -t proc proc "$root/proc"
mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
trap 'for m in dev/shm proc; do umount "$root/$m" 2>/dev/null || umount -l "$root/$m" 2>/dev/null || true; done' EXIT
cp "$deb" "$root/tmp/"
run() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb "${qemu_env[@]}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "$1"
}
if ((${#qemu_env[@]})); then
  # What the emulated CPU offers the programs (glibc's AT_HWCAP): the A72 has
  # no pointer authentication (paca, pacg), qemu's "max" has.
  step "arm64 programs run under qemu-aarch64 -cpu $qemu_cpu (QEMU_CPU): $(run 'LD_SHOW_AUXV=1 /bin/true' | grep -m1 '^AT_HWCAP:' | tr -s ' ')"
fi

if ((raspios)); then
  # The system as Raspberry Pi OS has it before the
  # package comes. Its groups gpio, i2c and spi are the system's (its udev
  # rules give them the devices), and its first user is in them: the package
  # must join that gpio, not make its own, and a purge must leave it.
  step "as on Raspberry Pi OS: the system groups gpio, i2c, spi and a first user (pi) in them"
  run 'for g in gpio i2c spi; do getent group "$g" >/dev/null || groupadd --system "$g"; done
    getent passwd pi >/dev/null || useradd -m -G gpio,i2c,spi,video,dialout,audio pi'
fi
step "apt install $(basename "$deb")"
run "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  /tmp/$(basename "$deb") >/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
  echo \"apt set up \$(grep -c '^Setting up ' /tmp/apt.log) packages (the package and its dependencies)\""
step "the installed units"
# systemctl cat asks the running systemd (PID 1); a chroot has none, and
# systemd 252/257 refuse `cat` with --root and in a chroot. systemd-analyze
# cat-config reads the same files offline and prints them as systemctl cat
# does: each unit file, then its drop-ins, each headed by its path.
run 'units="tabula-boardd.service tabula-kiosk.service"
  if systemctl cat $units 2>/dev/null; then :; else
    echo "(no systemd running in the chroot: systemd-analyze cat-config, offline)"
    for u in $units; do systemd-analyze cat-config "systemd/system/$u" || exit 1; done
  fi
  dpkg -L tabula | grep -E "systemd|udev|sysusers|libexec"'
run 'systemd-analyze verify --man=no /usr/lib/systemd/system/tabula-boardd.service \
  /usr/lib/systemd/system/tabula-kiosk.service && echo "systemd-analyze verify: no complaints"'
run 'systemctl --root=/ is-enabled tabula-boardd.service tabula-kiosk.service'
# Autostart: the kiosk is wanted by multi-user.target, which the default
# target must reach (Raspberry Pi OS Lite boots to multi-user, the desktop
# image to graphical, which wants multi-user).
run 'd=$(systemctl --root=/ get-default)
  case "$d" in multi-user.target | graphical.target) ;; *)
    echo "the system boots to $d, which does not reach multi-user.target: the kiosk would not start"; exit 1 ;;
  esac
  [[ -L /etc/systemd/system/multi-user.target.wants/tabula-kiosk.service ]] || {
    echo "tabula-kiosk.service is not in multi-user.target.wants: it would not start at boot"; exit 1; }
  echo "the kiosk starts at boot: multi-user.target.wants/tabula-kiosk.service, default target $d"'
step "the user, the udev rule, the programs on the installed data"
run 'id tabula && ls /usr/lib/udev/rules.d/60-tabula-gpio.rules
  id -nG tabula | tr " " "\n" | grep -qx gpio || { echo "user tabula is not in group gpio: the board daemon cannot open the GPIO chip"; exit 1; }'
if ((raspios)); then
  run 'grep -x "group gpio" /var/lib/tabula-package/created && {
      echo "the package recorded the system group gpio as its own: a purge would remove it"; exit 1; }
    echo "user tabula joined the system group gpio ($(getent group gpio)), not recorded as the package'"'"'s"'
fi
# Every installed program says the version dpkg installed (arbiter/version).
run 'v=$(dpkg-query -W -f="\${Version}" tabula)
  for p in tabula tabula-boardd tabula-boardcat tabula-hub-web tabula-kiosk tabula-hub-screen; do
    got=$($p --version) || exit 1
    case "$got" in "$p $v" | "$p $v "*) ;; *) echo "$p --version says \"$got\", dpkg says $v"; exit 1;; esac
  done; echo "every program says $v"'
run 'tabula variants | head -n 3 && tabula perft --variant chess --depth 3 | tail -n 1'
run 'for p in /usr/share/tabula/profiles/*.textproto; do tabula-boardd --check-profile "$p"; done'
run 'tabula-kiosk --help >/dev/null && echo "tabula-kiosk: runs"'
# What the kiosk unit runs, in cage (a Recommends, installed by apt), as the
# unit's user tabula: wlroots' headless backend with its software renderer
# (no GPU, no seat in a chroot), the kiosk on Mesa's llvmpipe. Twice: a new
# game of the saved setup journaled in the state directory, then that game
# resumed. GLFW 3.4 (Debian 13) talks Wayland to cage; Debian 12's GLFW 3.3
# talks X11, through the Xwayland cage starts (the package recommends
# xwayland there). The kiosk's GL line must say which.
platform=Wayland
[[ $release == bookworm ]] && platform=X11
# The kiosk's environment without a GPU or a seat, here and in the boot's kiosk.env.
headless=(WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 LIBGL_ALWAYS_SOFTWARE=1)
step "the installed kiosk session in cage, headless, as user tabula (on $platform)"
run "platform=$platform headless='${headless[*]}'"'
  command -v cage >/dev/null || { echo "cage is not installed (the package recommends it)"; exit 1; }
    # What systemd and tmpfiles make on a booted system: the unit'"'"'s state
    # directory (StateDirectory=tabula, also the home of user tabula), a runtime
    # directory, and the X11 socket directory (for Xwayland).
    state=/var/lib/tabula xdg=/tmp/xdg
    rm -rf "$state" "$xdg"
    install -d -o tabula -g tabula -m 0750 "$state"
    install -d -o tabula -g tabula -m 0700 "$xdg"
    install -d -m 1777 /tmp/.X11-unix
    # A saved first-boot setup (docs/INSTALL.md step 5): without it the kiosk
    # shows the setup screen and journals nothing.
    printf "variant: \"chesscom-ffa\"\n" >"$state/setup.textproto"
    chown tabula:tabula "$state/setup.textproto"
    for round in new resumed; do
      # shellcheck disable=SC2086  # $headless is a list of NAME=VALUE words
      runuser -u tabula -- env XDG_RUNTIME_DIR="$xdg" $headless TABULA_STATE="$state" \
        TABULA_KIOSK_ARGS="--screenshot /tmp/kiosk-$round.png --frames 3" \
        timeout 300 cage -s -- /usr/libexec/tabula/kiosk-session >/tmp/cage.log 2>&1 || {
        echo "cage -- kiosk-session failed ($round game):"; cat /tmp/cage.log; exit 1; }
      grep -E "^(kiosk-session|tabula-kiosk): " /tmp/cage.log | sed "s/^/  $round: /"
      grep -q "^tabula-kiosk: GL: .* on $platform\$" /tmp/cage.log || {
        echo "the kiosk did not report a GL context on $platform:"; cat /tmp/cage.log; exit 1; }
      [[ -s /tmp/kiosk-$round.png ]] || { echo "no picture from the $round game"; cat /tmp/cage.log; exit 1; }
    done
    grep -q "resuming the game" /tmp/cage.log || { echo "the second start did not resume the game"; exit 1; }
    ls -l /tmp/kiosk-*.png "$state"'
run 'dpkg -s tabula | grep -E "^(Version|Architecture|Depends|Recommends):"'

# The installed system booted: systemd as PID 1 of a container
# (systemd-nspawn, Debian package systemd-container) on the chroot. A pseudo
# terminal stands in for tty1 (the kiosk unit's TTYPath, and its condition);
# /etc/tabula/kiosk.env selects wlroots' headless backend, there being no GPU.
# Booted twice; each time scripts/boot_check.sh (run by a unit of the test,
# after multi-user.target) checks, then powers the container off. First with
# no board profile: the units shown by `systemctl cat`, the board daemon
# skipped, the kiosk up at boot on a journaled game of eight moves (on
# Wayland; Debian 12: on X11, through Xwayland) and back on it after
# SIGKILL. Then with a profile, the board daemon on its simulated grid
# replaying hands that play two rounds: the kiosk journals them from the
# board, and comes back on them after SIGKILL. Not for a foreign
# architecture: systemd as PID 1 under qemu-user is not a boot.
if [[ $name != "$release" ]]; then
  step "boot: not run for $arch (systemd under qemu-user is not a boot)"
elif ! command -v systemd-nspawn >/dev/null || ! command -v python3 >/dev/null; then
  echo "chroot_install_test: the boot needs systemd-nspawn and python3 (apt-get install systemd-container python3)" >&2
  exit 1
else
  install -m 0755 "$(dirname "$0")/boot_check.sh" "$root/usr/local/sbin/tabula-boot-check"
  ln -sf /etc/systemd/system/tabula-boot-check.service "$root/etc/systemd/system/multi-user.target.wants/"
  mkdir -p "$root/etc/tabula" "$root/usr/local/share/tabula-test"
  printf '%s\n' TABULA_VARIANT=chesscom-ffa "${headless[@]}" >"$root/etc/tabula/kiosk.env"
  # Two rounds of four-player chess, as sensor traces of hands on the board
  # (tabula trace): one played at once into the kiosk's journal by the
  # installed programs (as user tabula, its owner), a game in progress for
  # the first boot; one for the board daemon's simulated grid in the second,
  # its first move 30 s in (the kiosk is connected by then).
  printf '[Variant "FFA"]\n[StartFen4 "4PC"]\n\n1. k2-k4 .. b9-c9 .. d13-d11 .. m8-l8\n2. f2-f4 .. b7-c7 .. i13-i12 .. m11-k11\n' \
    >"$root/tmp/opening.pgn4"
  run 'set -e; state=/var/lib/tabula; rm -f "$state"/current.db*
    install -d -o tabula -g tabula -m 0750 "$state"
    printf "variant: \"chesscom-ffa\"\n" >"$state/setup.textproto"
    tabula trace --variant chesscom-ffa /tmp/opening.pgn4 --seed 1 >/tmp/opening.trace
    tabula trace --variant chesscom-ffa /tmp/opening.pgn4 --seed 2 --first-move-ms 30000 \
      >/usr/local/share/tabula-test/board.trace
    chown -R tabula:tabula "$state"
    runuser -u tabula -- tabula play --variant chesscom-ffa --journal "$state/current.db" --trace /tmp/opening.trace >/dev/null
    tabula archive list --journal "$state/current.db" | grep -x "moves 8"'
  # The board daemon's simulated grid, for the second boot: the unit's own
  # boardd-session runs it (TABULA_BOARDD) on the installed profile.
  printf '#!/bin/sh\ncase "${1:-}" in --check-profile) exec /usr/bin/tabula-boardd "$@" ;; esac\nexec /usr/bin/tabula-boardd --backend sim --trace /usr/local/share/tabula-test/board.trace --hold "$@"\n' \
    >"$root/usr/local/bin/tabula-boardd-sim"
  chmod 0755 "$root/usr/local/bin/tabula-boardd-sim"
  # nspawn mounts its own /proc and /dev.
  for m in dev/shm proc; do umount "$root/$m" 2>/dev/null || umount -l "$root/$m" 2>/dev/null || true; done
  trap - EXIT
  pty_out=$(mktemp)
  python3 -c 'import os, sys, select
m, s = os.openpty()
print(os.ttyname(s), flush=True)
while True:
    if select.select([m], [], [], 1.0)[0]:
        try: os.read(m, 4096)
        except OSError: pass' >"$pty_out" &
  pty_pid=$!
  trap 'kill "$pty_pid" 2>/dev/null; rm -f "$pty_out"' EXIT
  for ((i = 0; i < 100; i++)); do [[ -s $pty_out ]] && break; sleep 0.1; done
  pty=$(cat "$pty_out")
  [[ -c $pty ]] || {
    echo "chroot_install_test: no pseudo terminal for tty1 (python3 printed '$pty')" >&2
    exit 1
  }
  boot() {
    printf '[Unit]\nDescription=Tabula boot check (scripts/chroot_install_test.sh)\nAfter=multi-user.target\n[Service]\nType=oneshot\nEnvironment=RELEASE=%s PHASE=%s\nExecStart=/usr/local/sbin/tabula-boot-check\n[Install]\nWantedBy=multi-user.target\n' \
      "$release" "$1" >"$root/etc/systemd/system/tabula-boot-check.service"
    rm -f "$root/root/boot-check.log"
    # systemd 257 needs the unified cgroup hierarchy; on a hybrid host nspawn
    # gives the container one when asked.
    SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 timeout 600 systemd-nspawn -D "$root" --register=no --keep-unit \
      -b --console=read-only --bind="$pty:/dev/tty1" >"$root.boot-$1.log" 2>&1 || true
    if [[ -r $root/root/boot-check.log ]]; then cat "$root/root/boot-check.log"; fi
    grep -qx "BOOT-CHECK PASSED" "$root/root/boot-check.log" 2>/dev/null || {
      echo "chroot_install_test: the boot check ($1) did not pass; the container's console: $root.boot-$1.log" >&2
      exit 1
    }
  }
  step "boot 1 (systemd-nspawn), no board profile: the units, the kiosk at boot on the journaled game, after SIGKILL"
  boot virtual
  step "boot 2, a board profile, the board daemon's simulated grid: the kiosk journals two rounds played on it, after SIGKILL"
  rm -f "$root"/var/lib/tabula/current.db*
  cp "$root/usr/share/tabula/profiles/cross-14-decoder.textproto" "$root/etc/tabula/board.textproto"
  # The setup as the kiosk saves it when that board is chosen (a setup that
  # chose the virtual board keeps it: docs/INSTALL.md step 3).
  printf 'board_profile: "cross-14-decoder"\nvariant: "chesscom-ffa"\n' >"$root/var/lib/tabula/setup.textproto"
  mkdir -p "$root/etc/systemd/system/tabula-boardd.service.d"
  printf '[Service]\nEnvironment=TABULA_BOARDD=/usr/local/bin/tabula-boardd-sim\n' \
    >"$root/etc/systemd/system/tabula-boardd.service.d/sim.conf"
  boot board
fi
if ((raspios)); then
  # The purge (package_lifecycle_test.sh runs the whole life on this
  # machine's root): user tabula goes; Raspberry Pi OS's gpio and the games
  # stay. After the boots the chroot's /proc is nspawn's no more: mounted again.
  step "apt purge tabula"
  mountpoint -q "$root/proc" || {
    mount -t proc proc "$root/proc"
    trap 'umount "$root/proc" 2>/dev/null || umount -l "$root/proc" 2>/dev/null || true
      [[ -z ${pty_pid:-} ]] || kill "$pty_pid" 2>/dev/null; rm -f "${pty_out:-}"' EXIT
  }
  run 'apt-get purge -y -qq tabula >/tmp/purge.log 2>&1 || { cat /tmp/purge.log; exit 1; }
    getent group gpio >/dev/null || { echo "the purge removed the system group gpio"; exit 1; }
    if getent passwd tabula >/dev/null; then echo "the purge left the user tabula"; exit 1; fi
    [[ -s /var/lib/tabula/current.db ]] || { echo "the purge removed the games (/var/lib/tabula/current.db)"; exit 1; }
    echo "purged: the user tabula gone; gpio kept ($(getent group gpio)); the games kept ($(ls /var/lib/tabula | tr "\n" " "))"'
fi
step "passed: $(basename "$deb") on $release"

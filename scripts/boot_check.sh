#!/usr/bin/env bash
# Runs inside the installed system booted by scripts/chroot_install_test.sh
# (systemd-nspawn), as a oneshot unit after multi-user.target: what a club's
# Raspberry Pi does at power-on, checked. Two boots (PHASE):
#   virtual  no board profile. Shows the units with `systemctl cat` (the
#            running systemd's view); tabula-boardd.service must be skipped
#            by its condition; tabula-kiosk.service must come up at boot in
#            cage on the journaled game of eight moves the test left in
#            /var/lib/tabula, and come back on it after SIGKILL.
#   board    a board profile in /etc/tabula and no game yet: the test points
#            tabula-boardd.service at the daemon's simulated grid
#            (TABULA_BOARDD, a wrapper adding --backend sim --trace) whose
#            trace lays out four-player chess and, 20 s in, plays two
#            rounds by hand. The daemon must run as the unit has it
#            (hardening and all), the kiosk must read the board through
#            /run/tabula/board.sock and journal the eight moves, then after
#            SIGKILL come back on them with the board still in place.
# Both boots (session 23): nothing systemd said of tabula's units when it
# loaded them may be an unknown key, an ignored or invalid line; the kiosk
# (Nice=-3, CPUWeight=400) and the board daemon (Nice=-5, CPUWeight=400) as
# systemd read them, their processes at that nice value, the cgroup's
# cpu.weight where the container has the CPU controller.
# The kiosk's GL line must say Wayland (Debian 13's GLFW 3.4), or X11 on
# Debian 12 (RELEASE=bookworm: GLFW 3.3, through the Xwayland cage starts).
# Writes "BOOT-CHECK PASSED" (or what failed) to /root/boot-check.log and
# powers the container off. Not meant to be run by hand.
set -uo pipefail
exec >/root/boot-check.log 2>&1
release=${RELEASE:-trixie}
phase=${PHASE:-virtual}
journal=/var/lib/tabula/current.db

finish() {
  systemctl poweroff --no-block
  exit "$1"
}
fail() {
  echo "BOOT-CHECK FAILED ($phase): $*"
  systemctl --no-pager status tabula-kiosk.service tabula-boardd.service
  journalctl -b --no-pager -o short-monotonic -u tabula-kiosk.service -u tabula-boardd.service | tail -n 60
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
# The moves in the kiosk's journal, read as its owner (a reader as root could
# leave root-owned -wal/-shm files the kiosk cannot open).
journal_moves() {
  runuser -u tabula -- tabula archive list --journal "$journal" 2>/dev/null | sed -n 's/^moves //p'
}
# The kiosk's process (of user tabula), from /proc: Debian 12's minbase has no pgrep.
kiosk_pid() {
  local d
  for d in /proc/[0-9]*; do
    [[ $(cat "$d/comm" 2>/dev/null) == tabula-kiosk && $(stat -c %U "$d" 2>/dev/null) == tabula ]] && echo "${d#/proc/}"
  done
}
kiosk_lines() { journalctl -b --no-pager -o cat -u tabula-kiosk.service | grep -E "^(kiosk-session|tabula-kiosk): "; }
# The nice value of process $1 (/proc/PID/stat's 19th field; the name in
# parentheses may hold spaces).
nice_of() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f17; }
# A process of user tabula named $1 (comm), from /proc.
tabula_pid() {
  local d
  for d in /proc/[0-9]*; do
    [[ $(cat "$d/comm" 2>/dev/null) == "$1" && $(stat -c %U "$d" 2>/dev/null) == tabula ]] && { echo "${d#/proc/}"; return; }
  done
}
# Session 22's unit lines (Nice=, CPUWeight=) as the running systemd read
# them and applied them to the unit's process $4 (a program's name): Nice
# as the process's nice value; CPUWeight in the unit's cgroup where this
# container has the CPU controller (else said).
unit_priority() {
  local unit=$1 nice=$2 weight=$3 pid got cg
  got="$(systemctl show -P Nice "$unit") $(systemctl show -P CPUWeight "$unit")"
  echo "$unit: Nice, CPUWeight as systemd read them: $got"
  [[ $got == "$nice $weight" ]] || fail "$unit: systemd read Nice, CPUWeight as '$got', not '$nice $weight'"
  [[ -n ${4:-} ]] || return 0
  pid=$(tabula_pid "$4")
  [[ -n $pid ]] || fail "$unit: no $4 process of user tabula"
  echo "$unit: $4 ($pid) runs at nice $(nice_of "$pid")"
  [[ $(nice_of "$pid") == "$nice" ]] || fail "$unit: $4 runs at nice $(nice_of "$pid"), not $nice"
  cg=/sys/fs/cgroup$(systemctl show -P ControlGroup "$unit")
  if [[ -r $cg/cpu.weight ]]; then
    echo "$unit: cgroup cpu.weight $(cat "$cg/cpu.weight")"
    [[ $(cat "$cg/cpu.weight") == "$weight" ]] || fail "$unit: cgroup cpu.weight $(cat "$cg/cpu.weight"), not $weight"
  else
    echo "$unit: no cpu controller in this container's cgroup ($cg has no cpu.weight): CPUWeight not applied here"
  fi
}

platform=Wayland
[[ $release == bookworm ]] && platform=X11

# What systemd said of the units when it loaded them: a key it does not know
# (a line of a newer systemd, a typo) is ignored with a warning, not refused.
echo "== what systemd said of the units"
said=$(journalctl -b --no-pager -o cat _PID=1 | grep -E "tabula[^ :]*(:[0-9]+)?: " | grep -iE "unknown|ignoring|invalid|failed to parse")
[[ -z $said ]] || fail "systemd complained of a unit: $said"
echo "no unknown key, nothing ignored or invalid in tabula's units"

if [[ $phase == virtual ]]; then
  echo "== systemctl cat"
  systemctl cat tabula-boardd.service tabula-boardd.path tabula-kiosk.service || fail "systemctl cat"
  echo "== systemctl is-enabled"
  systemctl is-enabled tabula-boardd.service tabula-boardd.path tabula-kiosk.service || fail "a unit is not enabled"
  echo "== tabula-boardd.service without a board profile"
  systemctl --no-pager status tabula-boardd.service | sed -n '1,8p'
  [[ $(systemctl show -P ConditionResult tabula-boardd.service) == no ]] ||
    fail "tabula-boardd.service was not skipped by its condition (no profile is installed)"
  [[ $(systemctl show -P ActiveState tabula-boardd.path) == active ]] || fail "tabula-boardd.path is not active"
  up="resumed $journal (8 moves)"
else
  echo "== tabula-boardd.service on /etc/tabula/board.textproto (the simulated grid)"
  for ((i = 0; i < 60; i++)); do
    [[ $(systemctl show -P ActiveState tabula-boardd.service) == active && -S /run/tabula/board.sock ]] && break
    sleep 1
  done
  systemctl --no-pager status tabula-boardd.service | sed -n '1,12p'
  [[ -S /run/tabula/board.sock ]] || fail "tabula-boardd.service serves no /run/tabula/board.sock"
  [[ $(systemctl show -P User tabula-boardd.service) == tabula ]] || fail "the board daemon does not run as user tabula"
  up="journaling to $journal (0 moves)"
fi

echo "== tabula-kiosk.service at boot"
wait_kiosk "$up" 180 1 || fail "the kiosk did not come up within 180 s saying: $up"
systemctl --no-pager status tabula-kiosk.service | sed -n '1,12p'
kiosk_lines
kiosk_says "^tabula-kiosk: GL: .* on $platform\$" >/dev/null || fail "the kiosk did not report a GL context on $platform"
if [[ $phase == board ]]; then
  kiosk_says "^kiosk-session: no board profile" >/dev/null && fail "the kiosk runs on the virtual board"
  echo "== the game played on the board: two rounds"
  for ((i = 0; i < 120; i++)); do
    [[ $(journal_moves) == 8 ]] && break
    sleep 1
  done
  runuser -u tabula -- tabula archive list --journal "$journal" | grep -E "^(variant|moves|[0-9]+\. )"
  [[ $(journal_moves) == 8 ]] || fail "the kiosk journaled $(journal_moves) moves of the board's 8 within 120 s"
  up="resumed $journal (8 moves)"
  kiosk_says "$up" >/dev/null && fail "the new game was resumed"
fi
[[ $(systemctl show -P NRestarts tabula-kiosk.service) == 0 ]] || fail "the kiosk was restarted before the check"
echo "== the units' priority (session 22)"
unit_priority tabula-kiosk.service -3 400 tabula-kiosk
if [[ $phase == board ]]; then
  unit_priority tabula-boardd.service -5 400 tabula-boardd
else
  unit_priority tabula-boardd.service -5 400
fi

echo "== SIGKILL to the kiosk"
pid=$(kiosk_pid)
[[ -n $pid ]] || fail "no tabula-kiosk process of user tabula"
kill -KILL "$pid"
# Boot 1's kiosk said "$up" once already; boot 2's said "journaling to".
said=1
[[ $phase == virtual ]] && said=2
wait_kiosk "$up" 60 "$said" ||
  fail "the kiosk did not come back within 60 s of SIGKILL saying: $up"
restarts=$(systemctl show -P NRestarts tabula-kiosk.service)
[[ $restarts -ge 1 ]] || fail "systemd counts no restart of the kiosk"
[[ $(kiosk_pid) != "$pid" ]] || fail "the same kiosk process is still there"
echo "killed kiosk $pid; systemd restarted the unit ($restarts restart), the kiosk is $(kiosk_pid)"
kiosk_lines | tail -n 3
[[ $(journal_moves) == 8 ]] || fail "after the restart the journal holds $(journal_moves) moves, not 8"
echo "BOOT-CHECK PASSED"
finish 0

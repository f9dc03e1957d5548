#!/usr/bin/env bash
# The hub at scale (issue 11): a simulated event of BOARDS boards replaying
# recorded games (tests/session/data/famous.pgn, as realistic sensor traces)
# against a local Mosquitto, with a headless hub. Prints the move latency
# from a board's accepted move to the hub, and the CPU of the broker, the
# hub and the boards. Not part of scripts/test.sh.
#
# Usage: scripts/hub_scale.sh [BOARDS=50] [SPEED=20] [BUILD=build]
#   SPEED: how many times faster than the trace's own time (1 = real time:
#   a move every few seconds per board, as the generator's hands move).
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-50}
speed=${2:-20}
build=${3:-build}
sim="$build/bin/tabula-hub-sim"
[[ -x "$sim" ]] || { echo "hub_scale: build first ($sim is missing)" >&2; exit 1; }
[[ -x /usr/sbin/mosquitto ]] || { echo "hub_scale: mosquitto is not installed (scripts/setup.sh)" >&2; exit 1; }

work=$(mktemp -d /tmp/tabula-hub-scale.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -n "${broker:-}" ]] && kill "$broker" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

{
  echo "listener $port 127.0.0.1"
  echo "allow_anonymous true"
  echo "persistence false"
  [[ $(id -u) -eq 0 ]] && echo "user root"
} > "$work/mosquitto.conf"
/usr/sbin/mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 &
broker=$!
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.05; done

ticks=$(getconf CLK_TCK)
cpu_of() { awk -v t="$ticks" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat"; }

"$sim" hub --broker "127.0.0.1:$port" --event scale --boards "$boards" --seconds 900 \
  --record "$work/event.db" > "$work/hub.out" 2>&1 &
hub=$!
sleep 0.5
start=$(date +%s.%N)
for i in $(seq 1 "$boards"); do
  "$sim" board --broker "127.0.0.1:$port" --event scale --board "b$i" --journal "$work/b$i.db" \
    --pgn tests/session/data/famous.pgn --game "$i" --seed "$i" --speed "$speed" > "$work/b$i.out" 2>&1 &
  pids+=($!)
done
fail=0
for p in "${pids[@]}"; do wait "$p" || fail=$((fail + 1)); done
wait "$hub" || fail=$((fail + 1))
end=$(date +%s.%N)
broker_cpu=$(cpu_of "$broker")

echo "== hub_scale: $boards boards, speed x$speed, $(nproc) cores ($(uname -m)), $(date -u +%F)"
cat "$work/hub.out"
awk '/^board/ { moves += $3; items += $5; cpu += $(NF-1) } END { printf "boards: %d moves, %d items; cpu %.1f s in all (%.2f s per board)\n", moves, items, cpu, cpu / NR }' "$work"/b*.out
grep -h "NOT flushed" "$work"/b*.out || true
printf "broker: cpu %s s over %.1f s wall\n" "$broker_cpu" "$(echo "$end - $start" | bc)"
[[ $fail -eq 0 ]] || { echo "hub_scale: $fail processes failed" >&2; exit 1; }

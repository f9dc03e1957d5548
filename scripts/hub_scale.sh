#!/usr/bin/env bash
# The hub at scale, with faults (issues 11 and 19): a simulated event of
# BOARDS boards replaying recorded games (tests/session/data/famous.pgn, as
# realistic sensor traces) through a local Mosquitto (persistence true,
# autosave_interval 1) to a headless hub, while the broker is killed and the
# network is cut. Not part of scripts/test.sh.
#
# Usage: scripts/hub_scale.sh [BOARDS=50] [SPEED=4] [BUILD=build] [FAULTS=yes]
#   SPEED: how many times faster than the traces' own time (1 = real time).
#   FAULTS=yes, seconds after the boards start:
#     5   the broker is killed (kill -9, a power cut) and restarted 3 s later
#     12  the hub's link is cut (a TCP proxy drops it) until 20;
#     14  every board's link is cut until 18 (boards play on into their outboxes)
#     24  one board in ten is killed (kill -9) and started again 1 s later,
#         resuming from its journal
#     30  the broker is killed again, with items in flight, and restarted 2 s later
#   (with the default speed the games last some 40 s, so boards are still
#   playing at the last fault).
#
# Prints per run: boards, moves, items applied at the hub, gaps (items a
# board journaled that the hub lacks), duplicates (items the hub applied
# twice), boards whose journal and the hub's view differ (digest), the time
# from the last fault's end until the last item recorded before it reached
# the hub, and the CPU of the broker, the hub and the boards; then (issue
# 28) whether every board's retained state at the broker, as a hub that
# subscribes afterwards sees it, is the hub's final state of that board, and
# whether the tournament record holds every game the hub saw end. Exits 1
# when anything was lost, doubled or differs.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-50}
speed=${2:-4}
build=${3:-build}
faults=${4:-yes}
sim="$build/bin/tabula-hub-sim"
[[ -x "$sim" ]] || { echo "hub_scale: build first ($sim is missing)" >&2; exit 1; }
[[ -x /usr/sbin/mosquitto ]] || { echo "hub_scale: mosquitto is not installed (scripts/setup.sh)" >&2; exit 1; }

work=$(mktemp -d /tmp/tabula-hub-scale.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
declare -A pids=()
others=()
broker=""
cleanup() {
  for p in "${pids[@]}" "${others[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -n "$broker" ]] && kill "$broker" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

ticks=$(getconf CLK_TCK)
cpu_of() { awk -v t="$ticks" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat" 2>/dev/null || echo 0; }
now_ms() { date +%s%3N; }
load() { cut -d' ' -f1 /proc/loadavg; }

{
  echo "listener $port 127.0.0.1"
  echo "allow_anonymous true"
  echo "persistence true"
  echo "persistence_location $work/"
  echo "autosave_interval 1"
  echo "max_queued_messages 1000"
  [[ $(id -u) -eq 0 ]] && echo "user root"
} > "$work/mosquitto.conf"
broker_cpu=0
start_broker() {
  /usr/sbin/mosquitto -c "$work/mosquitto.conf" >> "$work/mosquitto.log" 2>&1 &
  broker=$!
  for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && return; sleep 0.05; done
  echo "hub_scale: mosquitto did not start" >&2
  exit 1
}
kill_broker() {
  broker_cpu=$(echo "$broker_cpu + $(cpu_of "$broker")" | bc)
  kill -9 "$broker"
  wait "$broker" 2>/dev/null || true
}
start_proxy() {  # name: a proxy to the broker; its port in proxy_port
  "$sim" proxy --to "$port" > "$work/$1.out" 2>&1 &
  others+=($!)
  eval "$1=$!"
  for _ in $(seq 100); do grep -q "^proxy:" "$work/$1.out" 2>/dev/null && break; sleep 0.05; done
  proxy_port=$(sed -n 's/^proxy: 127.0.0.1:\([0-9]*\) .*/\1/p' "$work/$1.out")
}

start_broker
start_proxy hub_proxy
hub_port=$proxy_port
start_proxy board_proxy
board_port=$proxy_port
load_before=$(load)

"$sim" hub --broker "127.0.0.1:$hub_port" --event scale --boards "$boards" --seconds 1800 \
  --record "$work/event.db" > "$work/hub.out" 2>&1 &
hub=$!
others+=("$hub")
sleep 1
start_board() {
  "$sim" board --broker "127.0.0.1:$board_port" --event scale --board "b$1" --journal "$work/b$1.db" \
    --pgn tests/session/data/famous.pgn --game "$1" --seed "$1" --speed "$speed" --wait-hubs 1 \
    --flush-seconds 600 >> "$work/b$1.out" 2>&1 &
  pids[$1]=$!
}
start=$(now_ms)
for i in $(seq 1 "$boards"); do start_board "$i"; done
at() { local s; s=$(echo "($start + $1 * 1000 - $(now_ms)) / 1000" | bc -l); (( $(echo "$s > 0" | bc) )) && sleep "$s"; true; }
fault_end=0
killed=0
if [[ $faults == yes ]]; then
  at 5; kill_broker; sleep 3; start_broker
  at 12; kill -USR1 "$hub_proxy"
  at 14; kill -USR1 "$board_proxy"
  at 18; kill -USR2 "$board_proxy"
  at 20; kill -USR2 "$hub_proxy"
  at 24
  for i in $(seq 1 10 "$boards"); do kill -9 "${pids[$i]}" 2>/dev/null || true; killed=$((killed + 1)); done
  sleep 1
  for i in $(seq 1 10 "$boards"); do wait "${pids[$i]}" 2>/dev/null || true; start_board "$i"; done
  at 30; kill_broker; sleep 2; start_broker
  fault_end=$(now_ms)
  kill -USR1 "$hub"
fi
fail=0
for i in "${!pids[@]}"; do wait "${pids[$i]}" || fail=$((fail + 1)); done
end=$(now_ms)
kill -TERM "$hub"
wait "$hub" || true
# Issue 28: what a screen that subscribes now sees. A late hub straight on
# the broker reads the retained states; each must be the board's final one.
"$sim" hub --broker "127.0.0.1:$port" --event scale --boards "$boards" --seconds 3 --client-id tabula-late \
  > "$work/late.out" 2>&1 || true
broker_cpu=$(echo "$broker_cpu + $(cpu_of "$broker")" | bc)
load_after=$(load)

# Per board: its journal (the last line of its last process) against the hub's view.
for i in $(seq 1 "$boards"); do
  b=$(grep "^board b$i: moves=" "$work/b$i.out" | tail -1 || true)
  h=$(grep "^hubboard b$i " "$work/hub.out" || true)
  echo "b$i ${b:-none} || ${h:-none}"
done > "$work/compare.txt"
read -r moves items_journal agree gaps dups_applied board_cpu slowest resends < <(awk '
  function v(line, key,   m) { if (match(line, key "=[0-9a-f.]+")) return substr(line, RSTART + length(key) + 1, RLENGTH - length(key) - 1); return "" }
  { split($0, parts, / \|\| /); b = parts[1]; h = parts[2]
    bs = v(b, "seq") + 0; hs = v(h, "seq") + 0; hi = v(h, "items") + 0
    moves += v(b, "moves"); items += bs; cpu += v(b, "cpu"); res += v(b, "resends")
    if (v(b, "slowest_ms") + 0 > slow) slow = v(b, "slowest_ms") + 0
    if (bs > hs) gaps += bs - hs
    if (hi > hs) dups += hi - hs
    if (v(b, "digest") != "" && v(b, "digest") == v(h, "digest") && bs == hs) ok++ }
  END { printf "%d %d %d %d %d %.1f %d %d\n", moves, items, ok, gaps, dups, cpu, slow, res }' "$work/compare.txt")
# Retained states (the late hub's view) against the hub's final states, and
# the tournament record against the games the hub saw end.
read -r retained_ok over_at_hub < <(for i in $(seq 1 "$boards"); do
    h=$(grep "^hubboard b$i " "$work/hub.out" || true)
    l=$(grep "^hubboard b$i " "$work/late.out" || true)
    echo "${h:-none} || ${l:-none}"
  done | awk '
  function v(line, key,   m) { if (match(line, key "=[0-9-]+")) return substr(line, RSTART + length(key) + 1, RLENGTH - length(key) - 1); return "" }
  { split($0, parts, / \|\| /); h = parts[1]; l = parts[2]
    if (v(h, "state_seq") != "" && v(h, "state_seq") == v(l, "state_seq") && v(h, "state_moves") == v(l, "state_moves") &&
        v(h, "over") == v(l, "over")) ok++
    over += v(h, "over") }
  END { printf "%d %d\n", ok, over }')
recorded=$(sed -n 's/^hub: recorded=\([0-9-]*\)$/\1/p' "$work/hub.out")
hubline=$(grep "^hub: complete=" "$work/hub.out" || echo "hub: none")
hv() { echo "$hubline" | sed -n "s/.* $1=\([0-9-]*\).*/\1/p"; }
applied=$(hv items)
converge=$(hv converge_ms)

echo "== hub_scale: $boards boards, speed x$speed, faults: $faults, $(nproc) cores ($(uname -m)), $(date -u '+%F %H:%M') UTC, load average $load_before -> $load_after"
if [[ $faults == yes ]]; then
  echo "faults: broker kill -9 twice (persistence true, autosave_interval 1), hub link cut 8 s, every board's link cut 4 s, $killed boards killed -9 and resumed from their journals"
fi
echo "boards: $boards, moves $moves, items journaled $items_journal, boards whose journal equals the hub's view item for item: $agree of $boards"
echo "hub: items applied $applied, gaps $gaps, duplicates applied $dups_applied (redeliveries dropped on arrival: $(hv dups_dropped)), skipped as never sent: $(hv missing), resend requests $(hv requests)"
if [[ $fault_end -gt 0 ]]; then
  echo "converge: $(echo "scale=1; $converge / 1000" | bc) s after the last fault's end (the broker's return) until the last item recorded before it reached the hub; boards done $(echo "scale=1; ($end - $fault_end) / 1000" | bc) s after it"
fi
grep "^hub: move latency" "$work/hub.out" || true
hub_cpu=$(sed -n 's/^hub: cpu \([0-9.]*\) s over \([0-9.]*\) s.*/\1 s over \2 s/p' "$work/hub.out")
echo "cpu: broker $broker_cpu s (every instance), hub $hub_cpu, boards $board_cpu s (last process of each); slowest table input ${slowest} ms; board go-backs $resends; wall $(echo "scale=1; ($end - $start) / 1000" | bc) s"
grep -h "NOT flushed" "$work"/b*.out || true
[[ $fail -eq 0 ]] || echo "hub_scale: $fail board processes failed" >&2
echo "retained: boards whose retained state at the broker is the hub's final one: $retained_ok of $boards; tournament record: ${recorded:-none} games, the hub saw $over_at_hub end"
[[ $fail -eq 0 && $gaps -eq 0 && $dups_applied -eq 0 && $agree -eq $boards && $retained_ok -eq $boards && "${recorded:-x}" == "$over_at_hub" ]] || { cp -r "$work" "$work.kept"; echo "hub_scale: kept $work.kept" >&2; exit 1; }

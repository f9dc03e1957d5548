#!/usr/bin/env bash
# The browser service under load (issue 34): N simulated boards play on a
# real Mosquitto; tabula-hub-web serves them to S spectator streams
# (scripts/web_load.py); a headless hub (tabula-hub-sim hub) measures the
# boards' own latency to a hub beside it. Prints the page latency (board
# publishes a state -> a spectator's stream has it), the hub's, the boards'
# slowest table input, and the service's CPU and memory. Loopback only.
#
#   scripts/web_bench.sh [BOARDS=50] [STREAMS=1000] [SECONDS=40] [BUILD=build]
#   WEB_RCVBUF=BYTES: each spectator's receive buffer (web_load.py's RCVBUF)
#   WEB_OPTIONS="--stream-pace-ms 0 --send-buffer 0": the service as before
#   its pacing (tabula-hub-web's options)
#   WEB_CLIENT=py: the spectators in one Python process (scripts/web_load.py,
#   sessions 9-11); by default scripts/web_load.cpp (one epoll thread, built
#   here into BUILD/web_load), a client that is not the bottleneck
#
# Run it twice, with STREAMS 1 and 1000, to see what the spectators cost.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-50}
streams=${2:-1000}
seconds=${3:-40}
build=${4:-build}
sim="$build/bin/tabula-hub-sim"
webbin="$build/bin/tabula-hub-web"
for b in "$sim" "$webbin"; do [[ -x "$b" ]] || { echo "web_bench: build first ($b is missing)" >&2; exit 1; }; done
ulimit -n 8192 2>/dev/null || true

work=$(mktemp -d /tmp/tabula-web-bench.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
webport=$(free_port)
{
  echo "listener $port 127.0.0.1"
  echo "allow_anonymous true"
  echo "max_queued_messages 1000"
  [[ $(id -u) -eq 0 ]] && echo "user root"
} > "$work/m.conf"
/usr/sbin/mosquitto -c "$work/m.conf" > "$work/m.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.05; done

"$webbin" --broker "127.0.0.1:$port" --event bench --port "$webport" --max-streams $((streams + 16)) --max-per-address 0 --max-streams-per-address 0 ${WEB_OPTIONS:-} > "$work/web.out" 2>&1 &
web=$!
pids+=("$web")
"$sim" hub --broker "127.0.0.1:$port" --event bench --boards "$boards" --seconds $((seconds + 30)) > "$work/hub.out" 2>&1 &
hub=$!
pids+=("$hub")
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$webport) 2>/dev/null && break; sleep 0.05; done
sleep 1
client=(python3 scripts/web_load.py)
if [[ ${WEB_CLIENT:-cpp} != py ]]; then
  if [[ ! -x "$build/web_load" || scripts/web_load.cpp -nt "$build/web_load" ]]; then
    g++ -std=c++20 -O2 -o "$build/web_load" scripts/web_load.cpp
  fi
  client=("$build/web_load")
fi
/usr/bin/time -o "$work/load.time" -f "%U %S" "${client[@]}" "$webport" "$streams" "$seconds" "${WEB_RCVBUF:-0}" > "$work/load.out" &
load=$!
sleep 2
for i in $(seq 1 "$boards"); do
  "$sim" board --broker "127.0.0.1:$port" --event bench --board "b$i" --journal "$work/b$i.db" \
    --pgn tests/session/data/famous.pgn --game $(( (i - 1) % 7 + 1 )) --seed "$i" --speed 4 \
    --flush-seconds 30 > "$work/b$i.out" 2>&1 &
  pids+=($!)
done
wait "$load"
rss=$(awk '/VmHWM/ { print $2 }' "/proc/$web/status")
cpu=$(awk -v t="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / t }' "/proc/$web/stat")
kill -TERM "$hub" 2>/dev/null || true; wait "$hub" || true
echo "== web_bench: $boards boards (speed x4), $streams spectator streams (receive buffer ${WEB_RCVBUF:-kernel}; ${WEB_OPTIONS:-paced}), ${seconds} s, $(nproc) cores, $(date -u '+%F %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "page: $(cat "$work/load.out")"
grep "^hub: move latency" "$work/hub.out" | sed 's/^/beside: /' || true
slow=$(grep -ho "slowest_ms=[0-9]*" "$work"/b*.out 2>/dev/null | cut -d= -f2 | sort -n | tail -1 || true)  # none finished: "?"
echo "boards: slowest table input ${slow:-?} ms (of those that finished); tabula-hub-web: cpu ${cpu} s, peak RSS $((rss / 1024)) MiB"
echo "spectators (${client[*]##*/}, one process): cpu $(awk '{ printf "%.1f", $1 + $2 }' "$work/load.time") s"

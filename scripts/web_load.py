#!/usr/bin/python3
"""Spectators for tabula-hub-web's benchmark (scripts/web_bench.sh, issue 34).

  web_load.py PORT STREAMS SECONDS [RCVBUF]

Opens STREAMS server-sent-event streams to 127.0.0.1:PORT/events at once
(asyncio, one process), reads them for SECONDS, and prints one line:
  streams=N refused=N events=N moves=N p50_ms= p95_ms= p99_ms= max_ms=
where a move's latency is the time this client received the board event
(a whole board, or a patch of what changed) that first shows a new move, minus the board's own wall clock when it
published that state (BoardState.wall_ms; same machine, same clock). The first
20 streams time every move; the others drain their bytes unparsed, so that
the client's own CPU is not what is measured.
RCVBUF (bytes, default 0: the kernel's own, autotuned to megabytes on
loopback) bounds each stream's receive buffer, as a phone's small window on
a hall's Wi-Fi would: then a spectator this one process cannot read fast
enough makes the service's writer wait and skip to the newest boards, rather
than megabytes of old ones waiting in this process's sockets.
Loopback only; ends by itself.
"""
import asyncio
import json
import socket
import sys
import time

port, streams, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
rcvbuf = int(sys.argv[4]) if len(sys.argv) > 4 else 0
lat = []
counts = {"events": 0, "refused": 0, "open": 0, "retries": 0, "bytes": 0}
MEASURED = 20  # streams whose every move is timed


async def connect():
    """A stream, retried as a browser's EventSource retries (the service's
    listen backlog is cpp-httplib's, small: a burst of connects is reset)."""
    for attempt in range(8):
        try:
            sock = None
            if rcvbuf:
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before connect: the window
                sock.setblocking(False)
                try:
                    await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port)), 5)
                except asyncio.TimeoutError:
                    sock.close()
                    raise OSError("connect timed out")
                r, w = await asyncio.open_connection(sock=sock)
            else:
                r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            await w.drain()
            status = await r.readline()
            if b" 200 " in status:
                return r, w
            w.close()
            if b" 503 " in status:
                return None
        except OSError:
            counts["retries"] += 1
        await asyncio.sleep(0.2 * (attempt + 1))
    return None


async def one(i):
    await asyncio.sleep(i // 50 * 0.05)  # spectators arrive 50 at a time, 1000 a second
    conn = await connect()
    if conn is None:
        counts["refused"] += 1
        return
    r, w = conn
    counts["open"] += 1
    if i >= MEASURED:
        # The rest only drain their streams (bytes counted, nothing parsed), so
        # the client's own CPU does not become the latency measured.
        end = time.time() + seconds
        try:
            while time.time() < end:
                data = await asyncio.wait_for(r.read(65536), timeout=max(0.1, end - time.time()))
                if not data:
                    break
                counts["bytes"] += len(data)
        except (asyncio.TimeoutError, ConnectionError):
            pass
        w.close()
        return
    seen = {}
    event = None
    end = time.time() + seconds
    try:
        while time.time() < end:
            line = await asyncio.wait_for(r.readline(), timeout=max(0.1, end - time.time()))
            if not line:
                break
            line = line.strip()
            if line.startswith(b"event: "):
                event = line[7:]
            elif line.startswith(b"data: ") and event in (b"board", b"patch"):
                now = time.time() * 1000
                counts["events"] += 1
                b = json.loads(line[6:])
                # A patch carries only what changed of its board (board_patch.h).
                was = seen.get(b["board"])
                game = b.get("game", was[0] if was else None)
                moves = b.get("moves", was[1] if was else 0)
                # The first sighting of a game on a stream is its past, not a move.
                if was and was[0] == game and moves > was[1]:
                    lat.append(now - b["wall_ms"])
                seen[b["board"]] = (game, moves)
    except (asyncio.TimeoutError, ConnectionError):
        pass
    w.close()


async def main():
    await asyncio.gather(*(one(i) for i in range(streams)))


asyncio.run(main())
lat.sort()


def pct(p):
    return int(lat[min(len(lat) - 1, int(len(lat) * p))]) if lat else -1


print(f"streams={counts['open']} refused={counts['refused']} retried_connects={counts['retries']} drained_mib={counts['bytes'] / 1048576:.0f} events={counts['events']} moves={len(lat)} "
      f"p50_ms={pct(0.5)} p95_ms={pct(0.95)} p99_ms={pct(0.99)} max_ms={int(lat[-1]) if lat else -1}")

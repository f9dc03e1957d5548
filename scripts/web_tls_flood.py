#!/usr/bin/python3
"""Slow TLS clients against tabula-hub-web's HTTPS (session 31, docs/BENCH.md).

  web_tls_flood.py PORT MODE N SECONDS [GAP] [PER_ADDRESS]

Keeps N connections to 127.0.0.1:PORT open for SECONDS, each as slow as an
attacker's:
  handshake  a TLS record header announcing 16 KiB of handshake, then one
             byte of it every GAP s (default 2): a handshake that never ends;
  head       the handshake done, then "GET / HTTP/1.1" and Host, then one
             header line every GAP s: a head that never ends.
A connection the service cuts is opened again 1 s later (an attacker keeps
its number up). PER_ADDRESS connections (default 60: within the service's
--max-per-address of 64) come from each loopback address 127.9.X.Y. Prints
every 5 s, and at the end, one line:
  t=S open=N opened=N cut=N failed=N
(open now; opened and cut in all; connects or handshakes that failed).
Loopback only; ends by itself. Raise `ulimit -n` for N over ~1000.
"""
import asyncio
import ssl
import sys
import time

port, mode, n, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
gap = float(sys.argv[5]) if len(sys.argv) > 5 else 2.0
per_address = int(sys.argv[6]) if len(sys.argv) > 6 else 60
if mode not in ("handshake", "head"):
    sys.exit("MODE is handshake or head")
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
counts = {"open": 0, "opened": 0, "cut": 0, "failed": 0}
start = time.monotonic()
end = start + seconds


def line():
    return "t=%.0f open=%d opened=%d cut=%d failed=%d" % (
        time.monotonic() - start, counts["open"], counts["opened"], counts["cut"], counts["failed"])


async def slot(i):
    k = i // per_address
    local = ("127.9.%d.%d" % (k // 250, k % 250 + 1), 0)
    while time.monotonic() < end:
        try:
            if mode == "handshake":
                r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=local), 10)
                w.write(b"\x16\x03\x01\x40\x00")
            else:
                r, w = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", port, ssl=ctx, server_hostname="127.0.0.1",
                                            local_addr=local), 10)
                w.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        except (OSError, asyncio.TimeoutError, ssl.SSLError):
            counts["failed"] += 1
            await asyncio.sleep(1)
            continue
        counts["opened"] += 1
        counts["open"] += 1
        try:
            while time.monotonic() < end:
                await w.drain()
                try:
                    if not await asyncio.wait_for(r.read(4096), gap):
                        break  # the service closed it
                except asyncio.TimeoutError:
                    w.write(b"\x01" if mode == "handshake" else b"X-a: b\r\n")
        except (OSError, ssl.SSLError):
            pass
        finally:
            counts["open"] -= 1
            if time.monotonic() < end:
                counts["cut"] += 1
            w.close()
        await asyncio.sleep(1)


async def report():
    while time.monotonic() < end:
        await asyncio.sleep(5)
        print(line(), flush=True)


async def main():
    tasks = [asyncio.create_task(report())]
    for i in range(n):
        tasks.append(asyncio.create_task(slot(i)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # the service's listen queue
    await asyncio.gather(*tasks, return_exceptions=True)
    print(line(), flush=True)


asyncio.run(main())

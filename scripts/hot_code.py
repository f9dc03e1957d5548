#!/usr/bin/env python3
"""Writes and checks arbiter/core/hot_code.txt, the core's hot code placed together.

Issue 30 item 3 (session 22): the game layer's perft runs more distinct code
per node than a 32 KB instruction cache holds where the linker scatters it
among the core's cold code (text, errors, loaders): cachegrind's simulated
I1 counted 1.20 M misses at corners-mini d6 against the position layer's
24 K. The core is compiled with -ffunction-sections (arbiter/CMakeLists.txt)
and the linker places the functions hot_code.txt names first, in its order
(arbiter/CMakeLists.txt writes the linker script from it). A pattern that no
longer matches (a hot function renamed) only puts that function back among
the rest: slower, never wrong; `check` finds such patterns.

Usage (from the repository; valgrind and nm are Debian packages):
  scripts/hot_code.py profile BIN [--out FILE] [--share P]
      Runs BIN's game-layer perft of corners-mini depth 6 under callgrind
      (instructions counted inside perft only), and writes FILE (default
      arbiter/core/hot_code.txt): every function of namespace tabula (or of
      std, made for its types) one of whose instructions ran on at least P
      (default 0.02) of the makes (Game::make's count), those entered most
      often first, each as a pattern of its qualified name (the mangled name
      up to its parameters: every overload and every clone GCC makes of it,
      e.g. `.part.0`).
  scripts/hot_code.py check BIN [--list FILE]
      Prints every pattern of FILE that matches no function of BIN, and
      exits 1 if there is one (then run `profile` again).
  scripts/hot_code.py footprint BIN [--variant V] [--depth D] [--position]
                                [--shares 0.1,0.01] [--top N] [--cache SIZE,WAYS]
      The code a perft runs often, by the instruction cache's measure
      (issue 30 item 3, session 26): runs BIN's perft of V (corners-mini) at
      depth D (6) under callgrind (--dump-instr=yes, inside the perft's
      recursion only: the game layer's perft_made, or the position's perft
      with --position) and prints, for each share P, the 64-byte lines one of
      whose instructions ran on at least P of the makes (Game::make's count,
      or Position::make's with --position) and the bytes of the instructions
      that ran so often, in all and per function (the N functions with the
      most such lines, their sizes by nm): which functions' bytes to shrink.
      It also counts those instructions (distinct addresses): on the 2-vCPU
      VM's Zen 4 the front end holds about 3,000-3,700 distinct instructions
      of branchy code run in a loop, nearly whatever their bytes (session
      29, scripts/frontend_probe.py: ~3,700 in a synthetic loop, ~3,000 in
      the position layer's perft with code added; docs/BENCH.md "Session
      29: s29-cold").
      A line two functions share is counted once in all and once in each.
      With --cache SIZE,WAYS (default 32768,8: the 2-vCPU VM's Zen 5 L1i;
      65536,4 for the Pi 5's Cortex-A76) it also prints, for each share,
      how those lines fall on the cache's sets (set = line address modulo
      the sets, at the link-time address: exact within a 4 KB page, where
      a PIE's load leaves it): the fewest and most lines a set holds, and
      the sets holding more than WAYS of them, whose lines evict each other
      however large the rest of the cache is (session 28: at corners-mini d7
      more than half of cachegrind's simulated I1 misses of the game layer
      are of this kind: 1.49 M at 8-way against 0.61 M fully associative).
"""
import argparse
import collections
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_LIST = os.path.join(ROOT, "arbiter", "core", "hot_code.txt")
MAKE = "_ZN6tabula4core4Game4makeERKNS0_4MoveE"
POSITION_MAKE = "_ZN6tabula4core8Position4makeERKNS0_4MoveE"


def callgrind_counts(counts):
    """{mangled function: (instructions, most runs of one instruction,
    runs of its entry)} (the entry: its lowest address that ran), from
    callgrind_instructions' counts."""
    per_fn = {}
    entry = {}
    for (base, at), runs in counts.items():
        total, most = per_fn.get(base, (0, 0))
        per_fn[base] = (total + runs, max(most, runs))
        low = entry.get(base)
        entry[base] = (at, runs) if low is None or at < low[0] else low
    return {name: (total, most, entry[name][1]) for name, (total, most) in per_fn.items()}


def nested_name(s):
    """(head, the nested name's parts, where it ends) of a mangled name
    `_ZN[K]...` or a local's `_ZZN[K]...`, or None."""
    if s.startswith("_ZZN"):  # a lambda's or a local's: its function's name
        i = 4
    elif s.startswith("_ZN"):
        i = 3
    else:
        return None
    if s[i:i + 1] == "K":
        i += 1
    head = s[:i]
    parts = []
    while i < len(s) and s[i].isdigit():
        j = i
        while s[j].isdigit():
            j += 1
        n = int(s[i:j])
        parts.append(s[j:j + n])
        i = j + n
    return head, parts, i


def pattern(mangled):
    """The name pattern of a function of namespace tabula (or std), or None."""
    s = mangled.split(".")[0]
    name = nested_name(s)
    if name is None:
        return None
    head, parts, i = name
    if not parts or parts[0] != "tabula":
        # A standard library function made for the core's types (e.g.
        # std::vector<Ruling>::push_back): its whole name, and its clones.
        return s + "*" if s.startswith(("_ZNSt", "_ZNKSt")) else None
    key = "".join("%d%s" % (len(p), p) for p in parts)
    # "E": the name ends, its parameters follow; C or D: a constructor or a
    # destructor (C1 is an alias of C2's section: either one); else an
    # operator's two letters (eq: ==).
    nxt = s[i:i + 1]
    tail = "E*" if nxt == "E" else nxt + "*" if nxt in "CD" else s[i:i + 2] + "*"
    return head + key + tail


HEADER = """\
# hot_code.txt — the core's hot code, placed together by the linker (issue 30
# item 3, session 22). Written by scripts/hot_code.py profile: do not edit by
# hand; run it again after changing the game's per-node path
# (`scripts/hot_code.py check build/bin/tabula` finds a stale pattern).
# The core is compiled with -ffunction-sections; arbiter/CMakeLists.txt
# writes a linker script that puts the functions below first, in this order
# (each one's section, .text.NAME: a [[gnu::cold]] function, in
# .text.unlikely.NAME, stays out, as does the part GCC splits off a function
# as cold; with those the block's code was less dense, 0.35 M misses against
# 0.25 M), so that the code a game-layer search runs at nearly every node is
# one dense block
# (cachegrind, corners-mini d6: 1.20 M simulated I1 misses where the linker
# scattered it among the core's cold code). One pattern of mangled names a
# line (a function's name up to its parameters, `*` after it: every overload
# and every clone GCC makes of it); a pattern that matches nothing only
# leaves that function among the rest of .text: slower, never wrong.
# Profile: %s
"""


def run_callgrind(run, toggle, out, log=None):
    """Runs `run` under callgrind (--dump-instr=yes, collecting inside the
    functions `toggle` matches) into `out`; exits with a one-line message
    if valgrind is missing or the run fails. Returns the profile's counts
    (callgrind_instructions)."""
    extra = ["--log-file=" + log] if log else []
    try:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--demangle=no",
                               "--toggle-collect=" + toggle, "--callgrind-out-file=" + out] + extra + run,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        sys.exit("hot_code: valgrind is not installed (Debian package valgrind)")
    if done.returncode != 0 or not os.path.exists(out):
        last = done.stderr.strip().split("\n")[-1] if done.stderr.strip() else ""
        sys.exit("hot_code: `%s` under callgrind failed (exit %d): %s" % (" ".join(run), done.returncode, last))
    return callgrind_instructions(out)


def cmd_profile(args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run = [args.bin, "perft", "--variant", "corners-mini", "--depth", "6"]
        per_fn = callgrind_counts(run_callgrind(run, "*perft_made*", out))
    makes = per_fn.get(MAKE, (0, 0, 0))[2]
    if makes == 0:
        sys.exit("hot_code: no Game::make (%s) ran inside perft_made (game_perft.cpp) in the "
                 "profile: is BIN a tabula, and are both names unchanged?" % MAKE)
    # The functions entered most often first: the code of the rarer ones,
    # last, shares the cache's sets with the least (cachegrind, corners-mini
    # d6, session 22, two lists each: 0.25-0.30 M simulated I1 misses in
    # this order, 0.34-0.47 M with the most instructions first, 0.53-0.59 M
    # in call order; 1.20 M unordered; a few bytes moved anywhere move these
    # figures by ~10 %).
    chosen = sorted(((calls, total, name) for name, (total, most, calls) in per_fn.items()
                     if most >= args.share * makes and pattern(name)), reverse=True)
    patterns = []
    for _, _, name in chosen:
        p = pattern(name)
        if p not in patterns:
            patterns.append(p)
    with open(args.out, "w") as f:
        f.write(HEADER % ("`%s`,\n# %d makes; the functions run on >= %.0f %% of them, "
                          "those entered most often first."
                          % (" ".join(["BIN"] + run[1:]), makes, args.share * 100)))
        for p in patterns:
            f.write(p + "\n")
    print("hot_code: %d patterns written to %s" % (len(patterns), args.out))


def cmd_check(args):
    nm = subprocess.run(["nm", "--defined-only", args.bin], capture_output=True, text=True)
    if nm.returncode != 0:
        sys.exit("hot_code: nm could not read the functions of %s: %s" % (args.bin, nm.stderr.strip()))
    syms = nm.stdout.split("\n")
    functions = [f[2] for f in (line.split() for line in syms) if len(f) == 3 and f[1] in "tTW"]
    try:
        with open(args.list) as f:
            patterns = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        sys.exit("hot_code: cannot read the list %s: %s" % (args.list, e.strerror))
    if not patterns:
        sys.exit("hot_code: no pattern in %s" % args.list)
    stale, inlined = [], []
    sources = None
    for p in patterns:
        match = re.compile(fnmatch.translate(p)).match
        if any(match(f) for f in functions):
            continue
        # Not in this program: renamed or removed (stale), or inlined
        # everywhere by this compiler (g++ 12 and 14 inline differently;
        # a std:: function made for the core's types likewise). Only a name
        # the sources no longer declare is stale.
        name = source_name(p)
        if sources is None:
            sources = arbiter_sources()
        if name is None or re.search(r"\b%s\b" % re.escape(name), sources):
            inlined.append(p)
        else:
            stale.append(p)
    for p in inlined:
        print("hot_code: %s is not a function of %s (inlined by this compiler, or a library's): "
              "not placed, not stale" % (p, args.bin))
    for p in stale:
        print("hot_code: %s names %s, which no source of arbiter/ declares any more: stale (run "
              "`scripts/hot_code.py profile BIN`)" % (p, source_name(p)))
    print("hot_code: %d of %d patterns match a function of %s, %d inlined, %d stale"
          % (len(patterns) - len(stale) - len(inlined), len(patterns), args.bin, len(inlined), len(stale)))
    return 1 if stale else 0


def source_name(p):
    """The name a pattern of namespace tabula gives its function (for a
    constructor, destructor or operator: its class's), or None (std)."""
    name = nested_name(p.rstrip("*"))
    if name is None:
        return None
    parts = name[1]
    return parts[-1] if len(parts) > 1 and parts[0] == "tabula" else None


def arbiter_sources():
    text = []
    for top, _, files in os.walk(os.path.join(ROOT, "arbiter")):
        for f in files:
            if f.endswith((".h", ".cpp")):
                with open(os.path.join(top, f), encoding="utf-8", errors="replace") as fh:
                    text.append(fh.read())
    return "\n".join(text)


def disassembly_sizes(binary):
    """{address: instruction length} of BIN's code (objdump; the length
    is the distance to the next instruction, at most 15 bytes)."""
    done = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("hot_code: objdump could not read %s: %s" % (binary, done.stderr.strip()))
    sizes = {}
    last = None
    for line in done.stdout.split("\n"):
        m = re.match(r"\s+([0-9a-f]+):\t", line)
        if not m:
            if not line.strip() or line.endswith(">:"):
                last = None  # a function's end: its last instruction's length stays unknown
            continue
        at = int(m.group(1), 16)
        if last is not None and 0 < at - last <= 15:
            sizes[last] = at - last
        last = at
    return sizes


def function_sizes(binary):
    """{mangled name: (address, size)} of BIN's functions (nm -S)."""
    nm = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True)
    if nm.returncode != 0:
        sys.exit("hot_code: nm could not read the functions of %s: %s" % (binary, nm.stderr.strip()))
    out = {}
    for line in nm.stdout.split("\n"):
        f = line.split()
        if len(f) == 4 and f[2] in "tTW":
            out[f[3]] = (int(f[0], 16), int(f[1], 16))
    return out


def callgrind_instructions(path):
    """{(mangled function, address): runs} of a callgrind --dump-instr=yes
    profile, the functions' own instructions only, callgrind's recursion
    marks dropped (read by both profile and footprint)."""
    names = {}
    counts = collections.defaultdict(int)
    fn = None
    last = 0
    skip_next = False
    with open(path) as f:
        for line in f:
            if skip_next:
                parts = line.split()
                if parts:
                    last = _address(parts[0], last)
                skip_next = False
                continue
            if line[:1] in "0123456789+-*":
                parts = line.split()
                last = _address(parts[0], last)
                if len(parts) >= 3 and fn is not None:
                    counts[(fn.split("'")[0], last)] += int(parts[2])
                continue
            if line.startswith("calls="):
                skip_next = True
                continue
            m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                kind, ref, name = m.groups()
                if name:
                    names[ref] = name
                if kind == "fn":
                    fn = names.get(ref)
    return counts


def _address(tok, last):
    if tok.startswith("0x"):
        return int(tok, 16)
    if tok.startswith("+"):
        return last + int(tok[1:], 0)
    if tok.startswith("-"):
        return last - int(tok[1:], 0)
    if tok == "*":
        return last
    return int(tok)


def demangle(names):
    done = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True)
    out = done.stdout.split("\n") if done.returncode == 0 else []
    return {n: (out[i] if i < len(out) and out[i] else n) for i, n in enumerate(names)}


def cmd_footprint(args):
    try:
        shares = sorted({float(x) for x in args.shares.split(",")}, reverse=True)
    except ValueError:
        sys.exit("hot_code: --shares %s: expected shares of the makes separated by commas, e.g. 0.1,0.01"
                 % args.shares)
    if not shares or any(not 0 < p <= 1 for p in shares):
        sys.exit("hot_code: --shares %s: each share must be above 0 and at most 1" % args.shares)
    cache = args.cache.split(",")
    try:
        size, ways = int(cache[0]), int(cache[1])
        if len(cache) != 2:
            raise ValueError
    except (ValueError, IndexError):
        sys.exit("hot_code: --cache %s: expected the cache's bytes and ways, e.g. 32768,8" % args.cache)
    sets = size // (64 * ways) if size > 0 and ways > 0 else 0
    if sets < 1 or sets * 64 * ways != size or sets & (sets - 1):
        sys.exit("hot_code: --cache %s: the bytes must be the ways times a power of two of 64-byte "
                 "lines (e.g. 32768,8: 64 sets)" % args.cache)
    if args.depth < 2:
        sys.exit("hot_code: --depth %d: at least 2 (a perft of depth 1 makes no move)" % args.depth)
    if not os.access(args.bin, os.X_OK):
        sys.exit("hot_code: %s is not an executable file" % args.bin)
    if args.position:
        toggle, make, layer = "_ZN6tabula4core5perftERNS0_8PositionEi", POSITION_MAKE, "position"
    else:
        toggle, make, layer = "*perft_made*", MAKE, "game"
    run = [args.bin, "perft", "--variant", args.variant, "--depth", str(args.depth)] + \
        (["--position"] if args.position else [])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        counts = run_callgrind(run, toggle, out, os.path.join(tmp, "valgrind.log"))
        per_fn = callgrind_counts(counts)
    makes = per_fn.get(make, (0, 0, 0))[2]
    if makes == 0:
        sys.exit("hot_code: no %s make (%s) ran inside the perft in the profile: is BIN a tabula, "
                 "and are the names unchanged?" % (layer, make))
    sizes = disassembly_sizes(args.bin)
    funcs = function_sizes(args.bin)
    # The load offset (a PIE): the profile's entry of a function against nm's.
    lowest = {}
    for (fn, at) in counts:
        if fn not in lowest or at < lowest[fn]:
            lowest[fn] = at
    offsets = collections.Counter(at - funcs[fn][0] for fn, at in lowest.items() if fn in funcs)
    offset = offsets.most_common(1)[0][0] if offsets else 0
    print("hot_code footprint: `%s`, %d makes (%s layer), instructions inside: %d"
          % (" ".join(["BIN"] + run[1:]), makes, layer, sum(counts.values())))
    per_share = []
    for p in shares:
        bar = p * makes
        lines = set()
        fn_lines = collections.defaultdict(set)
        fn_bytes = collections.defaultdict(int)
        for (fn, at), runs in counts.items():
            if runs < bar:
                continue
            lines.add(at >> 6)
            fn_lines[fn].add(at >> 6)
            fn_bytes[fn] += sizes.get(at - offset, 4)
        run_bytes = sum(fn_bytes.values())
        distinct = sum(1 for runs in counts.values() if runs >= bar)
        print("  lines run on >= %g of the makes: %d (%.1f KB), instructions run so often %.1f KB "
              "(density %.2f, %d distinct instructions), in %d functions"
              % (p, len(lines), len(lines) * 64 / 1024, run_bytes / 1024,
                 run_bytes / (len(lines) * 64) if lines else 0, distinct, len(fn_lines)))
        per_set = collections.Counter(((line << 6) - offset) >> 6 & (sets - 1) for line in lines)
        load = [per_set.get(i, 0) for i in range(sets)]
        full = [n for n in load if n > ways]
        print("    on the cache's %d sets (%d KB, %d-way): %d-%d lines a set; %d sets hold more than %d "
              "(%d lines beyond the ways)"
              % (sets, size // 1024, ways, min(load), max(load), len(full), ways, sum(n - ways for n in full)))
        per_share.append((fn_lines, fn_bytes))
    low_lines, _ = per_share[-1]
    order = sorted(low_lines, key=lambda fn: (-len(low_lines[fn]), fn))[:args.top]
    names = demangle(order)
    head = "  ".join("lines>=%g  run B" % p for p in shares)
    print("\n%-8s  %s  function" % ("size B", head))
    for fn in order:
        cells = "  ".join("%9d  %5d" % (len(fl.get(fn, ())) * 64, fb.get(fn, 0)) for fl, fb in per_share)
        size = funcs.get(fn, (0, 0))[1]
        print("%-8s  %s  %s" % (size if size else "?", cells, names[fn][:100]))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("profile")
    p.add_argument("bin")
    p.add_argument("--out", default=DEFAULT_LIST)
    p.add_argument("--share", type=float, default=0.02)
    c = sub.add_parser("check")
    c.add_argument("bin")
    c.add_argument("--list", default=DEFAULT_LIST)
    f = sub.add_parser("footprint")
    f.add_argument("bin")
    f.add_argument("--variant", default="corners-mini")
    f.add_argument("--depth", type=int, default=6)
    f.add_argument("--position", action="store_true")
    f.add_argument("--shares", default="0.1,0.01")
    f.add_argument("--top", type=int, default=40)
    f.add_argument("--cache", default="32768,8")
    args = ap.parse_args()
    if args.cmd == "footprint":
        return cmd_footprint(args)
    if args.cmd == "profile":
        cmd_profile(args)
        return 0
    return cmd_check(args)


if __name__ == "__main__":
    sys.exit(main())

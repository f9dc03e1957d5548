#!/usr/bin/env python3
"""The machine's front end against the size of the code a loop runs (issue 30 item 3, session 29).

The question it answers: does code cost more cycles per instruction when more
of it is run over and over? (Session 28's hypothesis for the game layer's
perft: ~10 % slower per instruction than the position layer's because its hot
code, ~20 KB of instructions run on >= 10 % of the makes against ~6.4 KB,
exceeds what the front end holds: the op cache, the branch target buffers.)
Two measuring aids, nothing the build or the tests use (x86-64 only: the
taken jumps are x86 assembly):

  scripts/frontend_probe.py synth [--sizes 8,32,...] [--jumps 0,1] [--rounds 2]
      Writes, builds (g++ -O2, in a temporary folder) and runs one small
      program per size N: N distinct functions of six blocks, each block eight
      independent ALU operations (no folding: an empty asm holds the values)
      and, with --jumps 1, a taken jump (over 5 bytes of nops) ending it
      (--jumps 2: over 59 bytes, never run: the same instructions in 1.7
      times the bytes), called in a fixed shuffled order (the targets
      scattered: no sequential prefetch). Every N runs the same instructions
      per call; only how many distinct ones changes. Prints the MIN ns per
      call of 7 timed passes (the thread's CPU clock) and the code's size:
      where it rises with N, the front end no longer holds the code.
  scripts/frontend_probe.py patch DIR [--functions 64]
      Adds the same block to a copy of the sources in DIR (`git archive HEAD
      | tar -x -C DIR`; never the worktree): core/probe_block.cpp, called
      before every make of both layers' perft (game_perft.cpp's perft_made,
      perft.cpp's perft), running the first n of its functions, n read once
      from TABULA_PROBE_N (default 0: one call, nothing run). One binary then
      times each layer with 0, 1.8, 3.6 ... KB more hot code per make at one
      layout; what the block costs above its own cost in the position layer
      is what the extra code costs the game's front end. (An environment
      variable read in the core: scratch only, never merged.)
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

BLOCKS = 6


def functions(n, jumps, seed):
    """C++ text of n distinct functions f0..f{n-1}(S&)."""
    r = random.Random(seed)
    jump = {0: "", 1: "jmp 1f\\n\\t.nops 5\\n1:", 2: "jmp 1f\\n\\t.nops 59\\n1:"}[jumps]
    out = []
    for i in range(n):
        out.append("__attribute__((noinline)) void f%d(S& s) {\n  std::uint64_t a = s.v[0], b = s.v[1], "
                   "c = s.v[2], d = s.v[3], e = s.v[4], f = s.v[5], g = s.v[6], h = s.v[7];" % i)
        for _ in range(BLOCKS):
            out.append("  a += %d; b ^= %d; c += %d; d ^= %d; e += %d; f ^= %d; g += %d; h ^= %d;"
                       % tuple(r.randrange(1, 1 << 30) for _ in range(8)))
            out.append('  asm volatile("%s" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), '
                       '"+r"(h));' % jump)
        out.append("  s.v[0] = a; s.v[1] = b; s.v[2] = c; s.v[3] = d; s.v[4] = e; s.v[5] = f; s.v[6] = g; "
                   "s.v[7] = h;\n}")
    return "\n".join(out)


def synth_program(n, jumps, calls):
    order = list(range(n))
    random.Random(n).shuffle(order)
    return """#include <cstdint>
#include <cstdio>
#include <ctime>
struct S { std::uint64_t v[8]; };
%s
__attribute__((noinline)) void round_all(S& s) {
%s
}
int main() {
  S s{{1, 2, 3, 4, 5, 6, 7, 8}};
  const long reps = %d / %d;
  double best = 1e18;
  for (int t = 0; t < 7; ++t) {
    timespec t0, t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    for (long i = 0; i < reps; ++i) round_all(s);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    const double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
    if (ns < best) best = ns;
  }
  std::printf("%%.3f %%llu\\n", best / (reps * %d.0), (unsigned long long)(s.v[0] ^ s.v[7]));
}
""" % (functions(n, jumps, n), "\n".join("  f%d(s);" % i for i in order), calls, n, n)


def code_bytes(binary, n):
    nm = subprocess.run(["nm", "-S", binary], capture_output=True, text=True).stdout
    sizes = [int(m.group(1), 16) for m in re.finditer(r"^[0-9a-f]+ ([0-9a-f]+) T _Z\d+f\d+R1S$", nm, re.M)]
    return sum(sizes), len(sizes)


def cmd_synth(args):
    try:
        sizes = [int(x) for x in args.sizes.split(",")]
        jumps = [int(x) for x in args.jumps.split(",")]
    except ValueError:
        sys.exit("frontend_probe: --sizes and --jumps take whole numbers separated by commas, e.g. 8,32,64")
    if any(n < 1 or n > 4096 for n in sizes) or any(j not in (0, 1, 2) for j in jumps):
        sys.exit("frontend_probe: each size must be 1-4096 functions and each --jumps 0, 1 or 2")
    if args.rounds < 1 or args.calls < max(sizes):
        sys.exit("frontend_probe: --rounds %d --calls %d: at least one round, and at least as many calls as the "
                 "largest size (%d)" % (args.rounds, args.calls, max(sizes)))
    with tempfile.TemporaryDirectory() as tmp:
        bins = {}
        for j in jumps:
            for n in sizes:
                src = os.path.join(tmp, "p%d_%d.cpp" % (j, n))
                with open(src, "w") as f:
                    f.write(synth_program(n, j, args.calls))
                b = src[:-4]
                done = subprocess.run(["g++", "-O2", "-o", b, src], capture_output=True, text=True)
                if done.returncode != 0:
                    sys.exit("frontend_probe: g++ failed on %s: %s" % (src, done.stderr.strip()[-300:]))
                bins[(j, n)] = b
        best = {}
        for _ in range(args.rounds):
            for key, b in bins.items():
                ns = float(subprocess.run([b], capture_output=True, text=True, check=True).stdout.split()[0])
                best[key] = min(best.get(key, 1e18), ns)
        print("jumps  functions  code KB  ns per call (MIN of %d rounds x 7 passes)" % args.rounds)
        for (j, n), b in bins.items():
            size, count = code_bytes(b, n)
            if count != n:
                sys.exit("frontend_probe: found %d of the %d functions in %s" % (count, n, b))
            print("%5d  %9d  %7.1f  %.3f" % (j, n, size / 1024, best[(j, n)]))
    return 0


def cmd_patch(args):
    core = os.path.join(args.dir, "arbiter", "core")
    cm = os.path.join(args.dir, "arbiter", "CMakeLists.txt")
    if not os.path.isfile(os.path.join(core, "perft.cpp")) or not os.path.isfile(cm):
        sys.exit("frontend_probe: %s is not a copy of the sources (no arbiter/core/perft.cpp)" % args.dir)
    if os.path.realpath(args.dir) == os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))):
        sys.exit("frontend_probe: %s is this repository: patch a copy (git archive HEAD | tar -x -C DIR)" % args.dir)
    if not 1 <= args.functions <= 4096:
        sys.exit("frontend_probe: --functions %d: expected 1-4096" % args.functions)
    n = args.functions
    text = """// probe_block.cpp: scratch (scripts/frontend_probe.py patch), never merged.
#include <cstdint>
#include <cstdlib>
namespace tabula::core {
namespace {
struct S { std::uint64_t v[8]; };
S s_{{1, 2, 3, 4, 5, 6, 7, 8}};
%s
using F = void (*)(S&);
const F fns[] = {%s};
int count() {
  const char* e = std::getenv("TABULA_PROBE_N");
  const int n = e ? std::atoi(e) : 0;
  return n < 0 ? 0 : n > %d ? %d : n;
}
const int n_ = count();
}  // namespace
void probe_block() {
  for (int i = 0; i < n_; ++i) fns[i](s_);
}
}  // namespace tabula::core
""" % (functions(n, 1, 7), ", ".join("f%d" % i for i in range(n)), n, n)
    edits = [("game_perft.cpp", "    game.make(m);\n", "    probe_block();\n    game.make(m);\n"),
             ("perft.cpp", "    pos.make(m);\n    nodes", "    probe_block();\n    pos.make(m);\n    nodes")]
    texts = {}
    for name, old, new in edits:  # (every file checked before any is written)
        path = os.path.join(core, name)
        with open(path) as f:
            s = f.read()
        if old not in s or "probe_block" in s:
            sys.exit("frontend_probe: %s: its make call not found as expected (or already patched)" % path)
        texts[path] = s.replace(old, new, 1).replace("namespace tabula::core {\n",
                                                     "namespace tabula::core {\nvoid probe_block();\n", 1)
    with open(cm) as f:
        c = f.read()
    if "  core/zobrist.cpp\n)" not in c:
        sys.exit("frontend_probe: %s: the core's source list not found as expected" % cm)
    for path, s in texts.items():
        with open(path, "w") as f:
            f.write(s)
    with open(os.path.join(core, "probe_block.cpp"), "w") as f:
        f.write(text)
    with open(cm, "w") as f:
        f.write(c.replace("  core/zobrist.cpp\n)", "  core/zobrist.cpp\n  core/probe_block.cpp\n)", 1))
    print("frontend_probe: %s patched (%d functions); build its tabula, then e.g. TABULA_PROBE_N=8 "
          "BIN perft --variant corners-mini --depth 7 --compare 3" % (args.dir, n))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("synth")
    s.add_argument("--sizes", default="8,32,40,44,48,52,56,60,64,80,96,128,256")
    s.add_argument("--jumps", default="0,1")
    s.add_argument("--rounds", type=int, default=2)
    s.add_argument("--calls", type=int, default=3000000)
    q = sub.add_parser("patch")
    q.add_argument("dir")
    q.add_argument("--functions", type=int, default=64)
    args = p.parse_args()
    return cmd_synth(args) if args.cmd == "synth" else cmd_patch(args)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compiles each C++ file changed since a commit on its own, as no normal build does.

The normal build hides two kinds of faults: a unity batch gives a file the
includes and names of its neighbours, and the tests' precompiled header gives
every test file GoogleTest, <algorithm>, test_source_dir.h... A file that
forgot an include compiles there and breaks in a build without them (another
batch size, another compiler). Here every .cpp changed since BASE is compiled
by itself, with its own line of compile_commands.json (its target's flags and
the project's warnings, tabula::warnings), in a build folder configured without
unity batches or precompiled headers; every changed .h is compiled as a file
that includes only it, with the flags of a .cpp of its folder (or the nearest
folder above that has one). A .cpp in several targets is compiled once for each.

Usage (from anywhere; the compiler is the one CMake finds, e.g. g++ 14 in
scripts/chroot_test.sh's Debian 13 chroot, `--alone BASE`):
  scripts/compile_alone.py BASE [--build DIR] [--jobs N] [--syntax-only]
    BASE           a commit: the files changed between it and the work tree
                   (deleted files left out)
    --build DIR    the build folder (default build-alone in the repository),
                   configured here: RelWithDebInfo "-O2 -g1 -DNDEBUG" as
                   scripts/test.sh, -DCMAKE_UNITY_BUILD=OFF,
                   -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON; only the generated
                   protobuf headers are built in it
    --jobs N       compiles at a time (default 2)
    --syntax-only  -fsyntax-only for the .cpp files too (quicker; misses the
                   warnings only the optimiser finds, e.g. -Warray-bounds)
A .cpp is otherwise compiled to a full object (written to /dev/null), at its
target's optimisation, unless that is -O0 (the test code): the optimiser's
warnings (-Warray-bounds, -Wmaybe-uninitialized...) do not run there, so
-fsyntax-only finds what the object would, in a fraction of the time. Prints
one line per compile ("ok", "N warnings", "FAILED"), then the compiler's output
for each one that warned or failed; the logs are kept in DIR/alone/. Exits 1
if any compile warned or failed, 2 on bad usage. ccache is bypassed
(CCACHE_DISABLE=1): every compile is real.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message, code=2):
    print(f"compile_alone: {message}", file=sys.stderr)
    sys.exit(code)


def git(*args):
    r = subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True)
    return r.returncode, r.stdout


def changed_files(base):
    code, _ = git("rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    if code != 0:
        fail(f"'{base}' is not a commit of {REPO} (a hash, branch or tag it has)")
    code, out = git("diff", "--name-only", "--diff-filter=d", base, "--", "*.cpp", "*.h")
    if code != 0:
        fail(f"git diff {base} failed in {REPO}")
    return [f for f in out.splitlines() if f]


def configure(build):
    r = subprocess.run(
        ["cmake", "-S", REPO, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
         "-DTABULA_BUILD_UI=ON", "-DCMAKE_UNITY_BUILD=OFF", "-DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON",
         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"],
        capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        fail(f"cmake could not configure {build} (its output is above)", 1)
    # The generated protobuf headers, which our sources include.
    r = subprocess.run(["ninja", "-C", build, "-t", "targets", "all"],
                       capture_output=True, text=True)
    headers = sorted({line.split(":")[0] for line in r.stdout.splitlines()
                      if line.split(":")[0].endswith(".pb.h")})
    if headers:
        r = subprocess.run(["ninja", "-C", build, *headers], capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            fail(f"the protobuf headers could not be generated in {build}", 1)


def arguments(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def without_outputs(args):
    """The compile line without its input, output and dependency-file options."""
    kept, i = [], 0
    while i < len(args):
        if args[i] in ("-o", "-c", "-MF", "-MT", "-MQ"):
            i += 2
            continue
        if args[i] in ("-MD", "-MMD"):
            i += 1
            continue
        kept.append(args[i])
        i += 1
    return kept


def target_of(entry):
    """The CMake target a compile line belongs to: its object is TARGET.dir/..."""
    args = arguments(entry)
    out = entry.get("output") or (args[args.index("-o") + 1] if "-o" in args else "")
    return out.split("CMakeFiles/")[-1].split(".dir/")[0] or "?"


def plan(files, entries, build, syntax_only):
    """(file, label, argv, cwd) for each compile, and the files nothing compiles."""
    by_file = {}
    for e in entries:
        by_file.setdefault(os.path.normpath(os.path.join(e["directory"], e["file"])), []).append(e)
    jobs, skipped = [], []
    tus = os.path.join(build, "alone")
    os.makedirs(tus, exist_ok=True)
    for f in files:
        path = os.path.join(REPO, f)
        if f.endswith(".cpp"):
            found = by_file.get(path, [])
            if not found:
                skipped.append(f)
            for e in found:
                target = target_of(e)
                args = without_outputs(arguments(e))
                levels = [a for a in args if a.startswith("-O")]
                syntax = syntax_only or (levels and levels[-1] == "-O0")
                mode = ["-fsyntax-only"] if syntax else ["-o", os.devnull]
                label = target + (", -fsyntax-only" if syntax else "")
                jobs.append((f, label, args + mode + ["-c", path], e["directory"]))
            continue
        # A header: a file that includes only it, with a neighbour's flags.
        folder, e = os.path.dirname(path), None
        while e is None and folder.startswith(REPO) and folder != REPO:
            near = sorted(p for p in by_file if os.path.dirname(p) == folder and p.endswith(".cpp"))
            e = by_file[near[0]][0] if near else None
            folder = os.path.dirname(folder)
        if e is None:
            skipped.append(f)
            continue
        tu = os.path.join(tus, f.replace("/", "_") + ".cpp")
        with open(tu, "w") as out:
            out.write(f'#include "{path}"\n')
        jobs.append((f, "header alone", without_outputs(arguments(e)) + ["-fsyntax-only", "-c", tu],
                     e["directory"]))
    return jobs, skipped


def main():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("base")
    parser.add_argument("--build", default=os.path.join(REPO, "build-alone"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--syntax-only", action="store_true")
    try:
        opts = parser.parse_args()
    except SystemExit:
        print("Usage" + __doc__.split("Usage")[1].split("A .cpp is")[0], file=sys.stderr)
        raise
    if opts.jobs < 1:
        fail(f"--jobs {opts.jobs}: expected 1 or more")
    build = os.path.abspath(opts.build)
    files = changed_files(opts.base)
    if not files:
        print(f"compile_alone: no .cpp or .h changed since {opts.base}")
        return 0
    configure(build)
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    jobs, skipped = plan(files, entries, build, opts.syntax_only)
    # The compiler: the first word of a compile line that is not env, VAR=... or ccache.
    words = [w for w in (jobs[0][2] if jobs else ["c++"])
             if w != "env" and "=" not in w and not w.endswith("ccache")]
    compiler = subprocess.run([words[0], "--version"],
                              capture_output=True, text=True).stdout.split("\n")[0]
    print(f"compile_alone: {len(files)} files changed since {opts.base}, {len(jobs)} compiles "
          f"({compiler}), {opts.jobs} at a time", flush=True)
    env = dict(os.environ, CCACHE_DISABLE="1", LC_ALL="C")
    logs = os.path.join(build, "alone")

    def run(job):
        f, target, argv, cwd = job
        start = time.monotonic()
        r = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
        text = r.stdout + r.stderr
        name = f"{f.replace('/', '_')}.{target.split(',')[0].replace(' ', '_')}.log"
        with open(os.path.join(logs, name), "w") as out:
            out.write(shlex.join(argv) + "\n" + text)
        return job, r.returncode, text.count("warning:"), text, time.monotonic() - start

    findings = []
    failed = warned = 0
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for (f, target, _, _), code, warnings, text, seconds in pool.map(run, jobs):
            if code != 0:
                verdict, failed = "FAILED", failed + 1
            elif warnings:
                verdict, warned = f"{warnings} warning{'s' if warnings > 1 else ''}", warned + 1
            else:
                verdict = "ok"
            print(f"  {verdict:<12} {f} ({target}, {seconds:.0f} s)", flush=True)
            if code != 0 or warnings:
                findings.append((f, target, text))
    for f in skipped:
        print(f"  {'not built':<12} {f} (no target of this configuration compiles it)")
    for f, target, text in findings:
        print(f"\n--- {f} ({target})\n{text.rstrip()}")
    print(f"compile_alone: {len(jobs)} compiles: {len(jobs) - failed - warned} clean, "
          f"{warned} with warnings, {failed} failed; {len(skipped)} files not built; "
          f"logs in {logs}")
    return 1 if failed or warned else 0


if __name__ == "__main__":
    sys.exit(main())

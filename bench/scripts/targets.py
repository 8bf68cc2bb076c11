#!/usr/bin/env python3
"""The speed bounds of issue 37 ("One model"), measured in one go.

Runs, round after round so that the machine's drift hits every run alike: the two stress traces of
../shared/bench and the 4096 x 2048 x 4, 2,000-draw stress trace (made with
../shared/tools/gen_stress.py if missing), each on the default machine (surfaces in memory) and with
`--set surfaces.in_memory=off`, and, as each trace's reference, Mesa lavapipe replaying it through
`gpusim replay --device llvmpipe` in the same rounds. Each run is a whole process timed by the wall
clock (`time.perf_counter` around the child); every stress dump is checked against
NAME.expected.json. Prints a Markdown table of medians (ranges), the ratio to lavapipe against the
bound, and what the memory path costs (default against surfaces out of memory; bound +25%); then what
each bound leaves the memory path (the bound's time less the run with the surfaces out of memory).

    bench/scripts/targets.py [--rounds 5] [--gpusim ./gpusim] [--only NAME,...] [--floors]

With --floors it also prints what no start-up can remove, per run: the simulate phase alone in a
warm JVM with both cores from the first millisecond (gpusim.bench.Warm, sim.threads_after_ms=0, the
median of its last runs), and, for the stress traces, lavapipe's cost of one more run of the trace
in its process (`gpusim replay --repeat 4` minus `--repeat 1`, over 3), both measured here.

Run on demand on a quiet machine (never in CI); docs/performance.md quotes its tables.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.path.join(ROOT, "..", "shared")
BENCH = os.path.join(SHARED, "bench")

# name, trace, extra args, bound on the ratio to lavapipe (None: none; the memory path's own bound
# is printed for every default run that has an "out of memory" twin)
OFF = ["--set", "surfaces.in_memory=off"]
RUNS = [
    ("stress-2k", "stress-2k", [], 3.0),
    ("stress-2k-4x", "stress-2k-4x", [], 1.0),
    ("4096x2048x4", "big", [], 0.3),
    ("stress-2k (surfaces off)", "stress-2k", OFF, None),
    ("stress-2k-4x (surfaces off)", "stress-2k-4x", OFF, None),
    ("4096x2048x4 (surfaces off)", "big", OFF, None),
]
MEMORY_PATH_BOUND = 1.25
# The reference renderer's own whole process (../shared/bench/README.md: lavapipe on a 2-core CI
# machine). `gpusim replay --device llvmpipe` adds a JVM and the replay's translation to lavapipe's
# work, so where the README has a figure the bound is judged against it; the 4096 x 2048 x 4 trace
# has none, so there lavapipe through the replay, measured here, is the reference.
README_SECONDS = {"stress-2k": 0.31, "stress-2k-4x": 1.13}


def timed(cmd):
    """Wall seconds and child CPU seconds of one command; exits on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def check_dumps(trace, report):
    expected = os.path.join(BENCH, trace + ".expected.json")
    with open(expected) as f, open(report) as g:
        if json.load(f)["dumps"] != json.load(g)["dumps"]:
            sys.exit("%s: the dumps differ from %s" % (report, expected))


def fmt(xs):
    return "**%.2f s** (%.2f-%.2f)" % (statistics.median(xs), min(xs), max(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="runs of each (default 5; medians reported)")
    ap.add_argument("--gpusim", default=os.path.join(ROOT, "gpusim"), help="the launcher to time")
    ap.add_argument("--only", help="comma-separated run names (stress-2k, stress-2k-4x, 4096x2048x4, ...)")
    ap.add_argument("--floors", action="store_true",
                    help="also measure the warm simulate phase and lavapipe's cost of one more run (see above)")
    a = ap.parse_args()
    big = os.path.join(tempfile.gettempdir(), "gpusim-big-4096x2048x4.trace")
    runs = [r for r in RUNS if not a.only or r[0] in a.only.split(",")]
    if any(r[1] == "big" for r in runs) and not os.path.exists(big):
        subprocess.run([sys.executable, os.path.join(SHARED, "tools", "gen_stress.py"), "--width", "4096",
                        "--height", "2048", "--samples", "4", "--draws", "2000", big], check=True)
    out = os.path.join(tempfile.gettempdir(), "gpusim-targets.json")
    walls = {r[0]: [] for r in runs}
    cpus = {r[0]: [] for r in runs}
    lavapipe = {}  # trace: wall seconds of lavapipe's whole process, round by round
    jvm = []  # how busy the machine is: a bare JVM start (0.09-0.10 s in a quiet spell here)
    # One run first, untimed: a fresh build records its class-data archive then.
    timed([a.gpusim, "run", os.path.join(BENCH, "stress-2k.trace"), "--json", out, "-q"])
    for i in range(a.rounds):
        jvm.append(timed(["java", "-Xshare:auto", "-version"])[0])
        for name, trace, extra, _ in runs:
            path = big if trace == "big" else os.path.join(BENCH, trace + ".trace")
            w, c = timed([a.gpusim, "run", path, "--json", out, "-q"] + extra)
            walls[name].append(w)
            cpus[name].append(c)
            if trace != "big":
                check_dumps(trace, out)
        for trace in dict.fromkeys(r[1] for r in runs):
            path = big if trace == "big" else os.path.join(BENCH, trace + ".trace")
            lavapipe.setdefault(trace, []).append(
                timed([a.gpusim, "replay", path, "--device", "llvmpipe", "--json", out, "-q"])[0])
        print("round %d of %d done" % (i + 1, a.rounds), file=sys.stderr)
    print("A bare JVM start (`java -version`) took %.2f s (%.2f-%.2f): the spell these figures are from."
          % (statistics.median(jvm), min(jvm), max(jvm)))
    print()
    print("| run | wall, median (range) | CPU, median | reference | ratio | lavapipe through the replay here "
          "| ratio to it | bound | memory path (against surfaces out of memory) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, trace, extra, bound in runs:
        med = statistics.median(walls[name])
        lv = lavapipe[trace]
        here = med / statistics.median(lv)
        ref = README_SECONDS.get(trace)
        ratio = here if ref is None else med / ref
        refs = "lavapipe here" if ref is None else "%.2f s (../shared/bench)" % ref
        b = "-" if bound is None else "<= %gx: %s" % (bound, "met" if ratio <= bound else "not met")
        twin = [r[0] for r in runs if r[1] == trace and r[2] == OFF]
        if extra or not twin:
            mp = "-"
        else:
            cost = med / statistics.median(walls[twin[0]])
            mp = "%+.0f%%: %s" % (100 * (cost - 1), "met" if cost <= MEMORY_PATH_BOUND else "not met")
        print("| %s | %s | %.2f s | %s | %.2fx | %s | %.2fx | %s | %s |" % (
            name, fmt(walls[name]), statistics.median(cpus[name]), refs, ratio, fmt(lv), here, b, mp))
    room(runs, walls, lavapipe)
    if a.floors:
        floors(runs, big, out, walls, lavapipe, a)


def room(runs, walls, lavapipe):
    """What each bound leaves the memory path: its time less the same run's with the surfaces out of memory."""
    rows = []
    for name, trace, extra, bound in runs:
        twin = [r[0] for r in runs if r[1] == trace and r[2] == OFF]
        if extra or bound is None or not twin:
            continue
        secs = bound * README_SECONDS.get(trace, statistics.median(lavapipe[trace]))
        off = statistics.median(walls[twin[0]])
        now = statistics.median(walls[name]) - off
        rows.append("| %s | %gx: %.2f s | %.2f s | %.2f s | %.2f s |" % (name, bound, secs, off, secs - off, now))
    if not rows:
        return
    print()
    print("What each bound leaves the memory path (medians): the bound's time less the same trace's run with "
          "the surfaces out of memory, against what the memory path costs now (the default run less that run).")
    print()
    print("| run | bound | surfaces out of memory | room for the memory path | memory path now |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(row)


WARM_RUNS = 8


def warm_simulate(path, extra):
    """Median wall ms of the last half of WARM_RUNS simulate phases in one warm JVM, both cores from the start."""
    keys = ["sim.threads_after_ms=0"] + [x for x in extra if x != "--set"]
    cmd = ["java", "-XX:+UseSerialGC", "-Xmn16m", "-XX:PretenureSizeThreshold=1m", "-XX:MaxRAMPercentage=75",
           "-cp", os.path.join(ROOT, "bench", "target", "benchmarks.jar"), "gpusim.bench.Warm", path, str(WARM_RUNS)] + keys
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))
    ms = [float(line.split(" ms wall")[0].rsplit(", ", 1)[1]) for line in p.stdout.splitlines() if " ms wall" in line]
    return statistics.median(ms[len(ms) // 2:]) / 1000


def floors(runs, big, out, walls, lavapipe, a):
    """The second table of --floors: what a run costs once started, against the bounds and targets."""
    print()
    print("What no start-up work can remove (medians): the simulate phase in a warm JVM with both cores; the "
          "rest of the whole process is start-up and warm-up (JVM, class loading, parse, JIT, surfaces). "
          "A bound leaves start-up and warm-up only the room in its last column.")
    print()
    print("| run | whole process | warm simulate, 2 cores | start-up and warm-up | lavapipe, one more run here "
          "| bound | its time | room for start-up and warm-up |")
    print("|---|---|---|---|---|---|---|---|")
    for name, trace, extra, bound in runs:
        path = big if trace == "big" else os.path.join(BENCH, trace + ".trace")
        warm = warm_simulate(path, extra)
        whole = statistics.median(walls[name])
        more = "-"
        if trace != "big" and not extra:
            one = [timed([a.gpusim, "replay", path, "--device", "llvmpipe", "--json", out, "-q"])[0] for _ in range(3)]
            four = [timed([a.gpusim, "replay", path, "--device", "llvmpipe", "--json", out, "-q", "--repeat", "4"])[0]
                    for _ in range(3)]
            more = "%.2f s" % ((statistics.median(four) - statistics.median(one)) / 3)
        ref = README_SECONDS.get(trace, statistics.median(lavapipe[trace]))
        which = "-" if bound is None else "%gx" % bound
        if bound is None:
            goal, room = "-", "-"
        else:
            secs = bound * ref
            goal, room = "%.2f s" % secs, "%.2f s" % (secs - warm)
        print("| %s | %.2f s | %.2f s | %.2f s | %s | %s | %s | %s |" % (
            name, whole, warm, whole - warm, more, which, goal, room))

if __name__ == "__main__":
    main()

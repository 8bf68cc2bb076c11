#!/usr/bin/env python3
"""Prints what the replays of run.sh measured beside the model's figures.

Usage: compare.py REPLAYS [MODEL [LIST...]]
  REPLAYS: an unpacked forget.tar.gz (NAME.replay.json, 7 runs each).
  MODEL: a folder of `gpusim run NAME.trace --preset h100 --json MODEL/NAME.json` reports of the same
  traces (probe-s1, probe-s4 and the variants of the lists), or "-" for none.
  LIST: variant lists in this folder (variants.txt when none is named).

For the probe, each section's occluder and test quad (median of the runs, ns); for the stress subsets,
the last two intervals (draw 166 and the draw before it).
"""
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import probe  # noqa: E402


def measured(path):
    r = json.load(open(path))
    stamps = sorted(r["timestamps"], key=lambda t: t["index"])
    runs = len(stamps[0]["ticks"])
    per = r["timestamp_period_ns"]
    return [statistics.median((stamps[i + 1]["ticks"][k] - stamps[i]["ticks"][k]) * per for k in range(runs))
            for i in range(len(stamps) - 1)]


def model(path):
    if not path or not os.path.exists(path):
        return None
    r = json.load(open(path))
    ts = next(d for d in r["dumps"] if d["buffer"] == "tsb")["values"]
    f = r["timestamp_frequency"]
    return [(ts[i + 1] - ts[i]) * 1e9 / f for i in range(len(ts) - 1)]


def main(rep, mod=None, *lists):
    mod = None if mod == "-" else mod
    for s in (1, 4):
        p = os.path.join(rep, "probe-s%d.replay.json" % s)
        if not os.path.exists(p):
            continue
        dev = measured(p)
        m = model(mod and os.path.join(mod, "probe-s%d.json" % s))
        print("== probe, %d sample(s): occluder and test quad, ns (model --preset h100 in brackets)" % s)
        idx = probe.main("/dev/null")
        for k, (first, t, name) in enumerate(idx):
            last = (idx[k + 1][0] if k + 1 < len(idx) else len(dev)) - 1
            dist = dev[first + 1:last]
            mm = "" if m is None else " [%6.0f %6.0f]" % (m[first], m[last])
            print("  T%-2d %-22s occluder %7.0f  test %7.0f  distractors %8.0f%s"
                  % (t, name, dev[first], dev[last], sum(dist), mm))
    print("== stress subsets: the draw before 166 and draw 166 (the last two intervals), ns; model in brackets")
    for lst in lists or ("variants.txt",):
        for line in open(os.path.join(HERE, lst)):
            name, spec = line.split()
            p = os.path.join(rep, name + ".replay.json")
            if not os.path.exists(p):
                continue
            dev = measured(p)
            m = model(mod and os.path.join(mod, name + ".json"))
            short = spec if len(spec) <= 32 else spec[:14] + "..." + spec[-15:]
            print("  %-15s %-32s %7.0f %7.0f%s" % (name, short, dev[-2], dev[-1],
                                                  "" if m is None else "  [%6.0f %6.0f]" % (m[-2], m[-1])))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(*sys.argv[1:])

#!/usr/bin/env python3
"""Each variant's intervals, measured and modelled, for the draws it lists last (README.md).

Usage: compare.py REPLAYS TRACES [PRESET]
  REPLAYS: the folder of NAME.replay.json (run.sh's archive, unpacked); TRACES: the folder of NAME.trace
  (subset.py's, the same sums as md5.txt there). Runs ./gpusim run on each trace with PRESET (h100).
Prints, for every variant, each listed draw's median interval over the runs and the model's, in ns.
"""
import json
import os
import subprocess
import sys

import numpy as np

from subset import parse

HERE = os.path.dirname(os.path.abspath(__file__))


def measured(path):
    j = json.load(open(path))
    t = np.array([x["ticks"] for x in j["timestamps"]], dtype=np.int64)
    return np.median(np.diff(t, axis=0), axis=1)


def modelled(trace, preset):
    out = trace + ".model.json"
    subprocess.run(["./gpusim", "run", trace, "--preset", preset, "--json", out, "-q"], check=True)
    ts = [d for d in json.load(open(out))["dumps"] if d["buffer"] == "tsb"][0]["values"]
    return np.diff(np.array(ts, dtype=np.int64))


def main(replays, traces, preset="h100"):
    for line in open(os.path.join(HERE, "variants.txt")):
        name, spec = line.split()
        rp = os.path.join(replays, name + ".replay.json")
        if not os.path.exists(rp):
            print("%-14s no replay" % name)
            continue
        d = measured(rp)
        m = modelled(os.path.join(traces, name + ".trace"), preset)
        draws = parse(spec)
        last = range(max(0, len(d) - 3), len(d))
        print("%-14s %s" % (name, "  ".join("draw %d: %.0f / %.0f" % (draws[k], d[k], m[k]) for k in last)))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])

#!/usr/bin/env python3
"""Each ZCULL probe quad's time by cell and round, from a replay of zcull-probe.py's trace.

Usage: python3 probe-cells.py REPLAY.json [MODEL.csv]

Prints, for each round (occluder squares of 32, 16 and 8 pixels), a 4 x 4 grid laid out as the
surface's cells (top row first) of the median over the replay's runs of the quad's interval in ns
(TIMESTAMP after the occluder to TIMESTAMP after the quad), and the same of the occluder draws.
MODEL.csv, `gpusim run TRACE --csv DIR`'s per-interval file if given, is printed beside it.
"""
import json
import statistics
import sys


def intervals(path):
    d = json.load(open(path))
    ts = sorted(d["timestamps"], key=lambda t: t["index"])
    runs = len(ts[0]["ticks"])
    period = d.get("timestamp_period_ns", 1.0)
    out = []
    for i in range(1, len(ts)):
        out.append(statistics.median((ts[i]["ticks"][r] - ts[i - 1]["ticks"][r]) * period for r in range(runs)))
    return out


def grids(iv):
    rounds = {}
    for cell in range(16):
        for k in range(3):
            occ = iv[2 * (3 * cell + k)]
            quad = iv[2 * (3 * cell + k) + 1]
            rounds.setdefault(k, []).append((occ, quad))
    return rounds


def main():
    iv = intervals(sys.argv[1])
    for k, s in enumerate((32, 16, 8)):
        cells = grids(iv)[k]
        print("round %d: occluder squares of %d px; quad ns (occluder us)" % (k, s))
        for row in range(4):
            print("  " + "  ".join("%7.0f (%6.1f)" % (q, o / 1000) for o, q in cells[4 * row:4 * row + 4]))


if __name__ == "__main__":
    main()

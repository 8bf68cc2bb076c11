#!/usr/bin/env python3
"""One line a trace from the rounds of run.sh: the lowest median among the rounds read at 1980 MHz
(as ../mechanisms/merge.py; a clock that fell during the runs only makes a round slower).

Usage: merge.py OUT.jsonl ROUND.jsonl...
"""
import json
import sys


def main(out, *rounds):
    best = {}
    order = []
    for path in rounds:
        for line in open(path):
            r = json.loads(line)
            if r["trace"] not in best:
                order.append(r["trace"])
            if r.get("graphics_clock_mhz") != 1980:
                best.setdefault(r["trace"], None)
                continue
            b = best.get(r["trace"])
            if b is None or r["median_ns"] < b["median_ns"]:
                best[r["trace"]] = r
    missing = [t for t in order if best[t] is None]
    with open(out, "w") as f:
        for t in order:
            if best[t] is not None:
                f.write(json.dumps(best[t]) + "\n")
    print("%s: %d traces, %d with no round at 1980 MHz%s" % (out, len(order) - len(missing), len(missing),
                                                             (": " + " ".join(missing)) if missing else ""))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])

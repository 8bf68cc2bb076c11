#!/usr/bin/env python3
"""Each ZCULL probe quad's time by cell and round, measured and modelled.

Usage: python3 probe-cells.py INTERVALS.csv [...]

INTERVALS.csv is `gpusim intervals TRACE REPLAY.json --preset P --out DIR`'s DIR/intervals.csv for a
trace of zcull-probe.py (interval i: draw i, the median over the replay's runs). For each round
(occluder squares of 32, 16 and 8 pixels) it prints the 16 cells laid out as on the surface (top row
first): the quad's interval measured / modelled in ns. A quad that ZCULL rejects whole takes about the
timestamp floor (640 ns); one tested sample by sample takes longer in proportion to its samples.
"""
import csv
import sys


def main(path):
    rows = list(csv.DictReader(open(path)))
    dev = [float(r["device_ns"]) for r in rows]
    mod = [float(r["model_ns"]) for r in rows]
    print(path)
    for k, s in enumerate((32, 16, 8)):
        print("  round %d (occluder squares of %d px): quad measured / modelled ns, occluder measured us" % (k, s))
        for row in range(4):
            cells = []
            for col in range(4):
                cell = 4 * row + col
                occ, quad = 2 * (3 * cell + k), 2 * (3 * cell + k) + 1
                cells.append("%6.0f /%6.0f (%5.1f)" % (dev[quad], mod[quad], dev[occ] / 1000))
            print("    " + "  ".join(cells))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        main(p)

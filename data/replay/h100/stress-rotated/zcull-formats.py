#!/usr/bin/env python3
"""What ZCULL formats by subregion, as the probe found them, would do to the per-draw stress figures.

Usage (from the repository root, PD as in README.md: `gpusim intervals --out PD/NAME` of each trace):
  python3 data/replay/h100/stress-rotated/zcull-formats.py ST/stress PD

The probe (probe/, docs/calibration-mechanisms.md, "ZCULL formats by subregion") found the 2048x1024
surface's 16 cells of 512x256 in three classes: A (cells 0-10 in raster order), B (11-13), C (14-15).
This rasterises each stress trace at the pixel centres (every draw's triangles in order, depth LESS)
keeping ZCULL far bounds per block of several sizes (a bound is learned where one triangle writes the
whole block, as coarse-zcull.py), counts per draw and cell the covered pixels each size rejects, and
prints, for every choice of block size in A, B and C, the figures of the model's intervals plus the
pixels the 8x8 bounds (the model's) reject and the chosen ones do not, read at 28 pixels a cycle
(rop.ztest_pixels_per_clock), minus those the chosen ones reject and 8x8 do not. Needs numpy; about
30 s a trace.
"""
import csv
import itertools
import os
import sys

import numpy as np

from stress_raster import H, W, coverage, draws

BLOCKS = [(4, 4), (4, 8), (8, 8), (16, 16), (32, 32)]
EIGHT = BLOCKS.index((8, 8))
MHZ = 1.98
CLASSES = [0] * 11 + [1] * 3 + [2] * 2  # cell (raster order) -> A, B, C


def rejected(trace):
    tris = draws(trace)
    depth = np.ones((H, W))
    bounds = {b: np.ones((H // b[1], W // b[0])) for b in BLOCKS}
    out = np.zeros((len(tris), 16, len(BLOCKS)))
    for d, draw in enumerate(tris):
        for p in draw:
            c = coverage(p, 32)
            if c is None:
                continue
            z, X0, Y0, cov = c
            h, w = cov.shape
            Y1, X1 = Y0 + h, X0 + w
            cell = (np.arange(Y0, Y1) * 4 // H)[:, None] * 4 + (np.arange(X0, X1) * 4 // W)[None, :]
            for k, (bw, bh) in enumerate(BLOCKS):
                zb = bounds[(bw, bh)][Y0 // bh:Y1 // bh, X0 // bw:X1 // bw]
                rej = np.kron(z >= zb, np.ones((bh, bw), bool)) & cov
                if rej.any():
                    out[d, :, k] += np.bincount(cell[rej], minlength=16)
            dep = depth[Y0:Y1, X0:X1]
            passed = cov & (z < dep)
            dep[passed] = z
            for bw, bh in BLOCKS:
                zb = bounds[(bw, bh)][Y0 // bh:Y1 // bh, X0 // bw:X1 // bw]
                zb[passed.reshape(h // bh, bh, w // bw, bw).sum(axis=(1, 3)) == bw * bh] = z
    return out


def main(stress, pd):
    names = ("stress-2k-ts", "stress-2k-4x-ts")
    data = {}
    for n in names:
        rows = list(csv.DictReader(open(os.path.join(pd, n, "intervals.csv"))))
        m = np.array([float(r["model_ns"]) for r in rows])
        d = np.array([float(r["device_ns"]) for r in rows])
        data[n] = (rejected(os.path.join(stress, n + ".trace")), m, d)

    def figures(n, choice):
        r, m, d = data[n]
        big = d >= 5000
        p = m.copy()
        for c in range(16):
            p += (r[:, c, EIGHT] - r[:, c, choice[CLASSES[c]]]) / 28 / MHZ
        return np.corrcoef(p, d)[0, 1], 100 * np.mean(np.abs(p[big] / d[big] - 1)), 100 * (p.sum() / d.sum() - 1)

    rows = []
    for choice in itertools.product(range(len(BLOCKS)), repeat=3):
        f1, f4 = figures(names[0], choice), figures(names[1], choice)
        rows.append((max(f1[1], f4[1]), choice, f1, f4))
    rows.sort(key=lambda t: t[0])
    print("A      B      C       1 sample: r, MAPE >= 5 us, total | 4 samples: r, MAPE >= 5 us, total")
    for _, choice, f1, f4 in [(0, (EIGHT,) * 3, figures(names[0], (EIGHT,) * 3), figures(names[1], (EIGHT,) * 3))] + rows[:12]:
        print("%-6s %-6s %-6s  %.4f %5.1f%% %+5.1f%% | %.4f %5.1f%% %+5.1f%%" % (
            *("%dx%d" % BLOCKS[k] for k in choice), *f1, *f4))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

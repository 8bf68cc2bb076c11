#!/usr/bin/env python3
"""What coarser ZCULL bounds in the surface's bottom-right corner would do to the per-draw stress figures.

Usage (from the repository root, after README.md's commands for the original traces, PD as there):
  python3 data/replay/h100/stress-rotated/coarse-zcull.py ST/stress PD [B ...]

A rasterisation of each trace at the pixel centres (every draw's triangles in order, depth LESS),
with the model's ZCULL rule: a tile's far bound becomes exact when one triangle writes every pixel
of it, and a triangle's tile is rejected when its depth is at or beyond that bound. It keeps the
bounds twice, per 8x8 pixels (the model's) and per B x B (B = 16 and 32 by default), and counts
for each draw the covered pixels of the corner (x 1024 on, y 768 on) that the 8x8 bounds reject
and the B x B ones do not. Those pixels, read at 28 a cycle (rop.ztest_pixels_per_clock), are
added to the model's interval, and the figures printed: the share of the corner's rejections lost,
the total, the linear r and the mean error on the draws of 5 us or more. PD/NAME/intervals.csv is
`gpusim intervals` of NAME against a replay (the H200's in data/replay/h200/transfer). Needs numpy;
about 20 s a trace and B.
"""
import csv
import os
import sys

import numpy as np

from stress_raster import H, W, coverage, draws

T = 8
CORNER = (768, 1024)  # y, x from which the corner runs
MHZ = 1980.0


def lost_pixels(tris, b):
    """Per draw: covered pixels of the corner that 8x8 bounds reject and b x b bounds do not; and all 8x8 rejects there."""
    depth = np.ones((H, W))
    fine = np.ones((H // T, W // T))
    coarse = np.ones((H // b, W // b))
    lost = np.zeros(len(tris))
    rejected = np.zeros(len(tris))
    cy, cx = CORNER[0] // T, CORNER[1] // T
    for d, draw in enumerate(tris):
        for p in draw:
            c = coverage(p, b)
            if c is None:
                continue
            z, X0, Y0, cov = c
            h, w = cov.shape
            Y1, X1 = Y0 + h, X0 + w
            per_tile = cov.reshape(h // T, T, w // T, T).sum(axis=(1, 3))
            per_block = cov.reshape(h // b, b, w // b, b).sum(axis=(1, 3))
            zf = fine[Y0 // T:Y1 // T, X0 // T:X1 // T]
            zc = coarse[Y0 // b:Y1 // b, X0 // b:X1 // b]
            rej_f = (per_tile > 0) & (z >= zf)
            rej_c = np.kron((per_block > 0) & (z >= zc), np.ones((b // T, b // T), bool)) & (per_tile > 0)
            ty, tx = np.meshgrid(np.arange(Y0 // T, Y1 // T), np.arange(X0 // T, X1 // T), indexing="ij")
            corner = (ty >= cy) & (tx >= cx)
            lost[d] += per_tile[rej_f & ~rej_c & corner].sum()
            rejected[d] += per_tile[rej_f & corner].sum()
            dep = depth[Y0:Y1, X0:X1]
            passed = cov & (z < dep)
            dep[passed] = z
            zf[passed.reshape(h // T, T, w // T, T).sum(axis=(1, 3)) == T * T] = z
            zc[passed.reshape(h // b, b, w // b, b).sum(axis=(1, 3)) == b * b] = z
    return lost, rejected


def main(stress, out, blocks):
    for name in ("stress-2k-ts", "stress-2k-4x-ts"):
        rows = list(csv.DictReader(open(os.path.join(out, name, "intervals.csv"))))
        m = np.array([float(r["model_ns"]) for r in rows])
        d = np.array([float(r["device_ns"]) for r in rows])
        big = d >= 5000
        tris = draws(os.path.join(stress, name + ".trace"))
        print("== %s: now total %+.1f%%, r %.4f, %.1f%% on the draws of 5 us or more"
              % (name, 100 * (m.sum() / d.sum() - 1), np.corrcoef(m, d)[0, 1], 100 * np.mean(np.abs(m[big] / d[big] - 1))))
        for b in blocks:
            lost, rejected = lost_pixels(tris, b)
            p = m + lost / 28 / MHZ * 1000
            print("  %dx%d bounds in the corner: %.0f%% of its rejections lost; total %+.1f%%, r %.4f, %.1f%%"
                  % (b, b, 100 * lost.sum() / rejected.sum(), 100 * (p.sum() / d.sum() - 1),
                     np.corrcoef(p, d)[0, 1], 100 * np.mean(np.abs(p[big] / d[big] - 1))))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], [int(b) for b in sys.argv[3:]] or [16, 32])

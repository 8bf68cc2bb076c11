#!/usr/bin/env python3
"""A probe of ZCULL by screen region (run on an H100: probe/, README.md, "The ZCULL probe").

Usage: python3 zcull-probe.py SAMPLES OUT.trace [WIDTH HEIGHT]

A WIDTH x HEIGHT surface (2048x1024 unless given) in 16 cells of a quarter its width and height
(512x256 by default). In each cell, three rounds: an occluder made of s x s
squares (two triangles each, aligned to s; s = 32, then 16, then 8), each round nearer than the
last, then one quad over the cell just behind that occluder, which every sample fails. A TIMESTAMP
after each draw. A ZCULL whose bounds in a cell are kept per B x B pixels learns the occluder's depth
only where one triangle covers a whole B x B block, so the quad is rejected whole (about the 640 ns
timestamp floor) when s >= B and tested sample by sample (1-2 us at 1 sample) when s < B: the
rounds tell each cell's granularity. The model, whose ZCULL keeps 8x8 bounds everywhere, takes
656-737 ns for every quad at 1 sample at 2048x1024.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import timestamped  # noqa: E402

def main(samples, out, W=2048, H=1024):
    cw, ch = W // 4, H // 4
    v, draws = [], []

    def quad(x0, y0, x1, y1, z):
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)):
            v.append("v %r %r %r 1 1 1 1 1" % (x * 2 / W - 1, 1 - y * 2 / H, z))

    for cy in range(0, H, ch):
        for cx in range(0, W, cw):
            for k, s in enumerate((32, 16, 8)):
                z = 0.5 - 0.125 * k
                first = len(v)
                for y in range(cy, cy + ch, s):
                    for x in range(cx, cx + cw, s):
                        quad(x, y, x + s, y + s, z)
                draws.append((first, len(v) - first))
                first = len(v)
                quad(cx, cy, cx + cw, cy + ch, z + 0.0625)
                draws.append((first, 6))
    n = len(draws)
    body = []
    for i, (first, count) in enumerate(draws):
        body += ["draw %d start=%d" % (count, first), "end_query tsq TIMESTAMP %d" % (i + 1)]
    lines = timestamped.lines(W, H, samples, n, v, body, clear_depth=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    main(int(sys.argv[1]), sys.argv[2], *(int(a) for a in sys.argv[3:]))

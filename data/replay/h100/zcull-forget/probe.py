#!/usr/bin/env python3
"""Does ZCULL forget a cell's bounds when other cells are drawn? (run on an H100: README.md)

Usage: python3 probe.py OUT.trace [SAMPLES]

A 2048x1024 surface (the stress traces' size) in 16 cells of 512x256, numbered in raster order as in
../stress-rotated/zcull-probe.py (cells 14 and 15 are the coarsest ZCULL format there, cell 0 one of the
finest). Each section clears depth to 1, teaches a test cell T with an occluder of 32-pixel squares at
depth 0.5 (which every cell learns from, in that probe), then draws some distractors, then one quad over
T just behind the occluder (0.5625), which every sample fails: rejected whole if ZCULL still holds T's
bounds, tested sample by sample if not. A TIMESTAMP after every draw, so each draw is an interval.

Distractors (each a draw): a quad over a whole cell D in front of everything there (depth 0.25, every
sample written), a cluster of 40 small triangles at random depths around a random point of D (as
`gpusim microbench --stress` draws them; seed fixed), one triangle of 8 pixels, or none. Six more
sections teach T otherwise (no distractors): the squares' two triangles in two draws, or the cell as
two triangles in one draw, to say whether ZCULL learns only what one triangle covers. `sections()` lists the sections;
`python3 probe.py --list` prints them with their first draw's interval index.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import timestamped  # noqa: E402

W, H = 2048, 1024
CW, CH = W // 4, H // 4


def cell(c):
    return (c % 4) * CW, (c // 4) * CH


def sections():
    """(test cell, name, occluder, distractors): the occluder "squares" (32-pixel squares, one draw), "split"
    (the same squares' upper-right triangles in one draw, their lower-left ones in the next) or "halves" (two
    triangles over the whole cell, one draw); distractors (kind, cell): "quad", "cluster" or "tiny" (one
    triangle of 8 pixels)."""
    out = []
    for t in (15, 14, 0):
        far = 0 if t != 0 else 15
        near = {15: 11, 14: 10, 0: 1}[t]
        side = {15: 14, 14: 15, 0: 4}[t]
        out.append((t, "none", "squares", []))
        for d in sorted({near, side, far, 6}):
            out.append((t, "quad@%d" % d, "squares", [("quad", d)]))
        out.append((t, "11 quads elsewhere", "squares", [("quad", d) for d in range(16) if d not in (t, near, side)][:11]))
        for d in (near, far):
            out.append((t, "11 clusters@%d" % d, "squares", [("cluster", d)] * 11))
        out.append((t, "1 cluster@%d" % near, "squares", [("cluster", near)]))
        out.append((t, "11 tiny@%d" % far, "squares", [("tiny", far)] * 11))
    for t in (15, 12, 0):
        out.append((t, "split occluder", "split", []))
        out.append((t, "halves occluder", "halves", []))
    return out


def main(out, samples=1):
    rnd = random.Random(7)
    v, lines, draws = [], [], []

    def vert(x, y, z):
        v.append("v %r %r %r 1 1 1 1 1" % (x * 2 / W - 1, 1 - y * 2 / H, z))

    def quad(x0, y0, x1, y1, z):
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)):
            vert(x, y, z)

    def draw(emit):
        first = len(v)
        emit()
        draws.append((first, len(v) - first))
        lines.append("draw %d start=%d" % (len(v) - first, first))
        lines.append("end_query tsq TIMESTAMP %d" % len(draws))

    index = []
    for t, name, occ, dist in sections():
        lines.append("clear_depth_stencil ds depth=1")
        cx, cy = cell(t)
        index.append((len(draws), t, name))

        def squares(part):
            for y in range(cy, cy + CH, 32):
                for x in range(cx, cx + CW, 32):
                    for i, (px, py) in enumerate(((x, y), (x + 32, y), (x + 32, y + 32), (x, y), (x + 32, y + 32), (x, y + 32))):
                        if part is None or i // 3 == part:
                            vert(px, py, 0.5)
        if occ == "squares":
            draw(lambda: squares(None))
        elif occ == "split":
            draw(lambda: squares(0))
            draw(lambda: squares(1))
        else:
            draw(lambda: quad(cx, cy, cx + CW, cy + CH, 0.5))
        for kind, d in dist:
            dx, dy = cell(d)
            if kind == "quad":
                draw(lambda: quad(dx, dy, dx + CW, dy + CH, 0.25))
            elif kind == "tiny":
                draw(lambda: (vert(dx + 8, dy + 8, 0.25), vert(dx + 16, dy + 8, 0.25), vert(dx + 8, dy + 16, 0.25)))
            else:
                mx, my = dx + rnd.uniform(0, CW), dy + rnd.uniform(0, CH)

                def cluster():
                    for _ in range(40):
                        z = rnd.random()
                        for _ in range(3):
                            vert(mx + rnd.uniform(-100, 100), my + rnd.uniform(-50, 50), z)
                draw(cluster)
        draw(lambda: quad(cx, cy, cx + CW, cy + CH, 0.5625))
    n = len(draws)
    out_lines = timestamped.lines(W, H, samples, n, v, lines,
                                  "# zcull-forget probe: %d sections, %d draws (probe.py)" % (len(index), n))
    with open(out, "w") as f:
        f.write("\n".join(out_lines) + "\n")
    return index


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        for first, t, name in main("/dev/null"):
            print(first, t, name)
    elif len(sys.argv) in (2, 3):
        main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
    else:
        sys.exit(__doc__)

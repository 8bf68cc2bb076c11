#!/usr/bin/env python3
"""What a depth or colour clear between draws costs (run on an H100: README.md).

Usage: python3 clears.py OUT.trace WIDTH HEIGHT SAMPLES [FORMAT]

One W x H surface pair (depth FORMAT, D32_FLOAT unless given). After a first draw, sections of a clear
and one small triangle (8 pixels), a TIMESTAMP after each triangle, so that each interval is a clear and
the draw behind it: the depth cleared to 1, 0.5, 1, 0.5 (each a new value), the colour target cleared
four times (black, grey, black, grey), both cleared together twice, then four triangles with no clear
(the floor). `--list` prints the sections.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import timestamped  # noqa: E402

SECTIONS = ([("depth", "depth=1"), ("depth", "depth=0.5")] * 2 + [("color", "0 0 0 1"), ("color", "0.5 0.5 0.5 1")] * 2
            + [("both", "depth=1")] * 2 + [("none", "")] * 4)


def main(out, w, h, samples, fmt="D32_FLOAT"):
    v = []
    body = []
    for i, (kind, arg) in enumerate(SECTIONS):
        if kind in ("depth", "both"):
            body.append("clear_depth_stencil ds %s" % arg)
        if kind == "color":
            body.append("clear_render_target rt %s" % arg)
        if kind == "both":
            body.append("clear_render_target rt 0 0 0 1")
        first = len(v)
        for x, y in ((8, 8), (16, 8), (8, 16)):
            v.append("v %r %r 0.25 1 1 1 1 1" % (x * 2 / w - 1, 1 - y * 2 / h))
        body += ["draw 3 start=%d" % first, "end_query tsq TIMESTAMP %d" % (i + 1)]
    lines = timestamped.lines(w, h, samples, len(SECTIONS), v, body,
                              "# clears probe: %dx%d, %d sample(s), %s (clears.py)" % (w, h, samples, fmt),
                              clear_depth=True)
    lines = [l + (" format=%s" % fmt if l.startswith("depth_stencil ds") and fmt != "D32_FLOAT" else "") for l in lines]
    open(out, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--list"]:
        for i, s in enumerate(SECTIONS):
            print(i, *s)
    elif len(sys.argv) in (5, 6):
        main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), *sys.argv[5:])
    else:
        sys.exit(__doc__)

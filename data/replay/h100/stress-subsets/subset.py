#!/usr/bin/env python3
"""Writes a per-draw stress trace that draws only some of another's draws, in the order given.

Usage: subset.py SOURCE.trace OUT.trace DRAWS
  DRAWS: comma-separated draw indices or ranges (a-b, inclusive), e.g. 0-152,166 or 152,166,166. A single
  draw may be moved: D@C draws D's triangles translated into cell C of the surface's 4x4 grid (raster
  order, cells a quarter of the width and height; D keeps its place within its own cell), D~A:B with
  each depth z mapped to A + (B - A) z, D/K draws only D's first K triangles, D*R draws D's triangles R
  times over in one draw; in that order, as D@C~A:B/K*R. A changed draw's vertices are appended to the
  vertex buffer. =COMMAND inserts a command of the trace format as it is, '+' for each space (e.g.
  =dispatch+1+1+1), with no query around it: it is no draw and has no interval of its own.

SOURCE is a trace of `gpusim microbench --stress` (a TIMESTAMP and an OCCLUSION query around each draw
of 120 vertices, draw i starting at vertex 120 i). OUT keeps SOURCE's surfaces, pipeline state, vertex
buffer, clears and resolves, and draws the listed draws with the same queries around each, so that its
interval k is the k-th listed draw. What each variant asks is in README.md.
"""
import collections
import re
import sys


Pick = collections.namedtuple("Pick", "draw cell z tris repeat raw", defaults=(None,))


def picks(spec):
    """A Pick for each draw of DRAWS, in order: cell, z ((A, B)) and tris None where not given."""
    out = []
    for part in spec.split(","):
        if part.startswith("="):
            out.append(Pick(None, None, None, None, 1, part[1:].replace("+", " ")))
            continue
        m = re.fullmatch(r"(\d+)-(\d+)", part)
        if m:
            out.extend(Pick(d, None, None, None, 1) for d in range(int(m.group(1)), int(m.group(2)) + 1))
            continue
        m = re.fullmatch(r"(\d+)(?:@(\d+))?(?:~([0-9.]+):([0-9.]+))?(?:/(\d+))?(?:\*(\d+))?", part)
        if not m:
            sys.exit("subset.py: bad draw %r" % part)
        g = m.groups()
        out.append(Pick(int(g[0]), None if g[1] is None else int(g[1]),
                        None if g[2] is None else (float(g[2]), float(g[3])),
                        None if g[4] is None else int(g[4]), 1 if g[5] is None else int(g[5])))
    return out


def parse(spec):
    """The source draw of each draw of DRAWS."""
    return [p.draw for p in picks(spec) if p.raw is None]


def moved(verts, cell, z):
    """verts (the trace's "v X Y Z W ..." lines) translated into cell and with depths mapped by z."""
    out = []
    xs = [float(v.split()[1]) for v in verts]
    ys = [float(v.split()[2]) for v in verts]
    # NDC: a cell is half a unit wide and high; row 0 at the top (y = +1). The draw's own cell is
    # taken from its vertices' centre.
    dx = dy = 0.0
    if cell is not None:
        cx = min(3, max(0, int((sum(xs) / len(xs) + 1) * 2)))
        cy = min(3, max(0, int((1 - sum(ys) / len(ys)) * 2)))
        dx = (cell % 4 - cx) * 0.5
        dy = -(cell // 4 - cy) * 0.5
    for v, x, y in zip(verts, xs, ys):
        p = v.split()
        zz = float(p[3]) if z is None else z[0] + (z[1] - z[0]) * float(p[3])
        out.append(" ".join(["v", repr(x + dx), repr(y + dy), repr(zz)] + p[4:]))
    return out


def main(src, dst, spec):
    every = picks(spec)
    keep = [p for p in every if p.raw is None]
    lines = open(src).read().split("\n")
    vb = lines.index("vertex_buffer vb")
    vend = lines.index("end", vb)
    verts = lines[vb + 1:vend]
    extra = []
    first = next(i for i, l in enumerate(lines) if l.startswith("begin_query occ OCCLUSION"))
    tail = next(i for i, l in enumerate(lines) if l.startswith("resolve_query_data"))
    starts = {}
    for l in lines[first:tail]:
        m = re.match(r"draw (\d+) start=(\d+)$", l)
        if m:
            starts[len(starts)] = (int(m.group(1)), int(m.group(2)))
    n = len(keep)
    head = []
    for l in lines[:first]:
        l = re.sub(r"^query_heap occ type=OCCLUSION count=\d+", "query_heap occ type=OCCLUSION count=%d" % n, l)
        l = re.sub(r"^buffer res size=\d+", "buffer res size=%d" % (8 * n), l)
        l = re.sub(r"^query_heap tsq type=TIMESTAMP count=\d+", "query_heap tsq type=TIMESTAMP count=%d" % (n + 1), l)
        l = re.sub(r"^buffer tsb size=\d+", "buffer tsb size=%d" % (8 * (n + 1)), l)
        head.append(l)
    body = []
    k = -1
    for p in every:
        if p.raw is not None:
            body.append(p.raw)
            continue
        k += 1
        count, start = starts[p.draw]
        if p.cell is not None or p.z is not None or p.tris is not None or p.repeat != 1:
            count = count if p.tris is None else min(count, 3 * p.tris)
            new = moved(verts[start:start + count], p.cell, p.z) * p.repeat
            count = len(new)
            start = len(verts) + len(extra)
            extra.extend(new)
        body.append("begin_query occ OCCLUSION %d" % k)
        if k == 0:
            body.append("end_query tsq TIMESTAMP 0")
        body.append("draw %d start=%d" % (count, start))
        body.append("end_query tsq TIMESTAMP %d" % (k + 1))
        body.append("end_query occ OCCLUSION %d" % k)
    end = ["resolve_query_data occ OCCLUSION 0 %d res 0" % n,
           "resolve_query_data tsq TIMESTAMP 0 %d tsb 0" % (n + 1)]
    rest = [l for l in lines[tail:] if not l.startswith("resolve_query_data")]
    head = head[:vend] + extra + head[vend:]
    open(dst, "w").write("\n".join(head + body + end + rest))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

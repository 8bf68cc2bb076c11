#!/usr/bin/env python3
"""Writes a per-draw stress trace that draws only some of another's draws, in the order given.

Usage: subset.py SOURCE.trace OUT.trace DRAWS
  DRAWS: comma-separated draw indices or ranges (a-b, inclusive), e.g. 0-152,166 or 152,166,166.

SOURCE is a trace of `gpusim microbench --stress` (a TIMESTAMP and an OCCLUSION query around each draw
of 120 vertices, draw i starting at vertex 120 i). OUT keeps SOURCE's surfaces, pipeline state, vertex
buffer, clears and resolves, and draws the listed draws with the same queries around each, so that its
interval k is the k-th listed draw. What each variant asks is in README.md.
"""
import re
import sys


def parse(spec):
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def main(src, dst, spec):
    keep = parse(spec)
    lines = open(src).read().split("\n")
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
    for k, d in enumerate(keep):
        count, start = starts[d]
        body.append("begin_query occ OCCLUSION %d" % k)
        if k == 0:
            body.append("end_query tsq TIMESTAMP 0")
        body.append("draw %d start=%d" % (count, start))
        body.append("end_query tsq TIMESTAMP %d" % (k + 1))
        body.append("end_query occ OCCLUSION %d" % k)
    end = ["resolve_query_data occ OCCLUSION 0 %d res 0" % n,
           "resolve_query_data tsq TIMESTAMP 0 %d tsb 0" % (n + 1)]
    rest = [l for l in lines[tail:] if not l.startswith("resolve_query_data")]
    open(dst, "w").write("\n".join(head + body + end + rest))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

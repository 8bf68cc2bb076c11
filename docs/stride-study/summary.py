#!/usr/bin/env python3
"""Summary tables of the counter-stride study (docs/stride-study.md) from the sweeps' results.csv.

usage: summary.py OUT_DIR   (OUT_DIR holds strided/ and baseline-4/, baseline-16/ from regenerate.sh)
"""
import csv
import os
import sys

out = sys.argv[1]


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


strided = rows(os.path.join(out, "strided", "results.csv"))
baseline = []
for d in ["4", "16"]:
    for r in rows(os.path.join(out, "baseline-" + d, "results.csv")):
        r["db.count"] = d  # set for the whole sweep (--set), not a column
        baseline.append(r)
MEMS = ["none", "hbm3", "gddr6"]
STRIDES = ["64", "128", "256"]
L2 = [("off", "direct", "L2 off"), ("on", "direct", "L2 on, counters direct"), ("on", "l2", "L2 on, counters through L2")]


def get(rs, want):
    for r in rs:
        if all(r[k] == v for k, v in want.items()):
            return r
    raise KeyError(want)


def num(r, k):
    v = r[k]
    return float(v) if v != "" else float("nan")


def fmt(x, digits=0):
    if x != x:
        return "-"
    return f"{x:,.{digits}f}"


print("## Counter-write latency by stride (cycles, p50 / p95 / max)\n")
print("Render back ends, L2 off, the frame's surfaces in memory.\n")
print("| memory | DBs | interleave | stride 64 | stride 128 | stride 256 | frame cycles 64 / 256 |")
print("|---|---|---|---|---|---|---|")
for m in MEMS:
    for d in ["4", "16"]:
        for il in ["256", "1024"]:
            cells = []
            cyc = []
            for s in STRIDES:
                r = get(strided, {"memory.dram": m, "param.STRIDE": s, "db.count": d, "memory.interleave": il,
                                  "l2.enabled": "off", "query.counter_path": "direct"})
                cells.append(f"{fmt(num(r, 'queries.counter_write_latency_p50'))} / "
                             f"{fmt(num(r, 'queries.counter_write_latency_p95'))} / "
                             f"{fmt(num(r, 'queries.counter_write_latency_max'))}")
                cyc.append(num(r, "run.cycles"))
            print(f"| {m} | {d} | {il} | " + " | ".join(cells) + f" | {fmt(cyc[0])} / {fmt(cyc[2])} |")

print("\n## The L2 and the counter path (16 DBs, 1024-byte interleave)\n")
print("| memory | L2 | stride | p95 | max | counter row conflicts | counter row misses | row conflicts, all | frame cycles |")
print("|---|---|---|---|---|---|---|---|---|")
for m in MEMS:
    for en, path, label in L2:
        for s in STRIDES:
            r = get(strided, {"memory.dram": m, "param.STRIDE": s, "db.count": "16", "memory.interleave": "1024",
                              "l2.enabled": en, "query.counter_path": path})
            print(f"| {m} | {label} | {s} | {fmt(num(r, 'queries.counter_write_latency_p95'))} | "
                  f"{fmt(num(r, 'queries.counter_write_latency_max'))} | {fmt(num(r, 'memory.row_conflicts_counter'))} | "
                  f"{fmt(num(r, 'memory.row_misses_counter'))} | {fmt(num(r, 'memory.row_conflicts'))} | "
                  f"{fmt(num(r, 'run.cycles'))} |")

print("\n## What the counter writes cost the frame, and the aggregated report\n")
print("Frame cycles; 'no WriteQuery' is the same frame with only the D3D12 queries (resolved at the end). "
      "L2 off, counters direct. The ROP back end (one 16-byte report per BeginQuery/EndQuery, summed on "
      "chip) has as many ROP units as the render back ends have DBs; its latency is EndQuery to the report landed.\n")
print("| memory | DBs | interleave | WriteQuery, best stride | its cost | no WriteQuery (RBs) | ROPs, no WriteQuery | "
      "latency p95: RB stride 256 / ROP report |")
print("|---|---|---|---|---|---|---|---|")
for m in MEMS:
    for d in ["4", "16"]:
        for il in ["256", "1024"]:
            best = None
            for s in STRIDES:
                r = get(strided, {"memory.dram": m, "param.STRIDE": s, "db.count": d, "memory.interleave": il,
                                  "l2.enabled": "off", "query.counter_path": "direct"})
                if best is None or num(r, "run.cycles") < num(best[1], "run.cycles"):
                    best = (s, r)
            rb = get(baseline, {"backend.kind": "render_back_ends", "memory.dram": m, "memory.interleave": il,
                                "l2.enabled": "off", "query.counter_path": "direct", "db.count": d})
            rop = get(baseline, {"backend.kind": "rops", "memory.dram": m, "memory.interleave": il,
                                 "l2.enabled": "off", "query.counter_path": "direct", "db.count": d})
            s256 = get(strided, {"memory.dram": m, "param.STRIDE": "256", "db.count": d, "memory.interleave": il,
                                 "l2.enabled": "off", "query.counter_path": "direct"})
            cost = num(best[1], "run.cycles") - num(rb, "run.cycles")
            print(f"| {m} | {d} | {il} | {fmt(num(best[1], 'run.cycles'))} (stride {best[0]}) | "
                  f"+{fmt(cost)} ({fmt(100 * cost / num(rb, 'run.cycles'), 1)}%) | {fmt(num(rb, 'run.cycles'))} | "
                  f"{fmt(num(rop, 'run.cycles'))} | {fmt(num(s256, 'queries.counter_write_latency_p95'))} / "
                  f"{fmt(num(rop, 'queries.counter_write_latency_p95'))} |")

print("\n## Who fills the channels (16 DBs, 1024-byte interleave, stride 256, L2 off)\n")
print("| memory | depth bytes | colour bytes | counter bytes | counter share |")
print("|---|---|---|---|---|")
for m in MEMS:
    r = get(strided, {"memory.dram": m, "param.STRIDE": "256", "db.count": "16", "memory.interleave": "1024",
                      "l2.enabled": "off", "query.counter_path": "direct"})
    moved = num(r, "memory.bytes_moved")
    c = num(r, "memory.bytes_counter")
    print(f"| {m} | {fmt(num(r, 'memory.bytes_depth'))} | {fmt(num(r, 'memory.bytes_color'))} | {fmt(c)} | "
          f"{fmt(100 * c / (num(r, 'memory.bytes_depth') + num(r, 'memory.bytes_color') + c), 2)}% |")

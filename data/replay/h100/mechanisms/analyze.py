#!/usr/bin/env python3
"""The figures of README.md: each sweep of mechanisms.jsonl fitted, and the model's error on it.

Usage (from this folder): python3 analyze.py [CORRELATE_DIR]
CORRELATE_DIR is `gpusim correlate TRACES mechanisms.jsonl --preset h200 --out CORRELATE_DIR`'s
output (its traces.csv gives the predictions); without it, the sweeps alone.
Needs numpy.
"""
import csv
import json
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MHZ = 1980.0


def load():
    t = {}
    with open(os.path.join(HERE, "mechanisms.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            t[m["trace"]] = m["median_ns"]
    return t


def predictions(d):
    if d is None:
        return {}
    p = {}
    with open(os.path.join(d, "traces.csv")) as f:
        for row in csv.DictReader(f):
            p[row["trace"]] = float(row["predicted_ns"])
    return p


def err(pred, name, meas):
    return 100.0 * (pred[name] / meas - 1) if name in pred else float("nan")


def summary(pred, names, t):
    e = [err(pred, n, t[n]) for n in names if n in pred]
    if not e:
        return "no predictions"
    a = np.abs(e)
    return (f"{len(e)} traces: MAPE {a.mean():.1f}%, mean signed {np.mean(e):+.1f}%, "
            f"{(a <= 10).mean() * 100:.0f}% within 10%, worst {e[int(np.argmax(a))]:+.0f}%")


def fit(x, y):
    b, a = np.polyfit(x, y, 1)
    r = y - (a + b * x)
    return a, b, r


def resolve(t, pred):
    print("## resolve\n")
    ns = sorted(int(m.group(1)) for n in t if (m := re.match(r"occq-resolve-s1-n(\d+)$", n)))
    y = np.array([t[f"occq-resolve-s1-n{n}"] for n in ns], float)
    x = np.array(ns, float)
    print("| N | measured ns | model ns | error |\n|---|---|---|---|")
    for n, v in zip(ns, y):
        name = f"occq-resolve-s1-n{n}"
        print(f"| {n} | {v:.0f} | {pred.get(name, float('nan')):.0f} | {err(pred, name, v):+.0f}% |")
    for lo, hi in ((1, 4096), (1, 8), (16, 4096), (256, 4096)):
        s = (x >= lo) & (x <= hi)
        a, b, r = fit(x[s], y[s])
        print(f"\nfit N = {lo}..{hi}: t = {a:.0f} ns + {b:.2f} ns x N; residuals {r.min():+.0f} .. {r.max():+.0f} ns "
              f"({(r / y[s]).min() * 100:+.0f}% .. {(r / y[s]).max() * 100:+.0f}%)")
    print("\nmodel: " + summary(pred, [f"occq-resolve-s1-n{n}" for n in ns], t) + "\n")


def zcull(t, pred):
    print("## zcull\n")
    rows = []
    for n in t:
        m = re.match(r"depthonly-querypass-s(\d)-(\d+)x(\d+)-k8$", n)
        if m:
            s, w, h = map(int, m.groups())
            rows.append((w * h, w, h, s, n))
    shapes = sorted({(p, w, h) for p, w, h, _, _ in rows})
    print("ns a layer (8 layers), and in brackets samples a clock at 1980 MHz; model error after the slash\n")
    print("| W x H | pixels | s1 | s2 | s4 | s8 |\n|---|---|---|---|---|---|")
    for p, w, h in shapes:
        cells = []
        for s in (1, 2, 4, 8):
            n = f"depthonly-querypass-s{s}-{w}x{h}-k8"
            lay = t[n] / 8
            cells.append(f"{lay:.0f} ({p * s / (lay * MHZ / 1000):.0f}) / {err(pred, n, t[n]):+.0f}%")
        print(f"| {w}x{h} | {p / 1e6:.2f} M | " + " | ".join(cells) + " |")
    for s in (1, 2, 4, 8):
        print(f"\nmodel, {s} sample(s): " + summary(pred, [r[4] for r in rows if r[3] == s], t))
    print("\nmodel, all: " + summary(pred, [r[4] for r in rows], t) + "\n")


def reject(t, pred):
    print("## reject\n")
    print("1024x1024, ns for k layers (1, 2, 4, 8) and the least-squares ns a layer\n")
    print("| format | samples | k1 | k2 | k4 | k8 | ns a layer | model error k1..k8 |\n|---|---|---|---|---|---|---|---|")
    for f in ("d16", "d24s8", "d32", "d32s8"):
        for s in (1, 2, 4, 8):
            names = [f"depthfmt-{f}-f2b-s{s}-1024x1024-k{k}" for k in (1, 2, 4, 8)]
            y = np.array([t[n] for n in names], float)
            a, b, _ = fit(np.array([1, 2, 4, 8.0]), y)
            es = " ".join(f"{err(pred, n, t[n]):+.0f}%" for n in names)
            print(f"| {f} | {s} | " + " | ".join(f"{v:.0f}" for v in y) + f" | {b:.0f} | {es} |")
    print("\n4 layers on larger surfaces, ns (model error)\n")
    print("| format | side | s1 | s2 | s4 | s8 |\n|---|---|---|---|---|---|")
    for f in ("d32", "d32s8"):
        for side in (1024, 2048, 2896, 3344, 3648, 4096):
            cells = []
            for s in (1, 2, 4, 8):
                n = f"depthfmt-{f}-f2b-s{s}-{side}x{side}-k4"
                cells.append(f"{t[n]:.0f} ({err(pred, n, t[n]):+.0f}%)" if n in t else "-")
            print(f"| {f} | {side} | " + " | ".join(cells) + " |")
    print("\nbeyond the coverage: a layer's cycles = (pixels - C) x samples / r, fitted on 3344, 3648 and 4096\n")
    for f in ("d32", "d32s8"):
        for s in (1, 2, 4):
            sides = (3344, 3648, 4096)
            p = np.array([x * x for x in sides], float)
            cyc = np.array([t[f"depthfmt-{f}-f2b-s{s}-{x}x{x}-k4"] / 4 * MHZ / 1000 for x in sides])
            a, b, r = fit(p, cyc)
            print(f"- {f}, {s} sample(s): C = {-a / b / 1e6:.2f} M pixels, r = {s / b:.1f} samples a clock; "
                  f"residuals {(r / cyc).min() * 100:+.1f}% .. {(r / cyc).max() * 100:+.1f}%")
    names = [n for n in t if re.match(r"depthfmt-.*-f2b-", n)]
    print("\nmodel, 1024x1024: " + summary(pred, [n for n in names if "1024x1024" in n], t))
    print("model, larger: " + summary(pred, [n for n in names if "1024x1024" not in n], t))
    print("model, all: " + summary(pred, names, t) + "\n")


def fill(t, pred):
    print("## fill\n")
    print("least squares over the 9 sizes: t = a + b x samples; b in ps a sample (cycles a sample at 1980 MHz)\n")
    print("| mode | samples | a ns | b ps/sample | samples/clk | residuals | model error 128..2048 |\n"
          "|---|---|---|---|---|---|---|")
    for mode in ("depth", "color"):
        for s in (1, 2, 4, 8):
            names = sorted((n for n in t if re.match(fr"fill-{mode}-s{s}-\d+x\d+$", n)),
                           key=lambda n: int(n.split("-")[-1].split("x")[0]))
            side = np.array([int(n.split("-")[-1].split("x")[0]) for n in names], float)
            y = np.array([t[n] for n in names], float)
            x = side * side * s
            a, b, r = fit(x, y)
            es = " ".join(f"{err(pred, n, t[n]):+.0f}" for n in names)
            print(f"| {mode} | {s} | {a:.0f} | {b * 1000:.2f} | {1 / (b * MHZ / 1000):.1f} | "
                  f"{(r / y).min() * 100:+.0f}% .. {(r / y).max() * 100:+.0f}% | {es} |")
    print("\ndepth / colour, same size and samples:\n")
    print("| samples | " + " | ".join(str(x) for x in (128, 192, 256, 384, 512, 768, 1024, 1536, 2048)) + " |")
    print("|---|" + "---|" * 9)
    for s in (1, 2, 4, 8):
        print(f"| {s} | " + " | ".join(f"{t[f'fill-depth-s{s}-{x}x{x}'] / t[f'fill-color-s{s}-{x}x{x}']:.2f}"
                                        for x in (128, 192, 256, 384, 512, 768, 1024, 1536, 2048)) + " |")
    for mode in ("depth", "color"):
        for s in (1, 2, 4, 8):
            print(f"\nmodel, {mode} s{s}: " + summary(pred, [n for n in t if n.startswith(f"fill-{mode}-s{s}-")], t))
    print("\nmodel, all: " + summary(pred, [n for n in t if n.startswith("fill-")], t) + "\n")


def perquery(t, pred):
    print("## perquery\n")
    ns = (1, 2, 4, 8, 16, 32, 64, 128, 256)
    print("| N | none ns | OCCLUSION ns | difference | model none | model OCCLUSION |\n|---|---|---|---|---|---|")
    for n in ns:
        a, b = t[f"occq-none-s1-n{n}"], t[f"occq-occ-s1-n{n}"]
        print(f"| {n} | {a:.0f} | {b:.0f} | {b - a:.0f} | {pred.get(f'occq-none-s1-n{n}', float('nan')):.0f} | "
              f"{pred.get(f'occq-occ-s1-n{n}', float('nan')):.0f} |")
    x = np.array(ns, float)
    occ = np.array([t[f"occq-occ-s1-n{n}"] for n in ns], float)
    none = np.array([t[f"occq-none-s1-n{n}"] for n in ns], float)
    s = x >= 8
    a, b, r = fit(x[s], occ[s])
    print(f"\nfit OCCLUSION, N = 8..256: t = {a:.0f} ns + {b:.1f} ns x N; residuals {r.min():+.0f} .. {r.max():+.0f} ns")
    a, b, r = fit(x[s], occ[s] - none[s])
    print(f"fit OCCLUSION - none, N = 8..256: {a:.0f} ns + {b:.1f} ns x N ({b * MHZ / 1000:.0f} cycles a query)")
    if pred:
        po = np.array([pred[f"occq-occ-s1-n{n}"] for n in ns])
        pn = np.array([pred[f"occq-none-s1-n{n}"] for n in ns])
        a, b, _ = fit(x[s], po[s] - pn[s])
        print(f"model OCCLUSION - none, N = 8..256: {a:.0f} ns + {b:.1f} ns x N")
    print("\nmodel, none: " + summary(pred, [f"occq-none-s1-n{n}" for n in ns], t))
    print("model, OCCLUSION: " + summary(pred, [f"occq-occ-s1-n{n}" for n in ns], t) + "\n")


def main():
    t = load()
    pred = predictions(sys.argv[1] if len(sys.argv) > 1 else None)
    for f in (resolve, zcull, reject, fill, perquery):
        f(t, pred)
    if pred:
        print("## whole set\n\nmodel: " + summary(pred, list(t), t))


if __name__ == "__main__":
    main()

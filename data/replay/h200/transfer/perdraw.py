#!/usr/bin/env python3
"""Where the per-draw stress intervals still miss (docs/calibration-mechanisms.md,
"Where the 1-sample draws still miss").

Usage (from the repository root):
  ./gpusim microbench --out ST --set held-out --stress ../shared/bench/stress-2k.trace \
      --stress ../shared/bench/stress-2k-4x.trace
  for t in stress-2k-ts stress-2k-4x-ts; do
    ./gpusim intervals ST/stress/$t.trace data/replay/h200/transfer/$t.replay.json --preset h200 --out PD/$t
    ./gpusim run ST/stress/$t.trace --preset h200 --csv PD/$t
  done
  python3 data/replay/h200/transfer/perdraw.py ST/stress PD [NAME ...]

NAMEs default to stress-2k-ts and stress-2k-4x-ts; any other per-draw stress trace in ST/stress with
PD/NAME/intervals.csv will do (../../h100/stress-rotated: the same traces turned and mirrored). For each: the figures (total, linear r, mean error on the draws of 5 us or more, all, even
and odd draws); the replay against the second H200 session (../stress-variants); what a constant
cost at every draw boundary would do; the linear r without the outlying draws; each draw's excess
(device - model) against the pixels of the tiles ZCULL rejected in it; and the median log(device /
model) by where on the screen a draw lies (its triangles' centre). Interval i is draw i in these traces (a TIMESTAMP after
every draw). Needs numpy.
"""
import csv
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MHZ = 1980.0
W, H = 2048, 1024
NAMES = ["stress-2k-ts", "stress-2k-4x-ts"]


def replay_intervals(path):
    """Each interval's median over the runs, and the runs themselves (500 x runs)."""
    j = json.load(open(path))
    t = np.array([x["ticks"] for x in j["timestamps"]], dtype=np.int64)
    runs = np.diff(t, axis=0)
    return np.median(runs, axis=1), runs


def draw_centres(trace):
    """Each draw's centre on the screen: its triangles' vertex centroids, clamped to the screen, weighted by area."""
    v = []
    for line in open(trace):
        if line.startswith("v "):
            a = line.split()
            v.append((float(a[1]), float(a[2])))
    v = np.array(v).reshape(-1, 40, 3, 2)
    x = (v[..., 0] + 1) * W / 2
    y = (1 - v[..., 1]) * H / 2
    area = 0.5 * np.abs((x[..., 1] - x[..., 0]) * (y[..., 2] - y[..., 0])
                        - (y[..., 1] - y[..., 0]) * (x[..., 2] - x[..., 0]))
    cx = np.clip(x.mean(axis=2), 0, W - 1)
    cy = np.clip(y.mean(axis=2), 0, H - 1)
    wsum = area.sum(axis=1)
    return (area * cx).sum(axis=1) / wsum, (area * cy).sum(axis=1) / wsum


def reproducibility(first, second):
    """How far the two H200 sessions' replays of one trace are apart, and the draws whose runs spread."""
    a, runs = replay_intervals(first)
    b, _ = replay_intervals(second)
    big = a >= 5000
    print("  the H200 replay vs the stress-variants session (H200): draws of 5 us or more %.2f%% apart on average (at most %.1f%%);"
          " within a session the runs of a draw of 5 us or more span %.2f%% on average"
          % (100 * np.mean(np.abs(b[big] / a[big] - 1)), 100 * np.max(np.abs(b[big] / a[big] - 1)),
             100 * np.mean((runs.max(1) - runs.min(1))[big] / a[big])))
    spread = (runs.max(1) - runs.min(1)) / a
    for k in np.where(big & (spread > 0.1))[0]:
        print("    draw %d: runs %s ns, the other session %.0f ns" % (k, " ".join(str(x) for x in runs[k]), b[k]))


def figures(m, d, sel):
    big = sel & (d >= 5000)
    return "r %.4f, %.1f%% on %d draws of 5 us or more" % (
        np.corrcoef(m[sel], d[sel])[0, 1], 100 * np.mean(np.abs(m[big] / d[big] - 1)), big.sum())


def samples(trace):
    """The trace's samples a pixel (its render target's)."""
    for line in open(trace):
        if line.startswith("render_target "):
            return int(line.split("samples=")[1].split()[0])
    return 1


def main(stress, out, names):
    for name in names:
        trace = os.path.join(stress, name + ".trace")
        spp = samples(trace)
        rows = list(csv.DictReader(open(os.path.join(out, name, "intervals.csv"))))
        drawcsv = os.path.join(out, name, "draws.csv")
        draws = list(csv.DictReader(open(drawcsv))) if os.path.exists(drawcsv) else None
        m = np.array([float(r["model_ns"]) for r in rows])
        d = np.array([float(r["device_ns"]) for r in rows])
        i = np.arange(len(d))
        print("== %s (%d sample%s)" % (name, spp, "s" if spp > 1 else ""))
        print("  total %.3f / %.3f ms (%+.1f%%)" % (m.sum() / 1e6, d.sum() / 1e6, 100 * (m.sum() / d.sum() - 1)))
        print("  all: %s; even: %s; odd: %s" % (figures(m, d, i >= 0), figures(m, d, i % 2 == 0), figures(m, d, i % 2 == 1)))

        # The replay against the second session's (the same driver and clock, another call).
        first = os.path.join(HERE, name + ".replay.json")
        second = os.path.join(HERE, "..", "stress-variants", name + ".replay.json")
        if os.path.exists(first) and os.path.exists(second):
            reproducibility(first, second)

        # A constant cost at each boundary, on the intervals the model puts above the timestamp floor.
        for c in (55, 110, 160):
            p = np.where(m > 700, m + c, m)
            print("  +%d ns a draw boundary: total %+.1f%%, %s, all 500 draws %.1f%%"
                  % (c, 100 * (p.sum() / d.sum() - 1), figures(p, d, i >= 0), 100 * np.mean(np.abs(p / d - 1))))

        # The draws no count of the model's explains.
        order = np.argsort(-np.abs(d - m))[:3]
        for k in order:
            p = m.copy()
            p[k] = d[k]
            print("  draw %d exact: r %.4f" % (k, np.corrcoef(p, d)[0, 1]))

        # ZCULL: each draw's excess against its rejected tiles' pixels, tested at 32 samples a cycle.
        if draws is None:
            draws = [{"hiz_rejected_tiles": "0"}] * len(rows)
        rej = np.array([float(r["hiz_rejected_tiles"]) for r in draws]) * 64 * spp
        excess = (d - m) * MHZ / 1000
        ratio = excess * 32 / np.maximum(rej, 1)
        top = np.argsort(-rej)[:60]
        print("  excess / (rejected samples / 32), the 60 draws with the most rejected samples: median %.2f;"
              " above 0.5: %s" % (np.median(ratio[top]), ", ".join("%d (%.2f)" % (k, ratio[k])
                                                                    for k in top if ratio[k] > 0.5)))

        # By where the draw lies: median log(device / model) over the draws the model puts at 5 us or more.
        cx, cy = draw_centres(trace)
        sel = d >= 5000
        lr = np.log(d / m)
        print("  median log(device / model) by the draw's centre (draws of 5 us or more; count):")
        print("    y \\ x      " + "".join("%-15s" % ("%d-%d" % (x0, x0 + 512)) for x0 in range(0, W, 512)))
        for y0 in range(0, H, 256):
            cells = []
            for x0 in range(0, W, 512):
                s = sel & (cx >= x0) & (cx < x0 + 512) & (cy >= y0) & (cy < y0 + 256)
                cells.append("%+.3f (%2d)    " % (np.median(lr[s]) if s.any() else 0, s.sum()))
            print("    %4d-%-4d  %s" % (y0, y0 + 256, "".join(cells)))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:] or NAMES)

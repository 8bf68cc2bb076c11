#!/usr/bin/env python3
"""The same traces measured with both clear forms, and the model's error against each (README.md).

Usage: compare.py MODEL.csv TRANSFER.jsonl DEFERRED.jsonl
  MODEL.csv: `gpusim correlate`'s traces.csv (trace, category, predicted_ns, ...) for the traces.
Prints, by category, the traces measured both ways, how far deferred is from transfer (median and range of
deferred / transfer - 1), and the model's MAPE and mean |log error| against each; then the traces where the
two forms differ by more than 10%.
"""
import csv
import json
import math
import statistics
import sys


def load(path):
    return {r["trace"]: r["median_ns"] for r in map(json.loads, open(path))}


def main(model, transfer, deferred):
    pred = {r["trace"]: (r["category"], float(r["predicted_ns"])) for r in csv.DictReader(open(model))}
    t, d = load(transfer), load(deferred)
    names = [n for n in pred if n in t and n in d]
    cats = sorted({pred[n][0] for n in names}) + ["all"]
    print("%-10s %4s  %-28s  %-22s  %-22s" % ("category", "n", "deferred / transfer - 1", "model vs transfer",
                                               "model vs deferred"))
    for c in cats:
        ns = [n for n in names if c == "all" or pred[n][0] == c]
        ratio = [d[n] / t[n] - 1 for n in ns]
        et = [abs(pred[n][1] / t[n] - 1) for n in ns]
        ed = [abs(pred[n][1] / d[n] - 1) for n in ns]
        lt = [abs(math.log(pred[n][1] / t[n])) for n in ns]
        ld = [abs(math.log(pred[n][1] / d[n])) for n in ns]
        print("%-10s %4d  median %+6.1f%% (%+.0f%%..%+.0f%%)  MAPE %5.1f%%, log %.3f  MAPE %5.1f%%, log %.3f" % (
            c, len(ns), 100 * statistics.median(ratio), 100 * min(ratio), 100 * max(ratio),
            100 * statistics.mean(et), statistics.mean(lt), 100 * statistics.mean(ed), statistics.mean(ld)))
    print("traces whose two forms differ by more than 10%: transfer, deferred, model (ns)")
    for n in names:
        if abs(d[n] / t[n] - 1) > 0.10:
            print("  %-44s %10.0f %10.0f %10.0f" % (n, t[n], d[n], pred[n][1]))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

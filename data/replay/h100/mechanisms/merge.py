#!/usr/bin/env python3
"""Merges the rounds in raw/ into mechanisms.jsonl, one line a trace in the format gpusim calibrate --device writes.

The driver lowers the graphics clock while the GPU is mostly idle (nvidia-smi's event reason
0x1, GpuIdle: raw/clocks-2.csv), which these microsecond traces leave it; `calibrate --device`
reads the clock after each trace's runs. A trace's measurement is the round with the lowest median
among those whose reading was the maximum (1980 MHz): a clock that fell during the runs and was
back at the maximum when read only makes a round slower (depthonly-querypass-s2-4096x4096-k8:
11.67 ms in call 1, 14.49 and 14.63 ms in call 2's rounds, all read at 1980 MHz); a trace with no such round
keeps the round read at the highest clock, scaled to 1980 MHz (t x clock / 1980: these traces
are bound by the graphics clock, and the rounds at different clocks agree so within 1-3%), and
says so ("scaled_from_mhz").

Usage: python3 merge.py  (from this folder; writes mechanisms.jsonl)
"""
import glob
import json
import os

MAX_MHZ = 1980
HERE = os.path.dirname(os.path.abspath(__file__))


def at_full_clock(measurements):
    """The measurement with the lowest median among those read at MAX_MHZ, or None if there is none."""
    full = [m for m in measurements if m.get("graphics_clock_mhz") == MAX_MHZ]
    return min(full, key=lambda m: m["median_ns"]) if full else None


def main():
    rounds = {}
    for path in sorted(glob.glob(os.path.join(HERE, "raw", "call-*.jsonl"))):
        name = os.path.basename(path)[:-len(".jsonl")]
        with open(path) as f:
            for line in f:
                m = json.loads(line)
                rounds.setdefault(m["trace"], []).append((name, m))
    with open(os.path.join(HERE, "mechanisms.jsonl"), "w") as out:
        for trace in sorted(rounds):
            got = rounds[trace]
            best = at_full_clock([m for _, m in got])
            first = got[0][1]
            line = {"trace": trace}
            if best is not None:
                n, m = next((n, m) for n, m in got if m is best)
                line["median_ns"] = m["median_ns"]
                line["runs_ns"] = m["runs_ns"]
                line["graphics_clock_mhz"] = MAX_MHZ
                line["round"] = n
                line["other_rounds_ns"] = [o["median_ns"] for o_n, o in got if o_n != n]
            else:
                n, m = max(got, key=lambda nm: nm[1].get("graphics_clock_mhz", 0))
                mhz = m["graphics_clock_mhz"]
                line["median_ns"] = round(m["median_ns"] * mhz / MAX_MHZ)
                line["runs_ns"] = m["runs_ns"]
                line["graphics_clock_mhz"] = mhz
                line["scaled_from_mhz"] = mhz
                line["round"] = n
                line["other_rounds_ns"] = [o["median_ns"] for o_n, o in got if o_n != n]
            line["device"] = first["device"]
            line["timestamp_period_ns"] = first["timestamp_period_ns"]
            line["driver"] = first["driver"]
            line["memory_clock_mhz"] = first.get("memory_clock_mhz")
            line["clears"] = first["clears"]
            out.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()

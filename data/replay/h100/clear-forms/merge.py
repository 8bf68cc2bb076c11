#!/usr/bin/env python3
"""One line a trace from the rounds of run.sh: the lowest median among the rounds read at 1980 MHz
(../mechanisms/merge.py's rule; a clock that fell during the runs only makes a round slower). A trace with
no such round is left out, and named.

Usage: merge.py OUT.jsonl ROUND.jsonl...
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mechanisms"))
from merge import at_full_clock  # noqa: E402


def main(out, *rounds):
    got = {}
    for path in rounds:
        for line in open(path):
            r = json.loads(line)
            got.setdefault(r["trace"], []).append(r)
    best = {t: at_full_clock(ms) for t, ms in got.items()}
    missing = [t for t in got if best[t] is None]
    with open(out, "w") as f:
        for t in got:
            if best[t] is not None:
                f.write(json.dumps(best[t]) + "\n")
    print("%s: %d traces, %d with no round at 1980 MHz%s" % (out, len(got) - len(missing), len(missing),
                                                             (": " + " ".join(missing)) if missing else ""))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])

#!/usr/bin/env bash
# Regenerates the counter-stride study of docs/stride-study.md: two sweeps of the study frame
# with its surfaces in memory, then the summary tables (summary.md) the page quotes.
#   docs/stride-study/regenerate.sh [OUT_DIR]      (default: study; JOBS=N sets --jobs)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out="${1:-study}"
jobs="${JOBS:-2}"
common=(--set surfaces.in_memory=on --set compression.fast_clear=off --set compression.depth_planes=off --jobs "$jobs" -q)
# 1. Per-DB counters written at a stride by WriteQuery (render back ends): memory x stride x
#    DBs x interleave x L2 x counter path (with the L2 off both paths are the same).
./gpusim sweep examples/occlusion-study.trace "${common[@]}" \
    --vary memory.dram=none,hbm3,gddr6 --vary param.STRIDE=64,128,256 --vary db.count=4,16 \
    --vary memory.interleave=256,1024 --vary l2.enabled=off,on --vary query.counter_path=direct,l2 \
    --metric queries.counter_write_latency_p95 --out "$out/strided"
# 2. The same frame without WriteQuery (only the queries, resolved at the end), on the render
#    back ends (what the counter writes cost the frame) and on the ROPs (one report per query,
#    summed on chip), with as many ROP units as DBs: 4 partitions of db.count / 4 units.
for d in 4 16; do
    ./gpusim sweep examples/occlusion-study-resolve.trace "${common[@]}" \
        --set db.count="$d" --set rop.units_per_partition=$((d / 4)) \
        --vary backend.kind=render_back_ends,rops --vary memory.dram=none,hbm3,gddr6 \
        --vary memory.interleave=256,1024 --vary l2.enabled=off,on --vary query.counter_path=direct,l2 \
        --metric queries.counter_write_latency_p95 --out "$out/baseline-$d"
done
# 3. The picture: p95 against the stride on HBM3, 16 DBs, 1024-byte interleave, a line per L2 setting.
./gpusim sweep examples/occlusion-study.trace "${common[@]}" \
    --set memory.dram=hbm3 --set db.count=16 --set memory.interleave=1024 \
    --vary param.STRIDE=64,128,256 --vary l2.enabled=off,on --vary query.counter_path=direct,l2 \
    --metric queries.counter_write_latency_p95 --out "$out/picture"
cp "$out/picture/queries.counter_write_latency_p95.png" docs/images/stride-study-p95.png
python3 docs/stride-study/summary.py "$out" > "$out/summary.md"
cp "$out/strided/results.csv" docs/stride-study-results.csv
cat "$out"/baseline-4/results.csv > docs/stride-study-baseline.csv
tail -n +2 "$out"/baseline-16/results.csv >> docs/stride-study-baseline.csv
echo "wrote $out/summary.md, docs/stride-study-results.csv, docs/stride-study-baseline.csv" >&2

#!/usr/bin/env bash
# Runs each trace under fifteen memory shapes with one build's jar, writing OUTDIR/TRACE.SHAPE.json,
# two runs at a time. Run it for two builds, then compare the reports with report-diff.py: a
# host-side change to the memory path must leave them equal (docs/performance.md).
#   bench/scripts/memory-shapes.sh JAR OUTDIR        (TRACES="a.trace b.trace" to choose the traces)
set -euo pipefail
jar=$1; out=$2; mkdir -p "$out"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
shared="$root/../shared"
cfgs=(
 "d|"
 "im|--set surfaces.in_memory=on"
 "l2|--set surfaces.in_memory=on --set l2.enabled=on"
 "nowc|--set surfaces.in_memory=on --set memory.write_combining=off"
 "bpc4|--set surfaces.in_memory=on --set memory.bytes_per_cycle=4"
 "nowcvar|--set surfaces.in_memory=on --set memory.write_combining=off --set memory.bytes_per_cycle=16 --set memory.partial_write_cycles=3"
 "q8|--set surfaces.in_memory=on --set memory.queue_depth=8 --set memory.channels=3 --set memory.hash=xor"
 "hbm|--set surfaces.in_memory=on --set memory.dram=hbm3"
 "flush|--set surfaces.in_memory=on --set compression.fast_clear=on --set compression.depth_planes=on --set surfaces.flush_at_end=on --set l2.enabled=on --set l2.flush_at_end=on --set memory.flush_at_host_sync=on"
 "il64|--set surfaces.in_memory=on --set memory.latency=1 --set memory.interleave=64"
 "il32|--set surfaces.in_memory=on --set memory.interleave=32 --set memory.line=32 --set memory.queue_depth=4"
 "part|--set surfaces.in_memory=on --set memory.partial_write_cycles=2"
 "bpc16|--set surfaces.in_memory=on --set memory.bytes_per_cycle=16"
 "console|--preset console"
 "desktop|--preset desktop"
)
traces="${TRACES:-$shared/bench/stress-2k.trace $root/examples/occlusion-study.trace $root/examples/predication-queries.trace $root/examples/queues.trace $shared/conformance/case-000.trace $shared/conformance/case-017.trace $shared/conformance/case-033.trace $shared/conformance/case-049.trace}"
for t in $traces; do
  b=$(basename "$t" .trace)
  for c in "${cfgs[@]}"; do
    n=${c%%|*}; a=${c#*|}
    java -XX:+UseSerialGC -Xmn16m -XX:TieredStopAtLevel=1 -jar "$jar" run "$t" $a --json "$out/$b.$n.json" -q > "$out/$b.$n.out" 2>&1 &
    if [ "$(jobs -r | wc -l)" -ge 2 ]; then wait -n; fi
  done
done
wait

#!/bin/bash
# 2026-12-02 14:27-14:31 UTC: the calibration set and the held-out set measured on the H200 with
# clears as transfers (--clears transfer, the replay's default since then), one category a process,
# in three rounds of 5 runs: `bash run.sh 1 extras`, then `bash run.sh 2 && bash run.sh 3` (59 s and
# 79 s of device time). transfer/calibration.jsonl and held-out.jsonl hold, per trace, the 15 runs
# and their median; every line was read at 1980 MHz (graphics) and 3201 MHz (memory). Round 1 also
# replayed the per-draw stress traces (stress-2k-ts.replay.json, stress-2k-4x-ts.replay.json, 7
# repeats) and checked the 61 conformance cases (conformance.txt: 0 words differ).
# Run from the repository root with .gl (the Vulkan loader debs) and .dev (jre.tar.xz, gpusim.jar)
# carried, as data/replay/h200/run.sh says.
K=$1; R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } > $R/machine-$K.txt 2>&1
$G microbench --out /tmp/ho --set held-out > $R/microbench.txt 2>&1
for set in cal held; do
  src=data/calibration/traces; [ $set = held ] && src=/tmp/ho/traces
  for c in depthfmt depthonly fill occq overdraw stencil tris; do mkdir -p /tmp/$set/$c; cp $src/$c-*.trace /tmp/$set/$c/; done
done
T0=$(date +%s)
for set in cal held; do
  for c in depthfmt depthonly fill occq overdraw stencil tris; do
    $G calibrate /tmp/$set/$c $R/$set-$c-$K.jsonl --device --runs 5 --measure-only --clears transfer > $R/$set-$c-$K.txt 2>&1
    echo "$set $c $(( $(date +%s) - T0 )) s" >> $R/progress-$K.txt
  done
  save
done
if [ "$2" = extras ]; then
  mkdir -p /tmp/st; for s in stress-2k stress-2k-4x; do gunzip -c harness/src/test/resources/bench/$s.trace.gz > /tmp/st/$s.trace; done
  $G microbench --out /tmp/mb --stress /tmp/st/stress-2k.trace --stress /tmp/st/stress-2k-4x.trace > $R/microbench-stress.txt 2>&1
  for s in stress-2k-ts stress-2k-4x-ts; do $G replay /tmp/mb/stress/$s.trace --repeat 7 --clears transfer --json $R/$s.replay.json -q > $R/$s.txt 2>&1; echo "$s rc=$? $(( $(date +%s) - T0 )) s" >> $R/progress-$K.txt; done
  save
  mkdir -p $R/conformance; $G check harness/src/test/resources/conformance/*.trace --clears transfer --out $R/conformance > $R/conformance.txt 2>&1; echo "conformance rc=$? $(( $(date +%s) - T0 )) s" >> $R/progress-$K.txt
  save
fi
nvidia-smi --query-gpu=clocks.gr,clocks.mem --format=csv >> $R/machine-$K.txt 2>&1
save; echo done

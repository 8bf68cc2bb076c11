#!/bin/bash
# On the device machine, from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar;
# as ../mechanisms/run-2.sh): the calibration set (data/calibration/traces), the held-out set and the reject
# sweep of the mechanisms set measured by `gpusim calibrate --device --runs 7 --measure-only` with the clears
# recorded as load operations (--clears deferred, as vkd3d-proton records a D3D12 clear), two rounds; the
# held-out set once more with the default (--clears transfer). nvidia-smi logs the clocks every 200 ms.
# Archive: $OUT/results.tar.gz.
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; }
. data/replay/h100/device-env.sh
Q=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr,clocks.max.mem,temperature.gpu,power.draw,power.limit
{ date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.gr,clocks.mem,clocks_event_reasons.active --format=csv -lms 200 > $R/clocks.csv 2>&1 &
SMI=$!
$G microbench --out /tmp/ho --set held-out > /dev/null 2>&1
$G microbench --out /tmp/mech --set mechanisms > /dev/null 2>&1
mkdir -p /tmp/reject; for n in $(awk -F'\t' '$3 == "reject" {print $1}' /tmp/mech/manifest.tsv); do cp /tmp/mech/traces/$n.trace /tmp/reject/; done
T0=$(date +%s)
m() { # NAME DIR FORM
  [ $(( $(date +%s) - T0 )) -gt 420 ] && { echo "$1 skipped: out of time" >> $R/progress.txt; return; }
  $G calibrate $2 $R/$1.jsonl --device --runs 7 --measure-only --clears $3 > $R/$1.txt 2>&1
  echo "$1 rc=$? $(( $(date +%s) - T0 )) s $(date -u +%T)" >> $R/progress.txt; save
}
for round in 1 2; do
  m calibration-deferred-r$round data/calibration/traces deferred
  m held-out-deferred-r$round /tmp/ho/traces deferred
  m reject-deferred-r$round /tmp/reject deferred
done
m held-out-transfer-r1 /tmp/ho/traces transfer
kill $SMI; { date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
save; cat $R/progress.txt

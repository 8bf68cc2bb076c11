#!/bin/bash
# As it ran: call 2, 2026-12-06 15:29:55-15:31:36 UTC on the device machine's NVIDIA H100 80GB HBM3
# (driver 580.159.04), `bash .dev/mech/run-2.sh`, 103 s of command time, 257 s of the
# lease held with the machine's start: the 261-trace set in two rounds (raw/call-2-round-*.jsonl),
# clocks logged in raw/clocks-2.csv. The clock fell again in the fill sweep of both rounds (event
# reason 0x1, GpuIdle, alone): 30 traces had no round at 1980 MHz, hence run-3.sh.
# The mechanisms set (gpusim microbench --set mechanisms) measured twice on the device machine's
# H100, one sweep a process, 7 runs a trace in each round, with nvidia-smi logging the clocks and
# their event reasons every 200 ms throughout (clocks.csv).
# Run from the root of a checkout with .gl (the Vulkan loader debs) and .dev (jre.tar.xz, gpusim.jar,
# mech/run-2.sh) carried: `bash .dev/mech/run-2.sh`. Results land in /tmp/res, tarred into $OUT after
# each step. The traces are written on the device by the carried jar (the same bytes as here).
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; cp $R/machine.txt $OUT/ 2>/dev/null; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
Q=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr,clocks.max.mem,temperature.gpu,power.draw,power.limit
{ date -u; uname -a; nproc; nvidia-smi --query-gpu=$Q --format=csv; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > $R/machine.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.gr,clocks.mem,clocks_event_reasons.active,power.draw,temperature.gpu --format=csv -lms 200 > $R/clocks.csv 2>&1 &
SMI=$!
$G replay --list-devices > $R/devices.txt 2>&1
$G microbench --out /tmp/mech --set mechanisms > $R/microbench.txt 2>&1
cp /tmp/mech/manifest.tsv $R/manifest.tsv
for sw in resolve perquery reject fill zcull; do
  mkdir -p /tmp/m/$sw; for n in $(awk -F'\t' -v s=$sw '$3 == s {print $1}' /tmp/mech/manifest.tsv); do cp /tmp/mech/traces/$n.trace /tmp/m/$sw/; done
done
T0=$(date +%s)
for round in 1 2; do
  for sw in resolve perquery reject fill zcull; do
    [ $(( $(date +%s) - T0 )) -gt 480 ] && { echo "round $round $sw skipped: out of time" >> $R/progress.txt; continue; }
    $G calibrate /tmp/m/$sw $R/mech-$sw-r$round.jsonl --device --runs 7 --measure-only > $R/mech-$sw-r$round.txt 2>&1
    echo "round $round $sw rc=$? $(( $(date +%s) - T0 )) s $(date -u +%T)" >> $R/progress.txt; save
  done
  { date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
done
kill $SMI
{ date -u; nvidia-smi -q -d PERFORMANCE; } >> $R/machine.txt 2>&1
save; echo done

#!/bin/bash
# As it ran: call 3, 2026-12-06 15:45:44-15:46:55 UTC on the device machine's NVIDIA H100 80GB HBM3
# (driver 580.159.04), `bash .dev/mech/run-3.sh`, 73 s of command time, 345 s of the
# lease held with the machine's start. Every trace read 1980 MHz; the two rounds agree within 0.6% on
# every trace above 10 us, 2.6% below (raw/call-3-round-*.jsonl, raw/clocks-3.csv).
# The traces that no earlier round measured at the full graphics clock (28 fill-depth traces and two
# reject traces; with their groups, 29 fill-depth traces: all at 1, 2 and 4 samples, two at 8), again
# on the device machine's H100: each group in its own process, right after 20 replays of a heavy trace
# (depthonly-querypass-s8-4096x4096-k8, 47 ms a replay) so that it starts at the full clock,
# two rounds, 7 runs a trace, with nvidia-smi logging the clocks every 200 ms (clocks-3.csv).
# Run from the root of a checkout with .gl and .dev carried: `bash .dev/mech/run-3.sh`.
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; cp $R/machine.txt $OUT/ 2>/dev/null; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
Q=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr,clocks.max.mem,temperature.gpu,power.draw
{ date -u; nvidia-smi --query-gpu=$Q --format=csv; } > $R/machine.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.gr,clocks.mem,clocks_event_reasons.active,power.draw,temperature.gpu --format=csv -lms 200 > $R/clocks-3.csv 2>&1 &
SMI=$!
$G microbench --out /tmp/mech --set mechanisms > $R/microbench.txt 2>&1
H=/tmp/mech/traces/depthonly-querypass-s8-4096x4096-k8.trace
for s in 1 2 4 8; do mkdir -p /tmp/g/fd$s; cp /tmp/mech/traces/fill-depth-s$s-*.trace /tmp/g/fd$s/; done
rm /tmp/g/fd8/fill-depth-s8-{192x192,256x256,384x384,512x512,768x768,1536x1536,2048x2048}.trace
mkdir -p /tmp/g/rj; cp /tmp/mech/traces/depthfmt-d32-f2b-s1-{3344x3344,3648x3648}-k4.trace /tmp/g/rj/
T0=$(date +%s)
for round in 1 2; do
  for g in fd1 fd2 fd4 fd8 rj; do
    $G replay $H --repeat 20 -q > /dev/null 2>&1
    $G calibrate /tmp/g/$g $R/mech3-$g-r$round.jsonl --device --runs 7 --measure-only > $R/mech3-$g-r$round.txt 2>&1
    echo "round $round $g rc=$? $(( $(date +%s) - T0 )) s $(date -u +%T)" >> $R/progress-3.txt; save
  done
done
kill $SMI
{ date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
save; echo done

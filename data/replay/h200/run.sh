#!/bin/bash
# gpusim on the H200 device machine: conformance, stress traces and the calibration set through
# gpusim replay / check / calibrate --device. Everything lands in /tmp/res, tarred into $OUT after each step.
R=/tmp/res; mkdir -p $R
save() { tar czf $OUT/results.tar.gz -C $R . ; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
{ date -u; uname -a; nproc; nvidia-smi; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; ls /usr/local/nvidia/share/vulkan/icd.d/ /usr/share/vulkan/icd.d/ 2>&1; } > $R/machine.txt 2>&1
VK_LOADER_DEBUG=error,warn,driver $G replay --list-devices > $R/devices.txt 2>&1; echo "rc=$?" >> $R/devices.txt; save
T0=$(date +%s)
mkdir -p $R/conformance; $G check harness/src/test/resources/conformance/*.trace --out $R/conformance > $R/conformance.txt 2>&1; echo "rc=$? $(( $(date +%s) - T0 )) s" >> $R/conformance.txt; save
mkdir -p /tmp/st; for s in stress-2k stress-2k-4x; do gunzip -c harness/src/test/resources/bench/$s.trace.gz > /tmp/st/$s.trace; done
$G microbench --out /tmp/mb --stress /tmp/st/stress-2k.trace /tmp/st/stress-2k-4x.trace > $R/microbench.txt 2>&1; cp /tmp/mb/stress/*.trace /tmp/st/ 2>/dev/null; ls /tmp/st >> $R/microbench.txt
T0=$(date +%s)
mkdir -p $R/stress; $G check /tmp/st/*.trace --repeat 7 --preset h200 --out $R/stress > $R/stress.txt 2>&1; echo "rc=$? $(( $(date +%s) - T0 )) s" >> $R/stress.txt; save
T0=$(date +%s)
$G calibrate data/calibration/traces $R/h200-replay.jsonl --device --runs 5 --measure-only > $R/measure.txt 2>&1; echo "rc=$? $(( $(date +%s) - T0 )) s" >> $R/measure.txt; save
nvidia-smi --query-gpu=clocks.gr,clocks.mem --format=csv >> $R/machine.txt 2>&1
T0=$(date +%s)
mkdir -p $R/calcheck; $G check data/calibration/traces/*.trace --preset h200 -q --out $R/calcheck > $R/calcheck.txt 2>&1; echo "rc=$? $(( $(date +%s) - T0 )) s" >> $R/calcheck.txt; save
echo done

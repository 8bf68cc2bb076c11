#!/bin/bash
# On the device: the per-draw stress traces and their variants (variants.sh) through gpusim replay, 7 runs each.
R=/tmp/res; mkdir -p $R /tmp/v /tmp/st
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx16g -jar .dev/gpusim.jar"
for s in stress-2k stress-2k-4x; do gunzip -c .dev/stress/$s.trace.gz > /tmp/st/$s.trace; done
$G microbench --out /tmp/mb --stress /tmp/st/stress-2k.trace /tmp/st/stress-2k-4x.trace > $R/microbench.txt 2>&1
cp /tmp/mb/stress/*-ts.trace /tmp/v/; bash .dev/stress/variants.sh /tmp/v; ls -la /tmp/v >> $R/microbench.txt
nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv > $R/machine.txt 2>&1
for f in /tmp/v/*.trace; do n=$(basename $f .trace); T0=$(date +%s.%N)
  $G replay $f --repeat 7 --json $R/$n.replay.json > $R/$n.txt 2>&1; echo "rc=$? $n $(date +%s.%N) $T0" >> $R/log.txt
  nvidia-smi --query-gpu=clocks.gr --format=csv,noheader >> $R/log.txt 2>&1
done
tar czf $OUT/results.tar.gz -C $R .

#!/bin/bash
# The held-out microbenchmarks (gpusim microbench --set held-out) and the calibration set, measured
# with calibrate --device --measure-only on the H200; the held-out traces' words checked against the model.
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem --format=csv > $R/clocks.txt 2>&1
$G microbench --out /tmp/ho --set held-out > $R/microbench.txt 2>&1
$G calibrate /tmp/ho/traces $R/held-out.jsonl --device --runs 5 --measure-only > $R/held-out.txt 2>&1; save
$G calibrate data/calibration/traces $R/calibration.jsonl --device --runs 5 --measure-only > $R/calibration.txt 2>&1; save
$G check /tmp/ho/traces/*.trace -q > $R/held-out-check.txt 2>&1; echo "rc=$?" >> $R/held-out-check.txt
nvidia-smi --query-gpu=clocks.gr,clocks.mem --format=csv >> $R/clocks.txt 2>&1; save
echo done

#!/bin/bash
# The ZCULL probe on the device machine (zcull-probe.py, 1 and 4 samples), as data/replay/h200/run.sh carries
# the JRE and jar: run from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar).
R=$OUT
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } > $R/machine.txt 2>&1
for s in 1 4; do
  python3 data/replay/h100/stress-rotated/zcull-probe.py $s /tmp/zcull-probe-s$s.trace
  md5sum /tmp/zcull-probe-s$s.trace >> $R/md5.txt
  $G replay /tmp/zcull-probe-s$s.trace --repeat 7 --json $R/zcull-probe-s$s.replay.json > $R/log-s$s.txt 2>&1
  echo "rc=$? clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log-s$s.txt
done

#!/bin/bash
# The stress-subset variants (variants.txt: NAME DRAWS) on the device machine, as run-probe.sh carries the JRE
# and jar: run from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar, and
# .dev/sub/stress-2k-ts.trace.gz, the 1-sample per-draw stress trace of `gpusim microbench --stress`). Each
# variant is written by subset.py and replayed 7 times; the replays' JSON, logs, the traces' sums and the
# machine's state go to $OUT as one archive, subsets.tar.gz.
R=/tmp/subsets-out; mkdir -p $R
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -x /tmp/jre/bin/java ] || tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } > $R/machine.txt 2>&1
gunzip -c .dev/sub/stress-2k-ts.trace.gz > /tmp/stress-2k-ts.trace
md5sum /tmp/stress-2k-ts.trace > $R/md5.txt
D=data/replay/h100/stress-subsets
while read -r name spec; do
  python3 $D/subset.py /tmp/stress-2k-ts.trace /tmp/$name.trace "$spec"
  md5sum /tmp/$name.trace >> $R/md5.txt
  timeout 120 $G replay /tmp/$name.trace --repeat 7 --json $R/$name.replay.json > $R/log-$name.txt 2>&1
  echo "rc=$? $name clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
done < $D/variants.txt
tar czf $OUT/subsets.tar.gz -C $R .

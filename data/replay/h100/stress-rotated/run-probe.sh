#!/bin/bash
# The ZCULL probe on the device machine (zcull-probe.py) at several surface sizes and sample counts, as
# data/replay/h200/run.sh carries the JRE and jar: run from the repository root with .gl and .dev carried
# (.dev/jre.tar.xz, .dev/gpusim.jar). The replays' JSON, logs and the machine's state go to $OUT as one
# archive, probe.tar.gz (the device tool brings back only a few files a call).
R=/tmp/probe-out; mkdir -p $R
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } > $R/machine.txt 2>&1
# Arguments: "SAMPLES WIDTH HEIGHT" triples to replay (the eight of probe/ when none are given).
[ $# -gt 0 ] || set -- "1 2048 1024" "4 2048 1024" "1 2048 2048" "1 1024 512" "1 4096 2048" "2 2048 1024" "8 2048 1024" "4 1024 512"
for c in "$@"; do
  set -- $c; n=zcull-probe-s$1-$2x$3
  python3 data/replay/h100/stress-rotated/zcull-probe.py $1 /tmp/$n.trace $2 $3
  md5sum /tmp/$n.trace >> $R/md5.txt
  timeout 120 $G replay /tmp/$n.trace --repeat 7 --json $R/$n.replay.json > $R/log-$n.txt 2>&1
  echo "rc=$? $n clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
done
tar czf $OUT/probe.tar.gz -C $R .

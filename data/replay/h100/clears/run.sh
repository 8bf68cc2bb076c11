#!/bin/bash
# On the device machine, from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar;
# as ../stress-subsets/run.sh): each configuration of configs.txt (NAME WIDTH HEIGHT SAMPLES [FORMAT]) written
# by clears.py and replayed 7 times. The replays' JSON, logs, the traces' sums and the machine's state go to
# $OUT as clears.tar.gz.
R=/tmp/clears-out; mkdir -p $R
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -x /tmp/jre/bin/java ] || tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
D=data/replay/h100/clears
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } > $R/machine.txt 2>&1
while read -r name w h s fmt; do
  python3 $D/clears.py /tmp/$name.trace $w $h $s $fmt
  md5sum /tmp/$name.trace >> $R/md5.txt
  timeout 120 $G replay /tmp/$name.trace --repeat 7 --json $R/$name.replay.json > $R/log-$name.txt 2>&1
  echo "rc=$? $name clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
done < $D/configs.txt
tar czf $OUT/clears.tar.gz -C $R .

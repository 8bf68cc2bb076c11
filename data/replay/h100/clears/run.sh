#!/bin/bash
# On the device machine, from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar;
# as ../stress-subsets/run.sh): each configuration of configs.txt (NAME WIDTH HEIGHT SAMPLES [FORMAT]) written
# by clears.py and replayed 7 times (or of the configuration file named as the argument, in this folder). The replays' JSON, logs, the traces' sums and the machine's state go to
# $OUT as clears.tar.gz.
R=/tmp/clears-out; mkdir -p $R
. data/replay/h100/device-env.sh
D=data/replay/h100/clears
while read -r name w h s fmt; do
  python3 $D/clears.py /tmp/$name.trace $w $h $s $fmt
  md5sum /tmp/$name.trace >> $R/md5.txt
  timeout 120 $G replay /tmp/$name.trace --repeat 7 --json $R/$name.replay.json > $R/log-$name.txt 2>&1
  echo "rc=$? $name clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
done < $D/${1:-configs.txt}
tar czf $OUT/clears.tar.gz -C $R .

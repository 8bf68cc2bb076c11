#!/bin/bash
# On the device machine, from the repository root with .gl and .dev carried (.dev/jre.tar.xz, .dev/gpusim.jar,
# .dev/sub/stress-2k-ts.trace.gz: the 1-sample per-draw stress trace of `gpusim microbench --stress`, md5 of
# the unpacked trace a702d6d701ec616369a1241ea64dacf7), as ../stress-subsets/run.sh: the probe (probe.py) at
# 1 and 4 samples, then the stress subsets of variants.txt (NAME DRAWS, written by ../stress-subsets/subset.py),
# each replayed 7 times. The replays' JSON, logs, the traces' sums and the machine's state go to $OUT as
# forget.tar.gz. With arguments (lists like variants.txt, in this folder), only those lists' variants.
R=/tmp/forget-out; mkdir -p $R
. data/replay/h100/device-env.sh
D=data/replay/h100/zcull-forget
replay() { # NAME
  md5sum /tmp/$1.trace >> $R/md5.txt
  timeout 120 $G replay /tmp/$1.trace --repeat 7 --json $R/$1.replay.json > $R/log-$1.txt 2>&1
  echo "rc=$? $1 clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
}
lists=("$@")
if [ ${#lists[@]} -eq 0 ]; then
  lists=(variants.txt)
  for s in 1 4; do python3 $D/probe.py /tmp/probe-s$s.trace $s; replay probe-s$s; done
  tar czf $OUT/forget.tar.gz -C $R .
fi
gunzip -c .dev/sub/stress-2k-ts.trace.gz > /tmp/stress-2k-ts.trace
md5sum /tmp/stress-2k-ts.trace >> $R/md5.txt
while read -r name spec; do
  python3 data/replay/h100/stress-subsets/subset.py /tmp/stress-2k-ts.trace /tmp/$name.trace "$spec"
  replay $name
done < <(for l in "${lists[@]}"; do cat $D/$l; done)
tar czf $OUT/forget.tar.gz -C $R .

#!/bin/bash
# On the device machine, from the repository root with .gl and .dev carried (as run.sh): the 1-sample stress
# trace and some of its subsets, the probe at 1 sample and some front-to-back traces of the mechanisms set,
# each replayed 7 times with the replay's default clears (--clears transfer) and as load operations
# (--clears deferred, as vkd3d-proton records a D3D12 clear). Archive: $OUT/clears.tar.gz.
R=/tmp/clears-out; mkdir -p $R
. data/replay/h100/device-env.sh
D=data/replay/h100/zcull-forget
gunzip -c .dev/sub/stress-2k-ts.trace.gz > /tmp/stress-2k-ts.trace
$G microbench --out /tmp/MS --set mechanisms > /dev/null 2>&1
for n in to152 prefix; do python3 data/replay/h100/stress-subsets/subset.py /tmp/stress-2k-ts.trace /tmp/$n.trace "$(grep "^$n " $D/variants.txt | cut -d' ' -f2)"; done
for n in g3 g10; do python3 data/replay/h100/stress-subsets/subset.py /tmp/stress-2k-ts.trace /tmp/$n.trace "$(grep "^$n " $D/lag.txt $D/batch.txt | head -1 | cut -d' ' -f2)"; done
python3 $D/probe.py /tmp/probe-s1.trace 1
for k in 1 2 4; do for s in 1 4; do cp /tmp/MS/traces/depthfmt-d32-f2b-s$s-1024x1024-k$k.trace /tmp/f2b-s$s-k$k.trace; done; done
for form in deferred transfer; do
  for n in stress-2k-ts to152 prefix g3 g10 probe-s1 f2b-s1-k1 f2b-s1-k2 f2b-s1-k4 f2b-s4-k1 f2b-s4-k2 f2b-s4-k4; do
    [ $form = transfer ] && [ $n != stress-2k-ts ] && case $n in f2b*|probe*) ;; *) continue;; esac
    md5sum /tmp/$n.trace >> $R/md5.txt
    timeout 120 $G replay /tmp/$n.trace --repeat 7 --clears $form --json $R/$n.$form.replay.json > $R/log-$n.$form.txt 2>&1
    echo "rc=$? $n $form clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
  done
done
tar czf $OUT/clears.tar.gz -C $R .

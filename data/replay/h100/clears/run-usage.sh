#!/bin/bash
# On the device machine (as run.sh, with .dev/gpusim-exp.jar in place of .dev/gpusim.jar: the project's jar
# with usage.diff applied, which changes nothing unless -Dgpusim.replay.depthNoTransferSrc=true): the clears
# probe at 2048x1024 (1 and 4 samples) and four calibration traces, each replayed 7 times as the project
# replays them and with the depth images made without TRANSFER_SRC, with the clears as transfers and as
# load operations.
# Archive: $OUT/usage.tar.gz.
R=/tmp/usage-out; mkdir -p $R
. data/replay/h100/device-env.sh
D=data/replay/h100/clears
python3 $D/clears.py /tmp/c-s1.trace 2048 1024 1; python3 $D/clears.py /tmp/c-s4.trace 2048 1024 4
for n in fill-depth-s1-2048x2048 fill-depth-s4-1024x1024 overdraw-f2b-s4-1024x1024-k16 depthonly-querypass-s1-1024x1024-k8; do
  cp data/calibration/traces/$n.trace /tmp/$n.trace; done
for jar in stock exp; do
  if [ $jar = stock ]; then G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim-exp.jar"
  else G="/tmp/jre/bin/java -Xmx32g -Dgpusim.replay.depthNoTransferSrc=true -jar .dev/gpusim-exp.jar"; fi
  for form in transfer deferred; do
    for n in c-s1 c-s4 fill-depth-s1-2048x2048 fill-depth-s4-1024x1024 overdraw-f2b-s4-1024x1024-k16 depthonly-querypass-s1-1024x1024-k8; do
      timeout 120 $G replay /tmp/$n.trace --repeat 7 --clears $form --json $R/$n.$jar.$form.replay.json > $R/log-$n.$jar.$form.txt 2>&1
      echo "rc=$? $n $jar $form clock after: $(nvidia-smi --query-gpu=clocks.gr --format=csv,noheader)" >> $R/log.txt
    done
  done
done
md5sum /tmp/*.trace .dev/gpusim*.jar > $R/md5.txt
tar czf $OUT/usage.tar.gz -C $R .

#!/bin/bash
# 2026-12-02: the calibration set and the held-out set measured on the H200 in the default form of
# clears (--clears depth-inline), one category at a time (a process each: measured in one process,
# stretches of the held-out set ran below 1,980 MHz, docs/replay.md "Clears, timestamps and clocks"),
# twice. data/replay/h200/calibration.jsonl and held-out.jsonl hold, per trace, the 10 runs of the
# two rounds and their median. Carry .gl (the Vulkan loader debs), .dev (jre.tar.xz, gpusim.jar).
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
$G microbench --out /tmp/ho --set held-out > $R/microbench.txt 2>&1
for set in cal held; do
  src=data/calibration/traces; [ $set = held ] && src=/tmp/ho/traces
  for c in depthfmt depthonly fill occq overdraw stencil tris; do mkdir -p /tmp/$set/$c; cp $src/$c-*.trace /tmp/$set/$c/; done
done
for k in 1 2; do
  for set in cal held; do
    for c in depthfmt depthonly fill occq overdraw stencil tris; do
      $G calibrate /tmp/$set/$c $R/$set-$c-$k.jsonl --device --runs 5 --measure-only --clears depth-inline > $R/$set-$c-$k.txt 2>&1
    done
  done
  save
done
# The culled-triangle experiments of docs/replay.md, in each form of clears.
for form in inline deferred depth-inline; do
  mkdir -p $R/tris-$form
  for t in data/replay/h200/experiments/*.trace; do $G replay $t --repeat 7 --clears $form --json $R/tris-$form/$(basename $t .trace).json -q; done
done
save
echo done

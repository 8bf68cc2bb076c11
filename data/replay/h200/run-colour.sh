#!/bin/bash
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
$G check harness/src/test/resources/conformance/*.trace > $R/conformance-colour.txt 2>&1; echo "rc=$?" >> $R/conformance-colour.txt; save
mkdir -p /tmp/st; for s in stress-2k stress-2k-4x; do gunzip -c harness/src/test/resources/bench/$s.trace.gz > /tmp/st/$s.trace; done
$G check /tmp/st/stress-2k.trace /tmp/st/stress-2k-4x.trace > $R/stress-colour.txt 2>&1; echo "rc=$?" >> $R/stress-colour.txt; save
echo done

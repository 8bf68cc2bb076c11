#!/bin/bash
# 2026-12-02 16:10 UTC, on the H200 device machine: seven fills replayed with the render and depth images
# made four ways (5 runs each, --clears transfer): base (as the replay makes them), general (kept in
# VK_IMAGE_LAYOUT_GENERAL), external (exportable memory, VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD), hosttransfer
# (VK_IMAGE_USAGE_HOST_TRANSFER_BIT_EXT). The jar .exp/gpusim-exp.jar is the build of 4003bc2 with
# image-variants.patch applied (a system property picks the form; not part of the project). A fifth form,
# linear (VK_IMAGE_TILING_LINEAR colour attachments at 1 sample), made the GPU raise Xid 69 (a graphics class
# error) and hang every later submission until the machine was given back: do not run it.
# Carry .gl, .dev/jre.tar.xz and .exp (see ../transfer/run.sh). Results: $OUT/VARIANT.jsonl.
R=$OUT; mkdir -p $R
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -x /tmp/jre/bin/java ] || tar xJf .dev/jre.tar.xz -C /tmp
mkdir -p /tmp/t; for n in fill-depth-s1-4096x4096 fill-blend-s1-4096x4096 fill-color-s1-4096x4096 fill-depth-s1-2048x2048 fill-depth-s4-2048x2048 fill-depth-s2-256x256 fill-color-s2-256x256; do cp data/calibration/traces/$n.trace /tmp/t/; done
nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem --format=csv > $R/machine.txt 2>&1
dmesg 2>&1 | grep -i xid >> $R/machine.txt
T0=$(date +%s)
for v in ${VARIANTS:-base general external hosttransfer}; do
  timeout -k 5 ${TMO:-40} /tmp/jre/bin/java -Xmx16g -Dgpusim.replay.image=$v -jar .exp/gpusim-exp.jar calibrate /tmp/t $R/$v.jsonl --device --runs 5 --measure-only --clears transfer > $R/$v.txt 2>&1
  rc=$?
  echo "$v rc=$rc $(( $(date +%s) - T0 )) s" >> $R/progress.txt
  dmesg 2>&1 | grep -i xid | tail -2 >> $R/progress.txt
  [ $rc = 0 ] || break
done
echo done

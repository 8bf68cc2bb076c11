#!/bin/bash
# As it ran: call 1, 2026-12-06 15:24:34-15:25:37 UTC on the device machine's NVIDIA H100 80GB HBM3
# (driver 580.159.04), `bash .dev/mech/run.sh` (then named run.sh), 65 s of command time, 186 s
# of the lease held with the machine's start. The set was then 233 traces (the ZCULL sides 724, 1152, 1280
# and 1672 and the reject sides 3344 and 3648 came after): raw/call-1.jsonl. The calibration set
# measured after it is calibration-h100.jsonl. Every trace's clock read 1980 MHz except 30 fill-depth
# traces and 3 D32S8 reject traces, read at 870-1890 MHz (the driver lowering an idle GPU's clock).
# The mechanisms set (gpusim microbench --set mechanisms) measured on the device machine's H100,
# one sweep a process, then the calibration set again on the same machine, one category a process
# (for the H100-against-H200 difference of traces the h200 preset was fitted on).
# Run from the root of a checkout with .gl (the Vulkan loader debs) and .dev (jre.tar.xz, gpusim.jar,
# mech/run.sh) carried: `bash .dev/mech/run.sh`. Results land in /tmp/res, tarred into $OUT after
# each step. The traces are written on the device by the carried jar (the same bytes as here).
R=/tmp/res; mkdir -p $R; save() { tar czf $OUT/results.tar.gz -C $R . ; cp $R/machine.txt $OUT/ 2>/dev/null; }
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar .dev/gpusim.jar"
Q=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr,clocks.max.mem,temperature.gpu,power.draw
{ date -u; uname -a; nproc; nvidia-smi --query-gpu=$Q --format=csv; } > $R/machine.txt 2>&1
$G replay --list-devices > $R/devices.txt 2>&1
$G microbench --out /tmp/mech --set mechanisms > $R/microbench.txt 2>&1
$G microbench --out /tmp/cal --set calibration >> $R/microbench.txt 2>&1
cp /tmp/mech/manifest.tsv $R/manifest.tsv
for sw in resolve perquery reject fill zcull; do
  mkdir -p /tmp/m/$sw; for n in $(awk -F'\t' -v s=$sw '$3 == s {print $1}' /tmp/mech/manifest.tsv); do cp /tmp/mech/traces/$n.trace /tmp/m/$sw/; done
done
for c in depthfmt depthonly fill occq overdraw stencil tris; do mkdir -p /tmp/c/$c; cp /tmp/cal/traces/$c-*.trace /tmp/c/$c/; done
T0=$(date +%s)
for sw in resolve perquery reject fill zcull; do
  $G calibrate /tmp/m/$sw $R/mech-$sw.jsonl --device --runs 7 --measure-only > $R/mech-$sw.txt 2>&1
  echo "mechanisms $sw rc=$? $(( $(date +%s) - T0 )) s" >> $R/progress.txt; save
done
{ date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
for c in depthfmt depthonly fill occq overdraw stencil tris; do
  [ $(( $(date +%s) - T0 )) -gt 420 ] && { echo "calibration $c skipped: out of time" >> $R/progress.txt; continue; }
  $G calibrate /tmp/c/$c $R/cal-$c.jsonl --device --runs 5 --measure-only > $R/cal-$c.txt 2>&1
  echo "calibration $c rc=$? $(( $(date +%s) - T0 )) s" >> $R/progress.txt; save
done
{ date -u; nvidia-smi --query-gpu=$Q --format=csv; } >> $R/machine.txt 2>&1
save; echo done

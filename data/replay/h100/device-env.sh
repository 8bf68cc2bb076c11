# Sourced (`. data/replay/h100/device-env.sh`) by the H100 device scripts on the device machine, from the
# repository root with .gl (the Vulkan loader debs) and .dev (jre.tar.xz, a jlink'd Java runtime, and the jar)
# carried, once $R, the results folder, exists: installs the loader, points it at the NVIDIA driver, unpacks
# the runtime, sets G to run the jar ($JAR, .dev/gpusim.jar unless set) and records the GPU and its clocks in
# $R/machine.txt.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -x /tmp/jre/bin/java ] || tar xJf .dev/jre.tar.xz -C /tmp
G="/tmp/jre/bin/java -Xmx32g -jar ${JAR:-.dev/gpusim.jar}"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.gr,clocks.mem,clocks.max.gr --format=csv; } >> $R/machine.txt 2>&1

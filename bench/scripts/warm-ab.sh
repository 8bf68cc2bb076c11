#!/usr/bin/env bash
# Compares builds on one trace, warm: for each round, each benchmarks jar in turn runs gpusim.bench.Warm
# (the trace parsed once and simulated 5 times, sim.threads=1); runs 3-5 of every round count. Prints,
# per jar, the median and the least of the simulating thread's CPU times, and all of them. Interleaved
# rounds let the machine's drift hit every build alike (docs/performance.md, "Measuring").
#   bench/scripts/warm-ab.sh ROUNDS TRACE JAR...      (KEYS="k=v ..." adds settings; JAVA picks the runtime)
set -eu
rounds=$1; trace=$2; shift 2
java=${JAVA:-java}
declare -A all
for r in $(seq "$rounds"); do
  for jar in "$@"; do
    v=$("$java" -XX:+UseSerialGC -Xmn16m -XX:PretenureSizeThreshold=1m -cp "$jar" gpusim.bench.Warm "$trace" 5 \
        sim.threads=1 ${KEYS:-} 2>&1 | awk '/^run [345]:/{print $3}' | tr '\n' ' ')
    all[$jar]="${all[$jar]:-} $v"
  done
done
for jar in "$@"; do
  echo "$jar: $(echo ${all[$jar]} | tr ' ' '\n' | sort -n \
      | awk '{a[NR]=$1} END{print "median", a[int((NR+1)/2)], "ms, least", a[1], "ms, of", NR}') [${all[$jar]} ]"
done

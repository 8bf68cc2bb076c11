#!/bin/bash
# variants.sh DIR: from DIR/NAME-ts.trace (gpusim microbench --stress) write NAME-t2 (timestamps only before
# the first draw and after the last), NAME-nq (no occlusion queries), NAME-nqt2 (both) and NAME-one (the same
# triangles as one draw, no queries, two timestamps).
D=$1
for f in $D/*-ts.trace; do
  b=${f%-ts.trace}
  n=$(grep -c '^draw ' $f)
  sed -E "/^end_query tsq TIMESTAMP [1-9][0-9]*\$/{/TIMESTAMP $n\$/!d}; s/TIMESTAMP $n\$/TIMESTAMP 1/; s/^query_heap tsq type=TIMESTAMP count=[0-9]+/query_heap tsq type=TIMESTAMP count=2/; s/^resolve_query_data tsq TIMESTAMP 0 [0-9]+ tsb 0/resolve_query_data tsq TIMESTAMP 0 2 tsb 0/" $f > $b-t2.trace
  sed -E '/^(begin|end)_query occ/d; /^resolve_query_data occ/d; /^dump res$/d' $f > $b-nq.trace
  sed -E '/^(begin|end)_query occ/d; /^resolve_query_data occ/d; /^dump res$/d' $b-t2.trace > $b-nqt2.trace
  awk -v n=$n 'BEGIN{d=0} /^draw /{ if(!d){print "draw " n*120 " start=0"; d=1}; next } {print}' $b-nqt2.trace > $b-one.trace
done
# NAME-oneall: NAME-one with the depth test always passing (depth writes on): every covered sample is written.
for f in $D/*-one.trace; do sed -E 's/^pipeline_state pso cull=NONE depth_func=LESS$/pipeline_state pso cull=NONE depth_func=ALWAYS/' $f > ${f%-one.trace}-oneall.trace; done

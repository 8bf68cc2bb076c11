#!/bin/bash
# rotate.sh DIR: from DIR/NAME-ts.trace (gpusim microbench --stress) write NAME-rot-ts (every vertex turned half
# a turn about the screen's centre: x and y negated) and NAME-fy-ts (mirrored top to bottom: y negated). The
# signs are flipped as text, so the vertices stay on the 1/256-pixel grid; the commands are unchanged.
D=$1
for f in $D/*-ts.trace; do
  case $f in *-rot-ts.trace|*-fy-ts.trace) continue;; esac
  b=${f%-ts.trace}
  awk '/^v /{for(i=2;i<=3;i++){ if(substr($i,1,1)=="-") $i=substr($i,2); else $i="-"$i }} {print}' $f > $b-rot-ts.trace
  awk '/^v /{i=3; if(substr($i,1,1)=="-") $i=substr($i,2); else $i="-"$i } {print}' $f > $b-fy-ts.trace
done

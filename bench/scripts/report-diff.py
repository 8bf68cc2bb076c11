#!/usr/bin/env python3
"""Compares two directories of gpusim --json reports file by file, ignoring the component tick
counts (stats.run.ticks, stats.run.component_ticks: the simulator's work, not the machine's), and
prints the first differing path of each report that differs. Exit status 1 when any differs.
    bench/scripts/report-diff.py BEFORE_DIR AFTER_DIR"""
import json,sys,os
a,b=sys.argv[1],sys.argv[2]
bad=0
for f in sorted(os.listdir(a)):
    if not f.endswith('.json'): continue
    try:
        x=json.load(open(os.path.join(a,f))); y=json.load(open(os.path.join(b,f)))
    except Exception as e:
        print("ERR",f,e); bad+=1; continue
    for d in (x,y):
        r=d['stats']['run']; r.pop('component_ticks',None); r.pop('ticks',None)
    if json.dumps(x)!=json.dumps(y):
        bad+=1
        # find first differing path
        def walk(p,u,v):
            if type(u)!=type(v): return p
            if isinstance(u,dict):
                if list(u.keys())!=list(v.keys()): return p+" keys"
                for k in u:
                    r=walk(p+'.'+k,u[k],v[k])
                    if r: return r
            elif isinstance(u,list):
                if len(u)!=len(v): return p+" len"
                for i,(s,t) in enumerate(zip(u,v)):
                    r=walk(p+'[%d]'%i,s,t)
                    if r: return r
            elif u!=v: return p+" %r != %r"%(u,v)
            return None
        print("DIFF",f,walk('',x,y))
print("compared; differing:", bad)
sys.exit(1 if bad else 0)

#!/usr/bin/env python3
"""How much more of each draw exact ZCULL bounds would reject than the model's rule (README.md).

Usage: exact-bounds.py STRESS.trace [K] [DRAW...]
  STRESS.trace: stress-2k-ts (gpusim microbench --stress; 2048x1024, 1 sample, 40 flat triangles a draw).

Rasterises the trace (pixel centres, no fill rule) with a depth buffer and two sets of per-8x8-tile
bounds: A, the model's rule (a tile learns its bound where one triangle covers the whole of it; in the
coarsest ZCULL format, x >= 1024 and y >= 768 here, where one covers its whole 16x16 block, and a tile is
tested against its block's widest bound); B, A plus every tile's exact bound K draws (7) after a draw
wrote it. A triangle's samples in a tile are rejected where its depth is at or behind the bound (LESS).
Prints the samples each rejects for the draws named (166 unless given) and the totals.
"""
import sys

import numpy as np

W, H, T = 2048, 1024, 8
K = int(sys.argv[2]) if len(sys.argv) > 2 else 7
SHOW = [int(a) for a in sys.argv[3:]] or [166]
vs = []
for l in open(sys.argv[1]):
    if l.startswith('v '):
        p=l.split(); vs.append((float(p[1]),float(p[2]),float(p[3])))
vs=np.array(vs); X=(vs[:,0]+1)/2*W; Y=(1-vs[:,1])/2*H; Z=vs[:,2].astype(np.float32)
ND=len(vs)//120
D=np.ones((H,W),np.float32)
TX,TY=W//T,H//T
zA=np.ones((TY,TX),np.float32); zB=np.ones((TY,TX),np.float32)
# class C: tiles with x>=1024, y>=768 -> 16x16 blocks (2x2 tiles)
C=np.zeros((TY,TX),bool); C[768//T:,1024//T:]=True
pending=[]  # (apply_at_draw, tile_ys, tile_xs, values)
rejA=np.zeros(ND); rejB=np.zeros(ND)
def blockmax(z):
    b=z.copy()
    zc=z[768//T:,1024//T:]
    m=np.maximum(np.maximum(zc[0::2,0::2],zc[1::2,0::2]),np.maximum(zc[0::2,1::2],zc[1::2,1::2]))
    m=np.repeat(np.repeat(m,2,0),2,1)
    b[768//T:,1024//T:]=m
    return b
for d in range(ND):
    for (at,ty,tx,val) in [p for p in pending if p[0]==d]:
        zB[ty,tx]=np.minimum(zB[ty,tx],val)
    pending=[p for p in pending if p[0]!=d]
    written=np.zeros((TY,TX),bool)
    for t in range(40):
        i=d*120+t*3
        x0,x1,x2=X[i:i+3]; y0,y1,y2=Y[i:i+3]; z=Z[i]
        bx0=max(int(np.floor(min(x0,x1,x2))),0); bx1=min(int(np.ceil(max(x0,x1,x2))),W)
        by0=max(int(np.floor(min(y0,y1,y2))),0); by1=min(int(np.ceil(max(y0,y1,y2))),H)
        # align to tiles (16 for block ops)
        bx0=bx0//16*16; by0=by0//16*16; bx1=min((bx1+15)//16*16,W); by1=min((by1+15)//16*16,H)
        if bx0>=bx1 or by0>=by1: continue
        ys,xs=np.mgrid[by0:by1,bx0:bx1]; sx=xs+0.5; sy=ys+0.5
        e0=(x1-x0)*(sy-y0)-(y1-y0)*(sx-x0); e1=(x2-x1)*(sy-y1)-(y2-y1)*(sx-x1); e2=(x0-x2)*(sy-y2)-(y0-y2)*(sx-x2)
        cov=((e0>=0)&(e1>=0)&(e2>=0))|((e0<=0)&(e1<=0)&(e2<=0))
        h,w=cov.shape; th,tw=h//T,w//T
        cnt=cov.reshape(th,T,tw,T).sum(axis=(1,3))
        ty0,tx0=by0//T,bx0//T
        sl=(slice(ty0,ty0+th),slice(tx0,tx0+tw))
        bA=blockmax(zA)[sl]; bB=blockmax(zB)[sl]
        rejA[d]+=cnt[(z>=bA)].sum(); rejB[d]+=cnt[(z>=bB)].sum()
        sub=D[by0:by1,bx0:bx1]
        new=np.where(cov,np.minimum(sub,z),sub); D[by0:by1,bx0:bx1]=new
        tmax=new.reshape(th,T,tw,T).max(axis=(1,3))
        full=(cnt==T*T)
        # class C learns only where the whole 16x16 block is covered
        c=C[sl]
        fb=full[0::2,0::2]&full[1::2,0::2]&full[0::2,1::2]&full[1::2,1::2] if th%2==0 and tw%2==0 else None
        fullC=np.repeat(np.repeat(fb,2,0),2,1)
        learn=np.where(c,fullC,full)
        zA[sl]=np.where(learn,tmax,zA[sl]); zB[sl]=np.where(learn,np.minimum(tmax,zB[sl]),zB[sl])
        written[sl]|=cnt>0
    ty,tx=np.nonzero(written)
    if len(ty):
        val=D.reshape(TY,T,TX,T).max(axis=(1,3))[ty,tx]
        pending.append((d+K,ty,tx,val))
for d in SHOW:
    print("draw %d: rejected %d samples (A), %d (B)" % (d, rejA[d], rejB[d]))
print("all draws: %d (A), %d (B)" % (rejA.sum(), rejB.sum()))

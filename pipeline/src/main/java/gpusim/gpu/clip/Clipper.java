package gpusim.gpu.clip;

import gpusim.api.CullMode;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipeStage;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.config.ConfigKeys;

/**
 * Clipping, perspective divide, viewport transform, snapping and culling.
 *
 * <p>Triangles are clipped in clip space to 0 <= z <= w when depth_clip is on (D3D12
 * DepthClipEnable), and always to w >= {@link #W_EPSILON} and to a guard band of
 * |x|, |y| <= {@link #GUARD_BAND} w, which keeps fixed-point coordinates within range but
 * lies far outside any viewport, so clipping to it does not change which samples inside
 * the viewport are covered. Clipped polygons are split into a fan. Vertices are mapped to
 * the viewport in 32-bit floats (x / w computed as x * (1 / w), as GPUs do) and snapped to
 * 1/256 pixel, rounding to nearest even. Winding is judged on the snapped vertices in
 * render-target space (y down): clockwise is front unless front_ccw. Zero-area triangles
 * cover nothing and are dropped. Counts CInvocations (triangles in) and CPrimitives
 * (triangles out, after clipping and culling).
 */
public final class Clipper extends PipeStage {
    public static final float GUARD_BAND = 200f;
    public static final float W_EPSILON = 1e-6f;
    static final int ATTRS = 8; // x y z w r g b a
    private static final int MAX_POLY = 16;

    private final long primsPerClock;
    private final long[] counters;
    private TriBatch batch;
    // Polygon buffers for clipping: MAX_POLY vertices of ATTRS floats.
    private float[] poly = new float[MAX_POLY * ATTRS];
    private float[] next = new float[MAX_POLY * ATTRS];
    private final float[] dist = new float[MAX_POLY];
    private static final int[] CLOCKWISE = {0, 1, 2};
    private static final int[] SWAPPED = {0, 2, 1};
    // Scratch for one screen triangle (no allocation per triangle).
    private final int[] vi = new int[3];
    private final int[] sx = new int[3];
    private final int[] sy = new int[3];
    private final float[] sz = new float[3];
    private final float[] rw = new float[3];
    private final gpusim.sim.Stat.Scalar culled;
    private final gpusim.sim.Stat.Scalar clipped;

    public Clipper(GpuContext ctx, BoundedQueue<Work> in) {
        super(ctx, "clip", "clipping, viewport transform, snapping and culling", in);
        this.primsPerClock = ctx.config().get(ConfigKeys.SETUP_PRIMS);
        this.counters = ctx.counters().value;
        this.culled = stats.scalar("culled", "triangles", "triangles dropped by culling or for zero area");
        this.clipped = stats.scalar("clipped", "triangles", "triangles that needed clipping");
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof Marker m) {
            if (m.kind == Marker.Kind.STATS_SNAPSHOT) {
                m.snapshot[PipelineCounters.C_INVOCATIONS] = counters[PipelineCounters.C_INVOCATIONS];
                m.snapshot[PipelineCounters.C_PRIMITIVES] = counters[PipelineCounters.C_PRIMITIVES];
            }
            emit(out, m);
            return 1;
        }
        GeomBatch g = (GeomBatch) w;
        batch = null;
        for (int p = 0; p < g.primCount; p++) {
            clipTriangle(g, g.prims[p * 3], g.prims[p * 3 + 1], g.prims[p * 3 + 2]);
        }
        counters[PipelineCounters.C_INVOCATIONS] += g.primCount;
        if (batch != null && batch.count > 0) {
            emit(out, batch);
        }
        batch = null;
        return ceilDiv(g.primCount, primsPerClock);
    }

    private void load(float[] dst, int slot, GeomBatch g, int v) {
        System.arraycopy(g.position, v * 4, dst, slot * ATTRS, 4);
        System.arraycopy(g.color, v * 4, dst, slot * ATTRS + 4, 4);
    }

    private static float planeDistance(float[] p, int o, int plane) {
        float x = p[o];
        float y = p[o + 1];
        float z = p[o + 2];
        float w = p[o + 3];
        switch (plane) {
            case 0: return z;
            case 1: return w - z;
            case 2: return GUARD_BAND * w - x;
            case 3: return GUARD_BAND * w + x;
            case 4: return GUARD_BAND * w - y;
            case 5: return GUARD_BAND * w + y;
            default: return w - W_EPSILON;
        }
    }

    private void clipTriangle(GeomBatch g, int a, int b, int c) {
        DrawState st = g.state;
        boolean depthClip = st.pso().depthClip();
        load(poly, 0, g, a);
        load(poly, 1, g, b);
        load(poly, 2, g, c);
        int n = 3;
        int firstPlane = depthClip ? 0 : 2;
        boolean didClip = false;
        for (int plane = firstPlane; plane < 7; plane++) {
            int outside = 0;
            for (int i = 0; i < n; i++) {
                dist[i] = planeDistance(poly, i * ATTRS, plane);
                if (dist[i] < 0) {
                    outside++;
                }
            }
            if (outside == 0) {
                continue;
            }
            if (outside == n) {
                return;
            }
            didClip = true;
            n = clipPolygon(n);
            if (n < 3) {
                return;
            }
        }
        if (didClip) {
            clipped.inc();
        }
        for (int i = 1; i + 1 < n; i++) {
            emitTriangle(st, g, 0, i, i + 1);
        }
    }

    /** Sutherland-Hodgman against the plane whose distances are in {@code dist}; returns the new vertex count. */
    private int clipPolygon(int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            float di = dist[i];
            float dj = dist[j];
            boolean inI = di >= 0;
            boolean inJ = dj >= 0;
            if (inI) {
                System.arraycopy(poly, i * ATTRS, next, m * ATTRS, ATTRS);
                m++;
            }
            if (inI != inJ && m < MAX_POLY) {
                // Interpolate from the inside vertex to the outside one, so that an edge shared
                // by two triangles gets the same new vertex whichever way it is walked.
                int in = inI ? i : j;
                int outV = inI ? j : i;
                float dIn = inI ? di : dj;
                float dOut = inI ? dj : di;
                float t = dIn / (dIn - dOut);
                int oi = in * ATTRS;
                int oo = outV * ATTRS;
                int on = m * ATTRS;
                for (int k = 0; k < ATTRS; k++) {
                    next[on + k] = poly[oi + k] + t * (poly[oo + k] - poly[oi + k]);
                }
                m++;
            }
        }
        float[] tmp = poly;
        poly = next;
        next = tmp;
        return Math.min(m, MAX_POLY);
    }

    private void emitTriangle(DrawState st, GeomBatch g, int i0, int i1, int i2) {
        float scaleX = st.vpW() * 0.5f;
        float transX = st.vpX() + scaleX;
        float scaleY = -st.vpH() * 0.5f;
        float transY = st.vpY() + st.vpH() * 0.5f;
        float scaleZ = st.vpMaxDepth() - st.vpMinDepth();
        float transZ = st.vpMinDepth();
        int[] vi = this.vi;
        vi[0] = i0;
        vi[1] = i1;
        vi[2] = i2;
        int[] sx = this.sx;
        int[] sy = this.sy;
        float[] sz = this.sz;
        float[] rw = this.rw;
        for (int k = 0; k < 3; k++) {
            int o = vi[k] * ATTRS;
            float rcp = 1.0f / poly[o + 3];
            float x = poly[o] * rcp * scaleX + transX;
            float y = poly[o + 1] * rcp * scaleY + transY;
            sz[k] = poly[o + 2] * rcp * scaleZ + transZ;
            rw[k] = rcp;
            sx[k] = (int) Math.rint(x * 256.0f);
            sy[k] = (int) Math.rint(y * 256.0f);
        }
        long area2 = (long) (sx[1] - sx[0]) * (sy[2] - sy[0]) - (long) (sy[1] - sy[0]) * (sx[2] - sx[0]);
        if (area2 == 0) {
            culled.inc();
            return;
        }
        boolean clockwise = area2 > 0;
        boolean front = st.pso().frontCcw() ? !clockwise : clockwise;
        CullMode cull = st.pso().cull();
        if ((cull == CullMode.BACK && !front) || (cull == CullMode.FRONT && front)) {
            culled.inc();
            return;
        }
        if (batch == null) {
            batch = new TriBatch(g.drawId, st, 64);
        } else if (batch.isFull()) {
            emit(out, batch);
            batch = new TriBatch(g.drawId, st, 64);
        }
        int t = batch.count++;
        // Store clockwise (interior-positive) order: swap the last two vertices of a counter-clockwise one.
        int[] order = clockwise ? CLOCKWISE : SWAPPED;
        for (int k = 0; k < 3; k++) {
            int s = order[k];
            batch.fx[t * 3 + k] = sx[s];
            batch.fy[t * 3 + k] = sy[s];
            batch.z[t * 3 + k] = sz[s];
            batch.invW[t * 3 + k] = rw[s];
            System.arraycopy(poly, vi[s] * ATTRS + 4, batch.color, t * 12 + k * 4, 4);
        }
        batch.front[t] = front;
        counters[PipelineCounters.C_PRIMITIVES]++;
    }
}

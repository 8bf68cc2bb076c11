package gpusim.gpu.clip;

import gpusim.api.CullMode;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.config.ConfigKeys;

/**
 * Clipping, perspective divide, viewport transform, snapping and culling.
 *
 * <p>Only the planes Direct3D defines cut a triangle: 0 <= z <= w when depth_clip is on (D3D12
 * DepthClipEnable; off, depth is clamped later, in the depth test), and x, y only beyond the
 * guard band. The guard band is the viewport bounds, D3D12_VIEWPORT_BOUNDS_MIN..MAX =
 * {@value #GUARD_BAND_MIN}..{@value #GUARD_BAND_MAX} pixels in render-target space: a vertex
 * that lands inside it is rasterized unclipped from its 16.8 fixed-point position, however
 * far outside the viewport it is (D3D11.3 functional spec, "Rasterization Rules" and
 * "Clipping": 8 bits of sub-pixel precision over the viewport bounds). The four guard-band
 * planes, written in clip space as X + (x' - bound) w with x' the viewport transform, also
 * imply w > 0 (the viewport centre lies strictly inside the bounds), so a vertex behind the
 * eye (w <= 0) is clipped away by the same planes, with no epsilon that would move geometry
 * inside the view volume: a triangle with w = 2^-40 inside the volume is rasterized as it is.
 *
 * <p>Most triangles need no clipping: one pass over the three vertices' outcodes sends them
 * straight to the viewport transform, in 32-bit floats (x / w computed as x * (1 / w), as
 * GPUs do) and snapped to 1/256 pixel, rounding to nearest even. Those that do are cut with
 * Sutherland-Hodgman in double precision, interpolating from the inside vertex to the
 * outside one (so that an edge shared by two triangles gets the same new vertex), and the
 * new vertices are projected in double precision too, so they lie on the original edge to
 * within far less than the 1/256 grid; original vertices of a clipped triangle take the same
 * float path as unclipped ones (a shared vertex snaps the same in every triangle). The
 * polygon is split into a fan. Winding is judged on the snapped vertices in render-target
 * space (y down): clockwise is front unless front_ccw. Zero-area triangles cover nothing and
 * are dropped, as are those left with a vertex at the eye (w = 0, x = y = 0: the triangle's
 * plane passes through the eye, so it projects to a line) or with a non-finite position.
 * Counts CInvocations (triangles in) and CPrimitives (triangles out, after clipping and
 * culling).
 *
 * <p>Every snapped coordinate lies within the guard band, |v| <= 2^23 in 1/256 pixel, so the
 * edge functions' 64-bit products stay far from overflow (see TriangleSetup).
 */
public final class Clipper extends PipeStage {
    /** D3D12_VIEWPORT_BOUNDS_MIN: the guard band's lower bound in x and y, render-target pixels. */
    public static final int GUARD_BAND_MIN = -32768;
    /** D3D12_VIEWPORT_BOUNDS_MAX: the guard band's upper bound in x and y, render-target pixels. */
    public static final int GUARD_BAND_MAX = 32767;
    static final int ATTRS = 8; // x y z w r g b a
    /** 3 vertices plus one per plane (6) at most: a convex polygon gains at most one vertex per plane. */
    private static final int MAX_POLY = 16;
    private static final int PLANES = 6;
    /**
     * Pixels: no vertex that passed the guard-band planes lands beyond this (float rounding moves
     * one a few 1/256 at most), so a larger or non-finite position can only come from an
     * overflowed transform; such a triangle is dropped rather than snapped out of range.
     */
    private static final float SNAP_LIMIT = 1 << 16;
    private static final int DEPTH_PLANES = 0b000011;

    private final long primsPerClock;
    private final long[] counters;
    private TriBatch batch;
    // Polygon buffers for clipping, in double: MAX_POLY vertices of ATTRS values, and for each
    // the original vertex it is (index into the GeomBatch), or -1 for one clipping made.
    private double[] poly = new double[MAX_POLY * ATTRS];
    private double[] next = new double[MAX_POLY * ATTRS];
    private int[] source = new int[MAX_POLY];
    private int[] nextSource = new int[MAX_POLY];
    private final double[] dist = new double[MAX_POLY];
    /** Each batch vertex's outcode, computed once a batch (a vertex is shared by up to several triangles). */
    private int[] codes = new int[96];
    private static final int[] CLOCKWISE = {0, 1, 2};
    private static final int[] SWAPPED = {0, 2, 1};
    // Scratch for one screen triangle (no allocation per triangle).
    private final int[] sx = new int[3];
    private final int[] sy = new int[3];
    private final float[] sz = new float[3];
    private final float[] rw = new float[3];
    private final float[] rgba = new float[12];
    private final gpusim.sim.Stat.Scalar culled;
    private final gpusim.sim.Stat.Scalar clipped;
    // The draw's viewport transform, loaded once a batch: x' = x / w * scaleX + transX, etc.
    private float scaleX, transX, scaleY, transY, scaleZ, transZ;
    // The viewport centre's distances to the guard band's edges, pixels (all > 0: the viewport lies within the bounds).
    private double guardLoX, guardHiX, guardLoY, guardHiY;

    public Clipper(StageWiring wiring, PipelineCounters counters, BoundedQueue<Work> in,
                   gpusim.gpu.PipelineParams.PrimitiveParams p) {
        super(wiring, "clip", "clipping, viewport transform, snapping and culling", in);
        this.primsPerClock = p.primsPerClock();
        this.counters = counters.value;
        this.culled = stats.scalar("culled", "triangles",
                "triangles dropped by culling, for zero area or for a vertex at the eye");
        this.clipped = stats.scalar("clipped", "triangles",
                "triangles that needed clipping (depth planes, or a vertex beyond the guard band or behind the eye)");
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof Marker m) {
            if (m instanceof StatisticsMarker s) {
                s.snapshot()[PipelineCounters.C_INVOCATIONS] = counters[PipelineCounters.C_INVOCATIONS];
                s.snapshot()[PipelineCounters.C_PRIMITIVES] = counters[PipelineCounters.C_PRIMITIVES];
            }
            emit(out, m);
            return 1;
        }
        GeomBatch g = (GeomBatch) w;
        DrawState st = g.state;
        scaleX = st.vpW() * 0.5f;
        transX = st.vpX() + scaleX;
        scaleY = -st.vpH() * 0.5f;
        transY = st.vpY() + st.vpH() * 0.5f;
        scaleZ = st.vpMaxDepth() - st.vpMinDepth();
        transZ = st.vpMinDepth();
        guardLoX = (double) transX - GUARD_BAND_MIN;
        guardHiX = GUARD_BAND_MAX - (double) transX;
        guardLoY = (double) transY - GUARD_BAND_MIN;
        guardHiY = GUARD_BAND_MAX - (double) transY;
        int planes = st.pso().depthClip() ? (1 << PLANES) - 1 : (1 << PLANES) - 1 & ~DEPTH_PLANES;
        batch = null;
        float[] pos = g.position;
        if (codes.length < g.vertexCount) {
            codes = new int[g.vertexCount];
        }
        for (int v = 0; v < g.vertexCount; v++) {
            codes[v] = outcode(pos, v * 4) & planes;
        }
        for (int p = 0; p < g.primCount; p++) {
            int a = g.prims[p * 3];
            int b = g.prims[p * 3 + 1];
            int c = g.prims[p * 3 + 2];
            int oa = codes[a];
            int ob = codes[b];
            int oc = codes[c];
            if ((oa | ob | oc) == 0) {
                // Inside every plane: the common case, straight from the vertex data.
                if (project(0, pos, a * 4) && project(1, pos, b * 4) && project(2, pos, c * 4)) {
                    color(0, g.color, a * 4);
                    color(1, g.color, b * 4);
                    color(2, g.color, c * 4);
                    emitTriangle(st, g);
                } else {
                    culled.inc();
                }
            } else if ((oa & ob & oc) == 0) {
                clipTriangle(st, g, planes, a, b, c);
            }
            // else: wholly outside one plane.
        }
        counters[PipelineCounters.C_INVOCATIONS] += g.primCount;
        if (batch != null && batch.count > 0) {
            emit(out, batch);
        }
        batch = null;
        return ceilDiv(g.primCount, primsPerClock);
    }

    /**
     * Signed distance of clip-space vertex (x, y, z, w) to {@code plane}, scaled: >= 0 inside.
     * Planes 0, 1: z >= 0, z <= w. Planes 2..5: the viewport transform x' = x / w * scaleX +
     * transX (and y') within [GUARD_BAND_MIN, GUARD_BAND_MAX], multiplied through by w. In
     * double, so that the products of floats are exact and the test errs by at most a rounding
     * of the sum.
     */
    private double planeDistance(double x, double y, double z, double w, int plane) {
        switch (plane) {
            case 0: return z;
            case 1: return w - z;
            case 2: return x * scaleX + guardLoX * w;
            case 3: return guardHiX * w - x * scaleX;
            case 4: return y * scaleY + guardLoY * w;
            default: return guardHiY * w - y * scaleY;
        }
    }

    /** Bit k set: the vertex at {@code o} is outside plane k (NaN counts as outside); the planes of {@link #planeDistance}. */
    private int outcode(float[] p, int o) {
        double x = p[o];
        double y = p[o + 1];
        double z = p[o + 2];
        double w = p[o + 3];
        double gx = x * scaleX;
        double gy = y * scaleY;
        return (z >= 0 ? 0 : 1)
                | (w - z >= 0 ? 0 : 2)
                | (gx + guardLoX * w >= 0 ? 0 : 4)
                | (guardHiX * w - gx >= 0 ? 0 : 8)
                | (gy + guardLoY * w >= 0 ? 0 : 16)
                | (guardHiY * w - gy >= 0 ? 0 : 32);
    }

    /**
     * Viewport transform and snapping of an original vertex into screen slot k: 32-bit floats,
     * x * (1 / w), as the hardware does. False if the vertex has no finite screen position (w
     * = 0 at the eye; NaN input).
     */
    private boolean project(int k, float[] p, int o) {
        float w = p[o + 3];
        float rcp = 1.0f / w;
        if (!(w > 0) || Float.isInfinite(rcp)) {
            // A w so small (below 2^-128) that its float reciprocal overflows: project in double.
            return projectExact(k, p[o], p[o + 1], p[o + 2], w);
        }
        float x = p[o] * rcp * scaleX + transX;
        float y = p[o + 1] * rcp * scaleY + transY;
        if (!(Math.abs(x) <= SNAP_LIMIT) || !(Math.abs(y) <= SNAP_LIMIT)) {
            return false; // NaN or infinite (the transform overflowed)
        }
        sz[k] = p[o + 2] * rcp * scaleZ + transZ;
        rw[k] = rcp;
        sx[k] = (int) Math.rint(x * 256.0f);
        sy[k] = (int) Math.rint(y * 256.0f);
        return true;
    }

    /** Viewport transform and snapping in double, for a vertex that clipping made; false if it has no finite position. */
    private boolean projectExact(int k, double x, double y, double z, double w) {
        if (!(w > 0)) {
            return false;
        }
        double iw = 1.0 / w;
        double fx = x * iw * scaleX + transX;
        double fy = y * iw * scaleY + transY;
        if (!(Math.abs(fx) <= SNAP_LIMIT) || !(Math.abs(fy) <= SNAP_LIMIT)) {
            return false;
        }
        sz[k] = (float) (z * iw * scaleZ + transZ);
        rw[k] = (float) Math.min(iw, Float.MAX_VALUE); // finite for the pixel shader's planes, even for w < 2^-128
        sx[k] = (int) Math.rint(fx * 256.0);
        sy[k] = (int) Math.rint(fy * 256.0);
        return true;
    }

    private void color(int k, float[] c, int o) {
        System.arraycopy(c, o, rgba, k * 4, 4);
    }

    private void load(int slot, GeomBatch g, int v) {
        int o = slot * ATTRS;
        for (int k = 0; k < 4; k++) {
            poly[o + k] = g.position[v * 4 + k];
            poly[o + 4 + k] = g.color[v * 4 + k];
        }
        source[slot] = v;
    }

    private void clipTriangle(DrawState st, GeomBatch g, int planes, int a, int b, int c) {
        load(0, g, a);
        load(1, g, b);
        load(2, g, c);
        int n = 3;
        for (int plane = 0; plane < PLANES; plane++) {
            if ((planes >>> plane & 1) == 0) {
                continue;
            }
            int outside = 0;
            for (int i = 0; i < n; i++) {
                int o = i * ATTRS;
                double d = planeDistance(poly[o], poly[o + 1], poly[o + 2], poly[o + 3], plane);
                dist[i] = d;
                if (!(d >= 0)) {
                    outside++;
                }
            }
            if (outside == 0) {
                continue;
            }
            if (outside == n) {
                return;
            }
            n = clipPolygon(n);
            if (n < 3) {
                return;
            }
        }
        clipped.inc();
        for (int i = 1; i + 1 < n; i++) {
            if (projectPolygonVertex(0, g, 0) && projectPolygonVertex(1, g, i) && projectPolygonVertex(2, g, i + 1)) {
                emitTriangle(st, g);
            } else {
                culled.inc();
            }
        }
    }

    /** Projects polygon vertex i into screen slot k: an original vertex as unclipped ones are, a new one exactly. */
    private boolean projectPolygonVertex(int k, GeomBatch g, int i) {
        int o = i * ATTRS;
        for (int ch = 0; ch < 4; ch++) {
            rgba[k * 4 + ch] = (float) poly[o + 4 + ch];
        }
        int v = source[i];
        return v >= 0 ? project(k, g.position, v * 4) : projectExact(k, poly[o], poly[o + 1], poly[o + 2], poly[o + 3]);
    }

    /** Sutherland-Hodgman against the plane whose distances are in {@code dist}; returns the new vertex count. */
    private int clipPolygon(int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double di = dist[i];
            double dj = dist[j];
            boolean inI = di >= 0;
            boolean inJ = dj >= 0;
            if (inI && m < MAX_POLY) {
                System.arraycopy(poly, i * ATTRS, next, m * ATTRS, ATTRS);
                nextSource[m] = source[i];
                m++;
            }
            if (inI != inJ && m < MAX_POLY) {
                // Interpolate from the inside vertex to the outside one, so that an edge shared
                // by two triangles gets the same new vertex whichever way it is walked.
                int in = inI ? i : j;
                int outV = inI ? j : i;
                double dIn = inI ? di : dj;
                double dOut = inI ? dj : di;
                double t = dIn / (dIn - dOut);
                int oi = in * ATTRS;
                int oo = outV * ATTRS;
                int on = m * ATTRS;
                for (int k = 0; k < ATTRS; k++) {
                    next[on + k] = poly[oi + k] + t * (poly[oo + k] - poly[oi + k]);
                }
                nextSource[m] = -1;
                m++;
            }
        }
        double[] tmp = poly;
        poly = next;
        next = tmp;
        int[] ts = source;
        source = nextSource;
        nextSource = ts;
        return m;
    }

    /** Culls and emits the screen triangle in slots 0..2 (sx, sy, sz, rw, rgba). */
    private void emitTriangle(DrawState st, GeomBatch g) {
        int[] sx = this.sx;
        int[] sy = this.sy;
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
            System.arraycopy(rgba, s * 4, batch.color, t * 12 + k * 4, 4);
        }
        batch.front[t] = front;
        counters[PipelineCounters.C_PRIMITIVES]++;
    }
}

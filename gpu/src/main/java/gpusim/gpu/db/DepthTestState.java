package gpusim.gpu.db;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;

/**
 * What every tile kernel of a depth block works from: the batch's depth-stencil state (the
 * bound surface, its format, the depth and stencil enables, the viewport's depth range) and
 * the current triangle's depth plane and face. Set once a batch ({@link #beginBatch}) and
 * once a triangle ({@link #beginTriangle}) by {@link DepthBlockCore}; the kernels only read
 * it. Fields, not accessors, so the kernels' loops stay flat.
 *
 * <p>The depth arithmetic is defined here once, for every kernel: the plane at pixel (x, y)
 * is (z0 + dz/dy (y - y0)) + dz/dx (x - x0), plus the sample's offset {@link #sampleDz},
 * clamped to [lo, hi] and encoded ({@link #encode}); the same operations in the same order
 * give the same bits in every kernel.
 */
final class DepthTestState {
    /** Whether hierarchical Z bounds are kept (for every draw; a provably-passing region may use them). */
    final boolean hizEnabled;
    /**
     * Whether the tile being tested learns exact HiZ bounds when its region is written whole: false in
     * a ZCULL subregion whose blocks are larger than a tile that the triangle does not write whole
     * (set by the depth block before each tile's kernel).
     */
    boolean hizLearns = true;

    DepthSurface ds;
    SurfaceLayout layout;
    int[] depth;
    byte[] stencil;
    /** Samples a pixel of the depth surface (the draw's, without one). */
    int samples;
    SamplePattern sp;
    /** 0 = D32 float, 1 = D24, 2 = D16 (see {@link #encode}). */
    int format;
    boolean depthOn;
    boolean depthWrite;
    /** The batch's pipeline state tests depth late: its shader runs on every covered quad, which are counted. */
    boolean lateZ;
    ComparisonFunc func;
    /** {@link #func}'s D3D12 value, for {@link #compare}. */
    int funcCode;
    boolean stencilOn;
    double lo;
    double hi;
    int ref;
    int readMask;
    int writeMask;

    // The current triangle.
    StencilFace face;
    double dzdx;
    double dzdy;
    double zAtOrigin;
    double originX;
    double originY;
    /** Per sample: the depth plane's change from the pixel corner to the sample position. */
    final double[] sampleDz = new double[16];
    /**
     * The current triangle's depth plane is flat (dz/dx and dz/dy zero, z finite): every sample
     * stores {@link #flatQ}. Each term the plane adds is then a zero, so z0 + 0 + 0 + 0 is z0
     * (or a zero of either sign where z0 is one, which clamps and encodes to the same bits:
     * {@link #encode} adds +0.0f before taking a float's bits, and a UNORM rounds -0 to 0);
     * the kernels then skip the arithmetic (host-side only, bit for bit the same words).
     */
    boolean flatDepth;
    /** The encoded depth of every sample of a {@link #flatDepth} triangle (valid with a depth surface). */
    int flatQ;

    DepthTestState(boolean hizEnabled) {
        this.hizEnabled = hizEnabled;
    }

    void beginBatch(DrawState st) {
        sp = SamplePattern.of(st.samples());
        ds = st.ds();
        samples = sp.samples;
        lateZ = st.pso().lateZ();
        depthOn = false;
        depthWrite = false;
        stencilOn = false;
        if (ds != null) {
            PipelineState pso = st.pso();
            depth = ds.depth;
            layout = ds.layout;
            stencil = ds.stencil;
            samples = ds.samples;
            format = ds.format == DepthFormat.D24_UNORM_S8_UINT ? 1 : ds.format == DepthFormat.D16_UNORM ? 2 : 0;
            depthOn = pso.depthEnable();
            depthWrite = depthOn && pso.depthWrite();
            func = pso.depthFunc();
            funcCode = func.d3dValue();
            stencilOn = pso.stencilEnable() && stencil != null;
            lo = Math.min(st.vpMinDepth(), st.vpMaxDepth());
            hi = Math.max(st.vpMinDepth(), st.vpMaxDepth());
            ref = st.stencilRef() & 0xFF;
            readMask = pso.stencilReadMask();
            writeMask = pso.stencilWriteMask();
        }
    }

    void beginTriangle(TriBatch src, int t) {
        double[] plane = src.zPlane;
        zAtOrigin = plane[t * 3];
        dzdx = plane[t * 3 + 1];
        dzdy = plane[t * 3 + 2];
        originX = src.fx[t * 3] / 256.0;
        originY = src.fy[t * 3] / 256.0;
        PipelineState pso = src.state.pso();
        face = src.front[t] ? pso.front() : pso.back();
        for (int s = 0; s < sp.samples; s++) {
            sampleDz[s] = dzdx * sp.x[s] + dzdy * sp.y[s];
        }
        flatDepth = ds != null && dzdx == 0 && dzdy == 0 && Double.isFinite(zAtOrigin);
        flatQ = flatDepth ? encode(clamp(zAtOrigin)) : 0;
    }

    /** The plane at row y, before x: z0 + dz/dy (y - y0). */
    double rowDepth(int y) {
        return zAtOrigin + dzdy * (y - originY);
    }

    /** The depth of the current triangle at pixel-space position (px, py), before clamping. */
    double planeDepth(double px, double py) {
        return zAtOrigin + dzdy * (py - originY) + dzdx * (px - originX);
    }

    double clamp(double z) {
        return z < lo ? lo : z > hi ? hi : z;
    }

    /**
     * A depth in [lo, hi] as the surface stores it: UNORM round to nearest of z x (2^n - 1)
     * (D3D11 functional spec, FLOAT -> UNORM), D32 the nearest float's bits (which order like
     * the depths, never negative).
     */
    int encode(double z) {
        return encode(format, z);
    }

    static int encode(int format, double z) {
        switch (format) {
            case 1: return (int) Math.rint(z * 16777215.0);
            case 2: return (int) Math.rint(z * 65535.0);
            default: return Float.floatToRawIntBits((float) z + 0.0f);
        }
    }

    /** ComparisonFunc.test by D3D12 value, flat for the fast kernels' loops. */
    static boolean compare(int func, int src, int dst) {
        switch (func) {
            case 2: return src < dst;
            case 3: return src == dst;
            case 4: return src <= dst;
            case 5: return src > dst;
            case 6: return src != dst;
            case 7: return src >= dst;
            case 8: return true;
            default: return false;
        }
    }
}

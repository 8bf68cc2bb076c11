package gpusim.gpu.db;

import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.work.TriBatch;

/**
 * {@link TileKernel#DEPTH_ONLY_1X}: the common case, one sample a pixel, a depth test and no
 * stencil, the region flat in one method (the state loaded into locals once a region); the
 * passing pixels of a row are shaded together ({@link PixelShader#shadeRow}). The same
 * arithmetic and the same figures as {@link ReferenceTileKernel}.
 */
final class DepthOnlyTileKernel {
    private final DepthTestState s;
    private final ScanConverter scan;
    private final PixelShader shader;
    /** The x of each passing pixel of the current row (at most a tile's width). */
    private final int[] passX = new int[32];

    DepthOnlyTileKernel(DepthTestState s, ScanConverter scan, PixelShader shader) {
        this.s = s;
        this.scan = scan;
        this.shader = shader;
    }

    /** The bits of the quads (pairs of columns from quadBase) that pixels first .. last touch. */
    private static long quadRun(int first, int last, int quadBase) {
        int lo = (first >> 1) - quadBase;
        int hi = (last >> 1) - quadBase;
        return (-1L >>> (63 - hi)) & (-1L << lo);
    }

    /** Region [x0..x1] x [y0..y1] of triangle {@code t}; {@code accept}: every pixel is covered. */
    void run(TriBatch src, int t, int x0, int y0, int x1, int y1, boolean accept, RegionCounts out) {
        DepthTestState st = s;
        double dz0 = st.sampleDz[0];
        double dzdx = st.dzdx;
        double originX = st.originX;
        double lo = st.lo;
        double hi = st.hi;
        int format = st.format;
        int funcCode = st.funcCode;
        boolean depthWrite = st.depthWrite;
        boolean lateZ = st.lateZ;
        SurfaceLayout layout = st.layout;
        boolean shading = shader.writes();
        int[] d = st.depth;
        int[] od = st.ds.overdraw;
        int[] xs = passX;
        int wMin = out.writtenMin;
        int wMax = out.writtenMax;
        long covered = 0;
        long passed = 0;
        long quads = 0;
        long quadBits = 0;
        long coveredQuads = 0;
        long coveredBits = 0;
        int quadBase = x0 >> 1;
        // Exclusive loop bounds (here and below): C2 compiled the inclusive form with a
        // loop-limit trap that fired in every cold run (docs/performance.md).
        for (int y = y0; y < y1 + 1; y++) {
            if ((y & 1) == 0) {
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            // The row's covered pixels are one run (a convex triangle, one sample a pixel).
            int first = x0;
            int last = x1;
            if (!accept) {
                scan.rowSpan(y, x0, x1);
                first = scan.spanFirst;
                last = scan.spanLast;
                if (first > last) {
                    continue;
                }
            }
            covered += last - first + 1;
            if (lateZ) {
                coveredBits |= quadRun(first, last, quadBase);
            }
            double zRow = st.rowDepth(y);
            int rowBase = layout.pixel(x0, y) - x0;
            if (od != null) {
                for (int x = first; x < last + 1; x++) {
                    od[rowBase + x]++;
                }
            }
            int run = 0;
            for (int x = first; x < last + 1; x++) {
                int idx = rowBase + x;
                double z = zRow + dzdx * (x - originX) + dz0;
                int q = DepthTestState.encode(format, z < lo ? lo : z > hi ? hi : z);
                if (DepthTestState.compare(funcCode, q, d[idx])) {
                    if (depthWrite) {
                        d[idx] = q;
                        wMin = Math.min(wMin, q);
                        wMax = Math.max(wMax, q);
                    }
                    xs[run++] = x;
                    quadBits |= 1L << ((x >> 1) - quadBase);
                }
            }
            passed += run;
            if (run > 0 && shading) {
                // The row's passing pixels are shaded together, the triangle's planes loaded once.
                shader.shadeRow(src, t, y, xs, run, rowBase);
            }
        }
        out.writtenMin = wMin;
        out.writtenMax = wMax;
        out.addRows(covered, passed, quads + Long.bitCount(quadBits), coveredQuads + Long.bitCount(coveredBits));
    }

    /**
     * {@link TileKernel#DEPTH_ONLY_1X_FLAT}: {@link #run} for a triangle whose depth plane is
     * {@link DepthTestState#flatDepth}, so every sample's encoded depth is
     * {@link DepthTestState#flatQ} and the loop is a compare and a store. Its own method (not
     * a branch in {@link #run}'s row loop): the JIT compiles each loop on its own, where one
     * method with both row loops compiled far more slowly (docs/performance.md).
     */
    void runFlat(TriBatch src, int t, int x0, int y0, int x1, int y1, boolean accept, RegionCounts out) {
        DepthTestState st = s;
        int q = st.flatQ;
        int funcCode = st.funcCode;
        boolean depthWrite = st.depthWrite;
        boolean lateZ = st.lateZ;
        SurfaceLayout layout = st.layout;
        boolean shading = shader.writes();
        int[] d = st.depth;
        int[] od = st.ds.overdraw;
        int[] xs = passX;
        long covered = 0;
        long passed = 0;
        long quads = 0;
        long quadBits = 0;
        long coveredQuads = 0;
        long coveredBits = 0;
        int quadBase = x0 >> 1;
        for (int y = y0; y < y1 + 1; y++) {
            if ((y & 1) == 0) {
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            int first = x0;
            int last = x1;
            if (!accept) {
                scan.rowSpan(y, x0, x1);
                first = scan.spanFirst;
                last = scan.spanLast;
                if (first > last) {
                    continue;
                }
            }
            covered += last - first + 1;
            if (lateZ) {
                coveredBits |= quadRun(first, last, quadBase);
            }
            int rowBase = layout.pixel(x0, y) - x0;
            if (od != null) {
                for (int x = first; x < last + 1; x++) {
                    od[rowBase + x]++;
                }
            }
            int run = 0;
            for (int x = first; x < last + 1; x++) {
                int idx = rowBase + x;
                if (DepthTestState.compare(funcCode, q, d[idx])) {
                    if (depthWrite) {
                        d[idx] = q;
                    }
                    xs[run++] = x;
                    quadBits |= 1L << ((x >> 1) - quadBase);
                }
            }
            passed += run;
            if (run > 0 && shading) {
                shader.shadeRow(src, t, y, xs, run, rowBase);
            }
        }
        if (depthWrite && passed > 0) {
            out.writtenMin = Math.min(out.writtenMin, q);
            out.writtenMax = Math.max(out.writtenMax, q);
        }
        out.addRows(covered, passed, quads + Long.bitCount(quadBits), coveredQuads + Long.bitCount(coveredBits));
    }
}

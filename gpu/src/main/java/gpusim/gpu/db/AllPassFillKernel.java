package gpusim.gpu.db;

import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.work.TriBatch;

/**
 * {@link TileKernel#ALL_PASS_FILL}: a fully covered single-sample D32 region every sample of
 * which provably passes the depth test ({@link #proves}): the depths are written (if depth
 * writes are on) and the pixels shaded without reading or comparing the stored depths, and
 * the counts are the region's size. The same arithmetic and the same figures as
 * {@link ReferenceTileKernel}; host-side only, never visible in a result or a cycle. (Mesa
 * llvmpipe bins a fully covered tile of an opaque triangle as its own command,
 * LP_RAST_OP_SHADE_TILE_OPAQUE in lp_rast.h, for the same reason.)
 */
final class AllPassFillKernel {
    private final DepthTestState s;
    private final PixelShader shader;
    /** The encoded depth extremes of the last {@link #cornerDepths} region. */
    private int cornerMin;
    private int cornerMax;
    /** Whether every depth of that region lies in the viewport's depth range before clamping (its corners do). */
    private boolean cornerInRange;
    /** Per column of a tile region: dz/dx (x - x0), the one term of the depth that varies along a row. */
    private final double[] columnDz = new double[32];
    /** Per row of a tile region: the depth plane at the row (before x), and the row's colour. */
    private final double[] rowZ = new double[32];
    private final int[] rowColor = new int[32];

    AllPassFillKernel(DepthTestState s, PixelShader shader) {
        this.s = s;
        this.shader = shader;
    }

    /**
     * Whether every sample of the fully covered single-sample region [x0..x1] x [y0..y1]
     * passes the depth test against what the tile holds, provably: the depth function is
     * ALWAYS, or the tile's HiZ bounds (kept whenever HiZ is enabled, for every draw) lie
     * beyond the region's extreme depths. The extremes are exact: the depth each pixel
     * gets, (z0 + dz/dy (y - y0)) + dz/dx (x - x0) + offset, clamped and encoded, is built
     * from operations each monotonic in x and in y, so it is monotonic in each and its
     * extremes over a rectangle lie at its corners (given finite values and a non-negative
     * depth range, where D32 bits order like the depths). Leaves the extremes for {@link #run}.
     */
    boolean proves(int x0, int y0, int x1, int y1, int hizIndex) {
        int funcCode = s.funcCode;
        if (funcCode == 8) { // ALWAYS
            return cornerDepths(x0, y0, x1, y1);
        }
        if (!s.hizEnabled || (funcCode != 2 && funcCode != 4 && funcCode != 5 && funcCode != 7)) {
            return false;
        }
        if (!cornerDepths(x0, y0, x1, y1)) {
            return false;
        }
        int tileMin = s.ds.hizMin[hizIndex];
        int tileMax = s.ds.hizMax[hizIndex];
        switch (funcCode) {
            case 2: return cornerMax < tileMin; // LESS
            case 4: return cornerMax <= tileMin; // LESS_EQUAL
            case 5: return cornerMin > tileMax; // GREATER
            default: return cornerMin >= tileMax; // GREATER_EQUAL
        }
    }

    /**
     * Evaluates the region's lowest and highest corner pixels (by the slopes' signs; each
     * step of the depth is monotonic in x and in y, non-decreasing where its slope is not
     * negative) the way the depth loop does, and leaves the extremes in {@link #cornerMin}
     * and {@link #cornerMax}; false where the argument does not hold (a non-finite depth
     * or a negative depth range).
     */
    private boolean cornerDepths(int x0, int y0, int x1, int y1) {
        double dzdx = s.dzdx;
        double dzdy = s.dzdy;
        if (!(s.lo >= 0) || !(dzdx == dzdx) || !(dzdy == dzdy)) {
            return false;
        }
        double dz0 = s.sampleDz[0];
        int xl = dzdx >= 0 ? x0 : x1;
        int xh = dzdx >= 0 ? x1 : x0;
        int yl = dzdy >= 0 ? y0 : y1;
        int yh = dzdy >= 0 ? y1 : y0;
        double zl = s.rowDepth(yl) + dzdx * (xl - s.originX) + dz0;
        double zh = s.rowDepth(yh) + dzdx * (xh - s.originX) + dz0;
        if (!Double.isFinite(zl) || !Double.isFinite(zh)) {
            return false;
        }
        cornerInRange = zl >= s.lo && zh <= s.hi;
        cornerMin = s.encode(s.clamp(zl));
        cornerMax = s.encode(s.clamp(zh));
        return true;
    }

    /** The region {@link #proves} just accepted, for triangle {@code t}. */
    void run(TriBatch src, int t, int x0, int y0, int x1, int y1, RegionCounts out) {
        int n = x1 - x0 + 1;
        SurfaceLayout layout = s.layout;
        if (s.depthWrite) {
            double dz0 = s.sampleDz[0];
            double zLo = s.lo;
            double zHi = s.hi;
            double dzdx = s.dzdx;
            int[] d = s.depth;
            // The depth is (zRow + dz/dx (x - x0)) + dz0: the column term is the same in every
            // row, so it is computed once a region (the same value, so the same depth).
            double[] cx = columnDz;
            for (int i = 0; i < n; i++) {
                cx[i] = dzdx * ((x0 + i) - s.originX);
            }
            if (cornerInRange && shader.flatAlongX(src, t)) {
                // The common fill: depth and one colour a row, in one pass over the region.
                int rows = y1 - y0 + 1;
                for (int r = 0; r < rows; r++) {
                    rowZ[r] = s.rowDepth(y0 + r);
                    rowColor[r] = shader.rowColor(y0 + r);
                }
                fillRegion(d, shader.target(), layout.pixel(x0, y0), layout.tileSize, rows, n, rowZ, rowColor, cx, dz0);
                for (int r = 0, from = layout.pixel(x0, y0); r < rows; r++, from += layout.tileSize) {
                    shader.overwritten(from, from + n);
                }
                count(x0, y0, x1, y1, out);
                return;
            }
            for (int y = y0; y < y1 + 1; y++) {
                int from = layout.pixel(x0, y);
                double zRow = s.rowDepth(y);
                if (cornerInRange) {
                    // Every depth is inside the range already (its extremes are): no clamp.
                    for (int i = 0; i < n; i++) {
                        d[from + i] = Float.floatToRawIntBits((float) (zRow + cx[i] + dz0) + 0.0f);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        double z = zRow + cx[i] + dz0;
                        d[from + i] = Float.floatToRawIntBits((float) (z < zLo ? zLo : z > zHi ? zHi : z) + 0.0f);
                    }
                }
            }
        }
        // The colour surface shares the depth surface's layout when shading is hoisted (PixelShader).
        shader.shadeRect(src, t, x0, y0, x1, y1, layout);
        count(x0, y0, x1, y1, out);
    }

    /**
     * The depths (zRow + column term) + dz0 of a region known to pass, in range, and one
     * colour a row, written to both surfaces (the same layout); rows are {@code pitch} apart
     * within a tile. Small and static, so the JIT compiles it early and whole.
     */
    private static void fillRegion(int[] d, int[] rgba, int from, int pitch, int rows, int n, double[] rowZ,
                                   int[] rowColor, double[] cx, double dz0) {
        for (int r = 0; r < rows; r++, from += pitch) {
            double zRow = rowZ[r];
            int c = rowColor[r];
            for (int i = 0; i < n; i++) {
                d[from + i] = Float.floatToRawIntBits((float) (zRow + cx[i] + dz0) + 0.0f);
                rgba[from + i] = c;
            }
        }
    }

    /** The figures of the region: every pixel covered, passed and shaded. */
    private void count(int x0, int y0, int x1, int y1, RegionCounts out) {
        if (s.depthWrite) {
            // The corners hold the extremes of what was written (see proves).
            out.writtenMin = Math.min(out.writtenMin, cornerMin);
            out.writtenMax = Math.max(out.writtenMax, cornerMax);
        }
        long pixels = (long) (x1 - x0 + 1) * (y1 - y0 + 1);
        out.covered += pixels;
        out.passed += pixels;
        out.shaded += pixels;
        long quads = (long) ((x1 >> 1) - (x0 >> 1) + 1) * ((y1 >> 1) - (y0 >> 1) + 1);
        out.quads += quads;
        out.coveredQuads += s.lateZ ? quads : 0;
    }
}

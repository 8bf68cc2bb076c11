package gpusim.gpu.db;

import gpusim.api.StencilOp;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.work.TriBatch;

/**
 * {@link TileKernel#GENERAL}: any sample count, stencil, no depth-stencil surface: the
 * region row by row with the scan converter's incremental row walk, each pixel's covered
 * samples tested together, a depth-only test without stencil; the same arithmetic and the
 * same figures as {@link ReferenceTileKernel}.
 */
final class GeneralTileKernel {
    private final DepthTestState s;
    private final ScanConverter scan;
    private final PixelShader shader;
    private RegionCounts out;
    /** The quad columns (relative to x0 / 2) of the last {@link #row} with a covered sample. */
    private long rowCoveredBits;

    GeneralTileKernel(DepthTestState s, ScanConverter scan, PixelShader shader) {
        this.s = s;
        this.scan = scan;
        this.shader = shader;
    }

    /** Region [x0..x1] x [y0..y1] of triangle {@code t}; {@code accept}: every sample is covered ({@code full}). */
    void run(TriBatch src, int t, int x0, int y0, int x1, int y1, boolean accept, int full, RegionCounts out) {
        this.out = out;
        long quads = 0;
        long coveredQuads = 0;
        long quadBits = 0;
        long coveredBits = 0;
        for (int y = y0; y <= y1; y++) {
            if ((y & 1) == 0) {
                // A new row of 2x2 quads: count the quads the previous one shaded and those it covered.
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            quadBits |= row(src, t, y, x0, x1, accept, full);
            coveredBits |= rowCoveredBits;
        }
        out.quads += quads + Long.bitCount(quadBits);
        out.coveredQuads += coveredQuads + Long.bitCount(coveredBits);
    }

    /**
     * Tests, counts and shades pixels x0..x1 of row y of triangle t (one DB tile); returns
     * the bits of the quad columns (relative to x0 / 2) with a shaded pixel.
     */
    private long row(TriBatch src, int t, int y, int x0, int x1, boolean accept, int full) {
        if (!accept) {
            scan.rowStart(x0, y);
        }
        DepthSurface ds = s.ds;
        int samples = s.samples;
        boolean lateZ = s.lateZ;
        double zRow = s.rowDepth(y);
        double dzdx = s.dzdx;
        double originX = s.originX;
        int rowBase = ds == null ? 0 : s.layout.pixel(x0, y) - x0 * samples;
        int quadBase = x0 >> 1;
        long quadBits = 0;
        long coveredBits = 0;
        long covered = 0;
        long passed = 0;
        long shaded = 0;
        int[] od = ds == null ? null : ds.overdraw;
        int odBase = rowBase / samples; // rowBase is a whole number of pixels
        for (int x = x0; x <= x1; x++) {
            int m = accept ? full : scan.nextMask();
            if (m == 0) {
                continue;
            }
            covered += Integer.bitCount(m);
            if (lateZ) {
                coveredBits |= 1L << ((x >> 1) - quadBase);
            }
            if (od != null) {
                od[odBase + x]++;
            }
            int pass = ds == null ? m : testPixel(rowBase + x * samples, zRow + dzdx * (x - originX), m);
            if (pass != 0) {
                passed += Integer.bitCount(pass);
                shaded++;
                shader.shade(src, t, x, y, ds == null ? -1 : rowBase + x * samples, pass);
                quadBits |= 1L << ((x >> 1) - quadBase);
            }
        }
        out.covered += covered;
        out.passed += passed;
        out.shaded += shaded;
        rowCoveredBits = coveredBits;
        return quadBits;
    }

    /**
     * Depth/stencil-tests the covered samples {@code m} of the pixel whose first sample is at
     * {@code base}; {@code zPixel} is the plane at the pixel's corner. Returns the passing samples.
     */
    private int testPixel(int base, double zPixel, int m) {
        if (!s.stencilOn) {
            return depthOnly(base, zPixel, m);
        }
        int[] depth = s.depth;
        byte[] stencil = s.stencil;
        int ref = s.ref;
        int readMask = s.readMask;
        int writeMask = s.writeMask;
        int pass = 0;
        while (m != 0) {
            int smp = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + smp;
            int q = 0;
            boolean depthPass = true;
            if (s.depthOn) {
                q = s.encode(s.clamp(zPixel + s.sampleDz[smp]));
                depthPass = s.func.test(q, depth[idx]);
            }
            int stored = stencil[idx] & 0xFF;
            boolean stencilPass = s.face.func().test(ref & readMask, stored & readMask);
            StencilOp op = !stencilPass ? s.face.failOp() : !depthPass ? s.face.depthFailOp() : s.face.passOp();
            if (op != StencilOp.KEEP) {
                int nv = op.apply(stored, ref);
                stencil[idx] = (byte) ((stored & ~writeMask) | (nv & writeMask));
            }
            if (!stencilPass || !depthPass) {
                continue;
            }
            if (s.depthWrite) {
                write(idx, q);
            }
            pass |= 1 << smp;
        }
        return pass;
    }

    /** The common case without stencil: depth test (if enabled) and write. */
    private int depthOnly(int base, double zPixel, int m) {
        if (!s.depthOn) {
            return m;
        }
        int[] depth = s.depth;
        double[] sampleDz = s.sampleDz;
        int funcCode = s.funcCode;
        boolean depthWrite = s.depthWrite;
        int pass = 0;
        while (m != 0) {
            int smp = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + smp;
            int q = s.encode(s.clamp(zPixel + sampleDz[smp]));
            if (DepthTestState.compare(funcCode, q, depth[idx])) {
                if (depthWrite) {
                    write(idx, q);
                }
                pass |= 1 << smp;
            }
        }
        return pass;
    }

    private void write(int idx, int q) {
        s.depth[idx] = q;
        RegionCounts o = out;
        if (q < o.writtenMin) {
            o.writtenMin = q;
        }
        if (q > o.writtenMax) {
            o.writtenMax = q;
        }
    }
}

package gpusim.gpu.db;

import gpusim.api.StencilOp;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.work.TriBatch;

/**
 * {@link TileKernel#REFERENCE}: the whole work of one triangle's region of one tile, written
 * plainly, one sample at a time, for clarity and not for speed; the fast kernels must give
 * exactly what it gives (every sample of every surface, every figure), which the
 * differential test checks over every conformance case and stress trace. It is the
 * specification the fast kernels are optimisations of, and {@code sim.kernels=reference}
 * runs it everywhere.
 *
 * <p>Per pixel of the region: the exact coverage mask (the edge functions at each sample,
 * {@link ScanConverter#mask}); per covered sample, the depth plane at the sample, clamped to
 * the viewport's depth range, encoded in the surface's format and compared ("source FUNC
 * destination", D3D12), and the stencil test (ref &amp; readMask) FUNC (stored &amp;
 * readMask) with the op of the triangle's face for its outcome, written through the write
 * mask; a sample passes both or neither writes depth. The pixel's passing samples are
 * shaded ({@link PixelShader#shade}). Then the counts: covered samples, passed samples,
 * pixels shaded, 2x2 quads with a shaded pixel and, for a late-Z state, quads with a
 * covered sample; and the tile's hierarchical Z bounds.
 */
final class ReferenceTileKernel {
    private final DepthTestState s;
    private final ScanConverter scan;
    private final PixelShader shader;

    ReferenceTileKernel(DepthTestState s, ScanConverter scan, PixelShader shader) {
        this.s = s;
        this.scan = scan;
        this.shader = shader;
    }

    /**
     * Region [x0..x1] x [y0..y1] of tile (tx, ty) for triangle {@code t}; {@code accept}:
     * the tile classified as wholly inside the triangle (the coverage is computed anyway;
     * the flag only decides whether the HiZ bounds may be made exact).
     */
    void run(TriBatch src, int t, int tx, int ty, int x0, int y0, int x1, int y1, boolean accept, RegionCounts out) {
        DepthSurface ds = s.ds;
        int qx0 = x0 >> 1;
        int qy0 = y0 >> 1;
        boolean[][] quadShaded = new boolean[(y1 >> 1) - qy0 + 1][(x1 >> 1) - qx0 + 1];
        boolean[][] quadCovered = new boolean[quadShaded.length][quadShaded[0].length];
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                int covered = scan.mask(x, y);
                if (covered == 0) {
                    continue;
                }
                out.covered += Integer.bitCount(covered);
                quadCovered[(y >> 1) - qy0][(x >> 1) - qx0] = true;
                int pixel = ds == null ? -1 : ds.layout.pixel(x, y);
                if (ds != null && ds.overdraw != null) {
                    ds.overdraw[pixel / ds.samples]++;
                }
                int pass = 0;
                for (int smp = 0; smp < s.sp.samples; smp++) {
                    if ((covered & (1 << smp)) != 0 && (ds == null || testSample(x, y, smp, pixel + smp, out))) {
                        pass |= 1 << smp;
                    }
                }
                if (pass != 0) {
                    out.passed += Integer.bitCount(pass);
                    out.shaded++;
                    quadShaded[(y >> 1) - qy0][(x >> 1) - qx0] = true;
                    shader.shade(src, t, x, y, pixel, pass);
                }
            }
        }
        for (int qy = 0; qy < quadShaded.length; qy++) {
            for (int qx = 0; qx < quadShaded[qy].length; qx++) {
                out.quads += quadShaded[qy][qx] ? 1 : 0;
                out.coveredQuads += s.lateZ && quadCovered[qy][qx] ? 1 : 0;
            }
        }
        updateHiz(tx, ty, x0, y0, x1, y1, accept, out);
    }

    /** The depth and stencil tests and writes of covered sample {@code smp} of pixel (x, y), stored at {@code idx}. */
    private boolean testSample(int x, int y, int smp, int idx, RegionCounts out) {
        int q = 0;
        boolean depthPass = true;
        if (s.depthOn) {
            double z = s.rowDepth(y) + s.dzdx * (x - s.originX) + s.sampleDz[smp];
            q = s.encode(s.clamp(z));
            depthPass = s.func.test(q, s.depth[idx]);
        }
        boolean stencilPass = true;
        if (s.stencilOn) {
            int stored = s.stencil[idx] & 0xFF;
            stencilPass = s.face.func().test(s.ref & s.readMask, stored & s.readMask);
            StencilOp op = !stencilPass ? s.face.failOp() : !depthPass ? s.face.depthFailOp() : s.face.passOp();
            int written = op.apply(stored, s.ref);
            s.stencil[idx] = (byte) ((stored & ~s.writeMask) | (written & s.writeMask));
        }
        if (!depthPass || !stencilPass) {
            return false;
        }
        if (s.depthWrite) {
            s.depth[idx] = q;
            out.writtenMin = Math.min(out.writtenMin, q);
            out.writtenMax = Math.max(out.writtenMax, q);
        }
        return true;
    }

    /**
     * Hierarchical Z: the tile's bounds take in the depths written; when the region is the
     * whole tile (inside the surface), classified wholly inside the triangle, and every
     * covered sample passed, every sample of the tile was written, so the bounds become
     * exactly the written ones.
     */
    private void updateHiz(int tx, int ty, int x0, int y0, int x1, int y1, boolean accept, RegionCounts out) {
        DepthSurface ds = s.ds;
        if (!s.hizEnabled || ds == null || !out.wrote()) {
            return;
        }
        int ts = ds.layout.tileSize;
        int h = ty * ds.hizTilesX + tx;
        boolean wholeTile = accept && x0 == tx * ts && y0 == ty * ts && x1 == Math.min(tx * ts + ts, ds.width) - 1
                && y1 == Math.min(ty * ts + ts, ds.height) - 1 && out.passed == out.covered && s.hizLearns;
        ds.hizMin[h] = wholeTile ? out.writtenMin : Math.min(ds.hizMin[h], out.writtenMin);
        ds.hizMax[h] = wholeTile ? out.writtenMax : Math.max(ds.hizMax[h], out.writtenMax);
    }
}

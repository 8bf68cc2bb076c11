package gpusim.gpu.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;

/**
 * Builds set-up triangle batches directly (no pipeline) and scan-converts them, collecting the
 * coverage mask of every (triangle, pixel). Coordinates are given in pixels and must be exact in
 * 1/256 pixel; triangles may be given in either winding (stored clockwise, as the clipper does).
 */
final class RasterHarness {
    private RasterHarness() {
    }

    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    /** A draw state whose pixel rectangle is [left, right) x [top, bottom). */
    static DrawState state(int samples, int left, int top, int right, int bottom) {
        PipelineState pso = PipelineState.defaults("test", 1);
        return new DrawState(pso, null, null, samples, 0, 0, right, bottom, 0, 1, left, top, right, bottom,
                IDENTITY, 0, null, null);
    }

    static int fixed(double pixels) {
        double f = pixels * 256;
        if (f != Math.rint(f)) {
            throw new IllegalArgumentException(pixels + " is not exact in 1/256 pixel");
        }
        return (int) f;
    }

    /** Triangles as {x0, y0, x1, y1, x2, y2} in pixels. */
    static TriBatch batch(DrawState st, double[]... tris) {
        TriBatch b = new TriBatch(0, st, Math.max(1, tris.length));
        for (double[] t : tris) {
            addFixed(b, fixed(t[0]), fixed(t[1]), fixed(t[2]), fixed(t[3]), fixed(t[4]), fixed(t[5]));
        }
        return b;
    }

    static void addFixed(TriBatch b, int x0, int y0, int x1, int y1, int x2, int y2) {
        long area2 = (long) (x1 - x0) * (y2 - y0) - (long) (y1 - y0) * (x2 - x0);
        if (area2 == 0) {
            throw new IllegalArgumentException("zero-area triangle");
        }
        int t = b.count++;
        int[] xs = area2 > 0 ? new int[] {x0, x1, x2} : new int[] {x0, x2, x1};
        int[] ys = area2 > 0 ? new int[] {y0, y1, y2} : new int[] {y0, y2, y1};
        for (int k = 0; k < 3; k++) {
            b.fx[t * 3 + k] = xs[k];
            b.fy[t * 3 + k] = ys[k];
            b.z[t * 3 + k] = 0.5f;
            b.invW[t * 3 + k] = 1f;
        }
        b.front[t] = true;
    }

    /**
     * Coverage per triangle per pixel: mask[t][y][x] over a width x height target, from
     * {@link ScanConverter#rasterize}; also checks that the coarse binning sends each tile to the DB
     * that owns it and never drops a tile that has covered samples.
     */
    static int[][][] rasterize(TriBatch b, int width, int height, int dbCount, int tileSize) {
        TileMap map = new TileMap(dbCount, tileSize);
        SamplePattern sp = SamplePattern.of(b.state.samples());
        ScanConverter scan = new ScanConverter();
        int[][][] mask = new int[b.count][height][width];
        for (int t = 0; t < b.count; t++) {
            TriangleSetup.setup(b, t);
            FragmentBatch out = new FragmentBatch();
            out.reset(b, 0);
            scan.rasterize(b, t, sp, map, out);
            boolean[][] seen = new boolean[height][width];
            for (int i = 0; i < out.count; i++) {
                assertEquals(t, out.tri[i]);
                int x = out.xy[i] & 0xFFFF;
                int y = out.xy[i] >>> 16;
                assertTrue(x < width && y < height, "fragment outside the target at " + x + "," + y);
                assertTrue(!seen[y][x], "pixel " + x + "," + y + " emitted twice for triangle " + t);
                seen[y][x] = true;
                assertTrue(out.mask[i] != 0, "empty fragment emitted");
                mask[t][y][x] = out.mask[i];
            }
            // Binning: every DB that owns a tile of the bounding box gets the triangle, and the
            // tiles a DB walks (firstOwned, then every dbCount-th) are exactly the ones it owns.
            int shift = map.tileShift;
            int tx0 = b.bbox[t * 4] >> shift;
            int ty0 = b.bbox[t * 4 + 1] >> shift;
            int tx1 = b.bbox[t * 4 + 2] >> shift;
            int ty1 = b.bbox[t * 4 + 3] >> shift;
            boolean[][] walked = new boolean[(height >> shift) + 2][(width >> shift) + 2];
            if (b.bbox[t * 4] <= b.bbox[t * 4 + 2] && b.bbox[t * 4 + 1] <= b.bbox[t * 4 + 3]) {
                for (int d = 0; d < dbCount; d++) {
                    boolean any = false;
                    for (int ty = ty0; ty <= ty1; ty++) {
                        for (int tx = map.firstOwned(d, tx0, ty); tx <= tx1; tx += dbCount) {
                            assertEquals(d, map.owner(tx, ty), "tile " + tx + "," + ty + " walked by the wrong DB");
                            walked[ty][tx] = true;
                            any = true;
                        }
                    }
                    assertEquals(any, map.ownsAny(d, tx0, ty0, tx1, ty1), "ownsAny disagrees for DB " + d);
                }
            }
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (mask[t][y][x] != 0) {
                        assertTrue(walked[y >> shift][x >> shift], "covered pixel's tile not walked by its DB");
                    }
                }
            }
        }
        return mask;
    }

    static long samples(int[][] mask) {
        long n = 0;
        for (int[] row : mask) {
            for (int m : row) {
                n += Integer.bitCount(m);
            }
        }
        return n;
    }

    static long pixels(int[][] mask) {
        long n = 0;
        for (int[] row : mask) {
            for (int m : row) {
                if (m != 0) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Reference coverage, written from the D3D11 rules rather than from the setup code: a sample is
     * covered if it is inside all three edges, or exactly on an edge that is a top edge (horizontal,
     * with the third vertex below it) or a left edge (not horizontal, with the triangle's interior to
     * its right), whatever the winding. Positions in 1/256 pixel.
     */
    static boolean referenceCovers(int[] x, int[] y, long px, long py) {
        long area2 = (long) (x[1] - x[0]) * (y[2] - y[0]) - (long) (y[1] - y[0]) * (x[2] - x[0]);
        long sign = Long.signum(area2);
        for (int e = 0; e < 3; e++) {
            int a = e;
            int b = (e + 1) % 3;
            int c = (e + 2) % 3;
            long cross = ((long) (x[b] - x[a]) * (py - y[a]) - (long) (y[b] - y[a]) * (px - x[a])) * sign;
            if (cross < 0) {
                return false;
            }
            if (cross == 0) {
                boolean top;
                boolean left;
                if (y[a] == y[b]) {
                    top = y[c] > y[a];
                    left = false;
                } else {
                    top = false;
                    // interior (third vertex) to the right of the edge at the third vertex's height
                    long lhs = (long) (x[c] - x[a]) * (y[b] - y[a]);
                    long rhs = (long) (x[b] - x[a]) * (y[c] - y[a]);
                    left = y[b] > y[a] ? lhs > rhs : lhs < rhs;
                }
                if (!top && !left) {
                    return false;
                }
            }
        }
        return true;
    }
}

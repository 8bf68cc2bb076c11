package gpusim.gpu.raster;

import static gpusim.gpu.raster.RasterHarness.batch;
import static gpusim.gpu.raster.RasterHarness.pixels;
import static gpusim.gpu.raster.RasterHarness.rasterize;
import static gpusim.gpu.raster.RasterHarness.samples;
import static gpusim.gpu.raster.RasterHarness.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Direct3D 11/12 rasterization rules of the trace format spec, on set-up triangles. */
class RasterRulesTest {

    /** Standard sample positions of the spec's table, in sample-index order. */
    static final double[][] SPEC_POSITIONS = {
        {0.5, 0.5},
        {0.75, 0.75, 0.25, 0.25},
        {0.375, 0.125, 0.875, 0.375, 0.125, 0.625, 0.625, 0.875},
        {0.5625, 0.3125, 0.4375, 0.6875, 0.8125, 0.5625, 0.3125, 0.1875, 0.1875, 0.8125, 0.0625, 0.4375,
            0.6875, 0.9375, 0.9375, 0.0625},
        {0.5625, 0.5625, 0.4375, 0.3125, 0.3125, 0.625, 0.75, 0.4375, 0.1875, 0.375, 0.625, 0.8125,
            0.8125, 0.6875, 0.6875, 0.1875, 0.375, 0.875, 0.5, 0.0625, 0.25, 0.125, 0.125, 0.75,
            0.0, 0.5, 0.9375, 0.25, 0.875, 0.9375, 0.0625, 0.0},
    };

    static double[] spec(int samples) {
        return SPEC_POSITIONS[Integer.numberOfTrailingZeros(samples)];
    }

    // Multisample positions are the standard Direct3D patterns (the spec's table), exact in 1/256 pixel.
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void samplePatternsAreTheStandardPositions(int n) {
        SamplePattern sp = SamplePattern.of(n);
        double[] p = spec(n);
        assertEquals(n, sp.samples);
        for (int s = 0; s < n; s++) {
            assertEquals(p[2 * s], sp.x[s], "x of sample " + s);
            assertEquals(p[2 * s + 1], sp.y[s], "y of sample " + s);
            assertEquals((int) (p[2 * s] * 256), sp.fx[s]);
            assertEquals((int) (p[2 * s + 1] * 256), sp.fy[s]);
        }
    }

    @Test
    void nonStandardSampleCountsHaveNoPattern() {
        for (int n : new int[] {0, 3, 6, 32, -1}) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SamplePattern.of(n));
        }
    }

    // D3D11/12 top-left rule: two triangles sharing the main diagonal of a 16x16 square, which passes
    // exactly through the pixel centres (k + 0.5, k + 0.5). Each centre is covered exactly once: the
    // diagonal is a left edge of the upper-right triangle (so it gets the 16 centres on it) and a
    // right edge of the lower-left one.
    @Test
    void sharedDiagonalThroughPixelCentresCoversEachCentreExactlyOnce() {
        DrawState st = state(1, 0, 0, 16, 16);
        TriBatch b = batch(st, new double[] {0, 0, 16, 0, 16, 16}, new double[] {0, 0, 16, 16, 0, 16});
        int[][][] m = rasterize(b, 16, 16, 4, 8);
        assertEachSampleCoveredOnce(m, 16, 16, 1);
        assertEquals(136, pixels(m[0]), "upper-right triangle: 120 pixels above the diagonal + 16 on it");
        assertEquals(120, pixels(m[1]), "lower-left triangle: the 120 pixels strictly below");
        for (int k = 0; k < 16; k++) {
            assertEquals(1, m[0][k][k], "centre on the diagonal belongs to the triangle whose left edge it is");
        }
    }

    // The other diagonal (x + y = 16) also passes through centres; it is a right edge of the upper-left
    // triangle and a left edge of the lower-right one, so the lower-right triangle owns its centres.
    @Test
    void sharedAntiDiagonalThroughPixelCentresCoversEachCentreExactlyOnce() {
        DrawState st = state(1, 0, 0, 16, 16);
        TriBatch b = batch(st, new double[] {0, 0, 16, 0, 0, 16}, new double[] {16, 0, 16, 16, 0, 16});
        int[][][] m = rasterize(b, 16, 16, 3, 8);
        assertEachSampleCoveredOnce(m, 16, 16, 1);
        assertEquals(120, pixels(m[0]));
        assertEquals(136, pixels(m[1]));
    }

    // A full-screen quad of two triangles covers exactly W x H x S samples with no sample counted twice,
    // for every standard sample count (the 16x pattern has samples at x = 0 and y = 0, exactly on the
    // quad's left and top edges, which are inclusive).
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void fullScreenQuadCoversEverySampleExactlyOnce(int s) {
        int w = 40;
        int h = 24;
        DrawState st = state(s, 0, 0, w, h);
        TriBatch b = batch(st, new double[] {0, 0, w, 0, w, h}, new double[] {0, 0, w, h, 0, h});
        int[][][] m = rasterize(b, w, h, 4, 8);
        assertEachSampleCoveredOnce(m, w, h, s);
        assertEquals((long) w * h * s, samples(m[0]) + samples(m[1]));
        // A square quad's diagonal passes through the samples with x == y; both splits agree.
        TriBatch b2 = batch(st, new double[] {0, 0, w, 0, 0, h}, new double[] {w, 0, w, h, 0, h});
        int[][][] m2 = rasterize(b2, w, h, 7, 16);
        assertEachSampleCoveredOnce(m2, w, h, s);
    }

    // A quad larger than the target (guard band) covers exactly the target's samples.
    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void oversizedQuadIsCutToTheTarget(int s) {
        DrawState st = state(s, 0, 0, 24, 16);
        TriBatch b = batch(st, new double[] {-50, -30, 90, -30, 90, 70}, new double[] {-50, -30, 90, 70, -50, 70});
        int[][][] m = rasterize(b, 24, 16, 2, 8);
        assertEachSampleCoveredOnce(m, 24, 16, s);
    }

    // Top-left rule on pixel centres: a horizontal top edge through a row of centres includes them, a
    // horizontal bottom edge excludes them, a vertical left edge includes the column of centres on it,
    // a vertical right edge excludes it.
    @Test
    void topEdgeThroughCentresIncludesThem() {
        int[][] m = rasterize(batch(state(1, 0, 0, 12, 12), new double[] {0, 2.5, 8, 2.5, 4, 10.5}), 12, 12, 1, 8)[0];
        for (int x = 0; x < 8; x++) {
            assertEquals(1, m[2][x], "centre (" + x + ".5, 2.5) on the top edge");
        }
        assertEquals(0, m[1][4], "row above the top edge");
        assertEquals(0, m[2][8]);
    }

    @Test
    void bottomEdgeThroughCentresExcludesThem() {
        int[][] m = rasterize(batch(state(1, 0, 0, 12, 12), new double[] {4, 0, 8, 7.5, 0, 7.5}), 12, 12, 1, 8)[0];
        for (int x = 0; x < 12; x++) {
            assertEquals(0, m[7][x], "centre (" + x + ".5, 7.5) on the bottom edge");
        }
        assertEquals(1, m[6][4], "row above the bottom edge is covered");
    }

    @Test
    void leftEdgeThroughCentresIncludesThem() {
        int[][] m = rasterize(batch(state(1, 0, 0, 12, 12), new double[] {2.5, 0, 10, 4, 2.5, 8}), 12, 12, 1, 8)[0];
        for (int y = 0; y < 8; y++) {
            assertEquals(1, m[y][2], "centre (2.5, " + y + ".5) on the left edge");
            assertEquals(0, m[y][1]);
        }
    }

    @Test
    void rightEdgeThroughCentresExcludesThem() {
        int[][] m = rasterize(batch(state(1, 0, 0, 12, 12), new double[] {7.5, 0, 7.5, 8, 0, 4}), 12, 12, 1, 8)[0];
        for (int y = 0; y < 8; y++) {
            assertEquals(0, m[y][7], "centre (7.5, " + y + ".5) on the right edge");
        }
        assertEquals(1, m[4][6]);
    }

    // A sloped left edge (walked upwards) also includes centres exactly on it; a sloped right edge not.
    @Test
    void slopedEdgesThroughCentresFollowTheLeftRule() {
        // Left edge from (0.5, 8.5) up to (4.5, 0.5) passes through the centres (2.5, 4.5) and (1.5, 6.5);
        // right edge from (4.5, 0.5) down to (12.5, 8.5) through (8.5, 4.5) and (10.5, 6.5).
        int[][] left = rasterize(batch(state(1, 0, 0, 16, 16), new double[] {4.5, 0.5, 12.5, 8.5, 0.5, 8.5}),
                16, 16, 1, 8)[0];
        assertEquals(1, left[4][2], "(2.5, 4.5) is on a left edge");
        assertEquals(1, left[6][1], "(1.5, 6.5) is on a left edge");
        assertEquals(0, left[4][8], "(8.5, 4.5) is on the right edge");
        assertEquals(0, left[6][10], "(10.5, 6.5) is on the right edge");
        assertEquals(1, left[6][9]);
        assertEquals(0, left[4][1]);
    }

    // Standard MSAA patterns: a vertical edge at x = 3.5 (0.5 into pixel column 3). The triangle to its
    // left (the edge is its right edge) gets exactly the samples with x < 0.5; the one to its right
    // (a left edge) gets those with x >= 0.5, including the samples exactly on it.
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void verticalEdgeAtHalfPixelSplitsSamplesByTheSpecTable(int s) {
        double[] p = spec(s);
        int leftOf = 0;
        int onOrRight = 0;
        for (int i = 0; i < s; i++) {
            if (p[2 * i] < 0.5) {
                leftOf |= 1 << i;
            } else {
                onOrRight |= 1 << i;
            }
        }
        TriBatch b = batch(state(s, 0, 0, 8, 8), new double[] {3.5, -100, 3.5, 100, -100, 0},
                new double[] {3.5, 100, 3.5, -100, 100, 0});
        int[][][] m = rasterize(b, 8, 8, 2, 8);
        int full = (1 << s) - 1;
        for (int y = 0; y < 8; y++) {
            assertEquals(leftOf, m[0][y][3], "left triangle, row " + y);
            assertEquals(onOrRight, m[1][y][3], "right triangle, row " + y);
            assertEquals(full, m[0][y][2]);
            assertEquals(full, m[1][y][4]);
            assertEquals(0, m[0][y][4]);
            assertEquals(0, m[1][y][2]);
        }
    }

    // Same with a horizontal edge at y = 3.5: the triangle below it (top edge, inclusive) gets the samples
    // with y >= 0.5; the one above (bottom edge) those with y < 0.5.
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void horizontalEdgeAtHalfPixelSplitsSamplesByTheSpecTable(int s) {
        double[] p = spec(s);
        int above = 0;
        int onOrBelow = 0;
        for (int i = 0; i < s; i++) {
            if (p[2 * i + 1] < 0.5) {
                above |= 1 << i;
            } else {
                onOrBelow |= 1 << i;
            }
        }
        TriBatch b = batch(state(s, 0, 0, 8, 8), new double[] {100, 3.5, -100, 3.5, 0, -100},
                new double[] {-100, 3.5, 100, 3.5, 0, 100});
        int[][][] m = rasterize(b, 8, 8, 3, 8);
        for (int x = 0; x < 8; x++) {
            assertEquals(above, m[0][3][x], "upper triangle, column " + x);
            assertEquals(onOrBelow, m[1][3][x], "lower triangle, column " + x);
        }
    }

    // Explicit 16x masks, from the spec's table: x < 0.5 are samples 1 2 4 8 10 11 12 15; sample 9 has
    // x == 0.5 exactly and belongs to the left-edge side.
    @Test
    void sixteenSampleVerticalSplitMasks() {
        TriBatch b = batch(state(16, 0, 0, 8, 8), new double[] {3.5, -100, 3.5, 100, -100, 0},
                new double[] {3.5, 100, 3.5, -100, 100, 0});
        int[][][] m = rasterize(b, 8, 8, 1, 8);
        int left = (1 << 1) | (1 << 2) | (1 << 4) | (1 << 8) | (1 << 10) | (1 << 11) | (1 << 12) | (1 << 15);
        assertEquals(left, m[0][5][3]);
        assertEquals(0xFFFF & ~left, m[1][5][3]);
        assertTrue((m[1][5][3] & (1 << 9)) != 0, "sample 9 at x = 0.5 is on the left edge: included");
    }

    // Scissor / viewport rectangle: samples outside the draw's pixel rectangle are never covered, however
    // large the triangle.
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void coverageIsLimitedToTheScissorRectangle(int s) {
        DrawState st = state(s, 3, 5, 11, 13);
        TriBatch b = batch(st, new double[] {-50, -30, 90, -30, 90, 70}, new double[] {-50, -30, 90, 70, -50, 70});
        int[][][] m = rasterize(b, 16, 16, 4, 8);
        long total = samples(m[0]) + samples(m[1]);
        assertEquals(8L * 8 * s, total);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                boolean in = x >= 3 && x < 11 && y >= 5 && y < 13;
                assertEquals(in ? (1 << s) - 1 : 0, m[0][y][x] | m[1][y][x], "pixel " + x + "," + y);
            }
        }
    }

    @Test
    void triangleOutsideTheRectangleSetsUpAsEmpty() {
        DrawState st = state(1, 0, 0, 8, 8);
        TriBatch b = batch(st, new double[] {10, 10, 20, 10, 20, 20});
        assertEquals(false, gpusim.gpu.setup.TriangleSetup.setup(b, 0));
        assertEquals(0, samples(rasterize(b, 8, 8, 1, 8)[0]));
    }

    // Exhaustive cross-check against a reference written from the rules: random triangles on a coarse
    // 1/16-pixel grid (so that edges often pass exactly through sample positions), every sample count,
    // several DB counts and tile sizes.
    @Test
    void randomTrianglesMatchTheReferenceRulesExactly() {
        Random rnd = new Random(12345);
        int w = 37;
        int h = 29;
        int[] counts = {1, 2, 4, 8, 16};
        int[] tiles = {8, 16, 32};
        for (int iter = 0; iter < 400; iter++) {
            int s = counts[iter % 5];
            int dbs = 1 + rnd.nextInt(7);
            int tile = tiles[rnd.nextInt(3)];
            int left = rnd.nextInt(4);
            int top = rnd.nextInt(4);
            DrawState st = state(s, left, top, w - rnd.nextInt(4), h - rnd.nextInt(4));
            TriBatch b = new TriBatch(0, st, 1);
            int grid = iter % 3 == 0 ? 128 : iter % 3 == 1 ? 16 : 1;
            int[] x = new int[3];
            int[] y = new int[3];
            long area;
            do {
                for (int k = 0; k < 3; k++) {
                    x[k] = (rnd.nextInt((w + 8) * 256 / grid) - 4 * 256 / grid) * grid;
                    y[k] = (rnd.nextInt((h + 8) * 256 / grid) - 4 * 256 / grid) * grid;
                }
                if (iter % 7 == 0) {
                    y[1] = y[0]; // a horizontal edge
                }
                if (iter % 11 == 0) {
                    x[2] = x[0]; // a vertical edge
                }
                area = (long) (x[1] - x[0]) * (y[2] - y[0]) - (long) (y[1] - y[0]) * (x[2] - x[0]);
            } while (area == 0);
            RasterHarness.addFixed(b, x[0], y[0], x[1], y[1], x[2], y[2]);
            int[][] m = rasterize(b, w, h, dbs, tile)[0];
            SamplePattern sp = SamplePattern.of(s);
            for (int py = 0; py < h; py++) {
                for (int px = 0; px < w; px++) {
                    int expect = 0;
                    boolean inRect = px >= st.clipLeft() && px < st.clipRight() && py >= st.clipTop()
                            && py < st.clipBottom();
                    for (int i = 0; inRect && i < s; i++) {
                        if (RasterHarness.referenceCovers(x, y, px * 256L + sp.fx[i], py * 256L + sp.fy[i])) {
                            expect |= 1 << i;
                        }
                    }
                    if (expect != m[py][px]) {
                        throw new AssertionError("iteration " + iter + " (" + s + " samples, " + dbs + " DBs, tile "
                                + tile + "), triangle " + java.util.Arrays.toString(x) + " "
                                + java.util.Arrays.toString(y) + ": pixel " + px + "," + py + " expected mask "
                                + Integer.toBinaryString(expect) + " got " + Integer.toBinaryString(m[py][px]));
                    }
                }
            }
        }
    }

    /** Masks of the triangles are disjoint and together cover every sample of the target. */
    static void assertEachSampleCoveredOnce(int[][][] m, int w, int h, int s) {
        int full = (1 << s) - 1;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int union = 0;
                for (int[][] tri : m) {
                    int mask = tri[y][x];
                    assertEquals(0, union & mask, "sample covered twice at pixel " + x + "," + y);
                    union |= mask;
                }
                assertEquals(full, union, "sample not covered at pixel " + x + "," + y);
            }
        }
    }
}

package gpusim.gpu.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ScanConverter#rowSpan} (each row's covered run by exact division) against the pixel
 * walk ({@link ScanConverter#nextMask}) it replaces in the single-sample depth kernel: the same
 * pixels, on every row of every window, for random triangles on the 1/256 grid and for
 * triangles with horizontal and vertical edges (A = 0 or B = 0, the cases the division must
 * treat apart), including edges through pixel centres (the top-left rule's ties).
 */
class RowSpanTest {
    private static final int SIZE = 64;

    @Test
    void randomTrianglesMatchTheWalk() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 3000; i++) {
            int[] v = new int[6];
            for (int k = 0; k < 6; k++) {
                // Coarse grids often (ties at pixel centres), fine ones otherwise.
                int grid = i % 3 == 0 ? 128 : i % 3 == 1 ? 16 : 1;
                v[k] = rnd.nextInt(-8 * 256, (SIZE + 8) * 256) / grid * grid;
            }
            check(v);
        }
    }

    @Test
    void axisAlignedEdgesMatchTheWalk() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 2000; i++) {
            int x0 = rnd.nextInt(-4, SIZE + 4) * 128;
            int y0 = rnd.nextInt(-4, SIZE + 4) * 128;
            int x1 = rnd.nextInt(-4, SIZE + 4) * 128;
            int y1 = rnd.nextInt(-4, SIZE + 4) * 128;
            // A right triangle: one horizontal and one vertical edge.
            check(new int[] {x0, y0, x1, y0, x0, y1});
            // A horizontal edge and a slanted pair.
            check(new int[] {x0, y0, x1, y0, rnd.nextInt(0, SIZE * 256), y1});
        }
    }

    private static void check(int[] v) {
        long area2 = (long) (v[2] - v[0]) * (v[5] - v[1]) - (long) (v[3] - v[1]) * (v[4] - v[0]);
        if (area2 == 0) {
            return;
        }
        DrawState st = RasterHarness.state(1, 0, 0, SIZE, SIZE);
        TriBatch b = new TriBatch(0, st, 1);
        RasterHarness.addFixed(b, v[0], v[1], v[2], v[3], v[4], v[5]);
        TriangleSetup.setup(b, 0);
        ScanConverter scan = new ScanConverter();
        scan.prepare(b, 0, SamplePattern.of(1));
        for (int y = 0; y < SIZE; y++) {
            for (int[] window : new int[][] {{0, SIZE - 1}, {8, 15}, {0, 7}, {40, 47}}) {
                int first = Integer.MAX_VALUE;
                int last = Integer.MIN_VALUE;
                scan.rowStart(window[0], y);
                for (int x = window[0]; x <= window[1]; x++) {
                    if (scan.nextMask() != 0) {
                        first = Math.min(first, x);
                        last = Math.max(last, x);
                    }
                }
                scan.rowSpan(y, window[0], window[1]);
                String where = java.util.Arrays.toString(v) + " row " + y + " window " + window[0];
                if (first > last) {
                    assertEquals(true, scan.spanFirst > scan.spanLast, "empty row " + where);
                } else {
                    assertEquals(first, scan.spanFirst, "first " + where);
                    assertEquals(last, scan.spanLast, "last " + where);
                }
            }
        }
    }
}

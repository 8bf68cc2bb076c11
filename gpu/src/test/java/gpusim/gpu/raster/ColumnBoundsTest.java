package gpusim.gpu.raster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ScanConverter#columnBounds} is conservative: the DB's tile loop skips the tiles of a band
 * outside them without classifying, so no tile that {@link ScanConverter#classify} does not reject
 * may lie outside, at any sample count and tile size, for random triangles large and small
 * (a band's bounds are products by each edge's reciprocal, not quotients: within an ulp or two,
 * inside their pixel of margin).
 */
class ColumnBoundsTest {
    private static final int SIZE = 4096;

    @Test
    void noTileTheTriangleTouchesLiesOutsideABandsBounds() {
        SplittableRandom rnd = new SplittableRandom(3);
        int checked = 0;
        for (int i = 0; i < 400; i++) {
            int span = i % 2 == 0 ? SIZE : 96; // whole-target triangles and small ones
            int ox = rnd.nextInt(0, SIZE - span + 1);
            int oy = rnd.nextInt(0, SIZE - span + 1);
            int[] v = new int[6];
            for (int k = 0; k < 6; k += 2) {
                int grid = i % 3 == 0 ? 128 : 1;
                v[k] = (ox * 256 + rnd.nextInt(-4 * 256, (span + 4) * 256)) / grid * grid;
                v[k + 1] = (oy * 256 + rnd.nextInt(-4 * 256, (span + 4) * 256)) / grid * grid;
            }
            if ((long) (v[2] - v[0]) * (v[5] - v[1]) == (long) (v[3] - v[1]) * (v[4] - v[0])) {
                continue;
            }
            int samples = 1 << (i % 4);
            int ts = 8 << (i % 3);
            checked += check(v, samples, ts);
        }
        assertTrue(checked > 100_000, "tiles checked: " + checked);
    }

    private static int check(int[] v, int samples, int ts) {
        DrawState st = RasterHarness.state(samples, 0, 0, SIZE, SIZE);
        TriBatch b = new TriBatch(0, st, 1);
        RasterHarness.addFixed(b, v[0], v[1], v[2], v[3], v[4], v[5]);
        TriangleSetup.setup(b, 0);
        ScanConverter scan = new ScanConverter();
        scan.prepare(b, 0, SamplePattern.of(samples));
        double[] cols = new double[2];
        int checked = 0;
        int tx0 = Math.max(0, Math.min(v[0], Math.min(v[2], v[4])) / 256 / ts - 1);
        int tx1 = Math.min(SIZE / ts - 1, Math.max(v[0], Math.max(v[2], v[4])) / 256 / ts + 1);
        int ty0 = Math.max(0, Math.min(v[1], Math.min(v[3], v[5])) / 256 / ts - 1);
        int ty1 = Math.min(SIZE / ts - 1, Math.max(v[1], Math.max(v[3], v[5])) / 256 / ts + 1);
        for (int ty = ty0; ty <= ty1; ty++) {
            int y0 = ty * ts;
            int y1 = y0 + ts - 1;
            scan.columnBounds(y0, y1, cols);
            // The tile loop's own use of the bounds (DepthBlockCore.triangle).
            double first = Math.floor((cols[0] - (ts - 1)) / ts);
            double last = Math.floor(cols[1] / ts);
            for (int tx = tx0; tx <= tx1; tx++) {
                if (scan.classify(tx * ts, y0, tx * ts + ts - 1, y1) >= 0) {
                    checked++;
                    assertTrue(tx >= first && tx <= last, java.util.Arrays.toString(v) + " samples " + samples
                            + " tile " + tx + "," + ty + " (" + ts + " px) outside [" + first + ", " + last + "]");
                }
            }
        }
        return checked;
    }
}

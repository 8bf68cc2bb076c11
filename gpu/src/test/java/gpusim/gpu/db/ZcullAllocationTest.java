package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.DepthFormat;
import org.junit.jupiter.api.Test;

/**
 * The driver's ZCULL allocation ({@link ZcullAllocation}) against what the proprietary driver chose:
 * the reference data of Mesa's nvk ({@code src/nouveau/nil/zcull.rs}, its tests: one GPU with 5,120
 * aliquots of 3,584 pixels, surfaces aligned to 224 x 64), and the classes the ZCULL probe found on an
 * H100 (docs/calibration-mechanisms.md, "ZCULL formats by subregion").
 */
class ZcullAllocationTest {
    private static final ZcullFormat A = ZcullFormat.Z4X8_2X2;
    private static final ZcullFormat B = ZcullFormat.Z8X8_4X2;
    private static final ZcullFormat C = ZcullFormat.Z16X16_4X2;
    private static final ZcullFormat D = ZcullFormat.Z16X16X2_4X4;
    private static final ZcullFormat N = ZcullFormat.NONE;

    /** Subregions 0-15: {@code counts[f]} of each format, finest first, the rest none. */
    private static ZcullFormat[] staircase(int... counts) {
        ZcullFormat[] out = new ZcullFormat[16];
        int i = 0;
        ZcullFormat[] order = {A, B, C, D};
        for (int f = 0; f < counts.length; f++) {
            for (int k = 0; k < counts[f]; k++) {
                out[i++] = order[f];
            }
        }
        while (i < 16) {
            out[i++] = N;
        }
        return out;
    }

    /**
     * nil's reference rows: width, height (aligned to 224 x 64 as nil aligns them), the aliquots used
     * and the subregions' formats. Every row whose formats differ between subregions (the driver's
     * "Adaptive" allocations, which nil's own heuristic does not reproduce) and some where they do not.
     */
    private static void reference(int width, int height, long aliquotCount, ZcullFormat[] expected) {
        long w = (width + 223) / 224 * 224;
        long h = (height + 63) / 64 * 64;
        ZcullFormat[] got = ZcullAllocation.allocate(w * h, 5120, 3584);
        assertArrayEquals(expected, got, width + "x" + height);
        assertEquals(aliquotCount, ZcullAllocation.aliquotsUsed(got, w * h, 3584), width + "x" + height);
    }

    @Test
    void reproducesTheProprietaryDriversAllocations() {
        ZcullFormat[] n128 = staircase(7, 4, 3, 2);
        ZcullFormat[] n256 = staircase(1, 4, 5, 6);
        ZcullFormat[] n512 = staircase(0, 0, 4, 12);
        ZcullFormat[] n1024 = staircase(0, 0, 0, 10);
        ZcullFormat[] n2048 = staircase(0, 0, 0, 5);
        ZcullFormat[] finest = staircase(16);
        reference(224, 32, 64, finest);
        reference(224, 16384, 4096, finest);
        reference(448, 8192, 4096, finest);
        reference(448, 16384, 5120, n128);
        reference(896, 4096, 4096, finest);
        reference(896, 8192, 5120, n128);
        reference(896, 16384, 5120, n256);
        reference(1792, 32, 128, finest);
        reference(1792, 2048, 4096, finest);
        reference(1792, 4096, 5120, n128);
        reference(1792, 8192, 5120, n256);
        reference(1792, 16384, 5120, n512);
        reference(3584, 1024, 4096, finest);
        reference(3584, 2048, 5120, n128);
        reference(3584, 4096, 5120, n256);
        reference(3584, 8192, 5120, n512);
        reference(3584, 16384, 5120, n1024);
        reference(7168, 512, 4096, finest);
        reference(7168, 1024, 5120, n128);
        reference(7168, 2048, 5120, n256);
        reference(7168, 4096, 5120, n512);
        reference(7168, 8192, 5120, n1024);
        reference(7168, 16384, 5120, n2048);
    }

    /**
     * The H100's classes by surface size (the probe, 4 x 4 cells in raster order): A (the two finest
     * formats) / B (the third) / C (the coarsest) were 11 / 3 / 2 at 2048 x 1024, 5 / 5 / 6 at 2048 x
     * 2048, 0 / 4 / 12 at 4096 x 2048 and all A at 1024 x 512: the h100 preset's storage, 5,120
     * aliquots of 1,024 pixels, gives those. And at 1280 x 1280 no subregion is in the coarsest
     * format: a test-only pass there is accepted whole everywhere (depthonly-querypass-*).
     */
    @Test
    void theH100StorageGivesTheProbesClasses() {
        assertArrayEquals(staircase(7, 4, 3, 2), ZcullAllocation.allocate(2048L * 1024, 5120, 1024));
        assertArrayEquals(staircase(1, 4, 5, 6), ZcullAllocation.allocate(2048L * 2048, 5120, 1024));
        assertArrayEquals(staircase(0, 0, 4, 12), ZcullAllocation.allocate(4096L * 2048, 5120, 1024));
        assertArrayEquals(staircase(16), ZcullAllocation.allocate(1024L * 512, 5120, 1024));
        assertArrayEquals(staircase(10, 5, 1, 0), ZcullAllocation.allocate(1280L * 1280, 5120, 1024));
        assertArrayEquals(staircase(16), ZcullAllocation.allocate(1L << 40, 0, 1024), "no limit: all finest");
        assertArrayEquals(staircase(), ZcullAllocation.allocate(1L << 40, 5120, 1024), "nothing fits: none");
    }

    /** Tiles take their subregion's format: the cell of a 4 x 4 grid holding the tile's first pixel. */
    @Test
    void tilesTakeTheFormatOfTheirCell() {
        DepthSurface ds = new DepthSurface("d", 64, 32, 1, DepthFormat.D32_FLOAT, 8);
        ZcullFormat[] f = staircase(7, 4, 3, 2);
        byte[] t = ZcullAllocation.tileFormats(ds, f);
        assertEquals(8 * 4, t.length);
        // Cells are 16 x 8 pixels: two tiles wide, one tall. Tile (tx, ty) is in cell (ty, tx / 2).
        for (int ty = 0; ty < 4; ty++) {
            for (int tx = 0; tx < 8; tx++) {
                assertEquals(f[ty * 4 + tx / 2].ordinal(), t[ty * 8 + tx], tx + "," + ty);
            }
        }
    }
}

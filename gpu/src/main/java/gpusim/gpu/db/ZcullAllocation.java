package gpusim.gpu.db;

import java.util.Arrays;

/**
 * How NVIDIA's driver shares a GPU's ZCULL storage among a depth surface's subregions: the surface
 * is split into a 4 x 4 grid of subregions (cells of a quarter of its width and height, numbered in
 * raster order, as the ZCULL probe found them on an H100), and each subregion gets a format
 * ({@link ZcullFormat}), finer formats first, so that the formats' aliquots fit the storage.
 *
 * <p>The storage is the GPU's {@code aliquotTotal} aliquots, each covering {@code
 * pixelSquaresByAliquots} pixels in the finest format's reckoning (NV2080_CTRL_CMD_GR_GET_ZCULL_INFO in
 * NVIDIA's open kernel modules, {@code ctrl2080gr.h}: "the total aliquot pool available in HW" and "the
 * pixel area covered by an aliquot"). A subregion's normalized aliquots are {@code n = ceil(ceil(pixels
 * / pixelSquaresByAliquots) / 16)}, and a format of factor {@code f} takes {@code ceil(f n / 2)} of
 * them (Mesa's nvk, {@code src/nouveau/nil/zcull.rs}).
 *
 * <p>Which formats the proprietary driver then picks is not documented; nil records its choices for one
 * GPU (the reference data of its tests, "dumped from the proprietary driver") and its own heuristic
 * does not reproduce them. This rule does, for every one of those surfaces (ZcullAllocationTest): of
 * the allocations that fit, monotone (coarser formats at higher subregions), the driver's is the one
 * that covers the most subregions and, among those, has the most format steps above the coarsest
 * weighted by {@value #PRIORITY} to the power of the subregion's index. (Any weight from 0.82 to 0.85
 * reproduces the data; subregions early in raster order matter more to the driver.)
 */
public final class ZcullAllocation {
    /** Subregions a surface is split into (nil: {@code subregion_count}, 16 on every GPU it has seen). */
    public static final int SUBREGIONS = 16;
    /** Cells of the grid a side: 4 x 4. */
    private static final int GRID = 4;
    /** The weight of each subregion relative to the one before it in the driver's choice (see the class comment). */
    static final double PRIORITY = 0.85;

    private ZcullAllocation() {
    }

    /**
     * The formats of the 16 subregions, in raster order, of a surface of {@code pixels} pixels (its
     * width times height, whatever its sample count) on a GPU whose storage is {@code aliquots}
     * aliquots of {@code pixelsPerAliquot} pixels each. {@code aliquots} 0: no limit, every subregion
     * in the finest format.
     */
    public static ZcullFormat[] allocate(long pixels, long aliquots, long pixelsPerAliquot) {
        ZcullFormat[] out = new ZcullFormat[SUBREGIONS];
        if (aliquots == 0) {
            Arrays.fill(out, ZcullFormat.Z4X8_2X2);
            return out;
        }
        long n = normalizedAliquots(pixels, pixelsPerAliquot);
        long[] cost = new long[ZcullFormat.STORED.length];
        for (int f = 0; f < cost.length; f++) {
            cost[f] = ceilDiv(ZcullFormat.STORED[f].factor * n, 2);
        }
        double[] weight = new double[SUBREGIONS];
        for (int i = 0; i < SUBREGIONS; i++) {
            weight[i] = Math.pow(PRIORITY, i);
        }
        // Every monotone allocation: a subregions finest, then b, c and d of the next formats, the rest none.
        int[] best = {0, 0, 0, 0};
        int bestCovered = -1;
        double bestValue = 0;
        for (int a = 0; a <= SUBREGIONS; a++) {
            for (int b = 0; a + b <= SUBREGIONS; b++) {
                for (int c = 0; a + b + c <= SUBREGIONS; c++) {
                    for (int d = 0; a + b + c + d <= SUBREGIONS; d++) {
                        if (a * cost[0] + b * cost[1] + c * cost[2] + d * cost[3] > aliquots) {
                            break;
                        }
                        int covered = a + b + c + d;
                        double value = 0;
                        int i = 0;
                        int[] counts = {a, b, c, d};
                        for (int f = 0; f < counts.length; f++) {
                            for (int k = 0; k < counts[f]; k++) {
                                value += weight[i++] * (counts.length - 1 - f);
                            }
                        }
                        if (covered > bestCovered || (covered == bestCovered && value > bestValue)) {
                            bestCovered = covered;
                            bestValue = value;
                            best = counts;
                        }
                    }
                }
            }
        }
        int i = 0;
        for (int f = 0; f < best.length; f++) {
            for (int k = 0; k < best[f]; k++) {
                out[i++] = ZcullFormat.STORED[f];
            }
        }
        Arrays.fill(out, i, SUBREGIONS, ZcullFormat.NONE);
        return out;
    }

    /** The aliquots allocation {@code formats} takes of a surface of {@code pixels} pixels (nil's {@code aliquot_count}). */
    public static long aliquotsUsed(ZcullFormat[] formats, long pixels, long pixelsPerAliquot) {
        long n = normalizedAliquots(pixels, pixelsPerAliquot);
        long sum = 0;
        for (ZcullFormat f : formats) {
            sum += ceilDiv(f.factor * n, 2);
        }
        return sum;
    }

    /**
     * Per 8 x 8 tile (or the layout's tile) of surface {@code ds}, in the surface's HiZ order (row by
     * row), the format of the subregion holding the tile's first pixel, as an ordinal of {@link ZcullFormat}.
     */
    static byte[] tileFormats(DepthSurface ds, ZcullFormat[] formats) {
        SurfaceLayout l = ds.layout;
        byte[] out = new byte[l.tilesX * l.tilesY];
        for (int ty = 0; ty < l.tilesY; ty++) {
            int row = (int) ((long) ty * l.tileSize * GRID / ds.height);
            for (int tx = 0; tx < l.tilesX; tx++) {
                int col = (int) ((long) tx * l.tileSize * GRID / ds.width);
                out[ty * ds.hizTilesX + tx] = (byte) formats[row * GRID + col].ordinal();
            }
        }
        return out;
    }

    /** A subregion's normalized aliquots for a surface of {@code pixels} pixels (nil's normalized_aliquots_per_region). */
    private static long normalizedAliquots(long pixels, long pixelsPerAliquot) {
        return ceilDiv(ceilDiv(Math.max(1, pixels), pixelsPerAliquot), SUBREGIONS);
    }

    private static long ceilDiv(long x, long y) {
        return -Math.floorDiv(-x, y);
    }
}

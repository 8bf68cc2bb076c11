package gpusim.gpu.db;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;

/**
 * Hierarchical Z as the depth blocks (or a ROP unit's ZCULL) have it, read once from the
 * {@code hiz.*} keys: whether it is there, whether it accepts tiles whole as well as rejecting
 * them, and how much of a depth surface its storage covers. None of it changes a result: HiZ
 * only decides which work the timing model charges (and which the host may skip).
 *
 * <p>Coverage. NVIDIA's ZCULL is on-chip storage of a fixed number of aliquots (Mesa's nvk,
 * {@code src/nouveau/nil/zcull.rs}): the driver splits a surface into subregions and gives
 * each the finest of four formats that still fits the storage, each coarser one holding twice
 * the pixels an aliquot, and none at all to the subregions beyond the coarsest format's reach.
 * So a surface is covered in part: its tiles up to the storage's capacity in pixels, whatever
 * the sample count, and the rest is tested sample by sample. Here a surface's tiles are taken
 * in raster order (row by row), and tile {@code i} is covered when {@code (i + 1)} whole tiles
 * fit the capacity. Trivial accept has a capacity of its own ({@code acceptPixels}), which
 * measures smaller than rejection's: it needs bounds that only the finer formats keep (the
 * same storage in the coarsest format covers eight times the pixels of the finest).
 *
 * @param enabled       hiz.enabled: per-tile depth bounds are kept and tiles rejected by them
 * @param acceptTiles   hiz.accept_tiles: a draw that writes nothing pays only the HiZ test of
 *                      a tile wholly inside the triangle that its bounds prove passes
 * @param coverPixels   hiz.coverage_pixels: the pixels of a depth surface HiZ covers, its tiles
 *                      in raster order (0: no limit)
 * @param acceptPixels  hiz.accept_coverage_pixels: of those, the pixels whose tiles may also be
 *                      accepted whole (0: all the covered ones)
 */
public record HizParams(boolean enabled, boolean acceptTiles, long coverPixels, long acceptPixels) {
    /** HiZ on or off, rejection only, over surfaces of any size (the render back ends' HTILE). */
    public static HizParams of(boolean enabled) {
        return new HizParams(enabled, false, 0, 0);
    }

    public static HizParams of(Config c) {
        return new HizParams(c.flag(ConfigKeys.HIZ_ENABLED), c.flag(ConfigKeys.HIZ_ACCEPT),
                c.get(ConfigKeys.HIZ_COVERAGE_PIXELS), c.get(ConfigKeys.HIZ_ACCEPT_COVERAGE_PIXELS));
    }

    /**
     * How many of depth surface {@code ds}'s tiles HiZ covers, counted in raster order (tile
     * {@code ty * tilesX + tx} is covered when its index is below this): every tile without a
     * limit, none with HiZ off.
     */
    int coveredTiles(DepthSurface ds) {
        return enabled ? tilesWithin(ds, coverPixels) : 0;
    }

    /** How many of {@code ds}'s tiles, in raster order, HiZ may accept whole: within both capacities. */
    int acceptCoveredTiles(DepthSurface ds) {
        return Math.min(coveredTiles(ds), tilesWithin(ds, acceptPixels));
    }

    /** The whole tiles of {@code ds} that {@code pixels} of storage hold (all of them when 0). */
    private static int tilesWithin(DepthSurface ds, long pixels) {
        int all = ds.layout.tilesX * ds.layout.tilesY;
        if (pixels == 0) {
            return all;
        }
        long tile = (long) ds.layout.tileSize * ds.layout.tileSize;
        return (int) Math.min(all, pixels / tile);
    }
}

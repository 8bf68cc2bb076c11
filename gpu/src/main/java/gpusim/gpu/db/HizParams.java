package gpusim.gpu.db;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;

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
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey HIZ_ENABLED = ConfigKey.flag("hiz.enabled", true,
            "hierarchical Z: per-tile depth bounds let a DB reject a triangle's tile whole; never changes results");
    public static final ConfigKey HIZ_TILES = ConfigKey.range("hiz.tiles_per_clock", 4, 1, 1024, "tiles/cycle",
            "hierarchical Z rate of one DB: triangle tiles tested against their tile's depth bounds");
    public static final ConfigKey HIZ_ACCEPT = ConfigKey.flag("hiz.accept_tiles", false,
            "trivial accept: in a draw that writes nothing (no colour, depth or stencil: a visibility probe), a "
                    + "tile wholly inside the triangle whose depth bounds prove every sample passes costs its HiZ "
                    + "test only, no fine scan and no per-sample test (its samples are counted from coverage); "
                    + "never changes results");
    public static final ConfigKey HIZ_COVERAGE_PIXELS = ConfigKey.range("hiz.coverage_pixels", 0, 0, 1L << 40,
            "pixels", "how much of a depth surface hierarchical Z covers, in pixels whatever the sample count: its "
                    + "tiles in raster order up to this many pixels are covered, the rest get no HiZ rejection or "
                    + "acceptance and are tested sample by sample (NVIDIA's ZCULL is on-chip storage of a fixed "
                    + "number of aliquots, Mesa nvk's nil zcull.rs; AMD's HTILE is in memory); 0 = no limit; never "
                    + "changes results");
    public static final ConfigKey HIZ_ACCEPT_COVERAGE_PIXELS = ConfigKey.range("hiz.accept_coverage_pixels", 0, 0,
            1L << 40, "pixels", "of the tiles hiz.coverage_pixels covers, how many pixels' worth (raster order) "
                    + "hiz.accept_tiles may accept whole; the tiles beyond are still rejected by HiZ but a pass "
                    + "over them is tested sample by sample (ZCULL keeps what trivial accept needs in its finer "
                    + "formats only); 0 = every covered tile; never changes results");
    public static final ConfigKey HIZ_UNCOVERED_SAMPLES = ConfigKey.range("hiz.uncovered_samples_per_clock", 0, 0, 1 << 16,
            "samples/cycle", "the depth/stencil test rate of the samples of tiles beyond HiZ's coverage "
            + "(hiz.coverage_pixels) in a draw HiZ would otherwise test: with no tile bounds each sample's depth "
            + "is read and tested; the lower of this and the draw's own rate; 0 = the draw's own rate");

    /** Hierarchical Z's keys (hiz.tiles_per_clock and hiz.uncovered_samples_per_clock are rates of the depth block). */
    public static final KeyGroup KEYS = KeyGroup.of(310, "hierarchical Z", HIZ_ENABLED, HIZ_TILES, HIZ_ACCEPT,
            HIZ_COVERAGE_PIXELS, HIZ_ACCEPT_COVERAGE_PIXELS, HIZ_UNCOVERED_SAMPLES);
    // ---- end of the configuration keys ----

    /** HiZ on or off, rejection only, over surfaces of any size (the render back ends' HTILE). */
    public static HizParams of(boolean enabled) {
        return new HizParams(enabled, false, 0, 0);
    }

    public static HizParams of(Config c) {
        return new HizParams(c.flag(HIZ_ENABLED), c.flag(HIZ_ACCEPT),
                c.get(HIZ_COVERAGE_PIXELS), c.get(HIZ_ACCEPT_COVERAGE_PIXELS));
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

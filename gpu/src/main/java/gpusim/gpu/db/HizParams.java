package gpusim.gpu.db;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;

/**
 * Hierarchical Z as the depth blocks (or a ROP unit's ZCULL) have it, read once from the
 * {@code hiz.*} keys: whether it is there, whether it accepts tiles whole as well as rejecting
 * them, and the ZCULL storage that decides, subregion by subregion, how it covers a depth surface.
 * None of it changes a result: HiZ only decides which work the timing model charges (and which the
 * host may skip).
 *
 * <p>Coverage. NVIDIA's ZCULL is on-chip storage of a fixed number of aliquots; the driver splits a
 * surface into 16 subregions and gives each a format that fits the storage, finer ones first, or none
 * ({@link ZcullAllocation}). A subregion's format decides whether its tiles are culled at all, whether
 * a test-only pass may be accepted whole there, and how large a block one triangle must write for a
 * tile to learn its bounds ({@link ZcullFormat}). AMD's HTILE lives in memory and covers any surface:
 * {@code hiz.aliquots = 0}, every subregion in the finest format.
 *
 * @param enabled          hiz.enabled: per-tile depth bounds are kept and tiles rejected by them
 * @param acceptTiles      hiz.accept_tiles: a draw that writes nothing pays only the HiZ test of
 *                         a tile wholly inside the triangle that its bounds prove passes
 * @param aliquots         hiz.aliquots: the ZCULL storage in aliquots (0: no limit)
 * @param pixelsPerAliquot hiz.pixels_per_aliquot: the pixels one aliquot covers in the finest format
 */
public record HizParams(boolean enabled, boolean acceptTiles, long aliquots, long pixelsPerAliquot) {
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
    public static final ConfigKey HIZ_ALIQUOTS = ConfigKey.range("hiz.aliquots", 0, 0, 1L << 30, "aliquots",
            "ZCULL's on-chip storage (NVIDIA's aliquotTotal): the driver splits a depth surface into 16 "
                    + "subregions (a 4 x 4 grid) and gives each a format that fits it, finer ones first, or none "
                    + "(Mesa nvk's nil zcull.rs); a subregion without storage is tested sample by sample, one in "
                    + "the coarsest format accepts nothing whole, keeps bounds per 16 x 16 block and learns "
                    + "only from blocks a triangle writes whole; 0 = no limit (AMD's HTILE, in memory); never changes results");
    public static final ConfigKey HIZ_PIXELS_PER_ALIQUOT = ConfigKey.range("hiz.pixels_per_aliquot", 1024, 1, 1L << 30,
            "pixels", "the pixels one ZCULL aliquot covers (NVIDIA's pixelSquaresByAliquots): a subregion's "
                    + "normalized aliquots are ceil(ceil(width x height / this) / 16), whatever the sample count, "
                    + "and the four formats take 4, 2, 1 and 1/2 times that; used with hiz.aliquots");
    public static final ConfigKey HIZ_UNCOVERED_SAMPLES = ConfigKey.range("hiz.uncovered_samples_per_clock", 0, 0, 1 << 16,
            "samples/cycle", "the depth/stencil test rate of the samples of tiles in subregions without ZCULL "
            + "storage (hiz.aliquots) in a draw HiZ would otherwise test: with no tile bounds each sample's depth "
            + "is read and tested; the lower of this and the draw's own rate; 0 = the draw's own rate");

    /** Hierarchical Z's keys (hiz.tiles_per_clock and hiz.uncovered_samples_per_clock are rates of the depth block). */
    public static final KeyGroup KEYS = KeyGroup.of(310, "hierarchical Z", HIZ_ENABLED, HIZ_TILES, HIZ_ACCEPT,
            HIZ_ALIQUOTS, HIZ_PIXELS_PER_ALIQUOT, HIZ_UNCOVERED_SAMPLES);
    // ---- end of the configuration keys ----

    /** HiZ on or off, rejection only, over surfaces of any size (the render back ends' HTILE). */
    public static HizParams of(boolean enabled) {
        return new HizParams(enabled, false, 0, 1);
    }

    public static HizParams of(Config c) {
        return new HizParams(c.flag(HIZ_ENABLED), c.flag(HIZ_ACCEPT), c.get(HIZ_ALIQUOTS), c.get(HIZ_PIXELS_PER_ALIQUOT));
    }

    /** The formats of depth surface {@code ds}'s 16 subregions under this storage. */
    public ZcullFormat[] formats(DepthSurface ds) {
        return ZcullAllocation.allocate((long) ds.width * ds.height, aliquots, pixelsPerAliquot);
    }

    /**
     * Per tile of {@code ds} in HiZ order, the ordinal of its subregion's {@link ZcullFormat}; null when
     * every tile is in the finest format (no storage limit), so that the common case looks nothing up.
     */
    byte[] tileFormats(DepthSurface ds) {
        return aliquots == 0 ? null : ds.zcullTiles(this);
    }
}

package gpusim.gpu.db;

/**
 * A ZCULL subregion's storage format, as the driver assigns one to each of a surface's subregions
 * ({@code SetZcullSubregionAllocation}'s format field; the four the proprietary driver uses, finest
 * first, in Mesa's nvk, {@code src/nouveau/nil/zcull.rs}), and what each means for the timing model.
 *
 * <p>A finer format keeps bounds over smaller blocks of pixels and so takes more of the on-chip
 * storage a normalized aliquot: {@link #factor} halves of it, 8 for the finest down to 1 for the
 * coarsest (nil's format priorities). What the model takes from each is measured, not read from a
 * document: the ZCULL probe (docs/calibration-mechanisms.md, "ZCULL formats by subregion") found a
 * subregion in the coarsest format learns an occluder only from squares of 32 pixels, one in the
 * third from squares of 16, and one in the two finest in part from squares of 8; and a test-only pass
 * is accepted whole except where the coarsest format is ({@code depthonly-querypass-*}). The model's
 * depth bounds are kept per 8 x 8 tile, so the two finest formats learn as the third does here (their
 * finer blocks are left out); the coarsest keeps them per 16 x 16 block: a tile there is tested against
 * its block's bounds (the widest of its tiles'), and learns its own only when one triangle writes the
 * whole block. A subregion the storage cannot hold at all ({@link #NONE}) has no ZCULL: its
 * samples are tested one by one.
 */
public enum ZcullFormat {
    Z4X8_2X2(8, 8, true),
    Z8X8_4X2(4, 8, true),
    Z16X16_4X2(2, 8, true),
    Z16X16X2_4X4(1, 16, false),
    /** No storage: the subregion is not culled. */
    NONE(0, 0, false);

    /** Halves of a normalized aliquot one subregion of this format takes (nil's format priorities). */
    public final int factor;
    /**
     * Side in pixels of the block the format keeps bounds for: one triangle must write it whole for a tile
     * to learn its exact bounds, and a tile is tested against the widest bounds of the block's tiles.
     */
    public final int learnBlock;
    /** Whether a test-only pass may be accepted whole from these bounds (hiz.accept_tiles). */
    public final boolean accepts;

    ZcullFormat(int factor, int learnBlock, boolean accepts) {
        this.factor = factor;
        this.learnBlock = learnBlock;
        this.accepts = accepts;
    }

    /** Whether the subregion has ZCULL storage at all. */
    public boolean covered() {
        return this != NONE;
    }

    /** The storage formats, finest first ({@link #NONE} not among them). */
    static final ZcullFormat[] STORED = {Z4X8_2X2, Z8X8_4X2, Z16X16_4X2, Z16X16X2_4X4};
}

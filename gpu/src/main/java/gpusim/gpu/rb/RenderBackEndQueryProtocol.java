package gpusim.gpu.rb;

import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.query.QueryProtocol;
import gpusim.gpu.raster.TileMap;

/**
 * The occlusion query protocol of the render back ends (Mesa radeonsi and AMD PAL on
 * GFX6-8): a query's slot holds one 16-byte {begin, end} pair per depth block, at the DB's
 * own index; each DB writes its ZPASS counter with bit 63 set ({@link QueryLayout#WRITTEN})
 * as the written mark; a resolve waits for every end word's mark and sums end - begin over
 * the DBs.
 *
 * <p>Before BeginQuery the slot is zeroed, except that each disabled DB's pair is preset as
 * written with a zero count (bit 63 set), since that DB will never write it. This is the
 * convention of Mesa's radeonsi (si_query_hw_prepare_buffer, "Set top bits for unused
 * backends", by the RB's own index in enabled_rb_mask) and of PAL on GFX6-8 (valid bits by
 * backendDisableMask); PAL on GFX9+ instead packs the active RBs' results first and presets
 * the trailing slots. The model keeps every DB at its own index, so a result's layout does
 * not depend on which DBs are enabled, only its values do.
 */
public final class RenderBackEndQueryProtocol implements QueryProtocol {
    /** Bytes of one DB's {begin, end} pair. */
    public static final int PAIR_BYTES = 16;

    private final TileMap tiles;

    /** The protocol of the DBs of {@code tiles} (its DB count and which of them are enabled). */
    public RenderBackEndQueryProtocol(TileMap tiles) {
        this.tiles = tiles;
    }

    @Override
    public int units() {
        return tiles.dbCount;
    }

    /** Each DB writes its own pair as the marker reaches it. */
    @Override
    public boolean perUnitWords() {
        return true;
    }

    /** One write per enabled DB, at the begin and at the end (a disabled DB's pair is preset). */
    @Override
    public int markerWrites(boolean end) {
        return tiles.enabledCount();
    }

    @Override
    public long slotBytes() {
        return (long) PAIR_BYTES * tiles.dbCount;
    }

    @Override
    public long[] resetWords() {
        long[] w = new long[(int) (slotBytes() / 8)];
        for (int d = 0; d < tiles.dbCount; d++) {
            if (!tiles.enabled(d)) {
                w[(int) (beginOffset(d) / 8)] = QueryLayout.WRITTEN;
                w[(int) (endOffset(d) / 8)] = QueryLayout.WRITTEN;
            }
        }
        return w;
    }

    /** DB {@code unit}'s begin word opens its pair; its end word follows it. */
    @Override
    public long beginOffset(int unit) {
        return (long) PAIR_BYTES * unit;
    }

    @Override
    public long endOffset(int unit) {
        return beginOffset(unit) + 8;
    }

    @Override
    public long written(long counter) {
        return counter | QueryLayout.WRITTEN;
    }

    @Override
    public boolean endWritten(byte[] data, int base, int unit) {
        return (QueryLayout.word(data, base + (int) endOffset(unit)) & QueryLayout.WRITTEN) != 0;
    }

    /**
     * The sum over DBs of end - begin (marks masked off), or -1 while an end word is not
     * written. Only the end words are waited for: a DB writes a query's begin before its end
     * and memory keeps their order, so a written end implies its begin.
     */
    @Override
    public long sum(byte[] data, int base) {
        long sum = 0;
        for (int d = 0; d < tiles.dbCount; d++) {
            if (!endWritten(data, base, d)) {
                return -1;
            }
            long begin = QueryLayout.word(data, base + (int) beginOffset(d));
            long end = QueryLayout.word(data, base + (int) endOffset(d));
            sum += (end & QueryLayout.COUNT_MASK) - (begin & QueryLayout.COUNT_MASK);
        }
        return sum;
    }
}

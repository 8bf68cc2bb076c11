package gpusim.gpu.query;

/**
 * The occlusion query protocol of the render back ends (Mesa radeonsi and AMD PAL on
 * GFX6-8): a query's slot holds one 16-byte {begin, end} pair per depth block, at the DB's
 * own index; each DB writes its ZPASS counter with bit 63 set ({@link QueryLayout#WRITTEN})
 * as the written mark; a resolve waits for every end word's mark and sums end - begin over
 * the DBs. Every place that writes or reads an occlusion slot asks this class where, so the
 * layout is in one place (a back end with another protocol would be another such class).
 */
public final class OcclusionSlot {
    /** Bytes of one DB's {begin, end} pair. */
    public static final int PAIR_BYTES = 16;

    private OcclusionSlot() {
    }

    /** Bytes of one query's slot for {@code units} DBs. */
    public static long bytes(int units) {
        return (long) PAIR_BYTES * units;
    }

    /** Byte offset in the slot of DB {@code unit}'s begin word (its end word follows it). */
    public static long beginOffset(int unit) {
        return (long) PAIR_BYTES * unit;
    }

    /** Byte offset in the slot of DB {@code unit}'s end word. */
    public static long endOffset(int unit) {
        return beginOffset(unit) + 8;
    }

    /** The word a DB writes: its counter with the written mark. */
    public static long written(long counter) {
        return counter | QueryLayout.WRITTEN;
    }

    /** Whether DB {@code unit}'s end word in the slot at byte {@code base} of {@code data} is written. */
    public static boolean endWritten(byte[] data, int base, int unit) {
        return (QueryLayout.word(data, base + (int) endOffset(unit)) & QueryLayout.WRITTEN) != 0;
    }

    /**
     * The query's count: the sum over DBs of end - begin (marks masked off), or -1 while an
     * end word is not written. Only the end words are waited for: a DB writes a query's begin
     * before its end and memory keeps their order, so a written end implies its begin.
     */
    public static long sum(byte[] data, int base, int units) {
        long sum = 0;
        for (int d = 0; d < units; d++) {
            if (!endWritten(data, base, d)) {
                return -1;
            }
            long begin = QueryLayout.word(data, base + (int) beginOffset(d));
            long end = QueryLayout.word(data, base + (int) endOffset(d));
            sum += (end & QueryLayout.COUNT_MASK) - (begin & QueryLayout.COUNT_MASK);
        }
        return sum;
    }

    /**
     * The words a slot is reset to before BeginQuery: zeros, except that a disabled DB's pair
     * is preset as written with a zero count, since that DB will never write it
     * ({@link QueryLayout#resetWords}).
     */
    public static long[] resetWords(gpusim.gpu.raster.TileMap tiles) {
        long[] w = new long[(int) (bytes(tiles.dbCount) / 8)];
        for (int d = 0; d < tiles.dbCount; d++) {
            if (!tiles.enabled(d)) {
                w[(int) (beginOffset(d) / 8)] = QueryLayout.WRITTEN;
                w[(int) (endOffset(d) / 8)] = QueryLayout.WRITTEN;
            }
        }
        return w;
    }
}

package gpusim.gpu.query;

import gpusim.api.QueryHeapType;

/**
 * Where a query heap keeps each query in device memory. Occlusion heaps use the back end's
 * {@link QueryProtocol} (the render back ends': per query, one 16-byte {begin, end} pair per
 * DB, each 64-bit word with bit 63 set by the DB when it writes it, so a resolve can tell a
 * written counter from a stale one). Statistics heaps keep a begin block and an end block of
 * counters, each followed by a status word with bit 63 set when written. A TIMESTAMP query
 * is its 64-bit value and an end-of-query fence word, bit 63 set when the value has been
 * written (radeonsi writes such a fence behind every query's results at the bottom of the
 * pipe, si_query_hw_do_emit_stop; the end-of-pipe timestamp needs it: the command processor
 * does not wait for it). COPY_QUEUE_TIMESTAMP queries, written by the copy engine itself,
 * are the value alone.
 */
public final class QueryLayout {
    public static final long WRITTEN = 1L << 63;
    public static final long COUNT_MASK = ~WRITTEN;
    public static final int PIPELINE_STATS_FIELDS = 11;
    public static final int PIPELINE_STATS1_FIELDS = 14;
    public static final int SO_STATS_FIELDS = 2;

    private QueryLayout() {
    }

    private static final java.lang.invoke.VarHandle LONG_LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The little-endian 64-bit word at byte {@code offset} of query memory read back. */
    public static long word(byte[] data, int offset) {
        return (long) LONG_LE.get(data, offset);
    }

    /** Counter fields of one block for a statistics heap, 0 for other heaps. */
    public static int fields(QueryHeapType type) {
        switch (type) {
            case PIPELINE_STATISTICS: return PIPELINE_STATS_FIELDS;
            case PIPELINE_STATISTICS1: return PIPELINE_STATS1_FIELDS;
            case SO_STATISTICS: return SO_STATS_FIELDS;
            default: return 0;
        }
    }

    /** Bytes of one block (fields and status word) of a statistics heap. */
    public static int blockBytes(QueryHeapType type) {
        return (fields(type) + 1) * 8;
    }

    /**
     * The words a query's slot is reset to before BeginQuery: an occlusion heap's as the back
     * end's protocol says ({@link QueryProtocol#resetWords}: the render back ends preset a
     * disabled DB's pair as written), zeros for the others.
     */
    public static long[] resetWords(QueryHeapType type, QueryProtocol occlusion) {
        if (type == QueryHeapType.OCCLUSION) {
            return occlusion.resetWords();
        }
        return new long[(int) (slotBytes(type, occlusion) / 8)];
    }

    /** Bytes one query of the heap takes in memory (an occlusion query's as the back end's protocol says). */
    public static long slotBytes(QueryHeapType type, QueryProtocol occlusion) {
        switch (type) {
            case OCCLUSION: return occlusion.slotBytes();
            case TIMESTAMP: return 16;
            case COPY_QUEUE_TIMESTAMP: return 8;
            case PIPELINE_STATISTICS:
            case PIPELINE_STATISTICS1:
            case SO_STATISTICS: return 2L * blockBytes(type);
            case VIDEO_DECODE_STATISTICS: return 32;
            default: throw new IllegalArgumentException(type.toString());
        }
    }
}

package gpusim.gpu.query;

import gpusim.api.QueryHeapType;

/**
 * Where a query heap keeps each query in device memory. Occlusion heaps use the layout of
 * AMD hardware (Mesa radeonsi and PAL): per query, one 16-byte {begin, end} pair per DB, each
 * 64-bit word with bit 63 set by the DB when it writes it, so a resolve can tell a written
 * counter from a stale one. Statistics heaps keep a begin block and an end block of
 * counters, each followed by a status word with bit 63 set when written. Timestamps are a
 * single 64-bit value.
 */
public final class QueryLayout {
    public static final long WRITTEN = 1L << 63;
    public static final long COUNT_MASK = ~WRITTEN;
    public static final int PIPELINE_STATS_FIELDS = 11;
    public static final int PIPELINE_STATS1_FIELDS = 14;
    public static final int SO_STATS_FIELDS = 2;

    private QueryLayout() {
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

    /** Bytes one query of the heap takes in memory. */
    public static long slotBytes(QueryHeapType type, int dbCount) {
        switch (type) {
            case OCCLUSION: return 16L * dbCount;
            case TIMESTAMP:
            case COPY_QUEUE_TIMESTAMP: return 8;
            case PIPELINE_STATISTICS:
            case PIPELINE_STATISTICS1:
            case SO_STATISTICS: return 2L * blockBytes(type);
            case VIDEO_DECODE_STATISTICS: return 32;
            default: throw new IllegalArgumentException(type.toString());
        }
    }
}

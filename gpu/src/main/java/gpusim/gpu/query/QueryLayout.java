package gpusim.gpu.query;


/**
 * The words of query memory every kind shares: a written counter or status word carries bit
 * 63 ({@link #WRITTEN}) so a resolve can tell it from a stale one (radeonsi's fences behind a
 * query's results, si_query_hw_do_emit_stop), and the counter fields of the statistics
 * structures (D3D12_QUERY_DATA_PIPELINE_STATISTICS, ..._PIPELINE_STATISTICS1,
 * ..._SO_STATISTICS). Where each heap type keeps a query, and how it resolves, is its
 * {@link QueryKind}'s ({@link QueryKinds}).
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
}

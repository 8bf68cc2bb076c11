package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;

/**
 * TIMESTAMP and COPY_QUEUE_TIMESTAMP heaps: a query is its 64-bit value. A TIMESTAMP query
 * written at the bottom of the pipe has an end-of-query fence word behind it, bit 63 set
 * ({@link QueryLayout#WRITTEN}) when the value has landed (radeonsi writes such a fence
 * behind every query's results, si_query_hw_do_emit_stop; the command processor does not
 * wait for the end-of-pipe write, so a resolve polls the fence). The copy engine writes a
 * COPY_QUEUE_TIMESTAMP query itself before it moves on: the value alone.
 *
 * @param heapType TIMESTAMP or COPY_QUEUE_TIMESTAMP
 * @param fence    whether a fence word follows the value
 */
public record TimestampQueries(QueryHeapType heapType, boolean fence) implements QueryKind {
    @Override
    public long slotBytes() {
        return fence ? 16 : 8;
    }

    /** What the writer writes to the slot at the clock value {@code ticks}: the value, and the fence if there is one. */
    public long[] words(long ticks) {
        return fence ? new long[] {ticks, QueryLayout.WRITTEN} : new long[] {ticks};
    }

    @Override
    public boolean pending(byte[] data, int base) {
        return fence && (QueryLayout.word(data, base + 8) & QueryLayout.WRITTEN) == 0;
    }

    /** The value as memory holds it, ended or not (a timestamp has no begin). */
    @Override
    public boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at) {
        out[at] = QueryLayout.word(data, base);
        return true;
    }
}

package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.memory.MemoryRequest;

/**
 * ResolveQueryData's arithmetic over the query memory it read. Occlusion: the sum over DBs
 * of end - begin (written bits masked off); binary occlusion: 1 if that sum is non-zero.
 * Statistics: end - begin per field. Timestamps: the value. Returns null when an ended
 * query's counters have not all been written yet, so the caller reads again.
 */
public final class QueryResolver {
    /** The little-endian words to write to the destination. */
    public record Result(long[] words) {
    }

    private final int dbCount;

    public QueryResolver(int dbCount) {
        this.dbCount = dbCount;
    }

    public Result resolve(QueryType type, QueryHeapType heap, QueryState state, int start, int count,
                          MemoryRequest read) {
        int slot = (int) QueryLayout.slotBytes(heap, dbCount);
        int perQuery = type.resultBytes() / 8;
        long[] out = new long[perQuery * count];
        for (int i = 0; i < count; i++) {
            int q = start + i;
            int base = i * slot;
            switch (heap) {
                case OCCLUSION: {
                    if (!state.ended(q)) {
                        break;
                    }
                    long sum = 0;
                    for (int d = 0; d < dbCount; d++) {
                        long begin = read.longAt(base + d * 16);
                        long end = read.longAt(base + d * 16 + 8);
                        // Only the end word is waited for: the DB writes a query's begin before its
                        // end and memory keeps their order, so a written end implies its begin.
                        if ((end & QueryLayout.WRITTEN) == 0) {
                            return null;
                        }
                        sum += (end & QueryLayout.COUNT_MASK) - (begin & QueryLayout.COUNT_MASK);
                    }
                    out[i] = type == QueryType.BINARY_OCCLUSION ? (sum != 0 ? 1 : 0) : sum;
                    break;
                }
                case TIMESTAMP:
                case COPY_QUEUE_TIMESTAMP:
                    out[i] = read.longAt(base);
                    break;
                case PIPELINE_STATISTICS:
                case PIPELINE_STATISTICS1:
                case SO_STATISTICS: {
                    if (!state.ended(q)) {
                        break;
                    }
                    int fields = QueryLayout.fields(heap);
                    int block = QueryLayout.blockBytes(heap);
                    if ((read.longAt(base + block + fields * 8) & QueryLayout.WRITTEN) == 0) {
                        return null;
                    }
                    for (int f = 0; f < Math.min(fields, perQuery); f++) {
                        out[i * perQuery + f] = read.longAt(base + block + f * 8) - read.longAt(base + f * 8);
                    }
                    break;
                }
                default:
                    break;
            }
        }
        return new Result(out);
    }
}

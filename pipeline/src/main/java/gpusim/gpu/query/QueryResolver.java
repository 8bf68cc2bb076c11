package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.sim.MemoryRequest;

/**
 * ResolveQueryData's arithmetic over the query memory it read. Occlusion: the count the back
 * end's {@link QueryProtocol} sums over its units (the render back ends': end - begin over the
 * DBs, written bits masked off); binary occlusion: 1 if that count is non-zero.
 * Statistics: end - begin per field. Timestamps: the value. Returns null when an ended
 * query's counters have not all been written yet, so the caller reads again.
 */
public final class QueryResolver {
    /** The little-endian words to write to the destination. */
    public record Result(long[] words) {
    }

    private final QueryProtocol occlusion;

    /** A resolver of the back end whose occlusion slots {@code occlusion} lays out. */
    public QueryResolver(QueryProtocol occlusion) {
        this.occlusion = occlusion;
    }

    public Result resolve(QueryType type, QueryHeapType heap, QueryState state, int start, int count,
                          MemoryRequest read) {
        return resolve(type, heap, state, start, count, read.data());
    }

    /**
     * The first query of [start, start + count) (as an offset from start, from {@code from} on)
     * that has been ended but whose end word is not written yet in {@code data} (the slots of
     * the whole range), or {@code count} if there is none.
     */
    public int firstPending(QueryHeapType heap, QueryState state, int start, int count, byte[] data, int from) {
        int slot = (int) QueryLayout.slotBytes(heap, occlusion);
        for (int i = from; i < count; i++) {
            if (!state.ended(start + i)) {
                continue;
            }
            int base = i * slot;
            switch (heap) {
                case OCCLUSION:
                    if (!occlusion.resolvable(data, base)) {
                        return i;
                    }
                    break;
                case PIPELINE_STATISTICS:
                case PIPELINE_STATISTICS1:
                case SO_STATISTICS: {
                    int block = QueryLayout.blockBytes(heap);
                    if ((QueryLayout.word(data, base + block + QueryLayout.fields(heap) * 8) & QueryLayout.WRITTEN) == 0) {
                        return i;
                    }
                    break;
                }
                case TIMESTAMP:
                    if ((QueryLayout.word(data, base + 8) & QueryLayout.WRITTEN) == 0) {
                        return i; // the end-of-pipe write has not landed: its fence is clear
                    }
                    break;
                default:
                    break;
            }
        }
        return count;
    }

    /** As {@link #resolve(QueryType, QueryHeapType, QueryState, int, int, MemoryRequest)}, over the slots' bytes. */
    public Result resolve(QueryType type, QueryHeapType heap, QueryState state, int start, int count, byte[] data) {
        int slot = (int) QueryLayout.slotBytes(heap, occlusion);
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
                    long sum = occlusion.sum(data, base);
                    if (sum < 0) {
                        return null;
                    }
                    out[i] = type == QueryType.BINARY_OCCLUSION ? (sum != 0 ? 1 : 0) : sum;
                    break;
                }
                case TIMESTAMP:
                case COPY_QUEUE_TIMESTAMP:
                    out[i] = QueryLayout.word(data, base);
                    break;
                case VIDEO_DECODE_STATISTICS:
                    // D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS, 32 bytes, written whole by the decode engine.
                    if (state.ended(q)) {
                        for (int f = 0; f < Math.min(4, perQuery); f++) {
                            out[i * perQuery + f] = QueryLayout.word(data, base + f * 8);
                        }
                    }
                    break;
                case PIPELINE_STATISTICS:
                case PIPELINE_STATISTICS1:
                case SO_STATISTICS: {
                    if (!state.ended(q)) {
                        break;
                    }
                    int fields = QueryLayout.fields(heap);
                    int block = QueryLayout.blockBytes(heap);
                    if ((QueryLayout.word(data, base + block + fields * 8) & QueryLayout.WRITTEN) == 0) {
                        return null;
                    }
                    for (int f = 0; f < Math.min(fields, perQuery); f++) {
                        out[i * perQuery + f] = QueryLayout.word(data, base + block + f * 8) - QueryLayout.word(data, base + f * 8);
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

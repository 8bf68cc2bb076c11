package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.sim.MemoryRequest;

/**
 * ResolveQueryData over the query memory it read: each query's result is its heap's
 * {@link QueryKind}'s (occlusion: the count the back end's {@link QueryProtocol} sums over its
 * units; statistics: end - begin per field; timestamps: the value). Returns null when an
 * ended query's counters have not all been written yet, so the caller reads again.
 */
public final class QueryResolver {
    /** The little-endian words to write to the destination. */
    public record Result(long[] words) {
    }

    private final QueryKinds kinds;

    /** A resolver of the back end whose occlusion slots {@code occlusion} lays out. */
    public QueryResolver(QueryProtocol occlusion) {
        this(new QueryKinds(occlusion));
    }

    /** A resolver over {@code kinds}. */
    public QueryResolver(QueryKinds kinds) {
        this.kinds = kinds;
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
        QueryKind kind = kinds.of(heap);
        int slot = (int) kind.slotBytes();
        for (int i = from; i < count; i++) {
            if (state.ended(start + i) && kind.pending(data, i * slot)) {
                return i;
            }
        }
        return count;
    }

    /** As {@link #resolve(QueryType, QueryHeapType, QueryState, int, int, MemoryRequest)}, over the slots' bytes. */
    public Result resolve(QueryType type, QueryHeapType heap, QueryState state, int start, int count, byte[] data) {
        QueryKind kind = kinds.of(heap);
        int slot = (int) kind.slotBytes();
        int perQuery = type.resultBytes() / 8;
        long[] out = new long[perQuery * count];
        for (int i = 0; i < count; i++) {
            if (!kind.resolve(type, state.ended(start + i), data, i * slot, out, i * perQuery)) {
                return null;
            }
        }
        return new Result(out);
    }
}

package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;

/**
 * OCCLUSION heaps (D3D12_QUERY_TYPE_OCCLUSION and BINARY_OCCLUSION): the slot is the back
 * end's, laid out, written and summed as its {@link QueryProtocol} says (the render back ends'
 * per-DB {begin, end} pairs, or the ROPs' one summed report). A binary occlusion result is 1
 * when the count is not zero (D3D12_QUERY_TYPE_BINARY_OCCLUSION: "0 if ... none passed, 1 if
 * ... at least one").
 *
 * @param protocol the back end's occlusion protocol ({@link gpusim.gpu.BackEnd#queryProtocol})
 */
public record OcclusionQueries(QueryProtocol protocol) implements CountedQueryKind {
    @Override
    public QueryHeapType heapType() {
        return QueryHeapType.OCCLUSION;
    }

    @Override
    public long slotBytes() {
        return protocol.slotBytes();
    }

    /** As the protocol says: the render back ends preset a disabled DB's pair as written with a zero count. */
    @Override
    public long[] resetWords() {
        return protocol.resetWords();
    }

    @Override
    public boolean pending(byte[] data, int base) {
        return !protocol.resolvable(data, base);
    }

    @Override
    public boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at) {
        if (!ended) {
            return true;
        }
        long sum = protocol.sum(data, base);
        if (sum < 0) {
            return false;
        }
        out[at] = type == QueryType.BINARY_OCCLUSION ? (sum != 0 ? 1 : 0) : sum;
        return true;
    }

    /** Every counting unit writes at the marker (or the report behind them): as many writes as the protocol makes. */
    @Override
    public Marker marker(QueryType type, boolean begin, long slot, String label, long now, long[] counters) {
        return new OcclusionMarker(!begin, slot, type == QueryType.BINARY_OCCLUSION, label,
                new MarkerProgress(protocol.markerWrites(!begin), now));
    }

    @Override
    public EarlyOut earlyOut(QueryType type) {
        return type == QueryType.BINARY_OCCLUSION ? EarlyOut.ALLOWS : EarlyOut.FORBIDS;
    }
}

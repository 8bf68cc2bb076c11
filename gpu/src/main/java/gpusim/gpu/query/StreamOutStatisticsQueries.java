package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.SoStatisticsMarker;

/**
 * SO_STATISTICS heaps (D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0..3): a begin and an end block
 * ({@link CounterBlocks}) of D3D12_QUERY_DATA_SO_STATISTICS's two counters, NumPrimitivesWritten
 * and PrimitivesStorageNeeded, of the query type's stream, written by the end of the pipe from
 * the stream-output unit's counts.
 */
public record StreamOutStatisticsQueries() implements CountedQueryKind {
    private static final CounterBlocks BLOCKS = new CounterBlocks(QueryLayout.SO_STATS_FIELDS);

    @Override
    public QueryHeapType heapType() {
        return QueryHeapType.SO_STATISTICS;
    }

    @Override
    public long slotBytes() {
        return BLOCKS.slotBytes();
    }

    @Override
    public boolean pending(byte[] data, int base) {
        return BLOCKS.pending(data, base);
    }

    @Override
    public boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at) {
        return BLOCKS.resolve(ended, data, base, out, at, type.resultBytes() / 8);
    }

    /** The stream is the query type's: SO_STATISTICS_STREAM0..3 are consecutive D3D12 values. */
    @Override
    public Marker marker(QueryType type, boolean begin, long slot, String label, long now, long[] counters) {
        long block = slot + (begin ? 0 : BLOCKS.blockBytes());
        int stream = type.d3dValue() - QueryType.SO_STATISTICS_STREAM0.d3dValue();
        return new SoStatisticsMarker(!begin, block, stream, new long[QueryLayout.SO_STATS_FIELDS], label,
                new MarkerProgress(1, now));
    }

    /** Stream output is counted before rasterisation: the depth test never touches it. */
    @Override
    public EarlyOut earlyOut(QueryType type) {
        return EarlyOut.NONE;
    }
}

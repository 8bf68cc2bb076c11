package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.StatisticsMarker;

/**
 * PIPELINE_STATISTICS and PIPELINE_STATISTICS1 heaps: a begin and an end block of the
 * pipeline counters ({@link CounterBlocks}), D3D12_QUERY_DATA_PIPELINE_STATISTICS's 11 fields or
 * D3D12_QUERY_DATA_PIPELINE_STATISTICS1's 14, written by the end of the pipe when the marker
 * gets there, with the snapshot's CSInvocations taken by the command processor (compute work
 * does not pass the end of the pipe).
 *
 * @param heapType PIPELINE_STATISTICS or PIPELINE_STATISTICS1
 * @param fields   the counters the heap's query type writes
 */
public record PipelineStatisticsQueries(QueryHeapType heapType, int fields) implements CountedQueryKind {
    @Override
    public long slotBytes() {
        return new CounterBlocks(fields).slotBytes();
    }

    @Override
    public boolean pending(byte[] data, int base) {
        return new CounterBlocks(fields).pending(data, base);
    }

    @Override
    public boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at) {
        return new CounterBlocks(fields).resolve(ended, data, base, out, at, type.resultBytes() / 8);
    }

    /** One block written at the end of the pipe: the begin block, or the end block after it. */
    @Override
    public Marker marker(QueryType type, boolean begin, long slot, String label, long now, long[] counters) {
        long block = slot + (begin ? 0 : new CounterBlocks(fields).blockBytes());
        long[] snapshot = new long[PipelineCounters.NAMES.length];
        snapshot[PipelineCounters.CS_INVOCATIONS] = counters[PipelineCounters.CS_INVOCATIONS];
        return new StatisticsMarker(!begin, block, fields, snapshot, label, new MarkerProgress(1, now));
    }

    /** PSInvocations counts every pixel shaded: a skipped sample would be missing. */
    @Override
    public EarlyOut earlyOut(QueryType type) {
        return EarlyOut.FORBIDS;
    }
}

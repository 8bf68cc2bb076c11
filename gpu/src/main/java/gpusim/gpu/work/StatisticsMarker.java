package gpusim.gpu.work;

/**
 * BeginQuery or EndQuery of a pipeline statistics query: each stage fills its counters into
 * {@link #snapshot} as the marker passes it (the DBs add their PSInvocations), and the end
 * of the pipe writes the block with its status word.
 *
 * @param end      true for EndQuery
 * @param address  the block the end of the pipe writes (the slot's begin or end block)
 * @param fields   the fields the query type writes (11, or 14 for PIPELINE_STATISTICS1)
 * @param snapshot the counters at the marker, D3D12_QUERY_DATA_PIPELINE_STATISTICS1 order (14 fields)
 */
public record StatisticsMarker(boolean end, long address, int fields, long[] snapshot, String label,
                               MarkerProgress progress) implements Marker {
}

package gpusim.gpu.work;

/**
 * BeginQuery or EndQuery of a stream-output statistics query: the vertex stage's
 * stream-output unit fills in its counts of {@link #stream} as the marker passes it, and the
 * end of the pipe writes the block with its status word.
 *
 * @param end     true for EndQuery
 * @param address the block the end of the pipe writes (the slot's begin or end block)
 * @param stream  the stream (SO_STATISTICS_STREAM0..3: 0..3)
 * @param counts  NumPrimitivesWritten and PrimitivesStorageNeeded of the stream at the marker
 *                (D3D12_QUERY_DATA_SO_STATISTICS order)
 */
public record SoStatisticsMarker(boolean end, long address, int stream, long[] counts, String label,
                                 MarkerProgress progress) implements Marker {
}

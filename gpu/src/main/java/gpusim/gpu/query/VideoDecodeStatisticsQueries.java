package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;

/**
 * VIDEO_DECODE_STATISTICS heaps: D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS, 32 bytes (Status,
 * NumMacroblocksAffected, FrameRate, BitRate), written whole by the decode engine when the
 * query ends.
 */
public record VideoDecodeStatisticsQueries() implements QueryKind {
    private static final int WORDS = 4;

    @Override
    public QueryHeapType heapType() {
        return QueryHeapType.VIDEO_DECODE_STATISTICS;
    }

    @Override
    public long slotBytes() {
        return WORDS * 8;
    }

    @Override
    public boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at) {
        if (ended) {
            for (int f = 0; f < Math.min(WORDS, type.resultBytes() / 8); f++) {
                out[at + f] = QueryLayout.word(data, base + f * 8);
            }
        }
        return true;
    }
}

package gpusim.api;

/** D3D12_QUERY_TYPE, with the values of d3d12.h (note PIPELINE_STATISTICS1 is 10, not 9). */
public enum QueryType implements D3DEnum {
    OCCLUSION(0, 8),
    BINARY_OCCLUSION(1, 8),
    TIMESTAMP(2, 8),
    PIPELINE_STATISTICS(3, 11 * 8),
    SO_STATISTICS_STREAM0(4, 16),
    SO_STATISTICS_STREAM1(5, 16),
    SO_STATISTICS_STREAM2(6, 16),
    SO_STATISTICS_STREAM3(7, 16),
    VIDEO_DECODE_STATISTICS(8, 32),
    PIPELINE_STATISTICS1(10, 14 * 8);

    public static final String PREFIX = "D3D12_QUERY_TYPE_";
    private final int value;
    private final int resultBytes;

    QueryType(int value, int resultBytes) {
        this.value = value;
        this.resultBytes = resultBytes;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** Size of one resolved result (D3D12_QUERY_DATA_* structure), in bytes. */
    public int resultBytes() {
        return resultBytes;
    }

    /** D3D12: TIMESTAMP is the only query that supports EndQuery only; all others need BeginQuery and EndQuery. */
    public boolean needsBegin() {
        return this != TIMESTAMP && this != VIDEO_DECODE_STATISTICS;
    }

    public boolean isOcclusion() {
        return this == OCCLUSION || this == BINARY_OCCLUSION;
    }

    /**
     * D3D12 core runtime: "the query type must be compatible with the query heap"
     * (the table of the Direct3D 12 "Queries" documentation).
     */
    public boolean compatibleWith(QueryHeapType heap) {
        switch (this) {
            case OCCLUSION:
            case BINARY_OCCLUSION:
                return heap == QueryHeapType.OCCLUSION;
            case TIMESTAMP:
                return heap == QueryHeapType.TIMESTAMP || heap == QueryHeapType.COPY_QUEUE_TIMESTAMP;
            case PIPELINE_STATISTICS:
                return heap == QueryHeapType.PIPELINE_STATISTICS;
            case SO_STATISTICS_STREAM0:
            case SO_STATISTICS_STREAM1:
            case SO_STATISTICS_STREAM2:
            case SO_STATISTICS_STREAM3:
                return heap == QueryHeapType.SO_STATISTICS;
            case VIDEO_DECODE_STATISTICS:
                return heap == QueryHeapType.VIDEO_DECODE_STATISTICS;
            case PIPELINE_STATISTICS1:
                return heap == QueryHeapType.PIPELINE_STATISTICS1;
            default:
                return false;
        }
    }

    /**
     * D3D12 core runtime: "the command list type supports the query type". Occlusion,
     * binary occlusion, pipeline and stream-output statistics: DIRECT only. Timestamps:
     * DIRECT and COMPUTE, and COPY only into a COPY_QUEUE_TIMESTAMP heap (which in turn
     * only COPY lists may use). Video decode statistics: VIDEO_DECODE lists only.
     */
    public boolean supportedOn(CommandListType list, QueryHeapType heap) {
        switch (this) {
            case TIMESTAMP:
                if (heap == QueryHeapType.COPY_QUEUE_TIMESTAMP) {
                    return list == CommandListType.COPY;
                }
                return list == CommandListType.DIRECT || list == CommandListType.COMPUTE;
            case VIDEO_DECODE_STATISTICS:
                return list == CommandListType.VIDEO_DECODE;
            default:
                return list == CommandListType.DIRECT;
        }
    }

    public static QueryType parse(String token) {
        return D3DEnum.parse(QueryType.class, PREFIX, token);
    }
}

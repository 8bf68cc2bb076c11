package gpusim.api;

/** D3D12_QUERY_TYPE, with the values of d3d12.h (note PIPELINE_STATISTICS1 is 10, not 9). */
public enum QueryType implements D3DEnum {
    OCCLUSION(0, 8, QueryHeapType.OCCLUSION),
    BINARY_OCCLUSION(1, 8, QueryHeapType.OCCLUSION),
    TIMESTAMP(2, 8, QueryHeapType.TIMESTAMP, QueryHeapType.COPY_QUEUE_TIMESTAMP),
    PIPELINE_STATISTICS(3, 11 * 8, QueryHeapType.PIPELINE_STATISTICS),
    SO_STATISTICS_STREAM0(4, 16, QueryHeapType.SO_STATISTICS),
    SO_STATISTICS_STREAM1(5, 16, QueryHeapType.SO_STATISTICS),
    SO_STATISTICS_STREAM2(6, 16, QueryHeapType.SO_STATISTICS),
    SO_STATISTICS_STREAM3(7, 16, QueryHeapType.SO_STATISTICS),
    VIDEO_DECODE_STATISTICS(8, 32, QueryHeapType.VIDEO_DECODE_STATISTICS),
    PIPELINE_STATISTICS1(10, 14 * 8, QueryHeapType.PIPELINE_STATISTICS1);

    public static final String PREFIX = "D3D12_QUERY_TYPE_";
    private final int value;
    private final int resultBytes;
    private final java.util.Set<QueryHeapType> heaps;

    /** @param heaps the heap types a query of this type may live in */
    QueryType(int value, int resultBytes, QueryHeapType... heaps) {
        this.value = value;
        this.resultBytes = resultBytes;
        this.heaps = java.util.Set.of(heaps);
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
        return heaps.contains(heap);
    }

    /**
     * D3D12 core runtime: "the command list type supports the query type", for a query in a
     * compatible heap: the heap type says which lists may use it ({@link QueryHeapType#usableOn}).
     * Occlusion, binary occlusion, pipeline and stream-output statistics: DIRECT only.
     * Timestamps: DIRECT and COMPUTE, and COPY only into a COPY_QUEUE_TIMESTAMP heap (which in
     * turn only COPY lists may use). Video decode statistics: VIDEO_DECODE lists only. False
     * for a heap the type is not compatible with.
     */
    public boolean supportedOn(CommandListType list, QueryHeapType heap) {
        return compatibleWith(heap) && heap.usableOn(list);
    }

    public static QueryType parse(String token) {
        return D3DEnum.parse(QueryType.class, PREFIX, token);
    }
}
